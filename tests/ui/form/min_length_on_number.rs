use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Estimate {
    #[form(min_length = 1)]
    points: u8,
}

fn main() {}
