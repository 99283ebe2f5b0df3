use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Contact {
    name: String,
    #[form(rename = "name")]
    full_name: String,
}

fn main() {}
