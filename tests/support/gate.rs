//! A server of one tool that asks one question, for the tests that need a server of their own
//! (the session's events, the Redis store): `gate` asks `go_ahead` and says what the user said.

use mcpdesc_runtime::session::{Asked, Asker};
use mcpdesc_runtime::{ElicitationForm, ask, elicitation};
use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, ServerCapabilities, ServerConfig,
};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};

/// Go ahead?
#[derive(ElicitationForm, Debug)]
pub struct GoAhead {
    /// Go ahead.
    pub go: bool,
}

/// The server: its tool `gate` answers "went ahead" or "stayed".
#[derive(Clone)]
pub struct Gate;

#[tool_router(vis = "pub")]
impl Gate {
    #[elicitation(name = "go_ahead", form = GoAhead, message = "Go ahead?")]
    #[tool(description = "Ask, then say what the user said.")]
    async fn gate(&self, asker: Asker) -> Result<CallToolResponse, ErrorData> {
        let said = match ask!(asker, Self::GATE_GO_AHEAD)? {
            Asked::Accepted(a) if a.go => "went ahead",
            _ => "stayed",
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(said)]).into())
    }
}

#[tool_handler]
impl ServerHandler for Gate {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}
