//! The example server driven by clients nobody here wrote: the official TypeScript MCP SDK's
//! (`tests/ts_client`, pinned in its `package-lock.json`) on the versions it speaks, 2025-06-18
//! and 2025-11-25; the client of that SDK's second major version (`@modelcontextprotocol/client`,
//! pinned beside it) on 2025-06-18, 2025-11-25 and 2026-07-28, which it negotiates with
//! `server/discover`; and the official Python MCP SDK's (`tests/py_client`, pinned in its
//! `requirements.txt`) on 2025-11-25 and 2026-07-28. On 2026-07-28 the server asks through
//! input-required results and each SDK answers by retrying the call (`tests/serve_stdio.rs`
//! drives every version with rmcp's client).
//!
//! The TypeScript client checks every `elicitation/create` request against its own schema of the
//! protocol before its handler sees it, and answers the server with an error when one does not
//! fit; the Python client reads every request into its own models. Here, for every tool and
//! prompt, with the scripted user accepting (with content made from the request's schema),
//! accepting with a value of the wrong type for every property, declining and cancelling: each
//! primitive that declares an elicitation in the negotiated version's scope asks, and only those
//! ask; every request the client received matches its declaration in the description
//! (`contract::check_description`); an accepted answer is read and applied; a wrong one is
//! refused, naming every property, and nothing is applied; a declined or cancelled one is
//! followed as the declaration's `onDecline` / `onCancel` says. Beyond the example's forms, a
//! form with every property kind and keyword, a 2025-06-18 one, run-time filled ones and a URL
//! request pass the TypeScript SDK's check (of both major versions) and read into the Python
//! SDK's models, each keeping every member of them (all three drop what they do not know); and
//! the error "URL elicitation required" and the completion notification of MCP 2025-11-25 read
//! as each SDK's own.
//!
//! Needs Node.js and npm, and Python; the clients' packages are installed on first use (`npm
//! ci`, a virtual environment). Where Node.js or Python is missing, each test that needs it is
//! reported as ignored, with the reason (`#[needs(...)]`), unless `MCPDESC_REQUIRE_NODE` /
//! `MCPDESC_REQUIRE_PYTHON_SDK` is set (as CI does): then it fails.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use mcpdesc_runtime::choices::{ChoiceList, FormChoices};
use mcpdesc_runtime::contract;
use mcpdesc_runtime::registry::Primitive;
use mcpdesc_runtime::{ElicitationEnum, ElicitationForm, ProtocolVersion};
use serde_json::{Value, json};

#[path = "replicas/cluster.rs"]
#[allow(dead_code)]
mod cluster;
#[path = "support/example.rs"]
mod example;
#[path = "support/mcpdesc_command.rs"]
mod mcpdesc_command;
#[path = "support/node.rs"]
mod node;
#[path = "support/python.rs"]
mod python;
use example::{description, server_binary};

