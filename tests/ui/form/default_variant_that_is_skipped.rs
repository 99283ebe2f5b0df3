use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

#[derive(ElicitationEnum, serde::Deserialize)]
enum Priority {
    Low,
    High,
    // serde's catch-all for values it does not know: not offered as a choice.
    #[serde(other)]
    Unknown,
}

#[derive(ElicitationForm)]
struct Triage {
    #[form(default = Priority::Unknown)]
    priority: Priority,
}

fn main() {}
