//! The `mcpdesc check` command: exit codes, YAML restrictions, parse errors and `--json`.
// Test code: the workspace's no-panic lints are for the crate's own code.
#![allow(clippy::restriction)]

use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "diff/cli.rs"]
mod diff_command;

fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/conformance/mcpdesc-0.8.0")
        .join(rel)
}

fn run(args: &[&str]) -> (i32, String, String) {
    // Help is wrapped at the terminal's width, else at `COLUMNS`, at most 100 columns; the
    // tests run without a terminal, and without `COLUMNS`, so at 100.
    let out = Command::new(env!("CARGO_BIN_EXE_mcpdesc"))
        .args(args)
        .env_remove("COLUMNS")
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

/// Writes `text` to a file `name` in a new directory and checks it: the exit code, stdout, the
/// file's path, and the directory, which is removed when dropped.
fn check_file(name: &str, text: &str) -> (i32, String, String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let file = write(&dir, name, text);
    let (code, stdout, _) = run(&["check", &file]);
    (code, stdout, file, dir)
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
    let (code, stdout, file, _dir) = check_file(
        "alias.mcpdesc.yaml",
        "mcpdesc: \"0.9.0\"\ninfo: &info\n  name: demo\n  version: \"1\"\nprotocolVersions: [\"2025-11-25\"]\nx-copy: *info\n",
    );
    assert_eq!(code, 2);
    assert!(stdout.contains(&format!("{file}:2:7: anchors")), "{stdout}");
    assert!(stdout.contains(&format!("{file}:6:9: aliases")), "{stdout}");
}

#[test]
fn yaml_diagnostics_show_where_they_are_written() {
    let (code, stdout, file, _dir) = check_file(
        "url.mcpdesc.yaml",
        "mcpdesc: \"0.9.0\"\ninfo:\n  name: demo\n  version: \"1\"\nprotocolVersions:\n  - \"2025-06-18\"\ntools:\n  - name: sign_in\n    inputSchema:\n      type: object\n    elicitations:\n      - name: login\n        mode: url\n        message: Sign in.\n",
    );
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
    let (code, stdout, json, _dir) = check_file(
        "broken.json",
        "{\n  \"mcpdesc\": \"0.9.0\",\n  \"info\": }\n",
    );
    assert_eq!(code, 2);
    assert!(
        stdout.starts_with(&format!("{json}:3:11: invalid JSON")),
        "{stdout}"
    );

    let (code, stdout, yaml, _dir) = check_file("broken.yaml", "a: [1, 2\nb: 3\n");
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
    // Where the diagnostic is written, too: the JSON file read again as YAML 1.2 for positions.
    assert_eq!(
        keys,
        [
            "rule", "code", "severity", "path", "message", "line", "column"
        ]
    );
    assert_eq!(first["severity"], "error");
    let text = std::fs::read_to_string(&invalid).unwrap();
    let (line, column) = (
        first["line"].as_u64().unwrap(),
        first["column"].as_u64().unwrap(),
    );
    let at = text
        .lines()
        .nth(line as usize - 1)
        .and_then(|l| l.chars().nth(column as usize - 1));
    // A member is located at its key's opening quote, the document at its `{`.
    assert!(matches!(at, Some('"' | '{')), "{first} at {at:?}");
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
    assert!(stderr.contains("Usage: mcpdesc <COMMAND>"), "{stderr}");
    let (code, _, stderr) = run(&["check"]);
    assert_eq!(code, 2);
    assert!(
        stderr
            .starts_with("error: the following required arguments were not provided:\n  <FILE>..."),
        "{stderr}"
    );
    let (code, _, stderr) = run(&["lint", "x.json"]);
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with("error: unrecognized subcommand 'lint'"),
        "{stderr}"
    );
    // An option this command does not have is not taken for a file.
    let file = fixture("expected-valid/elicitation-declarations.json");
    let (code, stdout, stderr) = run(&["check", file.to_str().unwrap(), "--bogus"]);
    assert_eq!(code, 2, "{stdout}");
    assert!(
        stderr.starts_with("error: unexpected argument '--bogus' found"),
        "{stderr}"
    );
    assert!(stdout.is_empty(), "{stdout}");
    // `--json` is `--format json`; the two together are one option given twice.
    let (code, _, stderr) = run(&[
        "check",
        file.to_str().unwrap(),
        "--json",
        "--format",
        "json",
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot be used with"), "{stderr}");
    let (code, _, stderr) = run(&["check", file.to_str().unwrap(), "--format", "yaml"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("invalid value 'yaml' for '--format <FORMAT>'"),
        "{stderr}"
    );
    assert!(
        stderr.contains("[possible values: human, json]"),
        "{stderr}"
    );
    let (code, _, stderr) = run(&["check", "-", "-"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("more than once"), "{stderr}");
}

/// Runs `mcpdesc` with `stdin` as its standard input.
fn run_with_stdin(args: &[&str], stdin: &str) -> (i32, String) {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_mcpdesc"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run mcpdesc");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(stdin.as_bytes()).unwrap();
    drop(input);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().expect("exit code"),
        String::from_utf8(out.stdout).unwrap(),
    )
}

#[test]
fn a_file_dash_is_standard_input_read_as_json_or_yaml_by_its_first_character() {
    // Valid fixtures of either kind, read from standard input.
    for valid in [
        "expected-valid/elicitation-declarations.json",
        "expected-valid/integrated-draft2-features.yaml",
    ] {
        let text = std::fs::read_to_string(fixture(valid)).unwrap();
        let (code, stdout) = run_with_stdin(&["check", "-"], &text);
        assert_eq!((code, stdout.as_str()), (0, "<stdin>: valid\n"), "{valid}");
    }
    // The JSON reader, not the YAML one: a duplicate key is reported as JSON's.
    let (code, stdout) = run_with_stdin(&["check", "-"], "\u{feff}\n {\"a\": 1, \"a\": 2}");
    assert_eq!(code, 2, "{stdout}");
    assert!(
        stdout.starts_with("<stdin>:2:11: duplicate key \"a\""),
        "{stdout}"
    );
    // Diagnostics are located in the text read.
    let (code, stdout) = run_with_stdin(&["check", "-"], "mcpdesc: 0.9.0\ninfo: 1\n");
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("at /info (<stdin>:2:1)"), "{stdout}");
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

/// JSON allows DEL, C1 controls, U+FFFE and U+FFFF raw in a string, which YAML does not: a JSON
/// file holding one is still located line by line (JSON is read as YAML 1.2 for positions).
#[test]
fn a_json_file_with_characters_yaml_refuses_is_still_located() {
    let (code, stdout, file, _dir) = check_file(
        "d.mcpdesc.json",
        "{\n  \"mcpdesc\": \"0.9.0\",\n  \"info\": {\"name\": \"a\u{7f}\u{9b}\", \"version\": \"1\"},\n  \"protocolVersions\": [\"1999-01-01\"]\n}\n",
    );
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.contains(&format!("at /protocolVersions/0 ({file}:4:24)")),
        "{stdout}"
    );
}

#[test]
fn duplicate_json_keys_are_reported_with_line_and_column() {
    let (code, stdout, json, _dir) = check_file(
        "dup.mcpdesc.json",
        "{\n  \"mcpdesc\": \"0.9.0\",\n  \"info\": {\"name\": \"a\", \"name\": \"b\", \"version\": \"1\"},\n  \"protocolVersions\": [\"2025-11-25\"],\n  \"mcpdesc\": \"0.8.0\"\n}",
    );
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
fn a_file_that_is_not_utf8_is_told_where_or_which_encoding_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let latin1 = dir.path().join("latin1.mcpdesc.yaml");
    std::fs::write(
        &latin1,
        b"mcpdesc: \"0.9.0\"\ninfo: {name: caf\xe9, version: \"1\"}\n",
    )
    .unwrap();
    let utf16 = dir.path().join("utf16.mcpdesc.json");
    std::fs::write(&utf16, b"\xff\xfe{\x00}\x00").unwrap();
    let (latin1, utf16) = (latin1.to_string_lossy(), utf16.to_string_lossy());
    let (code, stdout, stderr) = run(&["check", &latin1, &utf16]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    let all = format!("{stdout}{stderr}");
    assert!(
        all.contains(&format!("{latin1}:2:17: the byte 0xE9 is not UTF-8 here")),
        "{all}"
    );
    assert!(
        all.contains(&format!("{utf16}: the file is UTF-16")),
        "{all}"
    );
    assert_eq!(all.matches("save the file as UTF-8").count(), 2, "{all}");
}

#[test]
fn yaml_root_diagnostics_point_at_the_start_of_the_document() {
    let (code, stdout, yaml, _dir) = check_file(
        "root.mcpdesc.yaml",
        "# a comment\nmcpdesc: \"0.9.0\"\nprotocolVersions: [2025-11-25]\n",
    );
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains(&format!("at / ({yaml}:2:1)")), "{stdout}");
}

#[test]
fn whitespace_only_text_and_integral_float_bounds_are_what_the_format_allows() {
    let (code, stdout, _, _dir) = check_file(
        "blank.mcpdesc.json",
        r#"{"mcpdesc": "0.9.0", "info": {"name": "a", "version": "1"}, "protocolVersions": ["2025-11-25"],
 "tools": [{"name": "t", "inputSchema": {"type": "object"}, "elicitations": [{"name": "e", "mode": "form",
   "message": "   ", "when": "\t", "requestedSchema": {"type": "object", "properties": {"s": {"type": "string", "minLength": 3.0, "maxLength": 4.0}}}}]}]}"#,
    );
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
    let (code, stdout, _, _dir) = check_file(
        "huge.mcpdesc.json",
        r#"{"mcpdesc": "0.9.0", "info": {"name": "a", "version": "1"}, "protocolVersions": ["2025-11-25"],
 "tools": [{"name": "t", "inputSchema": {"type": "object"}, "elicitations": [{"name": "e", "mode": "form",
   "message": "m", "requestedSchema": {"type": "object", "properties": {"n": {"type": "number", "minimum": 1e300, "maximum": 1e-300}}}}]}]}"#,
    );
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.contains("`minimum` 1e+300 exceeds `maximum` 1e-300"),
        "{stdout}"
    );
    assert!(stdout.lines().all(|l| l.len() < 400), "{stdout}");
}

