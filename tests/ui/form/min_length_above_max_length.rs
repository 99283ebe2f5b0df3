use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Contact {
    #[form(min_length = 10, max_length = 5)]
    name: String,
}

fn main() {}
