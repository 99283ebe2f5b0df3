use mcpdesc_runtime::{elicitation, ElicitationForm};

#[derive(ElicitationForm)]
struct Confirm {
    #[form(default = true)]
    confirm: bool,
}

#[elicitation(name = "confirm", mode = "form", form = Confirm, url = "https://example.com/c", message = "Sure?")]
fn close_issue() {}

fn main() {}
