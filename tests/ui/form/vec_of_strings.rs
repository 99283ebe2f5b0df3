use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Tags {
    tags: Vec<String>,
}

fn main() {}
