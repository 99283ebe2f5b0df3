use mcpdesc_runtime::resource_router;

use rmcp::model::{ReadResourceResult, ResourceContents};
use rmcp::ErrorData;

struct Notes;

#[resource_router]
impl Notes {
    #[resource_template(uri = "notes://{day}")]
    async fn note(&self, day: String) -> Result<ReadResourceResult, ErrorData> {
        Ok(ReadResourceResult::new(vec![ResourceContents::text(day, "notes://x")]))
    }
}

fn main() {}
