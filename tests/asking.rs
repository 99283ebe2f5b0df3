//! Asking in one line: `Asker`, `ask!` and `AskingServer`, over a real rmcp session (server and client
//! connected in memory) on MCP 2025-06-18, 2025-11-25 and 2026-07-28. A tool, a prompt and a
//! resource read each accept, decline and cancel; a tool asks twice in one call; arguments that
//! are a `HashMap`, and map arguments sent in another key order, retry; a state brought back twice
//! is refused; a client that never answers gets the timeout, and one that cancels the call ends
//! the wait; a handle of another primitive is refused; a prompt served without `AskingServer` fails
//! closed, once.
#![allow(clippy::restriction)]

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use mcpdesc_runtime::session::{Asked, Asker, AskingServer, Policy, PromptReply, StateKeys, Step};
use mcpdesc_runtime::{ElicitationEnum, ElicitationForm, ask, elicitation};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    ClientRequest, ContentBlock, ElicitRequestParams, ElicitResult, ElicitationAction, ErrorData,
    GetPromptRequestParams, GetPromptResult, Implementation, InputResponses,
    ListResourceTemplatesResult, PaginatedRequestParams, PromptMessage, ProtocolVersion,
    ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, ResourceContents,
    ResourceTemplate, Role, ServerCapabilities, ServerConfig,
};
use rmcp::service::{
    ClientLifecycleMode, ClientServiceExt, PeerRequestOptions, RequestContext, RoleClient,
    RoleServer, RunningService,
};
use rmcp::{
    ClientHandler, ServerHandler, ServiceExt, prompt, prompt_handler, prompt_router, tool,
    tool_handler, tool_router,
};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

#[derive(ElicitationForm, Debug)]
struct Pick {
    #[form(title = "Colour")]
    colour: Colour,
}

#[derive(ElicitationEnum, Debug, Clone, Copy)]
#[form(rename_all = "lowercase")]
enum Colour {
    Red,
    Green,
}

#[derive(ElicitationForm, Debug)]
struct Confirm {
    confirm: bool,
}

/// Arguments held in a `HashMap`, whose serialization order changes from one map to the next.
#[derive(Deserialize, JsonSchema)]
struct Labels {
    #[serde(default)]
    labels: HashMap<String, String>,
}

/// The description the tools `described` and `misdescribed` ask from, as `mcpdesc mock` reads
/// one: at run time, kept for the life of the process.
fn read_description() -> &'static Value {
    static DESCRIPTION: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    DESCRIPTION.get_or_init(|| {
        let colour = json!({
            "name": "colour",
            "mode": "form",
            "message": "Which colour?",
            "requestedSchema": {
                "type": "object",
                "properties": {"colour": {"type": "string", "title": "Colour", "enum": ["red", "green"]}},
                "required": ["colour"]
            },
            "onDecline": "No colour, then."
        });
        json!({
            "mcpdesc": "0.9.0",
            "info": {"name": "probe", "version": "1.0.0"},
            "protocolVersions": ["2025-06-18", "2025-11-25", "2026-07-28"],
            "tools": [
                {"name": "described", "inputSchema": {"type": "object"}, "elicitations": [colour]},
                {"name": "misdescribed", "inputSchema": {"type": "object"}, "elicitations": [colour]}
            ]
        })
    })
}

