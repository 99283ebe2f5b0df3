use mcpdesc_runtime::ElicitationForm;

// Four mistakes inside one `#[form(...)]`: all four are reported.
#[derive(ElicitationForm)]
struct Contact {
    #[form(titel = "Name", format = "phone", min_length = -1, title = "")]
    name: String,
}

fn main() {}
