use mcpdesc_runtime::{elicitation, ElicitationForm};

#[derive(ElicitationForm)]
struct Confirm {
    #[form(default = true)]
    confirm: bool,
}

#[elicitation(form = Confirm)]
fn close_issue() {}

fn main() {}
