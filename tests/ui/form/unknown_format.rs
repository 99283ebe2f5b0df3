use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Contact {
    #[form(format = "phone")]
    phone: String,
}

fn main() {}
