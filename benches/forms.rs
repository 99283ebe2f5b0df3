//! Side-by-side costs of the hot paths, in one run: `cargo bench --bench forms`.
//!
//! - schema: the derived form's static schema, against building the same schema per call
//!   (as `json!` or through schemars, the way SDKs generate it today);
//! - answer: `from_content` (which checks every rule), against serde's unchecked
//!   deserialization of the same answer.

use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};
use serde::Deserialize;
use serde_json::{Map, Value, json};

fn main() {
    divan::main();
}

#[derive(ElicitationForm, Deserialize)]
#[allow(dead_code)]
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
}

/// The same form as an SDK would derive it today, with schemars.
#[derive(schemars::JsonSchema)]
#[allow(dead_code)]
struct AssignSchemars {
    /// Teammate login.
    #[schemars(title = "Assignee", length(min = 1, max = 39))]
    assignee: String,
    #[schemars(email)]
    cc: Option<String>,
    #[schemars(range(min = 1, max = 10))]
    estimate: u8,
    notify: bool,
    priority: Priority,
}

#[derive(ElicitationEnum, Deserialize, schemars::JsonSchema)]
enum Priority {
    #[form(title = "Low")]
    Low,
    #[form(title = "High")]
    High,
}

fn answer() -> Map<String, Value> {
    match json!({
        "assignee": "octocat",
        "cc": "octo@example.com",
        "estimate": 3,
        "notify": true,
        "priority": "High",
    }) {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

mod schema {
    use super::*;

    #[divan::bench]
    fn static_schema_serialized() -> String {
        serde_json::to_string(divan::black_box(Assign::requested_schema())).unwrap_or_default()
    }

    #[divan::bench]
    fn json_macro_per_call_serialized() -> String {
        let schema = json!({
            "type": "object",
            "properties": {
                "assignee": {"type": "string", "title": "Assignee", "description": "Teammate login.", "minLength": 1, "maxLength": 39},
                "cc": {"type": "string", "format": "email"},
                "estimate": {"type": "integer", "minimum": 1, "maximum": 10, "default": 3},
                "notify": {"type": "boolean", "default": true},
                "priority": {"type": "string", "oneOf": [{"const": "Low", "title": "Low"}, {"const": "High", "title": "High"}]},
            },
            "required": ["assignee", "estimate", "notify", "priority"],
        });
        serde_json::to_string(&schema).unwrap_or_default()
    }

    #[divan::bench]
    fn schemars_per_call_serialized() -> String {
        serde_json::to_string(&schemars::schema_for!(AssignSchemars)).unwrap_or_default()
    }
}

mod answer {
    use super::*;

    #[divan::bench]
    fn from_content_checked(bencher: divan::Bencher) {
        let content = answer();
        bencher.bench(|| Assign::from_content(divan::black_box(&content)).is_ok());
    }

    #[divan::bench]
    fn serde_from_value_unchecked(bencher: divan::Bencher) {
        let content = Value::Object(answer());
        // `&Value` is a deserializer: no clone of the answer.
        bencher.bench(|| Assign::deserialize(divan::black_box(&content)).is_ok());
    }

    #[divan::bench]
    fn from_content_with_errors(bencher: divan::Bencher) {
        let content = match json!({"assignee": "", "cc": "nope", "estimate": 11, "priority": "Mid"})
        {
            Value::Object(m) => m,
            _ => Map::new(),
        };
        bencher.bench(|| Assign::from_content(divan::black_box(&content)).is_err());
    }
}
