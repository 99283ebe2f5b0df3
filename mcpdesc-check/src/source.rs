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
