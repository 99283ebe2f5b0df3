use mcpdesc_runtime::{elicitation, ElicitationEnum, ElicitationForm};

#[derive(ElicitationForm)]
struct Confirm {
    #[form(default = true)]
    confirm: bool,
}

#[derive(ElicitationEnum)]
enum Label {
    Bug,
    Docs,
}

#[derive(ElicitationForm)]
struct Triage {
    title: String,
    labels: Vec<Label>,
}

#[elicitation(name = "triage", form = Triage, message = "Triage?", protocol_versions = ["2025-06-18", "2025-11-25"])]
fn triage_issue() {}

fn main() {}
