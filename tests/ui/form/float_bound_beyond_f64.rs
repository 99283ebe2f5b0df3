use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Measure {
    #[form(minimum = -1e309, maximum = 1e400)]
    length: f64,
}

fn main() {}
