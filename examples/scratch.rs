use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

#[derive(ElicitationForm, Debug)]
struct Assign {
    /// Teammate login.
    #[form(title = "Assignee", min_length = 1, max_length = 39)]
    assignee: String,
    #[form(format = "email")]
    cc: Option<String>,
    #[form(minimum = 1, maximum = 10, default = 3)]
    estimate: u8,
    #[form(default = true)]
    notify: bool,
    priority: Priority,
    #[form(min_items = 1, default = [Label::Bug])]
    labels: Vec<Label>,
}

#[derive(ElicitationEnum, Debug)]
enum Priority {
    #[form(title = "Low")]
    Low,
    #[form(title = "High")]
    High,
}

#[derive(ElicitationEnum, Debug)]
#[form(rename_all = "lowercase")]
enum Label {
    Bug,
    Feature,
}

fn main() {
    println!("{}", serde_json::to_string_pretty(Assign::requested_schema()).unwrap());
    println!("{:?}", Assign::PROTOCOL_VERSIONS);
    let c = serde_json::json!({"assignee": "", "cc": "x", "estimate": 3.5, "priority": "Mid", "labels": ["bug", 3]});
    match Assign::from_content(c.as_object().unwrap()) { Ok(a) => println!("{a:?}"), Err(e) => println!("{e}") }
}
