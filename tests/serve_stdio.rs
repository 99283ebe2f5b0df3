//! End to end: the example server (`issue_tracker serve`) as a child process, driven by rmcp's
//! own client over stdio on MCP 2025-06-18, 2025-11-25 and 2026-07-28.
//!
//! For every declaring tool (and the declaring prompt) the client accepts with valid content,
//! accepts with content that does not fit, declines and cancels, and the tool's result is
//! asserted. Every elicitation request that reaches the client passes the contract check against
//! the checked-in description, and the bytes of its `requestedSchema` on the wire are exactly the
//! bytes of the declared form's schema.

use std::pin::Pin;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use mcpdesc_runtime::ProtocolVersion;
use mcpdesc_runtime::contract;
use mcpdesc_runtime::registry::Primitive;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    ElicitRequestParams, ElicitResult, ElicitationAction, ElicitationCreateRequestMethod,
    ErrorCode, ErrorData, GetPromptRequestParams, Implementation, ProtocolVersion as RmcpVersion,
    ReadResourceRequestParams,
};
use rmcp::service::{
    ClientLifecycleMode, ClientServiceExt, RequestContext, RoleClient, RunningService,
};
use rmcp::{ClientHandler, ServiceExt};
use serde_json::value::RawValue;
use serde_json::{Map, Value, json};
use tokio::io::{AsyncRead, ReadBuf};
use tokio::process::{Child, ChildStdout, Command};

#[path = "support/example.rs"]
mod example;
use example::{description, server_binary};

/// The child's stdout, with every byte it wrote kept for inspection.
struct Tee {
    inner: ChildStdout,
    log: Arc<Mutex<Vec<u8>>>,
}

impl AsyncRead for Tee {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let poll = Pin::new(&mut self.inner).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = &poll {
            let new = buf.filled()[before..].to_vec();
            self.log.lock().unwrap().extend_from_slice(&new);
        }
        poll
    }
}

/// What the scripted user does with every elicitation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    AcceptValid,
    AcceptInvalid,
    Decline,
    Cancel,
}

#[derive(Clone, Copy)]
struct Modes {
    form: bool,
    url: bool,
}

const BOTH: Modes = Modes {
    form: true,
    url: true,
};

/// rmcp's client, answering as scripted and checking every request it receives.
#[derive(Clone)]
struct Client {
    version: ProtocolVersion,
    modes: Option<Modes>,
    act: Act,
    /// Whether to answer every request with "Method not found" instead, as a client that
    /// declares elicitation without handling it does.
    refuse: bool,
    /// The primitive whose call is in flight.
    current: Arc<Mutex<Primitive>>,
    /// Every request received: the primitive, and its params as JSON.
    seen: Arc<Mutex<Vec<(Primitive, Value)>>>,
}

fn content_for(message: &str, act: Act) -> Value {
    let valid = act == Act::AcceptValid;
    match message {
        "How should this issue be triaged?" if valid => {
            json!({"labels": ["bug", "docs"], "kind": "chore", "estimate": 5})
        }
        "How should this issue be triaged?" => {
            json!({"labels": ["bug", "bug", "nope"], "kind": "epic", "estimate": 20})
        }
        "Who should own this issue?" if valid => {
            json!({"assignee": "octocat", "priority": "urgent", "notify": false})
        }
        // `mallory` is not one of the teammates sent as the run-time choices.
        "Who should own this issue?" => {
            json!({"assignee": "mallory", "priority": "meh", "notify": null})
        }
        "What should the issue be called?" if valid => json!({"title": "Search is slow"}),
        "What should the issue be called?" => json!({"title": ""}),
        "Which release are the notes for?" if valid => json!({"channel": "beta", "internal": true}),
        "Which release are the notes for?" => json!({"channel": 7}),
        "Who should own the new issue?" if valid => {
            json!({"assignee": "octocat", "priority": "urgent", "notify": false})
        }
        "Who should own the new issue?" => {
            json!({"assignee": "mallory", "priority": "meh", "notify": null})
        }
        "Which issues should the report list?" if valid => {
            json!({"state": "all", "assignees": true})
        }
        "Which issues should the report list?" => json!({"state": 3, "assignees": "yes"}),
        // The two confirmations.
        _ if valid => json!({"confirm": true, "reason": "done"}),
        _ => json!({"confirm": "yes", "reason": null}),
    }
}

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        if let Some(modes) = self.modes {
            let mut elicitation = Map::new();
            if modes.form {
                elicitation.insert("form".into(), json!({}));
            }
            if modes.url {
                elicitation.insert("url".into(), json!({}));
            }
            capabilities.elicitation = serde_json::from_value(Value::Object(elicitation)).ok();
        }
        ClientConfig::new(capabilities, Implementation::new("e2e-client", "1.0.0"))
            .with_protocol_version(rmcp_version(self.version))
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let params = serde_json::to_value(&request).unwrap();
        let primitive = *self.current.lock().unwrap();
        self.seen.lock().unwrap().push((primitive, params.clone()));
        let message = params["message"].as_str().unwrap_or_default();
        if self.refuse {
            return Err(ErrorData::method_not_found::<ElicitationCreateRequestMethod>());
        }
        Ok(match self.act {
            Act::Decline => ElicitResult::new(ElicitationAction::Decline),
            Act::Cancel => ElicitResult::new(ElicitationAction::Cancel),
            _ if params["mode"] == "url" => ElicitResult::new(ElicitationAction::Accept),
            act => {
                ElicitResult::new(ElicitationAction::Accept).with_content(content_for(message, act))
            }
        })
    }
}

fn rmcp_version(v: ProtocolVersion) -> RmcpVersion {
    match v {
        ProtocolVersion::V2025_06_18 => RmcpVersion::V_2025_06_18,
        ProtocolVersion::V2025_11_25 => RmcpVersion::V_2025_11_25,
        _ => RmcpVersion::V_2026_07_28,
    }
}

struct Session {
    client: RunningService<RoleClient, Client>,
    current: Arc<Mutex<Primitive>>,
    seen: Arc<Mutex<Vec<(Primitive, Value)>>>,
    wire: Arc<Mutex<Vec<u8>>>,
    version: ProtocolVersion,
    _child: Child,
}

async fn start(version: ProtocolVersion, modes: Option<Modes>, act: Act) -> Session {
    start_with(version, modes, act, false, None).await
}

