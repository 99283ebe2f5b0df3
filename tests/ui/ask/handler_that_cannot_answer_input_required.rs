use mcpdesc_runtime::session::Asker;
use mcpdesc_runtime::{ElicitationForm, ask, elicitation};
use rmcp::ErrorData;
use rmcp::model::CallToolResult;

#[derive(ElicitationForm)]
struct Confirm {
    confirm: bool,
}

struct Server;

impl Server {
    #[elicitation(name = "confirm", form = Confirm, message = "Close it?")]
    async fn close(&self, asker: Asker) -> Result<CallToolResult, ErrorData> {
        // On 2026-07-28, `ask!` may answer the call with an input-required result, which a
        // `CallToolResult` cannot be.
        let _ = ask!(asker, Self::CLOSE_CONFIRM);
        Ok(CallToolResult::success(Vec::new()))
    }
}

fn main() {}
