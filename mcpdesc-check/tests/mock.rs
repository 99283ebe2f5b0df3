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
    // The fixture's warning: its resource's example is read as text/plain where the resource
    // says application/json. The mock answers with the example as written.
    (
        "resource-example-consistency.json",
        "resource-mime-type",
        "test://single",
        "2025-11-25",
    ),
];

/// Over stdio the lists hold what rmcp's model has no member for (a tool's `execution`, an
/// annotation MCP may add later, an `x-` member of a prompt argument), as the description
/// writes it.
#[test]
fn the_tester_finds_nothing_in_the_mock_of_every_valid_fixture() {
    let mut failed = Vec::new();
    let mut deliberate = Vec::new();
    let mut called = 0;
    for (name, path) in fixtures() {
        let description = load(&path);
        // As users run it: the command, over stdio.
        let server = Server::command(mcpdesc()).arg("mock").arg(&path).quiet();
        let report = block_on(Test::new(&description).seed(3).cases(6).run(&server));
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

/// A description with a tool whose result is generated: an outputSchema, no example (shared with
/// the SDK clients' test).
fn forecast_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/servers/forecast.mcpdesc.json")
}

#[test]
fn the_same_request_gets_the_same_bytes_and_a_seed_changes_them() {
    let path = forecast_path();
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
    let judge =
        jsonschema::validator_for(&load(&forecast_path())["tools"][0]["outputSchema"]).unwrap();
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

/// A shop whose tool has examples (one an error), two questions the interaction example asks in
/// the other order than declared, a URL question with no URL, a prompt with a required argument
/// and a resource template.
fn shop() -> Value {
    let confirm = json!({
        "type": "object",
        "properties": {"ok": {"type": "boolean", "title": "Place the order?"}},
        "required": ["ok"]
    });
    let address = json!({
        "type": "object",
        "properties": {"street": {"type": "string", "title": "Street", "minLength": 1}},
        "required": ["street"]
    });
    json!({
        "mcpdesc": "0.9.0",
        "info": {"name": "shop", "version": "1.0.0"},
        "protocolVersions": ["2025-06-18", "2025-11-25"],
        "tools": [
            {
                "name": "order",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "item": {"type": "string", "minLength": 1},
                        "count": {"type": "integer", "minimum": 1}
                    },
                    "required": ["item", "count"],
                    "additionalProperties": false
                },
                "outputSchema": {
                    "type": "object",
                    "properties": {"total": {"type": "number"}},
                    "required": ["total"]
                },
                "elicitations": [
                    {
                        "name": "confirm",
                        "mode": "form",
                        "message": "Place the order?",
                        "requestedSchema": confirm,
                        "onDecline": "The order is not placed.",
                        "onCancel": "The order is not placed."
                    },
                    {
                        "name": "address",
                        "mode": "form",
                        "message": "Where should it go?",
                        "requestedSchema": address
                    }
                ],
                "examples": {
                    "two-mugs": {
                        "input": {"item": "mug", "count": 2},
                        "result": {
                            "content": [{"type": "text", "text": "Two mugs, 12 euros."}],
                            "structuredContent": {"total": 12}
                        }
                    },
                    "sold-out": {
                        "input": {"item": "lamp", "count": 1},
                        "result": {
                            "content": [{"type": "text", "text": "Sold out."}],
                            "isError": true
                        }
                    }
                },
                "interactionExamples": {
                    "address-first": {
                        "input": {"item": "mug", "count": 2},
                        "steps": [
                            {
                                "type": "elicitation",
                                "declaration": "address",
                                "request": {
                                    "mode": "form",
                                    "message": "Where should it go?",
                                    "requestedSchema": address
                                },
                                "response": {"action": "accept", "content": {"street": "Main St"}}
                            },
                            {
                                "type": "elicitation",
                                "declaration": "confirm",
                                "request": {
                                    "mode": "form",
                                    "message": "Place the order?",
                                    "requestedSchema": confirm
                                },
                                "response": {"action": "accept", "content": {"ok": true}}
                            }
                        ],
                        "result": {
                            "content": [{"type": "text", "text": "Two mugs, 12 euros."}],
                            "structuredContent": {"total": 12}
                        }
                    }
                }
            },
            {
                "name": "sign_in",
                "protocolVersions": ["2025-11-25"],
                "inputSchema": {"type": "object"},
                "elicitations": [{
                    "name": "authorize",
                    "mode": "url",
                    "message": "Sign in to the shop."
                }]
            }
        ],
        "prompts": [{
            "name": "brief",
            "arguments": [{"name": "topic", "required": true}, {"name": "tone"}]
        }],
        "resourceTemplates": [{
            "uriTemplate": "shop://items/{id}",
            "name": "item",
            "mimeType": "application/json"
        }]
    })
}