/// The example server, and rmcp's client connected to it; `keys`, when given, is the key ring
/// the server seals `requestState` with (`ISSUE_TRACKER_STATE_KEYS`).
async fn start_with(
    version: ProtocolVersion,
    modes: Option<Modes>,
    act: Act,
    refuse: bool,
    keys: Option<&str>,
) -> Session {
    let mut command = Command::new(server_binary());
    match keys {
        Some(keys) => command.env("ISSUE_TRACKER_STATE_KEYS", keys),
        None => command.env_remove("ISSUE_TRACKER_STATE_KEYS"),
    };
    let mut child = command
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .expect("the server starts");
    let wire = Arc::new(Mutex::new(Vec::new()));
    let stdout = Tee {
        inner: child.stdout.take().unwrap(),
        log: wire.clone(),
    };
    let stdin = child.stdin.take().unwrap();
    let current = Arc::new(Mutex::new(Primitive::Tool("")));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let handler = Client {
        version,
        modes,
        act,
        refuse,
        current: current.clone(),
        seen: seen.clone(),
    };
    let client = if version >= ProtocolVersion::V2026_07_28 {
        handler
            .serve_with_lifecycle(
                (stdout, stdin),
                ClientLifecycleMode::Discover {
                    preferred_versions: vec![RmcpVersion::V_2026_07_28],
                },
            )
            .await
    } else {
        handler.serve((stdout, stdin)).await
    }
    .expect("the client connects");
    Session {
        client,
        current,
        seen,
        wire,
        version,
        _child: child,
    }
}

fn object(v: Value) -> Map<String, Value> {
    v.as_object().cloned().unwrap_or_default()
}

impl Session {
    async fn call(&self, tool: &'static str, args: Value) -> CallToolResult {
        self.try_call(tool, args)
            .await
            .unwrap_or_else(|e| panic!("{tool} on {}: {e}", self.version))
    }

    /// The call's result, or the error the server answered it with.
    async fn try_call(
        &self,
        tool: &'static str,
        args: Value,
    ) -> Result<CallToolResult, rmcp::service::ServiceError> {
        *self.current.lock().unwrap() = Primitive::Tool(tool);
        self.client
            .call_tool(CallToolRequestParams::new(tool).with_arguments(object(args)))
            .await
    }

    async fn call_text(&self, tool: &'static str, args: Value) -> (bool, String) {
        let result = self.call(tool, args).await;
        (result.is_error == Some(true), result_text(&result))
    }

    async fn prompt(&self, args: Value) -> Result<String, String> {
        *self.current.lock().unwrap() = Primitive::Prompt("release_notes");
        self.client
            .get_prompt(GetPromptRequestParams::new("release_notes").with_arguments(object(args)))
            .await
            .map(|r| {
                serde_json::to_value(&r.messages).unwrap()[0]["content"]["text"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned()
            })
            .map_err(|e| e.to_string())
    }

    /// The text of the report at `uri` (`tracker://reports/{period}`), or the error the read
    /// was answered with.
    async fn read_report(&self, uri: &str) -> Result<String, String> {
        *self.current.lock().unwrap() = Primitive::ResourceTemplate("tracker://reports/{period}");
        self.client
            .read_resource(ReadResourceRequestParams::new(uri))
            .await
            .map(|r| {
                serde_json::to_value(&r.contents).unwrap()[0]["text"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned()
            })
            .map_err(|e| e.to_string())
    }

    /// Every request the client received passes the contract check against the description,
    /// and the bytes of each `requestedSchema` on the wire are the declared schema's bytes.
    fn check_contract(&self) -> usize {
        let seen = self.seen.lock().unwrap().clone();
        // The requests as the server wrote them (rmcp's client writes its own model back, with
        // members the wire did not have), each with the primitive the client was calling.
        let wired = wire_requests(&self.wire.lock().unwrap());
        assert_eq!(
            wired.len(),
            seen.len(),
            "every request on the wire reached the client"
        );
        let seen: Vec<(Primitive, Value)> = seen
            .iter()
            .map(|(primitive, _)| *primitive)
            .zip(wired)
            .collect();
        for (primitive, params) in &seen {
            let matched =
                contract::check_description(description(), *primitive, self.version, params)
                    .unwrap_or_else(|e| panic!("on {}: {e}\n{params}", self.version));
            assert!(
                !matched.wording_differs(),
                "the example sends the documented wording"
            );
        }
        let raw = raw_schemas(&self.wire.lock().unwrap());
        let forms = seen.iter().filter(|(_, p)| p["mode"] == "form").count();
        assert_eq!(
            raw.len(),
            forms,
            "one requestedSchema on the wire per form request"
        );
        for (message, schema) in raw {
            let expected = expected_schema(&message, self.version);
            assert_eq!(
                schema, expected,
                "the wire bytes of the schema of {message:?} on {}",
                self.version
            );
        }
        seen.len()
    }
}

/// The schema a request with `message` carries on `version`: the declared one, with the
/// run-time parts the example fills in (the teammates and the current assignee; the current
/// title). MCP 2025-06-18 has no titled `oneOf` and defaults on booleans only: there the
/// teammates are `enum` with `enumNames`, and the prefills are left out.
fn expected_schema(message: &str, version: ProtocolVersion) -> String {
    let declared = declared_schema(message);
    let mut schema: Value = serde_json::from_str(&declared).unwrap();
    let newer = version >= ProtocolVersion::V2025_11_25;
    let team = [
        ("hubot", "Hubot"),
        ("monalisa", "Mona Lisa Octocat"),
        ("octocat", "The Octocat"),
    ];
    match message {
        // Issue #1's current assignee is the default; a new issue has none.
        "Who should own this issue?" | "Who should own the new issue?" => {
            let assignee = schema["properties"]["assignee"].as_object_mut().unwrap();
            if newer {
                let one_of = team
                    .iter()
                    .map(|(login, name)| json!({"const": login, "title": name}))
                    .collect();
                assignee.insert("oneOf".into(), Value::Array(one_of));
                if message == "Who should own this issue?" {
                    assignee.insert("default".into(), json!("hubot"));
                }
            } else {
                assignee.insert("enum".into(), team.iter().map(|(l, _)| *l).collect());
                assignee.insert("enumNames".into(), team.iter().map(|(_, n)| *n).collect());
            }
        }
        "What should the issue be called?" if newer => {
            schema["properties"]["title"]
                .as_object_mut()
                .unwrap()
                .insert("default".into(), json!("Slow search"));
        }
        _ => return declared,
    }
    serde_json::to_string(&schema).unwrap()
}

fn result_text(result: &CallToolResult) -> String {
    serde_json::to_value(&result.content).unwrap()[0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// The declared schema of the declaration with `message`, serialized as the form serializes it.
fn declared_schema(message: &str) -> String {
    let doc = description();
    for kind in ["tools", "prompts", "resourceTemplates"] {
        for primitive in doc[kind].as_array().into_iter().flatten() {
            for d in primitive["elicitations"].as_array().into_iter().flatten() {
                if d["message"] == message {
                    let mut schema = &d["requestedSchema"];
                    if let Some(r) = schema["$componentRef"].as_str() {
                        let name = r.trim_start_matches("#/components/schemas/");
                        schema = &doc["components"]["schemas"][name];
                    }
                    return serde_json::to_string(schema).unwrap();
                }
            }
        }
    }
    panic!("no declaration with the message {message:?}")
}

/// `(message, raw requestedSchema)` of every form request the server wrote: `elicitation/create`
/// requests, and the elicitation entries of input-required results.
/// The params of every elicitation request the server wrote, in order: `elicitation/create`
/// requests, and the input requests of input-required results.
fn wire_requests(wire: &[u8]) -> Vec<Value> {
    let mut out = Vec::new();
    for line in wire.split(|b| *b == b'\n').filter(|l| !l.is_empty()) {
        let Ok(message) = serde_json::from_slice::<Value>(line) else {
            continue;
        };
        if message["method"] == "elicitation/create" {
            out.push(message["params"].clone());
        } else if let Some(requests) = message["result"]["inputRequests"].as_object() {
            out.extend(requests.values().map(|r| r["params"].clone()));
        }
    }
    out
}

fn raw_schemas(wire: &[u8]) -> Vec<(String, String)> {
    #[derive(serde::Deserialize)]
    struct Params<'a> {
        message: String,
        #[serde(borrow, rename = "requestedSchema")]
        requested_schema: Option<&'a RawValue>,
    }
    #[derive(serde::Deserialize)]
    struct Request<'a> {
        #[serde(borrow)]
        params: &'a RawValue,
    }
    let mut out = Vec::new();
    let mut push = |params: &RawValue| {
        if let Ok(p) = serde_json::from_str::<Params<'_>>(params.get())
            && let Some(schema) = p.requested_schema
        {
            out.push((p.message, schema.get().to_owned()));
        }
    };
    for line in wire.split(|b| *b == b'\n').filter(|l| !l.is_empty()) {
        let Ok(message) = serde_json::from_slice::<Value>(line) else {
            continue;
        };
        if message["method"] == "elicitation/create" {
            #[derive(serde::Deserialize)]
            struct Envelope<'a> {
                #[serde(borrow)]
                params: &'a RawValue,
            }
            let e: Envelope<'_> = serde_json::from_slice(line).unwrap();
            push(e.params);
        } else if message["result"]["resultType"] == "input_required" {
            #[derive(serde::Deserialize)]
            struct Envelope<'a> {
                #[serde(borrow)]
                result: Inner<'a>,
            }
            #[derive(serde::Deserialize)]
            struct Inner<'a> {
                #[serde(borrow, rename = "inputRequests")]
                input_requests: std::collections::BTreeMap<String, Request<'a>>,
            }
            let e: Envelope<'_> = serde_json::from_slice(line).unwrap();
            for r in e.result.input_requests.values() {
                push(r.params);
            }
        }
    }
    out
}

const VERSIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V2025_06_18,
    ProtocolVersion::V2025_11_25,
    ProtocolVersion::V2026_07_28,
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tools_list_is_the_description() {
    for version in VERSIONS {
        let s = start(version, Some(BOTH), Act::Cancel).await;
        let tools = s.client.list_all_tools().await.unwrap();
        let mut listed: Vec<Value> = tools
            .iter()
            .map(|t| {
                let mut schema = Value::Object(t.input_schema.as_ref().clone());
                // The description covers 2025-06-18, which defines no `$schema` there.
                schema.as_object_mut().unwrap().shift_remove("$schema");
                json!({"name": t.name, "description": t.description, "inputSchema": schema})
            })
            .collect();
        listed.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
        let described: Vec<Value> = description()["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| json!({"name": t["name"], "description": t["description"], "inputSchema": t["inputSchema"]}))
            .collect();
        assert_eq!(listed, described, "on {version}");
        s.client.cancel().await.ok();
    }
}

/// What the server lists is what its checked-in description documents, on every version, as
/// `mcpdesc_check::listing::compare` reads both; and a listing that differs is caught by the
/// rule `diff` names for that change.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_listing_is_the_description_on_every_version() {
    use mcpdesc_check::listing::{Listing, compare};
    for version in VERSIONS {
        let s = start(version, Some(BOTH), Act::Cancel).await;
        fn items(list: impl serde::Serialize) -> Vec<Value> {
            serde_json::to_value(list)
                .unwrap()
                .as_array()
                .unwrap()
                .clone()
        }
        let listing = Listing {
            tools: items(s.client.list_all_tools().await.unwrap()),
            prompts: items(s.client.list_all_prompts().await.unwrap()),
            resources: items(s.client.list_all_resources().await.unwrap()),
            resource_templates: items(s.client.list_all_resource_templates().await.unwrap()),
        };
        s.client.cancel().await.ok();
        assert!(
            listing.tools.len() > 5 && !listing.prompts.is_empty(),
            "{listing:?}"
        );
        let description = description();
        let found = compare(description, version, &listing);
        assert!(found.is_empty(), "on {version}:\n{found}");

        // Seeded: a tool documented but not served, a schema that requires more, a tool served
        // but not documented.
        let mut seeded = listing.clone();
        let removed = seeded.tools.remove(0);
        let edited = &mut seeded.tools[0];
        edited["inputSchema"]["required"] = json!(["issue", "extra"]);
        edited["inputSchema"]["properties"]["extra"] = json!({"type": "string"});
        let mut added = removed.clone();
        added["name"] = json!("undocumented_tool");
        // Another schema than the removed tool's, which `diff` would take for a rename.
        added["inputSchema"] =
            json!({"type": "object", "properties": {"note": {"type": "string"}}});
        seeded.tools.push(added);
        let found = compare(description, version, &seeded);
        let rules: Vec<&str> = found.changes().iter().map(|c| c.rule.id).collect();
        assert!(
            rules.contains(&"tool-removed"),
            "on {version}: {rules:?}\n{found}"
        );
        assert!(
            rules.contains(&"input-required-added"),
            "on {version}: {rules:?}\n{found}"
        );
        assert!(
            rules.contains(&"tool-added"),
            "on {version}: {rules:?}\n{found}"
        );
    }
}

