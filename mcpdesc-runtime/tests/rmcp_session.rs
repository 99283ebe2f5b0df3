//! Asking below the example: `ask!` and the `Asker` in a hand-written `ServerHandler` served as
//! `AskingServer`, over a real MCP session (an rmcp server and client connected in memory). What the
//! client receives, what the tool reads back, and the pieces of URL mode and capabilities that
//! rmcp does not define.
// Test code: the workspace's no-panic lints are for the crate's own code.
#![allow(clippy::restriction)]

use std::sync::{Arc, Mutex};

use mcpdesc_runtime::choices::{ChoiceList, ChoicesProblemKind};
use mcpdesc_runtime::session::{
    Asked, Asker, AskingServer, ElicitError, Policy, StateKeys, URL_ELICITATION_REQUIRED,
    notify_elicitation_complete,
};
use mcpdesc_runtime::{ElicitationEnum, ElicitationForm, ask, elicitation};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    ContentBlock, ElicitRequestParams, ElicitResult, ElicitationAction, ErrorData, Implementation,
    InitializeResult, ProtocolVersion, ServerCapabilities,
};
use rmcp::service::{RequestContext, RoleClient, RoleServer, RunningService, serve_directly};
use rmcp::{ClientHandler, ServerHandler, ServiceExt};
use serde_json::{Value, json};

#[derive(ElicitationForm, Debug, PartialEq)]
struct Assign {
    /// Teammate login.
    #[form(title = "Assignee", min_length = 1)]
    assignee: String,
    #[form(format = "email")]
    cc: Option<String>,
    #[form(minimum = 1, maximum = 10)]
    estimate: u8,
}

#[derive(ElicitationForm, Debug, PartialEq)]
struct Triage {
    labels: Vec<Label>,
}

#[derive(ElicitationEnum, Debug, PartialEq)]
enum Label {
    #[form(title = "Bug")]
    Bug,
    #[form(title = "Docs")]
    Docs,
}

/// A form whose `reviewer` choices are given when it is sent.
#[derive(ElicitationForm, Debug, PartialEq)]
struct Review {
    #[form(title = "Reviewer", runtime_choices)]
    reviewer: String,
    #[form(max_length = 80)]
    note: Option<String>,
}

fn review_fill(choices: ChoiceList) -> ReviewChoices {
    ReviewChoices {
        reviewer: choices,
        defaults: ReviewDefaults {
            reviewer: Some("ann".into()),
            note: Some("Please look at the tests.".into()),
        },
    }
}

#[elicitation(name = "choose_assignee", form = Assign, message = "Who should own this issue?")]
#[elicitation(name = "triage", form = Triage, message = "Which labels?")]
#[elicitation(name = "review", form = Review, message = "Who reviews?")]
#[elicitation(
    name = "authorize",
    url = "https://tracker.example.com/authorize",
    message = "Authorize the tracker.",
    protocol_versions = ["2025-11-25"]
)]
#[elicitation(name = "sign_in", mode = "url", message = "Sign in to the code host.")]
fn assign_issue() {}

#[elicitation(
    name = "link",
    url = "https://tracker.example.com/link",
    message = "Link your account."
)]
fn link_account() {}

struct Server;

impl ServerHandler for Server {
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        ctx: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let asker = Asker::new(&ctx)?;
        let what = request
            .arguments
            .as_ref()
            .and_then(|a| a.get("do"))
            .and_then(Value::as_str)
            .unwrap_or("assign")
            .to_owned();
        if request.name == "link_account" {
            return link(&asker, &ctx, &what).await;
        }
        assign(&asker, &what).await
    }
}

/// What a tool's result says: its text.
fn done(text: impl Into<String>) -> Result<CallToolResponse, ErrorData> {
    Ok(CallToolResult::success(vec![ContentBlock::text(text.into())]).into())
}

/// An error the tool reports in its result: the reason, and for an answer that does not fit the
/// form, the fields it names.
fn refused(e: &ElicitError) -> Result<CallToolResponse, ErrorData> {
    let fields = match e {
        ElicitError::Content(content) => {
            let names: Vec<&str> = content.problems().iter().map(|p| p.property()).collect();
            format!(" [{}]", names.join(", "))
        }
        _ => String::new(),
    };
    Ok(CallToolResult::error(vec![ContentBlock::text(format!("refused: {e}{fields}"))]).into())
}

