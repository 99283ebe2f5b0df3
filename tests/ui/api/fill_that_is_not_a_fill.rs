// A form with run-time choices is sent through its generated `...Fill` type, not as itself.
use mcpdesc_runtime::ElicitationForm;
use mcpdesc_runtime::session;
use rmcp::service::{Peer, RoleServer};

#[derive(ElicitationForm)]
struct Assign {
    /// One of the teammates offered.
    #[form(runtime_choices)]
    assignee: String,
}

async fn ask(peer: &Peer<RoleServer>) {
    let form = Assign {
        assignee: String::new(),
    };
    let _ = session::elicit_filled(peer, "Who should own it?", form).await;
}

fn main() {
    let _ = ask;
}
