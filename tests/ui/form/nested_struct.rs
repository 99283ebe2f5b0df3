use mcpdesc_runtime::ElicitationForm;

struct Address {
    street: String,
}

#[derive(ElicitationForm)]
struct Shipping {
    name: String,
    home: Address,
}

fn main() {}
