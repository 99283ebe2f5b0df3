//! `mcpdesc diff OLD NEW`: what changed between two descriptions, and what it breaks.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use mcpdesc_check::diff::{Change, Class, Diff, Witness, diff};
use mcpdesc_check::document::{Document, Format};
use mcpdesc_check::github::{escape_data, escape_property};
use mcpdesc_check::{Diagnostic, Severity, validate};
use serde_json::{Value, json};

/// Compares two descriptions and reports every change, and what it breaks.
///
/// Each change has its rule, its class (breaking, warning, info), the client it affects, where it
/// is in both files and what to do instead; a breaking schema change has a witness checked
/// against both schemas. A file with validation errors is still compared where it can be, its
/// errors listed first; `--strict` refuses it instead.
#[derive(clap::Args)]
#[command(after_help = "Exit status:
  0  no change of the --fail-on class or above
  1  such a change is found
  2  a file cannot be read or parsed, --strict refuses one, or the command line is wrong")]
pub(crate) struct DiffArgs {
    /// The description before the change; `-` is standard input.
    old: PathBuf,
    /// The description after the change; `-` is standard input.
    new: PathBuf,
    /// How the report is written.
    #[arg(long, value_enum, default_value_t = Output::Human)]
    format: Output,
    /// Exits 1 when a change of this class or above is found.
    #[arg(long, value_enum, default_value_t = FailOn::Breaking, value_name = "CLASS")]
    fail_on: FailOn,
    /// Refuses a file with validation errors (exit 2) instead of comparing it.
    #[arg(long)]
    strict: bool,
}

/// How `diff` writes its report.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Output {
    /// Each change with its rule, class, places and advice.
    Human,
    /// One JSON document, with both files' diagnostics, the changes and a summary.
    Json,
    /// A Markdown table, for a pull request's comment.
    Markdown,
    /// GitHub Actions workflow commands, which annotate the new file's lines.
    Github,
}

/// The class of change that fails the command.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum FailOn {
    /// A change that breaks a client.
    Breaking,
    /// A breaking change or a warning.
    Warning,
    /// Any change.
    Info,
    /// No change: the command exits 0 whatever it finds.
    None,
}

impl FailOn {
    fn class(self) -> Option<Class> {
        match self {
            FailOn::Breaking => Some(Class::Breaking),
            FailOn::Warning => Some(Class::Warning),
            FailOn::Info => Some(Class::Info),
            FailOn::None => None,
        }
    }
}

/// One side, read.
pub(crate) struct Side {
    pub(crate) name: String,
    pub(crate) document: Document,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

impl Side {
    pub(crate) fn errors(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }

    /// `FILE:LINE:COLUMN` of `pointer`, or `FILE` when the position is not known.
    fn place(&self, pointer: &str) -> String {
        match self.position(pointer) {
            Some((line, column)) => format!("{}:{line}:{column}", self.name),
            None => self.name.clone(),
        }
    }

