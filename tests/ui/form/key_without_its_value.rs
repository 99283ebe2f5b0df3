use mcpdesc_runtime::ElicitationForm;

// A key that takes a value, written alone: each is reported at the key, with the value it takes.
#[derive(ElicitationForm)]
#[form(rename_all)]
struct Contact {
    #[form(title, max_length)]
    name: String,
    #[form(minimum, default)]
    age: u8,
}

fn main() {}
