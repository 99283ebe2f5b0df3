use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Contact {
    #[form(titel = "Phone")]
    phone: String,
}

// The form's impl still exists (as a dummy), so its uses do not add errors.
fn schema() -> &'static mcpdesc_runtime::RequestedSchema {
    Contact::requested_schema()
}

fn main() {
    let _ = schema();
}