/// Asks the declaration `colour` of `tool` as read from [`read_description`] through
/// `Asker::described`, its form's choices `colours` (the description's are red and green).
async fn ask_read(
    asker: &Asker,
    tool: &'static str,
    colours: &[&str],
) -> Result<CallToolResponse, ErrorData> {
    use mcpdesc_runtime::registry::{Declaration, Mode, Primitive};
    let written = &read_description()["tools"][0]["elicitations"][0];
    let mut form = written["requestedSchema"].clone();
    form["properties"]["colour"]["enum"] = json!(colours);
    let schema =
        mcpdesc_format::diagnostics::parse_requested_schema(&form).expect("the form reads");
    let message = written["message"].as_str().unwrap_or_default();
    let declaration = Declaration::described(
        Primitive::Tool(tool),
        "colour",
        Mode::Described {
            schema: Box::leak(Box::new(schema)),
        },
        message,
    )
    .with_follow_ups(written["onDecline"].as_str(), None);
    Ok(text(
        match asker
            .described(read_description(), &declaration, None)
            .await
        {
            Ok(Step::Answered(Asked::Accepted(content))) => format!("colour {}", content["colour"]),
            Ok(Step::Answered(other)) => other.follow_up().unwrap_or("no answer").to_owned(),
            Ok(Step::InputRequired(result)) => return Ok((*result).into()),
            Err(e) => format!("error: {e}"),
        },
    ))
}

fn text(s: impl Into<String>) -> CallToolResponse {
    CallToolResult::success(vec![ContentBlock::text(s.into())]).into()
}

/// The probe server: what its tools saw end up in `log`.
#[derive(Clone)]
struct Probe {
    log: Arc<Mutex<Vec<String>>>,
}

#[tool_router]
impl Probe {
    #[elicitation(
        name = "colour",
        form = Pick,
        message = "Which colour?",
        on_decline = "No colour, then.",
        on_cancel = "Stopped.",
    )]
    #[elicitation(name = "sure", form = Confirm, message = "Sure?")]
    #[tool(description = "Asks twice in one call.")]
    async fn twice(
        &self,
        Parameters(args): Parameters<Labels>,
        asker: Asker,
    ) -> Result<CallToolResponse, ErrorData> {
        let colour = match ask!(asker, Self::TWICE_COLOUR)? {
            Asked::Accepted(pick) => pick.colour.value(),
            other => return Ok(text(other.follow_up().unwrap_or_default())),
        };
        let sure = ask!(asker, Self::TWICE_SURE)?
            .accepted()
            .is_some_and(|c| c.confirm);
        Ok(text(format!(
            "{colour}, sure {sure}, {} labels",
            args.labels.len()
        )))
    }

    #[elicitation(name = "sure", form = Confirm, message = "Waiting?")]
    #[tool(description = "Asks with a timeout of 200 ms.")]
    async fn impatient(&self, asker: Asker) -> Result<CallToolResponse, ErrorData> {
        let asker = asker.timeout(Duration::from_millis(200));
        Ok(text(match ask!(asker, Self::IMPATIENT_SURE) {
            Ok(_) => "answered".to_owned(),
            Err(e) => format!("error: {e}"),
        }))
    }

    #[elicitation(name = "sure", form = Confirm, message = "Waiting long?")]
    #[tool(description = "Asks, and records how the asking ended.")]
    async fn patient(&self, asker: Asker) -> Result<CallToolResponse, ErrorData> {
        let outcome = match ask!(asker, Self::PATIENT_SURE) {
            Ok(_) => "answered".to_owned(),
            Err(e) => format!("error: {e}"),
        };
        self.log.lock().unwrap().push(outcome.clone());
        Ok(text(outcome))
    }

    #[elicitation(
        name = "link",
        url = "https://tracker.example.com/link",
        message = "Link your account.",
        protocol_versions = ["2025-11-25", "2026-07-28"],
    )]
    #[tool(description = "Asks its URL declaration at another URL.")]
    async fn elsewhere(&self, asker: Asker) -> Result<CallToolResponse, ErrorData> {
        let url = "https://elsewhere.example.com/link";
        Ok(text(match ask!(asker, Self::ELSEWHERE_LINK, url = url) {
            Ok(_) => "asked".to_owned(),
            Err(e) => format!("error: {e}"),
        }))
    }

    #[tool(description = "Asks a declaration read from a description at run time.")]
    async fn described(&self, asker: Asker) -> Result<CallToolResponse, ErrorData> {
        ask_read(&asker, "described", &["red", "green"]).await
    }

    #[tool(description = "Asks a declaration with a form its description does not have.")]
    async fn misdescribed(&self, asker: Asker) -> Result<CallToolResponse, ErrorData> {
        ask_read(&asker, "misdescribed", &["red", "green", "blue"]).await
    }

    #[tool(description = "Asks the prompt's declaration.")]
    async fn borrowed(&self, asker: Asker) -> Result<CallToolResponse, ErrorData> {
        Ok(text(match ask!(asker, Self::BRIEF_SURE) {
            Ok(_) => "asked".to_owned(),
            Err(e) => format!("error: {e}"),
        }))
    }
}

