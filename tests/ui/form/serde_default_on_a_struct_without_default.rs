use mcpdesc_runtime::ElicitationForm;

// With `#[serde(default)]` on the struct, absent properties read as the fields of the struct's
// `Default`: a struct without one is reported at `default` (by serde too).
#[derive(ElicitationForm, serde::Deserialize)]
#[serde(default)]
struct Search {
    query: String,
    limit: u32,
}

fn main() {}
