use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Estimate {
    #[form(runtime_choices)]
    points: u32,
}

fn main() {}