/// One run of the client: the negotiated version, and what each tool and prompt call did.
fn drive(script: &Path, version: ProtocolVersion, act: &str, tools: &[&str]) -> Value {
    drive_declaring(script, version, act, tools, r#"{"form": {}, "url": {}}"#)
}

/// `drive`, the client declaring `capability` as its elicitation capability.
fn drive_declaring(
    script: &Path,
    version: ProtocolVersion,
    act: &str,
    tools: &[&str],
    capability: &str,
) -> Value {
    drive_with(script, version, act, tools, capability, &[])
}

/// `drive_declaring`, the server started with the environment variables `env`.
fn drive_with(
    script: &Path,
    version: ProtocolVersion,
    act: &str,
    tools: &[&str],
    capability: &str,
    env: &[(&str, &str)],
) -> Value {
    let mut node = Command::new("node");
    node.envs(env.iter().copied());
    node.env("ELICITATION_CAPABILITY", capability)
        .arg(script)
        .arg(server_binary())
        .arg(version.as_str())
        .arg(act)
        .args(tools);
    one_json_line(node, &format!("{version} {act}"))
}

/// The arguments that make `mcpdesc` serve the mock of the example's description: the drivers
/// run the command with them (`SERVER_ARGS`) where they would run the example with `serve`.
fn mock_args() -> String {
    let description =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/issue_tracker.mcpdesc.yaml");
    json!(["mock", description]).to_string()
}

/// `drive` against `mcpdesc mock` of the example's description.
fn drive_mock(script: &Path, version: ProtocolVersion, act: &str, tools: &[&str]) -> Value {
    let mut node = Command::new("node");
    node.env("ELICITATION_CAPABILITY", r#"{"form": {}, "url": {}}"#)
        .env("SERVER_ARGS", mock_args())
        .arg(script)
        .arg(mcpdesc_command::mcpdesc())
        .arg(version.as_str())
        .arg(act)
        .args(tools);
    one_json_line(node, &format!("the mock, {version} {act}"))
}

/// Runs a driver: the JSON line it prints last, or a failure that says what ran (`what`) and
/// what the driver wrote. (The TypeScript SDK 2's client writes its warnings to standard output
/// too, such as a list asked of a server without the capability.)
fn one_json_line(mut driver: Command, what: &str) -> Value {
    let out = driver.output().expect("the driver runs");
    assert!(
        out.status.success(),
        "{what}: the client failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let last = stdout
        .lines()
        .rfind(|l| !l.trim().is_empty())
        .unwrap_or_default();
    serde_json::from_str(last).unwrap_or_else(|e| panic!("{what}: {e}\n{stdout}"))
}

/// The primitive's declarations whose scope (their own, else the primitive's, else the
/// document's) holds `version`.
fn declared_in_scope(primitive: &Value, version: ProtocolVersion) -> Vec<&Value> {
    let root = &description()["protocolVersions"];
    let holds = |scope: &Value| {
        scope
            .as_array()
            .is_some_and(|s| s.iter().any(|v| v == version.as_str()))
    };
    primitive["elicitations"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|d| {
            let scope = [&d["protocolVersions"], &primitive["protocolVersions"], root]
                .into_iter()
                .find(|s| s.is_array())
                .unwrap_or(root);
            holds(scope)
        })
        .collect()
}

/// Checks one tool's or prompt's call; `primitive` is its entry in the description.
fn check_call(
    call: &Value,
    primitive: Primitive,
    entry: &Value,
    version: ProtocolVersion,
    act: &str,
) {
    let at = format!("{version} {act} {primitive}");
    let requests = call["requests"].as_array().expect("requests");
    let forms: Vec<&Value> = requests.iter().filter(|r| r["mode"] == "form").collect();
    // A wrong answer to a prompt's or a resource read's form is an error of the call; nothing
    // else is.
    let refused = act == "accept-invalid" && !forms.is_empty();
    let errs = matches!(
        primitive,
        Primitive::Prompt(_) | Primitive::ResourceTemplate(_)
    );
    if !(refused && errs) {
        assert!(call["error"].is_null(), "{at}: {}", call["error"]);
    }
    let declared = declared_in_scope(entry, version);
    assert_eq!(
        requests.is_empty(),
        declared.is_empty(),
        "{at}: {} requests, {} declarations in scope",
        requests.len(),
        declared.len()
    );
    let text = call["text"].as_str().unwrap_or_default();
    for params in requests {
        let matched = contract::check_description(description(), primitive, version, params)
            .unwrap_or_else(|e| panic!("{at}: {e}\n{params}"));
        let declaration = declared
            .iter()
            .find(|d| d["name"] == matched.name())
            .unwrap_or_else(|| panic!("{at}: `{}` is not in scope", matched.name()));
        let follows = match act {
            "decline" => &declaration["onDecline"],
            "cancel" => &declaration["onCancel"],
            _ => &Value::Null,
        };
        if let Some(follows) = follows.as_str() {
            assert!(
                text.contains(follows),
                "{at}: {text:?} does not follow {follows:?}"
            );
        }
    }
    // A tool's accepted answer is applied: its result is not an error.
    if act == "accept" && !requests.is_empty() && matches!(primitive, Primitive::Tool(_)) {
        assert_eq!(call["isError"], false, "{at}: {text}");
    }
    if refused {
        // Every property got a value of the wrong type: nothing is applied, and the caller is
        // told about every one (a tool in its result, a prompt in its error).
        let told = match primitive {
            Primitive::Tool(_) => {
                assert_eq!(call["isError"], true, "{at}: {}", call["text"]);
                call["text"].as_str()
            }
            _ => call["error"].as_str(),
        }
        .unwrap_or_default();
        for request in &forms {
            let properties = request["requestedSchema"]["properties"]
                .as_object()
                .expect("properties");
            for name in properties.keys() {
                assert!(
                    told.contains(&format!("`{name}`")),
                    "{at}: {name} in {told}"
                );
            }
        }
    }
}

/// The description's tools and prompts, by name, and its resource templates, by URI template.
fn described(collection: &str) -> Vec<(&'static str, &'static Value)> {
    let key = match collection {
        "resourceTemplates" => "uriTemplate",
        _ => "name",
    };
    description()[collection]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| (e[key].as_str().expect("a name"), e))
        .collect()
}

/// Every tool, in the description's order, except that deleting comes last: it removes the
/// issue that the others are called with.
fn call_order() -> Vec<&'static str> {
    let mut order: Vec<&str> = described("tools").iter().map(|(name, _)| *name).collect();
    order.sort_by_key(|name| *name == "delete_issue");
    order
}

/// Checks one run of a client (`drive.mjs` / `drive.py` output) on `version`.
fn check_run(run: &Value, version: ProtocolVersion, act: &str) {
    assert_eq!(run["version"], version.as_str(), "{act}");
    type Kind = (
        &'static str,
        &'static str,
        &'static str,
        fn(&'static str) -> Primitive,
    );
    let kinds: [Kind; 3] = [
        ("tools", "tools", "name", Primitive::Tool),
        ("prompts", "prompts", "name", Primitive::Prompt),
        (
            "resourceTemplates",
            "resources",
            "uriTemplate",
            Primitive::ResourceTemplate,
        ),
    ];
    for (collection, ran, key, primitive) in kinds {
        let entries = described(collection);
        let calls = run[ran].as_array().expect("the calls");
        assert_eq!(calls.len(), entries.len(), "{collection}");
        for call in calls {
            let (name, entry) = entries
                .iter()
                .find(|(n, _)| call[key] == *n)
                .unwrap_or_else(|| panic!("{} is not described", call[key]));
            check_call(call, primitive(name), entry, version, act);
        }
    }
}

const ACTS: [&str; 4] = ["accept", "accept-invalid", "decline", "cancel"];

#[mcpdesc_needs::needs(node)]
#[test]
fn the_official_typescript_client_is_asked_as_declared_and_answered() {
    let dir = node::ts_client_dir();
    let script = dir.join("drive.mjs");
    let order = call_order();
    for version in [ProtocolVersion::V2025_06_18, ProtocolVersion::V2025_11_25] {
        for act in ACTS {
            check_run(&drive(&script, version, act, &order), version, act);
        }
    }
}

/// The client of the TypeScript SDK's second major version (`@modelcontextprotocol/client`),
/// which checks each request against its schema of the negotiated era's wire, and speaks
/// 2026-07-28 (negotiated with `server/discover`), answering input-required results itself.
#[mcpdesc_needs::needs(node)]
#[test]
fn the_typescript_sdks_second_major_version_is_asked_as_declared_and_answered() {
    let dir = node::ts_client_dir();
    let script = dir.join("drive_v2.mjs");
    let order = call_order();
    for version in [
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ] {
        for act in ACTS {
            check_run(&drive(&script, version, act, &order), version, act);
        }
    }
}

#[mcpdesc_needs::needs(python_sdk)]
#[test]
fn the_official_python_client_is_asked_as_declared_and_answered() {
    let python = python::sdk_python();
    let order = call_order();
    // The handshake (which the SDK offers at 2025-11-25), and 2026-07-28 pinned.
    for (mode, version) in [
        ("legacy", ProtocolVersion::V2025_11_25),
        ("2026-07-28", ProtocolVersion::V2026_07_28),
    ] {
        for act in ACTS {
            check_run(&drive_python(&python, mode, act, &order), version, act);
        }
    }
}

/// The three clients drive `mcpdesc mock` of the example's description as they drive the example
/// itself, and hold it to the same checks: on every version each tool, the prompt and the
/// resource template called; each question one the description declares in scope, asked in its
/// words, and answered accept, with wrong types, decline and cancel; a decline or a cancel
/// followed by what the declaration says; every property of a wrong answer named. Each SDK
/// checks the mock's messages against its own schema of the protocol.
#[mcpdesc_needs::needs(node, python_sdk)]
#[test]
fn the_sdk_clients_drive_the_mock_of_the_example_as_they_drive_the_example() {
    let dir = node::ts_client_dir();
    let order = call_order();
    for version in [ProtocolVersion::V2025_06_18, ProtocolVersion::V2025_11_25] {
        for act in ACTS {
            let run = drive_mock(&dir.join("drive.mjs"), version, act, &order);
            check_run(&run, version, act);
        }
    }
    for version in [
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ] {
        for act in ACTS {
            let run = drive_mock(&dir.join("drive_v2.mjs"), version, act, &order);
            check_run(&run, version, act);
        }
    }
    let python = python::sdk_python();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/py_client/drive.py");
    for (mode, version) in [
        ("legacy", ProtocolVersion::V2025_11_25),
        ("2026-07-28", ProtocolVersion::V2026_07_28),
    ] {
        for act in ACTS {
            let mut driver = Command::new(&python);
            driver
                .env("SERVER_ARGS", mock_args())
                .arg(&script)
                .arg(mcpdesc_command::mcpdesc())
                .args([mode, act])
                .args(&order);
            let run = one_json_line(driver, &format!("the mock, {mode} {act}"));
            check_run(&run, version, act);
        }
    }
}

/// Descriptions whose tools have output schemas, served by `mcpdesc mock`, each with the
/// versions it lists: `tests/servers/forecast.mcpdesc.json` (its result generated: an object of a
/// bounded number, an enum and an array), and the public fixtures with output schemas whose input
/// schemas the drivers can fill.
fn described_outputs() -> Vec<(std::path::PathBuf, Vec<ProtocolVersion>)> {
    let forecast =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/servers/forecast.mcpdesc.json");
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/conformance/mcpdesc-0.8.0/expected-valid");
    vec![
        (
            forecast,
            vec![
                ProtocolVersion::V2025_06_18,
                ProtocolVersion::V2025_11_25,
                ProtocolVersion::V2026_07_28,
            ],
        ),
        (
            fixtures.join("named-tool-interaction-examples.json"),
            vec![ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28],
        ),
        (
            fixtures.join("named-tool-examples.json"),
            vec![ProtocolVersion::V2026_07_28],
        ),
    ]
}

/// The tools `mcpdesc mock` lists for `path` on `version`, and which of them have an output
/// schema, read from the description as the mock reads it.
fn tools_on(path: &Path, version: ProtocolVersion) -> Vec<(String, bool)> {
    let text = std::fs::read_to_string(path).unwrap();
    let description: Value = serde_json::from_str(&text).unwrap();
    let root = &description["protocolVersions"];
    description["tools"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|t| {
            let scope = if t["protocolVersions"].is_array() {
                &t["protocolVersions"]
            } else {
                root
            };
            scope
                .as_array()
                .is_some_and(|s| s.iter().any(|v| v == version.as_str()))
        })
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_owned(),
                t.get("outputSchema").is_some(),
            )
        })
        .collect()
}

