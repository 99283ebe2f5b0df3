//! The `mcpdesc check` command: exit codes, YAML restrictions, parse errors and `--json`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/conformance/mcpdesc-0.8.0")
        .join(rel)
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mcpdesc"))
        .args(args)
        .output()
        .expect("run mcpdesc");
    (
        out.status.code().expect("exit code"),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn valid_files_exit_zero() {
    let json = fixture("expected-valid/elicitation-declarations.json");
    let yaml = fixture("expected-valid/integrated-draft2-features.yaml");
    let (code, stdout, _) = run(&["check", json.to_str().unwrap(), yaml.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains("elicitation-declarations.json: valid"),
        "{stdout}"
    );
    assert!(
        stdout.contains("2 files checked: 0 errors, 0 warnings, 0 unreadable"),
        "{stdout}"
    );
}

#[test]
fn invalid_files_exit_one_with_readable_output() {
    let file = fixture("expected-invalid/elicitation-version-mismatch.json");
    let (code, stdout, _) = run(&["check", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(stdout.contains("1 error, 0 warnings"), "{stdout}");
    assert!(
        stdout.contains(
            "error[elicitation-mode-not-supported-by-version] at /tools/0/elicitations/0/mode"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("rule: mcp.elicitation.protocol-version"),
        "{stdout}"
    );
    // JSON files are located too (JSON is YAML 1.2).
    assert!(
        stdout.contains("elicitation-version-mismatch.json:27:11)"),
        "{stdout}"
    );
}

#[test]
fn warnings_alone_exit_zero() {
    let file = fixture("expected-warning/legacy-sse-modern-revision.json");
    let (code, stdout, _) = run(&["check", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains("warning[legacy-protocol-validation-incomplete]"),
        "{stdout}"
    );
}

#[test]
fn yaml_with_an_alias_is_refused_with_its_position() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        &dir,
        "alias.mcpdesc.yaml",
        "mcpdesc: \"0.9.0\"\ninfo: &info\n  name: demo\n  version: \"1\"\nprotocolVersions: [\"2025-11-25\"]\nx-copy: *info\n",
    );
    let (code, stdout, _) = run(&["check", &file]);
    assert_eq!(code, 2);
    assert!(stdout.contains(&format!("{file}:2:7: anchors")), "{stdout}");
    assert!(stdout.contains(&format!("{file}:6:9: aliases")), "{stdout}");
}

#[test]
fn yaml_diagnostics_show_where_they_are_written() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        &dir,
        "url.mcpdesc.yaml",
        "mcpdesc: \"0.9.0\"\ninfo:\n  name: demo\n  version: \"1\"\nprotocolVersions:\n  - \"2025-06-18\"\ntools:\n  - name: sign_in\n    inputSchema:\n      type: object\n    elicitations:\n      - name: login\n        mode: url\n        message: Sign in.\n",
    );
    let (code, stdout, _) = run(&["check", &file]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.contains(&format!(
            "error[elicitation-mode-not-supported-by-version] at /tools/0/elicitations/0/mode ({file}:13:9)"
        )),
        "{stdout}"
    );
}

#[test]
fn syntax_errors_name_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let json = write(
        &dir,
        "broken.json",
        "{\n  \"mcpdesc\": \"0.9.0\",\n  \"info\": }\n",
    );
    let (code, stdout, _) = run(&["check", &json]);
    assert_eq!(code, 2);
    assert!(
        stdout.starts_with(&format!("{json}:3:11: invalid JSON")),
        "{stdout}"
    );

    let yaml = write(&dir, "broken.yaml", "a: [1, 2\nb: 3\n");
    let (code, stdout, _) = run(&["check", &yaml]);
    assert_eq!(code, 2);
    assert!(
        stdout.contains(&format!("{yaml}:")) && stdout.contains("YAML syntax error"),
        "{stdout}"
    );

    let (code, stdout, _) = run(&["check", "/nonexistent/file.json"]);
    assert_eq!(code, 2);
    assert!(
        stdout.contains("/nonexistent/file.json: cannot read the file"),
        "{stdout}"
    );
}

#[test]
fn unreadable_wins_over_invalid() {
    let invalid = fixture("expected-invalid/elicitation-version-mismatch.json");
    let (code, _, _) = run(&["check", invalid.to_str().unwrap(), "/nonexistent.yaml"]);
    assert_eq!(code, 2);
}

#[test]
fn json_output() {
    let valid = fixture("expected-valid/elicitation-declarations.json");
    let invalid = fixture("expected-invalid/elicitation-form-semantics.json");
    let (code, stdout, _) = run(&[
        "check",
        "--json",
        valid.to_str().unwrap(),
        invalid.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    let out: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let files = out["files"].as_array().unwrap();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["valid"], true);
    assert_eq!(files[0]["diagnostics"], serde_json::json!([]));
    assert_eq!(files[1]["valid"], false);
    let first = &files[1]["diagnostics"][0];
    let keys: Vec<_> = first.as_object().unwrap().keys().cloned().collect();
    assert_eq!(keys, ["rule", "code", "severity", "path", "message"]);
    assert_eq!(first["severity"], "error");
    assert!(
        files[1]["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "duplicate-elicitation-name")
    );
}

#[test]
fn usage_errors_exit_two() {
    let (code, _, stderr) = run(&[]);
    assert_eq!(code, 2);
    assert!(stderr.contains("usage: mcpdesc check FILE..."));
    let (code, _, _) = run(&["lint", "x.json"]);
    assert_eq!(code, 2);
}

#[test]
fn the_example_servers_checked_in_description_checks_clean() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let yaml = root.join("examples/issue_tracker.mcpdesc.yaml");
    let json = root.join("tests/snapshots/issue_tracker.mcpdesc.json");
    let (code, stdout, stderr) = run(&[
        "check",
        yaml.to_str().unwrap(),
        json.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    for file in report["files"].as_array().unwrap() {
        assert_eq!(file["valid"], true, "{file}");
        assert_eq!(file["diagnostics"], serde_json::json!([]), "{file}");
    }
    assert_eq!(report["files"].as_array().unwrap().len(), 2);
}

const MINIMAL_JSON: &str = r#"{"mcpdesc": "0.9.0", "info": {"name": "a", "version": "1"}, "protocolVersions": ["2025-11-25"]}"#;

#[test]
fn extensions_are_read_in_any_case() {
    let dir = tempfile::tempdir().unwrap();
    let json = write(&dir, "upper.mcpdesc.JSON", MINIMAL_JSON);
    let yaml = write(
        &dir,
        "upper.mcpdesc.YAML",
        "mcpdesc: \"0.9.0\"\ninfo: {name: a, version: \"1\"}\nprotocolVersions: [2025-11-25]\n",
    );
    let yml = write(
        &dir,
        "mixed.mcpdesc.Yml",
        "mcpdesc: \"0.9.0\"\ninfo: {name: a, version: \"1\"}\nprotocolVersions: [2025-11-25]\n",
    );
    let (code, stdout, _) = run(&["check", &json, &yaml, &yml]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains("3 files checked: 0 errors, 0 warnings, 0 unreadable"),
        "{stdout}"
    );
    let other = write(&dir, "notes.mcpdesc.TXT", MINIMAL_JSON);
    let (code, stdout, _) = run(&["check", &other]);
    assert_eq!(code, 2, "{stdout}");
    assert!(stdout.contains("unknown file type \"TXT\""), "{stdout}");
}

#[test]
fn duplicate_json_keys_are_reported_with_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let json = write(
        &dir,
        "dup.mcpdesc.json",
        "{\n  \"mcpdesc\": \"0.9.0\",\n  \"info\": {\"name\": \"a\", \"name\": \"b\", \"version\": \"1\"},\n  \"protocolVersions\": [\"2025-11-25\"],\n  \"mcpdesc\": \"0.8.0\"\n}",
    );
    let (code, stdout, _) = run(&["check", &json]);
    assert_eq!(code, 2, "{stdout}");
    assert!(
        stdout.contains(&format!("{json}:3:25: duplicate key \"name\"")),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "{json}:5:3: duplicate key \"mcpdesc\": the object already has it at line 2, column 3"
        )),
        "{stdout}"
    );
}

#[test]
fn a_byte_order_mark_is_skipped_in_json_and_yaml() {
    let dir = tempfile::tempdir().unwrap();
    let json = write(&dir, "bom.mcpdesc.json", &format!("\u{feff}{MINIMAL_JSON}"));
    let yaml = write(
        &dir,
        "bom.mcpdesc.yaml",
        "\u{feff}mcpdesc: \"0.9.0\"\ninfo: {name: a, version: \"1\"}\nprotocolVersions: [2025-11-25]\n",
    );
    let (code, stdout, _) = run(&["check", &json, &yaml]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains("0 errors, 0 warnings, 0 unreadable"),
        "{stdout}"
    );
}

#[test]
fn yaml_root_diagnostics_point_at_the_start_of_the_document() {
    let dir = tempfile::tempdir().unwrap();
    let yaml = write(
        &dir,
        "root.mcpdesc.yaml",
        "# a comment\nmcpdesc: \"0.9.0\"\nprotocolVersions: [2025-11-25]\n",
    );
    let (code, stdout, _) = run(&["check", &yaml]);
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains(&format!("at / ({yaml}:2:1)")), "{stdout}");
}

