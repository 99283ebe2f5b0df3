// The plain server the build scripts set beside the README's: the same tool on rmcp and
// schemars alone, served over `rmcp::transport::stdio()` (scripts/user-build-cost.sh,
// scripts/server-build.sh).
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, Implementation};
use rmcp::model::{ServerCapabilities, ServerConfig};
use rmcp::{ErrorData, ServerHandler, ServiceExt, tool, tool_handler, tool_router};

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct IssueArgs {
    issue: u64,
}

#[derive(Clone)]
struct Tracker;

#[tool_router]
impl Tracker {
    #[tool(description = "Close an issue.")]
    async fn close_issue(
        &self,
        Parameters(args): Parameters<IssueArgs>,
    ) -> Result<CallToolResponse, ErrorData> {
        let said = format!("Closed #{}.", args.issue);
        Ok(CallToolResult::success(vec![ContentBlock::text(said)]).into())
    }
}

#[tool_handler]
impl ServerHandler for Tracker {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION")))
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let service = Tracker.serve(rmcp::transport::stdio()).await?;
    service.waiting().await?;
    Ok(())
}
