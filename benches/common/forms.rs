//! The forms and answers the benchmarks share (`benches/forms.rs`, `benches/instructions.rs`).

#![allow(dead_code)]

use std::collections::BTreeSet;

use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};
use serde::Deserialize;
use serde_json::{Map, Value, json};

// ---- The 8-field form, ours and its schemars + serde equivalent. ----

#[derive(ElicitationEnum, Deserialize, schemars::JsonSchema, Clone, Copy, PartialEq, Eq)]
#[form(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
#[schemars(inline)]
pub enum Size {
    Small,
    Large,
}

#[derive(ElicitationEnum, Deserialize, schemars::JsonSchema, Clone, Copy, PartialEq, Eq)]
#[schemars(inline)]
pub enum Priority {
    #[form(title = "Low")]
    #[schemars(title = "Low")]
    Low,
    #[form(title = "High")]
    #[schemars(title = "High")]
    High,
}

/// The titled single-select for the rmcp path, untitled: rmcp 3.11's `from_type` refuses the
/// `oneOf` that schemars writes for a titled enum (it has no `"type": "string"` beside it), so the
/// rmcp side of the comparison asks with plain `enum` values (which only makes its work lighter).
#[derive(Deserialize, schemars::JsonSchema, Clone, Copy, PartialEq, Eq)]
#[schemars(inline)]
pub enum PriorityPlain {
    Low,
    High,
}

#[derive(
    ElicitationEnum, Deserialize, schemars::JsonSchema, Clone, Copy, PartialEq, Eq, PartialOrd, Ord,
)]
#[form(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
#[schemars(inline)]
pub enum Label {
    Bug,
    Feature,
    Docs,
}

#[derive(ElicitationForm, Deserialize)]
#[allow(dead_code)]
pub struct Triage {
    /// Who reported it.
    #[form(title = "Reporter", min_length = 3, max_length = 254, format = "email")]
    reporter: String,
    #[form(minimum = 1, maximum = 10)]
    estimate: u8,
    #[form(minimum = -100, maximum = 100)]
    score: i32,
    #[form(minimum = 0.0, maximum = 1.0)]
    weight: f64,
    notify: bool,
    size: Size,
    priority: Priority,
    #[form(min_items = 1, max_items = 3)]
    labels: BTreeSet<Label>,
}

/// The same form as an rmcp user writes it today.
#[derive(schemars::JsonSchema, Deserialize)]
#[allow(dead_code)]
pub struct TriageSchemars {
    /// Who reported it.
    #[schemars(title = "Reporter", length(min = 3, max = 254), email)]
    reporter: String,
    #[schemars(range(min = 1, max = 10))]
    estimate: u8,
    #[schemars(range(min = -100, max = 100))]
    score: i32,
    #[schemars(range(min = 0.0, max = 1.0))]
    weight: f64,
    notify: bool,
    size: Size,
    priority: PriorityPlain,
    #[schemars(length(min = 1, max = 3))]
    labels: BTreeSet<Label>,
}

// ---- The 3-field form. ----

#[derive(ElicitationForm, Deserialize)]
#[allow(dead_code)]
pub struct Assign {
    #[form(min_length = 1, max_length = 39)]
    assignee: String,
    #[form(minimum = 1, maximum = 10)]
    estimate: u8,
    notify: bool,
}

pub fn object(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

pub fn triage_valid() -> Map<String, Value> {
    object(json!({
        "reporter": "octo@example.com",
        "estimate": 3,
        "score": -20,
        "weight": 0.5,
        "notify": true,
        "size": "small",
        "priority": "High",
        "labels": ["bug", "docs"],
    }))
}

pub fn triage_invalid() -> Map<String, Value> {
    object(json!({
        "reporter": "no",
        "estimate": 11,
        "score": -20,
        "weight": 2.5,
        "notify": true,
        "size": "medium",
        "priority": "High",
        "labels": [],
    }))
}

pub fn assign_valid() -> Map<String, Value> {
    object(json!({"assignee": "octocat", "estimate": 3, "notify": true}))
}

pub fn assign_invalid() -> Map<String, Value> {
    object(json!({"assignee": "", "estimate": 11, "notify": "yes"}))
}

pub fn validator<T: ElicitationForm>() -> jsonschema::Validator {
    let schema = T::requested_schema().to_value();
    match jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
    {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    }
}
