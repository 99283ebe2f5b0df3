#![no_implicit_prelude]

#[derive(::mcpdesc_runtime::ElicitationForm)]
struct Confirm {
    confirm: bool,
}

struct Option;
struct Some;
struct None;

#[::mcpdesc_runtime::elicitation(name = "c", form = Confirm, message = "Sure?", when = "Always.", protocol_versions = ["2025-06-18"])]
#[::mcpdesc_runtime::elicitation(name = "u", url = "https://example.com", message = "Go.", protocol_versions = ["2025-11-25"])]
fn close_issue() {}

fn main() {
    close_issue();
}
