//! A server's description held to its last release, in one call.

use std::fmt;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::diff::{Class, Diff, diff};
use crate::document::{Document, Format};

/// Holds `current` (the description the server's code builds now, as
/// `Description::as_value` gives it) to the description of its last release, the file at
/// `release`: the test that keeps a server from breaking the clients of its last release.
///
/// Every change is found by [`diff`]; the check fails on a breaking one and returns the rest
/// (warnings and information) for the test to show or ignore. Check the release's file in when
/// you release (a copy of the checked-in description of that version), and replace it when you
/// release again. A break made on purpose is a new major release: replace the file then.
///
/// ```no_run
/// # use mcpdesc_runtime::description::{BuildError, Description, Info};
/// # fn description() -> Result<Description, BuildError> {
/// #     Description::builder(Info::new("server", "1.0.0")).build()
/// # }
/// #[test]
/// fn the_description_keeps_its_last_release() {
///     let current = description().unwrap();
///     mcpdesc_check::check_compatible(current.as_value(), "releases/1.0.0.mcpdesc.yaml").unwrap();
/// }
/// ```
///
/// # Errors
///
/// [`IncompatibleError`]: the release's file cannot be read or parsed, or a change breaks
/// clients of the release (each with its rule, where it is, its witness and what to do instead).
pub fn check_compatible(
    current: &Value,
    release: impl AsRef<Path>,
) -> Result<Diff, IncompatibleError> {
    let path = release.as_ref();
    let text = std::fs::read_to_string(path).map_err(|error| IncompatibleError::Io {
        path: path.to_owned(),
        error,
    })?;
    let format = Format::of_path(path).unwrap_or(Format::Yaml);
    let old = Document::read(&text, format).map_err(|e| IncompatibleError::Unreadable {
        path: path.to_owned(),
        message: e.to_string(),
    })?;
    let changes = diff(old.value(), current);
    if changes.at_least(Class::Breaking).next().is_none() {
        return Ok(changes);
    }
    let located = changes
        .changes()
        .iter()
        .map(|c| old.position(&c.old))
        .collect();
    Err(IncompatibleError::Breaking {
        path: path.to_owned(),
        changes,
        located,
    })
}

/// Why [`check_compatible`] fails.
#[non_exhaustive]
pub enum IncompatibleError {
    /// The release's file cannot be read.
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        error: std::io::Error,
    },
    /// The release's file cannot be parsed.
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why.
        message: String,
    },
    /// Changes break clients of the release.
    Breaking {
        /// The release's file.
        path: PathBuf,
        /// Every change, breaking or not.
        changes: Diff,
        /// Where each change's old pointer is written in the release's file (line, column).
        located: Vec<Option<(usize, usize)>>,
    },
}

impl fmt::Display for IncompatibleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IncompatibleError::Io { path, error }
                if error.kind() == std::io::ErrorKind::NotFound =>
            {
                write!(
                    f,
                    "the description of the last release, {}, does not exist: check in a copy of the description of that release there (from its tag: `git show TAG:PATH > {}`), or give check_compatible the path where it is",
                    path.display(),
                    path.display()
                )
            }
            IncompatibleError::Io { path, error } => write!(
                f,
                "the description of the last release, {}, cannot be read: {error}",
                path.display()
            ),
            IncompatibleError::Unreadable { path, message } => {
                write!(f, "{} cannot be read: {message}", path.display())
            }
            IncompatibleError::Breaking {
                path,
                changes,
                located,
            } => {
                let n = changes.count(Class::Breaking);
                writeln!(
                    f,
                    "the description breaks clients of the release in {} ({n} breaking {}):",
                    path.display(),
                    if n == 1 { "change" } else { "changes" }
                )?;
                for (c, at) in changes.changes().iter().zip(located) {
                    if c.class() != Class::Breaking {
                        continue;
                    }
                    writeln!(f)?;
                    writeln!(f, "breaking[{}]: {}", c.rule.id, c.message)?;
                    match at {
                        Some((line, column)) => writeln!(
                            f,
                            "  release: {} ({}:{line}:{column})",
                            crate::diff::shown(&c.old),
                            path.display()
                        )?,
                        None => writeln!(f, "  release: {}", crate::diff::shown(&c.old))?,
                    }
                    writeln!(f, "  now:     {}", crate::diff::shown(&c.new))?;
                    if let Some(witness) = &c.witness {
                        writeln!(
                            f,
                            "  witness: {}",
                            witness.explain("the release", "the code")
                        )?;
                    }
                    writeln!(f, "  help: {}", c.help())?;
                }
                writeln!(f)?;
                write!(
                    f,
                    "If the break is deliberate, release a new major version and replace {} with the description it ships.",
                    path.display()
                )
            }
        }
    }
}

/// As [`Display`](fmt::Display): a test's `unwrap` prints what to do.
impl fmt::Debug for IncompatibleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for IncompatibleError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A release file that is not there says what the file is and how to make it.
    #[test]
    fn a_missing_release_file_says_what_to_check_in() {
        let error = check_compatible(&serde_json::json!({}), "releases/9.9.9.mcpdesc.yaml")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert_eq!(
            error,
            "the description of the last release, releases/9.9.9.mcpdesc.yaml, does not exist: check in a copy of the description of that release there (from its tag: `git show TAG:PATH > releases/9.9.9.mcpdesc.yaml`), or give check_compatible the path where it is"
        );
    }
}
