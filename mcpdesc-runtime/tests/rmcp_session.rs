//! Forms asked over a real MCP session: an rmcp server and client connected in memory.
// Test code: the workspace's no-panic lints are for the crate's own code.
#![allow(clippy::restriction)]
// `Call` is deprecated for `Asker`; it keeps working, and these tests keep it covered.
#![allow(deprecated)]

use std::sync::{Arc, Mutex};

use mcpdesc_runtime::fill::{ChoiceList, FillProblemKind};
use mcpdesc_runtime::registry::{self, Primitive};
use mcpdesc_runtime::session::{
    Answer, Call, ElicitError, Step, URL_ELICITATION_REQUIRED, UrlAnswer, elicit, elicit_declared,
    elicit_declared_url, elicit_filled, elicit_url, filled_input_request, input_request,
    notify_elicitation_complete, read_filled_input_response, read_input_response,
};
use mcpdesc_runtime::{ElicitationEnum, ElicitationForm, elicitation};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    ContentBlock, ElicitRequestParams, ElicitResult, ElicitationAction, ErrorData, Implementation,
    InitializeResult, InputRequiredResult, ProtocolVersion, ServerCapabilities,
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

#[elicitation(name = "choose_assignee", form = Assign, message = "Who should own this issue?")]
#[elicitation(
    name = "authorize",
    url = "https://tracker.example.com/authorize",
    message = "Authorize the tracker.",
    protocol_versions = ["2025-11-25"]
)]
fn assign_issue() {}

#[elicitation(
    name = "link",
    url = "https://tracker.example.com/link",
    message = "Link your account."
)]
fn link_account() {}

struct Server;

/// The `assign` tool asks for the assignee with a multi round-trip request, the way MCP
/// 2026-07-28 has servers ask.
impl ServerHandler for Server {
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        ctx: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if request.name == "guarded" {
            return Ok(guarded(&ctx).await.into());
        }
        if request.name == "link_account" {
            return link(&ctx, &request).await;
        }
        let internal = |e: ElicitError| ErrorData::internal_error(e.to_string(), None);
        match read_input_response::<Assign>(request.input_responses.as_ref(), "assignee") {
            Ok(None) => {
                let ask =
                    input_request::<Assign>("Who should own this issue?").map_err(internal)?;
                Ok(
                    InputRequiredResult::from_input_requests([("assignee".to_owned(), ask)].into())
                        .into(),
                )
            }
            Ok(Some(Answer::Accepted(assign))) => {
                Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                    "assigned to {} ({} points)",
                    assign.assignee, assign.estimate
                ))])
                .into())
            }
            Ok(Some(_)) => {
                Ok(CallToolResult::success(vec![ContentBlock::text("left unassigned")]).into())
            }
            Err(e) => Ok(CallToolResult::error(vec![ContentBlock::text(e.to_string())]).into()),
        }
    }
}

