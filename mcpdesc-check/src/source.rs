//! Problems found while reading a description file, each at a line and column: what the JSON
//! reader ([`json::from_str`](crate::json::from_str)) and the YAML reader
//! ([`yaml::from_str`](crate::yaml::from_str)) report, under the names
//! [`json::JsonError`](crate::json::JsonError) and [`yaml::YamlError`](crate::yaml::YamlError).

use std::fmt;

/// Problems a reader reports per file; past this it stops, with one problem more that says so,
/// so that a hostile file cannot make the report (or the search for each problem's position)
/// arbitrarily large.
pub(crate) const MAX_PROBLEMS: usize = 100;

/// One problem in a file, at a 1-based line and column (in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceProblem {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SourceProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// Every problem found while reading a file. Never empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceError {
    problems: Vec<SourceProblem>,
}

impl SourceError {
    pub(crate) fn new(problems: Vec<SourceProblem>) -> Self {
        SourceError { problems }
    }

    /// The problems, in file order.
    pub fn problems(&self) -> &[SourceProblem] {
        &self.problems
    }
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            p.fmt(f)?;
        }
        Ok(())
    }
}

impl std::error::Error for SourceError {}

/// The 1-based line and column (in characters) of the byte offset `at` of `text`, as the
/// problems of this module count them: a line ends at `\n`, `\r\n` or a `\r` alone (as YAML
/// reads it and editors show it). An offset inside a character is that character's; one past
/// the end is the position after the last character.
///
/// ```
/// use mcpdesc_check::source::line_column;
/// assert_eq!(line_column("ab\ncé\rd", 6), (2, 3));
/// assert_eq!(line_column("ab\ncé\rd", 7), (3, 1));
/// assert_eq!(line_column("a\r\nb", 3), (2, 1));
/// assert_eq!(line_column("é", 1), (1, 1)); // inside `é`
/// assert_eq!(line_column("é", 2), (1, 2)); // past the end
/// ```
pub fn line_column(text: &str, at: usize) -> (usize, usize) {
    LineCursor::new(text).position_of(at)
}

/// [`line_column`] for offsets visited in increasing order: each call goes on from the last, so
/// the positions of many offsets in one text cost one pass over it.
pub(crate) struct LineCursor<'a> {
    text: &'a str,
    at: usize,
    line: usize,
    column: usize,
}

impl<'a> LineCursor<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        LineCursor {
            text,
            at: 0,
            line: 1,
            column: 1,
        }
    }

    /// The line and column of the byte offset `at`, not before the last one asked for.
    pub(crate) fn position_of(&mut self, at: usize) -> (usize, usize) {
        let rest = self.text.get(self.at..).unwrap_or_default();
        for (i, c) in rest.char_indices() {
            let offset = self.at + i;
            if at < offset + c.len_utf8() {
                self.at = offset;
                return (self.line, self.column);
            }
            let lone_cr = c == '\r'
                && !self
                    .text
                    .get(offset + 1..)
                    .is_some_and(|next| next.starts_with('\n'));
            if c == '\n' || lone_cr {
                (self.line, self.column) = (self.line + 1, 1);
            } else {
                self.column += 1;
            }
        }
        self.at = self.text.len();
        (self.line, self.column)
    }
}

/// How a description's text is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// JSON, read by [`json::from_str`](crate::json::from_str).
    Json,
    /// YAML, read by [`yaml::from_str`](crate::yaml::from_str).
    Yaml,
}

impl Format {
    /// The format a file's extension names, in any case: `.json`; `.yaml` or `.yml`.
    pub fn of_path(path: &std::path::Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "json" => Some(Format::Json),
            "yaml" | "yml" => Some(Format::Yaml),
            _ => None,
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

/// A description read from its text, with the line and column each value is written at: what
/// [`diff`](crate::diff::diff)'s changes and the validator's diagnostics point into, located.
///
/// ```
/// use mcpdesc_check::source::{Document, Format};
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
                // JSON is YAML 1.2: where the YAML reader reads the same value, its positions
                // locate the document's values (the JSON reader's value stays authoritative).
                let positions = crate::yaml::from_json_with_positions(text)
                    .ok()
                    .filter(|(same, _)| *same == value)
                    .map(|(_, p)| p);
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
