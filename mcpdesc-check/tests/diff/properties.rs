//! Properties of `diff` over generated descriptions.

use mcpdesc_check::diff::{Class, Witness, diff};
use proptest::prelude::*;
use serde_json::{Value, json};

use super::{base, fits, of, with};

/// A property schema of the compared subset.
fn property() -> impl Strategy<Value = Value> {
    let word = "[a-z]{1,6}";
    prop_oneof![
        (
            proptest::option::of(0u64..4),
            proptest::option::of(4u64..12)
        )
            .prop_map(|(min, max)| {
                let mut s = json!({"type": "string"});
                if let Some(min) = min {
                    s["minLength"] = json!(min);
                }
                if let Some(max) = max {
                    s["maxLength"] = json!(max);
                }
                s
            }),
        Just(json!({"type": "string", "format": "email"})),
        proptest::collection::btree_set(word, 1..5)
            .prop_map(|values| json!({"type": "string", "enum": values})),
        (
            proptest::option::of(-5i64..5),
            proptest::option::of(5i64..50)
        )
            .prop_map(|(min, max)| {
                let mut s = json!({"type": "integer"});
                if let Some(min) = min {
                    s["minimum"] = json!(min);
                }
                if let Some(max) = max {
                    s["maximum"] = json!(max);
                }
                s
            }),
        Just(json!({"type": "number"})),
        Just(json!({"type": "boolean"})),
        proptest::collection::btree_set(word, 1..4).prop_map(
            |values| json!({"type": "array", "items": {"type": "string", "enum": values}})
        ),
    ]
}

/// An object schema: properties, some required, open or closed.
fn input() -> impl Strategy<Value = Value> {
    (
        proptest::collection::btree_map("[a-z]{1,5}", property(), 0..6),
        any::<u8>(),
        any::<bool>(),
    )
        .prop_map(|(properties, mask, closed)| {
            let required: Vec<&String> = properties
                .keys()
                .enumerate()
                .filter(|(i, _)| mask & (1 << (i % 8)) != 0)
                .map(|(_, k)| k)
                .collect();
            let mut s = json!({"type": "object", "properties": properties, "required": required});
            if closed {
                s["additionalProperties"] = json!(false);
            }
            s
        })
}

fn described(schema: &Value) -> Value {
    with(base(), &[("/tools/0/inputSchema", schema.clone())])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn adding_an_optional_input_property_never_breaks(schema in input(), added in property()) {
        let mut new = schema.clone();
        new["properties"]["zz_new"] = added;
        let changes = diff(&described(&schema), &described(&new));
        prop_assert!(changes.at_least(Class::Breaking).next().is_none(), "{changes}");
        prop_assert_eq!(of(&changes, "input-property-added").len(), 1);
    }

    #[test]
    fn adding_a_tool_never_breaks(schema in input(), other in input()) {
        let old = described(&schema);
        let new = with(old.clone(), &[("/tools/1", json!({"name": "zz_new", "inputSchema": other}))]);
        let changes = diff(&old, &new);
        prop_assert!(changes.at_least(Class::Breaking).next().is_none(), "{changes}");
        prop_assert_eq!(of(&changes, "tool-added").len(), 1);
    }

    #[test]
    fn adding_a_choice_to_an_input_enum_never_breaks(values in proptest::collection::btree_set("[a-z]{1,6}", 1..5), required: bool) {
        let schema = |values: &Vec<String>| json!({
            "type": "object",
            "properties": {"pick": {"type": "string", "enum": values}},
            "required": if required { json!(["pick"]) } else { json!([]) },
        });
        let old: Vec<String> = values.into_iter().collect();
        let mut new = old.clone();
        new.push("zz-new".into());
        let changes = diff(&described(&schema(&old)), &described(&schema(&new)));
        prop_assert!(changes.at_least(Class::Breaking).next().is_none(), "{changes}");
        prop_assert_eq!(of(&changes, "input-choice-added").len(), 1);
    }

    #[test]
    fn removing_a_choice_of_a_required_input_property_always_breaks_with_a_witness(
        values in proptest::collection::btree_set("[a-z]{1,6}", 2..6),
        gone in any::<prop::sample::Index>(),
    ) {
        let old: Vec<String> = values.into_iter().collect();
        let removed = gone.get(&old).clone();
        let new: Vec<String> = old.iter().filter(|v| **v != removed).cloned().collect();
        let schema = |values: &Vec<String>| json!({
            "type": "object",
            "properties": {"pick": {"type": "string", "enum": values}},
            "required": ["pick"],
        });
        let (a, b) = (schema(&old), schema(&new));
        let changes = diff(&described(&a), &described(&b));
        let found = of(&changes, "input-choice-removed");
        prop_assert_eq!(found.len(), 1, "{}", changes);
        prop_assert_eq!(found[0].class(), Class::Breaking);
        let witness = serde_json::to_value(found[0].witness.as_ref().unwrap()).unwrap();
        prop_assert!(fits(&a, &witness["value"]) && !fits(&b, &witness["value"]), "{}", witness);
    }

    #[test]
    fn a_description_against_itself_in_the_other_format_has_no_change(schema in input(), output in proptest::option::of(input())) {
        let mut document = described(&schema);
        if let Some(output) = output {
            document["tools"][0]["outputSchema"] = output;
        }
        document["tools"][0]["elicitations"] = json!([{
            "name": "ask", "mode": "form", "message": "Which?",
            "requestedSchema": {"type": "object", "properties": {"n": {"type": "number", "minimum": 0.5, "default": 1.0}}}
        }]);
        let yaml = mcpdesc_check::yaml::to_string(&document);
        let (from_yaml, _) = mcpdesc_check::yaml::from_str_with_positions(&yaml).unwrap();
        let json_text = serde_json::to_string_pretty(&document).unwrap();
        let from_json = mcpdesc_check::json::from_str(&json_text).unwrap();
        let there = diff(&from_json, &from_yaml);
        prop_assert!(there.is_empty(), "{}", there);
        let back = diff(&from_yaml, &from_json);
        prop_assert!(back.is_empty(), "{}", back);
    }
}

