use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

#[derive(ElicitationEnum)]
#[form(legacy_enum_names)]
enum Label {
    #[form(title = "Bug")]
    Bug,
    #[form(title = "Feature")]
    Feature,
}

#[derive(ElicitationForm)]
struct Triage {
    labels: Vec<Label>,
}

fn main() {}
