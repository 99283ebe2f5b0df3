//! The boundary cases of a schema's keywords: one valid input changed at one member, each
//! judged against the schema.

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use serde_json::{Map, Value, json};

use super::ToolInputs;
use crate::diff::witness::whole;

/// One boundary case: an input, what it tries, and whether the schema accepts it.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Case {
    /// Where it applies and what it tries, as a JSON Pointer into the schema and a few words:
    /// `/properties/title: maxLength 80, at the bound`.
    pub what: String,
    /// The input.
    pub input: Value,
    /// Whether the schema accepts it, as the `jsonschema` crate judges it.
    pub valid: bool,
}

/// A string outside ASCII: two-, three- and four-byte characters in UTF-8.
const NON_ASCII: &str = "é漢字😀";
/// How many tries the generator gets to find a valid input to change, when the smallest one
/// the schema suggests is not valid.
const TRIES: usize = 64;

/// Every boundary case of `inputs`' schema.
pub(super) fn cases(inputs: &ToolInputs) -> Vec<Case> {
    let schema = inputs.schema();
    let mut out = Vec::new();
    let mut push = |what: String, input: Value| {
        let valid = inputs.is_valid(&input);
        out.push(Case { what, input, valid });
    };
    push("/: an empty object".to_owned(), json!({}));
    push("/: null".to_owned(), Value::Null);
    let Some(base) = valid_base(inputs) else {
        return out;
    };
    push("/: the smallest valid input".to_owned(), base.clone());
    let Some(object) = base.as_object() else {
        return out;
    };
    let properties = schema
        .get("properties")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    for (name, property) in &properties {
        let pointer = format!("/properties/{}", name.replace('~', "~0").replace('/', "~1"));
        let property = follow(property, schema);
        let with = |value: Value| {
            let mut changed: Map<String, Value> = object.clone();
            changed.insert(name.clone(), value);
            Value::Object(changed)
        };
        let mut without = object.clone();
        without.remove(name);
        if required.contains(&name.as_str()) {
            push(
                format!("{pointer}: left out, though required"),
                Value::Object(without),
            );
        } else {
            push(format!("{pointer}: left out"), Value::Object(without));
            push(
                format!("{pointer}: present"),
                with(smallest(property, schema)),
            );
        }
        for (what, value) in values_of(property, schema) {
            push(format!("{pointer}: {what}"), with(value));
        }
    }
    out
}

/// Whether the value `values_of` labels `what` is meant to break its keyword.
fn breaks(what: &str) -> bool {
    what.ends_with(", beyond the bound")
        || (what.starts_with("exclusive") && what.ends_with(", at the bound"))
        || what.ends_with(": not one")
        || what == "none of the enum values"
}

/// The first value of `property`'s boundary values meant to break one of its keywords; `None`
/// for a property without bounds, choices or a format.
pub(super) fn breaking(property: &Value, root: &Value) -> Option<Value> {
    values_of(follow(property, root), root)
        .into_iter()
        .find(|(what, _)| breaks(what))
        .map(|(_, value)| value)
}

