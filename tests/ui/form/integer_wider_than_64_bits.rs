use mcpdesc_runtime::ElicitationForm;

// JSON numbers that clients send and this crate reads are at most 64-bit integers.
#[derive(ElicitationForm)]
struct Budget {
    cents: u128,
}

fn main() {}
