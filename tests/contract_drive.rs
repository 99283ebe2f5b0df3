//! The contract test (`testing::ContractTest`) fails on each kind of drift, and passes a server that
//! keeps its description: servers of one tool each, driven on MCP 2025-06-18, 2025-11-25 and
//! 2026-07-28 against its own description and against that description changed in one place.
#![allow(clippy::restriction)]

use std::time::Duration;

use mcpdesc_runtime::description::{Description, Info};
use mcpdesc_runtime::session::{Asked, Asker, AskingServer, Policy};
use mcpdesc_runtime::testing::{Answer, ContractTest, ContractTestError, Finding};
use mcpdesc_runtime::{ProtocolVersion, ask, elicitation};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, Implementation, ServerCapabilities,
    ServerConfig,
};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

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

fn server() -> AskingServer<Gate> {
    AskingServer::new(Gate, Policy::development())
}

fn probe() -> AskingServer<Probe> {
    AskingServer::new(Probe, Policy::development())
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

async fn drive(doc: &Value) -> Result<mcpdesc_runtime::testing::Report, ContractTestError> {
    ContractTest::new(doc, server).run().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_keeps_its_description_passes_every_version_and_answer() {
    let report = drive(&description("gate")).await.unwrap();
    let calls: Vec<String> = report
        .calls()
        .iter()
        .map(|c| format!("{} {} {} {:?}", c.version, c.primitive, c.answer, c.asked))
        .collect();
    assert_eq!(calls.len(), 9, "{report}");
    for version in ["2025-06-18", "2025-11-25", "2026-07-28"] {
        for answer in ["accept", "decline", "cancel"] {
            let line = format!("{version} gate {answer} [\"go_ahead\"]");
            assert!(calls.contains(&line), "{line} in {calls:#?}");
        }
    }
    let accepted: Vec<&str> = report
        .calls()
        .iter()
        .filter(|c| c.answer == Answer::Accept)
        .map(|c| c.outcome.as_str())
        .collect();
    assert_eq!(accepted, ["went ahead"; 3]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn changed_wording_is_drift_unless_allowed() {
    let mut doc = description("gate");
    declaration(&mut doc)["message"] = json!("Shall we?");
    let err = drive(&doc).await.unwrap_err();
    assert_eq!(err.findings().len(), 9, "{err}");
    assert!(
        err.findings()
            .iter()
            .all(|d| matches!(d, Finding::Reworded { sent, .. } if sent == "Go ahead?")),
        "{err}"
    );
    assert!(
        err.to_string()
            .contains("allow it with `.allow_reworded(\"gate\", \"go_ahead\")`"),
        "{err}"
    );
    ContractTest::new(&doc, server)
        .allow_reworded("gate", "go_ahead")
        .run()
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_the_description_does_not_declare_is_drift() {
    let mut doc = description("gate");
    declaration(&mut doc)["requestedSchema"]["properties"]["note"] = json!({"type": "string"});
    let err = drive(&doc).await.unwrap_err();
    let undeclared = err
        .findings()
        .iter()
        .filter(|d| matches!(d, Finding::Undeclared { .. }))
        .count();
    let never = err
        .findings()
        .iter()
        .filter(|d| matches!(d, Finding::NeverAsked { .. }))
        .count();
    assert_eq!((undeclared, never), (9, 3), "{err}");
    assert!(err.to_string().contains("requestedSchema differs"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_documented_default_the_server_does_not_send_is_drift() {
    let mut doc = description("gate");
    declaration(&mut doc)["requestedSchema"]["properties"]["go"]["default"] = json!(true);
    let err = drive(&doc).await.unwrap_err();
    assert!(
        err.findings()
            .iter()
            .any(|d| matches!(d, Finding::Undeclared { .. })),
        "{err}"
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
    let err = drive(&doc).await.unwrap_err();
    let never: Vec<String> = err
        .findings()
        .iter()
        .filter_map(|d| match d {
            Finding::NeverAsked {
                version,
                declaration,
                ..
            } => Some(format!("{version} {declaration}")),
            _ => None,
        })
        .collect();
    assert_eq!(
        never,
        [
            "2025-06-18 second_thoughts",
            "2025-11-25 second_thoughts",
            "2026-07-28 second_thoughts"
        ],
        "{err}"
    );
    ContractTest::new(&doc, server)
        .conditional("gate", "second_thoughts")
        .run()
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_refuses_answers_its_forms_allow_is_drift() {
    let err = ContractTest::new(&description("picky"), probe)
        .run()
        .await
        .unwrap_err();
    let refused: Vec<String> = err
        .findings()
        .iter()
        .filter_map(|d| match d {
            Finding::Refused { message, .. } => Some(message.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(refused.len(), 3, "{err}");
    assert!(refused.iter().all(|m| m.contains("not like that")), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_that_never_ends_is_drift_after_the_timeout() {
    let err = ContractTest::new(&description("stuck"), probe)
        .timeout(Duration::from_millis(300))
        .run()
        .await
        .unwrap_err();
    let late = err
        .findings()
        .iter()
        .filter(|d| matches!(d, Finding::Session { message, .. } if message.contains("did not answer within 300ms")))
        .count();
    assert_eq!(late, 3, "{err}");
}

/// Arguments given for one version are used on it, in place of those given for every version;
/// the last given for a version is the one used.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arguments_given_for_a_version_are_used_on_it() {
    let doc = description("maybe");
    let err = ContractTest::new(&doc, probe)
        .arguments("maybe", json!({"go": false}))
        .arguments_on(ProtocolVersion::V2026_07_28, "maybe", json!({"go": true}))
        .run()
        .await
        .unwrap_err();
    let never_asked: Vec<String> = err
        .findings()
        .iter()
        .map(|d| match d {
            Finding::NeverAsked {
                version,
                primitive,
                declaration,
            } => format!("{version} {primitive} {declaration}"),
            other => panic!("only declarations never asked: {other}"),
        })
        .collect();
    assert_eq!(
        never_asked,
        ["2025-06-18 maybe go_ahead", "2025-11-25 maybe go_ahead"]
    );
    // What it says first is the likeliest fix of a removed `ask!`: remove the declaration; the
    // settings that would hide the removal come after, each with when it is right.
    let said = err.findings()[0].to_string();
    assert_eq!(
        said,
        "2025-06-18 maybe: `go_ahead` was never asked. If the code no longer asks it, remove its `#[elicitation]` (or its entry in the description); if it asks only for some arguments, give such arguments (`.arguments(..)`, `.uri(..)`); only if no arguments make it ask every time, say so with `.conditional(\"maybe\", \"go_ahead\")`"
    );

    let report = ContractTest::new(&doc, probe)
        .arguments("maybe", json!({"go": true}))
        .arguments_on(ProtocolVersion::V2025_06_18, "maybe", json!({"go": false}))
        .arguments_on(ProtocolVersion::V2025_06_18, "maybe", json!({"go": true}))
        .run()
        .await
        .unwrap();
    assert_eq!(report.calls().len(), 9, "{report}");
}

/// A setting that names nothing the contract test calls is reported, each with why, not ignored; the
/// rest of the contract test still runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_setting_that_names_nothing_is_reported() {
    let err = ContractTest::new(&description("gate"), server)
        .arguments("gaet", json!({}))
        .arguments_on(ProtocolVersion::V2025_03_26, "gate", json!({}))
        .arguments_on(ProtocolVersion::V2025_11_25, "gaet", json!({}))
        .uri("file:///{x}", "file:///1")
        .allow_reworded("gate", "go_ahaed")
        .conditional("gaet", "go_ahead")
        .run()
        .await
        .unwrap_err();
    let said: Vec<String> = err.findings().iter().map(ToString::to_string).collect();
    assert_eq!(
        said,
        [
            "`.arguments(\"gaet\", ..)` changes nothing: no tool or prompt of the description by that name declares an elicitation (is the name misspelt?)",
            "`.arguments_on(ProtocolVersion::V2025_03_26, \"gate\", ..)` changes nothing: the description does not list 2025-03-26",
            "`.arguments_on(ProtocolVersion::V2025_11_25, \"gaet\", ..)` changes nothing: no tool or prompt of the description by that name declares an elicitation (is the name misspelt?)",
            "`.uri(\"file:///{x}\", ..)` changes nothing: no resource or resource template of the description by that name declares an elicitation (is the name misspelt?)",
            "`.allow_reworded(\"gate\", \"go_ahaed\")` changes nothing: `gate` declares no `go_ahaed` (is the name misspelt?)",
            "`.conditional(\"gaet\", \"go_ahead\")` changes nothing: no primitive of the description by that name declares an elicitation (is the name misspelt?)",
        ]
    );
    assert_eq!(err.report().calls().len(), 9, "{err}");
}

/// Arguments for a version on which none of the primitive's declarations apply change nothing
/// (the contract test calls it only where one does), and are reported.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arguments_for_a_version_the_primitive_is_not_called_on_are_reported() {
    let mut doc = description("gate");
    declaration(&mut doc)["protocolVersions"] = json!(["2026-07-28"]);
    let err = ContractTest::new(&doc, server)
        .arguments_on(ProtocolVersion::V2026_07_28, "gate", json!({}))
        .arguments_on(ProtocolVersion::V2025_11_25, "gate", json!({}))
        .run()
        .await
        .unwrap_err();
    let said: Vec<String> = err.findings().iter().map(ToString::to_string).collect();
    assert_eq!(
        said,
        [
            "`.arguments_on(ProtocolVersion::V2025_11_25, \"gate\", ..)` changes nothing: no declaration of `gate` applies on 2025-11-25, so it is not called there",
        ]
    );
    assert_eq!(err.report().calls().len(), 3, "{err}");
}
