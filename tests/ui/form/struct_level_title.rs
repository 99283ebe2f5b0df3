use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
#[form(title = "Assign the issue")]
struct Assign {
    assignee: String,
}

fn main() {}
