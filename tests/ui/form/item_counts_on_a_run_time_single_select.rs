use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Assign {
    #[form(runtime_choices, min_items = 1)]
    assignee: String,
}

fn main() {}