/// Every result `mcpdesc mock` gives passes the SDK clients' own check of `structuredContent`
/// against the tool's `outputSchema` (the TypeScript SDK 1.x and 2.x with ajv, the Python SDK
/// with `jsonschema`), on every version each client speaks: each call answers without an error,
/// and a tool with an output schema returns structured content.
#[mcpdesc_needs::needs(node, python_sdk)]
#[test]
fn the_sdk_clients_accept_the_mocks_results_by_their_own_output_schema_checks() {
    let dir = node::ts_client_dir();
    let python = python::sdk_python();
    let py_script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/py_client/drive.py");
    let mut checked = 0;
    for (path, versions) in described_outputs() {
        let args = json!(["mock", path]).to_string();
        for version in versions {
            let tools = tools_on(&path, version);
            let order: Vec<&str> = tools.iter().map(|(name, _)| name.as_str()).collect();
            let mut runs = Vec::new();
            let node_run = |script: &str| {
                let mut node = Command::new("node");
                node.env("ELICITATION_CAPABILITY", r#"{"form": {}, "url": {}}"#)
                    .env("SERVER_ARGS", &args)
                    .arg(dir.join(script))
                    .arg(mcpdesc_command::mcpdesc())
                    .arg(version.as_str())
                    .arg("accept")
                    .args(&order);
                one_json_line(node, &format!("{script} {} {version}", path.display()))
            };
            if version != ProtocolVersion::V2026_07_28 {
                runs.push(("drive.mjs", node_run("drive.mjs")));
            }
            runs.push(("drive_v2.mjs", node_run("drive_v2.mjs")));
            let mode = match version {
                ProtocolVersion::V2026_07_28 => Some("2026-07-28"),
                ProtocolVersion::V2025_11_25 => Some("legacy"),
                _ => None,
            };
            if let Some(mode) = mode {
                let mut driver = Command::new(&python);
                driver
                    .env("SERVER_ARGS", &args)
                    .arg(&py_script)
                    .arg(mcpdesc_command::mcpdesc())
                    .args([mode, "accept"])
                    .args(&order);
                runs.push((
                    "drive.py",
                    one_json_line(driver, &format!("drive.py {} {mode}", path.display())),
                ));
            }
            for (client, run) in runs {
                let at = format!("{client} {} {version}", path.display());
                let calls = run["tools"].as_array().expect("the calls");
                assert_eq!(calls.len(), tools.len(), "{at}");
                for (call, (name, has_output)) in calls.iter().zip(&tools) {
                    assert_eq!(call["name"], name.as_str(), "{at}");
                    assert!(call["error"].is_null(), "{at} {name}: {}", call["error"]);
                    if *has_output && call["isError"] == false {
                        assert_eq!(call["structured"], true, "{at} {name}: {call}");
                        checked += 1;
                    }
                }
            }
        }
    }
    // Structured results checked by an SDK: every client and version of the forecast, and the
    // fixtures' on theirs.
    assert!(checked >= 12, "{checked} structured results");
}

/// Runs `tests/py_client/drive.py` with `python` against the example server in `mode`
/// (`legacy` or `2026-07-28`), the user doing `act`, calling `tools` in order: its one JSON line.
fn drive_python(
    python: &Path,
    mode: &str,
    act: &str,
    tools: &[impl AsRef<std::ffi::OsStr>],
) -> Value {
    drive_python_with(python, mode, act, tools, &[])
}

/// `drive_python`, the server started with the environment variables `env`.
fn drive_python_with(
    python: &Path,
    mode: &str,
    act: &str,
    tools: &[impl AsRef<std::ffi::OsStr>],
    env: &[(&str, &str)],
) -> Value {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/py_client/drive.py");
    let mut driver = Command::new(python);
    driver.envs(env.iter().copied());
    driver
        .arg(&script)
        .arg(server_binary())
        .args([mode, act])
        .args(tools);
    one_json_line(driver, &format!("{mode} {act}"))
}

/// The clients of the TypeScript SDK's second major version (on 2025-06-18, 2025-11-25 and
/// 2026-07-28) and of the Python SDK (the handshake, and 2026-07-28) drive the example served
/// over Streamable HTTP as two replicas behind HAProxy, with Redis as the shared store: every
/// tool, the prompt and the resource template, asked as declared and answered, as over stdio.
/// Each run has a cluster of its own (the runs delete an issue the next run would use).
#[mcpdesc_needs::needs(node, python_sdk, services)]
#[test]
fn the_sdk_clients_drive_the_replicas_over_http_through_the_balancer() {
    let node = node::ts_client_dir();
    let python = python::sdk_python();
    let order = call_order();
    let url = |c: &cluster::Cluster| format!("http://{}/mcp", c.addr());
    for act in ["accept", "decline"] {
        {
            let dir = &node;
            for version in [
                ProtocolVersion::V2025_06_18,
                ProtocolVersion::V2025_11_25,
                ProtocolVersion::V2026_07_28,
            ] {
                let cluster = cluster::Cluster::start(2);
                let mut driver = Command::new("node");
                driver
                    .arg(dir.join("drive_v2.mjs"))
                    .arg(url(&cluster))
                    .args([version.as_str(), act])
                    .args(&order);
                let run = one_json_line(driver, &format!("HTTP {version} {act}"));
                check_run(&run, version, act);
            }
        }
        {
            let python = &python;
            for (mode, version) in [
                ("legacy", ProtocolVersion::V2025_11_25),
                ("2026-07-28", ProtocolVersion::V2026_07_28),
            ] {
                let cluster = cluster::Cluster::start(2);
                let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/py_client/drive.py");
                let mut driver = Command::new(python);
                driver
                    .arg(&script)
                    .arg(url(&cluster))
                    .args([mode, act])
                    .args(&order);
                let run = one_json_line(driver, &format!("HTTP {mode} {act}"));
                check_run(&run, version, act);
            }
        }
    }
}

#[derive(ElicitationEnum, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[form(rename_all = "lowercase")]
enum Label {
    Bug,
    Docs,
}

#[derive(ElicitationEnum, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Priority {
    #[form(title = "Low")]
    Low,
    #[form(title = "High")]
    High,
}

