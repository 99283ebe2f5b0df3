//! Names that only look like credentials compile without `#[form(not_sensitive)]`.
use mcpdesc_runtime::{ElicitationForm, RequestedSchema};

#[derive(ElicitationForm)]
struct Listing {
    page_token: Option<String>,
    next_page_token: Option<String>,
    pin_to_top: bool,
    tokens_used: u32,
    max_tokens: u32,
}

fn main() {
    let schema: &RequestedSchema = Listing::requested_schema();
    assert_eq!(schema.properties().len(), 5);
}