/// The `link_account` tool, by its argument `do`: `require`, the error "URL elicitation
/// required" for the `link` declaration (named `link-7`); `require-elsewhere`, the same at a URL
/// the declaration does not document; `ask`, the declaration asked with the
/// id `link-8`; `notify`, the completion of `link-7`; `need`, `need-form` and `need-authorize`,
/// the error "Missing required client capability" for `link`, `choose_assignee` (read on the
/// call's `inputResponses`) or `authorize` (2025-11-25 only), or `no error`. Anything refused is
/// an error result with the reason.
async fn link(
    ctx: &RequestContext<RoleServer>,
    request: &CallToolRequestParams,
) -> Result<CallToolResponse, ErrorData> {
    let arguments = request.arguments.as_ref();
    let declaration = registry::find(Primitive::Tool("link_account"), "link").unwrap();
    let call = Call::new(ctx, Primitive::Tool("link_account")).guarded();
    let refused = |e: ElicitError| {
        Ok(CallToolResult::error(vec![ContentBlock::text(format!("refused: {e}"))]).into())
    };
    let done = |text: &str| Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into());
    match arguments.and_then(|a| a["do"].as_str()) {
        Some("require") => match call.url_required(declaration, None, "link-7") {
            Ok(error) => Err(error),
            Err(e) => refused(e),
        },
        // A URL the declaration does not document: the guard refuses it.
        Some("require-elsewhere") => {
            match call.url_required(declaration, Some("https://elsewhere.example.com/"), "x") {
                Ok(error) => Err(error),
                Err(e) => refused(e),
            }
        }
        Some("ask") => match call.url_with_id(declaration, None, "link-8").await {
            Ok(Step::Answered(answer)) => done(&format!("{answer:?}")),
            Ok(Step::InputRequired(result)) => Ok((*result).into()),
            Err(e) => refused(e),
        },
        Some(need @ ("need" | "need-form" | "need-authorize")) => {
            let (primitive, name) = match need {
                "need" => ("link_account", "link"),
                "need-form" => ("assign_issue", "choose_assignee"),
                _ => ("assign_issue", "authorize"),
            };
            let declaration = registry::find(Primitive::Tool(primitive), name).unwrap();
            let call = Call::new(ctx, Primitive::Tool(primitive))
                .input_responses(request.input_responses.as_ref());
            match call.missing_capability(declaration) {
                Some(error) => Err(error),
                None => done("no error"),
            }
        }
        _ => match notify_elicitation_complete(&ctx.peer, "link-7").await {
            Ok(()) => done("notified"),
            Err(e) => refused(e),
        },
    }
}

/// The `guarded` tool asks twice on a guarded call of `assign_issue`: a form the registry does
/// not declare for it (refused before sending), then the declared form in other words (sent:
/// §12.2 lets the runtime message differ).
async fn guarded(ctx: &RequestContext<RoleServer>) -> CallToolResult {
    let call = Call::new(ctx, Primitive::Tool("assign_issue")).guarded();
    let refused = match call.ask_form::<Triage>("labels", "Pick labels").await {
        Err(ElicitError::Undeclared(e)) => e.to_string(),
        other => format!("not refused: {other:?}"),
    };
    let asked = match call
        .ask_form::<Assign>("choose_assignee", "Who owns issue 7 now?")
        .await
    {
        Ok(Step::Answered(Answer::Accepted(a))) => a.assignee,
        other => format!("not asked: {other:?}"),
    };
    // What a sealed call shows of itself: never its key, its state or its arguments.
    let codec =
        rmcp::model::RequestStateCodec::try_new(b"key-0123456789abcdef0123456789abcdef".to_vec())
            .unwrap();
    let sealed = Call::new(ctx, Primitive::Tool("assign_issue"))
        .guarded()
        .sealed(&codec, Some("state-xyz"), &json!({"note": "typed-by-user"}));
    CallToolResult::success(vec![ContentBlock::text(format!(
        "{refused}\n--\n{asked}\n--\n{sealed:?}"
    ))])
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
    server: RunningService<RoleServer, Server>,
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
    let (server, client) = tokio::join!(Server.serve(server_io), client.serve(client_io));
    Session {
        server: server.expect("server starts"),
        _client: client.expect("client starts"),
        seen,
        notified,
    }
}

fn accept(content: Value) -> ElicitResult {
    ElicitResult::new(ElicitationAction::Accept).with_content(content)
}

#[tokio::test]
async fn an_accepted_answer_comes_back_typed_and_the_wire_schema_is_exact() {
    let s = session(
        ProtocolVersion::V_2025_11_25,
        true,
        accept(json!({"assignee": "octocat", "estimate": 3})),
    )
    .await;
    let answer = elicit::<Assign>(s.server.peer(), "Who should own this issue?")
        .await
        .unwrap();
    assert_eq!(
        answer,
        Answer::Accepted(Assign {
            assignee: "octocat".into(),
            cc: None,
            estimate: 3
        })
    );
    let seen = s.seen.lock().unwrap();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0]["mode"], "form");
    assert_eq!(seen[0]["message"], "Who should own this issue?");
    // What reached the client is exactly the derived schema: no root title or $schema.
    assert_eq!(
        seen[0]["requestedSchema"],
        Assign::requested_schema().to_value()
    );
}

