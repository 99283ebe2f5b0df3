//! The one case `#[elicitation]` cannot place by itself: written *below* an rmcp
//! `#[tool(name = ...)]` that renames a plain (not `async`) function. rmcp's attribute expands
//! first and takes its arguments with it, and leaves a plain function's tokens as they were, so
//! the declaration is registered for the function's name. (On an `async fn` rmcp's rewrite leaves
//! a trace, and the same mistake is a compile error: `tests/ui/elicitation/below_a_renamed_tool.rs`.)
//! Both places that meet the declaration say what happened and how to fix it: the description
//! builder (which knows the tools) and the contract check (which sees the request).

use mcpdesc_runtime::contract::{self, Reason};
use mcpdesc_runtime::description::{BuildProblem, Description, Info};
use mcpdesc_runtime::registry::{self, Primitive};
use mcpdesc_runtime::{ElicitationForm, ProtocolVersion, elicitation};
use rmcp::{tool, tool_router};
use serde_json::json;

#[derive(ElicitationForm)]
struct Confirm {
    #[form(default = true)]
    confirm: bool,
}

struct Server;

#[tool_router]
impl Server {
    #[tool(name = "close", description = "Close an issue.")]
    #[elicitation(name = "confirm", form = Confirm, message = "Close it?")]
    fn close_issue(&self) -> String {
        String::new()
    }
}

#[test]
fn the_declaration_is_registered_for_the_function() {
    assert!(registry::find(Primitive::Tool("close_issue"), "confirm").is_some());
    assert!(registry::find(Primitive::Tool("close"), "confirm").is_none());
    assert!(Server::tool_router().has_route("close"));
}

#[test]
fn the_builder_names_both_fixes() {
    let err = Description::builder(Info::new("srv", "1.0.0"))
        .protocol_versions([ProtocolVersion::V2025_11_25])
        .rmcp_tools(Server::tool_router().list_all())
        .elicitations(registry::declarations())
        .build()
        .unwrap_err();
    assert!(
        matches!(&err.problems()[0], BuildProblem::UnknownPrimitive { declaration, primitive, .. }
            if declaration == "confirm" && primitive == "tool `close_issue`"),
        "{err}"
    );
    let text = err.to_string();
    assert!(text.contains("move `#[elicitation]` above it"), "{text}");
    assert!(text.contains("`tool = \"...\"`"), "{text}");
}

#[test]
fn the_contract_check_names_the_function_it_is_registered_for() {
    let params = json!({
        "mode": "form",
        "message": "Close it?",
        "requestedSchema": Confirm::requested_schema(),
    });
    let err = contract::check_registered(
        Primitive::Tool("close"),
        ProtocolVersion::V2025_11_25,
        &params,
    )
    .unwrap_err();
    assert_eq!(
        err.reasons(),
        [
            Reason::UnknownPrimitive,
            Reason::RegisteredUnder {
                primitive: "tool `close_issue`".into(),
                identity: "close_issue".into(),
                asked: "close".into(),
                declaration: "confirm".into(),
                attribute: "tool",
            }
        ]
    );
    let text = err.to_string();
    assert!(
        text.contains("if `close_issue` is the function of the tool `close`"),
        "{text}"
    );
    assert!(text.contains("write `tool = \"close\"`"), "{text}");

    // A request the function's declaration does not match gets no such hint.
    let other = json!({"mode": "form", "message": "Close it?", "requestedSchema": {"type": "object", "properties": {}}});
    let err = contract::check_registered(
        Primitive::Tool("close"),
        ProtocolVersion::V2025_11_25,
        &other,
    )
    .unwrap_err();
    assert_eq!(err.reasons(), [Reason::UnknownPrimitive]);
}
