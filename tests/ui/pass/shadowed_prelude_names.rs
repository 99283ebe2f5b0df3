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

fn main() {
    let content = serde_json::json!({"assignee": "a", "priority": "Low", "labels": []});
    let parsed = Assign::from_content(content.as_object().unwrap());
    assert!(parsed.is_ok());
}
