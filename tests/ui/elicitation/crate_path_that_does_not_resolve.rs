// A path that names no crate or module is reported once, at the path.
use mcpdesc_runtime::{ElicitationForm, elicitation};

#[derive(ElicitationForm)]
struct Confirm {
    confirm: bool,
}

#[elicitation(
    crate = "framework::runtime",
    name = "confirm",
    form = Confirm,
    message = "Go ahead?",
    protocol_versions = ["2025-11-25"],
)]
fn close_issue() {}

fn main() {}
