// A count (characters or items) is never negative, so its number takes no signed type.
use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

#[derive(ElicitationEnum)]
enum Label {
    Bug,
    Docs,
}

#[derive(ElicitationForm)]
struct Triage {
    #[form(min_length = 1i8, max_length = 80u16)]
    note: String,
    #[form(max_items = 2isize)]
    labels: Vec<Label>,
}

fn main() {}
