//! YAML input and output for MCP Descriptions, restricted as the format requires.
//!
//! Descriptions are YAML 1.2 and JSON-compatible: no anchors, aliases, tags or merge keys, and
//! string keys only. `from_str` (feature `yaml`) reads such a file into a JSON value and reports
//! every use of what the format forbids with its line and column; [`to_string`] writes a JSON
//! value as YAML that any YAML 1.2 parser reads back to the same JSON.

/// A problem in a YAML file, at a 1-based line and column.
pub use crate::source::SourceProblem as YamlProblem;

/// Every problem found while reading a YAML description.
pub use crate::source::SourceError as YamlError;

#[cfg(feature = "yaml")]
pub use positions::Positions;
#[cfg(feature = "yaml")]
pub use read::{from_json_with_positions, from_str, from_str_with_positions};

#[cfg(feature = "yaml")]
mod lines;
#[cfg(feature = "yaml")]
mod mend;
#[cfg(feature = "yaml")]
mod positions;
#[cfg(feature = "yaml")]
mod read;
#[cfg(feature = "yaml")]
mod reader;
#[cfg(feature = "yaml")]
mod scalars;
#[cfg(all(test, feature = "yaml"))]
mod tests;
mod write;

pub use write::to_string;
