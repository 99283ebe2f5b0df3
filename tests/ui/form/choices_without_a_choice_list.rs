// The fill type names every run-time choice list: leaving one out does not compile.
use mcpdesc_runtime::ElicitationForm;
use mcpdesc_runtime::choices::FormChoices;

#[derive(ElicitationForm)]
struct Assign {
    #[form(runtime_choices)]
    assignee: String,
    note: Option<String>,
}

fn main() {
    let _ = AssignChoices {
        defaults: AssignDefaults::default(),
    }
    .prepare(None);
}
