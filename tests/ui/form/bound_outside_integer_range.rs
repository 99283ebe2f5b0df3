use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Estimate {
    #[form(minimum = -1, maximum = 300)]
    points: u8,
}

fn main() {}
