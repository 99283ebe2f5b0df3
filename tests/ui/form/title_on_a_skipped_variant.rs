use mcpdesc_runtime::ElicitationEnum;

#[derive(ElicitationEnum)]
enum Priority {
    #[form(title = "Low")]
    Low,
    #[form(skip, title = "Internal")]
    Internal,
}

fn main() {}
