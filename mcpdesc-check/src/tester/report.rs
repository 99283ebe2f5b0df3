//! What a run found, and how it is written: for people, as JSON, as JUnit XML, and as GitHub
//! Actions annotations; the known-failures file.

use std::fmt::{self, Write as _};

use mcpdesc_format::ProtocolVersion;
use serde_json::{Value, json};

use super::check::{Check, Level};
use super::session::{Answer, Message};

/// What a call was made to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Kind {
    /// A tool, called with arguments.
    Tool,
    /// A prompt, got with arguments.
    Prompt,
    /// A resource, read at its URI.
    Resource,
    /// A resource template, read at a URI it produces.
    ResourceTemplate,
}

/// Where a call's input came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Phase {
    /// One of the tool's `examples` in the description.
    Example,
    /// A boundary case of the tool's `inputSchema`.
    Boundary,
    /// Generated from the `inputSchema` with the run's seed, and shrunk when it failed.
    Generated,
    /// A call made to answer its questions with decline or cancel.
    Elicitation,
    /// A resource read or a prompt got.
    Read,
}

/// One call, as it can be sent again: [`Test::replay`](super::Test::replay) sends it, and
/// `mcpdesc test --replay` reads it from a report.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Call {
    /// The protocol version of its session.
    pub version: ProtocolVersion,
    /// What it was made to.
    pub kind: Kind,
    /// The tool's or prompt's name, the resource's URI, or the template's URI template.
    pub name: String,
    /// The arguments (a tool's or a prompt's), or the URI read.
    pub input: Value,
    /// Whether the input is valid against the tool's `inputSchema` (every other call's is).
    pub valid: bool,
    /// How its questions were answered.
    #[serde(with = "answer_name")]
    pub answer: Answer,
    /// Where its input came from.
    pub phase: Phase,
}

mod answer_name {
    use super::Answer;

    pub(super) fn serialize<S: serde::Serializer>(a: &Answer, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(a.as_str())
    }

    pub(super) fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Answer, D::Error> {
        let name = <String as serde::Deserialize>::deserialize(d)?;
        Answer::from_name(&name).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown answer `{name}`: expected accept, decline or cancel"
            ))
        })
    }
}

/// One thing a check found.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Finding {
    /// The check.
    pub check: Check,
    /// How it counts.
    pub level: Level,
    /// The protocol version of the session.
    pub version: ProtocolVersion,
    /// The tool's or prompt's name, or the resource's URI or URI template; for a listing that
    /// differs, the pointer into the description; empty for a version refused.
    pub primitive: String,
    /// What is wrong.
    pub message: String,
    /// The call that showed it, shrunk where it was generated; none for the listing and the
    /// version.
    pub call: Option<Call>,
    /// The run's seed, for a call whose input was generated.
    pub seed: Option<u64>,
    /// Every message of the exchange, as it was on the wire.
    pub exchange: Vec<Message>,
    /// How many more calls found the same on the same primitive and version.
    pub repeats: usize,
    /// Whether the known-failures file lists it (then it does not fail the run).
    pub known: bool,
}

impl Finding {
    /// Whether it fails the run: a failure the known-failures file does not list.
    pub fn fails(&self) -> bool {
        self.level == Level::Failure && !self.known
    }

    /// The finding as `--format json` writes it; its `call` is what `--replay` reads.
    pub fn to_json(&self) -> Value {
        let mut out = json!({
            "check": self.check.code(),
            "level": self.level.as_str(),
            "version": self.version.as_str(),
            "primitive": self.primitive,
            "message": self.message,
            "repeats": self.repeats,
            "known": self.known,
        });
        if let Some(object) = out.as_object_mut() {
            if let Some(call) = &self.call {
                object.insert(
                    "call".to_owned(),
                    serde_json::to_value(call).unwrap_or_default(),
                );
            }
            if let Some(seed) = self.seed {
                object.insert("seed".to_owned(), Value::from(seed));
            }
            object.insert(
                "exchange".to_owned(),
                Value::Array(self.exchange.iter().map(exchanged).collect()),
            );
        }
        out
    }
}

