use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Pair(String, u8);

fn main() {}