/// The values at and beyond each keyword of `property`, each with what it tries.
fn values_of(property: &Value, root: &Value) -> Vec<(String, Value)> {
    let Some(members) = property.as_object() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let number = |key: &str| members.get(key).and_then(Value::as_f64);
    let count = |key: &str| {
        members
            .get(key)
            .and_then(Value::as_u64)
            .and_then(|n| usize::try_from(n).ok())
    };
    let shown = |key: &str| members.get(key).map(Value::to_string).unwrap_or_default();
    if let Some(Value::Array(choices)) = members.get("enum") {
        for choice in choices {
            out.push((format!("enum value {choice}"), choice.clone()));
        }
    }
    if let Some(Value::Array(choices)) = members.get("enum") {
        let mut outside = "none of the choices".to_owned();
        while choices.contains(&json!(outside)) {
            outside.push('!');
        }
        out.push(("none of the enum values".to_owned(), json!(outside)));
    }
    let ty = members.get("type").and_then(Value::as_str);
    let stringy = ty == Some("string")
        || ["minLength", "maxLength", "pattern", "format"]
            .iter()
            .any(|k| members.contains_key(*k));
    if stringy && !members.contains_key("enum") {
        out.push(("an empty string".to_owned(), json!("")));
        out.push(("a string outside ASCII".to_owned(), json!(NON_ASCII)));
    }
    let letters = |n: usize| json!("a".repeat(n));
    if let Some(n) = count("minLength") {
        out.push((
            format!("minLength {}, at the bound", shown("minLength")),
            letters(n),
        ));
        if n > 0 {
            out.push((
                format!("minLength {}, beyond the bound", shown("minLength")),
                letters(n - 1),
            ));
        }
    }
    if let Some(n) = count("maxLength").filter(|n| *n < 1 << 20) {
        out.push((
            format!("maxLength {}, at the bound", shown("maxLength")),
            letters(n),
        ));
        out.push((
            format!("maxLength {}, beyond the bound", shown("maxLength")),
            letters(n + 1),
        ));
    }
    if let Some(format) = members.get("format").and_then(Value::as_str) {
        for sample in crate::diff::witness::format_samples(format).unwrap_or_default() {
            out.push((format!("format {format}: {sample}"), json!(sample)));
        }
        out.push((
            format!("format {format}: not one"),
            json!(format!("not a {format}")),
        ));
    }
    let integer = ty == Some("integer");
    let step = if integer { 1.0 } else { 0.5 };
    for (key, inside, outside) in [
        ("minimum", 0.0, -1.0),
        ("maximum", 0.0, 1.0),
        ("exclusiveMinimum", step, 0.0),
        ("exclusiveMaximum", -step, 0.0),
    ] {
        if let Some(bound) = number(key) {
            let at = if key.starts_with("exclusive") {
                "inside the bound"
            } else {
                "at the bound"
            };
            out.push((format!("{key} {}, {at}", shown(key)), whole(bound + inside)));
            let beyond = if key.starts_with("exclusive") {
                bound
            } else {
                bound + outside
            };
            let label = if key.starts_with("exclusive") {
                "at the bound"
            } else {
                "beyond the bound"
            };
            out.push((format!("{key} {}, {label}", shown(key)), whole(beyond)));
        }
    }
    if integer {
        let near = number("minimum").or(number("maximum")).unwrap_or(0.0);
        out.push((
            "a number with a fraction".to_owned(),
            json!(near.floor() + 0.5),
        ));
    }
    if ty == Some("boolean") {
        out.push(("true".to_owned(), json!(true)));
        out.push(("false".to_owned(), json!(false)));
    }
    let element = || smallest(members.get("items").unwrap_or(&Value::Bool(true)), root);
    if let Some(n) = count("minItems").filter(|n| *n <= 1 << 12) {
        out.push((
            format!("minItems {}, at the bound", shown("minItems")),
            json!(vec![element(); n]),
        ));
        if n > 0 {
            out.push((
                format!("minItems {}, beyond the bound", shown("minItems")),
                json!(vec![element(); n - 1]),
            ));
        }
    }
    if let Some(n) = count("maxItems").filter(|n| *n < 1 << 12) {
        out.push((
            format!("maxItems {}, at the bound", shown("maxItems")),
            json!(vec![element(); n]),
        ));
        out.push((
            format!("maxItems {}, beyond the bound", shown("maxItems")),
            json!(vec![element(); n + 1]),
        ));
    }
    out
}

/// A valid input to change: the smallest the schema suggests, else one the generator makes.
fn valid_base(inputs: &ToolInputs) -> Option<Value> {
    let smallest = smallest(inputs.schema(), inputs.schema());
    if inputs.is_valid(&smallest) {
        return Some(smallest);
    }
    let mut runner = TestRunner::deterministic();
    let strategy = inputs.valid();
    (0..TRIES).find_map(|_| {
        strategy
            .new_tree(&mut runner)
            .ok()
            .map(|tree| tree.current())
    })
}

/// `schema` with a local `$ref` at its top followed, a few times at most.
fn follow<'a>(schema: &'a Value, root: &'a Value) -> &'a Value {
    let mut here = schema;
    for _ in 0..super::DEPTH {
        match here
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| super::valid::resolve(root, r))
        {
            Some(target) => here = target,
            None => break,
        }
    }
    here
}

/// A small value `schema` (inside `root`) suggests: its default, its first choice, or the
/// smallest of its type within its bounds, as `diff`'s witnesses start from.
pub(super) fn smallest(schema: &Value, root: &Value) -> Value {
    crate::diff::witness::sample(follow(schema, root), 0)
}
