//! What the property tests share: arbitrary JSON, biased towards the words and member names the
//! code under test looks for, so that it often reaches past its first check; and the places of
//! a JSON value, to change one.

// Each test crate that includes this module uses the helpers it needs.
#![allow(dead_code)]

use proptest::prelude::*;
use serde_json::Value;

/// Any JSON value (nested three deep), whose strings are often one of `words` and whose members
/// are often named one of `keys`.
pub fn json_biased(
    words: &'static [&'static str],
    keys: &'static [&'static str],
) -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::String),
        proptest::sample::select(words).prop_map(Value::from),
    ];
    let key = prop_oneof![
        proptest::sample::select(keys).prop_map(str::to_owned),
        "\\PC{0,8}",
    ];
    leaf.prop_recursive(3, 24, 6, move |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            proptest::collection::btree_map(key.clone(), inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// The JSON Pointer of every value in `value`, its root (`""`) first: the places a property test
/// can change.
pub fn pointers(value: &Value) -> Vec<String> {
    fn walk(value: &Value, at: String, out: &mut Vec<String>) {
        out.push(at.clone());
        match value {
            Value::Object(map) => {
                for (k, v) in map {
                    let token = k.replace('~', "~0").replace('/', "~1");
                    walk(v, format!("{at}/{token}"), out);
                }
            }
            Value::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    walk(v, format!("{at}/{i}"), out);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(value, String::new(), &mut out);
    out
}

/// Removes the member at `pointer` from the object that holds it, keeping the others in order;
/// `None` when `pointer` is not a member of an object.
pub fn remove_member(value: &mut Value, pointer: &str) -> Option<Value> {
    let (parent, token) = pointer.rsplit_once('/')?;
    let key = token.replace("~1", "/").replace("~0", "~");
    value
        .pointer_mut(parent)?
        .as_object_mut()?
        .shift_remove(&key)
}