/// One message of an exchange as the reports write it: `{"sent": ...}` or `{"received": ...}`.
fn exchanged(message: &Message) -> Value {
    let side = if message.sent { "sent" } else { "received" };
    json!({ side: message.message })
}

/// What was run on one version.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct VersionSummary {
    /// The version.
    pub version: ProtocolVersion,
    /// Whether the server took it.
    pub served: bool,
    /// How many calls were sent (shrinking included).
    pub calls: usize,
    /// How many tools were called.
    pub tools: usize,
}

/// What a run found.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Report {
    /// The seed of the generated inputs.
    pub seed: u64,
    /// Each version.
    pub versions: Vec<VersionSummary>,
    /// Each finding, in the order found.
    pub findings: Vec<Finding>,
    /// Why some or all of the run could not be made: a server that did not start, or stopped
    /// answering its lists.
    pub problems: Vec<String>,
    /// What was called with less than every phase, and why.
    pub untested: Vec<String>,
    /// How many calls were sent in all.
    pub calls: usize,
    /// The known-failures entries that matched nothing: each fails the run.
    pub stale: Vec<Known>,
}

/// How a run ended, and its exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Something was called, and nothing failed: exit 0.
    Passed,
    /// A check failed, or a known failure no longer happens: exit 1.
    Failed,
    /// The run could not be made, or nothing was called: exit 2.
    NotRun,
}

impl Status {
    /// 0, 1 or 2.
    pub fn exit_code(self) -> u8 {
        match self {
            Status::Passed => 0,
            Status::Failed => 1,
            Status::NotRun => 2,
        }
    }
}

impl Report {
    pub(crate) fn new(seed: u64) -> Self {
        Report {
            seed,
            versions: Vec::new(),
            findings: Vec::new(),
            problems: Vec::new(),
            untested: Vec::new(),
            calls: 0,
            stale: Vec::new(),
        }
    }

