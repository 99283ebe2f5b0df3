use mcpdesc_runtime::ElicitationForm;

fn no_limit() -> Option<u32> {
    None
}

// `#[serde(default = "path")]` calls `path()` for an absent property: it must return the
// field's type, and the mismatch is reported at the path.
#[derive(ElicitationForm, serde::Deserialize)]
struct Search {
    query: String,
    #[serde(default = "no_limit")]
    limit: u32,
}

fn main() {}
