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
    #[elicitation(name = "confirm", prompt = "release_notes", form = Confirm, message = "Write?")]
    #[prompt(name = "notes")]
    async fn release_notes(&self) -> GetPromptResult {
        GetPromptResult::new(vec![PromptMessage::new_text(Role::User, "notes")])
    }
}

fn main() {}