/// Every property kind, with every keyword it can carry (2025-11-25 and later).
#[allow(dead_code)]
#[derive(ElicitationForm)]
struct Everything {
    /// Who is asking.
    #[form(title = "Login", min_length = 2, max_length = 5, default = "octo")]
    login: String,
    #[form(format = "email")]
    email: Option<String>,
    #[form(format = "uri")]
    link: Option<String>,
    #[form(format = "date")]
    due: Option<String>,
    #[form(format = "date-time")]
    at: Option<String>,
    #[form(default = true)]
    notify: bool,
    #[form(minimum = 1, maximum = 10, default = 3)]
    estimate: u8,
    offset: Option<i16>,
    #[form(minimum = 0.5, maximum = 99.5, default = 1.5)]
    ratio: f64,
    #[form(default = Label::Bug)]
    size: Label,
    #[form(default = Priority::High)]
    priority: Option<Priority>,
    #[form(min_items = 1, max_items = 2, default = [Label::Bug])]
    labels: Vec<Label>,
    titled: Option<BTreeSet<Priority>>,
}

/// What 2025-06-18 has: no default but a boolean's, untitled single-selects.
#[allow(dead_code)]
#[derive(ElicitationForm)]
struct Plain {
    #[form(default = true)]
    notify: bool,
    name: String,
    #[form(format = "email", max_length = 60)]
    email: Option<String>,
    count: Option<i32>,
    size: Label,
}

