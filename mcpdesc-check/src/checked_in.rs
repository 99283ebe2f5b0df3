//! A server's checked-in description, held to its code and checked whole, in one call.

use std::fmt;
use std::path::{Path, PathBuf};

use mcpdesc_runtime::description::Description;

use crate::document::Format;
use crate::{Report, validate};

/// The environment variable that makes [`check_checked_in`] write the file from the code
/// instead of comparing them: `MCPDESC_BLESS=1 cargo test`.
pub const BLESS: &str = "MCPDESC_BLESS";

/// Holds the description file at `path` to `description` (what the server's code describes
/// now) and checks the file with the whole validator: the test a server's description needs, in
/// one call.
///
/// The file is compared as text with the description written in the file's format (`.json`:
/// pretty JSON; anything else: YAML, as `Description::to_yaml` writes it). With the environment
/// variable [`BLESS`] set, the file is written from the code instead, and then checked. The
/// whole validator runs on the file as read, so what the builder cannot know by construction is
/// checked too. Warnings are returned in the report; errors fail.
///
/// ```no_run
/// # use mcpdesc_runtime::description::{BuildError, Description, Info};
/// # fn description() -> Result<Description, BuildError> {
/// #     Description::builder(Info::new("server", "1.0.0")).build()
/// # }
/// #[test]
/// fn the_description_is_current_and_valid() {
///     mcpdesc_check::check_checked_in(&description().unwrap(), "server.mcpdesc.yaml").unwrap();
/// }
/// ```
///
/// # Errors
///
/// [`CheckedInError`]: the file cannot be read or written, differs from the description (with
/// the first line that differs), cannot be parsed, or has validation errors.
pub fn check_checked_in(
    description: &Description,
    path: impl AsRef<Path>,
) -> Result<Report, CheckedInError> {
    let path = path.as_ref();
    // Anything but JSON (by its extension, in any case) is written as YAML.
    let json = Format::of_path(path) == Ok(Format::Json);
    let expected = if json {
        description.to_json_pretty()
    } else {
        description.to_yaml()
    };
    let io = |error: std::io::Error| CheckedInError::Io {
        path: path.to_owned(),
        error,
    };
    if std::env::var_os(BLESS).is_some() {
        std::fs::write(path, &expected).map_err(io)?;
    }
    let text = std::fs::read_to_string(path).map_err(io)?;
    if text != expected {
        let (line, found, wanted) = first_difference(&text, &expected);
        return Err(CheckedInError::Stale {
            path: path.to_owned(),
            line,
            found,
            wanted,
        });
    }
    let document = read(path, &text, json)?;
    let report = validate(&document);
    if report.is_valid() {
        Ok(report)
    } else {
        Err(CheckedInError::Invalid {
            path: path.to_owned(),
            report,
        })
    }
}

/// The file's text as a document.
fn read(path: &Path, text: &str, json: bool) -> Result<serde_json::Value, CheckedInError> {
    let unreadable = |message: String| CheckedInError::Unreadable {
        path: path.to_owned(),
        message,
    };
    if json {
        return crate::json::from_str(text).map_err(|e| unreadable(e.to_string()));
    }
    crate::yaml::from_str(text).map_err(|e| unreadable(e.to_string()))
}

/// The first line (counted from 1) where `found` and `wanted` differ, and that line of each
/// (empty past the end).
fn first_difference(found: &str, wanted: &str) -> (usize, String, String) {
    let mut a = found.lines();
    let mut b = wanted.lines();
    let mut n = 0;
    loop {
        n += 1;
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (None, None) => return (n, String::new(), String::new()),
            (x, y) => {
                return (
                    n,
                    x.unwrap_or_default().to_owned(),
                    y.unwrap_or_default().to_owned(),
                );
            }
        }
    }
}

/// Why a checked-in description does not pass [`check_checked_in`].
#[non_exhaustive]
pub enum CheckedInError {
    /// The file cannot be read (or, with [`BLESS`], written).
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        error: std::io::Error,
    },
    /// The file is not what the code describes now.
    Stale {
        /// The file.
        path: PathBuf,
        /// The first line that differs, from 1.
        line: usize,
        /// That line in the file.
        found: String,
        /// That line as the code writes it.
        wanted: String,
    },
    /// The file cannot be parsed.
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why.
        message: String,
    },
    /// The file has validation errors.
    Invalid {
        /// The file.
        path: PathBuf,
        /// Every diagnostic.
        report: Report,
    },
}

impl fmt::Display for CheckedInError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckedInError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            CheckedInError::Stale {
                path,
                line,
                found,
                wanted,
            } => write!(
                f,
                "{} is stale: the server's code now describes something else, from line {line}:\n  \
                 file: {found}\n  code: {wanted}\nReview the change, then write the file from the code with `{BLESS}=1 cargo test`.",
                path.display()
            ),
            CheckedInError::Unreadable { path, message } => {
                write!(f, "{} cannot be read: {message}", path.display())
            }
            CheckedInError::Invalid { path, report } => write!(
                f,
                "{} does not validate ({} errors):\n{report}",
                path.display(),
                report.errors().count()
            ),
        }
    }
}

/// As [`Display`](fmt::Display): a test's `unwrap` prints what to do.
impl fmt::Debug for CheckedInError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for CheckedInError {}

#[cfg(test)]
mod tests {
    use super::first_difference;

    #[test]
    fn the_first_difference_is_found_by_line() {
        assert_eq!(
            first_difference("a\nb\nc\n", "a\nx\nc\n"),
            (2, "b".to_owned(), "x".to_owned())
        );
        assert_eq!(
            first_difference("a\n", "a\nb\n"),
            (2, String::new(), "b".to_owned())
        );
    }
}
