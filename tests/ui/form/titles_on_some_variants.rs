use mcpdesc_runtime::ElicitationEnum;

#[derive(ElicitationEnum)]
enum Priority {
    #[form(title = "Low")]
    Low,
    Medium,
    #[form(title = "High")]
    High,
}

fn main() {}
