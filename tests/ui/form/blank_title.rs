use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Contact {
    #[form(title = "   ")]
    name: String,
}

fn main() {}
