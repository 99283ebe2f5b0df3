use mcpdesc_runtime::ElicitationEnum;

#[derive(ElicitationEnum, serde::Deserialize)]
enum Priority {
    #[serde(skip)]
    Internal,
    #[form(skip)]
    Pending,
}

fn main() {}
