//! `mcpdesc`: validate MCP Description files, compare two, and hold a running server to one.
//!
//! `mcpdesc --help` and `mcpdesc <COMMAND> --help` say what each command does, its options, and
//! its exit status.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use mcpdesc_check::document::Format;
use mcpdesc_check::source::SourceError;
use mcpdesc_check::{Code, Diagnostic, Rule, Severity, validate};
use serde_json::{Value, json};

mod cli_diff;
mod cli_mock;
mod cli_test;

/// Checks and compares MCP Description files (.json, .yaml, .yml), and tests servers against them.
#[derive(Parser)]
#[command(
    name = "mcpdesc",
    version,
    propagate_version = true,
    max_term_width = 100
)]
#[command(after_help = "A FILE `-` is standard input: JSON when it starts with `{`, else YAML.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Check(CheckArgs),
    Diff(cli_diff::DiffArgs),
    Test(Box<cli_test::TestArgs>),
    Mock(cli_mock::MockArgs),
}

/// Validates MCP Description files against the format's rules.
///
/// Checks every elicitation rule of section 12 and what it depends on: tool schemas, examples,
/// metadata, transports, capabilities, tags and security.
#[derive(Args)]
#[command(after_help = "Exit status:
  0  no file has errors (warnings alone exit 0)
  1  a file has errors
  2  a file or the schema cannot be read or parsed, or the command line is wrong")]
struct CheckArgs {
    /// The description files; `-` is standard input.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// How the report is written.
    #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
    format: CheckFormat,
    /// Same as `--format json`.
    #[arg(long, conflicts_with = "format")]
    json: bool,
    /// Also checks every file against this JSON Schema, such as the format's published schema.
    ///
    /// Each place a file does not fit is an error `schema-validation`, unless the rules already
    /// report one there.
    #[arg(long, value_name = "SCHEMA.json")]
    schema: Option<PathBuf>,
}

/// How `check` writes its report.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum CheckFormat {
    /// Each file's diagnostics, with their line and column.
    Human,
    /// One JSON document: `{"files": [{"file", "valid", "diagnostics"}]}`.
    Json,
}

enum Outcome {
    /// The diagnostics, and for YAML files where each value is written.
    Checked(Vec<Diagnostic>, Option<mcpdesc_check::yaml::Positions>),
    Unreadable(String),
}

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    match Cli::try_parse_from(args) {
        Ok(Cli {
            command: Command::Check(args),
        }) => check_files(args),
        Ok(Cli {
            command: Command::Diff(args),
        }) => cli_diff::run(args),
        Ok(Cli {
            command: Command::Test(args),
        }) => cli_test::run(*args),
        Ok(Cli {
            command: Command::Mock(args),
        }) => cli_mock::run(args),
        // Help and the version exit 0, a wrong command line 2; either exits 2 when it cannot
        // be written.
        Err(error) => match error.print() {
            Ok(()) => ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2)),
            Err(_) => ExitCode::from(2),
        },
    }
}

fn check_files(args: CheckArgs) -> ExitCode {
    let CheckArgs {
        files,
        format,
        json: json_alias,
        schema,
    } = args;
    if files.iter().filter(|f| f.as_os_str() == "-").count() > 1 {
        return refuse(format_args!(
            "mcpdesc: `-` (standard input) is given more than once; it can be read once"
        ));
    }
    let schema = match schema.as_deref().map(load_schema).transpose() {
        Ok(schema) => schema,
        Err(message) => return refuse(format_args!("mcpdesc: {message}")),
    };

    let results: Vec<(String, Outcome)> = files
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let last = i + 1 == files.len();
            if f.as_os_str() == "-" {
                return (STDIN.to_owned(), check_stdin(schema.as_ref(), last));
            }
            // A name that is not UTF-8 is reported with U+FFFD in place of what is not.
            let name = f.to_string_lossy().into_owned();
            (name, check(f, schema.as_ref(), last))
        })
        .collect();
    let unreadable = results
        .iter()
        .any(|(_, o)| matches!(o, Outcome::Unreadable(_)));
    let invalid = results.iter().any(|(_, o)| {
        matches!(o, Outcome::Checked(d, _) if d.iter().any(|d| d.severity == Severity::Error))
    });

    let mut out = std::io::stdout().lock();
    let written = if json_alias || format == CheckFormat::Json {
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

/// Says `message` on standard error and gives exit status 2 (the command line is wrong, or the
/// schema cannot be used). Not `eprintln!`, which panics when standard error cannot be written
/// (a full disk): then there is nowhere left to say it, and the status still tells.
fn refuse(message: std::fmt::Arguments<'_>) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "{message}");
    ExitCode::from(2)
}

/// Reads the JSON Schema given with `--schema` and compiles it once for every file. Formats are
/// checked, as by the reference validator; nothing is fetched (a remote `$ref` is an error).
fn load_schema(path: &Path) -> Result<jsonschema::Validator, String> {
    let shown = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("--schema {shown}: cannot read the file: {e}"))?;
    let schema: Value = mcpdesc_check::json::from_str(&text)
        .map_err(|e| format!("--schema {shown}: not JSON: {e}"))?;
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .map_err(|e| format!("--schema {shown}: not a JSON Schema this tool can use: {e}"))
}

