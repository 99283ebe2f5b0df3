//! `mcpdesc diff OLD NEW`: exit codes, the four formats, inputs that do not validate, standard
//! input. (A module of the `cli` test binary.)

use std::path::Path;

use serde_json::{Value, json};

use super::{run, run_with_stdin, write};

fn example() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples/issue_tracker.mcpdesc.yaml")
        .to_string_lossy()
        .into_owned()
}

fn snapshot() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/snapshots/issue_tracker.mcpdesc.json")
        .to_string_lossy()
        .into_owned()
}

fn doc(tools: Value) -> String {
    serde_json::to_string_pretty(&json!({
        "mcpdesc": "0.9.0",
        "info": {"name": "tracker", "version": "1.0.0"},
        "protocolVersions": ["2025-11-25"],
        "tools": tools
    }))
    .unwrap()
}

fn tool(name: &str, required: &[&str]) -> Value {
    json!({"name": name, "inputSchema": {
        "type": "object",
        "properties": {"title": {"type": "string"}, "assignee": {"type": "string"}},
        "required": required
    }})
}

/// An old and a new description in a new directory: the new one requires `assignee`, and has
/// no tool `b`, and a tool `c` more.
fn pair() -> (tempfile::TempDir, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let old = write(
        &dir,
        "old.mcpdesc.json",
        &doc(json!([tool("a", &["title"]), tool("b", &[]),])),
    );
    let new = write(&dir, "new.mcpdesc.yaml", &mcpdesc_check::yaml::to_string(
        &serde_json::from_str::<Value>(&doc(json!([tool("a", &["title", "assignee"]), {"name": "c", "inputSchema": {"type": "object"}}]))).unwrap(),
    ));
    (dir, old, new)
}

