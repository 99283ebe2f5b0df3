use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Login {
    #[form(minimum = 3)]
    handle: String,
}

fn main() {}