    fn position(&self, pointer: &str) -> Option<(usize, usize)> {
        self.document.position(pointer)
    }
}

pub(crate) fn run(args: DiffArgs) -> ExitCode {
    let DiffArgs {
        old,
        new,
        format: output,
        fail_on,
        strict,
    } = args;
    let fail_on = fail_on.class();
    if old.as_os_str() == "-" && new.as_os_str() == "-" {
        return super::refuse(format_args!(
            "mcpdesc diff: `-` (standard input) is given twice; it can be read once"
        ));
    }
    let (old_path, new_path) = (&old, &new);
    let sides = (read(old_path), read(new_path));
    let (old, new) = match sides {
        (Ok(old), Ok(new)) => (old, new),
        (old, new) => {
            let (old_name, new_name) = (files_name(old_path), files_name(new_path));
            let mut err = std::io::stderr().lock();
            for message in [old.as_ref().err(), new.as_ref().err()]
                .into_iter()
                .flatten()
            {
                let _ = writeln!(err, "{message}");
            }
            // A JSON report still says which input could not be read, as `check --json` does.
            if output == Output::Json {
                let side = |name: String, read: &Result<Side, String>| match read {
                    Ok(side) => json!({
                        "file": side.name,
                        "valid": side.errors() == 0,
                        "diagnostics": side.diagnostics,
                    }),
                    Err(message) => json!({
                        "file": name,
                        "valid": false,
                        "error": message,
                        "diagnostics": [],
                    }),
                };
                let report = json!({
                    "old": side(old_name, &old),
                    "new": side(new_name, &new),
                    "changes": [],
                    "summary": {"breaking": 0, "warning": 0, "info": 0},
                    "failOn": fail_on.map_or("none", Class::as_str),
                    "failed": false,
                });
                if let Ok(text) = serde_json::to_string_pretty(&report) {
                    let _ = writeln!(std::io::stdout().lock(), "{text}");
                }
            }
            return ExitCode::from(2);
        }
    };
    if strict {
        let refused: Vec<&Side> = [&old, &new]
            .into_iter()
            .filter(|s| s.errors() > 0)
            .collect();
        if !refused.is_empty() {
            let mut err = std::io::stderr().lock();
            for side in refused {
                let _ = writeln!(
                    err,
                    "{}: {} (--strict compares only valid descriptions; `mcpdesc check {}` lists them)",
                    side.name,
                    super::count(side.errors(), "validation error"),
                    side.name
                );
            }
            return ExitCode::from(2);
        }
    }
    let changes = diff(old.document.value(), new.document.value());
    let failed = fail_on.is_some_and(|class| changes.at_least(class).next().is_some());
    let mut out = std::io::stdout().lock();
    let written = match output {
        Output::Human => human(&mut out, &old, &new, &changes),
        Output::Json => json_report(&mut out, &old, &new, &changes, fail_on, failed),
        Output::Markdown => markdown(&mut out, &old, &new, &changes),
        Output::Github => github(&mut out, &old, &new, &changes),
    };
    if written.is_err() {
        return ExitCode::from(2);
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// How an input is named in reports: its path, or `<stdin>` for `-`.
fn files_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        super::STDIN.to_owned()
    } else {
        path.to_string_lossy().into_owned()
    }
}

/// Reads and validates one side: a file, or standard input for `-`.
pub(crate) fn read(path: &Path) -> Result<Side, String> {
    let (name, text, format) = if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes)
            .map_err(|e| format!("{}: cannot read standard input: {e}", super::STDIN))?;
        let text = utf8(super::STDIN, bytes)?;
        let format = Format::of_text(&text);
        (super::STDIN.to_owned(), text, format)
    } else {
        let name = path.to_string_lossy().into_owned();
        let format = Format::of_path(path).map_err(|unknown| format!("{name}: {unknown}"))?;
        let bytes =
            std::fs::read(path).map_err(|e| format!("{name}: cannot read the file: {e}"))?;
        let text = utf8(&name, bytes)?;
        (name, text, format)
    };
    let document = Document::read(&text, format).map_err(|e| {
        let lines: Vec<String> = e.problems().iter().map(|p| format!("{name}:{p}")).collect();
        lines.join("\n")
    })?;
    let diagnostics = validate(document.value()).into_diagnostics();
    Ok(Side {
        name,
        document,
        diagnostics,
    })
}

/// Exit status 2 with `check`'s errors on standard error, when `side` is not a valid
/// description: what `mcpdesc test` and `mcpdesc mock` do before anything runs.
#[cfg(feature = "tester")]
pub(crate) fn refuse_invalid(side: &Side, command: &str) -> Option<ExitCode> {
    if side.errors() == 0 {
        return None;
    }
    let mut err = std::io::stderr().lock();
    let _ = writeln!(
        err,
        "mcpdesc {command}: {} is not a valid description; `mcpdesc check` says:",
        side.name
    );
    for d in side
        .diagnostics
        .iter()
        .filter(|d| d.severity == mcpdesc_check::Severity::Error)
    {
        let place = match side.document.position(&d.path) {
            Some((line, column)) => format!("{}:{line}:{column}", side.name),
            None => side.name.clone(),
        };
        let _ = writeln!(err, "  error[{}] at {place}: {}", d.code, d.message);
    }
    Some(ExitCode::from(2))
}

