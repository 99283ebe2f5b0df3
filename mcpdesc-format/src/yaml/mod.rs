//! YAML output for MCP Descriptions, restricted as the format requires.
//!
//! Descriptions are YAML 1.2 and JSON-compatible: no anchors, aliases, tags or merge keys, and
//! string keys only. [`to_string`] writes a JSON value as YAML that any YAML 1.2 parser reads
//! back to the same JSON. The reader of such files, which reports every use of what the format
//! forbids with its line and column, is `mcpdesc_check::yaml::from_str`.

mod write;

pub use write::to_string;
