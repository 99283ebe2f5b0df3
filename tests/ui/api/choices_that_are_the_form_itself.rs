// A form with run-time choices is asked with its generated `...Choices` type, not with itself.
use mcpdesc_runtime::session::Asker;
use mcpdesc_runtime::{ElicitationForm, ask, elicitation};
use rmcp::ErrorData;
use rmcp::model::{CallToolResponse, CallToolResult};

#[derive(ElicitationForm)]
struct Assign {
    /// One of the teammates offered.
    #[form(runtime_choices)]
    assignee: String,
}

struct Server;

impl Server {
    #[elicitation(name = "choose", form = Assign, message = "Who should own it?")]
    async fn assign(&self, asker: Asker) -> Result<CallToolResponse, ErrorData> {
        let form = Assign {
            assignee: String::new(),
        };
        let _ = ask!(asker, Self::ASSIGN_CHOOSE, form);
        Ok(CallToolResult::success(Vec::new()).into())
    }
}

fn main() {}
