//! `mcpdesc_check::tester::Test`, the engine of `mcpdesc test`, against servers nobody here
//! wrote, with seeded defects and clean controls:
//!
//! - `tests/servers/py_tasks.py` (the Python SDK's low-level `Server`): one defect per check,
//!   each found under its check and nothing else, on every version it applies to;
//! - `tests/servers/py_notes.py` (the Python SDK's `MCPServer`) and
//!   `tests/ts_client/notes_server.mjs` (the TypeScript SDK): clean controls, and the TypeScript
//!   server for a version listed and not served;
//! - the example, over stdio.
//!
//! The seeded-defect test prints its counts per check: found / seeded, and findings on the clean
//! servers.

#![allow(clippy::restriction)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use mcpdesc_check::tester::{Check, Level, Report, Server, Status, Test};
use serde_json::{Value, json};

#[path = "support/description_file.rs"]
mod description_file;
#[path = "support/example.rs"]
mod example;
#[path = "support/mcpdesc_command.rs"]
mod mcpdesc_command;
#[path = "support/node.rs"]
mod node;
#[path = "support/python.rs"]
mod python;
use mcpdesc_command::mcpdesc;

const SEED: u64 = 20261206;

fn servers_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/servers")
}

fn description(name: &str) -> Value {
    description_file::load(&servers_dir().join(name))
}

/// A test of few cases and a short time limit: the seeded defects need no more.
fn test(description: &Value) -> Test {
    Test::new(description)
        .seed(SEED)
        .cases(4)
        .timeout(Duration::from_secs(3))
}

fn tasks(defects: &[&str]) -> Server {
    Server::command(python::sdk_python())
        .arg(servers_dir().join("py_tasks.py"))
        .args(defects.iter().flat_map(|d| ["--defect", d]))
        .quiet()
}

/// The checks of a report's findings, each once, in order.
fn checks(report: &Report) -> Vec<Check> {
    let mut found: Vec<Check> = report.findings.iter().map(|f| f.check).collect();
    found.sort();
    found.dedup();
    found
}

/// Each defect of `py_tasks.py`, the check that finds it, and the versions it shows on.
const SEEDED: [(&str, Check, usize); 12] = [
    ("crash", Check::ServerError, 3),
    ("refuse-valid", Check::ValidInputRefused, 3),
    ("accept-invalid", Check::InvalidInputAccepted, 3),
    ("wrong-output", Check::OutputSchema, 3),
    ("stall", Check::NoAnswer, 3),
    ("wrong-mime", Check::ResourceMimeType, 3),
    ("broken-template", Check::ResourceUnreadable, 3),
    ("noise", Check::InvalidMessage, 3),
    // The question is declared on the 2025 revisions only.
    ("undeclared-question", Check::ElicitationDrift, 2),
    // The declared one is then never asked.
    ("undeclared-question", Check::NeverAsked, 2),
    ("ask-again", Check::AnswerRefused, 2),
    ("extra-tool", Check::ListingDiffers, 3),
];

#[test]
fn the_hand_written_description_is_valid() {
    let report = mcpdesc_check::validate(&description("py_tasks.mcpdesc.yaml"));
    assert!(report.is_valid(), "{report:?}");
}

