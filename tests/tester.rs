//! `mcpdesc_check::tester::hold_listing` against running servers: the example, and servers
//! nobody here wrote, one notes server written with each official SDK, Python
//! (`tests/servers/py_notes.py`) and TypeScript (`tests/ts_client/notes_server.mjs`), each with
//! its description written by hand (`tests/servers/{py,ts}_notes.mcpdesc.yaml`). Those
//! descriptions say the schemas as JSON Schema says them rather than as the SDK generates them
//! (`type: [string, "null"]` where Pydantic writes `anyOf`, no `title`s); they differ where the
//! servers do: zod bounds integers to a JavaScript number's safe range and closes structured
//! results, and over stdio the TypeScript SDK serves the 2025 revisions only.
//!
//! - A clean server is found to list exactly its description on every version: no false alarm.
//! - Each seeded difference is found under the rule `diff` names for it, and nothing else is.
//! - A version the description lists and the server does not serve is a refusal.
//! - A server that does not start, or answers nothing, is a failure within the time limit.

#![allow(clippy::restriction)]

use std::path::Path;
use std::time::Duration;

use mcpdesc_check::tester::{Outcome, Server, VersionReport, hold_listing};
use serde_json::{Value, json};

#[path = "support/description_file.rs"]
mod description_file;
#[path = "support/example.rs"]
mod example;
#[path = "support/node.rs"]
mod node;
#[path = "support/python.rs"]
mod python;

const WITHIN: Duration = Duration::from_secs(20);

fn servers_description(name: &str) -> Value {
    description_file::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/servers")
            .join(name),
    )
}

/// Each version and what came of it, as text: `2025-06-18: lists what its description documents`.
fn said(reports: &[VersionReport]) -> Vec<String> {
    reports
        .iter()
        .map(|r| format!("{}: {}", r.version, r.outcome))
        .collect()
}

fn all_listed_as_documented(reports: &[VersionReport]) -> bool {
    reports
        .iter()
        .all(|r| matches!(&r.outcome, Outcome::Listed(changes) if changes.is_empty()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_example_serves_its_description_on_every_version() {
    let server = Server::command(example::server_binary()).arg("serve");
    let reports = hold_listing(example::description(), &server, WITHIN).await;
    assert_eq!(reports.len(), 3, "{:?}", said(&reports));
    assert!(all_listed_as_documented(&reports), "{:#?}", said(&reports));
}

/// The SDK a notes server is written with.
#[derive(Clone, Copy, Debug)]
enum Sdk {
    Python,
    TypeScript,
}

/// The notes server of `sdk`, with the seeded `defects`, and its description.
fn notes(sdk: Sdk, defects: &[&str]) -> (Server, Value) {
    let defects = defects.iter().flat_map(|d| ["--defect", d]);
    match sdk {
        Sdk::Python => (
            Server::command(python::sdk_python())
                .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/servers/py_notes.py"))
                .args(defects),
            servers_description("py_notes.mcpdesc.yaml"),
        ),
        Sdk::TypeScript => (
            Server::command("node")
                .arg("notes_server.mjs")
                .args(defects)
                .current_dir(node::ts_client_dir()),
            servers_description("ts_notes.mcpdesc.yaml"),
        ),
    }
}

#[test]
fn the_hand_written_descriptions_are_valid() {
    for name in ["py_notes.mcpdesc.yaml", "ts_notes.mcpdesc.yaml"] {
        let report = mcpdesc_check::validate(&servers_description(name));
        assert!(report.is_valid(), "{name}: {report:?}");
    }
}

async fn a_clean_server_lists_its_description(sdk: Sdk, versions: usize) {
    let (server, description) = notes(sdk, &[]);
    let reports = hold_listing(&description, &server, WITHIN).await;
    assert_eq!(reports.len(), versions, "{sdk:?}: {:?}", said(&reports));
    assert!(
        all_listed_as_documented(&reports),
        "{sdk:?}: {:#?}",
        said(&reports)
    );
}

/// The seeded defects, and the rules each is found under.
const SEEDED: [(&str, &[&str]); 3] = [
    ("missing-tool", &["tool-removed"]),
    ("undocumented-tool", &["tool-added"]),
    (
        "tightened-input",
        &["input-required-added", "input-type-narrowed"],
    ),
];

async fn each_seeded_difference_is_found(sdk: Sdk) {
    for (defect, expected) in SEEDED {
        let (server, description) = notes(sdk, &[defect]);
        for report in hold_listing(&description, &server, WITHIN).await {
            let Outcome::Listed(changes) = &report.outcome else {
                panic!(
                    "{sdk:?}, {defect} on {}: {}",
                    report.version, report.outcome
                )
            };
            let rules: Vec<&str> = changes.changes().iter().map(|c| c.rule.id).collect();
            assert_eq!(
                rules, expected,
                "{sdk:?}, {defect} on {}:\n{changes}",
                report.version
            );
        }
    }
}

#[mcpdesc_needs::needs(python_sdk)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clean_python_server_lists_its_description_on_every_version() {
    a_clean_server_lists_its_description(Sdk::Python, 3).await;
}

#[mcpdesc_needs::needs(python_sdk)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_seeded_difference_of_the_python_server_is_found_and_nothing_else() {
    each_seeded_difference_is_found(Sdk::Python).await;
}

#[mcpdesc_needs::needs(node)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clean_typescript_server_lists_its_description_on_every_version() {
    a_clean_server_lists_its_description(Sdk::TypeScript, 2).await;
}

#[mcpdesc_needs::needs(node)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_seeded_difference_of_the_typescript_server_is_found_and_nothing_else() {
    each_seeded_difference_is_found(Sdk::TypeScript).await;
}

/// Over stdio the TypeScript SDK serves the 2025 revisions: a description that lists
/// 2026-07-28 too is refused there, and held to the listing on the others.
#[mcpdesc_needs::needs(node)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_listed_and_not_served_is_refused() {
    let (server, mut description) = notes(Sdk::TypeScript, &[]);
    description["protocolVersions"] = json!(["2025-06-18", "2025-11-25", "2026-07-28"]);
    let reports = hold_listing(&description, &server, WITHIN).await;
    let said = said(&reports);
    assert_eq!(
        said,
        [
            "2025-06-18: lists what its description documents",
            "2025-11-25: lists what its description documents",
            "2026-07-28: the description lists this version, and the server does not serve it",
        ],
        "{said:#?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_does_not_start_is_a_failure() {
    let server = Server::command("/nonexistent/mcp-server");
    let reports = hold_listing(example::description(), &server, WITHIN).await;
    assert_eq!(reports.len(), 3);
    for report in &reports {
        let Outcome::Failed(why) = &report.outcome else {
            panic!("{}: {}", report.version, report.outcome)
        };
        assert!(why.starts_with("the server did not start"), "{why}");
    }
}

/// A program that reads nothing and writes nothing for a minute: every version fails at the
/// handshake by the time limit. (Without the limit, each would wait for the program to end and
/// fail as a closed connection instead.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_answers_nothing_is_a_failure_within_the_limit() {
    let server = Server::command("sleep").arg("60");
    let reports = hold_listing(example::description(), &server, Duration::from_millis(500)).await;
    assert_eq!(reports.len(), 3);
    for report in &reports {
        let Outcome::Failed(why) = &report.outcome else {
            panic!("{}: {}", report.version, report.outcome)
        };
        assert!(why.contains("did not answer"), "{why}");
    }
}
