use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Contact {
    #[form(title = "Name", title = "Full name")]
    name: String,
}

fn main() {}
