//! A description read from its text, with where each value is written: what `mcpdesc diff` and
//! [`check_compatible`](crate::check_compatible) read, above the readers ([`json`](crate::json),
//! [`yaml`](crate::yaml)).

use crate::source::SourceError;

/// How a description's text is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// JSON, read by [`json::from_str`](crate::json::from_str).
    Json,
    /// YAML, read by [`yaml::from_str`](crate::yaml::from_str).
    Yaml,
}

impl Format {
    /// The format a file's extension names, in any case: `.json`; `.yaml` or `.yml`.
    ///
    /// # Errors
    ///
    /// [`UnknownFileType`] for any other extension, or none.
    pub fn of_path(path: &std::path::Path) -> Result<Format, UnknownFileType> {
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().into_owned())
            .unwrap_or_default();
        match extension.to_ascii_lowercase().as_str() {
            "json" => Ok(Format::Json),
            "yaml" | "yml" => Ok(Format::Yaml),
            _ => Err(UnknownFileType { extension }),
        }
    }

    /// The format of text that comes without a name (standard input): JSON when its first
    /// character, after a byte-order mark and whitespace, is `{`; else YAML.
    pub fn of_text(text: &str) -> Format {
        let first = text.trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n']);
        if first.starts_with('{') {
            Format::Json
        } else {
            Format::Yaml
        }
    }
}

/// A file whose extension names no format of MCP Descriptions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFileType {
    extension: String,
}

impl std::fmt::Display for UnknownFileType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown file type {:?}; MCP Descriptions are .json, .yaml or .yml (in any case)",
            self.extension
        )
    }
}

impl std::error::Error for UnknownFileType {}

/// A description read from its text, with the line and column each value is written at: what
/// [`diff`](crate::diff::diff)'s changes and the validator's diagnostics point into, located.
///
/// ```
/// use mcpdesc_check::document::{Document, Format};
///
/// let text = "{\n  \"info\": {\"name\": \"tracker\"}\n}";
/// let document = Document::read(text, Format::Json).unwrap();
/// assert_eq!(document.value()["info"]["name"], "tracker");
/// // A member of an object is where its key is written.
/// assert_eq!(document.position("/info/name"), Some((2, 12)));
/// ```
#[derive(Debug)]
pub struct Document {
    value: serde_json::Value,
    positions: Option<crate::yaml::Positions>,
}

impl Document {
    /// Reads `text` written in `format`.
    ///
    /// # Errors
    ///
    /// Every problem that keeps the text from being read, each at its line and column.
    pub fn read(text: &str, format: Format) -> Result<Document, SourceError> {
        match format {
            Format::Json => {
                let value = crate::json::from_str(text)?;
                // Read in one pass over the text, which the JSON reader read as JSON.
                let positions = crate::positions::of_json(text);
                Ok(Document { value, positions })
            }
            Format::Yaml => {
                let (value, positions) = crate::yaml::from_str_with_positions(text)?;
                Ok(Document {
                    value,
                    positions: Some(positions),
                })
            }
        }
    }

    /// The document.
    pub fn value(&self) -> &serde_json::Value {
        &self.value
    }

    /// The document, owned.
    pub fn into_value(self) -> serde_json::Value {
        self.value
    }

    /// The line and column (from 1) where the value at `pointer` is written (a member of an
    /// object: where its key is), or, for a pointer to nothing, where its nearest ancestor is;
    /// `None` when the text's positions are not known.
    pub fn position(&self, pointer: &str) -> Option<(usize, usize)> {
        self.positions.as_ref().and_then(|p| p.get(pointer))
    }
}