#[test]
fn whitespace_only_text_and_integral_float_bounds_are_what_the_format_allows() {
    let dir = tempfile::tempdir().unwrap();
    let json = write(
        &dir,
        "blank.mcpdesc.json",
        r#"{"mcpdesc": "0.9.0", "info": {"name": "a", "version": "1"}, "protocolVersions": ["2025-11-25"],
 "tools": [{"name": "t", "inputSchema": {"type": "object"}, "elicitations": [{"name": "e", "mode": "form",
   "message": "   ", "when": "\t", "requestedSchema": {"type": "object", "properties": {"s": {"type": "string", "minLength": 3.0, "maxLength": 4.0}}}}]}]}"#,
    );
    let (code, stdout, _) = run(&["check", &json]);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("0 errors, 2 warnings"), "{stdout}");
    assert!(
        stdout.contains("warning[whitespace-only-text] at /tools/0/elicitations/0/message"),
        "{stdout}"
    );
    assert!(
        stdout.contains("warning[whitespace-only-text] at /tools/0/elicitations/0/when"),
        "{stdout}"
    );
}

#[test]
fn huge_numbers_are_written_short_in_messages() {
    let dir = tempfile::tempdir().unwrap();
    let json = write(
        &dir,
        "huge.mcpdesc.json",
        r#"{"mcpdesc": "0.9.0", "info": {"name": "a", "version": "1"}, "protocolVersions": ["2025-11-25"],
 "tools": [{"name": "t", "inputSchema": {"type": "object"}, "elicitations": [{"name": "e", "mode": "form",
   "message": "m", "requestedSchema": {"type": "object", "properties": {"n": {"type": "number", "minimum": 1e300, "maximum": 1e-300}}}}]}]}"#,
    );
    let (code, stdout, _) = run(&["check", &json]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.contains("`minimum` 1e+300 exceeds `maximum` 1e-300"),
        "{stdout}"
    );
    assert!(stdout.lines().all(|l| l.len() < 400), "{stdout}");
}
