use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Estimate {
    #[form(minimum = 10, maximum = 1)]
    points: u32,
    #[form(minimum = -1.5, maximum = -2.5)]
    drift: f64,
}

fn main() {}