/// Any JSON value, a few levels deep.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        (-1e6f64..1e6).prop_map(|n| json!(n)),
        "[a-z$]{0,6}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::btree_map(
                prop_oneof![
                    Just("type".to_owned()),
                    Just("properties".to_owned()),
                    Just("required".to_owned()),
                    Just("items".to_owned()),
                    Just("enum".to_owned()),
                    Just("tools".to_owned()),
                    Just("name".to_owned()),
                    Just("inputSchema".to_owned()),
                    Just("elicitations".to_owned()),
                    Just("$componentRef".to_owned()),
                    "[a-z]{1,4}",
                ],
                inner,
                0..5
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Whatever two documents hold, `diff` returns, and a document against itself has no change.
    #[test]
    fn any_two_documents_are_compared_without_panicking(old in any_json(), new in any_json()) {
        let _ = diff(&old, &new).to_string();
        prop_assert!(diff(&old, &old).is_empty());
        prop_assert!(diff(&new, &new).is_empty());
    }

    /// Whatever two schemas a tool has, `diff` returns; each break has a witness or says why
    /// not, and a witness shown holds against both schemas (checked again by `jsonschema`).
    #[test]
    fn any_two_tool_schemas_are_compared_and_every_break_explained(old in any_json(), new in any_json()) {
        let (a, b) = (described(&old), described(&new));
        let changes = diff(&a, &b);
        for change in changes.at_least(Class::Breaking) {
            if !change.rule.id.starts_with("input-") {
                continue;
            }
            match &change.witness {
                Some(Witness::Shown { .. }) => super::witness_holds(
                    change, &a, &b, "/tools/0/inputSchema", "/tools/0/inputSchema",
                ),
                Some(_) => {}
                None => prop_assert!(false, "a break without a witness: {}", change),
            }
        }
    }
}

#[test]
fn nested_arrays_with_minimums_do_not_multiply_into_a_huge_witness() {
    // Twelve levels of arrays of at least 64: 64^12 elements if sampled naively.
    let mut nested = json!({"type": "string"});
    for _ in 0..12 {
        nested = json!({"type": "array", "minItems": 64, "items": nested});
    }
    let old = json!({"type": "object", "properties": {"x": nested}});
    let mut new = old.clone();
    new["required"] = json!(["x"]);
    let changes = diff(&described(&old), &described(&new));
    let change = of(&changes, "input-required-added")[0];
    assert!(change.witness.is_some());
}
