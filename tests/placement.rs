//! `#[elicitation]` written below an rmcp attribute on a plain `fn`: rmcp expands first and leaves
//! no trace of itself on the function, and `#[elicitation]` reads no source file, so the
//! declaration compiles, on the tool named after the function. The description builder names
//! the mistake and the fix. (On an `async fn`, rmcp's expansion leaves a trace, and the mistake
//! is a compile error: `tests/ui/elicitation/below_a_prompt.rs`, `below_a_renamed_tool.rs`,
//! `tool_contradicts_renamed_tool_above.rs`.)
//! Its own test binary: the declarations here are the whole registry.

use mcpdesc_runtime::description::{BuildProblem, Description, Info, Prompt, Tool};
use mcpdesc_runtime::{ElicitationForm, ProtocolVersion, elicitation};
use rmcp::model::{GetPromptResult, PromptMessage, Role};
use rmcp::{prompt, prompt_router, tool, tool_router};

#[derive(ElicitationForm)]
struct Confirm {
    confirm: bool,
}

#[derive(Clone)]
struct Server;

#[prompt_router]
impl Server {
    #[prompt(description = "A summary.")]
    #[elicitation(name = "confirm", form = Confirm, message = "Summarize?")]
    fn summary(&self) -> GetPromptResult {
        GetPromptResult::new(vec![PromptMessage::new_text(Role::User, "summary")])
    }
}

#[tool_router]
impl Server {
    #[tool(name = "close", description = "Close an issue.")]
    #[elicitation(name = "confirm", form = Confirm, message = "Close it?")]
    fn close_issue(&self) -> String {
        String::new()
    }

    // A tool it names that contradicts the one rmcp serves.
    #[tool(name = "reopen", description = "Reopen an issue.")]
    #[elicitation(name = "confirm", tool = "shut", form = Confirm, message = "Reopen it?")]
    fn reopen_issue(&self) -> String {
        String::new()
    }
}

#[test]
fn a_declaration_below_an_rmcp_attribute_on_a_plain_fn_is_named_by_the_builder() {
    let _ = (Server::prompt_router(), Server::tool_router());
    let err = Description::builder(Info::new("placement", "1.0.0"))
        .protocol_versions([ProtocolVersion::V2025_11_25])
        .prompt(Prompt::new("summary"))
        .tool(Tool::new("close"))
        .tool(Tool::new("reopen"))
        .registered_elicitations()
        .build()
        .unwrap_err();
    let mut unknown: Vec<(&str, &str)> = err
        .problems()
        .iter()
        .filter_map(|p| match p {
            BuildProblem::UnknownPrimitive {
                declaration,
                primitive,
                ..
            } => Some((declaration.as_str(), primitive.as_str())),
            _ => None,
        })
        .collect();
    unknown.sort();
    assert_eq!(
        unknown,
        [
            ("confirm", "tool `close_issue`"),
            ("confirm", "tool `shut`"),
            ("confirm", "tool `summary`")
        ]
    );
    let said = err.to_string();
    assert!(
        said.contains("If an rmcp `#[prompt]`, or a `#[tool(name = ...)]` that renames the function, is written above `#[elicitation]`, move `#[elicitation]` above it"),
        "{said}"
    );
}