#[prompt_router]
impl Probe {
    #[elicitation(
        name = "sure",
        form = Confirm,
        message = "Brief?",
        on_decline = "Declined the brief.",
        on_cancel = "Cancelled the brief.",
    )]
    #[prompt(description = "Asks before it answers.")]
    async fn brief(&self, asker: Asker) -> Result<PromptReply, ErrorData> {
        let said = match ask!(asker, Self::BRIEF_SURE)? {
            Asked::Accepted(c) => format!("confirm {}", c.confirm),
            other => other.follow_up().unwrap_or_default().to_owned(),
        };
        Ok(GetPromptResult::new(vec![PromptMessage::new_text(Role::User, said)]).into())
    }
}

impl Probe {
    fn new() -> Self {
        Probe {
            log: Arc::default(),
        }
    }

    #[elicitation(
        name = "sure",
        form = Confirm,
        message = "Read the note?",
        on_decline = "Declined the note.",
        on_cancel = "Cancelled the note.",
        resource_template = "probe://notes/{name}",
    )]
    async fn read_note(&self, uri: &str, asker: Asker) -> Result<ReadResourceResponse, ErrorData> {
        let said = match ask!(asker, Self::READ_NOTE_SURE)? {
            Asked::Accepted(c) => format!("confirm {}", c.confirm),
            other => other.follow_up().unwrap_or_default().to_owned(),
        };
        Ok(ReadResourceResult::new(vec![ResourceContents::text(said, uri)]).into())
    }
}

#[tool_handler]
#[prompt_handler]
impl ServerHandler for Probe {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_prompts()
                .enable_resources()
                .build(),
        )
    }

    async fn list_resource_templates(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        Ok(ListResourceTemplatesResult::with_all_items(vec![
            ResourceTemplate::new("probe://notes/{name}", "note"),
        ]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        self.read_note(&request.uri, Asker::new(&context)?).await
    }
}

/// What the scripted user does with every request.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Act {
    Accept,
    Decline,
    Cancel,
    /// Never answers (until the request is cancelled).
    Silent,
    /// Answers each question with content that does not fit it (`colour: "purple"`,
    /// `confirm: "yes"`) the first `n` times it is asked, then as `Accept` does.
    WrongFirst(usize),
}

#[derive(Clone)]
struct Client {
    version: ProtocolVersion,
    act: Act,
    /// The message of every request received, and `cancelled: <message>` when one was cancelled.
    seen: Arc<Mutex<Vec<String>>>,
}

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation = serde_json::from_value(json!({"form": {}, "url": {}})).ok();
        ClientConfig::new(capabilities, Implementation::new("asking-client", "1.0.0"))
            .with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let params = serde_json::to_value(&request).unwrap();
        let message = params["message"].as_str().unwrap_or_default().to_owned();
        self.seen.lock().unwrap().push(message.clone());
        let asked = self
            .seen
            .lock()
            .unwrap()
            .iter()
            .filter(|m| **m == message)
            .count();
        Ok(match self.act {
            Act::WrongFirst(n) if asked <= n => {
                let content = match message.as_str() {
                    "Which colour?" => json!({"colour": "purple"}),
                    _ => json!({"confirm": "yes"}),
                };
                ElicitResult::new(ElicitationAction::Accept).with_content(content)
            }
            Act::Accept | Act::WrongFirst(_) => {
                let content = match message.as_str() {
                    "Which colour?" => json!({"colour": "green"}),
                    _ => json!({"confirm": true}),
                };
                ElicitResult::new(ElicitationAction::Accept).with_content(content)
            }
            Act::Decline => ElicitResult::new(ElicitationAction::Decline),
            Act::Cancel => ElicitResult::new(ElicitationAction::Cancel),
            Act::Silent => {
                context.ct.cancelled().await;
                self.seen
                    .lock()
                    .unwrap()
                    .push(format!("cancelled: {message}"));
                ElicitResult::new(ElicitationAction::Cancel)
            }
        })
    }
}

const VERSIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V_2025_06_18,
    ProtocolVersion::V_2025_11_25,
    ProtocolVersion::V_2026_07_28,
];

fn keys(id: &str, byte: u8) -> String {
    format!("{id}:{}", format!("{byte:02x}").repeat(32))
}

struct Session {
    client: RunningService<RoleClient, Client>,
    seen: Arc<Mutex<Vec<String>>>,
    log: Arc<Mutex<Vec<String>>>,
}

/// A session with the probe, served as `AskingServer` (or, with `served` false, as it is).
async fn session(version: ProtocolVersion, act: Act, served: bool) -> Session {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let probe = Probe::new();
    let log = probe.log.clone();
    let policy = Policy::with_keys(StateKeys::parse(&keys("k1", 7)).unwrap());
    if served {
        let server = AskingServer::new(probe, policy);
        tokio::spawn(async move {
            if let Ok(running) = server.serve(server_io).await {
                let _ = running.waiting().await;
            }
        });
    } else {
        tokio::spawn(async move {
            if let Ok(running) = probe.serve(server_io).await {
                let _ = running.waiting().await;
            }
        });
    }
    let seen = Arc::new(Mutex::new(Vec::new()));
    let handler = Client {
        version: version.clone(),
        act,
        seen: seen.clone(),
    };
    let client = if version == ProtocolVersion::V_2026_07_28 {
        handler
            .serve_with_lifecycle(
                client_io,
                ClientLifecycleMode::Discover {
                    preferred_versions: vec![ProtocolVersion::V_2026_07_28],
                },
            )
            .await
    } else {
        handler.serve(client_io).await
    }
    .expect("the client connects");
    Session { client, seen, log }
}

fn object(v: Value) -> Map<String, Value> {
    v.as_object().cloned().unwrap()
}