/// What every tool answers, per version and act.
async fn run(version: ProtocolVersion, act: Act) {
    let s = start(version, Some(BOTH), act).await;
    let newer = version >= ProtocolVersion::V2025_11_25;

    // Two questions in one call: triage (from 2025-11-25 on), then who owns the new issue.
    let (error, create) = s
        .call_text("create_issue", json!({"title": "Flaky test"}))
        .await;
    match (newer, act) {
        (false, Act::AcceptValid) => {
            assert!(!error, "{create}");
            assert!(
                create.starts_with("Created issue #4 \"Flaky test\" [] (not triaged:"),
                "{create}"
            );
            assert!(create.ends_with("), owned by octocat"), "{create}");
        }
        (true, Act::AcceptValid) => assert_eq!(
            create,
            "Created issue #4 \"Flaky test\" [bug, docs] (kind Chore, estimate 5), owned by octocat"
        ),
        (_, Act::AcceptInvalid) => {
            // The first answer that does not fit ends the call: triage's, or on 2025-06-18 the
            // owner's.
            assert!(error, "{create}");
            let fields: &[&str] = if newer {
                &["labels", "kind", "estimate"]
            } else {
                &["assignee", "priority", "notify"]
            };
            for field in fields {
                assert!(
                    create.contains(&format!("`{field}`")),
                    "{field} in {create}"
                );
            }
            // Nothing was created: the next issue is still #4.
            let (_, next) = s
                .call_text(
                    "create_issue",
                    json!({"title": "Next", "labels": [], "assignee": "hubot"}),
                )
                .await;
            assert_eq!(next, "Created issue #4 \"Next\" [], owned by hubot");
        }
        (false, Act::Decline | Act::Cancel) => {
            assert!(
                create.starts_with(
                    "Leave the new issue unassigned. Created issue #4 \"Flaky test\" [] (not triaged:"
                ),
                "{create}"
            );
        }
        (true, Act::Decline | Act::Cancel) => assert_eq!(
            create,
            "Create the issue untriaged. Leave the new issue unassigned. Created issue #4 \"Flaky test\" []"
        ),
    }

    let (error, assign) = s.call_text("assign_issue", json!({"issue": 1})).await;
    match act {
        Act::AcceptValid => assert_eq!(
            assign,
            "Assigned issue #1 to octocat (priority urgent, notify false)"
        ),
        Act::AcceptInvalid => {
            assert!(error, "{assign}");
            assert!(assign.starts_with("Nothing was changed:"), "{assign}");
            for field in ["assignee", "priority", "notify"] {
                assert!(
                    assign.contains(&format!("`{field}`")),
                    "{field} in {assign}"
                );
            }
        }
        Act::Decline => assert_eq!(assign, "Leave the issue unassigned."),
        Act::Cancel => assert_eq!(assign, "Abort without modifying the issue."),
    }

    // Prefilled with the current title (from 2025-11-25 on, where strings take defaults).
    let (error, edit) = s.call_text("edit_issue", json!({"issue": 3})).await;
    match act {
        Act::AcceptValid => assert_eq!(edit, "Renamed issue #3 to \"Search is slow\""),
        Act::AcceptInvalid => {
            assert!(error, "{edit}");
            assert!(edit.contains("`title`"), "{edit}");
        }
        Act::Decline => assert_eq!(edit, "Keep the current title."),
        Act::Cancel => assert_eq!(edit, "Abort without modifying the issue."),
    }

    let (error, close) = s.call_text("close_issue", json!({"issue": 1})).await;
    match act {
        Act::AcceptValid => assert_eq!(close, "Closed issue #1: done"),
        Act::AcceptInvalid => {
            assert!(error && close.contains("`confirm`"), "{close}");
        }
        Act::Decline => assert_eq!(close, "Keep the issue open."),
        Act::Cancel => assert_eq!(close, "Nothing was changed."),
    }

    let (error, delete) = s.call_text("delete_issue", json!({"issue": 2})).await;
    match act {
        Act::AcceptValid => assert_eq!(delete, "Deleted issue #2"),
        Act::AcceptInvalid => assert!(error && delete.contains("`confirm`"), "{delete}"),
        Act::Decline | Act::Cancel => assert_eq!(delete, "Keep the issue."),
    }

    let (error, link) = s
        .call_text("link_repository", json!({"repository": "acme/widgets"}))
        .await;
    match (newer, act) {
        (false, _) => {
            assert!(error, "{link}");
            assert!(link.contains("MCP 2025-06-18"), "{link}");
        }
        (true, Act::AcceptValid | Act::AcceptInvalid) => {
            assert_eq!(
                link,
                "Linked acme/widgets (once the authorization on the code host completes)"
            );
        }
        (true, Act::Decline) => assert_eq!(link, "Link nothing."),
        (true, Act::Cancel) => assert_eq!(link, "Nothing was changed."),
    }

    let notes = s.prompt(json!({})).await;
    match act {
        Act::AcceptValid => assert!(
            notes
                .as_ref()
                .unwrap()
                .contains("the latest Beta release, internal changes included"),
            "{notes:?}"
        ),
        Act::AcceptInvalid => {
            let e = notes.unwrap_err();
            assert!(e.contains("`channel`"), "{e}");
        }
        Act::Decline | Act::Cancel => assert!(notes.unwrap().contains("the latest release.")),
    }

    // Nothing half-applied: issue #1 is closed only when the user confirmed.
    let listed = s.prompt(json!({"release": "v2"})).await.unwrap();
    let closed = act == Act::AcceptValid;
    assert_eq!(listed.contains("#1 Crash on start"), closed, "{listed}");

    // A resource read asks as a tool does, on every version.
    let report = s.read_report("tracker://reports/2026-q4").await;
    match act {
        Act::AcceptValid => {
            let report = report.unwrap();
            assert!(report.starts_with("# Issues (all)"), "{report}");
            // Issue #1 was assigned to octocat and closed above; "all" lists it, with its assignee.
            assert!(report.contains("#1 Crash on start (octocat)"), "{report}");
        }
        Act::AcceptInvalid => {
            let e = report.unwrap_err();
            assert!(e.contains("`state`") && e.contains("`assignees`"), "{e}");
        }
        Act::Decline | Act::Cancel => {
            let report = report.unwrap();
            assert!(report.starts_with("# Issues (open)"), "{report}");
        }
    }

    let sent = s.check_contract();
    // Forms: the new issue's owner (unless an answer before it did not fit), assign, edit,
    // close, delete, the prompt, the report; triage and the URL only from 2025-11-25 on. A form
    // whose answers do not fit is asked the policy's number of tries, each after the first
    // saying what was wrong in its `_meta`.
    let owner_asked = !(newer && act == Act::AcceptInvalid);
    let forms = 6 + usize::from(owner_asked) + usize::from(newer);
    let tries = match act {
        Act::AcceptInvalid => usize::from(mcpdesc_runtime::session::DEFAULT_ANSWER_TRIES),
        _ => 1,
    };
    assert_eq!(sent, forms * tries + usize::from(newer), "on {version}");
    let told = wire_requests(&s.wire.lock().unwrap())
        .iter()
        .filter(|p| p["_meta"][mcpdesc_runtime::session::PROBLEMS_META].is_array())
        .count();
    assert_eq!(told, forms * (tries - 1), "on {version}");
    s.client.cancel().await.ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accept_with_valid_content() {
    for version in VERSIONS {
        run(version, Act::AcceptValid).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accept_with_content_that_does_not_fit() {
    for version in VERSIONS {
        run(version, Act::AcceptInvalid).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn decline() {
    for version in VERSIONS {
        run(version, Act::Decline).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancel() {
    for version in VERSIONS {
        run(version, Act::Cancel).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_without_the_mode_is_told_so_and_never_sent_it() {
    // Form only: the URL-mode declaration is not sent.
    let s = start(
        ProtocolVersion::V2025_11_25,
        Some(Modes {
            form: true,
            url: false,
        }),
        Act::AcceptValid,
    )
    .await;
    let (error, link) = s
        .call_text("link_repository", json!({"repository": "acme/widgets"}))
        .await;
    assert!(
        error && link.contains("did not declare the `url` elicitation mode"),
        "{link}"
    );
    assert!(s.seen.lock().unwrap().is_empty());
    s.client.cancel().await.ok();

    // No elicitation at all: a confirmation cannot be asked, and nothing is changed. On
    // 2026-07-28 the request is answered with the error that names the capability it lacks
    // (rmcp's client gets its code and data); before, the tool says why.
    for version in VERSIONS {
        let s = start(version, None, Act::AcceptValid).await;
        for tool in ["close_issue", "delete_issue"] {
            let result = s.try_call(tool, json!({"issue": 1})).await;
            if version == ProtocolVersion::V2026_07_28 {
                let Err(rmcp::service::ServiceError::McpError(error)) = result else {
                    panic!("{tool}: {result:?}");
                };
                assert_eq!(error.code, ErrorCode::MISSING_REQUIRED_CLIENT_CAPABILITY);
                assert_eq!(
                    error.data,
                    Some(json!({"requiredCapabilities": {"elicitation": {"form": {}}}}))
                );
            } else {
                let result = result.unwrap_or_else(|e| panic!("{tool} on {version}: {e}"));
                assert_eq!(result.is_error, Some(true), "{version} {tool}");
                let text = result_text(&result);
                assert!(
                    text.contains("did not declare the `form` elicitation mode"),
                    "{version}: {text}"
                );
            }
        }
        assert!(s.seen.lock().unwrap().is_empty());
        // Nothing was deleted.
        let (error, renamed) = s
            .call_text("edit_issue", json!({"issue": 1, "title": "Still here"}))
            .await;
        assert!(!error, "{version}: {renamed}");
        assert_eq!(renamed, "Renamed issue #1 to \"Still here\"");
        s.client.cancel().await.ok();
    }
}

/// A client that declares elicitation and answers the request with an error: a tool whose
/// question is optional goes on without it and says why; a confirmation changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_refuses_the_request_is_not_taken_for_an_answer() {
    for version in [ProtocolVersion::V2025_06_18, ProtocolVersion::V2025_11_25] {
        let s = start_with(version, Some(BOTH), Act::AcceptValid, true, None).await;
        let (error, close) = s.call_text("close_issue", json!({"issue": 1})).await;
        assert!(error, "{version}: {close}");
        assert_eq!(
            close,
            "Cannot ask for confirmation: the client answered the elicitation request with an error: -32601: elicitation/create. Nothing was changed.",
            "{version}"
        );
        assert_eq!(s.seen.lock().unwrap().len(), 1, "{version}: it was sent");
        s.client.cancel().await.ok();
    }
    // Triage (a multi-select: 2025-11-25 on) and the new issue's owner are optional.
    let s = start_with(
        ProtocolVersion::V2025_11_25,
        Some(BOTH),
        Act::AcceptValid,
        true,
        None,
    )
    .await;
    let (error, create) = s
        .call_text("create_issue", json!({"title": "Flaky test"}))
        .await;
    assert!(!error, "{create}");
    assert_eq!(
        create,
        "Created issue #4 \"Flaky test\" [] (not triaged: the client answered the elicitation request with an error: -32601: elicitation/create) (not assigned: the client answered the elicitation request with an error: -32601: elicitation/create)"
    );
    // The release-notes prompt asks which release; refused, it asks the caller to name one.
    let notes = s.prompt(json!({})).await.unwrap_err();
    assert!(
        notes.contains(
            "Name a `release`: the client answered the elicitation request with an error"
        ),
        "{notes}"
    );
    assert_eq!(
        s.seen.lock().unwrap().len(),
        3,
        "the tool's two questions and the prompt's were sent"
    );
    s.client.cancel().await.ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tampered_request_state_is_refused() {
    let s = start(ProtocolVersion::V2026_07_28, Some(BOTH), Act::AcceptValid).await;
    let args = object(json!({"issue": 1}));
    let first = s
        .client
        .call_tool_once(CallToolRequestParams::new("close_issue").with_arguments(args.clone()))
        .await
        .unwrap();
    let CallToolResponse::InputRequired(required) = first else {
        panic!("2026-07-28 asks with an input-required result");
    };
    let state = required
        .request_state
        .clone()
        .expect("a sealed requestState");
    let responses: rmcp::model::InputResponses = [(
        "confirm_close".to_owned(),
        json!({"action": "accept", "content": {"confirm": true}}),
    )]
    .into();
    let retry = |state: Option<String>, args: Map<String, Value>| {
        let mut p = CallToolRequestParams::new("close_issue")
            .with_arguments(args)
            .with_input_responses(responses.clone());
        if let Some(state) = state {
            p = p.with_request_state(state);
        }
        s.client.call_tool_once(p)
    };
    let text = |r: CallToolResponse| match r {
        CallToolResponse::Complete(r) => (r.is_error == Some(true), result_text(&r)),
        other => panic!("{other:?}"),
    };
    // Forged, missing, or sealed for other arguments: refused, nothing closed.
    let mut forged = state.clone();
    forged.push('x');
    for (state, args) in [
        (Some(forged), args.clone()),
        (None, args.clone()),
        (Some(state.clone()), object(json!({"issue": 2}))),
    ] {
        let (error, message) = text(retry(state, args).await.unwrap());
        assert!(error && message.contains("requestState"), "{message}");
    }
    // The genuine state closes the issue.
    let (error, message) = text(retry(Some(state.clone()), args.clone()).await.unwrap());
    assert!(!error, "{message}");
    assert_eq!(message, "Closed issue #1");
    // Brought back again, with the same answer or another, the state is refused: it opens once.
    let (error, message) = text(retry(Some(state), args).await.unwrap());
    assert!(
        error && message.contains("already brought back"),
        "{message}"
    );
    s.client.cancel().await.ok();
}

/// On 2026-07-28 the sealed `requestState` keeps a digest of the teammates offered, not the
/// teammates. A retry whose fill offers the same teammates is read against them; when the team
/// changed between the rounds, the user is asked again with the current team, and nothing is
/// assigned until the answer fits what was offered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_retry_is_asked_again_when_the_choices_changed_since_the_round_that_asked() {
    let s = start(ProtocolVersion::V2026_07_28, Some(BOTH), Act::AcceptValid).await;
    let args = object(json!({"issue": 2}));
    let first = s
        .client
        .call_tool_once(CallToolRequestParams::new("assign_issue").with_arguments(args.clone()))
        .await
        .unwrap();
    let CallToolResponse::InputRequired(required) = first else {
        panic!("2026-07-28 asks with an input-required result");
    };
    let offered = |required: &rmcp::model::InputRequiredResult| {
        let requests = serde_json::to_value(&required.input_requests).unwrap();
        requests["choose_assignee"]["params"]["requestedSchema"]["properties"]["assignee"].clone()
    };
    // The client received the run-time choices (issue #2 has no assignee: no default).
    let assignee = offered(&required);
    assert_eq!(
        assignee["oneOf"],
        json!([
            {"const": "hubot", "title": "Hubot"},
            {"const": "monalisa", "title": "Mona Lisa Octocat"},
            {"const": "octocat", "title": "The Octocat"}
        ]),
        "{assignee}"
    );
    assert!(assignee.get("default").is_none(), "{assignee}");
    let state = required.request_state.clone().expect("a sealed state");
    // The state holds a digest of the choices, not the choices.
    assert!(!state.contains("monalisa"), "{state}");

    let retry = |login: &str, state: &str| {
        let responses: rmcp::model::InputResponses = [(
            "choose_assignee".to_owned(),
            json!({"action": "accept", "content": {"assignee": login, "notify": true}}),
        )]
        .into();
        s.client.call_tool_once(
            CallToolRequestParams::new("assign_issue")
                .with_arguments(args.clone())
                .with_input_responses(responses)
                .with_request_state(state.to_owned()),
        )
    };
    let text = |r: CallToolResponse| match r {
        CallToolResponse::Complete(r) => (r.is_error == Some(true), result_text(&r)),
        other => panic!("{other:?}"),
    };
    // The team is unchanged: a login that was not offered is a problem of `assignee`.
    let Ok(CallToolResponse::InputRequired(again)) = s
        .client
        .call_tool_once(CallToolRequestParams::new("assign_issue").with_arguments(args.clone()))
        .await
    else {
        panic!("2026-07-28 asks again");
    };
    // It is asked again (the same three teammates), nothing assigned; its state counts the try.
    let Ok(CallToolResponse::InputRequired(corrected)) =
        retry("zoe", &again.request_state.unwrap()).await
    else {
        panic!("an answer outside the choices is asked again");
    };
    assert_eq!(
        offered(&corrected)["oneOf"].as_array().map(Vec::len),
        Some(3)
    );
    assert!(offered(&corrected).get("default").is_none());

    // Between the rounds, zoe joins the team.
    let (error, added) = s
        .call_text("add_teammate", json!({"login": "zoe", "name": "Zoe"}))
        .await;
    assert!(!error, "{added}");
    // The retry of the round that offered three teammates is asked again, with four.
    let Ok(CallToolResponse::InputRequired(asked_again)) = retry("octocat", &state).await else {
        panic!("a retry whose choices changed is asked again");
    };
    let assignee = offered(&asked_again);
    assert_eq!(
        assignee["oneOf"].as_array().map(Vec::len),
        Some(4),
        "{assignee}"
    );
    assert_eq!(
        assignee["oneOf"][3],
        json!({"const": "zoe", "title": "Zoe"})
    );
    // Nothing was assigned meanwhile: the form has no current assignee to prefill.
    assert!(assignee.get("default").is_none(), "{assignee}");
    // zoe, offered now, is accepted on the new state.
    let (error, message) = text(
        retry("zoe", &asked_again.request_state.unwrap())
            .await
            .unwrap(),
    );
    assert!(!error, "{message}");
    assert_eq!(
        message,
        "Assigned issue #2 to zoe (priority unset, notify true)"
    );
    s.client.cancel().await.ok();
}

/// A state sealed by one server process opens in another started with the same key ring (a
/// replica, or the server restarted), is refused by a process with other keys, and opens after a
/// rotation that keeps the old key for opening.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_state_opens_in_every_process_that_holds_its_key() {
    let key = |byte: u8| format!("{byte:02x}").repeat(32);
    let (old, new) = (format!("old:{}", key(1)), format!("new:{}", key(2)));
    let args = object(json!({"issue": 1}));
    let confirmed: rmcp::model::InputResponses = [(
        "confirm_close".to_owned(),
        json!({"action": "accept", "content": {"confirm": true}}),
    )]
    .into();
    let v = ProtocolVersion::V2026_07_28;
    let sealer = start_with(v, Some(BOTH), Act::AcceptValid, false, Some(&old)).await;
    // Retries the first call of `close_issue` on a server with `keys`.
    let retry_on = |keys: String| {
        let (args, confirmed) = (args.clone(), confirmed.clone());
        let sealer = &sealer;
        async move {
            let first = sealer
                .client
                .call_tool_once(
                    CallToolRequestParams::new("close_issue").with_arguments(args.clone()),
                )
                .await
                .unwrap();
            let CallToolResponse::InputRequired(first) = first else {
                panic!("2026-07-28 asks with an input-required result");
            };
            let other = start_with(v, Some(BOTH), Act::AcceptValid, false, Some(&keys)).await;
            let retried = other
                .client
                .call_tool_once(
                    CallToolRequestParams::new("close_issue")
                        .with_arguments(args)
                        .with_input_responses(confirmed)
                        .with_request_state(first.request_state.clone().unwrap()),
                )
                .await
                .unwrap();
            other.client.cancel().await.ok();
            match retried {
                CallToolResponse::Complete(r) => (r.is_error == Some(true), result_text(&r)),
                other => panic!("{other:?}"),
            }
        }
    };
    // Another process with the same key: the issue is closed there.
    assert_eq!(
        retry_on(old.clone()).await,
        (false, "Closed issue #1".to_owned())
    );
    // Another key: refused, nothing closed.
    let (error, message) = retry_on(new.clone()).await;
    assert!(error && message.contains("requestState"), "{message}");
    // Rotated: the new key seals, the old one still opens.
    let rotated = format!("{new},{old}");
    assert_eq!(
        retry_on(rotated).await,
        (false, "Closed issue #1".to_owned())
    );
    sealer.client.cancel().await.ok();
}

/// `create_issue` keeps its custom `fields` in a `HashMap`; the state of its first round is bound
/// to the canonical form of the arguments the client sent, so a retry whose keys come in another
/// order (as a client may send them, and as a `HashMap` serializes) is answered, and the second
/// question is asked with the first answer kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn map_arguments_retry_in_any_key_order() {
    let s = start(ProtocolVersion::V2026_07_28, Some(BOTH), Act::AcceptValid).await;
    let fields: Vec<(String, Value)> = (0..8).map(|i| (format!("f{i}"), json!("x"))).collect();
    let args = |fields: Map<String, Value>| object(json!({"title": "Mapped", "fields": fields}));
    let forward: Map<String, Value> = fields.iter().cloned().collect();
    let backward: Map<String, Value> = fields.iter().rev().cloned().collect();
    let first = s
        .client
        .call_tool_once(CallToolRequestParams::new("create_issue").with_arguments(args(forward)))
        .await
        .unwrap();
    let CallToolResponse::InputRequired(first) = first else {
        panic!("triage is asked first");
    };
    let triage: rmcp::model::InputResponses = [(
        "triage".to_owned(),
        json!({"action": "accept", "content": {"labels": ["docs"], "kind": "chore", "estimate": 2}}),
    )]
    .into();
    let second = s
        .client
        .call_tool_once(
            CallToolRequestParams::new("create_issue")
                .with_arguments(args(backward.clone()))
                .with_input_responses(triage)
                .with_request_state(first.request_state.clone().unwrap()),
        )
        .await
        .unwrap();
    let CallToolResponse::InputRequired(second) = second else {
        panic!("then the owner: {second:?}");
    };
    let owner: rmcp::model::InputResponses = [(
        "choose_owner".to_owned(),
        json!({"action": "accept", "content": {"assignee": "monalisa", "notify": true}}),
    )]
    .into();
    let done = s
        .client
        .call_tool_once(
            CallToolRequestParams::new("create_issue")
                .with_arguments(args(backward))
                .with_input_responses(owner)
                .with_request_state(second.request_state.clone().unwrap()),
        )
        .await
        .unwrap();
    let CallToolResponse::Complete(done) = done else {
        panic!("then the issue is created: {done:?}");
    };
    assert_eq!(
        result_text(&done),
        "Created issue #4 \"Mapped\" [docs] (kind Chore, estimate 2) (8 custom fields), owned by monalisa"
    );
    s.client.cancel().await.ok();
}

/// A raw client of the example over stdio: lines written as they are, lines read with a time
/// limit (the server's question timeout is ten minutes, so an answer within the limit is not a
/// timeout).
struct RawClient {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<String>,
}

impl RawClient {
    fn start() -> Self {
        use std::io::BufRead as _;
        let mut child = std::process::Command::new(server_binary())
            .arg("serve")
            .env_remove("ISSUE_TRACKER_TIMEOUT_MS")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        RawClient {
            child,
            stdin,
            lines,
        }
    }

    fn write(&mut self, line: &str) {
        use std::io::Write as _;
        self.stdin.write_all(line.as_bytes()).expect("written");
        self.stdin.write_all(b"\n").expect("written");
        self.stdin.flush().expect("flushed");
    }

    /// The 2025-11-25 handshake, declaring form mode.
    fn initialize_2025_11_25(&mut self) {
        self.write(
            &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {"elicitation": {"form": {}}},
                "clientInfo": {"name": "raw", "version": "1"}}})
            .to_string(),
        );
        assert_eq!(
            self.answer_to(&json!(0))["result"]["protocolVersion"],
            "2025-11-25"
        );
        self.write(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
    }

    /// The next message from the server, within ten seconds.
    fn read(&self) -> Value {
        let line = self
            .lines
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("the server answered within ten seconds");
        serde_json::from_str(&line).expect("the server writes JSON")
    }

    /// The next message from the server with `id` (a response or an error).
    fn answer_to(&self, id: &Value) -> Value {
        loop {
            let message = self.read();
            if message["id"] == *id && message.get("method").is_none() {
                return message;
            }
        }
    }
}

impl Drop for RawClient {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A 2026-07-28 request's `_meta`.
fn meta_2026() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
        "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "1"}
    })
}

/// The answers a client may send to `elicitation/create` that the server cannot read, each with
/// the words the call's result gives. `ID` stands for the question's id.
fn unreadable_answers() -> Vec<(String, &'static str)> {
    let unreadable = "the client's answer could not be read";
    let not_a_result = "the client's answer is not an elicitation result";
    let mut answers: Vec<(String, &'static str)> = [
        r#"{"jsonrpc":"2.0","id":ID,"result":{"action":"accept","content":{"confirm":NaN}}}"#,
        r#"{"jsonrpc":"2.0","id":ID,"result":{"action":"accept","content":{"confirm":Infinity}}}"#,
        r#"{"jsonrpc":"2.0","id":ID,"result":{"action":"accept","content":{"reason":1e400,"confirm":true}}}"#,
        r#"{"jsonrpc":"2.0","id":ID,"result":{"action":"accept","content":{"reason":"\ud800","confirm":true}}}"#,
        "no JSON at all",
    ]
    .into_iter()
    .map(|line| (line.to_owned(), unreadable))
    .collect();
    // Over the 16 MiB a line may hold.
    let long = "x".repeat(17 * 1024 * 1024);
    answers.push((
        format!(r#"{{"jsonrpc":"2.0","id":ID,"result":{{"action":"accept","content":{{"confirm":true,"reason":"{long}"}}}}}}"#),
        unreadable,
    ));
    for result in [r#"{"action":"maybe"}"#, "{}", "null", r#""a string""#] {
        answers.push((
            format!(r#"{{"jsonrpc":"2.0","id":ID,"result":{result}}}"#),
            not_a_result,
        ));
    }
    answers
}

/// On 2025-11-25, an answer to `elicitation/create` the server cannot read ends the call at once
/// with an error that says so (not the ten-minute timeout), and nothing is changed; on
/// 2026-07-28 a request the server cannot read is answered at once with -32700 and its id. A
/// malformed elicitation result gets the same words on both versions.
#[test]
fn lines_the_server_cannot_read_end_the_call_at_once() {
    let mut client = RawClient::start();
    client.initialize_2025_11_25();
    let mut said_2025 = Vec::new();
    for (n, (answer, words)) in unreadable_answers().into_iter().enumerate() {
        let id = json!(100 + n);
        client.write(
            &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                "params": {"name": "close_issue", "arguments": {"issue": 1}}})
            .to_string(),
        );
        let question = client.read();
        assert_eq!(question["method"], "elicitation/create", "{question}");
        client.write(&answer.replace("ID", &question["id"].to_string()));
        let result = client.answer_to(&id);
        let text = result["result"]["content"][0]["text"]
            .as_str()
            .unwrap_or_default();
        assert_eq!(
            result["result"]["isError"],
            true,
            "{}: {result}",
            &answer[..answer.len().min(120)]
        );
        assert!(text.contains(words), "{text}");
        assert!(text.ends_with("Nothing was changed."), "{text}");
        if words.contains("not an elicitation result") {
            said_2025.push(text.to_owned());
        }
    }

    // 2026-07-28: requests the server cannot read are answered at once.
    let mut client = RawClient::start();
    let meta = meta_2026().to_string();
    let call = |id: &str, arguments: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"close_issue","arguments":{arguments},"_meta":{meta}}}}}"#
        )
    };
    for (id, line) in [
        ("77", call("77", r#"{"issue":NaN}"#)),
        ("78", call("78", r#"{"issue":1e400,"x":"\ud800"}"#)),
        (
            "null",
            r#"{"jsonrpc":"2.0","method":"tools/call","params":{"#.to_owned(),
        ),
    ] {
        client.write(&line);
        let reply = client.read();
        assert_eq!(reply["id"].to_string(), id, "{reply}");
        assert_eq!(reply["error"]["code"], -32700, "{reply}");
    }
    // The malformed results of the 2025-11-25 run, as a retried call's answers: the same words.
    let mut said_2026 = Vec::new();
    for (n, result) in [
        json!({"action": "maybe"}),
        json!({}),
        Value::Null,
        json!("a string"),
    ]
    .into_iter()
    .enumerate()
    {
        let first = call(&format!("{}", 200 + 2 * n), r#"{"issue":1}"#);
        client.write(&first);
        let required = client.answer_to(&json!(200 + 2 * n));
        let state = required["result"]["requestState"].clone();
        assert!(state.is_string(), "{required}");
        let retry = json!({"jsonrpc": "2.0", "id": 201 + 2 * n, "method": "tools/call", "params": {
            "name": "close_issue", "arguments": {"issue": 1}, "_meta": meta_2026(),
            "inputResponses": {"confirm_close": result}, "requestState": state}});
        client.write(&retry.to_string());
        let done = client.answer_to(&json!(201 + 2 * n));
        said_2026.push(
            done["result"]["content"][0]["text"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
        );
    }
    assert_eq!(said_2025, said_2026);
}

/// A number the client wrote that reading changes (`99999999999999999999999999` reads as the
/// double `1e26`) is said as written in what was wrong with the answer, on 2025-11-25 (the
/// question asked again in the same call) and on 2026-07-28 (in the input request of the
/// retried call), and an answer that forges the transport's `_meta` member changes nothing.
#[test]
fn numbers_out_of_range_are_said_as_written() {
    let big = "99999999999999999999999999";
    let expected = format!("`estimate` {big} is above the maximum 13");

    // 2025-11-25: the question is asked again with the problem in its `_meta`.
    let mut client = RawClient::start();
    client.initialize_2025_11_25();
    client.write(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "create_issue", "arguments": {"title": "Big"}}})
        .to_string(),
    );
    let question = client.read();
    assert_eq!(
        question["params"]["message"],
        "How should this issue be triaged?"
    );
    let answer = |id: &Value, estimate: &str, meta: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"result":{{"action":"accept","content":{{"labels":["bug"],"kind":"defect","estimate":{estimate}}}{meta}}}}}"#
        )
    };
    client.write(&answer(&question["id"], big, ""));
    let again = client.read();
    assert_eq!(
        again["params"]["_meta"]["io.github.mcpdesc-rs/problems"],
        json!([expected]),
        "{again}"
    );
    // A forged member is dropped: the number is said as reading it gives.
    let forged = r#","_meta":{"io.github.mcpdesc-rs/writtenNumbers":{"estimate":"14"}}"#;
    client.write(&answer(&again["id"], "1e2", forged));
    let third = client.read();
    assert_eq!(
        third["params"]["_meta"]["io.github.mcpdesc-rs/problems"],
        json!(["`estimate` 1e2 is above the maximum 13"]),
        "{third}"
    );
    client.write(&format!(
        r#"{{"jsonrpc":"2.0","id":{},"result":{{"action":"decline"}}}}"#,
        third["id"]
    ));

    // 2026-07-28: the retried call's answer, in `inputResponses`.
    let mut client = RawClient::start();
    client.write(
        &json!({"jsonrpc": "2.0", "id": 10, "method": "tools/call", "params": {
            "name": "create_issue", "arguments": {"title": "Big"}, "_meta": meta_2026()}})
        .to_string(),
    );
    let required = client.answer_to(&json!(10));
    let state = required["result"]["requestState"]
        .as_str()
        .unwrap()
        .to_owned();
    let retry = format!(
        r#"{{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{{"name":"create_issue","arguments":{{"title":"Big"}},"_meta":{},"requestState":"{state}","inputResponses":{{"triage":{{"action":"accept","content":{{"labels":["bug"],"kind":"defect","estimate":{big}}}}}}}}}}}"#,
        meta_2026()
    );
    client.write(&retry);
    let again = client.answer_to(&json!(11));
    assert_eq!(
        again["result"]["inputRequests"]["triage"]["params"]["_meta"]["io.github.mcpdesc-rs/problems"],
        json!([expected]),
        "{again}"
    );
}
