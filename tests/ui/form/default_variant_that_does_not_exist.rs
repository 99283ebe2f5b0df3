use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

#[derive(ElicitationEnum)]
enum Priority {
    Low,
    High,
}

#[derive(ElicitationForm)]
struct Triage {
    #[form(default = Priority::Urgent)]
    priority: Priority,
}

fn main() {}