fn schema() -> String {
    fixture("schema.json").to_string_lossy().into_owned()
}

/// Every public fixture, by folder.
fn fixtures(folder: &str) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(fixture(folder))
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".json") || p.ends_with(".yaml"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{folder}");
    files
}

/// Without options, `check` classifies every public fixture as the reference validator does
/// (no diagnostic, warnings only, an error), so the format's published schema finds no error
/// the rules miss: with it, each file keeps its exit status.
#[test]
fn without_options_every_public_fixture_is_classified_and_the_format_schema_adds_nothing() {
    for (folder, status, clean) in [
        ("expected-valid", 0, true),
        ("expected-warning", 0, false),
        ("expected-invalid", 1, false),
    ] {
        for file in fixtures(folder) {
            let (code, stdout, _) = run(&["check", &file]);
            assert_eq!(code, status, "{file}: {stdout}");
            let warns = stdout.contains("warning[");
            match (clean, status) {
                (true, _) => assert!(stdout.ends_with(": valid\n"), "{file}: {stdout}"),
                (false, 0) => assert!(warns, "{file} has no warning: {stdout}"),
                _ => {}
            }
            let (code, with_schema, _) = run(&["check", &file, "--schema", &schema()]);
            assert_eq!(code, status, "{file} with --schema: {with_schema}");
        }
    }
}

