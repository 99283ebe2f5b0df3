//! The engine of `mcpdesc test` (`mcpdesc_check::tester::Test`), run in process as a server's
//! own tests run it, fails on each kind of elicitation drift, and passes a server that keeps its
//! description: servers of one tool each, driven on MCP 2025-06-18, 2025-11-25 and 2026-07-28
//! against their own description and against that description changed in one place. (These are
//! the cases of the contract test it replaced.)
#![allow(clippy::restriction)]

use std::time::Duration;

use mcpdesc_check::tester::{Check, Level, Report, Server, Status, Test};
use mcpdesc_runtime::description::{Description, Info};
use mcpdesc_runtime::session::{Asked, Asker, AskingServer, Policy};
use mcpdesc_runtime::{ProtocolVersion, ask, elicitation};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, Implementation, ServerCapabilities,
    ServerConfig,
};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

#[path = "support/example.rs"]
mod example;
#[path = "support/gate.rs"]
mod gate;
use gate::Gate;

/// `picky` refuses whatever the user accepts; `stuck` never finishes once the user accepts;
/// `maybe` asks only when its arguments say `go`.
#[derive(Clone)]
struct Probe;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct MaybeArgs {
    go: bool,
}

#[tool_router]
impl Probe {
    #[elicitation(name = "go_ahead", form = gate::GoAhead, message = "Go ahead?")]
    #[tool(description = "Ask, then refuse an acceptance.")]
    async fn picky(&self, asker: Asker) -> Result<CallToolResponse, ErrorData> {
        match ask!(asker, Self::PICKY_GO_AHEAD)? {
            Asked::Accepted(_) => Err(ErrorData::invalid_params("not like that", None)),
            _ => Ok(CallToolResult::success(vec![ContentBlock::text("stayed")]).into()),
        }
    }

    #[elicitation(name = "go_ahead", form = gate::GoAhead, message = "Go ahead?")]
    #[tool(description = "Ask, then never finish an acceptance.")]
    async fn stuck(&self, asker: Asker) -> Result<CallToolResponse, ErrorData> {
        if let Asked::Accepted(_) = ask!(asker, Self::STUCK_GO_AHEAD)? {
            std::future::pending::<()>().await;
        }
        Ok(CallToolResult::success(vec![ContentBlock::text("stayed")]).into())
    }

    #[elicitation(name = "go_ahead", form = gate::GoAhead, message = "Go ahead?")]
    #[tool(description = "Ask only when told to go.")]
    async fn maybe(
        &self,
        Parameters(args): Parameters<MaybeArgs>,
        asker: Asker,
    ) -> Result<CallToolResponse, ErrorData> {
        if args.go {
            ask!(asker, Self::MAYBE_GO_AHEAD)?;
        }
        Ok(CallToolResult::success(vec![ContentBlock::text("done")]).into())
    }
}

#[tool_handler]
impl ServerHandler for Probe {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("probe", "1.0.0"))
    }
}

fn server() -> Server {
    Server::in_process(|| AskingServer::new(Gate, Policy::development()))
}

fn probe() -> Server {
    Server::in_process(|| AskingServer::new(Probe, Policy::development()))
}

/// The description of the gate, or of the probe's tool `tool`, built from the server's router.
fn description(tool: &str) -> Value {
    let listed = match tool {
        "gate" => Gate::tool_router().list_all(),
        _ => Probe::tool_router().list_all(),
    }
    .into_iter()
    .filter(|t| t.name == tool);
    Description::builder(Info::new("probe", "1.0.0"))
        .rmcp_tools(listed)
        .registered_elicitations_of_given_primitives()
        .build()
        .unwrap()
        .as_value()
        .clone()
}

/// `gate`'s declaration in `doc`, to change.
fn declaration(doc: &mut Value) -> &mut Value {
    &mut doc["tools"][0]["elicitations"][0]
}

fn test(doc: &Value) -> Test {
    Test::new(doc).seed(1).cases(2)
}

