//! What validation returns: [`Diagnostic`]s in a [`Report`], and the list they are kept in while
//! validating, up to its limits.

use std::fmt;

use serde::Serialize;

use super::{Code, Rule};

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Severity {
    /// The document does not conform.
    Error,
    /// The document conforms, but something deserves attention.
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// One finding of the validator.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// The specification's rule id, such as `mcpdesc.elicitation.members`.
    pub rule: Rule,
    /// The code, whose string is stable kebab-case, such as `duplicate-elicitation-name`.
    pub code: Code,
    /// Error or warning.
    pub severity: Severity,
    /// The JSON Pointer of the offending value (`""` for the whole document).
    pub path: String,
    /// What is wrong and what to write instead.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = if self.path.is_empty() {
            "/"
        } else {
            &self.path
        };
        write!(
            f,
            "{} [{}] at {}: {} ({})",
            self.severity, self.code, path, self.message, self.rule
        )
    }
}

/// The result of validating one document.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    pub(crate) diagnostics: Vec<Diagnostic>,
}

impl Report {
    /// The report of a check that collected `diagnostics` (through [`Diagnostics::finish`]).
    pub fn from_diagnostics(diagnostics: Vec<Diagnostic>) -> Self {
        Report { diagnostics }
    }

    /// Every diagnostic, in document order within each area.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The errors.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
    }

    /// The warnings.
    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Warning)
    }

    /// Whether the document has no error (warnings allowed).
    pub fn is_valid(&self) -> bool {
        self.errors().next().is_none()
    }

    /// Whether the report holds nothing at all.
    pub fn is_empty(&self) -> bool {
        self.diagnostics.is_empty()
    }

    /// Consumes the report into its diagnostics.
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.diagnostics
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.diagnostics {
            writeln!(f, "{d}")?;
        }
        Ok(())
    }
}

/// The most diagnostics a [`Report`] lists. Past them, validation goes on counting what it finds
/// and ends the report with one diagnostic, [`Code::TooManyDiagnostics`], that says at least
/// how many more there were (an error when one of them was). The count is exact unless a shared
/// form or declaration was first checked past the limit: its later uses repeat only what was kept
/// of it, so that they cost nothing more. A document's problems are otherwise at most
/// a few per member, but a form shared through `components.schemas` has its problems repeated at
/// every declaration that uses it (as the reference validator reports them): a 300 kB file of a
/// form with 2,000 problems used by 2,000 declarations made four million, 1.2 GB.
pub const MAX_DIAGNOSTICS: usize = 10_000;

/// The most bytes of paths and messages a [`Report`] lists (16 MiB): past them, as past
/// [`MAX_DIAGNOSTICS`], validation only counts what it finds. A path names every key above its
/// problem, so a long key is written again in the path of every problem below it, and a form
/// shared through `components.schemas` repeats its problems, paths and all, at every
/// declaration that uses it: a 330 kB file (a form property named by 100,000 characters, used
/// by 2,000 declarations) made a 200 MB report.
pub const MAX_REPORT_BYTES: usize = 16 * 1024 * 1024;

/// The diagnostics of a validation so far, up to [`MAX_DIAGNOSTICS`] and [`MAX_REPORT_BYTES`],
/// and a count of those past them. Read as the list kept.
#[derive(Default)]
pub struct Diagnostics {
    kept: Vec<Diagnostic>,
    /// The bytes of the paths and messages kept.
    bytes: usize,
    /// Whether a diagnostic did not fit: every later one is counted, not kept, so that the list
    /// is the first ones found.
    full: bool,
    /// How many were found past the limit, and whether one of them was an error.
    dropped: usize,
    dropped_error: bool,
}

impl Diagnostics {
    /// Whether a diagnostic of `bytes` of path and message is kept; if so, counts its bytes.
    fn keeps(&mut self, bytes: usize) -> bool {
        self.full = self.full
            || self.kept.len() >= MAX_DIAGNOSTICS
            || self.bytes.saturating_add(bytes) > MAX_REPORT_BYTES;
        if !self.full {
            self.bytes += bytes;
        }
        !self.full
    }

    fn drop_one(&mut self, severity: Severity) {
        self.dropped += 1;
        self.dropped_error |= severity == Severity::Error;
    }

