use std::collections::HashMap;

use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Settings {
    values: HashMap<String, String>,
}

fn main() {}
