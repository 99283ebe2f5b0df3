use mcpdesc_runtime::{elicitation, ElicitationForm};

#[derive(ElicitationForm)]
struct Confirm {
    #[form(default = true)]
    confirm: bool,
}

#[elicitation(name = "confirm", form = Confirm, message = "Read it?", resource = "notes/today.md")]
fn read_note() {}

fn main() {}
