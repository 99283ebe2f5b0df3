use mcpdesc_runtime::{ElicitationForm, elicitation};
use rmcp::model::{GetPromptResult, PromptMessage, Role};
use rmcp::{prompt, prompt_router};

#[derive(ElicitationForm)]
struct Confirm {
    confirm: bool,
}

struct Server;

#[prompt_router]
impl Server {
    #[prompt(description = "A summary.")]
    #[elicitation(name = "confirm", form = Confirm, message = "Summarize?")]
    fn summary(&self) -> GetPromptResult {
        GetPromptResult::new(vec![PromptMessage::new_text(Role::User, "summary")])
    }
}

fn main() {}
