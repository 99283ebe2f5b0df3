use mcpdesc_runtime::{elicitation, ElicitationForm};

#[derive(ElicitationForm)]
struct Confirm {
    #[form(default = true)]
    confirm: bool,
}

#[elicitation(name = "confirm", form = Confirm, message = "Sure?", protocol_versions = ["2025-11-25", "2026-07-28", "2025-11-25"])]
fn close_issue() {}

fn main() {}
