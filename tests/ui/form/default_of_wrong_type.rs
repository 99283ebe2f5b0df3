use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Estimate {
    #[form(default = "three")]
    points: u8,
    #[form(default = 1)]
    notify: bool,
}

fn main() {}
