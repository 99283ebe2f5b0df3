use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Estimate {
    #[form(minimum = 10, maximum = 1)]
    points: u32,
}

fn main() {}
