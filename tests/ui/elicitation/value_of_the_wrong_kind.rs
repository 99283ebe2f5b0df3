use mcpdesc_runtime::{elicitation, ElicitationForm};

#[derive(ElicitationForm)]
struct Confirm {
    confirm: bool,
}

// Values of another kind than their keys take, or missing: all are reported, each where it is,
// and nothing follows from them (the form and mode are unknown, not missing).
#[elicitation(name = 5, message, form = "Confirm", mode = url, protocol_versions = "2025-06-18")]
fn close_issue() {}

fn main() {}
