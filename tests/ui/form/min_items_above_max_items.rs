use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

#[derive(ElicitationEnum)]
enum Label {
    Bug,
    Feature,
}

#[derive(ElicitationForm)]
struct Triage {
    #[form(min_items = 2, max_items = 1)]
    labels: Vec<Label>,
}

fn main() {}
