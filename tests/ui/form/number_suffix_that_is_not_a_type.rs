// A number's suffix names its type (`10u16`); any other is refused, for bounds and counts alike.
use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Estimate {
    #[form(maximum = 10pts)]
    points: u16,
    #[form(max_length = 80chars)]
    note: String,
}

fn main() {}