/// What the user did, as the tool says it.
fn said<T>(asked: Asked<T>, accepted: impl FnOnce(T) -> String) -> String {
    match asked {
        Asked::Accepted(answer) => accepted(answer),
        Asked::Declined { .. } => "declined".to_owned(),
        Asked::Cancelled { .. } => "cancelled".to_owned(),
        Asked::NotAsked(why) => format!("not asked: {why}"),
    }
}

/// The `assign_issue` tool, by its argument `do`: `assign` (the default) asks for the assignee;
/// `triage`, for labels (a multi-select: 2025-11-25 and later); `review` and `review-twice`, the
/// reviewer among the run-time choices ann and ben (`review-twice` offers ben twice);
/// `authorize`, the static URL; `sign-in` and `sign-in-relative`, a URL chosen now; `show`, the
/// asker as `Debug` shows it.
async fn assign(asker: &Asker, what: &str) -> Result<CallToolResponse, ErrorData> {
    let team = |choices: &[&'static str]| ChoiceList::untitled(choices.iter().copied());
    let text = match what {
        "assign" => match ask!(asker, ASSIGN_ISSUE_CHOOSE_ASSIGNEE) {
            Ok(asked) => said(asked, |a| {
                format!("assigned to {} ({} points)", a.assignee, a.estimate)
            }),
            Err(e) => return refused(&e),
        },
        "triage" => match ask!(asker, ASSIGN_ISSUE_TRIAGE) {
            Ok(asked) => said(asked, |t| format!("{:?}", t.labels)),
            Err(e) => return refused(&e),
        },
        "review" | "review-twice" => {
            let choices = if what == "review" {
                team(&["ann", "ben"])
            } else {
                team(&["ben", "ben"])
            };
            match ask!(asker, ASSIGN_ISSUE_REVIEW, review_fill(choices)) {
                Ok(asked) => said(asked, |r| format!("reviewed by {}", r.reviewer)),
                Err(e) => return refused(&e),
            }
        }
        "authorize" => match ask!(asker, ASSIGN_ISSUE_AUTHORIZE) {
            Ok(asked) => said(asked, |()| "went to the page".to_owned()),
            Err(e) => return refused(&e),
        },
        "sign-in" | "sign-in-relative" => {
            let url = if what == "sign-in" {
                "https://tracker.example.com/a?s=9"
            } else {
                "/relative"
            };
            match ask!(asker, ASSIGN_ISSUE_SIGN_IN, url = url) {
                Ok(asked) => said(asked, |()| "went to the page".to_owned()),
                Err(e) => return refused(&e),
            }
        }
        _ => format!("{asker:?}"),
    };
    done(text)
}

/// The `link_account` tool, by its argument `do`: `require`, the error "URL elicitation
/// required" for the `link` declaration (named `link-7`); `require-elsewhere`, the same at a URL
/// the declaration does not document; `ask`, the declaration asked; `notify`, the completion of
/// `link-7`; `need`, `need-form` and `need-authorize`, the error "Missing required client
/// capability" for `link`, `choose_assignee` or `authorize` (2025-11-25 only), or `no error`.
/// Anything refused is an error result with the reason.
async fn link(
    asker: &Asker,
    ctx: &RequestContext<RoleServer>,
    what: &str,
) -> Result<CallToolResponse, ErrorData> {
    match what {
        "require" => match asker.url_required(LINK_ACCOUNT_LINK, None, "link-7") {
            Ok(error) => Err(error),
            Err(e) => refused(&e),
        },
        "require-elsewhere" => {
            match asker.url_required(
                LINK_ACCOUNT_LINK,
                Some("https://elsewhere.example.com/"),
                "x",
            ) {
                Ok(error) => Err(error),
                Err(e) => refused(&e),
            }
        }
        "ask" => match ask!(asker, LINK_ACCOUNT_LINK) {
            Ok(asked) => done(said(asked, |()| "Accepted".to_owned())),
            Err(e) => refused(&e),
        },
        "need" | "need-form" | "need-authorize" => {
            let error = match what {
                "need" => asker.missing_capability(LINK_ACCOUNT_LINK),
                "need-form" => asker.missing_capability(ASSIGN_ISSUE_CHOOSE_ASSIGNEE),
                _ => asker.missing_capability(ASSIGN_ISSUE_AUTHORIZE),
            };
            match error {
                Some(error) => Err(error),
                None => done("no error"),
            }
        }
        _ => match notify_elicitation_complete(&ctx.peer, "link-7").await {
            Ok(()) => done("notified"),
            Err(e) => refused(&e),
        },
    }
}

/// The server as every test serves it: `AskingServer`, with a key ring of one key.
fn served() -> AskingServer<Server> {
    let keys = format!("k1:{}", "07".repeat(32));
    AskingServer::new(Server, Policy::with_keys(StateKeys::parse(&keys).unwrap()))
}

/// A client that answers every form with a scripted result and remembers what it was sent.
#[derive(Clone)]
struct Client {
    version: ProtocolVersion,
    /// Its `elicitation` capability (`None`: it declares none).
    elicitation: Option<Value>,
    answer: ElicitResult,
    /// An error to answer every request with instead (a client that declares elicitation but
    /// has no handler for it).
    refuse: Option<ErrorData>,
    seen: Arc<Mutex<Vec<Value>>>,
    /// The notifications rmcp hands on as custom ones: method and params.
    notified: Arc<Mutex<Vec<Value>>>,
}

impl ClientHandler for Client {
    async fn on_custom_notification(
        &self,
        notification: rmcp::model::CustomNotification,
        _: rmcp::service::NotificationContext<RoleClient>,
    ) {
        self.notified.lock().unwrap().push(json!({
            "method": notification.method,
            "params": notification.params,
        }));
    }

    fn get_info(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation = self
            .elicitation
            .clone()
            .map(|modes| serde_json::from_value(modes).unwrap());
        ClientConfig::new(capabilities, Implementation::new("test-client", "1.0.0"))
            .with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        self.seen
            .lock()
            .unwrap()
            .push(serde_json::to_value(&request).unwrap());
        match &self.refuse {
            Some(error) => Err(error.clone()),
            None => Ok(self.answer.clone()),
        }
    }
}

struct Session {
    _server: RunningService<RoleServer, AskingServer<Server>>,
    _client: RunningService<RoleClient, Client>,
    seen: Arc<Mutex<Vec<Value>>>,
    notified: Arc<Mutex<Vec<Value>>>,
}

async fn session(version: ProtocolVersion, elicitation: bool, answer: ElicitResult) -> Session {
    session_with(version, elicitation, answer, None).await
}

async fn session_with(
    version: ProtocolVersion,
    elicitation: bool,
    answer: ElicitResult,
    refuse: Option<ErrorData>,
) -> Session {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let seen = Arc::new(Mutex::new(Vec::new()));
    let notified = Arc::new(Mutex::new(Vec::new()));
    let client = Client {
        version,
        // Form and URL mode.
        elicitation: elicitation.then(|| json!({"form": {}, "url": {}})),
        answer,
        refuse,
        seen: seen.clone(),
        notified: notified.clone(),
    };
    let (server, client) = tokio::join!(served().serve(server_io), client.serve(client_io));
    Session {
        _server: server.expect("server starts"),
        _client: client.expect("client starts"),
        seen,
        notified,
    }
}

fn accept(content: Value) -> ElicitResult {
    ElicitResult::new(ElicitationAction::Accept).with_content(content)
}

/// Calls `tool` with `do`: whether its result is an error, and its text.
async fn call(s: &Session, tool: &'static str, what: &str) -> (bool, String) {
    let request = CallToolRequestParams::new(tool)
        .with_arguments(json!({ "do": what }).as_object().unwrap().clone());
    let result = s
        ._client
        .call_tool(request)
        .await
        .unwrap_or_else(|e| panic!("{tool} {what}: {e}"));
    let text = serde_json::to_value(&result.content).unwrap()[0]["text"]
        .as_str()
        .unwrap()
        .to_owned();
    (result.is_error == Some(true), text)
}

#[tokio::test]
async fn an_accepted_answer_comes_back_typed_and_the_wire_schema_is_exact() {
    assign_issue();
    let s = session(
        ProtocolVersion::V_2025_11_25,
        true,
        accept(json!({"assignee": "octocat", "estimate": 3})),
    )
    .await;
    assert_eq!(
        call(&s, "assign_issue", "assign").await,
        (false, "assigned to octocat (3 points)".to_owned())
    );
    let seen = s.seen.lock().unwrap();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0]["mode"], "form");
    // The declaration's message, and exactly the derived schema: no root title or $schema.
    assert_eq!(seen[0]["message"], "Who should own this issue?");
    assert_eq!(
        seen[0]["requestedSchema"],
        Assign::requested_schema().to_value()
    );
}

