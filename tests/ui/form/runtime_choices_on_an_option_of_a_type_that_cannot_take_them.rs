use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Weigh {
    #[form(runtime_choices)]
    ratio: Option<f64>,
}

fn main() {}
