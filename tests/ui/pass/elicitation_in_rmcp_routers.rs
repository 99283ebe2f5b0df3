//! `#[elicitation]` beside rmcp's `#[tool]` and `#[prompt]`, in either order. The declaration
//! belongs to the primitive rmcp serves: `#[tool(name = ...)]` / `#[prompt(name = ...)]` when
//! given (visible to `#[elicitation]` written above it), else the function's name.

use mcpdesc_runtime::registry::{self, Primitive};
use mcpdesc_runtime::{ElicitationForm, elicitation};
use rmcp::handler::server::router::prompt::PromptRouter;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{GetPromptResult, PromptMessage, Role};
use rmcp::{prompt, prompt_router, tool, tool_router};

#[derive(ElicitationForm)]
struct Confirm {
    #[form(default = true)]
    confirm: bool,
}

struct Server;

#[tool_router]
impl Server {
    // `#[elicitation]` above a renaming `#[tool]`: the tool is `close`.
    #[elicitation(name = "confirm", form = Confirm, message = "Close it?")]
    #[tool(name = "close", description = "Close an issue.")]
    async fn close_issue(&self) -> String {
        String::new()
    }

    // An explicit `tool` that agrees with the sibling is fine.
    #[elicitation(name = "confirm", tool = "open", form = Confirm, message = "Open it?")]
    #[tool(name = "open", description = "Open an issue.")]
    fn open_issue(&self) -> String {
        String::new()
    }

    // `#[tool]` above `#[elicitation]`, without a rename: the function's name is the tool's.
    #[tool(description = "Reopen an issue.")]
    #[elicitation(name = "confirm", form = Confirm, message = "Reopen it?")]
    async fn reopen_issue(&self) -> String {
        String::new()
    }

    // A raw identifier: rmcp serves the tool as `r#type`, as the identifier prints.
    #[elicitation(name = "confirm", form = Confirm, message = "Change the type?")]
    #[tool(description = "Change an issue's type.")]
    async fn r#type(&self) -> String {
        String::new()
    }

    // `#[tool]` above a renaming one: `tool = "..."` names it.
    #[tool(name = "lock", description = "Lock an issue.")]
    #[elicitation(name = "confirm", tool = "lock", form = Confirm, message = "Lock it?")]
    async fn lock_issue(&self) -> String {
        String::new()
    }

    // The same on a plain `fn`.
    #[tool(name = "unpin", description = "Unpin an issue.")]
    #[elicitation(name = "confirm", tool = "unpin", form = Confirm, message = "Unpin it?")]
    fn unpin_issue(&self) -> String {
        String::new()
    }

    /// A `#[tool(name = "mute")]` written in a comment or a string is neither `#[tool]`.
    #[tool(description = "Mute an issue: \"#[tool(name = \\\"mute\\\")]\".")]
    #[elicitation(name = "confirm", form = Confirm, message = "Mute it?")]
    fn mute_issue(&self) -> String {
        String::new()
    }
}

#[prompt_router]
impl Server {
    #[elicitation(name = "confirm", form = Confirm, message = "Write the notes?")]
    #[prompt(name = "notes", description = "Release notes.")]
    async fn release_notes(&self) -> GetPromptResult {
        GetPromptResult::new(vec![PromptMessage::new_text(Role::User, "notes")])
    }

    // `#[prompt]` above `#[elicitation]`: the attribute cannot see it, so `prompt = "..."`
    // says which primitive the declaration belongs to.
    #[prompt(description = "A summary.")]
    #[elicitation(name = "confirm", prompt = "summary", form = Confirm, message = "Summarize?")]
    async fn summary(&self) -> GetPromptResult {
        GetPromptResult::new(vec![PromptMessage::new_text(Role::User, "summary")])
    }

    // The same on a plain `fn`.
    #[prompt(description = "A digest.")]
    #[elicitation(name = "confirm", prompt = "digest", form = Confirm, message = "Digest?")]
    fn digest(&self) -> GetPromptResult {
        GetPromptResult::new(vec![PromptMessage::new_text(Role::User, "digest")])
    }
}

fn main() {
    let tools: ToolRouter<Server> = Server::tool_router();
    let prompts: PromptRouter<Server> = Server::prompt_router();
    for tool in [
        "close",
        "open",
        "reopen_issue",
        "lock",
        "r#type",
        "unpin",
        "mute_issue",
    ] {
        assert!(tools.has_route(tool), "{tool}");
        assert!(registry::find(Primitive::Tool(tool), "confirm").is_some(), "{tool}");
    }
    for prompt in ["notes", "summary", "digest"] {
        assert!(prompts.has_route(prompt), "{prompt}");
        assert!(registry::find(Primitive::Prompt(prompt), "confirm").is_some(), "{prompt}");
    }
    assert!(registry::find(Primitive::Tool("close_issue"), "confirm").is_none());
    assert!(registry::find(Primitive::Tool("type"), "confirm").is_none());
    assert!(registry::find(Primitive::Tool("release_notes"), "confirm").is_none());
}
