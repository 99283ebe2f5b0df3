use mcpdesc_runtime::{elicitation, ElicitationForm};

#[derive(ElicitationForm)]
struct Confirm {
    #[form(default = true)]
    confirm: bool,
}

// A URI with variables names a resource template, not a resource.
#[elicitation(name = "confirm", form = Confirm, message = "Read it?", resource = "file:///notes/{name}.md")]
fn read_note() {}

fn main() {}