/// Each finding of `check`, as `VERSION PRIMITIVE: MESSAGE`.
fn found(report: &Report, check: Check) -> Vec<String> {
    report
        .findings
        .iter()
        .filter(|f| f.check == check)
        .map(|f| format!("{} {}: {}", f.version, f.primitive, f.message))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_keeps_its_description_passes_every_version_and_answer() {
    let report = test(&description("gate")).run(&server()).await;
    assert_eq!(report.status(), Status::Passed, "{report}");
    assert_eq!(report.versions.len(), 3);
    // Per version: the call answered accept (the listing's boundary-free tool), then decline
    // and cancel.
    assert!(
        report.versions.iter().all(|v| v.served && v.calls >= 3),
        "{report}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn changed_wording_is_drift_unless_allowed() {
    let mut doc = description("gate");
    declaration(&mut doc)["message"] = json!("Shall we?");
    let report = test(&doc).run(&server()).await;
    let drift = found(&report, Check::ElicitationDrift);
    assert_eq!(drift.len(), 3, "{report}");
    assert!(
        drift
            .iter()
            .all(|d| d.contains("other wording than declared: Go ahead?")),
        "{report}"
    );
    assert!(
        drift[0].contains("`.allow_reworded(\"gate\", \"go_ahead\")`"),
        "{report}"
    );
    let allowed = test(&doc)
        .allow_reworded("gate", "go_ahead")
        .run(&server())
        .await;
    assert_eq!(allowed.status(), Status::Passed, "{allowed}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_the_description_does_not_declare_is_drift() {
    let mut doc = description("gate");
    declaration(&mut doc)["requestedSchema"]["properties"]["note"] = json!({"type": "string"});
    let report = test(&doc).run(&server()).await;
    let undeclared = found(&report, Check::ElicitationDrift);
    let never = found(&report, Check::NeverAsked);
    assert_eq!((undeclared.len(), never.len()), (3, 3), "{report}");
    assert!(
        undeclared[0].contains("requestedSchema differs"),
        "{report}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_documented_default_the_server_does_not_send_is_drift() {
    let mut doc = description("gate");
    declaration(&mut doc)["requestedSchema"]["properties"]["go"]["default"] = json!(true);
    let report = test(&doc).run(&server()).await;
    assert!(
        !found(&report, Check::ElicitationDrift).is_empty(),
        "{report}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declaration_never_asked_is_drift_unless_conditional() {
    let mut doc = description("gate");
    let mut second = declaration(&mut doc).clone();
    second["name"] = json!("second_thoughts");
    second["message"] = json!("Really?");
    doc["tools"][0]["elicitations"]
        .as_array_mut()
        .unwrap()
        .push(second);
    let report = test(&doc).run(&server()).await;
    let never: Vec<String> = report
        .findings
        .iter()
        .filter(|f| f.check == Check::NeverAsked)
        .map(|f| format!("{} {}", f.version, f.primitive))
        .collect();
    assert_eq!(
        never,
        ["2025-06-18 gate", "2025-11-25 gate", "2026-07-28 gate"],
        "{report}"
    );
    // What it says first is the likeliest fix of a removed `ask!`: remove the declaration; the
    // settings that would hide the removal come after, each with when it is right.
    assert_eq!(
        report.findings[0].message,
        "`second_thoughts` applies on 2025-06-18 and was never asked. If the code no longer asks it, remove its `#[elicitation]` (or its entry in the description); if it asks only for some arguments, give such arguments (`.arguments(..)`, `.uri(..)`, `--arguments`); only if no arguments make it ask every time, say so with `.conditional(\"gate\", \"second_thoughts\")` (`--conditional gate:second_thoughts`)"
    );
    let excused = test(&doc)
        .conditional("gate", "second_thoughts")
        .run(&server())
        .await;
    assert_eq!(excused.status(), Status::Passed, "{excused}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_refuses_answers_its_forms_allow_is_drift() {
    let report = test(&description("picky")).run(&probe()).await;
    let refused = found(&report, Check::AnswerRefused);
    assert_eq!(refused.len(), 3, "{report}");
    assert!(
        refused.iter().all(|m| m.contains("not like that")),
        "{report}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_that_never_ends_is_drift_after_the_timeout() {
    let report = test(&description("stuck"))
        .timeout(Duration::from_millis(300))
        .run(&probe())
        .await;
    let late = found(&report, Check::NoAnswer);
    assert_eq!(late.len(), 3, "{report}");
    assert!(
        late.iter().all(|m| m.contains("no answer within 0.3 s")),
        "{report}"
    );
}

/// A question asked only for some arguments is found by the boundary cases (`go: true`), with
/// no arguments given.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_question_asked_for_some_arguments_is_found_without_being_told() {
    // The probe serves three tools; this description documents one.
    let report = test(&description("maybe"))
        .level(Check::ListingDiffers, Level::Ignored)
        .run(&probe())
        .await;
    assert_eq!(report.status(), Status::Passed, "{report}");
}

/// Arguments given for one version are used on it, in place of those given for every version:
/// the example asks to confirm closing an issue only when the issue exists, and issue 1 does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arguments_given_for_a_version_are_used_on_it() {
    let server = Server::command(example::server_binary())
        .arg("serve")
        .quiet();
    let report = Test::new(example::description())
        .seed(1)
        .cases(2)
        .skip("assign_issue")
        .skip("edit_issue")
        .skip("delete_issue")
        .arguments("close_issue", json!({"issue": 99}))
        .arguments_on(
            ProtocolVersion::V2026_07_28,
            "close_issue",
            json!({"issue": 1}),
        )
        .run(&server)
        .await;
    let never: Vec<String> = report
        .findings
        .iter()
        .filter(|f| f.check == Check::NeverAsked)
        .map(|f| format!("{} {}", f.version, f.primitive))
        .collect();
    assert_eq!(
        never,
        ["2025-06-18 close_issue", "2025-11-25 close_issue"],
        "{report}"
    );
}

/// A setting that names nothing in the description stops the run, each said with why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_setting_that_names_nothing_is_reported() {
    let report = test(&description("gate"))
        .arguments("gaet", json!({}))
        .arguments_on(ProtocolVersion::V2025_03_26, "gate", json!({}))
        .arguments_on(ProtocolVersion::V2025_11_25, "gaet", json!({}))
        .uri("file:///{x}", "file:///1")
        .allow_reworded("gate", "go_ahaed")
        .conditional("gaet", "go_ahead")
        .run(&server())
        .await;
    assert_eq!(
        report.problems,
        [
            ".arguments(\"gaet\", ..): the description has no tool or prompt by that name",
            ".arguments_on(2025-03-26, \"gate\", ..): the description does not list 2025-03-26",
            ".arguments_on(2025-11-25, \"gaet\", ..): the description has no tool or prompt by that name",
            ".uri(\"file:///{x}\", ..): the description has no resource template by that URI template",
            ".allow_reworded(\"gate\", \"go_ahaed\"): `gate` declares no `go_ahaed` (is a name misspelt?)",
            ".conditional(\"gaet\", \"go_ahead\"): `gaet` declares no `go_ahead` (is a name misspelt?)",
        ]
    );
    assert_eq!(report.status(), Status::NotRun);
    assert_eq!(report.calls, 0);
}
