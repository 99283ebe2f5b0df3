use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Estimate {
    #[form(maximum = 2.5)]
    points: i32,
}

fn main() {}
