use mcpdesc_runtime::{ElicitationForm, elicitation};

#[derive(ElicitationForm)]
struct Confirm {
    confirm: bool,
}

// `a.b` and `a_b` are two names, but one handle: `CLOSE_ISSUE_A_B`.
#[elicitation(name = "a.b", form = Confirm, message = "Sure?")]
#[elicitation(name = "a_b", form = Confirm, message = "Really sure?")]
fn close_issue() {}

fn main() {}
