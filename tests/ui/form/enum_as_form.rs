use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
enum Choice {
    Yes,
    No,
}

fn main() {}