#[tokio::test]
async fn a_filled_form_is_sent_filled_for_the_version_and_read_against_its_choices() {
    // 2025-11-25: untitled choices as `enum`, and the defaults.
    let s = session(
        ProtocolVersion::V_2025_11_25,
        true,
        accept(json!({"reviewer": "ben"})),
    )
    .await;
    assert_eq!(
        call(&s, "assign_issue", "review").await,
        (false, "reviewed by ben".to_owned())
    );
    assert_eq!(
        s.seen.lock().unwrap()[0]["requestedSchema"],
        json!({"type": "object", "properties": {
            "reviewer": {"type": "string", "title": "Reviewer", "enum": ["ann", "ben"],
                "default": "ann"},
            "note": {"type": "string", "maxLength": 80, "default": "Please look at the tests."}
        }, "required": ["reviewer"]})
    );

    // 2025-06-18: no string default; a choice that was not offered is asked again, then
    // refused with its field.
    let s = session(
        ProtocolVersion::V_2025_06_18,
        true,
        accept(json!({"reviewer": "cat"})),
    )
    .await;
    let (is_error, text) = call(&s, "assign_issue", "review").await;
    assert!(is_error && text.ends_with("[reviewer]"), "{text}");
    let seen = s.seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 3, "asked {} times", seen.len());
    assert_eq!(
        seen[0]["requestedSchema"],
        json!({"type": "object", "properties": {
            "reviewer": {"type": "string", "title": "Reviewer", "enum": ["ann", "ben"]},
            "note": {"type": "string", "maxLength": 80}
        }, "required": ["reviewer"]})
    );

    // A bad run-time part is refused before anything is sent.
    let s = session(ProtocolVersion::V_2025_11_25, true, accept(json!({}))).await;
    let (is_error, text) = call(&s, "assign_issue", "review-twice").await;
    assert!(is_error, "{text}");
    assert!(
        text.contains("the choice \"ben\" is given more than once")
            && text.ends_with("nothing was sent"),
        "{text}"
    );
    assert!(s.seen.lock().unwrap().is_empty());
}

