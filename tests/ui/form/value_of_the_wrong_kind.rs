use mcpdesc_runtime::ElicitationForm;

// A value of another kind than the key takes: each is reported at the value.
#[derive(ElicitationForm)]
struct Contact {
    #[form(title = 5, format = email, min_length = 1.5)]
    email: String,
    #[form(minimum = "1", max_length = -2.5)]
    age: u8,
}

fn main() {}
