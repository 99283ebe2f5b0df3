//! `mcpdesc mock` (`mcpdesc_check::mock::Mock`) held to its description by `mcpdesc test`, and
//! its command:
//!
//! - the tester against the mock of the example's description and of every valid public
//!   conformance fixture finds nothing: the two commands check each other;
//! - two runs of the command give the same bytes for the same request, and `--seed` changes
//!   them, still valid against the output schema;
//! - an invalid description is refused with `check`'s diagnostics before anything is served.

// Test code: the workspace's no-panic lints are for the crate's own code.
#![allow(clippy::restriction)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use mcpdesc_check::mock::Mock;
use mcpdesc_check::tester::{Report, Server, Status, Test};
use serde_json::{Value, json};

#[path = "../../tests/support/description_file.rs"]
mod description_file;
use description_file::load;

fn conformance() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/conformance/mcpdesc-0.8.0")
}

fn example_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/issue_tracker.mcpdesc.yaml")
}

/// The valid public fixtures (valid and warning ones), by file name.
fn fixtures() -> Vec<(String, PathBuf)> {
    let mut paths: Vec<(String, PathBuf)> = ["expected-valid", "expected-warning"]
        .iter()
        .flat_map(|dir| {
            std::fs::read_dir(conformance().join(dir))
                .unwrap_or_else(|e| panic!("{dir}: {e}"))
                .map(|e| e.unwrap().path())
        })
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("json" | "yaml" | "yml")
            )
        })
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    paths.sort();
    paths
}

fn block_on<F: std::future::Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(future)
}

/// `mcpdesc test` against the mock of `description`, in process.
fn tested(description: &Value) -> Report {
    let mock = Mock::new(description).unwrap();
    let server = Server::in_process(move || mock.server());
    block_on(Test::new(description).seed(3).cases(6).run(&server))
}

#[test]
fn the_tester_finds_nothing_in_the_mock_of_the_example() {
    let description = load(&example_path());
    let report = tested(&description);
    assert_eq!(report.status(), Status::Passed, "{report}");
    assert!(report.findings.is_empty(), "{report}");
    assert_eq!(report.versions.len(), 3);
    assert!(
        report.versions.iter().all(|v| v.served && v.tools == 7),
        "{report}"
    );
}

/// What the tester finds in the mock of a fixture on purpose, each with why: `(fixture, check,
/// primitive, version)`.
const DELIBERATE: &[(&str, &str, &str, &str)] = &[
    // The mock lists through rmcp's model, which has no member for what MCP may add later: a tool
    // annotation it does not know, an `x-` member of a prompt argument, and a tool's `execution`
    // (tasks) are left out of the listing, as any rmcp server leaves them out.
    (
        "distinct-tool-and-resource-annotations.json",
        "listing-differs",
        "/tools/0/annotations/futureToolHint",
        "2025-11-25",
    ),
    (
        "distinct-tool-and-resource-annotations.json",
        "listing-differs",
        "/resources/0/annotations",
        "2025-11-25",
    ),
    (
        "object-level-specification-extensions.json",
        "listing-differs",
        "/prompts/0/arguments/0/x-example-default-source",
        "2025-11-25",
    ),
    (
        "object-level-specification-extensions.json",
        "listing-differs",
        "/prompts/0/arguments/0/x-example-default-source",
        "2026-07-28",
    ),
    (
        "protocol-scoped-primitives.json",
        "listing-differs",
        "/tools/0/execution",
        "2025-11-25",
    ),
    // The fixture's warning: its resource's example is read as text/plain where the resource
    // says application/json. The mock answers with the example as written.
    (
        "resource-example-consistency.json",
        "resource-mime-type",
        "test://single",
        "2025-11-25",
    ),
];

#[test]
fn the_tester_finds_nothing_in_the_mock_of_every_valid_fixture() {
    let mut failed = Vec::new();
    let mut deliberate = Vec::new();
    let mut called = 0;
    for (name, path) in fixtures() {
        let description = load(&path);
        let report = tested(&description);
        called += usize::from(report.calls > 0);
        let (known, unknown): (Vec<_>, Vec<_>) = report.findings.iter().partition(|f| {
            DELIBERATE.contains(&(
                name.as_str(),
                f.check.code(),
                f.primitive.as_str(),
                f.version.as_str(),
            ))
        });
        deliberate.extend(known.iter().map(|f| (name.clone(), f.primitive.clone())));
        // A description of no primitives has nothing to call: the run says so, and finds nothing.
        let ran = report.versions.iter().all(|v| v.served)
            && (report.calls > 0 || report.status() == Status::NotRun);
        if !ran || !unknown.is_empty() {
            failed.push(format!("{name}:\n{report}"));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
    // Every deliberate difference still happens: a stale one is a list to shorten.
    assert_eq!(deliberate.len(), DELIBERATE.len(), "{deliberate:?}");
    assert!(called >= 25, "{called} fixtures were called");
}

/// The `mcpdesc` command, which cargo builds for this package's tests.
fn mcpdesc() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_mcpdesc"))
}

/// The lines `mcpdesc mock` writes for `requests` (JSON-RPC over stdio), one per answer, in
/// order; the session is closed after the last answer.
fn exchange(args: &[&str], requests: &[Value]) -> Vec<String> {
    let mut child = Command::new(mcpdesc())
        .arg("mock")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut lines = Vec::new();
    for request in requests {
        writeln!(stdin, "{request}").unwrap();
        stdin.flush().unwrap();
        if request.get("id").is_none() {
            continue;
        }
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        lines.push(line);
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    lines
}

fn session(version: &str, call: Value) -> Vec<Value> {
    vec![
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": version,
            "capabilities": {},
            "clientInfo": {"name": "determinism", "version": "1.0.0"}
        }}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": call}),
    ]
}

