use mcpdesc_runtime::ElicitationForm;
use mcpdesc_runtime::choices::{ChoiceList, FormChoices};

#[derive(ElicitationForm)]
struct Assign {
    #[form(runtime_choices, titel = "Assignee")]
    assignee: String,
}

// The form's run-time part is still written beside the error, so filling the form adds none.
fn main() {
    let _ = AssignChoices {
        assignee: ChoiceList::untitled(["alice"]),
        defaults: AssignDefaults::default(),
    }
    .prepare(None);
}