/// A form whose `reviewer` choices are given when it is sent.
#[derive(ElicitationForm, Debug, PartialEq)]
struct Review {
    #[form(title = "Reviewer", runtime_choices)]
    reviewer: String,
    #[form(max_length = 80)]
    note: Option<String>,
}

fn review_fill(choices: ChoiceList) -> ReviewFill {
    ReviewFill {
        reviewer: choices,
        defaults: ReviewDefaults {
            reviewer: Some("ann".into()),
            note: Some("Please look at the tests.".into()),
        },
    }
}

#[tokio::test]
async fn a_filled_form_is_sent_filled_for_the_version_and_read_against_its_choices() {
    let team = || ChoiceList::titled([("ann", "Ann"), ("ben", "Ben")]);
    // 2025-11-25: titled `oneOf`, and the defaults.
    let s = session(
        ProtocolVersion::V_2025_11_25,
        true,
        accept(json!({"reviewer": "ben"})),
    )
    .await;
    let answer = elicit_filled(s.server.peer(), "Who reviews?", review_fill(team()))
        .await
        .unwrap();
    assert_eq!(
        answer,
        Answer::Accepted(Review {
            reviewer: "ben".into(),
            note: None
        })
    );
    assert_eq!(
        s.seen.lock().unwrap()[0]["requestedSchema"],
        json!({"type": "object", "properties": {
            "reviewer": {"type": "string", "title": "Reviewer",
                "oneOf": [{"const": "ann", "title": "Ann"}, {"const": "ben", "title": "Ben"}],
                "default": "ann"},
            "note": {"type": "string", "maxLength": 80, "default": "Please look at the tests."}
        }, "required": ["reviewer"]})
    );

    // 2025-06-18: `enum` with `enumNames`, and no string default.
    let s = session(
        ProtocolVersion::V_2025_06_18,
        true,
        accept(json!({"reviewer": "cat"})),
    )
    .await;
    let err = elicit_filled(s.server.peer(), "Who reviews?", review_fill(team()))
        .await
        .unwrap_err();
    let ElicitError::Content(content) = err else {
        panic!("`cat` was not offered: {err}");
    };
    assert_eq!(content.problems()[0].property(), "reviewer");
    assert_eq!(
        s.seen.lock().unwrap()[0]["requestedSchema"],
        json!({"type": "object", "properties": {
            "reviewer": {"type": "string", "title": "Reviewer",
                "enum": ["ann", "ben"], "enumNames": ["Ann", "Ben"]},
            "note": {"type": "string", "maxLength": 80}
        }, "required": ["reviewer"]})
    );

    // A bad run-time part is refused before anything is sent.
    let s = session(ProtocolVersion::V_2025_11_25, true, accept(json!({}))).await;
    let err = elicit_filled(
        s.server.peer(),
        "Who reviews?",
        review_fill(ChoiceList::untitled(["ben", "ben"])),
    )
    .await
    .unwrap_err();
    let ElicitError::Fill(fill) = err else {
        panic!("expected a fill error, got {err}");
    };
    let kinds: Vec<_> = fill.problems().iter().map(|p| p.kind().clone()).collect();
    assert_eq!(kinds[0], FillProblemKind::DuplicateChoice("ben".into()));
    assert!(matches!(kinds[1], FillProblemKind::Default(_)), "{kinds:?}");
    assert!(s.seen.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_bad_answer_reports_every_problem() {
    let s = session(
        ProtocolVersion::V_2025_11_25,
        true,
        accept(json!({"assignee": "", "cc": "not-an-email", "estimate": 11})),
    )
    .await;
    let err = elicit::<Assign>(s.server.peer(), "Who?").await.unwrap_err();
    let ElicitError::Content(content) = err else {
        panic!("expected a content error, got {err}");
    };
    let names: Vec<_> = content.problems().iter().map(|p| p.property()).collect();
    assert_eq!(names, ["assignee", "cc", "estimate"]);
}

#[tokio::test]
async fn decline_and_cancel() {
    let s = session(
        ProtocolVersion::V_2025_11_25,
        true,
        ElicitResult::new(ElicitationAction::Decline),
    )
    .await;
    assert_eq!(
        elicit::<Assign>(s.server.peer(), "Who?").await.unwrap(),
        Answer::Declined
    );
    let s = session(
        ProtocolVersion::V_2025_11_25,
        true,
        ElicitResult::new(ElicitationAction::Cancel),
    )
    .await;
    assert_eq!(
        elicit::<Assign>(s.server.peer(), "Who?").await.unwrap(),
        Answer::Cancelled
    );
}

#[tokio::test]
async fn a_form_newer_than_the_session_is_not_sent() {
    let s = session(
        ProtocolVersion::V_2025_06_18,
        true,
        accept(json!({"labels": []})),
    )
    .await;
    let err = elicit::<Triage>(s.server.peer(), "Labels?")
        .await
        .unwrap_err();
    assert!(
        matches!(err, ElicitError::UnsupportedVersion { version, .. } if version == mcpdesc_runtime::ProtocolVersion::V2025_06_18),
        "{err}"
    );
    assert!(s.seen.lock().unwrap().is_empty());
    // The same session can still ask a form that fits 2025-06-18.
    let s = session(
        ProtocolVersion::V_2025_06_18,
        true,
        accept(json!({"assignee": "a", "estimate": 1})),
    )
    .await;
    assert!(matches!(
        elicit::<Assign>(s.server.peer(), "Who?").await.unwrap(),
        Answer::Accepted(_)
    ));
}

/// Some clients declare elicitation and answer the request with a JSON-RPC error (no handler
/// set): the error is the client's, told apart from a broken session and from a request that
/// was never sent.
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
        let err = elicit::<Assign>(s.server.peer(), "Who?").await.unwrap_err();
        assert_eq!(s.seen.lock().unwrap().len(), 1, "the request was sent");
        let said = err.client_error().expect("the client's error");
        assert_eq!((said.code, &said.message), (refusal.code, &refusal.message));
        assert!(!err.is_unavailable(), "{err}");
        assert_eq!(
            err.to_string(),
            format!(
                "the client answered the elicitation request with an error: {}: {}",
                refusal.code.0, refusal.message
            )
        );
    }
    // Errors that are not the client's answer have none.
    let s = session(ProtocolVersion::V_2025_11_25, false, accept(json!({}))).await;
    let err = elicit::<Assign>(s.server.peer(), "Who?").await.unwrap_err();
    assert!(
        err.is_unavailable() && err.client_error().is_none(),
        "{err}"
    );
    let s = session(ProtocolVersion::V_2025_11_25, true, accept(json!({}))).await;
    let err = elicit::<Assign>(s.server.peer(), "Who?").await.unwrap_err();
    assert!(matches!(err, ElicitError::Content(_)), "{err}");
    assert!(err.client_error().is_none());
}