/// A choice given when the form is sent (titled: untitled on 2025-06-18, which has no titles).
#[allow(dead_code)]
#[derive(ElicitationForm)]
struct Pick {
    #[form(runtime_choices)]
    assignee: String,
    #[form(max_length = 80)]
    note: Option<String>,
}

/// Several choices given when the form is sent (2025-11-25 and later).
#[allow(dead_code)]
#[derive(ElicitationForm)]
struct PickMany {
    #[form(runtime_choices, min_items = 1)]
    watchers: Vec<String>,
}

/// Requests of every kind: a form with every property kind and keyword, a 2025-06-18 one, forms
/// filled at run time for each version, and a URL request.
fn every_kind_of_request() -> Vec<Value> {
    let form = |schema: Value| json!({"mode": "form", "message": "Fill this in.", "requestedSchema": schema});
    let mut requests = vec![
        form(Everything::requested_schema().to_value()),
        form(Plain::requested_schema().to_value()),
        json!({"mode": "url", "message": "Sign in.", "url": "https://example.com/auth", "elicitationId": "e-1"}),
    ];
    for version in [ProtocolVersion::V2025_06_18, ProtocolVersion::V2025_11_25] {
        let filled = PickChoices {
            assignee: ChoiceList::titled([("ann", "Ann"), ("ben", "Ben")]),
            defaults: PickDefaults {
                assignee: Some("ben".into()),
                ..PickDefaults::default()
            },
        }
        .prepare(Some(version))
        .unwrap_or_else(|e| panic!("{version}: {e}"));
        requests.push(form(filled.requested_schema().to_value()));
    }
    let many = PickManyChoices {
        watchers: ChoiceList::titled([("cy", "Cy"), ("di", "Di")]),
        defaults: PickManyDefaults::default(),
    }
    .prepare(Some(ProtocolVersion::V2025_11_25))
    .unwrap_or_else(|e| panic!("{e}"));
    requests.push(form(many.requested_schema().to_value()));
    requests
}

/// Checks `results` (one per request, from a `check_requests` script) against `requests`.
fn assert_all_kept(requests: &[Value], results: &Value, sdk: &str) {
    let results = results.as_array().expect("a JSON array");
    assert_eq!(results.len(), requests.len());
    for (request, result) in requests.iter().zip(results) {
        assert_eq!(result["ok"], true, "{sdk}: {request}\n{result}");
        assert_eq!(
            result["kept"], true,
            "{sdk} changed or dropped a member of {request}"
        );
    }
}

/// With both major versions of the TypeScript SDK (`check_requests.mjs`, and with `v2`).
#[mcpdesc_needs::needs(node)]
#[test]
fn every_kind_of_request_passes_the_typescript_sdks_check_unchanged() {
    let dir = node::ts_client_dir();
    let requests = every_kind_of_request();
    let lines: String = requests.iter().map(|r| format!("{r}\n")).collect();
    for (script, sdk) in [
        ("check_requests.mjs", "the TypeScript SDK"),
        (
            "check_requests.mjs v2",
            "the TypeScript SDK's second major version",
        ),
    ] {
        let results = node::run_json(&dir, script, &lines);
        assert_all_kept(&requests, &results, sdk);
    }
}

