use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
#[form(choices_name = "Assign Choices")]
struct Assign {
    #[form(runtime_choices)]
    assignee: String,
}

fn main() {}
