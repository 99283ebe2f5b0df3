use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Estimate {
    #[form(minimum = 1, maximum = 10, default = 11)]
    points: u8,
    #[form(max_length = 3, default = "four")]
    code: String,
    #[form(minimum = -10, maximum = 10, default = -11)]
    offset: i32,
}

fn main() {}