#[tokio::test]
async fn a_client_without_elicitation_is_not_asked() {
    let s = session(ProtocolVersion::V_2025_11_25, false, accept(json!({}))).await;
    let err = elicit::<Assign>(s.server.peer(), "Who?").await.unwrap_err();
    assert!(
        matches!(
            err,
            ElicitError::ClientCannotElicit {
                mode: rmcp::service::ElicitationMode::Form
            }
        ),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "the client did not declare the `form` elicitation mode; nothing was sent"
    );
    assert!(s.seen.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_registered_declaration_is_sent_with_its_message() {
    assign_issue();
    let s = session(
        ProtocolVersion::V_2025_11_25,
        true,
        accept(json!({"assignee": "octocat", "estimate": 2})),
    )
    .await;
    let decl = registry::find(Primitive::Tool("assign_issue"), "choose_assignee").unwrap();
    let answer = elicit_declared::<Assign>(s.server.peer(), decl)
        .await
        .unwrap();
    assert!(matches!(
        answer,
        Answer::Accepted(Assign { estimate: 2, .. })
    ));
    assert_eq!(
        s.seen.lock().unwrap()[0]["message"],
        "Who should own this issue?"
    );
    let err = elicit_declared::<Triage>(s.server.peer(), decl)
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            ElicitError::NotThisForm {
                declaration: "choose_assignee"
            }
        ),
        "{err}"
    );
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
        server: serve_directly::<RoleServer, _, _, _, _>(Server, server_io, Some(client_info)),
        _client: serve_directly::<RoleClient, _, _, _, _>(
            client,
            client_io,
            Some(server_info.into()),
        ),
        seen,
        notified,
    }
}

