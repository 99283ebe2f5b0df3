use mcpdesc_runtime::ElicitationEnum;

#[derive(ElicitationEnum)]
#[form(legacy_enum_names)]
enum Priority {
    Low,
    High,
}

fn main() {}