/// Every place where `document` does not fit `schema`, as `schema-validation` errors, except
/// where the rules already report `schema-validation` at the same path.
fn schema_diagnostics(
    schema: &jsonschema::Validator,
    document: &Value,
    reported: &[Diagnostic],
) -> Vec<Diagnostic> {
    // The paths already reported, so that each is looked up once, not against every diagnostic.
    let mut known: std::collections::HashSet<String> = reported
        .iter()
        .filter(|d| d.code == Code::SchemaValidation)
        .map(|d| d.path.clone())
        .collect();
    let mut out: Vec<Diagnostic> = Vec::new();
    for error in schema.iter_errors(document) {
        let path = error.instance_path().to_string();
        if known.insert(path.clone()) {
            out.push(Diagnostic {
                rule: rule_at(&path),
                code: Code::SchemaValidation,
                severity: Severity::Error,
                path,
                message: format!("{error} (the JSON Schema given with --schema)"),
            });
        }
    }
    out
}

/// The rule whose members a schema violation at `path` breaks: those of the declaration, tool,
/// resource, resource template or prompt it is in (a declaration's form for its
/// `requestedSchema`), else the document's.
fn rule_at(path: &str) -> Rule {
    let mut segments = path.split('/').skip(1);
    let (collection, index, member, declaration, part) = (
        segments.next(),
        segments.next(),
        segments.next(),
        segments.next(),
        segments.next(),
    );
    if index.is_none() {
        return Rule::DocumentMembers;
    }
    let primitive = match collection {
        Some("tools") => Rule::ToolMembers,
        Some("resources") => Rule::ResourceMembers,
        Some("resourceTemplates") => Rule::ResourceTemplateMembers,
        Some("prompts") => Rule::PromptMembers,
        _ => return Rule::DocumentMembers,
    };
    match (member, declaration, part) {
        (Some("elicitations"), Some(_), Some("requestedSchema")) => Rule::FormSchemaMembers,
        (Some("elicitations"), Some(_), _) => Rule::ElicitationMembers,
        _ => primitive,
    }
}

/// The rules' diagnostics for `document`, and the schema's after them when one is given.
fn diagnose(document: &Value, schema: Option<&jsonschema::Validator>) -> Vec<Diagnostic> {
    let mut diagnostics = validate(document).into_diagnostics();
    if let Some(schema) = schema {
        let more = schema_diagnostics(schema, document, &diagnostics);
        diagnostics.extend(more);
    }
    diagnostics
}

/// How standard input is named in the report.
const STDIN: &str = "<stdin>";

/// Checks standard input: JSON when its first character (after a byte-order mark and
/// whitespace) is `{`, else YAML.
fn check_stdin(schema: Option<&jsonschema::Validator>, last: bool) -> Outcome {
    let mut bytes = Vec::new();
    if let Err(e) = std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes) {
        return Outcome::Unreadable(format!("{STDIN}: cannot read standard input: {e}"));
    }
    let text = match utf8(&STDIN, bytes) {
        Ok(text) => text,
        Err(outcome) => return outcome,
    };
    check_text(&STDIN, &text, Format::of_text(&text), schema, last)
}

/// Checks one file. `last`: no file is read after it, so its document is left to the end of the
/// process (see [`release`]).
fn check(path: &Path, schema: Option<&jsonschema::Validator>, last: bool) -> Outcome {
    let name = path.display();
    // Extensions are matched without regard to case: `D.MCPDESC.JSON` is a JSON description.
    let format = match Format::of_path(path) {
        Ok(format) => format,
        Err(unknown) => return Outcome::Unreadable(format!("{name}: {unknown}")),
    };
    let text = match std::fs::read(path).map(|bytes| utf8(&name, bytes)) {
        Ok(Ok(text)) => text,
        Ok(Err(outcome)) => return outcome,
        Err(e) => return Outcome::Unreadable(format!("{name}: cannot read the file: {e}")),
    };
    check_text(&name, &text, format, schema, last)
}