#[mcpdesc_needs::needs(python_sdk, node)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_seeded_defect_is_found_by_its_check_and_the_clean_servers_pass() {
    let tasks_description = description("py_tasks.mcpdesc.yaml");
    // found / seeded, per check.
    let mut counts: BTreeMap<Check, (usize, usize)> = BTreeMap::new();
    let mut wrong = Vec::new();
    for (defect, check, versions) in SEEDED {
        let report = test(&tasks_description).run(&tasks(&[defect])).await;
        let on = report.findings.iter().filter(|f| f.check == check).count();
        let entry = counts.entry(check).or_default();
        entry.0 += on.min(versions);
        entry.1 += versions;
        // The checks this defect is expected to break, every one.
        let expected: Vec<Check> = SEEDED
            .iter()
            .filter(|(d, _, _)| *d == defect)
            .map(|(_, c, _)| *c)
            .collect();
        if checks(&report) != expected || on != versions || report.status() != Status::Failed {
            wrong.push(format!(
                "{defect}: expected {check} on {versions} versions:\n{report}"
            ));
        }
    }
    // A version listed and not served: the TypeScript SDK serves no 2026-07-28 over stdio.
    let mut ts_description = description("ts_notes.mcpdesc.yaml");
    ts_description["protocolVersions"] = json!(["2025-06-18", "2025-11-25", "2026-07-28"]);
    let ts = Server::command("node")
        .arg("notes_server.mjs")
        .current_dir(node::ts_client_dir())
        .quiet();
    let report = test(&ts_description).run(&ts).await;
    let refused = report
        .findings
        .iter()
        .filter(|f| f.check == Check::VersionRefused)
        .count();
    counts.insert(Check::VersionRefused, (refused, 1));
    if checks(&report) != [Check::VersionRefused] || refused != 1 {
        wrong.push(format!(
            "TypeScript on 2026-07-28: expected version-refused:\n{report}"
        ));
    }

    // The clean controls: nothing at all, but the Python SDK's type conversion, a warning.
    let mut false_alarms: Vec<(String, usize, usize)> = Vec::new();
    let clean = [
        (
            "py_tasks (Python, low-level)",
            tasks_description.clone(),
            tasks(&[]),
        ),
        (
            "py_notes (Python, MCPServer)",
            description("py_notes.mcpdesc.yaml"),
            Server::command(python::sdk_python())
                .arg(servers_dir().join("py_notes.py"))
                .quiet(),
        ),
        (
            "ts_notes (TypeScript)",
            description("ts_notes.mcpdesc.yaml"),
            Server::command("node")
                .arg("notes_server.mjs")
                .current_dir(node::ts_client_dir())
                .quiet(),
        ),
    ];
    for (name, description, server) in clean {
        let report = test(&description).cases(20).run(&server).await;
        let failures = report.failures().count();
        let warnings = report.findings.len() - failures;
        false_alarms.push((name.to_owned(), failures, warnings));
        let only_coerced = report
            .findings
            .iter()
            .all(|f| f.check == Check::InvalidInputCoerced && f.level == Level::Warning);
        if report.status() != Status::Passed || !only_coerced {
            wrong.push(format!("{name} is clean:\n{report}"));
        }
    }

    let mut table = String::from("mcpdesc test, seeded defects: found / seeded, per check\n");
    for (check, (found, seeded)) in &counts {
        table.push_str(&format!("  {check}: {found} / {seeded}\n"));
    }
    table.push_str("clean servers: failures, warnings (false alarms)\n");
    for (name, failures, warnings) in &false_alarms {
        table.push_str(&format!("  {name}: {failures}, {warnings}\n"));
    }
    // Printed here, and kept for `.ci/run` to print (a passing test's output is not shown).
    print!("{table}");
    std::fs::write(
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("tester-counts.txt"),
        &table,
    )
    .unwrap();
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
    // Every check but the warning-only coercion has a defect that breaks it.
    for check in Check::ALL {
        if check != Check::InvalidInputCoerced {
            assert!(counts.contains_key(&check), "no seeded defect for {check}");
        }
    }
}

/// The Python SDK's `MCPServer` reads `"0"` as the integer 0 (Pydantic's default mode): found,
/// as a warning of its own, with the conversion said.
#[mcpdesc_needs::needs(python_sdk)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_converts_types_is_warned_not_failed() {
    let server = Server::command(python::sdk_python())
        .arg(servers_dir().join("py_notes.py"))
        .quiet();
    let report = test(&description("py_notes.mcpdesc.yaml"))
        .cases(40)
        .run(&server)
        .await;
    assert_eq!(report.status(), Status::Passed, "{report}");
    let coerced: Vec<_> = report
        .findings
        .iter()
        .filter(|f| f.check == Check::InvalidInputCoerced)
        .collect();
    assert!(!coerced.is_empty(), "{report}");
    assert!(coerced[0].message.contains("converts types"), "{report}");
    // Made a failure, the same finding fails the run.
    let strict = test(&description("py_notes.mcpdesc.yaml"))
        .cases(40)
        .level(Check::InvalidInputCoerced, Level::Failure)
        .run(&server)
        .await;
    assert_eq!(strict.status(), Status::Failed, "{strict}");
}