async fn call_assign(answer: ElicitResult) -> (String, Vec<Value>) {
    let s = session_2026(answer).await;
    let result = s
        ._client
        .call_tool(CallToolRequestParams::new("assign"))
        .await
        .expect("the tool call completes");
    let text = serde_json::to_value(&result.content).unwrap()[0]["text"]
        .as_str()
        .unwrap()
        .to_owned();
    let seen = s.seen.lock().unwrap().clone();
    (text, seen)
}

#[tokio::test]
async fn multi_round_trip_requests_ask_and_read_back_checked() {
    let (text, seen) = call_assign(accept(json!({"assignee": "octocat", "estimate": 5}))).await;
    assert_eq!(text, "assigned to octocat (5 points)");
    assert_eq!(seen.len(), 1);
    assert_eq!(
        seen[0]["requestedSchema"],
        Assign::requested_schema().to_value()
    );

    let (text, _) = call_assign(ElicitResult::new(ElicitationAction::Decline)).await;
    assert_eq!(text, "left unassigned");

    // The answer comes from the client: a bad one is refused with every problem.
    let (text, _) = call_assign(accept(json!({"assignee": "", "estimate": "many"}))).await;
    assert!(text.contains("2 problems"), "{text}");
    assert!(
        text.contains("`assignee`") && text.contains("`estimate`"),
        "{text}"
    );
}

#[test]
fn input_responses_are_read_as_untrusted() {
    let responses = [("k".to_owned(), json!({"action": "maybe"}))].into();
    assert!(matches!(
        read_input_response::<Assign>(Some(&responses), "k"),
        Err(ElicitError::NotAnElicitResult(_))
    ));
    assert!(matches!(
        read_input_response::<Assign>(Some(&responses), "other"),
        Ok(None)
    ));
    assert!(matches!(read_input_response::<Assign>(None, "k"), Ok(None)));
    let responses = [("k".to_owned(), json!({"action": "accept", "content": [1]}))].into();
    assert!(matches!(
        read_input_response::<Assign>(Some(&responses), "k"),
        Err(ElicitError::ContentNotAnObject)
    ));
}

#[tokio::test]
async fn server_initiated_requests_are_refused_on_2026_07_28() {
    let s = session_2026(accept(json!({"assignee": "a", "estimate": 1}))).await;
    let err = elicit::<Assign>(s.server.peer(), "Who?").await.unwrap_err();
    assert!(matches!(err, ElicitError::Service(_)), "{err}");
    assert!(s.seen.lock().unwrap().is_empty());
}

#[tokio::test]
async fn url_mode_requests() {
    let s = session(
        ProtocolVersion::V_2025_11_25,
        true,
        ElicitResult::new(ElicitationAction::Accept),
    )
    .await;
    let decl = registry::find(Primitive::Tool("assign_issue"), "authorize").unwrap();
    let answer = elicit_declared_url(s.server.peer(), decl, None, "e-1")
        .await
        .unwrap();
    assert_eq!(answer, UrlAnswer::Accepted);
    {
        let seen = s.seen.lock().unwrap();
        assert_eq!(
            seen[0],
            json!({"mode": "url", "message": "Authorize the tracker.", "url": "https://tracker.example.com/authorize", "elicitationId": "e-1"})
        );
    }
    // A URL chosen at run time wins over the static one; a relative one is refused unsent.
    elicit_declared_url(
        s.server.peer(),
        decl,
        Some("https://tracker.example.com/a?s=9"),
        "e-2",
    )
    .await
    .unwrap();
    assert_eq!(
        s.seen.lock().unwrap()[1]["url"],
        "https://tracker.example.com/a?s=9"
    );
    let err = elicit_url(s.server.peer(), "Go.", "/relative", "e-3")
        .await
        .unwrap_err();
    assert!(matches!(err, ElicitError::InvalidUrl), "{err}");
    assert_eq!(s.seen.lock().unwrap().len(), 2);
    // A form declaration is not a URL declaration.
    let form = registry::find(Primitive::Tool("assign_issue"), "choose_assignee").unwrap();
    assert!(
        elicit_declared_url(s.server.peer(), form, None, "e-4")
            .await
            .is_err()
    );
}