#[test]
fn a_description_against_itself_in_the_other_format_has_no_change() {
    let (code, stdout, stderr) = run(&["diff", &example(), &snapshot()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.ends_with(": no changes\n"), "{stdout}");
}

#[test]
fn a_breaking_change_exits_one_with_both_places_the_witness_and_the_help() {
    let (_dir, old, new) = pair();
    let (code, stdout, _) = run(&["diff", &old, &new]);
    assert_eq!(code, 1, "{stdout}");
    let expected = format!(
        "breaking[input-required-added]: the input of tool `a`: `assignee` is now required
  --> {old}:23:9 (old, /tools/0/inputSchema/required)
  --> {new}:16:7 (new, /tools/0/inputSchema/required)
  = witness: arguments the old description accepts and the new refuses: {{\"title\":\"\"}}
  = affects: clients calling tools, prompts and resources
  = help: make the new argument optional with a `default`, and require it in a later, announced release
"
    );
    assert!(stdout.starts_with(&expected), "{stdout}");
    assert!(
        stdout.contains("breaking[tool-removed]: tool `b` is gone"),
        "{stdout}"
    );
    assert!(
        stdout.contains("info[tool-added]: tool `c` is new"),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("3 changes: 2 breaking, 0 warnings, 1 info\n"),
        "{stdout}"
    );
}

#[test]
fn fail_on_chooses_the_class_that_fails() {
    let (_dir, old, new) = pair();
    assert_eq!(run(&["diff", &old, &new, "--fail-on", "none"]).0, 0);
    assert_eq!(run(&["diff", &old, &new, "--fail-on=warning"]).0, 1);
    // Only an addition: information, which fails only `--fail-on info`.
    let dir = tempfile::tempdir().unwrap();
    let a = write(&dir, "a.json", &doc(json!([tool("a", &[])])));
    let b = write(
        &dir,
        "b.json",
        &doc(json!([tool("a", &[]), tool("b", &[])])),
    );
    assert_eq!(run(&["diff", &a, &b]).0, 0);
    assert_eq!(run(&["diff", &a, &b, "--fail-on", "warning"]).0, 0);
    assert_eq!(run(&["diff", &a, &b, "--fail-on", "info"]).0, 1);
}

#[test]
fn the_json_report_fits_its_published_schema() {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/diff-output.schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let (_dir, old, new) = pair();
    let (code, stdout, _) = run(&["diff", &old, &new, "--format", "json"]);
    assert_eq!(code, 1);
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&report)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}\n{stdout}");
    let first = &report["changes"][0];
    assert_eq!(first["rule"], "input-required-added");
    assert_eq!(
        first["old"],
        json!({"pointer": "/tools/0/inputSchema/required", "line": 23, "column": 9})
    );
    assert_eq!(
        first["witness"],
        json!({"status": "shown", "of": "arguments", "acceptedBy": "old", "value": {"title": ""}})
    );
    assert_eq!(
        report["summary"],
        json!({"breaking": 2, "warning": 0, "info": 1})
    );
    assert_eq!(
        (report["failOn"].as_str(), report["failed"].as_bool()),
        (Some("breaking"), Some(true))
    );
    // A report without changes fits too; so does one of inputs that do not validate.
    let (_, same, _) = run(&["diff", &old, &old, "--format", "json"]);
    assert!(
        validator.is_valid(&serde_json::from_str(&same).unwrap()),
        "{same}"
    );
    // An input that cannot be read: exit 2, and a report that says which, still of this shape.
    let dir = tempfile::tempdir().unwrap();
    let broken = write(&dir, "broken.json", "{\"mcpdesc\": ");
    let (code, unread, _) = run(&["diff", &old, &broken, "--format", "json"]);
    assert_eq!(code, 2);
    let unread: Value = serde_json::from_str(&unread).unwrap();
    assert!(validator.is_valid(&unread), "{unread}");
    assert_eq!(unread["new"]["valid"], false);
    assert!(
        unread["new"]["error"]
            .as_str()
            .unwrap()
            .contains("broken.json:1:"),
        "{unread}"
    );
    assert_eq!(unread["old"]["valid"], true);
    // The schema holds the report to its shape: a change without a rule does not fit.
    let mut broken = report.clone();
    broken["changes"][0].as_object_mut().unwrap().remove("rule");
    assert!(!validator.is_valid(&broken));
}

#[test]
fn markdown_is_a_table_for_a_pull_request_comment() {
    let (_dir, old, new) = pair();
    let (code, stdout, _) = run(&["diff", &old, &new, "--format", "markdown"]);
    assert_eq!(code, 1);
    assert!(
        stdout.starts_with("### `mcpdesc diff`: 3 changes: 2 breaking, 0 warnings, 1 info\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("| class | rule | change | new | old |\n|---|---|---|---|---|\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "| breaking | `tool-removed` | tool `b` is gone | `{new}:7:1` | `{old}:28:5` |"
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains("<details><summary>What to do</summary>"),
        "{stdout}"
    );
}

#[test]
fn github_output_is_one_workflow_annotation_per_change() {
    let (_dir, old, new) = pair();
    let (code, stdout, _) = run(&["diff", &old, &new, "--format", "github"]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    let escaped = new.replace(':', "%3A").replace(',', "%2C");
    assert!(
        lines[0].starts_with(&format!(
            "::error file={escaped},line=16,col=7,title=mcpdesc diff%3A input-required-added (breaking)::the input of tool `a`: `assignee` is now required%0Awitness: "
        )),
        "{stdout}"
    );
    assert!(lines[2].starts_with("::notice file="), "{stdout}");
}

#[test]
fn an_input_that_does_not_validate_is_compared_after_its_errors_and_refused_under_strict() {
    let dir = tempfile::tempdir().unwrap();
    // An empty tool name: a validation error, and the rest still comparable.
    let old = write(
        &dir,
        "old.json",
        &doc(json!([tool("a", &[]), tool("", &[])])),
    );
    let new = write(
        &dir,
        "new.json",
        &doc(json!([tool("a", &["title"]), tool("", &[])])),
    );
    let (code, stdout, _) = run(&["diff", &old, &new]);
    assert_eq!(code, 1, "{stdout}");
    let errors = stdout.find("(compared where it can be)").expect(&stdout);
    let change = stdout
        .find("breaking[input-required-added]")
        .expect(&stdout);
    assert!(errors < change, "{stdout}");
    let (code, stdout, stderr) = run(&["diff", &old, &new, "--strict"]);
    assert_eq!(code, 2, "{stdout}");
    assert!(stdout.is_empty());
    assert!(
        stderr.contains("--strict compares only valid descriptions"),
        "{stderr}"
    );
}

#[test]
fn unreadable_inputs_and_wrong_command_lines_exit_two() {
    let (_dir, old, _) = pair();
    let dir = tempfile::tempdir().unwrap();
    let broken = write(&dir, "broken.json", "{\"mcpdesc\": ");
    let (code, _, stderr) = run(&["diff", &old, &broken]);
    assert_eq!(code, 2);
    assert!(stderr.contains("broken.json:1:"), "{stderr}");
    assert_eq!(run(&["diff", &old, "missing.yaml"]).0, 2);
    assert_eq!(run(&["diff", &old]).0, 2);
    assert_eq!(run(&["diff", &old, &old, "--format", "html"]).0, 2);
    let (code, _, stderr) = run(&["diff", &old, &old, "--fail-on", "sometimes"]);
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with(
            "error: invalid value 'sometimes' for '--fail-on <CLASS>'\n  [possible values: breaking, warning, info, none]\n"
        ),
        "{stderr}"
    );
    assert_eq!(run(&["diff", "-", "-"]).0, 2);
}

#[test]
fn one_side_may_be_standard_input() {
    let (_dir, old, _) = pair();
    let text = std::fs::read_to_string(&old).unwrap();
    let (code, stdout) = run_with_stdin(&["diff", &old, "-"], &text);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.ends_with("→ <stdin>: no changes\n"), "{stdout}");
}

#[test]
fn a_shared_component_changed_names_every_place_that_uses_it() {
    let dir = tempfile::tempdir().unwrap();
    let doc = |states: Value| {
        serde_json::to_string_pretty(&json!({
            "mcpdesc": "0.9.0",
            "info": {"name": "tracker", "version": "1.0.0"},
            "protocolVersions": ["2025-11-25"],
            "components": {"schemas": {"Filter": {
                "type": "object",
                "properties": {"state": {"type": "string", "enum": states}}
            }}},
            "tools": [
                {"name": "list", "inputSchema": {"$componentRef": "#/components/schemas/Filter"}},
                {"name": "count", "inputSchema": {"$componentRef": "#/components/schemas/Filter"}}
            ]
        }))
        .unwrap()
    };
    let old = write(&dir, "old.json", &doc(json!(["open", "closed"])));
    let new = write(&dir, "new.json", &doc(json!(["open"])));
    let (code, stdout, _) = run(&["diff", &old, &new]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.starts_with(
            "breaking[input-choice-removed]: component schema `Filter` (as a tool's input): `state`: no longer offers \"closed\"\n"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("  = used by {new}:28:7 (/tools/0/inputSchema)\n")),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("  = used by {new}:34:7 (/tools/1/inputSchema)\n")),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("1 change: 1 breaking, 0 warnings, 0 info\n"),
        "{stdout}"
    );
}
