use mcpdesc_runtime::ElicitationForm;

// Every field here names a credential; each is reported, together.
#[derive(ElicitationForm)]
#[allow(non_snake_case)]
struct SignIn {
    passwords: String,
    XApiKey: String,
    cardnumber: String,
    mfa_code: String,
    one_time_code: String,
    seed_phrase: String,
}

fn main() {}
