use mcpdesc_runtime::{elicitation, ElicitationForm};

#[derive(ElicitationForm)]
struct Confirm {
    #[form(default = true)]
    confirm: bool,
}

#[derive(ElicitationForm)]
struct Estimate {
    #[form(default = 3)]
    points: u8,
}

#[elicitation(name = "estimate", form = Estimate, message = "How big?", protocol_versions = ["2025-06-18"])]
fn estimate_issue() {}

fn main() {}