fn utf8(name: &str, bytes: Vec<u8>) -> Result<String, String> {
    String::from_utf8(bytes).map_err(|e| super::not_utf8(&name, e.as_bytes(), e.utf8_error()))
}

fn summary(changes: &Diff) -> String {
    format!(
        "{}: {} breaking, {}, {} info",
        super::count(changes.changes().len(), "change"),
        changes.count(Class::Breaking),
        super::count(changes.count(Class::Warning), "warning"),
        changes.count(Class::Info)
    )
}

/// The validation errors and warnings of a side that has any, as `mcpdesc check` lists them.
pub(crate) fn problems(out: &mut impl Write, side: &Side) -> std::io::Result<()> {
    if side.diagnostics.is_empty() {
        return Ok(());
    }
    let e = side.errors();
    writeln!(
        out,
        "{}: {}, {} (compared where it can be)",
        side.name,
        super::count(e, "error"),
        super::count(side.diagnostics.len() - e, "warning")
    )?;
    for d in &side.diagnostics {
        let path = mcpdesc_check::diff::shown(&d.path);
        match side.position(&d.path) {
            Some((line, column)) => writeln!(
                out,
                "  {}[{}] at {path} ({}:{line}:{column})",
                d.severity, d.code, side.name
            )?,
            None => writeln!(out, "  {}[{}] at {path}", d.severity, d.code)?,
        }
        writeln!(out, "    {}", d.message)?;
    }
    writeln!(out)
}

fn witness_text(witness: &Witness) -> String {
    format!(
        "witness: {}",
        witness.explain("the old description", "the new")
    )
}

fn human(out: &mut impl Write, old: &Side, new: &Side, changes: &Diff) -> std::io::Result<()> {
    problems(out, old)?;
    problems(out, new)?;
    if changes.is_empty() {
        return writeln!(out, "{} → {}: no changes", old.name, new.name);
    }
    for c in changes.changes() {
        writeln!(out, "{}[{}]: {}", c.class(), c.rule.id, c.message)?;
        let o = mcpdesc_check::diff::shown(&c.old);
        let n = mcpdesc_check::diff::shown(&c.new);
        writeln!(out, "  --> {} (old, {o})", old.place(&c.old))?;
        writeln!(out, "  --> {} (new, {n})", new.place(&c.new))?;
        for place in &c.uses {
            writeln!(out, "  = used by {} ({place})", new.place(place))?;
        }
        if let Some(w) = &c.witness {
            writeln!(out, "  = {}", witness_text(w))?;
        }
        writeln!(out, "  = affects: {}", c.consumer().who())?;
        if !c.help().is_empty() {
            writeln!(out, "  = help: {}", c.help())?;
        }
        writeln!(out)?;
    }
    writeln!(out, "{}", summary(changes))
}

fn located(side: &Side, pointer: &str) -> Value {
    let mut at = json!({ "pointer": pointer });
    if let (Some((line, column)), Value::Object(m)) = (side.position(pointer), &mut at) {
        m.insert("line".into(), line.into());
        m.insert("column".into(), column.into());
    }
    at
}

