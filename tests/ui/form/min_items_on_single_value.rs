use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

#[derive(ElicitationEnum)]
enum Priority {
    Low,
    High,
}

#[derive(ElicitationForm)]
struct Triage {
    #[form(min_items = 1)]
    priority: Priority,
}

fn main() {}
