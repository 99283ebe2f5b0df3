use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

#[derive(ElicitationEnum)]
#[form(crate = "my_framework::<T>::runtime")]
enum Size {
    Small,
    Large,
}

#[derive(ElicitationForm)]
#[form(crate = "my framework")]
struct Order {
    quantity: u8,
}

#[derive(ElicitationForm)]
#[form(crate = my_framework::runtime)]
struct Refund {
    amount: u32,
}

fn main() {}
