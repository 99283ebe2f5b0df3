use mcpdesc_runtime::{elicitation, ElicitationForm};

#[derive(ElicitationForm)]
struct Confirm {
    #[form(default = true)]
    confirm: bool,
}

#[elicitation(name = "link", url = "example.com/link account", message = "Link it.", protocol_versions = ["2025-11-25"])]
fn link_repository() {}

fn main() {}
