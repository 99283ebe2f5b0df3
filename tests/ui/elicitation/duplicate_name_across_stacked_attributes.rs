use mcpdesc_runtime::{elicitation, ElicitationForm};

#[derive(ElicitationForm)]
struct Confirm {
    #[form(default = true)]
    confirm: bool,
}

#[elicitation(name = "confirm", form = Confirm, message = "Sure?")]
#[elicitation(name = "confirm", url = "https://example.com/ok", message = "Sure, on the web?", protocol_versions = ["2025-11-25"])]
fn close_issue() {}

fn main() {}
