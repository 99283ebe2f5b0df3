use mcpdesc_runtime::ElicitationForm;

struct Session(u64);

// A skipped field is read as its `Default`: a type without one is reported at the type.
#[derive(ElicitationForm)]
struct Confirm {
    confirm: bool,
    #[form(skip)]
    session: Session,
}

fn main() {}