    /// The findings that fail the run.
    pub fn failures(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|f| f.fails())
    }

    /// How the run ended: failed when a check failed or a known failure is stale; else not run
    /// when something could not be run or nothing was called; else passed.
    pub fn status(&self) -> Status {
        if self.failures().next().is_some() || !self.stale.is_empty() {
            Status::Failed
        } else if !self.problems.is_empty() || self.calls == 0 {
            Status::NotRun
        } else {
            Status::Passed
        }
    }

    /// Whether the run passed: something was called and nothing failed.
    pub fn passed(&self) -> bool {
        self.status() == Status::Passed
    }

    /// Marks each finding `known` lists as known, and keeps each entry that matched nothing as
    /// stale.
    pub fn apply_known(&mut self, known: &[Known]) {
        for entry in known {
            let mut matched = false;
            for finding in &mut self.findings {
                if entry.matches(finding) {
                    finding.known = true;
                    matched = true;
                }
            }
            if !matched {
                self.stale.push(entry.clone());
            }
        }
    }

    /// The report as `--format json` writes it.
    pub fn to_json(&self) -> Value {
        json!({
            "status": match self.status() {
                Status::Passed => "passed",
                Status::Failed => "failed",
                Status::NotRun => "not-run",
            },
            "seed": self.seed,
            "calls": self.calls,
            "versions": self.versions.iter().map(|v| json!({
                "version": v.version.as_str(),
                "served": v.served,
                "calls": v.calls,
                "tools": v.tools,
            })).collect::<Vec<_>>(),
            "findings": self.findings.iter().map(Finding::to_json).collect::<Vec<_>>(),
            "stale": self.stale.iter().map(Known::to_json).collect::<Vec<_>>(),
            "problems": self.problems,
            "untested": self.untested,
        })
    }

    /// The report as JUnit XML: one test case per check and version, failed by its findings.
    pub fn to_junit(&self) -> String {
        let mut cases = String::new();
        let mut tests = 0;
        let mut failures = 0;
        for summary in &self.versions {
            for check in Check::ALL {
                tests += 1;
                let found: Vec<&Finding> = self
                    .findings
                    .iter()
                    .filter(|f| f.version == summary.version && f.check == check && f.fails())
                    .collect();
                let _ = write!(
                    cases,
                    "    <testcase classname=\"mcpdesc.{}\" name=\"{}\"",
                    xml(summary.version.as_str()),
                    check.code()
                );
                if found.is_empty() {
                    cases.push_str("/>\n");
                    continue;
                }
                failures += 1;
                let text: String = found.iter().map(|f| format!("{}\n", human(f))).collect();
                let _ = write!(
                    cases,
                    ">\n      <failure message=\"{}\">{}</failure>\n    </testcase>\n",
                    xml(&found
                        .iter()
                        .map(|f| headline(f))
                        .collect::<Vec<_>>()
                        .join("; ")),
                    xml(&text)
                );
            }
        }
        for stale in &self.stale {
            tests += 1;
            failures += 1;
            let _ = write!(
                cases,
                "    <testcase classname=\"mcpdesc.known-failures\" name=\"{}\">\n      <failure message=\"{}\"/>\n    </testcase>\n",
                xml(&stale.to_string()),
                xml("listed as a known failure, and it no longer happens: remove the entry")
            );
        }
        let errors = usize::from(self.status() == Status::NotRun);
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\"mcpdesc test\" tests=\"{tests}\" failures=\"{failures}\" errors=\"{errors}\">\n    <properties><property name=\"seed\" value=\"{}\"/></properties>\n{cases}  </testsuite>\n</testsuites>\n",
            self.seed
        )
    }

    /// The report as GitHub Actions workflow commands: an `::error` per failure, a
    /// `::warning` per warning, `file` naming the description.
    pub fn to_github(&self, file: &str) -> String {
        let mut out = String::new();
        for finding in &self.findings {
            let command = if finding.fails() { "error" } else { "warning" };
            let _ = writeln!(
                out,
                "::{command} file={},title={}::{}",
                crate::github::escape_property(file),
                crate::github::escape_property(&format!("mcpdesc test: {}", finding.check)),
                crate::github::escape_data(&human(finding))
            );
        }
        for stale in &self.stale {
            let _ = writeln!(
                out,
                "::error file={},title=mcpdesc test: stale known failure::{}",
                crate::github::escape_property(file),
                crate::github::escape_data(&format!(
                    "{stale} is listed as a known failure, and it no longer happens: remove the entry"
                ))
            );
        }
        for problem in &self.problems {
            let _ = writeln!(
                out,
                "::error title=mcpdesc test: not run::{}",
                crate::github::escape_data(problem)
            );
        }
        out
    }
}

/// `check` on `primitive` (version): the first line of a finding.
fn headline(finding: &Finding) -> String {
    let on = if finding.primitive.is_empty() {
        String::new()
    } else {
        format!(" `{}`", finding.primitive)
    };
    format!(
        "{}[{}]{on} on {}: {}",
        if finding.fails() {
            "failure"
        } else if finding.known {
            "known"
        } else {
            "warning"
        },
        finding.check,
        finding.version,
        finding.message
    )
}

/// A finding for people: its headline, then the call, the seed and the exchange.
fn human(finding: &Finding) -> String {
    let mut out = headline(finding);
    if let Some(call) = &finding.call {
        let _ = write!(
            out,
            "\n  call: {} `{}`, {} input ({}), questions answered {}",
            match call.kind {
                Kind::Tool => "tool",
                Kind::Prompt => "prompt",
                Kind::Resource => "resource",
                Kind::ResourceTemplate => "resource template",
            },
            call.name,
            if call.valid { "a valid" } else { "an invalid" },
            match call.phase {
                Phase::Example => "an example",
                Phase::Boundary => "a boundary case",
                Phase::Generated => "generated, shrunk",
                Phase::Elicitation => "to answer its questions",
                Phase::Read => "read",
            },
            call.answer.as_str(),
        );
        let _ = write!(out, "\n  input: {}", call.input);
    }
    if let Some(seed) = finding.seed {
        let _ = write!(out, "\n  seed: {seed}");
    }
    if finding.repeats > 0 {
        let _ = write!(out, "\n  and {} more calls like it", finding.repeats);
    }
    if !finding.exchange.is_empty() {
        out.push_str("\n  exchange:");
        for message in &finding.exchange {
            let arrow = if message.sent { "→" } else { "←" };
            let _ = write!(out, "\n    {arrow} {}", message.message);
        }
    }
    out
}