/// A generated failure is shrunk: the smallest input that still breaks the check, here the one
/// argument whose wrong type the server takes.
#[mcpdesc_needs::needs(python_sdk)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_generated_failure_is_shrunk_and_replays() {
    let description = description("py_tasks.mcpdesc.yaml");
    let server = tasks(&["accept-invalid"]);
    let report = test(&description).cases(20).run(&server).await;
    let finding = report
        .findings
        .iter()
        .find(|f| f.check == Check::InvalidInputAccepted)
        .expect("found");
    let call = finding.call.clone().expect("the call");
    assert!(!call.valid);
    assert!(!finding.exchange.is_empty());
    // Replayed on the defective server it fails again; on the clean one it passes.
    let again = test(&description).replay(&server, &call).await;
    assert_eq!(again.status(), Status::Failed, "{again}");
    let fixed = test(&description).replay(&tasks(&[]), &call).await;
    assert_eq!(fixed.status(), Status::Passed, "{fixed}");
}

/// The example over stdio: every version, every check, and no known failure. (The tester found
/// one: the runtime refused a multi-select answer that repeats a choice, which the form it sends
/// allows, as MCP's form vocabulary has no `uniqueItems`. The answer check now takes it.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_example_keeps_its_description() {
    let server = Server::command(example::server_binary())
        .arg("serve")
        .quiet();
    let report = Test::new(example::description())
        .seed(SEED)
        .cases(10)
        // An issue that exists: the tools that act on one ask only then.
        .arguments("assign_issue", json!({"issue": 1}))
        .arguments("edit_issue", json!({"issue": 1}))
        .arguments("close_issue", json!({"issue": 1}))
        .arguments("delete_issue", json!({"issue": 1}))
        .run(&server)
        .await;
    assert_eq!(report.status(), Status::Passed, "{report}");
    assert_eq!(report.versions.len(), 3);
    assert!(report.versions.iter().all(|v| v.served && v.tools == 7));
}

