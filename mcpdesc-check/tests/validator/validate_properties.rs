//! The validator never panics: not on random documents, not on random mutations of the fixtures.

use std::path::Path;

use mcpdesc_check::validate;
use proptest::prelude::*;
use serde_json::{Value, json};

fn fixtures() -> Vec<Value> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/conformance/mcpdesc-0.8.0");
    let mut out = Vec::new();
    for dir in ["expected-valid", "expected-invalid", "expected-warning"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            let value = if path.extension().is_some_and(|e| e == "json") {
                serde_json::from_str(&text).unwrap()
            } else {
                mcpdesc_check::yaml::from_str(&text).unwrap()
            };
            out.push(value);
        }
    }
    out
}

/// Values biased towards what descriptions hold.
fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        prop_oneof![
            Just("form"),
            Just("url"),
            Just("object"),
            Just("string"),
            Just("array"),
            Just("integer"),
            Just("2025-06-18"),
            Just("2025-11-25"),
            Just("2026-07-28"),
            Just("2024-11-05"),
            Just("#/components/schemas/A"),
            Just("#/components/toolExamples/A"),
            Just("accept"),
            Just("elicitation"),
            Just("https://example.com"),
            Just(""),
            Just("x-ext"),
        ]
        .prop_map(Value::from),
        "\\PC{0,10}".prop_map(Value::String),
    ];
    let keys = prop_oneof![
        Just("type"),
        Just("properties"),
        Just("required"),
        Just("name"),
        Just("mode"),
        Just("message"),
        Just("requestedSchema"),
        Just("url"),
        Just("protocolVersions"),
        Just("elicitations"),
        Just("tools"),
        Just("enum"),
        Just("enumNames"),
        Just("oneOf"),
        Just("items"),
        Just("anyOf"),
        Just("default"),
        Just("minimum"),
        Just("maximum"),
        Just("minLength"),
        Just("$componentRef"),
        Just("components"),
        Just("schemas"),
        Just("A"),
        Just("interactionExamples"),
        Just("steps"),
        Just("request"),
        Just("response"),
        Just("content"),
        Just("action"),
        Just("declaration"),
        Just("clientRequirements"),
        Just("elicitation"),
    ];
    leaf.prop_recursive(5, 64, 6, move |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            proptest::collection::btree_map(keys.clone(), inner, 0..6).prop_map(|m| Value::Object(
                m.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()
            )),
        ]
    })
}

/// Replaces the value at the `n`-th node (pre-order) of `doc` with `replacement`.
fn mutate(doc: &mut Value, n: &mut usize, replacement: &Value) -> bool {
    if *n == 0 {
        *doc = replacement.clone();
        return true;
    }
    *n -= 1;
    match doc {
        Value::Array(items) => items.iter_mut().any(|v| mutate(v, n, replacement)),
        Value::Object(map) => map.values_mut().any(|v| mutate(v, n, replacement)),
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_documents_never_panic(tools in value(), root in value()) {
        let doc = json!({
            "mcpdesc": "0.9.0",
            "info": {"name": "n", "version": "1"},
            "protocolVersions": ["2025-06-18", "2025-11-25"],
            "tools": [tools],
            "components": {"schemas": {"A": root.clone()}},
        });
        let report = validate(&doc);
        for d in report.diagnostics() {
            prop_assert!(d.path.is_empty() || d.path.starts_with('/'));
        }
        let _ = validate(&root);
    }

    #[test]
    fn mutated_fixtures_never_panic(index in any::<prop::sample::Index>(), node in 0usize..400, replacement in value()) {
        let all = fixtures();
        let mut doc = all[index.index(all.len())].clone();
        let mut n = node;
        mutate(&mut doc, &mut n, &replacement);
        let _ = validate(&doc);
    }
}
