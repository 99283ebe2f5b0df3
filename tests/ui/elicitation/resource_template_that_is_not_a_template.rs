use mcpdesc_runtime::{elicitation, ElicitationForm};

#[derive(ElicitationForm)]
struct Confirm {
    #[form(default = true)]
    confirm: bool,
}

// An unclosed expression.
#[elicitation(name = "confirm", form = Confirm, message = "Read it?", resource_template = "file:///notes/{name.md")]
fn read_note() {}

// A space, which no URI holds.
#[elicitation(name = "confirm", form = Confirm, message = "Read it?", resource_template = "file:///my notes/{name}")]
fn read_other_note() {}

fn main() {}
