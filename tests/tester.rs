//! `mcpdesc_check::tester::hold_listing` against running servers: the example, and the notes
//! servers written with the official Python and TypeScript SDKs (`tests/servers/`,
//! `tests/ts_client/notes_server.mjs`).
//!
//! - A server that serves what its description documents is found to, on every version.
//! - A version the description lists and the server does not serve is a refusal.
//! - A server that does not start, or answers nothing, is a failure within the time limit.

#![allow(clippy::restriction)]

use std::path::Path;
use std::time::{Duration, Instant};

use mcpdesc_check::tester::{Outcome, Server, VersionReport, hold_listing};
use serde_json::{Value, json};

#[path = "support/example.rs"]
mod example;
#[path = "support/node.rs"]
mod node;
#[path = "support/python.rs"]
mod python;

const WITHIN: Duration = Duration::from_secs(20);

fn servers_description(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/servers")
        .join(name);
    mcpdesc_check::yaml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
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

#[mcpdesc_needs::needs(python_sdk)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_sdk_server_serves_its_description_on_every_version() {
    let server = Server::command(python::sdk_python())
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/servers/py_notes.py"));
    let reports = hold_listing(
        &servers_description("py_notes.mcpdesc.yaml"),
        &server,
        WITHIN,
    )
    .await;
    assert_eq!(reports.len(), 3, "{:?}", said(&reports));
    assert!(all_listed_as_documented(&reports), "{:#?}", said(&reports));
}

/// Over stdio the TypeScript SDK serves the 2025 revisions: a description that lists
/// 2026-07-28 too is refused there, and held to the listing on the others.
#[mcpdesc_needs::needs(node)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_listed_and_not_served_is_refused() {
    let mut description = servers_description("ts_notes.mcpdesc.yaml");
    description["protocolVersions"] = json!(["2025-06-18", "2025-11-25", "2026-07-28"]);
    let server = Server::command("node")
        .arg("notes_server.mjs")
        .current_dir(node::ts_client_dir());
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

#[mcpdesc_needs::needs(node)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seeded_difference_is_reported_on_each_version() {
    let server = Server::command("node")
        .args(["notes_server.mjs", "--defect", "missing-tool"])
        .current_dir(node::ts_client_dir());
    let reports = hold_listing(
        &servers_description("ts_notes.mcpdesc.yaml"),
        &server,
        WITHIN,
    )
    .await;
    assert_eq!(reports.len(), 2);
    for report in &reports {
        let Outcome::Listed(changes) = &report.outcome else {
            panic!("{}: {}", report.version, report.outcome)
        };
        let rules: Vec<&str> = changes.changes().iter().map(|c| c.rule.id).collect();
        assert_eq!(rules, ["tool-removed"], "{}", report.version);
    }
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

/// A program that reads its input and writes nothing: every version fails at the handshake
/// within the limit, and the run ends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_answers_nothing_is_a_failure_within_the_limit() {
    let server = Server::command("sleep").arg("60");
    let limit = Duration::from_millis(500);
    let started = Instant::now();
    let reports = hold_listing(example::description(), &server, limit).await;
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    for report in &reports {
        let Outcome::Failed(why) = &report.outcome else {
            panic!("{}: {}", report.version, report.outcome)
        };
        assert!(why.contains("did not answer"), "{why}");
    }
}
