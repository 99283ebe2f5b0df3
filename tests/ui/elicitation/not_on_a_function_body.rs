use mcpdesc_runtime::{elicitation, ElicitationForm};

#[derive(ElicitationForm)]
struct Confirm {
    #[form(default = true)]
    confirm: bool,
}

trait Server {
    #[elicitation(name = "confirm", form = Confirm, message = "Sure?")]
    fn close_issue(&self);
}

fn main() {}
