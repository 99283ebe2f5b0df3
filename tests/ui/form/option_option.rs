use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Maybe {
    nickname: Option<Option<String>>,
}

fn main() {}