/// A session with `mcpdesc mock` over stdio, a line at a time.
struct Session {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    stdout: BufReader<std::process::ChildStdout>,
}

impl Session {
    /// The mock of `description`, initialized on `version` by a client that declares form and
    /// URL mode.
    fn open(description: &Value, version: &str) -> (Self, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("description.json");
        std::fs::write(&path, description.to_string()).unwrap();
        let mut child = Command::new(mcpdesc())
            .arg("mock")
            .arg(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut session = Session {
            child,
            stdin,
            stdout,
        };
        session.send(
            json!({"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": {
                "protocolVersion": version,
                "capabilities": {"elicitation": {"form": {}, "url": {}}},
                "clientInfo": {"name": "mock-test", "version": "1.0.0"}
            }}),
        );
        assert_eq!(session.recv()["result"]["protocolVersion"], version);
        session.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        (session, dir)
    }

    fn send(&mut self, message: Value) {
        writeln!(self.stdin, "{message}").unwrap();
        self.stdin.flush().unwrap();
    }

    fn recv(&mut self) -> Value {
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"))
    }

    /// Sends a request and answers each question the mock asks with `answer(request)`, until
    /// the request's own answer comes: that answer, and the questions asked.
    fn call(
        &mut self,
        id: u64,
        method: &str,
        params: Value,
        mut answer: impl FnMut(&Value) -> Value,
    ) -> (Value, Vec<Value>) {
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let mut asked = Vec::new();
        loop {
            let message = self.recv();
            if message["method"] == "elicitation/create" {
                let result = answer(&message["params"]);
                asked.push(message["params"].clone());
                self.send(json!({"jsonrpc": "2.0", "id": message["id"], "result": result}));
            } else if message["id"] == id {
                return (message, asked);
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn accept(params: &Value) -> Value {
    match params["message"].as_str() {
        Some("Place the order?") => json!({"action": "accept", "content": {"ok": true}}),
        Some("Where should it go?") => {
            json!({"action": "accept", "content": {"street": "Main St"}})
        }
        _ => json!({"action": "accept"}),
    }
}

#[test]
fn a_call_asks_in_the_interaction_examples_order_and_answers_from_the_matching_example() {
    let (mut session, _dir) = Session::open(&shop(), "2025-11-25");
    let args = json!({"name": "order", "arguments": {"item": "mug", "count": 2}});
    let (answer, asked) = session.call(1, "tools/call", args, accept);
    let messages: Vec<&str> = asked.iter().filter_map(|p| p["message"].as_str()).collect();
    // The interaction example asks the address first, though it is declared second.
    assert_eq!(messages, ["Where should it go?", "Place the order?"]);
    assert_eq!(answer["result"]["structuredContent"], json!({"total": 12}));
    assert_eq!(
        answer["result"]["content"][0]["text"],
        "Two mugs, 12 euros."
    );

    // Another input: a generated result, valid against the output schema.
    let args = json!({"name": "order", "arguments": {"item": "cup", "count": 3}});
    let (answer, _) = session.call(2, "tools/call", args, accept);
    assert!(
        answer["result"]["structuredContent"]["total"].is_number(),
        "{answer}"
    );
    assert_ne!(answer["result"]["isError"], true);

    // A decline ends the questions; the result says the declaration's onDecline, first.
    let args = json!({"name": "order", "arguments": {"item": "cup", "count": 3}});
    let (answer, asked) = session.call(3, "tools/call", args, |params| {
        match params["message"].as_str() {
            Some("Place the order?") => json!({"action": "decline"}),
            _ => accept(params),
        }
    });
    assert_eq!(asked.len(), 2);
    assert_eq!(
        answer["result"]["content"][0]["text"],
        "The order is not placed."
    );
}

#[test]
fn meta_picks_an_example_or_the_error_result() {
    let (mut session, _dir) = Session::open(&shop(), "2025-06-18");
    let arguments = json!({"item": "cup", "count": 3});
    let pick = |name: &str| json!({"name": "order", "arguments": arguments, "_meta": {"org.mcpdesc/example": name}});
    let (answer, _) = session.call(1, "tools/call", pick("two-mugs"), accept);
    assert_eq!(answer["result"]["structuredContent"], json!({"total": 12}));
    let (answer, _) = session.call(2, "tools/call", pick("no-such"), accept);
    assert_eq!(answer["error"]["code"], -32602);
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(message.contains("`two-mugs`, `sold-out`"), "{message}");
    let error =
        json!({"name": "order", "arguments": arguments, "_meta": {"org.mcpdesc/error": true}});
    let (answer, _) = session.call(3, "tools/call", error, accept);
    assert_eq!(answer["result"]["isError"], true);
    assert_eq!(answer["result"]["content"][0]["text"], "Sold out.");
}

#[test]
fn every_problem_of_the_arguments_is_in_one_invalid_params_error() {
    let (mut session, _dir) = Session::open(&shop(), "2025-11-25");
    let args = json!({"name": "order", "arguments": {"item": "", "count": 0, "gift": true}});
    let (answer, asked) = session.call(1, "tools/call", args, accept);
    // Refused before any question.
    assert!(asked.is_empty());
    assert_eq!(answer["error"]["code"], -32602, "{answer}");
    let problems = answer["error"]["data"]["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 3, "{problems:?}");
}

#[test]
fn a_url_question_without_a_url_presents_a_generated_one() {
    let (mut session, _dir) = Session::open(&shop(), "2025-11-25");
    let (answer, asked) = session.call(
        1,
        "tools/call",
        json!({"name": "sign_in", "arguments": {}}),
        accept,
    );
    assert_eq!(asked.len(), 1, "{answer}");
    assert_eq!(asked[0]["mode"], "url");
    let url = asked[0]["url"].as_str().unwrap();
    assert!(url.starts_with("https://"), "{url}");
    assert_ne!(answer["result"]["isError"], true, "{answer}");
    // Scoped to 2025-11-25: not there on 2025-06-18.
    let (mut older, _dir) = Session::open(&shop(), "2025-06-18");
    let (listed, _) = older.call(1, "tools/list", json!({}), accept);
    let names: Vec<&str> = listed["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(names, ["order"]);
}

#[test]
fn prompts_need_their_arguments_and_templates_read_only_their_uris() {
    let (mut session, _dir) = Session::open(&shop(), "2025-11-25");
    let (answer, _) = session.call(1, "prompts/get", json!({"name": "brief"}), accept);
    assert_eq!(answer["error"]["code"], -32602);
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("`topic`")
    );
    let (answer, _) = session.call(
        2,
        "prompts/get",
        json!({"name": "brief", "arguments": {"topic": "mugs"}}),
        accept,
    );
    let text = answer["result"]["messages"][0]["content"]["text"]
        .as_str()
        .unwrap();
    assert!(text.contains("topic = mugs"), "{text}");
    let (answer, _) = session.call(
        3,
        "resources/read",
        json!({"uri": "shop://items/7"}),
        accept,
    );
    let contents = &answer["result"]["contents"][0];
    assert_eq!(contents["mimeType"], "application/json");
    assert!(serde_json::from_str::<Value>(contents["text"].as_str().unwrap()).is_ok());
    let (answer, _) = session.call(
        4,
        "resources/read",
        json!({"uri": "shop://other/7"}),
        accept,
    );
    assert_eq!(answer["error"]["code"], -32002, "{answer}");
}

/// A tool schema the `jsonschema` crate cannot compile (a pre-2020-12 shape the validator only
/// warns about) is served unchecked, and the mock says so.
#[test]
fn a_schema_the_mock_cannot_hold_to_is_said() {
    let path = conformance().join("expected-warning/pre-dialect-tool-schema-shape.json");
    let mock = Mock::new(&load(&path)).unwrap();
    assert_eq!(mock.notices().len(), 1, "{:?}", mock.notices());
    assert!(
        mock.notices()[0]
            .starts_with("tool `legacy_numeric_input`: its inputSchema cannot be read"),
        "{:?}",
        mock.notices()
    );
    let out = Command::new(mcpdesc())
        .arg("mock")
        .arg(&path)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("mcpdesc mock: note: tool `legacy_numeric_input`"),
        "{out:?}"
    );
}

/// The two commands check each other as users run them: `mcpdesc test DESCRIPTION -- mcpdesc
/// mock DESCRIPTION` passes.
#[test]
fn mcpdesc_test_passes_mcpdesc_mock_of_the_same_description() {
    let description = example_path();
    let out = Command::new(mcpdesc())
        .arg("test")
        .arg(&description)
        .args(["--cases", "3", "--seed", "11", "--"])
        .arg(mcpdesc())
        .arg("mock")
        .arg(&description)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("passed: 0 failures, 0 warnings"),
        "{stdout}"
    );
}
