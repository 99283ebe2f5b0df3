use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Estimate {
    #[form(minimum = 1.0, maximum = 10.0)]
    points: u8,
}

fn main() {}
