//! Problems found while reading a description file, each at a line and column: what the JSON
//! reader ([`json::from_str`](crate::json::from_str)) and the YAML reader (`yaml::from_str`,
//! feature `yaml`) report, under the names
//! [`json::JsonError`](crate::json::JsonError) and [`yaml::YamlError`](crate::yaml::YamlError).

use std::fmt;

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
