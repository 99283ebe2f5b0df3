// User types that shadow the prelude's names must not change what generated code means.
#![allow(dead_code)]

use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

struct Result;
struct Option;
struct Ok;
struct Some;
struct None;
struct String;
struct Vec;
struct Box;
struct Err;
struct Map;
struct Value;
trait Default {}
trait From {}
trait Into {}
trait Clone {}
trait Sized {}

#[derive(ElicitationForm)]
struct Assign {
    #[form(min_length = 1, default = "octocat")]
    assignee: std::string::String,
    cc: std::option::Option<std::string::String>,
    #[form(default = Priority::High)]
    priority: Priority,
    labels: std::vec::Vec<Label>,
    // Not asked: read as its `Default` (the standard one, not the `Default` above).
    #[form(skip)]
    seen: u32,
}

#[derive(ElicitationEnum)]
enum Priority {
    Low,
    High,
}

#[derive(ElicitationEnum)]
enum Label {
    Bug,
}

// A form with run-time parts: its generated `...Choices` / `...Defaults` types and impls too.
#[derive(ElicitationForm)]
struct Pick {
    #[form(runtime_choices)]
    assignee: std::string::String,
    #[form(runtime_choices)]
    watchers: std::option::Option<std::vec::Vec<std::string::String>>,
    note: std::option::Option<std::string::String>,
}

fn main() {
    let content = serde_json::json!({"assignee": "a", "priority": "Low", "labels": []});
    let parsed = Assign::from_content(content.as_object().unwrap());
    assert!(parsed.is_ok());

    use mcpdesc_runtime::choices::{ChoiceList, FormChoices};
    let filled = PickChoices {
        assignee: ChoiceList::untitled(["ann"]),
        watchers: ChoiceList::untitled(["ben"]),
        defaults: PickDefaults {
            assignee: std::option::Option::Some("ann".into()),
            ..<PickDefaults as std::default::Default>::default()
        },
    }
    .prepare(std::option::Option::None)
    .unwrap();
    let answer = serde_json::json!({"assignee": "ann", "watchers": ["ben"]});
    assert!(filled.read(answer.as_object().unwrap()).is_ok());
}
