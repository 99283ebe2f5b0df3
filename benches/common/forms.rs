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

/// A form filled at run time: one run-time choice list of 50 titled entries and a default, filled
/// ours and built with rmcp's builder (`benches/forms.rs`, `benches/instructions.rs`).
pub mod runtime {
    use mcpdesc_runtime::choices::{ChoiceList, FormChoices};
    use rmcp::model::{
        ElicitationSchema, EnumSchema, IntegerSchema, PrimitiveSchemaDefinition, StringSchema,
    };

    /// A form whose `assignee` choices are given when it is sent.
    #[derive(mcpdesc_runtime::ElicitationForm)]
    pub struct Assign {
        /// Teammate login.
        #[form(title = "Assignee", runtime_choices)]
        pub assignee: String,
        #[form(title = "Note", max_length = 200)]
        pub note: Option<String>,
        #[form(title = "Estimate", minimum = 1, maximum = 13)]
        pub estimate: Option<u8>,
        #[form(title = "Notify", default = true)]
        pub notify: bool,
    }

    /// 50 teammates: login and display name.
    pub fn team() -> Vec<(String, String)> {
        (0..50)
            .map(|i| (format!("user{i:02}"), format!("Teammate number {i}")))
            .collect()
    }

    /// The form filled with `team` as its choices and `user07` as the default.
    pub fn filled(
        team: Vec<(String, String)>,
    ) -> Option<mcpdesc_runtime::choices::Prepared<Assign>> {
        AssignChoices {
            assignee: ChoiceList::titled(team),
            defaults: AssignDefaults {
                assignee: Some("user07".to_owned()),
                ..AssignDefaults::default()
            },
        }
        .prepare(None)
        .ok()
    }

    /// A valid answer to the filled form: the 43rd of its 50 choices.
    pub fn answer() -> serde_json::Map<String, serde_json::Value> {
        super::object(serde_json::json!({
            "assignee": "user42",
            "note": "after the release",
            "estimate": 3,
            "notify": true,
        }))
    }

    /// Ours: filled (every part checked), then its wire JSON; the length.
    pub fn prepare(team: Vec<(String, String)>) -> Option<usize> {
        Some(filled(team)?.requested_schema().wire_json().len())
    }

    /// Ours, then rmcp's typed schema built from it.
    pub fn fill_into_rmcp(team: Vec<(String, String)>) -> Option<ElicitationSchema> {
        mcpdesc_runtime::session::rmcp_schema(filled(team)?.requested_schema()).ok()
    }

    /// Ours, then rmcp's typed schema read from its wire JSON.
    pub fn fill_read_into_rmcp(team: Vec<(String, String)>) -> Option<ElicitationSchema> {
        serde_json::from_str(filled(team)?.requested_schema().wire_json()).ok()
    }

    /// rmcp 3.11's builder: the same schema built by hand, then serialized; the length.
    pub fn rmcp_builder(team: Vec<(String, String)>) -> Option<usize> {
        let (values, titles): (Vec<String>, Vec<String>) = team.into_iter().unzip();
        let assignee = EnumSchema::builder(values)
            .enum_titles(titles)
            .ok()?
            .with_default("user07")
            .ok()?
            .title("Assignee")
            .description("Teammate login.")
            .build();
        let schema = ElicitationSchema::builder()
            .required_property("assignee", PrimitiveSchemaDefinition::Enum(assignee))
            .property(
                "note",
                PrimitiveSchemaDefinition::String(
                    StringSchema::new().title("Note").max_length(200),
                ),
            )
            .property(
                "estimate",
                PrimitiveSchemaDefinition::Integer(
                    IntegerSchema::new().title("Estimate").range(1, 13),
                ),
            )
            .required_bool_property("notify", |b| b.title("Notify").with_default(true))
            .build()
            .ok()?;
        serde_json::to_string(&schema).ok().map(|s| s.len())
    }
}
