use mcpdesc_runtime::ElicitationEnum;

#[derive(ElicitationEnum)]
#[form(rename_all = "Title Case")]
enum Priority {
    Low,
    High,
}

fn main() {}
