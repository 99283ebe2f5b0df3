use mcpdesc_runtime::session::Asker;
use mcpdesc_runtime::{ElicitationForm, ask, elicitation};
use rmcp::ErrorData;
use rmcp::model::{CallToolResponse, CallToolResult};

#[derive(ElicitationForm)]
struct Assign {
    #[form(runtime_choices)]
    assignee: String,
}

struct Server;

impl Server {
    #[elicitation(name = "choose", form = Assign, message = "Who should own it?")]
    async fn assign(&self, asker: Asker) -> Result<CallToolResponse, ErrorData> {
        // The teammates are the choices: asking without them does not compile.
        let _ = ask!(asker, Self::ASSIGN_CHOOSE);
        Ok(CallToolResult::success(Vec::new()).into())
    }
}

fn main() {}
