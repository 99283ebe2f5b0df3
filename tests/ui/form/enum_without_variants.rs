use mcpdesc_runtime::ElicitationEnum;

#[derive(ElicitationEnum)]
enum Nothing {}

fn main() {}
