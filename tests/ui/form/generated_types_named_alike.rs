use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
#[form(choices_name = "AssignParts", defaults_name = "AssignParts")]
struct Assign {
    #[form(runtime_choices)]
    assignee: String,
}

#[derive(ElicitationForm)]
#[form(defaults_name = "Edit")]
struct Edit {
    title: String,
}

fn main() {}
