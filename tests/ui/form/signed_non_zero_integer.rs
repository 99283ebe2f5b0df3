use std::num::NonZeroI32;

use mcpdesc_runtime::ElicitationForm;

// A signed `NonZero` type's range has a hole at 0, which a schema's bounds cannot express.
#[derive(ElicitationForm)]
struct Adjust {
    delta: NonZeroI32,
}

fn main() {}