#[test]
fn a_bad_run_time_part_is_said_with_every_problem() {
    use mcpdesc_runtime::choices::FormChoices;
    let fill = review_fill(ChoiceList::untitled(["ben", "ben"]))
        .prepare(Some(mcpdesc_runtime::ProtocolVersion::V2025_11_25))
        .unwrap_err();
    let kinds: Vec<_> = fill.problems().iter().map(|p| p.kind().clone()).collect();
    assert_eq!(kinds[0], ChoicesProblemKind::DuplicateChoice("ben".into()));
    assert!(
        matches!(kinds[1], ChoicesProblemKind::Default(_)),
        "{kinds:?}"
    );
}

#[tokio::test]
async fn a_bad_answer_reports_every_problem() {
    let s = session(
        ProtocolVersion::V_2025_11_25,
        true,
        accept(json!({"assignee": "", "cc": "not-an-email", "estimate": 11})),
    )
    .await;
    let (is_error, text) = call(&s, "assign_issue", "assign").await;
    assert!(is_error, "{text}");
    assert!(text.ends_with("[assignee, cc, estimate]"), "{text}");
}

#[tokio::test]
async fn decline_and_cancel() {
    for (action, said) in [
        (ElicitationAction::Decline, "declined"),
        (ElicitationAction::Cancel, "cancelled"),
    ] {
        let s = session(
            ProtocolVersion::V_2025_11_25,
            true,
            ElicitResult::new(action),
        )
        .await;
        assert_eq!(
            call(&s, "assign_issue", "assign").await,
            (false, said.to_owned())
        );
    }
}

#[tokio::test]
async fn a_form_newer_than_the_session_is_not_sent() {
    let s = session(
        ProtocolVersion::V_2025_06_18,
        true,
        accept(json!({"labels": []})),
    )
    .await;
    assert_eq!(
        call(&s, "assign_issue", "triage").await.1,
        "not asked: the session speaks MCP 2025-06-18, but this request needs \
         [2025-11-25, 2026-07-28]; nothing was sent"
    );
    assert!(s.seen.lock().unwrap().is_empty());
    // The same session still asks a form that fits 2025-06-18.
    let s = session(
        ProtocolVersion::V_2025_06_18,
        true,
        accept(json!({"assignee": "a", "estimate": 1})),
    )
    .await;
    assert_eq!(
        call(&s, "assign_issue", "assign").await.1,
        "assigned to a (1 points)"
    );
}

