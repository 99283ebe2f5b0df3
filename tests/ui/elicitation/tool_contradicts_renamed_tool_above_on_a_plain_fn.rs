use mcpdesc_runtime::{ElicitationForm, elicitation};
use rmcp::{tool, tool_router};

#[derive(ElicitationForm)]
struct Confirm {
    confirm: bool,
}

struct Server;

#[tool_router]
impl Server {
    #[tool(name = "close", description = "Close an issue.")]
    #[elicitation(name = "confirm", tool = "shut", form = Confirm, message = "Close it?")]
    fn close_issue(&self) -> String {
        String::new()
    }
}

fn main() {}