/// Checks the text of one file, named `name` in what it reports.
fn check_text(
    name: &impl std::fmt::Display,
    text: &str,
    format: Format,
    schema: Option<&jsonschema::Validator>,
    last: bool,
) -> Outcome {
    let (value, positions): (Value, _) = match format {
        Format::Yaml => match mcpdesc_check::yaml::from_str_with_positions(text) {
            Ok((v, p)) => (v, Some(p)),
            Err(e) => return unreadable(name, &e),
        },
        Format::Json => match mcpdesc_check::json::from_str(text) {
            Ok(v) => {
                let diagnostics = diagnose(&v, schema);
                // A clean file needs no positions, so they are read only for a report.
                let positions = if diagnostics.is_empty() {
                    None
                } else {
                    mcpdesc_check::json::positions(text)
                };
                release(v, last);
                return Outcome::Checked(diagnostics, positions);
            }
            Err(e) => return unreadable(name, &e),
        },
    };
    let diagnostics = diagnose(&value, schema);
    release(value, last);
    Outcome::Checked(diagnostics, positions)
}

/// The text of a file's `bytes`, or what a file that is not UTF-8 is told (see [`not_utf8`]).
fn utf8(name: &impl std::fmt::Display, bytes: Vec<u8>) -> Result<String, Outcome> {
    String::from_utf8(bytes)
        .map_err(|e| Outcome::Unreadable(not_utf8(name, e.as_bytes(), e.utf8_error())))
}

/// What a file that is not UTF-8 is told: where its first byte that is not (line and column of
/// the text before it), or that it is UTF-16 or UTF-32, which a byte-order mark says.
fn not_utf8(name: &impl std::fmt::Display, bytes: &[u8], error: std::str::Utf8Error) -> String {
    let save = "MCP Description files are UTF-8 text: save the file as UTF-8";
    let wide = match bytes {
        [0, 0, 0xFE, 0xFF, ..] | [0xFF, 0xFE, 0, 0, ..] => Some("UTF-32"),
        [0xFE, 0xFF, ..] | [0xFF, 0xFE, ..] => Some("UTF-16"),
        _ => None,
    };
    if let Some(encoding) = wide {
        return format!("{name}: the file is {encoding} (its byte-order mark says so); {save}");
    }
    let valid = bytes.get(..error.valid_up_to()).unwrap_or_default();
    // The prefix is valid UTF-8 by the error's word.
    let before = std::str::from_utf8(valid).unwrap_or_default();
    let (line, column) = mcpdesc_check::source::line_column(before, before.len());
    let byte = bytes.get(error.valid_up_to()).copied().unwrap_or_default();
    format!("{name}:{line}:{column}: the byte 0x{byte:02X} is not UTF-8 here; {save}")
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
            Outcome::Checked(diagnostics, positions) => {
                // Each diagnostic, with the line and column it is written at when known.
                let located: Vec<Value> = diagnostics
                    .iter()
                    .map(|d| {
                        let mut value = json!(d);
                        let at = positions.as_ref().and_then(|p| p.get(&d.path));
                        if let (Value::Object(members), Some((line, column))) = (&mut value, at) {
                            members.insert("line".into(), line.into());
                            members.insert("column".into(), column.into());
                        }
                        value
                    })
                    .collect();
                json!({
                    "file": file,
                    "valid": !diagnostics.iter().any(|d| d.severity == Severity::Error),
                    "diagnostics": located,
                })
            }
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

#[cfg(test)]
mod tests {
    use super::rule_at;

    #[test]
    fn a_schema_violation_belongs_to_the_members_rule_of_the_part_it_is_in() {
        for (path, rule) in [
            ("", "mcpdesc.document.members"),
            ("/info/name", "mcpdesc.document.members"),
            ("/tools", "mcpdesc.document.members"),
            ("/securitySchemes/oauth/flows", "mcpdesc.document.members"),
            ("/tools/0", "mcpdesc.tool.members"),
            ("/tools/3/annotations/title", "mcpdesc.tool.members"),
            ("/tools/0/elicitations", "mcpdesc.tool.members"),
            ("/tools/0/elicitations/1", "mcpdesc.elicitation.members"),
            (
                "/tools/0/elicitations/1/message",
                "mcpdesc.elicitation.members",
            ),
            (
                "/prompts/2/elicitations/0/requestedSchema/properties/a",
                "mcp.elicitation.form-schema.members",
            ),
            ("/resources/0/uri", "mcpdesc.resource.members"),
            (
                "/resourceTemplates/1/uriTemplate",
                "mcpdesc.resource-template.members",
            ),
            ("/prompts/0/arguments/0", "mcpdesc.prompt.members"),
        ] {
            assert_eq!(rule_at(path), rule, "{path:?}");
        }
    }
}