/// `--schema` applies another JSON Schema beside the rules: here one that asks every tool for
/// a `title`, which the format leaves optional.
#[test]
fn the_schema_option_checks_what_the_rules_do_not_cover() {
    let dir = tempfile::tempdir().unwrap();
    let house = write(
        &dir,
        "house.schema.json",
        r#"{"properties": {"tools": {"items": {"required": ["title"]}}}}"#,
    );
    let document = write(
        &dir,
        "d.mcpdesc.json",
        r#"{"mcpdesc": "0.8.0", "info": {"name": "a", "version": "1"}, "protocolVersions": ["2025-11-25"],
 "transports": [{"type": "stdio", "command": "a"}],
 "tools": [{"name": "t", "inputSchema": {"type": "object"}}]}"#,
    );
    let (code, stdout, _) = run(&["check", &document]);
    assert_eq!(code, 0, "{stdout}");
    let (code, stdout, _) = run(&["check", &document, "--schema", &house, "--json"]);
    assert_eq!(code, 1, "{stdout}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let diagnostics = report["files"][0]["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{stdout}");
    let d = &diagnostics[0];
    assert_eq!(d["code"], "schema-validation", "{d}");
    // The rule is the members rule of the part the path is in.
    assert_eq!(d["rule"], "mcpdesc.tool.members", "{d}");
    assert!(d["path"].as_str().unwrap().starts_with("/tools/0"), "{d}");
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .ends_with("(the JSON Schema given with --schema)"),
        "{d}"
    );
}

#[test]
fn the_schema_option_keeps_valid_files_valid() {
    let mut files: Vec<String> = std::fs::read_dir(fixture("expected-valid"))
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert!(files.len() >= 20);
    let schema = schema();
    let mut args = vec!["check", "--schema", schema.as_str()];
    args.extend(files.iter().map(String::as_str));
    let (code, stdout, _) = run(&args);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains(" checked: 0 errors, 0 warnings"),
        "{stdout}"
    );
}

