//! The format's own JSON Schema (`../shared/conformance/mcpdesc-0.8.0/schema.json`) as a second
//! judge, through a validator nobody here wrote (the `jsonschema` crate, formats on).
//!
//! The schema is the one of mcpdesc 0.8.0; the documents here say `"mcpdesc": "0.9.0"` (the
//! version whose section 12 this crate implements), so its `const` for that one member is widened
//! to both versions and nothing else is changed.
//!
//! What is held: the generated description passes the schema; a document using every member the
//! builder can write passes both; and any one change to that document that the schema refuses,
//! `validate` refuses too. The other way round is not held: `validate` is stricter on purpose
//! (section 12's rules for forms, resolved through `$componentRef`, per-version vocabulary,
//! formats the schema only names).

use std::path::Path;
use std::sync::OnceLock;

use mcpdesc_runtime::validate::{Severity, validate};
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::{Value, json};

mod support;

fn format_schema() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../shared/conformance/mcpdesc-0.8.0/schema.json");
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut schema: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            schema["properties"]["mcpdesc"],
            json!({"const": "0.8.0", "type": "string"}),
            "the schema's version member is not what this test widens"
        );
        schema["properties"]["mcpdesc"] = json!({"enum": ["0.8.0", "0.9.0"], "type": "string"});
        jsonschema::options()
            .should_validate_formats(true)
            .build(&schema)
            .unwrap_or_else(|e| panic!("the validator refuses the format's schema: {e}"))
    })
}

/// What the format's schema says about `document`: one line per error.
fn schema_errors(document: &Value) -> Vec<String> {
    format_schema()
        .iter_errors(document)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

fn every_member() -> Value {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/every_member.mcpdesc.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}

#[test]
fn the_generated_description_passes_the_formats_schema() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/issue_tracker.mcpdesc.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let document = mcpdesc_runtime::yaml::from_str(&text).unwrap();
    assert_eq!(schema_errors(&document), Vec::<String>::new());
    assert!(validate(&document).is_empty(), "{}", validate(&document));
}

#[test]
fn a_document_with_every_member_the_builder_writes_passes_both() {
    let document = every_member();
    assert_eq!(schema_errors(&document), Vec::<String>::new());
    assert!(validate(&document).is_empty(), "{}", validate(&document));
}

/// Values that are wrong in many places and right in some.
fn replacements() -> Vec<Value> {
    vec![
        Value::Null,
        json!(0),
        json!(-1),
        json!(1.5),
        json!(true),
        json!(""),
        json!(" "),
        json!("x"),
        json!("a b"),
        json!("form"),
        json!("https://example.com/x"),
        json!("2025-06-18"),
        json!([]),
        json!(["x"]),
        json!([{}]),
        json!(["2025-06-18"]),
        json!({}),
        json!({"x": 1}),
        json!({"type": "object", "properties": {}}),
    ]
}

const ADDED_KEYS: &[&str] = &[
    "extra",
    "x-note",
    "type",
    "title",
    "name",
    "description",
    "annotations",
    "icons",
    "$schema",
    "arguments",
    "mimeType",
    "required",
    "enum",
    "default",
    "format",
];

#[derive(Clone, Debug)]
enum Change {
    Set(Index, Index),
    Remove(Index),
    Add(Index, Index, Index),
}

fn change() -> impl Strategy<Value = Change> {
    prop_oneof![
        3 => (any::<Index>(), any::<Index>()).prop_map(|(p, v)| Change::Set(p, v)),
        1 => any::<Index>().prop_map(Change::Remove),
        1 => (any::<Index>(), any::<Index>(), any::<Index>()).prop_map(|(p, k, v)| Change::Add(p, k, v)),
    ]
}

/// Applies `change` to `document`, whose places are `all` (JSON Pointers); `None` when it does
/// not apply (removing the root or an array's item, adding a member to something that is not an
/// object).
fn apply(document: &mut Value, all: &[String], change: &Change) -> Option<String> {
    let values = replacements();
    match change {
        Change::Set(p, v) => {
            let path = p.get(all);
            let value = v.get(&values).clone();
            let slot = document.pointer_mut(path)?;
            let said = format!("set {path:?} to {value}");
            *slot = value;
            Some(said)
        }
        Change::Remove(p) => {
            let path = p.get(all);
            support::remove_member(document, path)?;
            Some(format!("removed {path:?}"))
        }
        Change::Add(p, k, v) => {
            let path = p.get(all);
            let key = *k.get(ADDED_KEYS);
            let value = v.get(&values).clone();
            let object = document.pointer_mut(path)?.as_object_mut()?;
            if object.contains_key(key) {
                return None;
            }
            let said = format!("added {key:?}: {value} at {path:?}");
            object.insert(key.to_owned(), value);
            Some(said)
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// One change anywhere in a document that uses every member: when the format's schema
    /// refuses the result, `validate` reports an error.
    #[test]
    fn what_the_formats_schema_refuses_the_validator_refuses(change in change()) {
        let mut document = every_member();
        let all = support::pointers(&document);
        if let Some(said) = apply(&mut document, &all, &change) {
            let refused = schema_errors(&document);
            let report = validate(&document);
            let errors = report
                .diagnostics()
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .count();
            prop_assert!(
                refused.is_empty() || errors > 0,
                "{said}: the format's schema refuses it ({refused:?}), validate reports no error:\n{report}"
            );
        }
    }
}

/// Both judges refuse `document`: the format's schema, and `validate` with a
/// `schema-validation` error at `path`.
fn assert_both_refuse(document: &Value, path: &str, what: &str) {
    assert!(
        !schema_errors(document).is_empty(),
        "{what}: the schema accepts it"
    );
    let report = validate(document);
    assert!(
        report
            .errors()
            .any(|d| d.path == path && d.code == "schema-validation"),
        "{what}: expected an error at {path}, got:\n{report}"
    );
}

#[test]
fn info_members_are_shaped_as_the_format_says() {
    for (member, value, path) in [
        ("title", json!(1.5), "/info/title"),
        ("description", json!({}), "/info/description"),
        ("websiteUrl", json!("not a uri"), "/info/websiteUrl"),
        ("icons", json!({}), "/info/icons"),
        ("icons", json!([]), "/info/icons"),
        ("icons", json!([{"src": 0}]), "/info/icons/0/src"),
    ] {
        let mut document = every_member();
        document["info"][member] = value.clone();
        assert_both_refuse(&document, path, &format!("{member}: {value}"));
    }
}

#[test]
fn prompt_arguments_are_an_array() {
    let mut document = every_member();
    document["prompts"][0]["arguments"] = json!({"name": "issue"});
    assert_both_refuse(&document, "/prompts/0/arguments", "arguments");
}

#[test]
fn a_component_is_an_object() {
    for value in [json!(true), json!("Confirm"), json!([])] {
        let mut document = every_member();
        document["components"]["schemas"]["Other"] = value.clone();
        assert_both_refuse(&document, "/components/schemas/Other", &value.to_string());
    }
}
