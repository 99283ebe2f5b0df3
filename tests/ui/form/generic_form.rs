use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Wrapper<T> {
    value: T,
}

fn main() {}
