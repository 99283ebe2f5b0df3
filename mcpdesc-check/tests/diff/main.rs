//! `mcpdesc_check::diff`: one change pair per rule, the format's JSON Schema covered member by
//! member, properties over generated descriptions, shared components and a real description.

// Tests may index, unwrap and panic: a failure is the report.
#![allow(clippy::restriction)]

mod components;
mod coverage;
mod pairing;
mod properties;
mod rules;

use mcpdesc_check::diff::{Change, Diff, Side, Witness};
use serde_json::{Value, json};

/// A valid description with one tool, on two protocol versions.
pub fn base() -> Value {
    json!({
        "mcpdesc": "0.9.0",
        "info": {"name": "tracker", "version": "1.0.0"},
        "protocolVersions": ["2025-06-18", "2025-11-25"],
        "tools": [{
            "name": "a",
            "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}
        }]
    })
}

/// `doc` with the member at each pointer set (an array's element one past its end is pushed).
pub fn with(mut doc: Value, edits: &[(&str, Value)]) -> Value {
    for (at, value) in edits {
        let (parent, key) = at.rsplit_once('/').unwrap();
        let key = key.replace("~1", "/").replace("~0", "~");
        let target = doc
            .pointer_mut(parent)
            .unwrap_or_else(|| panic!("no {parent}"));
        match target {
            Value::Object(m) => {
                m.insert(key, value.clone());
            }
            Value::Array(a) => {
                let i: usize = key.parse().unwrap();
                if i == a.len() {
                    a.push(value.clone());
                } else {
                    a[i] = value.clone();
                }
            }
            _ => panic!("{parent} holds no members"),
        }
    }
    doc
}

/// The changes of rule `id` in `diff`.
pub fn of<'a>(diff: &'a Diff, id: &str) -> Vec<&'a Change> {
    diff.changes().iter().filter(|c| c.rule.id == id).collect()
}

/// Whether `instance` fits `schema`, by the `jsonschema` crate (code nobody here wrote).
pub fn fits(schema: &Value, instance: &Value) -> bool {
    jsonschema::options()
        .should_validate_formats(true)
        .build(schema)
        .unwrap()
        .is_valid(instance)
}

/// Checks a shown witness against the schemas at `old_at` in `old` and `new_at` in `new`:
/// the side it names accepts it, the other refuses it.
pub fn witness_holds(change: &Change, old: &Value, new: &Value, old_at: &str, new_at: &str) {
    let Some(Witness::Shown {
        accepted_by, value, ..
    }) = &change.witness
    else {
        panic!("{} shows no witness: {:?}", change.rule.id, change.witness);
    };
    let (o, n) = (old.pointer(old_at).unwrap(), new.pointer(new_at).unwrap());
    let (yes, no) = if *accepted_by == Side::Old {
        (o, n)
    } else {
        (n, o)
    };
    assert!(
        fits(yes, value),
        "{}: the {accepted_by:?} schema refuses the witness {value}",
        change.rule.id
    );
    assert!(
        !fits(no, value),
        "{}: the other schema accepts the witness {value}",
        change.rule.id
    );
}