/// Some clients declare elicitation and answer the request with a JSON-RPC error (no handler
/// set): the error is the client's, the question was not asked, and the primitive goes on.
#[tokio::test]
async fn a_client_that_refuses_the_request_is_told_apart() {
    for refusal in [
        ErrorData::method_not_found::<rmcp::model::ElicitationCreateRequestMethod>(),
        ErrorData::invalid_request("Elicitation not supported", None),
    ] {
        let s = session_with(
            ProtocolVersion::V_2025_11_25,
            true,
            accept(json!({})),
            Some(refusal.clone()),
        )
        .await;
        let (is_error, text) = call(&s, "assign_issue", "assign").await;
        assert_eq!(s.seen.lock().unwrap().len(), 1, "the request was sent");
        assert!(!is_error, "{text}");
        assert_eq!(
            text,
            format!(
                "not asked: the client answered the elicitation request with an error: {}: {}",
                refusal.code.0, refusal.message
            )
        );
    }
}

#[tokio::test]
async fn a_client_without_elicitation_is_not_asked() {
    let s = session(ProtocolVersion::V_2025_11_25, false, accept(json!({}))).await;
    assert_eq!(
        call(&s, "assign_issue", "assign").await,
        (
            false,
            "not asked: the client did not declare the `form` elicitation mode; nothing was sent"
                .to_owned()
        )
    );
    assert!(s.seen.lock().unwrap().is_empty());
}

/// A 2026-07-28 session: no `initialize` handshake, each side knows the other up front. The
/// client declares form and URL mode.
async fn session_2026(answer: ElicitResult) -> Session {
    session_2026_declaring(answer, Some(json!({"form": {}, "url": {}}))).await
}

/// A 2026-07-28 session whose client's requests carry the capability `elicitation`.
async fn session_2026_declaring(answer: ElicitResult, elicitation: Option<Value>) -> Session {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let seen = Arc::new(Mutex::new(Vec::new()));
    let notified = Arc::new(Mutex::new(Vec::new()));
    let client = Client {
        version: ProtocolVersion::V_2026_07_28,
        elicitation,
        answer,
        refuse: None,
        seen: seen.clone(),
        notified: notified.clone(),
    };
    let mut server_info =
        InitializeResult::new(ServerCapabilities::builder().enable_tools().build());
    server_info.protocol_version = ProtocolVersion::V_2026_07_28;
    let client_info = client.get_info();
    Session {
        _server: serve_directly::<RoleServer, _, _, _, _>(served(), server_io, Some(client_info)),
        _client: serve_directly::<RoleClient, _, _, _, _>(
            client,
            client_io,
            Some(server_info.into()),
        ),
        seen,
        notified,
    }
}

/// On 2026-07-28 the question goes out as an input-required result, and the client's retry
/// brings the answer, read and checked the same way.
#[tokio::test]
async fn multi_round_trip_requests_ask_and_read_back_checked() {
    let s = session_2026(accept(json!({"assignee": "octocat", "estimate": 5}))).await;
    assert_eq!(
        call(&s, "assign_issue", "assign").await,
        (false, "assigned to octocat (5 points)".to_owned())
    );
    let seen = s.seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1);
    assert_eq!(
        seen[0]["requestedSchema"],
        Assign::requested_schema().to_value()
    );

    let s = session_2026(ElicitResult::new(ElicitationAction::Decline)).await;
    assert_eq!(call(&s, "assign_issue", "assign").await.1, "declined");

    // The answer comes from the client: a bad one is asked again, then refused with every
    // problem.
    let s = session_2026(accept(json!({"assignee": "", "estimate": "many"}))).await;
    let (is_error, text) = call(&s, "assign_issue", "assign").await;
    assert!(is_error && text.ends_with("[assignee, estimate]"), "{text}");
    assert_eq!(s.seen.lock().unwrap().len(), 3);
}