/// A description with a tool whose result is generated: an outputSchema, no example.
fn forecast() -> Value {
    json!({
        "mcpdesc": "0.9.0",
        "info": {"name": "weather", "version": "1.0.0"},
        "protocolVersions": ["2025-06-18", "2025-11-25"],
        "tools": [{
            "name": "forecast",
            "inputSchema": {
                "type": "object",
                "properties": {"city": {"type": "string", "minLength": 1}},
                "required": ["city"]
            },
            "outputSchema": {
                "type": "object",
                "properties": {
                    "celsius": {"type": "number", "minimum": -90, "maximum": 60},
                    "sky": {"enum": ["clear", "clouds", "rain"]},
                    "hours": {"type": "array", "items": {"type": "integer"}, "maxItems": 4}
                },
                "required": ["celsius", "sky"]
            }
        }]
    })
}

#[test]
fn the_same_request_gets_the_same_bytes_and_a_seed_changes_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("forecast.json");
    std::fs::write(&path, forecast().to_string()).unwrap();
    let path = path.to_str().unwrap();
    let call = |city: &str| json!({"name": "forecast", "arguments": {"city": city}});
    let first = exchange(&[path], &session("2025-06-18", call("Paris")));
    let again = exchange(&[path], &session("2025-06-18", call("Paris")));
    assert_eq!(first, again);
    let seeded = exchange(
        &[path, "--seed", "9"],
        &session("2025-06-18", call("Paris")),
    );
    assert_ne!(first[1], seeded[1]);
    let elsewhere = exchange(&[path], &session("2025-06-18", call("Oslo")));
    assert_ne!(first[1], elsewhere[1]);
    let judge = jsonschema::validator_for(&forecast()["tools"][0]["outputSchema"]).unwrap();
    for line in [&first[1], &seeded[1], &elsewhere[1]] {
        let answer: Value = serde_json::from_str(line).unwrap();
        let structured = &answer["result"]["structuredContent"];
        assert!(judge.is_valid(structured), "{answer}");
        // The text is the structured content's JSON.
        let text = answer["result"]["content"][0]["text"].as_str().unwrap();
        assert_eq!(&serde_json::from_str::<Value>(text).unwrap(), structured);
    }
}

#[test]
fn an_invalid_description_is_refused_before_anything_is_served() {
    let invalid = conformance().join("expected-invalid");
    let path = std::fs::read_dir(&invalid)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "json"))
        .unwrap();
    let out = Command::new(mcpdesc())
        .arg("mock")
        .arg(&path)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("is not a valid description; `mcpdesc check` says:"),
        "{stderr}"
    );
    assert!(stderr.contains("error["), "{stderr}");
    assert!(out.stdout.is_empty());
    // The library refuses it the same way.
    assert!(matches!(
        Mock::new(&load(&path)),
        Err(mcpdesc_check::mock::MockError::Invalid(errors)) if !errors.is_empty()
    ));
}

/// `--http`: Streamable HTTP at /mcp on a loopback port, where `mcpdesc test` finds nothing; a
/// request naming another host is refused before it is read, and an address that is not
/// loopback is refused at start.
#[test]
fn the_mock_serves_streamable_http_on_loopback_with_the_host_check() {
    let mut child = Command::new(mcpdesc())
        .args(["mock"])
        .arg(example_path())
        .args(["--http", "127.0.0.1:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let url = loop {
        let mut line = String::new();
        assert!(
            stderr.read_line(&mut line).unwrap() > 0,
            "the mock said where it serves"
        );
        if let Some(at) = line.find("http://") {
            break line[at..].trim().to_owned();
        }
    };
    let report = block_on(
        Test::new(&load(&example_path()))
            .seed(5)
            .cases(2)
            .run(&Server::http(url.clone())),
    );
    // A raw request naming a host that is not loopback.
    let authority = url.trim_start_matches("http://").trim_end_matches("/mcp");
    let mut stream = std::net::TcpStream::connect(authority).unwrap();
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
    write!(
        stream,
        "POST /mcp HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    std::io::Read::read_to_string(&mut stream, &mut answer).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(report.status(), Status::Passed, "{report}");
    assert_eq!(report.versions.len(), 3);
    assert!(answer.starts_with("HTTP/1.1 403"), "{answer}");

    let out = Command::new(mcpdesc())
        .arg("mock")
        .arg(example_path())
        .args(["--http", "0.0.0.0:0"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("is not a loopback address"),
        "{out:?}"
    );
}
