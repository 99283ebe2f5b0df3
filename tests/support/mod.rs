//! What the property tests share: arbitrary JSON, biased towards the words and member names the
//! code under test looks for, so that it often reaches past its first check.

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
