//! A valid input broken in one place. Each way of breaking it is tried where it applies; the
//! caller's check against the schema keeps only what the schema refuses.

use proptest::sample::Index;
use serde_json::{Value, json};

/// One way to break an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Break {
    /// The whole input of another type.
    WrongType,
    /// A required member left out.
    MissingMember,
    /// A member's value of another type.
    MemberOfWrongType,
    /// A member the schema does not name.
    UnknownMember,
    /// A member's value just beyond one of its bounds, or outside its choices.
    BeyondBound,
}

/// Every way, in the order a shrink prefers (the earlier, the simpler).
pub(super) const KINDS: &[Break] = &[
    Break::MissingMember,
    Break::MemberOfWrongType,
    Break::BeyondBound,
    Break::UnknownMember,
    Break::WrongType,
];

/// For each property of `schema` that has one, a value meant to break one of its keywords
/// (the first of its boundary values that does): made once per schema, picked from per input.
pub(super) fn beyond_each(schema: &Value) -> Vec<(String, Value)> {
    schema
        .get("properties")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .filter_map(|(name, property)| {
            super::boundary::breaking(property, schema).map(|value| (name.clone(), value))
        })
        .collect()
}

/// `base` broken the `kind` way at the member `at` picks (`beyond`: [`beyond_each`] of the
/// schema); `None` where that way does not apply.
pub(super) fn break_one(
    schema: &Value,
    beyond: &[(String, Value)],
    base: &Value,
    kind: Break,
    at: Index,
) -> Option<Value> {
    match kind {
        Break::WrongType => Some(of_another_type(base)),
        Break::MissingMember => {
            let mut object = base.as_object()?.clone();
            let required: Vec<&str> = schema
                .get("required")?
                .as_array()?
                .iter()
                .filter_map(Value::as_str)
                .filter(|name| object.contains_key(*name))
                .collect();
            let name = pick(&required, at)?;
            object.remove(*name);
            Some(Value::Object(object))
        }
        Break::MemberOfWrongType => {
            let mut object = base.as_object()?.clone();
            let names: Vec<String> = object.keys().cloned().collect();
            let name = pick(&names, at)?;
            let value = object.get(name)?;
            let broken = of_another_type(value);
            object.insert(name.clone(), broken);
            Some(Value::Object(object))
        }
        Break::UnknownMember => {
            let mut object = base.as_object()?.clone();
            let mut name = "unknownMember".to_owned();
            while object.contains_key(&name) {
                name.push('_');
            }
            object.insert(name, json!(true));
            Some(Value::Object(object))
        }
        Break::BeyondBound => {
            let mut object = base.as_object()?.clone();
            let (name, value) = pick(beyond, at)?;
            object.insert(name.clone(), value.clone());
            Some(Value::Object(object))
        }
    }
}

fn pick<T>(items: &[T], at: Index) -> Option<&T> {
    if items.is_empty() {
        None
    } else {
        items.get(at.index(items.len()))
    }
}

/// A value of another JSON type than `value`, close to it where it can be (`"12"` for `12`).
pub(super) fn of_another_type(value: &Value) -> Value {
    match value {
        Value::Null => json!(0),
        Value::Bool(b) => json!(b.to_string()),
        Value::Number(n) => json!(n.to_string()),
        Value::String(s) => {
            if s.is_empty() {
                json!(0)
            } else {
                json!([s])
            }
        }
        Value::Array(_) => json!({}),
        Value::Object(_) => json!("{}"),
    }
}
