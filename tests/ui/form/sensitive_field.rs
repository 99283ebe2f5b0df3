use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Connect {
    username: String,
    api_key: String,
}

fn main() {}
