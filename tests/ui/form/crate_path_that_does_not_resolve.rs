// A path that names no crate or module is reported once, at the path.
use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

#[derive(ElicitationEnum)]
#[form(crate = "::mcpdesc")]
enum Size {
    Small,
    Large,
}

#[derive(ElicitationForm)]
#[form(crate = "framework::runtime")]
struct Order {
    #[form(min_length = 1)]
    note: String,
    #[form(minimum = 1, maximum = 10)]
    quantity: u8,
}

fn main() {}
