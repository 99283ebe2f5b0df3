use mcpdesc_runtime::{elicitation, ElicitationForm};

#[derive(ElicitationForm)]
struct Confirm {
    confirm: bool,
}

// Five mistakes in one attribute: all five are reported.
#[elicitation(name = "a b", on_accept = "Close it.", form = Confirm, message = "", when = "", mode = "email")]
fn close_issue() {}

fn main() {}