#[mcpdesc_needs::needs(python_sdk)]
#[test]
fn every_kind_of_request_reads_into_the_python_sdks_models_unchanged() {
    let python = python::sdk_python();
    let requests = every_kind_of_request();
    let lines: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let mut child = Command::new(python)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/py_client/check_requests.py"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python runs");
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), lines.as_bytes())
        .expect("the requests are written");
    let out = child.wait_with_output().expect("python ends");
    assert!(out.status.success(), "check_requests.py failed");
    let results: Value = serde_json::from_slice(&out.stdout).expect("a JSON array");
    assert_all_kept(&requests, &results, "the Python SDK");
}

/// `"elicitation": {}` declares form mode only (the protocol's reading, and the SDK's): forms are
/// asked, a URL-mode declaration is never sent and its tool says why (on 2026-07-28, with the
/// error that names the capability it needs). So with both major versions of the TypeScript
/// SDK's client, and on 2026-07-28 with the second.
#[mcpdesc_needs::needs(node)]
#[test]
fn an_empty_elicitation_capability_is_form_mode_only() {
    let dir = node::ts_client_dir();
    // On 2026-07-28 the client sends its capabilities with each request (the second major
    // version speaks it), and the server reads them there.
    for (script, version) in [
        ("drive.mjs", ProtocolVersion::V2025_11_25),
        ("drive_v2.mjs", ProtocolVersion::V2025_11_25),
        ("drive_v2.mjs", ProtocolVersion::V2026_07_28),
    ] {
        let run = drive_declaring(
            &dir.join(script),
            version,
            "accept",
            &["close_issue", "link_repository"],
            "{}",
        );
        assert_eq!(run["version"], version.as_str(), "{script}");
        let tools = run["tools"].as_array().expect("tools");
        let (close, link) = (&tools[0], &tools[1]);
        assert_eq!(
            close["requests"].as_array().map(Vec::len),
            Some(1),
            "{script} {version}: {close}"
        );
        assert_eq!(close["isError"], false, "{script} {version}: {close}");
        assert_eq!(
            link["requests"].as_array().map(Vec::len),
            Some(0),
            "{script} {version}: {link}"
        );
        if version == ProtocolVersion::V2026_07_28 {
            assert_missing_capability(link, &json!({"elicitation": {"url": {}}}));
        } else {
            let text = link["text"].as_str().unwrap_or_default();
            assert!(
                text.contains("did not declare the `url` elicitation mode"),
                "{script} {version}: {text}"
            );
        }
    }
}

/// `entry`, a call of a driver, was answered with the error "Missing required client
/// capability" (-32021), whose data the SDK read into its own type naming `required`
/// (`requiredCapabilities`, written back from it); nothing was asked. The TypeScript SDK 2 also
/// made it its `MissingRequiredClientCapabilityError`; the Python SDK reads the data with its
/// `MissingRequiredClientCapabilityErrorData`.
fn assert_missing_capability(entry: &Value, required: &Value) {
    assert_eq!(entry["errorCode"], -32021, "{entry}");
    if let Some(class) = entry.get("errorType") {
        assert_eq!(class, "MissingRequiredClientCapabilityError", "{entry}");
    }
    assert_eq!(entry["requiredCapabilities"], *required, "{entry}");
    assert_eq!(
        entry["errorData"],
        json!({ "requiredCapabilities": required }),
        "{entry}"
    );
    assert_eq!(entry["requests"], json!([]), "{entry}");
}

/// The tools a run without elicitation calls: two confirmations, an authorization, and a tool
/// whose question is optional.
const WITHOUT_ELICITATION: [&str; 4] = [
    "close_issue",
    "delete_issue",
    "link_repository",
    "edit_issue",
];

/// A run of [`WITHOUT_ELICITATION`] by a client that declares no elicitation at all, on
/// `version`. On 2026-07-28, the capabilities come with each request, and a tool that cannot go
/// on without asking (a confirmation, an authorization) answers with the error that names the
/// mode it needs; a tool whose question is optional goes on without it. On 2025-11-25, where
/// capabilities are agreed once and the error does not exist, every tool says why instead.
fn check_without_elicitation(run: &Value, version: ProtocolVersion, sdk: &str) {
    assert_eq!(run["version"], version.as_str(), "{sdk}");
    let calls = run["tools"].as_array().expect("tools");
    assert_eq!(calls.len(), WITHOUT_ELICITATION.len(), "{sdk}");
    if version == ProtocolVersion::V2026_07_28 {
        let form = json!({"elicitation": {"form": {}}});
        assert_missing_capability(&calls[0], &form);
        assert_missing_capability(&calls[1], &form);
        assert_missing_capability(&calls[2], &json!({"elicitation": {"url": {}}}));
        assert_eq!(calls[3]["isError"], true, "{sdk}: {}", calls[3]);
        assert_eq!(
            calls[3]["text"],
            "Cannot ask for a title: the client did not declare the `form` elicitation mode; \
             nothing was sent. Pass `title`.",
            "{sdk}"
        );
        assert_eq!(calls[3]["requests"], json!([]), "{sdk}");
        return;
    }
    for call in calls {
        assert_eq!(call["error"], Value::Null, "{sdk}: {call}");
        assert_eq!(call["isError"], true, "{sdk}: {call}");
        let mode = if call["name"] == "link_repository" {
            "url"
        } else {
            "form"
        };
        let said = format!("the client did not declare the `{mode}` elicitation mode");
        assert!(
            call["text"].as_str().is_some_and(|t| t.contains(&said)),
            "{sdk}: {call}"
        );
        assert_eq!(call["requests"], json!([]), "{sdk}: {call}");
    }
}

