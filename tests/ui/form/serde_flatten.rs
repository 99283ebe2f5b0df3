use mcpdesc_runtime::ElicitationForm;

#[derive(serde::Deserialize)]
struct Contact {
    email: String,
}

// A form is flat: a flattened struct's fields cannot be its properties.
#[derive(ElicitationForm, serde::Deserialize)]
struct Signup {
    name: String,
    #[serde(flatten)]
    contact: Contact,
}

fn main() {}