#[test]
fn the_schema_option_does_not_repeat_what_the_rules_report() {
    // The rules report each empty collection at its path (an empty `extensions` of a capability
    // among them); the schema refuses the same members, which are not reported twice.
    let file = fixture("expected-invalid/empty-ordinary-nested-collections.json");
    let file = file.to_str().unwrap();
    let paths = |args: &[&str]| {
        let (code, stdout, _) = run(args);
        assert_eq!(code, 1, "{stdout}");
        let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        let mut paths: Vec<String> = report["files"][0]["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["path"].as_str().unwrap().to_owned())
            .collect();
        paths.sort();
        paths
    };
    let rules = paths(&["check", file, "--json"]);
    let both = paths(&["check", file, "--json", "--schema", &schema()]);
    assert!(
        rules.contains(&"/capabilities/0/extensions".to_owned()),
        "{rules:?}"
    );
    assert_eq!(both, rules);
}

#[test]
fn a_schema_that_cannot_be_used_exits_two() {
    let dir = tempfile::tempdir().unwrap();
    let file = fixture("expected-valid/minimal-zero-primitives.json");
    let file = file.to_str().unwrap();
    let not_json = write(&dir, "schema.json", "{");
    let not_a_schema = write(&dir, "bad.json", r#"{"type": 12}"#);
    for (args, says) in [
        (
            vec!["check", file, "--schema"],
            "a value is required for '--schema <SCHEMA.json>'",
        ),
        (
            vec!["check", file, "--schema", "/no/such/schema.json"],
            "cannot read the file",
        ),
        (vec!["check", file, "--schema", &not_json], "not JSON"),
        (
            vec!["check", file, "--schema", &not_a_schema],
            "not a JSON Schema this tool can use",
        ),
    ] {
        let (code, _, stderr) = run(&args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    // `--schema=FILE` is the same option.
    let (code, stdout, _) = run(&["check", file, &format!("--schema={}", schema())]);
    assert_eq!(code, 0, "{stdout}");
}

/// A path need not be UTF-8 (on Unix, any bytes but `/` and NUL): the command reads the file
/// and names it with U+FFFD in place of what is not, where it had panicked reading its
/// arguments. An option that is not UTF-8 is an unknown option.
#[cfg(unix)]
#[test]
fn a_file_name_that_is_not_utf8_is_checked_and_named() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;

    let dir = tempfile::tempdir().unwrap();
    let valid = fixture("expected-valid/elicitation-declarations.json");
    let invalid = fixture("expected-invalid/elicitation-version-mismatch.json");
    let good = dir.path().join(OsStr::from_bytes(b"caf\xe9.json"));
    let bad = dir.path().join(OsStr::from_bytes(b"\xffbad.mcpdesc.json"));
    std::fs::copy(valid, &good).unwrap();
    std::fs::copy(invalid, &bad).unwrap();
    let dir_shown = dir.path().to_str().unwrap();

    let run_os = |args: &[&OsStr]| {
        let out = Command::new(env!("CARGO_BIN_EXE_mcpdesc"))
            .args(args)
            .output()
            .unwrap();
        let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
        (
            out.status.code().unwrap(),
            text(out.stdout),
            text(out.stderr),
        )
    };
    let check = OsStr::new("check");
    let (code, stdout, stderr) = run_os(&[check, good.as_os_str(), bad.as_os_str()]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(
        stdout.contains(&format!("{dir_shown}/caf\u{fffd}.json: valid")),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("{dir_shown}/\u{fffd}bad.mcpdesc.json: 1 error")),
        "{stdout}"
    );

    let (code, stdout, _) = run_os(&[check, OsStr::new("--json"), good.as_os_str()]);
    assert_eq!(code, 0, "{stdout}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        report["files"][0]["file"],
        format!("{dir_shown}/caf\u{fffd}.json")
    );

    // The schema's path too.
    let missing = dir.path().join(OsStr::from_bytes(b"\xff.schema.json"));
    let (code, _, stderr) = run_os(&[
        check,
        OsStr::new("--schema"),
        missing.as_os_str(),
        good.as_os_str(),
    ]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains(&format!(
            "--schema {dir_shown}/\u{fffd}.schema.json: cannot read the file"
        )),
        "{stderr}"
    );

    // A schema's path that is not UTF-8 may follow `--schema=` too.
    let (code, _, stderr) = run_os(&[
        check,
        OsStr::from_bytes(&[b"--schema=", missing.as_os_str().as_bytes()].concat()),
        good.as_os_str(),
    ]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("\u{fffd}.schema.json: cannot read the file"),
        "{stderr}"
    );

    let (code, _, stderr) = run_os(&[check, OsStr::from_bytes(b"--js\xffon"), good.as_os_str()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.starts_with("error: unexpected argument '--js\u{fffd}on'"),
        "{stderr}"
    );
    let (code, _, stderr) = run_os(&[OsStr::from_bytes(b"ch\xffeck"), good.as_os_str()]);
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with("error: unrecognized subcommand 'ch\u{fffd}eck'"),
        "{stderr}"
    );
}

/// Output that cannot be written (a full disk: `/dev/full`) is exit status 2, never a panic
/// (`println!` and `eprintln!` panic there): the help, a usage error, and a report.
#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_is_exit_two() {
    use std::process::Stdio;

    let full = || Stdio::from(std::fs::File::create("/dev/full").unwrap());
    let file = fixture("expected-valid/elicitation-declarations.json");
    let file = file.to_str().unwrap();
    let cases: [(&[&str], bool); 4] = [
        (&["--help"], true),
        (&["check", file], true),
        (&["check", file, "--json"], true),
        (&["lint", file], false),
    ];
    for (args, to_stdout) in cases {
        let mut command = Command::new(env!("CARGO_BIN_EXE_mcpdesc"));
        let command = command.args(args);
        let out = if to_stdout {
            command.stdout(full()).output()
        } else {
            command.stderr(full()).output()
        }
        .unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

/// Every public fixture, checked in one run, says word for word what the checked-in transcript
/// says (`tests/snapshots/conformance.txt`; `MCPDESC_BLESS=1` writes it): the command's output
/// changes only on purpose, and a change shows in review. The transcript was first written by
/// the command as it was before the checker had a crate of its own.
#[test]
fn every_public_fixture_reads_as_the_transcript_says() {
    let root = fixture("");
    let mut files = Vec::new();
    for dir in ["expected-valid", "expected-warning", "expected-invalid"] {
        let mut names: Vec<String> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|entry| format!("{dir}/{}", entry.unwrap().file_name().to_string_lossy()))
            .collect();
        names.sort();
        files.extend(names);
    }
    assert!(files.len() >= 94, "{files:?}");
    let out = Command::new(env!("CARGO_BIN_EXE_mcpdesc"))
        .arg("check")
        .args(&files)
        .current_dir(&root)
        .output()
        .expect("run mcpdesc");
    assert_eq!(
        out.status.code(),
        Some(1),
        "the invalid fixtures are errors"
    );
    let said = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    let transcript = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/conformance.txt");
    if std::env::var_os(mcpdesc_check::BLESS).is_some() {
        std::fs::write(&transcript, &said).unwrap();
    }
    let expected = std::fs::read_to_string(&transcript).unwrap();
    if said != expected {
        let line = said
            .lines()
            .zip(expected.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| said.lines().count().min(expected.lines().count()));
        panic!(
            "line {}: `mcpdesc check` says\n  {}\nwhere the transcript says\n  {}",
            line + 1,
            said.lines().nth(line).unwrap_or_default(),
            expected.lines().nth(line).unwrap_or_default()
        );
    }
}

/// The help of the command and of each subcommand, word for word as the checked-in text
/// (`tests/snapshots/help/`; `MCPDESC_BLESS=1` writes it), read as a user reads it: what each
/// command does, its options with their values and defaults, and its exit status. Help exits 0;
/// `-h` is the short form of the same help, `help COMMAND` the same as `COMMAND --help`.
#[test]
fn the_help_of_every_command_reads_as_written() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/help");
    let bless = std::env::var_os("MCPDESC_BLESS").is_some();
    for (name, args) in [
        ("mcpdesc.txt", &["--help"][..]),
        ("check.txt", &["check", "--help"]),
        ("diff.txt", &["diff", "--help"]),
        ("test.txt", &["test", "--help"]),
        ("mock.txt", &["mock", "--help"]),
        ("check-short.txt", &["check", "-h"]),
    ] {
        let (code, stdout, stderr) = run(args);
        assert_eq!(code, 0, "{args:?}: {stderr}");
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
        let path = dir.join(name);
        if bless {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &stdout).unwrap();
        }
        let expected = std::fs::read_to_string(&path).unwrap();
        assert_eq!(stdout, expected, "{args:?} (MCPDESC_BLESS=1 writes {name})");
    }
    assert_eq!(run(&["help", "diff"]).1, run(&["diff", "--help"]).1);
    let (code, stdout, _) = run(&["--version"]);
    assert_eq!(code, 0);
    assert_eq!(stdout, format!("mcpdesc {}\n", env!("CARGO_PKG_VERSION")));
    // A subcommand's version is named as clap names a subcommand.
    assert_eq!(
        run(&["check", "--version"]).1,
        format!("mcpdesc-check {}\n", env!("CARGO_PKG_VERSION"))
    );
}