#[tokio::test]
async fn url_mode_requests() {
    let s = session(
        ProtocolVersion::V_2025_11_25,
        true,
        ElicitResult::new(ElicitationAction::Accept),
    )
    .await;
    assert_eq!(
        call(&s, "assign_issue", "authorize").await.1,
        "went to the page"
    );
    {
        let seen = s.seen.lock().unwrap();
        let mut sent = seen[0].clone();
        let id = sent.as_object_mut().unwrap().remove("elicitationId");
        assert!(id.is_some_and(|id| id.as_str().is_some_and(|id| !id.is_empty())));
        assert_eq!(
            sent,
            json!({"mode": "url", "message": "Authorize the tracker.", "url": "https://tracker.example.com/authorize"})
        );
    }
    // A URL chosen at run time, for a declaration that leaves it to run time; a relative one
    // is refused unsent.
    assert_eq!(
        call(&s, "assign_issue", "sign-in").await.1,
        "went to the page"
    );
    assert_eq!(
        s.seen.lock().unwrap()[1]["url"],
        "https://tracker.example.com/a?s=9"
    );
    let (is_error, text) = call(&s, "assign_issue", "sign-in-relative").await;
    assert!(is_error && text.contains("absolute URL"), "{text}");
    assert_eq!(s.seen.lock().unwrap().len(), 2);
}

#[tokio::test]
async fn url_mode_is_not_sent_on_2025_06_18() {
    let s = session(
        ProtocolVersion::V_2025_06_18,
        true,
        ElicitResult::new(ElicitationAction::Accept),
    )
    .await;
    let (is_error, text) = call(&s, "link_account", "ask").await;
    assert!(!is_error, "{text}");
    assert!(
        text.starts_with("not asked: the session speaks MCP 2025-06-18"),
        "{text}"
    );
    assert!(s.seen.lock().unwrap().is_empty());
}

/// What an asker shows of itself: never its key, its state or its arguments.
#[tokio::test]
async fn an_asker_shows_how_it_asks_and_nothing_it_holds() {
    let s = session(ProtocolVersion::V_2025_11_25, true, accept(json!({}))).await;
    assert_eq!(
        call(&s, "assign_issue", "show").await.1,
        "Asker { primitive: Tool(\"assign_issue\"), protocol_version: Some(V2025_11_25), \
         guarded: true, sealed: true, timeout: 600s, .. }"
    );
}

#[derive(ElicitationEnum, Debug, PartialEq)]
#[form(legacy_enum_names)]
enum Size {
    #[form(title = "Small")]
    S,
    #[form(title = "Large")]
    L,
}

/// Every kind of field, with bounds and defaults.
#[derive(ElicitationForm, Debug)]
struct EveryKind {
    #[form(
        title = "Name",
        min_length = 1,
        max_length = 20,
        format = "email",
        default = "a@b.example"
    )]
    name: String,
    #[form(minimum = 1, maximum = 10, default = 2)]
    ratio: f64,
    #[form(minimum = -1.5, maximum = 2.5)]
    small: Option<f32>,
    #[form(minimum = 1, maximum = 13, default = 3)]
    points: u8,
    big: i64,
    #[form(default = true)]
    notify: bool,
    size: Size,
    #[form(min_items = 1, default = [Label::Bug])]
    labels: Vec<Label>,
}

