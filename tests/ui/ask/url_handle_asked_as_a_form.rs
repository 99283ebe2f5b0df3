use mcpdesc_runtime::session::Asker;
use mcpdesc_runtime::{ElicitationForm, ask, elicitation};
use rmcp::ErrorData;
use rmcp::model::{CallToolResponse, CallToolResult};

#[derive(ElicitationForm)]
#[form(runtime_defaults)]
struct Title {
    title: String,
}

struct Server;

impl Server {
    #[elicitation(name = "authorize", url = "https://example.com/authorize", message = "Authorize.", protocol_versions = ["2025-11-25"])]
    async fn link(&self, asker: Asker) -> Result<CallToolResponse, ErrorData> {
        // A URL-mode declaration has no form to fill.
        let fill = TitleChoices { defaults: TitleDefaults::default() };
        let _ = ask!(asker, Self::LINK_AUTHORIZE, fill);
        Ok(CallToolResult::success(Vec::new()).into())
    }
}

fn main() {}
