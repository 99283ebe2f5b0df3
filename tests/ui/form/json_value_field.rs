use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Anything {
    payload: Option<serde_json::Value>,
}

fn main() {}
