use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

#[derive(ElicitationEnum)]
enum Label {
    Bug,
    Feature,
}

#[derive(ElicitationForm)]
struct Triage {
    #[form(default = [Label::Bug])]
    label: Label,
}

fn main() {}