#[tokio::test]
async fn url_mode_is_not_sent_on_2025_06_18() {
    let s = session(
        ProtocolVersion::V_2025_06_18,
        true,
        ElicitResult::new(ElicitationAction::Accept),
    )
    .await;
    let err = elicit_url(s.server.peer(), "Go.", "https://example.com", "e")
        .await
        .unwrap_err();
    assert!(
        matches!(err, ElicitError::UnsupportedVersion { .. }),
        "{err}"
    );
    assert!(s.seen.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_guarded_call_refuses_what_the_registry_does_not_declare() {
    assign_issue();
    let s = session(
        ProtocolVersion::V_2025_11_25,
        true,
        accept(json!({"assignee": "octocat", "estimate": 2})),
    )
    .await;
    let result = s
        ._client
        .call_tool(CallToolRequestParams::new("guarded"))
        .await
        .unwrap();
    let text = serde_json::to_value(&result.content).unwrap()[0]["text"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut parts = text.split("\n--\n");
    let (refused, asked, shown) = (
        parts.next().unwrap(),
        parts.next().unwrap(),
        parts.next().unwrap(),
    );
    assert_eq!(
        shown,
        "Call { primitive: Tool(\"assign_issue\"), protocol_version: Some(V2025_11_25), \
         guarded: true, sealed: true, input_responses: false, .. }"
    );
    assert!(
        refused.contains("matches no declaration") && refused.contains("requestedSchema differs"),
        "{refused}"
    );
    assert_eq!(asked, "octocat");
    // Only the declared form reached the client.
    let seen = s.seen.lock().unwrap();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0]["message"], "Who owns issue 7 now?");
}

#[test]
fn a_filled_form_asks_and_reads_back_through_input_requests() {
    use mcpdesc_runtime::fill::FormFill;
    let filled = review_fill(ChoiceList::untitled(["ann", "ben"]))
        .fill(Some(mcpdesc_runtime::ProtocolVersion::V2026_07_28))
        .unwrap();
    let request =
        serde_json::to_value(filled_input_request("Who reviews?", &filled).unwrap()).unwrap();
    assert_eq!(
        request["params"]["requestedSchema"]["properties"]["reviewer"]["enum"],
        json!(["ann", "ben"])
    );
    let responses = |who: &str| -> rmcp::model::InputResponses {
        [(
            "review".to_owned(),
            json!({"action": "accept", "content": {"reviewer": who}}),
        )]
        .into()
    };
    let ok = read_filled_input_response(Some(&responses("ben")), "review", &filled).unwrap();
    assert_eq!(
        ok,
        Some(Answer::Accepted(Review {
            reviewer: "ben".into(),
            note: None
        }))
    );
    let err = read_filled_input_response(Some(&responses("cat")), "review", &filled).unwrap_err();
    assert!(matches!(err, ElicitError::Content(_)), "{err}");
    assert_eq!(
        read_filled_input_response(None, "review", &filled).unwrap(),
        None
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
        let typed = schema.to_rmcp().unwrap();
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
    use mcpdesc_runtime::fill::FormFill;
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
        .fill(Some(mcpdesc_runtime::ProtocolVersion::V2025_11_25))
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
        ElicitError::Fill(fill),
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

    // Asked with an id of the server's choosing.
    assert_eq!(link_call(&s, "ask").await.unwrap(), "Accepted");
    assert_eq!(s.seen.lock().unwrap()[0]["elicitationId"], "link-8");

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
