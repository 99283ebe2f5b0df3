use mcpdesc_runtime::ElicitationForm;

// A key that takes no value, given one.
#[derive(ElicitationForm)]
#[form(fill = true)]
struct Login {
    #[form(not_sensitive = true)]
    token_count: u32,
}

fn main() {}
