use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Contact {
    #[form(min_length = -1)]
    name: String,
}

fn main() {}
