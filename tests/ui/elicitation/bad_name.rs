use mcpdesc_runtime::{elicitation, ElicitationForm};

#[derive(ElicitationForm)]
struct Confirm {
    #[form(default = true)]
    confirm: bool,
}

#[elicitation(name = "choose assignee", form = Confirm, message = "Sure?")]
fn assign_issue() {}

fn main() {}
