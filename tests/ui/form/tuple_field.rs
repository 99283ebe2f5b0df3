use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Window {
    size: (u32, u32),
}

fn main() {}