fn json_report(
    out: &mut impl Write,
    old: &Side,
    new: &Side,
    changes: &Diff,
    fail_on: Option<Class>,
    failed: bool,
) -> std::io::Result<()> {
    let side = |s: &Side| {
        json!({
            "file": s.name,
            "valid": s.errors() == 0,
            "diagnostics": s.diagnostics,
        })
    };
    let list: Vec<Value> = changes
        .changes()
        .iter()
        .map(|c: &Change| {
            // The change as the library writes it, its pointers located in each file.
            let mut v = json!(c);
            if let Value::Object(m) = &mut v {
                m.insert("old".into(), located(old, &c.old));
                m.insert("new".into(), located(new, &c.new));
            }
            v
        })
        .collect();
    let report = json!({
        "old": side(old),
        "new": side(new),
        "changes": list,
        "summary": {
            "breaking": changes.count(Class::Breaking),
            "warning": changes.count(Class::Warning),
            "info": changes.count(Class::Info),
        },
        "failOn": fail_on.map_or("none", Class::as_str),
        "failed": failed,
    });
    let text = serde_json::to_string_pretty(&report).map_err(std::io::Error::other)?;
    writeln!(out, "{text}")
}

/// Text for a Markdown table cell: pipes escaped, one line.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\n', '\r'], " ")
}

fn markdown(out: &mut impl Write, old: &Side, new: &Side, changes: &Diff) -> std::io::Result<()> {
    writeln!(out, "### `mcpdesc diff`: {}", summary(changes))?;
    writeln!(out)?;
    for side in [old, new] {
        if side.errors() > 0 {
            writeln!(
                out,
                "> `{}` has {}; it was compared where it can be.",
                cell(&side.name),
                super::count(side.errors(), "validation error")
            )?;
            writeln!(out)?;
        }
    }
    if changes.is_empty() {
        return writeln!(
            out,
            "No changes between `{}` and `{}`.",
            cell(&old.name),
            cell(&new.name)
        );
    }
    writeln!(out, "| class | rule | change | new | old |")?;
    writeln!(out, "|---|---|---|---|---|")?;
    for c in changes.changes() {
        writeln!(
            out,
            "| {} | `{}` | {} | `{}` | `{}` |",
            c.class(),
            c.rule.id,
            cell(&c.message),
            cell(&new.place(&c.new)),
            cell(&old.place(&c.old))
        )?;
    }
    let explained: Vec<&Change> = changes.at_least(Class::Warning).collect();
    if !explained.is_empty() {
        writeln!(out)?;
        writeln!(out, "<details><summary>What to do</summary>")?;
        writeln!(out)?;
        for c in explained {
            writeln!(out, "- **`{}`** {}", c.rule.id, cell(&c.message))?;
            if !c.help().is_empty() {
                writeln!(out, "  - help: {}", cell(c.help()))?;
            }
            if let Some(w) = &c.witness {
                writeln!(out, "  - {}", cell(&witness_text(w)))?;
            }
        }
        writeln!(out)?;
        writeln!(out, "</details>")?;
    }
    Ok(())
}

fn github(out: &mut impl Write, old: &Side, new: &Side, changes: &Diff) -> std::io::Result<()> {
    for c in changes.changes() {
        let level = match c.class() {
            Class::Breaking => "error",
            Class::Warning => "warning",
            Class::Info => "notice",
        };
        // On the new file where the change is there, else on the old.
        let (side, pointer) = match new.position(&c.new) {
            Some(_) => (new, &c.new),
            None => (old, &c.old),
        };
        let mut properties = vec![format!("file={}", escape_property(&side.name))];
        if let Some((line, column)) = side.position(pointer) {
            properties.push(format!("line={line}"));
            properties.push(format!("col={column}"));
        }
        properties.push(format!(
            "title={}",
            escape_property(&format!("mcpdesc diff: {} ({})", c.rule.id, c.class()))
        ));
        let mut message = c.message.clone();
        if let Some(w) = &c.witness {
            message.push('\n');
            message.push_str(&witness_text(w));
        }
        if !c.help().is_empty() {
            message.push_str("\nhelp: ");
            message.push_str(c.help());
        }
        writeln!(
            out,
            "::{level} {}::{}",
            properties.join(","),
            escape_data(&message)
        )?;
    }
    Ok(())
}