fn result_text(result: &CallToolResult) -> String {
    serde_json::to_value(&result.content).unwrap()[0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

impl Session {
    async fn call(&self, tool: &'static str, args: Value) -> String {
        let result = self
            .client
            .call_tool(CallToolRequestParams::new(tool).with_arguments(object(args)))
            .await
            .unwrap_or_else(|e| panic!("{tool}: {e}"));
        result_text(&result)
    }

    async fn prompt(&self) -> Result<String, String> {
        self.client
            .get_prompt(GetPromptRequestParams::new("brief"))
            .await
            .map(|r| serde_json::to_value(&r.messages).unwrap()[0]["content"]["text"].to_string())
            .map_err(|e| e.to_string())
    }

    async fn read(&self) -> String {
        let result = self
            .client
            .read_resource(ReadResourceRequestParams::new("probe://notes/today"))
            .await
            .unwrap();
        serde_json::to_value(&result.contents).unwrap()[0]["text"].to_string()
    }

    fn seen(&self) -> Vec<String> {
        self.seen.lock().unwrap().clone()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tool_a_prompt_and_a_resource_read_each_accept_decline_and_cancel() {
    for version in VERSIONS {
        for act in [Act::Accept, Act::Decline, Act::Cancel] {
            let s = session(version.clone(), act, true).await;
            let at = format!("{version:?} {act:?}");
            let (tool, prompt, read) = match act {
                Act::Accept => (
                    "green, sure true, 0 labels",
                    "\"confirm true\"",
                    "\"confirm true\"",
                ),
                Act::Decline => (
                    "No colour, then.",
                    "\"Declined the brief.\"",
                    "\"Declined the note.\"",
                ),
                _ => (
                    "Stopped.",
                    "\"Cancelled the brief.\"",
                    "\"Cancelled the note.\"",
                ),
            };
            assert_eq!(s.call("twice", json!({})).await, tool, "{at}");
            assert_eq!(s.prompt().await.unwrap(), prompt, "{at}");
            assert_eq!(s.read().await, read, "{at}");
            // The tool asked twice when the first answer was accepted; each once otherwise.
            let expected: Vec<&str> = match act {
                Act::Accept => vec!["Which colour?", "Sure?", "Brief?", "Read the note?"],
                _ => vec!["Which colour?", "Brief?", "Read the note?"],
            };
            assert_eq!(s.seen(), expected, "{at}");
            s.client.cancel().await.ok();
        }
    }
}

/// On 2026-07-28 the two questions take three rounds: the second round's state carries the first
/// answer, so the client is never asked the first question again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_questions_in_one_call_take_three_rounds_on_2026_07_28() {
    let s = session(ProtocolVersion::V_2026_07_28, Act::Accept, true).await;
    let args = object(json!({"labels": {"a": "1", "b": "2"}}));
    let call = |responses: Option<InputResponses>, state: Option<String>| {
        let mut p = CallToolRequestParams::new("twice").with_arguments(args.clone());
        if let Some(r) = responses {
            p = p.with_input_responses(r);
        }
        if let Some(state) = state {
            p = p.with_request_state(state);
        }
        s.client.call_tool_once(p)
    };
    let CallToolResponse::InputRequired(first) = call(None, None).await.unwrap() else {
        panic!("asks the colour first");
    };
    let keys: Vec<&String> = first.input_requests.as_ref().unwrap().keys().collect();
    assert_eq!(keys, ["colour"]);
    let colour: InputResponses = [(
        "colour".to_owned(),
        json!({"action": "accept", "content": {"colour": "red"}}),
    )]
    .into();
    let CallToolResponse::InputRequired(second) = call(Some(colour), first.request_state.clone())
        .await
        .unwrap()
    else {
        panic!("then asks whether the user is sure");
    };
    let keys: Vec<&String> = second.input_requests.as_ref().unwrap().keys().collect();
    assert_eq!(keys, ["sure"]);
    // The third round brings only the latest answer; the colour comes from the state.
    let sure: InputResponses = [(
        "sure".to_owned(),
        json!({"action": "accept", "content": {"confirm": true}}),
    )]
    .into();
    let CallToolResponse::Complete(done) = call(Some(sure), second.request_state.clone())
        .await
        .unwrap()
    else {
        panic!("then answers");
    };
    assert_eq!(result_text(&done), "red, sure true, 2 labels");
    s.client.cancel().await.ok();
}

/// The state is bound to the canonical form of the arguments: a `HashMap` serializes in another
/// order each time, and a client may order its keys differently on the retry.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn map_arguments_retry_in_any_key_order() {
    let s = session(ProtocolVersion::V_2026_07_28, Act::Accept, true).await;
    let labels: Vec<(String, String)> = (0..12)
        .map(|i| (format!("k{i}"), format!("v{i}")))
        .collect();
    for attempt in 0..10 {
        let forward: Map<String, Value> =
            labels.iter().map(|(k, v)| (k.clone(), json!(v))).collect();
        let backward: Map<String, Value> = labels
            .iter()
            .rev()
            .map(|(k, v)| (k.clone(), json!(v)))
            .collect();
        let first = s
            .client
            .call_tool_once(
                CallToolRequestParams::new("twice")
                    .with_arguments(object(json!({"labels": forward}))),
            )
            .await
            .unwrap();
        let CallToolResponse::InputRequired(first) = first else {
            panic!("asks");
        };
        let colour: InputResponses = [("colour".to_owned(), json!({"action": "decline"}))].into();
        let retry = s
            .client
            .call_tool_once(
                CallToolRequestParams::new("twice")
                    .with_arguments(object(json!({"labels": backward})))
                    .with_input_responses(colour)
                    .with_request_state(first.request_state.clone().unwrap()),
            )
            .await
            .unwrap();
        let CallToolResponse::Complete(done) = retry else {
            panic!("attempt {attempt}: the retry is answered");
        };
        assert_eq!(result_text(&done), "No colour, then.", "attempt {attempt}");
    }
    s.client.cancel().await.ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_state_brought_back_twice_is_refused() {
    let s = session(ProtocolVersion::V_2026_07_28, Act::Accept, true).await;
    let CallToolResponse::InputRequired(first) = s
        .client
        .call_tool_once(CallToolRequestParams::new("twice").with_arguments(Map::new()))
        .await
        .unwrap()
    else {
        panic!("asks");
    };
    let state = first.request_state.clone().unwrap();
    let retry = |colour: &str| {
        let responses: InputResponses = [(
            "colour".to_owned(),
            json!({"action": "accept", "content": {"colour": colour}}),
        )]
        .into();
        s.client.call_tool_once(
            CallToolRequestParams::new("twice")
                .with_arguments(Map::new())
                .with_input_responses(responses)
                .with_request_state(state.clone()),
        )
    };
    // The first retry goes on to the second question.
    assert!(matches!(
        retry("red").await.unwrap(),
        CallToolResponse::InputRequired(_)
    ));
    // The same state again, with another answer: refused as a replay.
    let error = retry("green").await.unwrap_err().to_string();
    assert!(error.contains("already brought back"), "{error}");
    s.client.cancel().await.ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_answers_gets_the_timeout() {
    for version in [ProtocolVersion::V_2025_06_18, ProtocolVersion::V_2025_11_25] {
        let s = session(version.clone(), Act::Silent, true).await;
        let answer = tokio::time::timeout(Duration::from_secs(20), s.call("impatient", json!({})))
            .await
            .expect("the call ends");
        assert_eq!(
            answer,
            "error: the client did not answer the elicitation request within 0.2 s; the request was cancelled",
            "{version:?}"
        );
        // The client was told the request is cancelled.
        let cancelled = tokio::time::timeout(Duration::from_secs(10), async {
            while !s.seen().iter().any(|m| m == "cancelled: Waiting?") {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
        .await;
        assert!(cancelled.is_ok(), "{:?}", s.seen());
        s.client.cancel().await.ok();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_cancels_the_call_ends_the_wait() {
    for version in [ProtocolVersion::V_2025_06_18, ProtocolVersion::V_2025_11_25] {
        let s = session(version.clone(), Act::Silent, true).await;
        let request = ClientRequest::CallToolRequest(rmcp::model::CallToolRequest::new(
            CallToolRequestParams::new("patient"),
        ));
        let handle = s
            .client
            .peer()
            .send_request_with_option(request, PeerRequestOptions::no_options())
            .await
            .unwrap();
        // Wait until the server asks, then cancel the call.
        tokio::time::timeout(Duration::from_secs(10), async {
            while !s.seen().iter().any(|m| m == "Waiting long?") {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
        .await
        .expect("the server asks");
        handle
            .cancel(Some("the user closed the window".into()))
            .await
            .unwrap();
        let ended = tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                let log = s.log.lock().unwrap().clone();
                let seen = s.seen();
                if !log.is_empty() && seen.iter().any(|m| m == "cancelled: Waiting long?") {
                    return log;
                }
                drop((log, seen));
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
        .await
        .expect("the wait ends, and the client is told");
        assert_eq!(
            ended,
            ["error: the client cancelled the call while it was asking; the request was cancelled"],
            "{version:?}"
        );
        s.client.cancel().await.ok();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_handle_of_another_primitive_is_refused_before_sending() {
    for version in VERSIONS {
        let s = session(version.clone(), Act::Accept, true).await;
        assert_eq!(
            s.call("borrowed", json!({})).await,
            "error: the declaration `sure` belongs to the prompt `brief`, not to the tool `borrowed` being called; nothing was sent",
            "{version:?}"
        );
        assert!(s.seen().is_empty());
        s.client.cancel().await.ok();
    }
}

/// A prompt served without `AskingServer` cannot know the round's answers: it fails closed with an
/// error that says what to add, once, instead of asking again forever.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_prompt_served_without_served_fails_closed_once() {
    for version in VERSIONS {
        let s = session(version.clone(), Act::Accept, false).await;
        let error = s.prompt().await.unwrap_err();
        assert!(
            error.contains("did not come through `mcpdesc_runtime::session::AskingServer`")
                && error.contains("AskingServer::new(server, policy)"),
            "{version:?}: {error}"
        );
        assert!(s.seen().is_empty(), "{version:?}: nothing is asked");
        s.client.cancel().await.ok();
    }
}

/// The guard checks what is chosen at run time: a URL other than the declaration's static one is
/// refused before anything is sent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_url_the_declaration_does_not_document_is_refused_before_sending() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let s = session(version.clone(), Act::Accept, true).await;
        let said = s.call("elsewhere", json!({})).await;
        assert!(
            said.starts_with("error: ") && said.contains("https://elsewhere.example.com/link"),
            "{version:?}: {said}"
        );
        assert!(said.ends_with("nothing was sent"), "{version:?}: {said}");
        assert!(s.seen().is_empty(), "{version:?}");
        s.client.cancel().await.ok();
    }
}

/// An answer that does not fit its form is asked again, the same question with what was wrong,
/// on every version: a client that corrects it gets the call done with the corrected answer; one
/// that never does gets the problems after the policy's number of tries. Nothing is applied
/// meanwhile (the tool returns only once).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_that_does_not_fit_is_asked_again() {
    let tries = usize::from(mcpdesc_runtime::session::DEFAULT_ANSWER_TRIES);
    for version in VERSIONS {
        let s = session(version.clone(), Act::WrongFirst(1), true).await;
        assert_eq!(
            s.call("twice", json!({})).await,
            "green, sure true, 0 labels",
            "{version:?}"
        );
        assert_eq!(
            s.seen(),
            ["Which colour?", "Which colour?", "Sure?", "Sure?"],
            "{version:?}"
        );
        s.client.cancel().await.ok();

        let s = session(version.clone(), Act::WrongFirst(tries), true).await;
        let said = s
            .client
            .call_tool(CallToolRequestParams::new("twice").with_arguments(object(json!({}))))
            .await;
        let error = said
            .expect_err("the last try's problems end the call")
            .to_string();
        assert!(error.contains("`colour`"), "{version:?}: {error}");
        assert_eq!(s.seen(), vec!["Which colour?"; tries], "{version:?}");
        s.client.cancel().await.ok();
    }
}

/// A declaration read from a description at run time (`Asker::described`, what `mcpdesc mock`
/// asks with) is asked as `ask!` asks, on every version: the answer read against its form
/// (asked again when it does not fit), a decline followed by its `onDecline`; and the guard holds
/// it to the description: a form the description does not have is refused before sending.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declaration_read_at_run_time_is_asked_and_held_to_its_description() {
    for version in VERSIONS {
        for (act, said) in [
            (Act::Accept, "colour \"green\""),
            (Act::WrongFirst(1), "colour \"green\""),
            (Act::Decline, "No colour, then."),
        ] {
            let s = session(version.clone(), act, true).await;
            let at = format!("{version:?} {act:?}");
            assert_eq!(s.call("described", json!({})).await, said, "{at}");
            let asked = match act {
                Act::WrongFirst(_) => 2,
                _ => 1,
            };
            assert_eq!(s.seen(), vec!["Which colour?"; asked], "{at}");
            s.client.cancel().await.ok();
        }
        let s = session(version.clone(), Act::Accept, true).await;
        let said = s.call("misdescribed", json!({})).await;
        assert!(
            said.starts_with("error: ") && said.ends_with("nothing was sent"),
            "{version:?}: {said}"
        );
        assert!(s.seen().is_empty(), "{version:?}");
        s.client.cancel().await.ok();
    }
}
