use mcpdesc_runtime::ElicitationForm;
use mcpdesc_runtime::choices::{ChoiceList, FormChoices};

#[derive(ElicitationForm)]
struct Assign {
    #[form(runtime_choices)]
    assignee: String,
    #[form(minimum = 1, maximum = 13)]
    estimate: Option<u8>,
}

fn main() {
    let _ = AssignChoices {
        assignee: ChoiceList::untitled(["alice", "bob"]),
        defaults: AssignDefaults {
            estimate: Some("three"),
            assignee: Some(7),
        },
    }
    .prepare(None);
}
