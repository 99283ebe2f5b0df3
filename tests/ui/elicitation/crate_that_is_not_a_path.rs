use mcpdesc_runtime::{ElicitationForm, elicitation};

#[derive(ElicitationForm)]
struct Confirm {
    confirm: bool,
}

#[elicitation(crate = "my framework", name = "confirm", form = Confirm, message = "Go ahead?")]
fn close_issue() {}

fn main() {}
