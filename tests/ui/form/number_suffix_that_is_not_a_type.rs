use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Estimate {
    #[form(maximum = 10pts)]
    points: u16,
}

fn main() {}