impl fmt::Display for Report {
    /// The report for people, in the style of `mcpdesc check` and `diff`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for finding in &self.findings {
            writeln!(f, "{}\n", human(finding))?;
        }
        for stale in &self.stale {
            writeln!(
                f,
                "failure[known-failures]: {stale} is listed as a known failure, and it no longer happens: remove the entry\n"
            )?;
        }
        for problem in &self.problems {
            writeln!(f, "not run: {problem}")?;
        }
        for untested in &self.untested {
            writeln!(f, "note: {untested}")?;
        }
        for v in &self.versions {
            if v.served {
                writeln!(f, "{}: {} calls, {} tools", v.version, v.calls, v.tools)?;
            } else {
                writeln!(f, "{}: not served", v.version)?;
            }
        }
        let failures = self.failures().count() + self.stale.len();
        let warnings = self
            .findings
            .iter()
            .filter(|f| f.level == Level::Warning && !f.known)
            .count();
        let known = self.findings.iter().filter(|f| f.known).count();
        write!(
            f,
            "{}: {failures} failure{}, {warnings} warning{}, {known} known, {} calls, seed {}",
            match self.status() {
                Status::Passed => "passed",
                Status::Failed => "failed",
                Status::NotRun if self.calls == 0 && self.problems.is_empty() =>
                    "not run (nothing was called)",
                Status::NotRun => "not run",
            },
            if failures == 1 { "" } else { "s" },
            if warnings == 1 { "" } else { "s" },
            self.calls,
            self.seed
        )
    }
}

/// An entry of the known-failures file: a check on a primitive, on one version or every one.
///
/// The file is YAML or JSON, a list of entries:
///
/// ```yaml
/// - check: invalid-input-accepted
///   primitive: count_notes
/// - check: output-schema
///   primitive: add_note
///   version: "2025-06-18"
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Known {
    /// The check, by its code.
    #[serde(with = "check_code")]
    pub check: Check,
    /// The primitive, as findings name it.
    pub primitive: String,
    /// The version; every version when absent.
    #[serde(default)]
    pub version: Option<ProtocolVersion>,
}

mod check_code {
    use super::Check;

    pub(super) fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Check, D::Error> {
        let code = <String as serde::Deserialize>::deserialize(d)?;
        Check::from_code(&code)
            .ok_or_else(|| serde::de::Error::custom(format!("no check has the code `{code}`")))
    }
}

impl Known {
    fn matches(&self, finding: &Finding) -> bool {
        self.check == finding.check
            && self.primitive == finding.primitive
            && self.version.is_none_or(|v| v == finding.version)
    }

    fn to_json(&self) -> Value {
        let mut out = json!({"check": self.check.code(), "primitive": self.primitive});
        if let (Some(version), Some(object)) = (self.version, out.as_object_mut()) {
            object.insert("version".to_owned(), Value::from(version.as_str()));
        }
        out
    }

    /// Reads a known-failures file's text (YAML or JSON).
    ///
    /// # Errors
    ///
    /// What is wrong with it, and where.
    pub fn read_all(text: &str) -> Result<Vec<Known>, String> {
        let value = crate::yaml::from_str(text).map_err(|e| e.to_string())?;
        if value.is_null() {
            return Ok(Vec::new());
        }
        let Value::Array(entries) = value else {
            return Err("a known-failures file is a list of entries".to_owned());
        };
        entries
            .into_iter()
            .enumerate()
            .map(|(i, entry)| {
                serde_json::from_value(entry).map_err(|e| format!("entry {}: {e}", i + 1))
            })
            .collect()
    }
}

impl fmt::Display for Known {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} on `{}`", self.check, self.primitive)?;
        if let Some(version) = self.version {
            write!(f, " ({version})")?;
        }
        Ok(())
    }
}

fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() && !matches!(c, '\n' | '\t' | '\r') => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}
