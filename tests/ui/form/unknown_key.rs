use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Contact {
    #[form(minlength = 3)]
    name: String,
}

fn main() {}
