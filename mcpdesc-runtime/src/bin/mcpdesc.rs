//! `mcpdesc`: validate MCP Description files.
//!
//! ```text
//! mcpdesc check FILE... [--json]
//! ```
//!
//! Reads `.json`, `.yaml` and `.yml`. Exit status 0: no file has errors; 1: a file has errors;
//! 2: a file could not be read or parsed, or the command line is wrong.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use mcpdesc_runtime::source::SourceError;
use mcpdesc_runtime::validate::{Diagnostic, Severity, validate};
use serde_json::{Value, json};

const USAGE: &str = "usage: mcpdesc check FILE... [--json]

Validates MCP Description files (.json, .yaml, .yml) against the elicitation rules of the
format. Exit status: 0 no errors; 1 a file has errors; 2 a file could not be read or parsed.";

enum Outcome {
    /// The diagnostics, and for YAML files where each value is written.
    Checked(Vec<Diagnostic>, Option<mcpdesc_runtime::yaml::Positions>),
    Unreadable(String),
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut json_output = false;
    let mut files = Vec::new();
    let mut command = None;
    for arg in &args {
        match arg.as_str() {
            "--json" => json_output = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            a if command.is_none() => command = Some(a.to_owned()),
            a => files.push(a.to_owned()),
        }
    }
    if command.as_deref() != Some("check") || files.is_empty() {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }

    let results: Vec<(String, Outcome)> = files
        .iter()
        .enumerate()
        .map(|(i, f)| (f.clone(), check(Path::new(f), i + 1 == files.len())))
        .collect();
    let unreadable = results
        .iter()
        .any(|(_, o)| matches!(o, Outcome::Unreadable(_)));
    let invalid = results.iter().any(|(_, o)| {
        matches!(o, Outcome::Checked(d, _) if d.iter().any(|d| d.severity == Severity::Error))
    });

    let mut out = std::io::stdout().lock();
    let written = if json_output {
        write_json(&mut out, &results)
    } else {
        write_human(&mut out, &results)
    };
    if written.is_err() {
        return ExitCode::from(2);
    }
    if unreadable {
        ExitCode::from(2)
    } else if invalid {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Checks one file. `last`: no file is read after it, so its document is left to the end of the
/// process (see [`release`]).
fn check(path: &Path, last: bool) -> Outcome {
    let name = path.display();
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return Outcome::Unreadable(format!("{name}: cannot read the file: {e}")),
    };
    // Extensions are matched without regard to case: `D.MCPDESC.JSON` is a JSON description.
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default();
    let (value, positions): (Value, _) = match ext.to_ascii_lowercase().as_str() {
        "yaml" | "yml" => match mcpdesc_runtime::yaml::from_str_with_positions(&text) {
            Ok((v, p)) => (v, Some(p)),
            Err(e) => return unreadable(&name, &e),
        },
        "json" => match mcpdesc_runtime::json::from_str(&text) {
            Ok(v) => {
                let diagnostics = validate(&v).into_diagnostics();
                // JSON is YAML 1.2: where the YAML reader reads the same value, its positions
                // locate the diagnostics. (The JSON reader's value stays authoritative.) A clean
                // file needs no positions, so the second reading is only paid for a report.
                let positions = if diagnostics.is_empty() {
                    None
                } else {
                    mcpdesc_runtime::yaml::from_str_with_positions(&text)
                        .ok()
                        .filter(|(same, _)| *same == v)
                        .map(|(_, p)| p)
                };
                release(v, last);
                return Outcome::Checked(diagnostics, positions);
            }
            Err(e) => return unreadable(&name, &e),
        },
        _ => {
            return Outcome::Unreadable(format!(
                "{name}: unknown file type {ext:?}; MCP Descriptions are .json, .yaml or .yml (in any case)"
            ));
        }
    };
    let diagnostics = validate(&value).into_diagnostics();
    release(value, last);
    Outcome::Checked(diagnostics, positions)
}

/// Frees a document that is no longer needed, unless it is the last one read: the process then
/// ends after writing its report, and the system takes the memory back at once, where freeing a
/// large document node by node costs a fifth of a check's time (a 1,000-tool description).
fn release(value: Value, last: bool) {
    if last {
        std::mem::forget(value);
    }
}

/// A file that could not be read: each problem as `FILE:LINE:COLUMN: message`.
fn unreadable(name: &impl std::fmt::Display, error: &SourceError) -> Outcome {
    let lines: Vec<String> = error
        .problems()
        .iter()
        .map(|p| format!("{name}:{p}"))
        .collect();
    Outcome::Unreadable(lines.join("\n"))
}

fn write_human(out: &mut impl Write, results: &[(String, Outcome)]) -> std::io::Result<()> {
    let (mut errors, mut warnings, mut broken) = (0, 0, 0);
    for (file, outcome) in results {
        match outcome {
            Outcome::Unreadable(message) => {
                broken += 1;
                writeln!(out, "{message}")?;
            }
            Outcome::Checked(diagnostics, _) if diagnostics.is_empty() => {
                writeln!(out, "{file}: valid")?;
            }
            Outcome::Checked(diagnostics, positions) => {
                let e = diagnostics
                    .iter()
                    .filter(|d| d.severity == Severity::Error)
                    .count();
                let w = diagnostics.len() - e;
                errors += e;
                warnings += w;
                writeln!(
                    out,
                    "{file}: {}, {}",
                    count(e, "error"),
                    count(w, "warning")
                )?;
                for d in diagnostics {
                    let path = if d.path.is_empty() {
                        "/"
                    } else {
                        d.path.as_str()
                    };
                    match positions.as_ref().and_then(|p| p.get(&d.path)) {
                        Some((line, column)) => writeln!(
                            out,
                            "  {}[{}] at {path} ({file}:{line}:{column})",
                            d.severity, d.code
                        )?,
                        None => writeln!(out, "  {}[{}] at {path}", d.severity, d.code)?,
                    }
                    writeln!(out, "    {}", d.message)?;
                    writeln!(out, "    rule: {}", d.rule)?;
                }
            }
        }
    }
    if results.len() > 1 {
        writeln!(
            out,
            "{} checked: {}, {}, {} unreadable",
            count(results.len(), "file"),
            count(errors, "error"),
            count(warnings, "warning"),
            broken
        )?;
    }
    Ok(())
}

fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn write_json(out: &mut impl Write, results: &[(String, Outcome)]) -> std::io::Result<()> {
    let files: Vec<Value> = results
        .iter()
        .map(|(file, outcome)| match outcome {
            Outcome::Checked(diagnostics, _) => json!({
                "file": file,
                "valid": !diagnostics.iter().any(|d| d.severity == Severity::Error),
                "diagnostics": diagnostics,
            }),
            Outcome::Unreadable(message) => json!({
                "file": file,
                "valid": false,
                "error": message,
                "diagnostics": [],
            }),
        })
        .collect();
    let text =
        serde_json::to_string_pretty(&json!({ "files": files })).map_err(std::io::Error::other)?;
    writeln!(out, "{text}")
}
