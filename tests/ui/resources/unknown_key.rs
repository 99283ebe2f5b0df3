use mcpdesc_runtime::resource_router;
use mcpdesc_runtime::resources::TemplateUri;
use rmcp::model::{ReadResourceResult, ResourceContents};
use rmcp::ErrorData;

struct Notes;

#[resource_router]
impl Notes {
    #[resource_template(uri = "notes://{day}", mime = "text/plain")]
    async fn note(&self, uri: TemplateUri) -> Result<ReadResourceResult, ErrorData> {
        Ok(ReadResourceResult::new(vec![ResourceContents::text("", uri.uri)]))
    }
}

fn main() {}
