use mcpdesc_runtime::ElicitationEnum;

#[derive(ElicitationEnum)]
enum Priority {
    Low,
    #[form(rename = "Low")]
    Lowest,
}

fn main() {}
