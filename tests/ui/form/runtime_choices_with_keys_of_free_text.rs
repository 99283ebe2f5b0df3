use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Assign {
    #[form(runtime_choices, max_length = 39, format = "email", default = "alice")]
    assignee: String,
}

fn main() {}
