// With `crate = "..."`, each error is where it is without it: at the field's type, at the key, at
// serde's `default` path (not over the source from the `crate` string to them).
use mcpdesc_runtime::ElicitationForm;

struct Address;

#[derive(ElicitationForm)]
#[form(crate = "::mcpdesc_runtime")]
struct Order {
    shipping: Address,
    #[form(min_length = 1)]
    quantity: u8,
    #[form(runtime_choices)]
    size: u8,
}

fn no_limit() -> Option<u32> {
    None
}

#[derive(ElicitationForm, serde::Deserialize)]
#[form(crate = "::mcpdesc_runtime")]
struct Search {
    query: String,
    #[serde(default = "no_limit")]
    limit: u32,
}

fn main() {}
