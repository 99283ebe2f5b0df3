use mcpdesc_runtime::ElicitationEnum;

#[derive(ElicitationEnum)]
enum Size {
    Small,
    Custom(u32),
    Other { width: u32 },
}

fn main() {}
