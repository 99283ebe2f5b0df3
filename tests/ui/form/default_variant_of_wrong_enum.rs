use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

#[derive(ElicitationEnum)]
enum Priority {
    Low,
    High,
}

#[derive(ElicitationEnum)]
enum Label {
    Bug,
}

#[derive(ElicitationForm)]
struct Triage {
    #[form(default = Label::Bug)]
    priority: Priority,
}

fn main() {}
