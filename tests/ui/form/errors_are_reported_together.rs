use mcpdesc_runtime::ElicitationForm;

// Three unrelated mistakes: all three are reported by one build.
#[derive(ElicitationForm)]
struct Contact {
    #[form(titel = "Name")]
    name: String,
    #[form(format = "phone")]
    phone: String,
    password: String,
}

fn main() {}
