use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Schedule {
    #[form(format = "date", default = "2025-02-30")]
    due: String,
}

fn main() {}
