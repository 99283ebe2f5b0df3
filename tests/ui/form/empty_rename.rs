use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

#[derive(ElicitationEnum)]
enum Size {
    #[form(rename = "")]
    Small,
    Large,
}

#[derive(ElicitationForm)]
struct Order {
    #[form(rename = "")]
    size: Size,
}

fn main() {}