    /// Adds `diagnostic`, unless the report is full ([`MAX_DIAGNOSTICS`], [`MAX_REPORT_BYTES`]);
    /// a dropped one is counted.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        if self.keeps(diagnostic.path.len() + diagnostic.message.len()) {
            self.kept.push(diagnostic);
        } else {
            self.drop_one(diagnostic.severity);
        }
    }

    /// Repeats `relative` (diagnostics whose paths are relative to a place) at `base`, as far as
    /// the limits leave room; past them, they are only counted.
    pub fn replay(&mut self, relative: &[Diagnostic], base: &str) {
        for d in relative {
            if self.keeps(base.len() + d.path.len() + d.message.len()) {
                self.kept.push(Diagnostic {
                    path: format!("{base}{}", d.path),
                    ..d.clone()
                });
            } else {
                self.drop_one(d.severity);
            }
        }
    }

    /// The diagnostics kept since there were `before` of them.
    pub fn since(&self, before: usize) -> &[Diagnostic] {
        self.kept.get(before..).unwrap_or_default()
    }

    /// The list, ended by a count of those past the limit if there were any.
    pub fn finish(mut self) -> Vec<Diagnostic> {
        if self.dropped > 0 {
            let severity = if self.dropped_error {
                Severity::Error
            } else {
                Severity::Warning
            };
            self.kept.push(Diagnostic {
                rule: Rule::ReportLimit,
                code: Code::TooManyDiagnostics,
                severity,
                path: String::new(),
                message: format!(
                    "at least {} more {} not listed: a report lists {}; correct those and validate again (a form shared through `components.schemas` repeats its problems at every declaration that uses it)",
                    self.dropped,
                    match (self.dropped_error, self.dropped == 1) {
                        (true, true) => "error is",
                        (true, false) => "diagnostics, errors among them, are",
                        (false, true) => "warning is",
                        (false, false) => "warnings are",
                    },
                    if self.kept.len() >= MAX_DIAGNOSTICS {
                        format!("the first {MAX_DIAGNOSTICS}")
                    } else {
                        format!(
                            "the first ones up to {} MiB of paths and messages (a long key is in the path of every problem below it)",
                            MAX_REPORT_BYTES / (1024 * 1024)
                        )
                    },
                ),
            });
        }
        self.kept
    }
}

impl std::ops::Deref for Diagnostics {
    type Target = [Diagnostic];

    fn deref(&self) -> &[Diagnostic] {
        &self.kept
    }
}

#[cfg(test)]
mod tests {
    use super::{Code, Diagnostic, Diagnostics, MAX_DIAGNOSTICS, MAX_REPORT_BYTES, Severity};
    use crate::diagnostics::Rule;

    fn diagnostic(severity: Severity, path: &str) -> Diagnostic {
        Diagnostic {
            rule: Rule::DocumentMembers,
            code: Code::SchemaValidation,
            severity,
            path: path.to_owned(),
            message: "m".to_owned(),
        }
    }

    /// Past the limit, pushed and repeated diagnostics are counted, not kept; the count ends the
    /// list, an error when an error was among them, a warning otherwise; under it nothing is
    /// added.
    #[test]
    fn a_report_lists_up_to_the_limit_then_counts_the_rest() {
        let mut under = Diagnostics::default();
        under.replay(&[diagnostic(Severity::Error, "/a")], "/x");
        assert_eq!(under.finish(), [diagnostic(Severity::Error, "/x/a")]);

        for last in [Severity::Warning, Severity::Error] {
            let mut full = Diagnostics::default();
            for i in 0..MAX_DIAGNOSTICS - 1 {
                full.push(diagnostic(Severity::Warning, &format!("/{i}")));
            }
            // One repeated diagnostic fits; the other two are counted.
            let relative = [
                diagnostic(Severity::Warning, "/a"),
                diagnostic(Severity::Warning, "/b"),
                diagnostic(last, "/c"),
            ];
            full.replay(&relative, "/x");
            full.push(diagnostic(Severity::Warning, "/late"));
            let list = full.finish();
            assert_eq!(list.len(), MAX_DIAGNOSTICS + 1);
            assert_eq!(
                list[MAX_DIAGNOSTICS - 1],
                diagnostic(Severity::Warning, "/x/a")
            );
            let summary = &list[MAX_DIAGNOSTICS];
            assert_eq!(summary.code, Code::TooManyDiagnostics);
            assert_eq!(summary.severity, last);
            let expected = if last == Severity::Error {
                "at least 3 more diagnostics, errors among them, are not listed"
            } else {
                "at least 3 more warnings are not listed"
            };
            assert!(summary.message.starts_with(expected), "{}", summary.message);
        }
    }

    /// Past `MAX_REPORT_BYTES` of paths and messages, diagnostics are counted, not kept, even
    /// short ones found later (the list is the first ones found), and repeated ones too.
    #[test]
    fn a_report_lists_up_to_its_bytes_then_counts_the_rest() {
        let long = "/k".repeat(MAX_REPORT_BYTES / 8);
        let mut report = Diagnostics::default();
        for _ in 0..3 {
            report.push(diagnostic(Severity::Warning, &long));
        }
        // Three quarters of the bytes are used: a fourth long path does not fit.
        report.push(diagnostic(Severity::Warning, &format!("{long}{long}")));
        report.push(diagnostic(Severity::Error, "/short"));
        report.replay(&[diagnostic(Severity::Warning, "/a")], "/x");
        let list = report.finish();
        assert_eq!(list.len(), 4);
        assert!(list.iter().take(3).all(|d| d.path == long));
        let summary = &list[3];
        assert_eq!(summary.code, Code::TooManyDiagnostics);
        assert_eq!(summary.severity, Severity::Error);
        assert!(
            summary.message.starts_with(
                "at least 3 more diagnostics, errors among them, are not listed: a report lists the first ones up to 16 MiB of paths and messages"
            ),
            "{}",
            summary.message
        );

        // Just at the limit, a diagnostic is kept.
        let mut report = Diagnostics::default();
        let message_bytes = 1;
        report.push(diagnostic(
            Severity::Warning,
            &"x".repeat(MAX_REPORT_BYTES - message_bytes),
        ));
        report.push(diagnostic(Severity::Warning, ""));
        let list = report.finish();
        assert_eq!(list.len(), 2, "{:?}", list.last().map(|d| &d.message));
        assert_eq!(list[1].code, Code::TooManyDiagnostics);
    }
}