/// What the `session` helpers send goes through rmcp's typed schema, which holds a `number`
/// property's keywords as `f64`: the form writes them as floats too, so the bytes sent are the
/// form's own wire JSON, for every kind of field.
#[test]
fn the_typed_schema_rmcp_sends_is_the_wire_json_byte_for_byte() {
    for schema in [
        EveryKind::requested_schema(),
        Assign::requested_schema(),
        Triage::requested_schema(),
    ] {
        let typed = mcpdesc_runtime::session::rmcp_schema(schema).unwrap();
        assert_eq!(serde_json::to_string(&typed).unwrap(), schema.wire_json());
        // Reading the wire JSON into rmcp's type gives the same.
        let read: rmcp::model::ElicitationSchema =
            serde_json::from_str(schema.wire_json()).unwrap();
        assert_eq!(read, typed);
    }
    assert!(
        EveryKind::requested_schema()
            .wire_json()
            .contains(r#""ratio":{"type":"number","minimum":1.0,"maximum":10.0,"default":2.0}"#),
        "{}",
        EveryKind::requested_schema().wire_json()
    );
}

/// An `ElicitError`'s message holds the message of the error it wraps, so a report that prints
/// the whole chain of sources (as anyhow's `{:#}` and eyre's do) says each thing once.
#[test]
fn an_error_chain_says_each_thing_once() {
    use mcpdesc_runtime::choices::FormChoices;
    use rmcp::service::ServiceError;
    use std::error::Error;

    fn chain(e: &ElicitError) -> Vec<String> {
        let mut messages = vec![e.to_string()];
        let mut next = e.source();
        while let Some(source) = next {
            messages.push(source.to_string());
            next = source.source();
        }
        messages
    }

    let content = Assign::from_content(json!({"assignee": ""}).as_object().unwrap()).unwrap_err();
    let content_message = content.to_string();
    let json_error = || serde_json::from_str::<Value>("{").unwrap_err();
    let fill = review_fill(ChoiceList::untitled(["ben", "ben"]))
        .prepare(Some(mcpdesc_runtime::ProtocolVersion::V2025_11_25))
        .unwrap_err();
    let fill_message = fill.to_string();
    let errors = [
        ElicitError::Content(content),
        ElicitError::Schema(json_error()),
        ElicitError::NotAnElicitResult(json_error()),
        ElicitError::Service(ServiceError::McpError(ErrorData::method_not_found::<
            rmcp::model::ElicitationCreateRequestMethod,
        >())),
        ElicitError::Service(ServiceError::TransportClosed),
        ElicitError::Choices(fill),
    ];
    for e in &errors {
        let messages = chain(e);
        for (i, earlier) in messages.iter().enumerate() {
            for later in &messages[i + 1..] {
                assert!(
                    !earlier.contains(later.as_str()),
                    "{earlier:?} already says {later:?}"
                );
            }
        }
    }
    // What the wrapped errors said is in the top message, and the wrapped error in the variant.
    assert_eq!(chain(&errors[0]), [content_message]);
    assert_eq!(
        chain(&errors[5]),
        [format!("{fill_message}; nothing was sent")]
    );
    assert_eq!(
        chain(&errors[3]),
        ["the client answered the elicitation request with an error: -32601: elicitation/create"]
    );
    assert!(matches!(&errors[1], ElicitError::Schema(e) if e.is_eof()));
}

/// Calls `link_account` with `do`: the tool's text, or the JSON-RPC error it answered with.
async fn link_call(s: &Session, what: &str) -> Result<String, ErrorData> {
    let request = CallToolRequestParams::new("link_account")
        .with_arguments(json!({ "do": what }).as_object().unwrap().clone());
    match s._client.call_tool(request).await {
        Ok(result) => Ok(serde_json::to_value(&result.content).unwrap()[0]["text"]
            .as_str()
            .unwrap()
            .to_owned()),
        Err(rmcp::service::ServiceError::McpError(e)) => Err(e),
        Err(e) => panic!("the call failed: {e}"),
    }
}

/// On 2025-11-25 a tool can answer "URL elicitation required" (-32042) with the declared URL
/// request instead of asking, and later tell the client the interaction completed.
#[tokio::test]
async fn a_url_required_error_and_the_completion_notification_on_2025_11_25() {
    link_account();
    let s = session(
        ProtocolVersion::V_2025_11_25,
        true,
        ElicitResult::new(ElicitationAction::Accept),
    )
    .await;
    let error = link_call(&s, "require").await.unwrap_err();
    assert_eq!(error.code.0, URL_ELICITATION_REQUIRED);
    assert_eq!(error.code.0, -32042);
    assert_eq!(error.message, "URL elicitation required");
    assert_eq!(
        error.data,
        Some(json!({"elicitations": [{
            "mode": "url",
            "message": "Link your account.",
            "url": "https://tracker.example.com/link",
            "elicitationId": "link-7",
        }]}))
    );
    assert!(s.seen.lock().unwrap().is_empty(), "nothing was asked");
    // The call is guarded: a URL the registry does not declare is never put in an error.
    let text = link_call(&s, "require-elsewhere").await.unwrap();
    assert!(
        text.starts_with("refused: ")
            && text.contains("is not the declared static URL")
            && text.ends_with("; nothing was sent"),
        "{text}"
    );

    // Asked, with an id the asker makes.
    assert_eq!(link_call(&s, "ask").await.unwrap(), "Accepted");
    let id = s.seen.lock().unwrap()[0]["elicitationId"].clone();
    assert!(id.as_str().is_some_and(|id| id.len() >= 16), "{id}");

    assert_eq!(link_call(&s, "notify").await.unwrap(), "notified");
    // The notification arrives beside the call's result; give it its turn.
    for _ in 0..100 {
        if !s.notified.lock().unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(
        *s.notified.lock().unwrap(),
        [json!({
            "method": "notifications/elicitation/complete",
            "params": {"elicitationId": "link-7"},
        })]
    );
}

/// 2025-06-18 has no URL mode and 2026-07-28 removed both the error and the notification:
/// nothing is made or sent there, and the reason says so. A client without URL mode is never
/// told either.
#[tokio::test]
async fn url_required_and_the_completion_notification_exist_only_on_2025_11_25() {
    link_account();
    for version in [ProtocolVersion::V_2025_06_18, ProtocolVersion::V_2026_07_28] {
        let answer = ElicitResult::new(ElicitationAction::Accept);
        let s = if version == ProtocolVersion::V_2026_07_28 {
            session_2026(answer).await
        } else {
            session(version.clone(), true, answer).await
        };
        for what in ["require", "notify"] {
            let text = link_call(&s, what).await.unwrap();
            assert_eq!(
                text,
                format!(
                    "refused: the session speaks MCP {version}, but this request needs \
                     [2025-11-25]; nothing was sent"
                ),
                "{version} {what}"
            );
        }
        assert!(s.notified.lock().unwrap().is_empty(), "{version}");
    }
    let s = session(
        ProtocolVersion::V_2025_11_25,
        false,
        ElicitResult::new(ElicitationAction::Accept),
    )
    .await;
    for what in ["require", "notify"] {
        let text = link_call(&s, what).await.unwrap();
        assert!(
            text.contains("did not declare the `url` elicitation mode"),
            "{what}: {text}"
        );
    }
}

/// What a 2026-07-28 client declares, and what `missing_capability` answers for each
/// declaration: the error names exactly the mode a declaration needs, and none is made when the
/// mode is declared (a bare `elicitation: {}` means form), when the retry brings the answer, or
/// when the declaration does not apply to the version.
#[tokio::test]
async fn a_missing_capability_is_named_on_2026_07_28() {
    link_account();
    let form = json!({"elicitation": {"form": {}}});
    let url = json!({"elicitation": {"url": {}}});
    let cases = [
        (None, Some(&url), Some(&form)),
        (Some(json!({})), Some(&url), None),
        (Some(json!({"form": {}})), Some(&url), None),
        (Some(json!({"url": {}})), None, Some(&form)),
        (Some(json!({"form": {}, "url": {}})), None, None),
    ];
    for (declared, need_url, need_form) in cases {
        let s = session_2026_declaring(
            ElicitResult::new(ElicitationAction::Accept),
            declared.clone(),
        )
        .await;
        for (what, expected) in [("need", need_url), ("need-form", need_form)] {
            match (link_call(&s, what).await, expected) {
                (Err(error), Some(required)) => {
                    assert_eq!(
                        error.code,
                        rmcp::model::ErrorCode::MISSING_REQUIRED_CLIENT_CAPABILITY
                    );
                    assert_eq!(error.code.0, -32021);
                    assert_eq!(error.message, "Missing required client capability");
                    assert_eq!(error.data, Some(json!({"requiredCapabilities": required})));
                }
                (Ok(text), None) => assert_eq!(text, "no error", "{declared:?} {what}"),
                (got, expected) => panic!("{declared:?} {what}: {got:?}, expected {expected:?}"),
            }
        }
        // `authorize` is scoped to 2025-11-25: it is not asked here, so nothing is missing.
        assert_eq!(link_call(&s, "need-authorize").await.unwrap(), "no error");
        assert!(s.seen.lock().unwrap().is_empty(), "nothing is ever sent");
    }

    // A retry that brings the declaration's answer is read, whatever the request declares.
    let s = session_2026_declaring(ElicitResult::new(ElicitationAction::Accept), None).await;
    let mut request = CallToolRequestParams::new("link_account")
        .with_arguments(json!({"do": "need-form"}).as_object().unwrap().clone());
    request.input_responses =
        Some([("choose_assignee".to_owned(), json!({"action": "decline"}))].into());
    let result = s._client.call_tool(request).await.unwrap();
    assert_eq!(
        serde_json::to_value(&result.content).unwrap()[0]["text"],
        "no error"
    );
}

/// 2025-06-18 and 2025-11-25 agree on capabilities once, and have no `-32021`: the primitive
/// asks and learns that the client cannot be asked.
#[tokio::test]
async fn no_missing_capability_error_before_2026_07_28() {
    link_account();
    for version in [ProtocolVersion::V_2025_06_18, ProtocolVersion::V_2025_11_25] {
        let s = session(
            version.clone(),
            false,
            ElicitResult::new(ElicitationAction::Accept),
        )
        .await;
        for what in ["need", "need-form", "need-authorize"] {
            assert_eq!(
                link_call(&s, what).await.unwrap(),
                "no error",
                "{version} {what}"
            );
        }
    }
}
