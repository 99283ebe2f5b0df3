use mcpdesc_runtime::session::Asker;
use mcpdesc_runtime::{ElicitationForm, ask, elicitation};
use rmcp::model::GetPromptResult;
use rmcp::{ErrorData, prompt, prompt_router};

#[derive(ElicitationForm)]
struct Confirm {
    confirm: bool,
}

#[derive(Clone)]
struct Server;

#[prompt_router]
impl Server {
    // A prompt that asks returns `PromptReply`; the error suggests only that.
    #[elicitation(name = "confirm", form = Confirm, message = "Include closed issues?")]
    #[prompt(description = "Summarize.")]
    async fn summary(&self, asker: Asker) -> Result<GetPromptResult, ErrorData> {
        let _ = ask!(asker, Self::SUMMARY_CONFIRM);
        Ok(GetPromptResult::new(Vec::new()))
    }
}

fn main() {}
