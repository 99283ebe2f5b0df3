use mcpdesc_runtime::ElicitationForm;

// A skipped field is not in the form: a key that shapes its property does nothing.
#[derive(ElicitationForm, serde::Deserialize)]
struct Confirm {
    confirm: bool,
    #[serde(skip)]
    #[form(title = "Attempts")]
    attempts: u8,
}

fn main() {}