fn run_cli(args: &[&str], server: &[&str]) -> (i32, String, String) {
    let python = python::sdk_python();
    let mut command = Command::new(mcpdesc());
    command
        .arg("test")
        .args(args)
        .args([
            "--seed",
            "7",
            "--cases",
            "3",
            "--timeout",
            "3",
            "--quiet-server",
        ])
        .arg("--")
        .arg(python)
        .arg(servers_dir().join("py_tasks.py"))
        .args(server);
    let out = command.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[mcpdesc_needs::needs(python_sdk)]
#[test]
fn the_command_exits_0_1_or_2_and_writes_each_format() {
    let file = servers_dir().join("py_tasks.mcpdesc.yaml");
    let file = file.to_str().unwrap();
    let (code, out, _) = run_cli(&[file], &[]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("passed: 0 failures"), "{out}");

    let (code, out, _) = run_cli(&[file, "--format", "json"], &["--defect", "wrong-output"]);
    assert_eq!(code, 1, "{out}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["status"], "failed");
    assert_eq!(report["findings"][0]["check"], "output-schema");
    assert_eq!(report["seed"], 7);

    let (code, out, _) = run_cli(&[file, "--format", "junit"], &["--defect", "wrong-output"]);
    assert_eq!(code, 1);
    assert!(out.starts_with("<?xml"), "{out}");
    assert!(out.contains("name=\"output-schema\">"), "{out}");

    let (code, out, _) = run_cli(&[file, "--format", "github"], &["--defect", "wrong-output"]);
    assert_eq!(code, 1);
    assert!(out.starts_with("::error file="), "{out}");

    // Made a warning, the same finding passes the run.
    let (code, out, _) = run_cli(
        &[file, "--warn", "output-schema"],
        &["--defect", "wrong-output"],
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("warning[output-schema]"), "{out}");

    // Skipping the one tool that breaks it: nothing found.
    let (code, out, _) = run_cli(
        &[file, "--skip", "count_tasks"],
        &["--defect", "wrong-output"],
    );
    assert_eq!(code, 0, "{out}");
}

#[mcpdesc_needs::needs(python_sdk)]
#[test]
fn known_failures_pass_and_stale_ones_fail() {
    let dir = tempfile::tempdir().unwrap();
    let known = dir.path().join("known.yaml");
    std::fs::write(&known, "- check: output-schema\n  primitive: count_tasks\n").unwrap();
    let file = servers_dir().join("py_tasks.mcpdesc.yaml");
    let args = [
        file.to_str().unwrap(),
        "--known-failures",
        known.to_str().unwrap(),
    ];
    let (code, out, _) = run_cli(&args, &["--defect", "wrong-output"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("3 known"), "{out}");
    // Fixed, the entry is stale: the run fails until it is removed.
    let (code, out, _) = run_cli(&args, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("no longer happens"), "{out}");
}

#[mcpdesc_needs::needs(python_sdk)]
#[test]
fn replay_says_failing_fixed_or_flaky() {
    let dir = tempfile::tempdir().unwrap();
    let file = servers_dir().join("py_tasks.mcpdesc.yaml");
    let file = file.to_str().unwrap();
    let (code, out, _) = run_cli(&[file, "--format", "json"], &["--defect", "crash"]);
    assert_eq!(code, 1, "{out}");
    let saved = dir.path().join("report.json");
    std::fs::write(&saved, &out).unwrap();
    let saved = saved.to_str().unwrap();
    let (code, out, _) = run_cli(&[file, "--replay", saved], &["--defect", "crash"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("still failing in every run"), "{out}");
    let (code, out, _) = run_cli(&[file, "--replay", saved], &[]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("fixed: three runs passed"), "{out}");
}

#[test]
fn an_invalid_description_or_a_server_that_cannot_run_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.mcpdesc.yaml");
    std::fs::write(&bad, "mcpdesc: \"0.9.0\"\ninfo: {name: x}\n").unwrap();
    let out = Command::new(mcpdesc())
        .args(["test", bad.to_str().unwrap(), "--", "true"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is not a valid description"), "{err}");
    assert!(err.contains("error["), "{err}");

    let file = servers_dir().join("py_tasks.mcpdesc.yaml");
    let out = Command::new(mcpdesc())
        .args(["test", file.to_str().unwrap(), "--", "/nonexistent/server"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("not run"), "{text}");
}

/// `--url` with `--bearer-token-env`: the example served over Streamable HTTP on loopback, asking
/// for a token. The token is read from the variable; a variable that is not set is refused.
#[test]
fn the_command_tests_a_server_over_http_with_a_token_from_the_environment() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let addr = format!("127.0.0.1:{port}");
    /// Stops the server however the test ends.
    struct Stopped(std::process::Child);
    impl Drop for Stopped {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let _server = Stopped(
        Command::new(example::server_binary())
            .args(["serve", "--http", &addr])
            .env("ISSUE_TRACKER_TOKENS", "alice:alice-token-0123456789")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap(),
    );
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(&addr).is_err() {
        assert!(std::time::Instant::now() < deadline, "the example listens");
        std::thread::sleep(Duration::from_millis(50));
    }
    let url = format!("http://{addr}/mcp");
    let description =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/issue_tracker.mcpdesc.yaml");
    let run = |token_var: &str| {
        Command::new(mcpdesc())
            .arg("test")
            .arg(&description)
            .args(["--url", &url, "--bearer-token-env", token_var])
            .args(["--seed", "7", "--cases", "2", "--skip", "delete_issue"])
            .args(["--arguments", r#"close_issue={"issue": 1}"#])
            .args(["--arguments", r#"assign_issue={"issue": 1}"#])
            .args(["--arguments", r#"edit_issue={"issue": 1}"#])
            .env("TRACKER_TOKEN", "alice-token-0123456789")
            .env_remove("NO_SUCH_TOKEN")
            .output()
            .unwrap()
    };
    let out = run("TRACKER_TOKEN");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("passed: 0 failures"), "{text}");
    let out = run("NO_SUCH_TOKEN");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--bearer-token-env NO_SUCH_TOKEN"),
        "{out:?}"
    );
}

/// The example with a fault switch (`ISSUE_TRACKER_FAULT=after-close`: the process stops after
/// closing an issue, before it answers): every version finds the server error on `close_issue`,
/// and the server is started again for the tools after it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_example_with_a_fault_switch_is_caught() {
    let server = Server::command(example::server_binary())
        .arg("serve")
        .env("ISSUE_TRACKER_FAULT", "after-close")
        .quiet();
    let report = Test::new(example::description())
        .seed(SEED)
        .cases(2)
        .arguments("close_issue", json!({"issue": 1}))
        // Closing happens only when the user confirms.
        .answer("close_issue", "confirm_close", json!({"confirm": true}))
        .level(Check::NeverAsked, Level::Ignored)
        .run(&server)
        .await;
    let crashed: Vec<String> = report
        .findings
        .iter()
        .filter(|f| f.check == Check::ServerError)
        .map(|f| format!("{} {}", f.version, f.primitive))
        .collect();
    assert_eq!(
        crashed,
        [
            "2025-06-18 close_issue",
            "2025-11-25 close_issue",
            "2026-07-28 close_issue"
        ],
        "{report}"
    );
    assert_eq!(checks(&report), [Check::ServerError], "{report}");
    // The tools after it were called on a server started again.
    assert!(report.versions.iter().all(|v| v.tools == 7), "{report}");
}

/// A chosen answer is given where the tester would make one: the example's triage answered
/// with one label is never asked again. An answer its form does not allow stops the run.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chosen_answer_is_given_and_checked_against_its_form() {
    let server = Server::command(example::server_binary())
        .arg("serve")
        .quiet();
    let test = || {
        Test::new(example::description())
            .seed(SEED)
            .cases(4)
            .level(Check::NeverAsked, Level::Ignored)
    };
    let chosen = json!({"labels": ["docs"], "kind": "chore", "estimate": 2});
    let report = test()
        .answer("create_issue", "triage", chosen)
        .run(&server)
        .await;
    assert_eq!(report.status(), Status::Passed, "{report}");

    let report = test()
        .answer("create_issue", "triage", json!({"labels": []}))
        .run(&server)
        .await;
    assert_eq!(report.status(), Status::NotRun);
    assert_eq!(report.problems.len(), 1, "{report}");
    assert!(
        report.problems[0].starts_with(
            ".answer(\"create_issue\", \"triage\", ..): the answer does not fit the declared form:"
        ),
        "{report}"
    );
}

/// `skip_destructive` leaves out every tool that may be destructive: `py_tasks` annotates none,
/// and MCP's default is destructive, so no tool is called and its broken output goes unseen;
/// its resources are still read.
#[mcpdesc_needs::needs(python_sdk)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn skip_destructive_calls_no_tool_that_may_destroy() {
    let description = description("py_tasks.mcpdesc.yaml");
    let report = test(&description)
        .skip_destructive()
        .run(&tasks(&["wrong-output"]))
        .await;
    assert_eq!(report.status(), Status::Passed, "{report}");
    assert!(
        report.versions.iter().all(|v| v.tools == 0 && v.calls > 0),
        "{report}"
    );
}

/// A replayed call is judged as the run judged it: the Python SDK's type conversion stays a
/// warning (the run passes), not an accepted invalid input.
#[mcpdesc_needs::needs(python_sdk)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replayed_coercion_is_still_a_coercion() {
    let server = Server::command(python::sdk_python())
        .arg(servers_dir().join("py_notes.py"))
        .quiet();
    let description = description("py_notes.mcpdesc.yaml");
    let report = test(&description).cases(40).run(&server).await;
    let coerced = report
        .findings
        .iter()
        .find(|f| f.check == Check::InvalidInputCoerced)
        .expect("found");
    let again = test(&description)
        .replay(&server, coerced.call.as_ref().unwrap())
        .await;
    assert_eq!(checks(&again), [Check::InvalidInputCoerced], "{again}");
    assert_eq!(again.status(), Status::Passed, "{again}");
}

/// Arguments that are not an object could not be sent: the run says so instead of leaving them
/// unused.
#[test]
fn arguments_that_are_not_an_object_stop_the_run() {
    let report = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(
            test(&description("py_tasks.mcpdesc.yaml"))
                .arguments("add_task", json!(["title"]))
                .run(&Server::command("/nonexistent/server")),
        );
    assert_eq!(report.status(), Status::NotRun);
    assert_eq!(
        report.problems,
        [
            r#"arguments for "add_task": ["title"] is not a JSON object, and MCP sends arguments as one"#
        ]
    );
    assert_eq!(report.calls, 0);
}
