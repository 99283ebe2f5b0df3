// A path that names no crate or module is reported once, at the path: also beside another error
// of the derive, where the dummy impls are written through it.
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

#[derive(ElicitationForm)]
#[form(crate = "framework::runtime")]
struct Refund {
    #[form(title = "")]
    amount: u32,
}

fn main() {}