/// A client that declares no elicitation, with the TypeScript SDK 2 and the Python SDK, on
/// 2025-11-25 and 2026-07-28 ([`check_without_elicitation`]).
#[mcpdesc_needs::needs(node, python_sdk)]
#[test]
fn a_request_without_elicitation_is_told_the_capability_it_needs() {
    let versions = [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28];
    {
        let dir = node::ts_client_dir();
        let script = dir.join("drive_v2.mjs");
        for version in versions {
            let run = drive_declaring(&script, version, "accept", &WITHOUT_ELICITATION, "null");
            check_without_elicitation(&run, version, "TypeScript SDK 2");
        }
    }
    {
        let python = python::sdk_python();
        for (mode, version) in [("legacy", versions[0]), ("2026-07-28", versions[1])] {
            let run = drive_python(&python, mode, "no-elicitation", &WITHOUT_ELICITATION);
            check_without_elicitation(&run, version, "Python SDK");
        }
    }
}

/// What a run with a user who never answers shows: every primitive that asked ended at the
/// server's timeout with the error that says so (a tool in its result, a prompt and a resource
/// read in their error), and the server cancelled each request it gave up on.
fn check_timed_out(run: &Value, sdk: &str) {
    let said = "the client did not answer the elicitation request within 0.3 s";
    let mut asked = 0;
    for collection in ["tools", "prompts", "resources"] {
        for call in run[collection].as_array().expect("the calls") {
            let requests = call["requests"].as_array().expect("requests");
            if requests.is_empty() {
                continue;
            }
            asked += 1;
            // The first question times out, and the primitive ends there.
            assert_eq!(requests.len(), 1, "{sdk}: {call}");
            let told = [&call["text"], &call["error"]]
                .iter()
                .filter_map(|v| v.as_str())
                .any(|t| t.contains(said));
            assert!(told, "{sdk}: {call}");
            if collection == "tools" {
                assert_eq!(
                    call["cancelled"],
                    json!([requests[0]["message"]]),
                    "{sdk}: {call}"
                );
            }
        }
    }
    assert!(asked >= 6, "{sdk}: {asked} primitives asked");
}

/// A user who never answers: the server's timeout (300 ms here, `ISSUE_TRACKER_TIMEOUT_MS`) ends
/// each question, and the request is cancelled with the client; a client that cancels the call
/// while it is asked ends the server's wait, and is told its request is cancelled too. With the
/// TypeScript SDK's second major version on 2025-06-18 and 2025-11-25 and the Python SDK on
/// 2025-11-25 (2026-07-28 sends no request to wait for).
#[mcpdesc_needs::needs(node, python_sdk)]
#[test]
fn a_client_that_never_answers_gets_the_timeout_and_one_that_cancels_ends_the_wait() {
    let order = call_order();
    let timeout = [("ISSUE_TRACKER_TIMEOUT_MS", "300")];
    let both = r#"{"form": {}, "url": {}}"#;
    {
        let dir = node::ts_client_dir();
        let script = dir.join("drive_v2.mjs");
        for version in [ProtocolVersion::V2025_06_18, ProtocolVersion::V2025_11_25] {
            let run = drive_with(&script, version, "silent", &order, both, &timeout);
            check_timed_out(&run, &format!("TypeScript 2 {version}"));
            // The call cancelled as soon as it asks: the server stops waiting (long before its
            // ten minutes) and cancels its own request.
            let run = drive_with(&script, version, "cancel-call", &order, both, &[]);
            let mut asked = 0;
            for call in run["tools"].as_array().expect("tools") {
                let requests = call["requests"].as_array().expect("requests");
                if let Some(first) = requests.first() {
                    asked += 1;
                    assert!(call["error"].is_string(), "{version}: {call}");
                    assert_eq!(
                        call["cancelled"],
                        json!([first["message"]]),
                        "{version}: {call}"
                    );
                }
            }
            assert!(asked >= 5, "{version}: {asked} tools asked");
        }
    }
    {
        let python = python::sdk_python();
        let run = drive_python_with(&python, "legacy", "silent", &order, &timeout);
        check_timed_out(&run, "Python 2025-11-25");
    }
}

/// A server that answers "URL elicitation required" and later says the interaction completed
/// (MCP 2025-11-25), in memory with rmcp's client: its tool `link` answers with
/// `Asker::url_required` for the declaration below, and its tool `done` sends
/// `notify_elicitation_complete`.
mod url_required {
    use std::sync::{Arc, Mutex};

    use mcpdesc_runtime::elicitation;
    use mcpdesc_runtime::session::{Asker, AskingServer, Policy, notify_elicitation_complete};
    use rmcp::model::{
        CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
        ContentBlock, CustomNotification, ErrorData, Implementation, ProtocolVersion,
    };
    use rmcp::service::{NotificationContext, RequestContext, RoleClient, RoleServer};
    use rmcp::{ClientHandler, ServerHandler, ServiceExt};
    use serde_json::{Value, json};

