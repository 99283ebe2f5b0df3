use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

#[derive(ElicitationEnum, serde::Deserialize)]
enum Size {
    Small,
    Large,
}

// An absent property with `#[serde(default)]` reads as its type's `Default`: a type without one
// is reported at the type (by serde too).
#[derive(ElicitationForm, serde::Deserialize)]
struct Order {
    item: String,
    #[serde(default)]
    size: Size,
}

fn main() {}
