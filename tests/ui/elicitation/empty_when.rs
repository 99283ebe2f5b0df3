use mcpdesc_runtime::{elicitation, ElicitationForm};

#[derive(ElicitationForm)]
struct Confirm {
    #[form(default = true)]
    confirm: bool,
}

#[elicitation(name = "confirm", form = Confirm, message = "Sure?", when = "")]
fn close_issue() {}

fn main() {}
