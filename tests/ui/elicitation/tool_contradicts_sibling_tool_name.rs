use mcpdesc_runtime::{ElicitationForm, elicitation};
use rmcp::{tool, tool_router};

#[derive(ElicitationForm)]
struct Confirm {
    confirm: bool,
}

struct Server;

#[tool_router]
impl Server {
    #[elicitation(name = "confirm", tool = "close_issue", form = Confirm, message = "Close it?")]
    #[tool(name = "close", description = "Close an issue.")]
    async fn close_issue(&self) -> String {
        String::new()
    }
}

fn main() {}
