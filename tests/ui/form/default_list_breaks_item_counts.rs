use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

#[derive(ElicitationEnum)]
enum Label {
    Bug,
    Feature,
    Docs,
}

#[derive(ElicitationForm)]
struct Triage {
    #[form(max_items = 1, default = [Label::Bug, Label::Docs])]
    labels: Vec<Label>,
}

fn main() {}
