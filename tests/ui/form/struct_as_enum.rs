use mcpdesc_runtime::ElicitationEnum;

#[derive(ElicitationEnum)]
struct Priority {
    level: u8,
}

fn main() {}
