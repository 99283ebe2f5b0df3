//! YAML input and output for MCP Descriptions, restricted as the format requires.
//!
//! Descriptions are YAML 1.2 and JSON-compatible: no anchors, aliases, tags or merge keys, and
//! string keys only. [`from_str`] reads such a file into a JSON value and reports every use of
//! what the format forbids with its line and column; [`to_string`] (the runtime's writer) writes
//! a JSON value as YAML that any YAML 1.2 parser reads back to the same JSON.

/// A problem in a YAML file, at a 1-based line and column.
pub use crate::source::SourceProblem as YamlProblem;

/// Every problem found while reading a YAML description.
pub use crate::source::SourceError as YamlError;

pub use mcpdesc_format::yaml::to_string;

/// The most memory reading a YAML description with its positions takes, as a multiple of its
/// text, for any shape of text (held by the crate's tests over the costliest shapes). A text
/// that is JSON is read as JSON, within [`json::MAX_READ_MULTIPLE`](crate::json::MAX_READ_MULTIPLE);
/// the YAML parser holds a flow collection's tokens until it closes, so flow collections of
/// plain scalars cost the most.
pub const MAX_READ_MULTIPLE: usize = 200;
pub use crate::positions::Positions;
pub use read::{from_json_with_positions, from_str, from_str_with_positions};

mod lines;
mod mend;
mod read;
mod reader;
mod scalars;
#[cfg(test)]
mod tests;
