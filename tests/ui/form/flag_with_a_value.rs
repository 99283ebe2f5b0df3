use mcpdesc_runtime::ElicitationForm;

// A key that takes no value, given one.
#[derive(ElicitationForm)]
#[form(runtime_defaults = true)]
struct Login {
    #[form(not_sensitive = true)]
    token_count: u32,
}

fn main() {}
