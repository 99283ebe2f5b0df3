use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Budget {
    #[form(default = 1e300)]
    ratio: f32,
    #[form(minimum = -1e39, maximum = 1.0)]
    share: Option<f32>,
    // Within range: no error.
    #[form(default = 3.4e38)]
    large: f32,
    #[form(default = 1e300)]
    wide: f64,
}

fn main() {}
