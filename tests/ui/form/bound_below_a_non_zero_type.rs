use std::num::NonZeroU32;

use mcpdesc_runtime::ElicitationForm;

// A `NonZero` type's range starts at 1: a bound or a default below it is outside the range.
#[derive(ElicitationForm)]
struct Order {
    #[form(minimum = 0, default = 0)]
    quantity: NonZeroU32,
}

fn main() {}