    #[elicitation(
        name = "link",
        url = "https://tracker.example.com/link",
        message = "Link your account."
    )]
    fn link() {}

    struct Server;

    impl ServerHandler for Server {
        async fn call_tool(
            &self,
            request: CallToolRequestParams,
            ctx: RequestContext<RoleServer>,
        ) -> Result<CallToolResponse, ErrorData> {
            let failed = |e: mcpdesc_runtime::session::ElicitError| {
                ErrorData::internal_error(e.to_string(), None)
            };
            if request.name == "link" {
                let asker = Asker::new(&ctx).map_err(failed)?;
                return Err(asker
                    .url_required(LINK_LINK, None, "link-7")
                    .map_err(failed)?);
            }
            notify_elicitation_complete(&ctx.peer, "link-7")
                .await
                .map_err(failed)?;
            Ok(CallToolResult::success(vec![ContentBlock::text("done")]).into())
        }
    }

    #[derive(Clone, Default)]
    struct Client {
        notified: Arc<Mutex<Vec<Value>>>,
    }

    impl ClientHandler for Client {
        fn get_info(&self) -> ClientConfig {
            let mut capabilities = ClientCapabilities::default();
            capabilities.elicitation = serde_json::from_value(json!({"url": {}})).ok();
            ClientConfig::new(capabilities, Implementation::new("test-client", "1.0.0"))
                .with_protocol_version(ProtocolVersion::V_2025_11_25)
        }

        async fn on_custom_notification(
            &self,
            notification: CustomNotification,
            _: NotificationContext<RoleClient>,
        ) {
            let sent = json!({"method": notification.method, "params": notification.params});
            self.notified
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(sent);
        }
    }

    /// The JSON-RPC error the `link` tool answers with and the notification `done` sends,
    /// as the client received them.
    pub async fn what_the_client_got() -> (Value, Value) {
        link();
        let (server_io, client_io) = tokio::io::duplex(64 * 1024);
        let client = Client::default();
        let notified = client.notified.clone();
        let server = AskingServer::new(Server, Policy::development());
        let (server, client) = tokio::join!(server.serve(server_io), client.serve(client_io));
        let (_server, client) = (
            server.expect("server starts"),
            client.expect("client starts"),
        );
        let error = match client.call_tool(CallToolRequestParams::new("link")).await {
            Err(rmcp::service::ServiceError::McpError(e)) => e,
            other => panic!("not an error: {other:?}"),
        };
        let done = client.call_tool(CallToolRequestParams::new("done")).await;
        assert!(done.is_ok_and(|r| r.is_error != Some(true)), "done");
        let mut waited = 0;
        while notified
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_empty()
            && waited < 200
        {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            waited += 1;
        }
        let notification = notified.lock().unwrap_or_else(|e| e.into_inner())[0].clone();
        (
            serde_json::to_value(&error).expect("an error"),
            notification,
        )
    }
}

/// "URL elicitation required" (error -32042) and `notifications/elicitation/complete`, as a
/// server makes them with `Call::url_required` and `notify_elicitation_complete`, read by the
/// TypeScript SDK's clients (both major versions: `fromError` makes their
/// `UrlElicitationRequiredError`) and the Python SDK's (`UrlElicitationRequiredError.from_error`),
/// each keeping every member of the URL request and the notification.
#[mcpdesc_needs::needs(node, python_sdk)]
#[tokio::test]
async fn url_required_and_its_completion_read_as_the_sdks_read_them() {
    let (error, notification) = url_required::what_the_client_got().await;
    let request = json!({
        "mode": "url",
        "message": "Link your account.",
        "url": "https://tracker.example.com/link",
        "elicitationId": "link-7",
    });
    assert_eq!(
        error,
        json!({
            "code": -32042,
            "message": "URL elicitation required",
            "data": {"elicitations": [request]},
        })
    );
    let completion = json!({
        "method": "notifications/elicitation/complete",
        "params": {"elicitationId": "link-7"},
    });
    assert_eq!(notification, completion);
    let sent = json!({"error": error, "notification": notification});
    {
        let dir = node::ts_client_dir();
        let read = node::run_json(&dir, "check_url_required.mjs", &sent.to_string());
        for sdk in ["v1", "v2"] {
            assert_eq!(read[sdk]["recognized"], true, "{sdk}: {read}");
            assert_eq!(read[sdk]["elicitations"], json!([request]), "{sdk}");
            assert_eq!(read[sdk]["notification"], completion, "{sdk}");
        }
    }
    {
        let python = python::sdk_python();
        let mut child = Command::new(python)
            .arg(
                Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/py_client/check_url_required.py"),
            )
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("python runs");
        std::io::Write::write_all(
            &mut child.stdin.take().expect("stdin"),
            sent.to_string().as_bytes(),
        )
        .expect("written");
        let out = child.wait_with_output().expect("python ends");
        assert!(out.status.success(), "check_url_required.py failed");
        let read: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(read["recognized"], true, "{read}");
        assert_eq!(read["elicitations"], json!([request]));
        assert_eq!(read["notification"], completion);
    }
}
