use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Offset {
    #[form(default = --1)]
    offset: i8,
}

fn main() {}
