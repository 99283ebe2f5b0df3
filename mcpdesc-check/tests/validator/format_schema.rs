//! The format's own JSON Schema (`../shared/conformance/mcpdesc-0.8.0/schema.json`) as a second
//! judge, through a validator nobody here wrote (the `jsonschema` crate, formats on).
//!
//! The schema is the one of mcpdesc 0.8.0; the documents here say `"mcpdesc": "0.9.0"` (the
//! version whose section 12 this crate implements), so its `const` for that one member is widened
//! to both versions and nothing else is changed.
//!
//! What is held: the generated description passes the schema; a document using every member the
//! builder can write passes both; and any one change to that document that the schema refuses,
//! `validate` refuses too. Every single change of that document is also judged by ajv as the
//! reference validator runs it (`tests/ts_client/check_format_schema.mjs`): ajv and the
//! `jsonschema` crate must agree on each, and what they refuse, `validate` refuses. The other way round is not held: `validate` is stricter on purpose
//! (section 12's rules for forms, resolved through `$componentRef`, per-version vocabulary,
//! formats the schema only names).

use std::path::Path;
use std::sync::OnceLock;

use mcpdesc_check::{Severity, validate};
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::{Value, json};

use crate::support;

use crate::node;

/// The format's schema, its version member widened to 0.9.0.
fn format_schema_value() -> &'static Value {
    static SCHEMA: OnceLock<Value> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../shared/conformance/mcpdesc-0.8.0/schema.json");
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut schema: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            schema["properties"]["mcpdesc"],
            json!({"const": "0.8.0", "type": "string"}),
            "the schema's version member is not what this test widens"
        );
        schema["properties"]["mcpdesc"] = json!({"enum": ["0.8.0", "0.9.0"], "type": "string"});
        schema
    })
}

fn format_schema() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let schema = format_schema_value();
        jsonschema::options()
            .should_validate_formats(true)
            .build(schema)
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
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/every_member.mcpdesc.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}

#[mcpdesc_needs::needs(node)]
#[test]
fn the_generated_description_passes_the_formats_schema() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/issue_tracker.mcpdesc.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let document = mcpdesc_check::yaml::from_str(&text).unwrap();
    assert_eq!(schema_errors(&document), Vec::<String>::new());
    assert!(validate(&document).is_empty(), "{}", validate(&document));
    {
        let ajv = ajv_verdicts(&[&document]);
        assert_eq!(ajv, [true], "ajv refuses the generated description");
    }
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

/// One change to a document: at the place of index `at` (among its JSON Pointers), the value of
/// index `value` (among [`replacements`]) set, the member removed, or the key of index `key`
/// (among [`ADDED_KEYS`]) added.
#[derive(Clone, Copy, Debug)]
enum Edit {
    Set { at: usize, value: usize },
    Remove { at: usize },
    Add { at: usize, key: usize, value: usize },
}

impl Change {
    fn edit(&self, places: usize) -> Edit {
        let values = replacements().len();
        match self {
            Change::Set(p, v) => Edit::Set {
                at: p.index(places),
                value: v.index(values),
            },
            Change::Remove(p) => Edit::Remove {
                at: p.index(places),
            },
            Change::Add(p, k, v) => Edit::Add {
                at: p.index(places),
                key: k.index(ADDED_KEYS.len()),
                value: v.index(values),
            },
        }
    }
}

/// Applies `edit` to `document`, whose places are `all` (JSON Pointers); `None` when it does
/// not apply (removing the root or an array's item, adding a member to something that is not an
/// object).
fn apply(document: &mut Value, all: &[String], edit: Edit) -> Option<String> {
    let values = replacements();
    match edit {
        Edit::Set { at, value } => {
            let path = all.get(at)?;
            let value = values.get(value)?.clone();
            let slot = document.pointer_mut(path)?;
            let said = format!("set {path:?} to {value}");
            *slot = value;
            Some(said)
        }
        Edit::Remove { at } => {
            let path = all.get(at)?;
            support::remove_member(document, path)?;
            Some(format!("removed {path:?}"))
        }
        Edit::Add { at, key, value } => {
            let path = all.get(at)?;
            let key = *ADDED_KEYS.get(key)?;
            let value = values.get(value)?.clone();
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

/// Whether `validate` reports an error for `document`.
fn has_error(document: &Value) -> bool {
    validate(document)
        .diagnostics()
        .iter()
        .any(|d| d.severity == Severity::Error)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// One change anywhere in a document that uses every member: when the format's schema
    /// refuses the result, `validate` reports an error.
    #[test]
    fn what_the_formats_schema_refuses_the_validator_refuses(change in change()) {
        let mut document = every_member();
        let all = support::pointers(&document);
        if let Some(said) = apply(&mut document, &all, change.edit(all.len())) {
            let refused = schema_errors(&document);
            prop_assert!(
                refused.is_empty() || has_error(&document),
                "{said}: the format's schema refuses it ({refused:?}), validate reports no error:\n{}",
                validate(&document)
            );
        }
    }
}

/// Every single change of the document that uses every member, in order: each value set at
/// each place, each place removed, each key added to each object with a value that turns with
/// the place.
fn every_edit(document: &Value) -> Vec<(String, Value)> {
    let all = support::pointers(document);
    let values = replacements().len();
    let mut edits = Vec::new();
    for at in 0..all.len() {
        edits.extend((0..values).map(|value| Edit::Set { at, value }));
        edits.push(Edit::Remove { at });
        edits.extend((0..ADDED_KEYS.len()).map(|key| Edit::Add {
            at,
            key,
            value: (at + key) % values,
        }));
    }
    edits
        .into_iter()
        .filter_map(|edit| {
            let mut changed = document.clone();
            apply(&mut changed, &all, edit).map(|said| (said, changed))
        })
        .collect()
}

/// What the reference validator's own JSON Schema implementation (ajv 2020 with ajv-formats,
/// `tests/ts_client/check_format_schema.mjs`) says of each document against the format's
/// schema: valid or not. `None` when Node.js is not on the machine (and not required).
fn ajv_verdicts(documents: &[&Value]) -> Vec<bool> {
    let dir = node::ts_client_dir();
    let input = json!({"schema": format_schema_value(), "documents": documents});
    let verdicts = node::run_verdicts(&dir, "check_format_schema.mjs", &input, documents.len());
    verdicts
        .iter()
        .map(|v| v.as_bool().expect("a verdict"))
        .collect()
}

/// Every single change to the document that uses every member, judged by ajv as the reference
/// validator runs it: ajv and the `jsonschema` crate agree on each, and what they refuse,
/// `validate` refuses.
#[mcpdesc_needs::needs(node)]
#[test]
fn every_change_the_reference_validators_ajv_refuses_the_validator_refuses() {
    let document = every_member();
    let edits = every_edit(&document);
    assert!(edits.len() > 2000, "{}", edits.len());
    let mut documents: Vec<&Value> = edits.iter().map(|(_, d)| d).collect();
    documents.push(&document);
    let ajv = ajv_verdicts(&documents);
    assert_eq!(
        ajv.last(),
        Some(&true),
        "ajv refuses the unchanged document"
    );
    let mut problems = Vec::new();
    let mut refused = 0;
    for ((said, changed), ajv_valid) in edits.iter().zip(&ajv) {
        let crate_valid = schema_errors(changed).is_empty();
        if crate_valid != *ajv_valid {
            problems.push(format!(
                "{said}: ajv valid = {ajv_valid}, jsonschema valid = {crate_valid}"
            ));
        }
        if !ajv_valid {
            refused += 1;
            if !has_error(changed) {
                problems.push(format!("{said}: ajv refuses it, validate reports no error"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(refused > 500, "{refused} refused");
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

/// Every object of `value`, by JSON Pointer.
fn objects(value: &Value, at: &str, out: &mut Vec<String>) {
    match value {
        Value::Object(members) => {
            out.push(at.to_owned());
            for (key, member) in members {
                let key = key.replace('~', "~0").replace('/', "~1");
                objects(member, &format!("{at}/{key}"), out);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                objects(item, &format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// Where `validate` differs from the format's schema on purpose, when an `x-probe` member is put
/// at `pointer`: the reason, or `None` where the two must agree.
fn deliberate_difference(pointer: &str) -> Option<&'static str> {
    let segments: Vec<&str> = pointer.split('/').collect();
    let within = |name: &str| segments.contains(&name);
    if within("input") || within("structuredContent") {
        // An example's arguments or structured result are the tool's data: `validate` holds them
        // to the tool's own schemas, which the format's schema does not read.
        Some("an example's data fits its tool's schemas")
    } else if within("inputSchema") && segments.last() == Some(&"properties") {
        // A member of a tool schema's `properties` is a property named `x-probe`, whose schema
        // `true` the legacy shape (before 2025-11-25) does not have.
        Some("a legacy tool schema's properties")
    } else if segments.get(1) == Some(&"components") && segments.get(2) == Some(&"schemas") {
        // A component schema that a declaration's `requestedSchema` references: `validate`
        // follows `$componentRef` and holds it to the form vocabulary, which has no extensions.
        Some("a form schema reached through $componentRef")
    } else {
        None
    }
}

/// Where the format lets a specification extension (`x-...`) stand, `validate` lets it stand,
/// and where the format's schema refuses one, `validate` refuses it: an `x-probe` member is put
/// in every object of every valid public fixture, one at a time, and the two judges must agree
/// on each document, but for the differences `deliberate_difference` lists, each of which must
/// still occur.
#[test]
fn specification_extensions_stand_where_the_formats_schema_lets_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/conformance/mcpdesc-0.8.0");
    let mut names: Vec<_> = ["expected-valid", "expected-warning"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root.join(dir)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    names.sort();
    let (mut judged, mut disagreements) = (0, Vec::new());
    let mut deliberate = std::collections::BTreeMap::new();
    for path in names {
        let text = std::fs::read_to_string(&path).unwrap();
        let document: Value = serde_json::from_str(&text).unwrap();
        if !schema_errors(&document).is_empty() || !validate(&document).is_valid() {
            continue;
        }
        let mut at = Vec::new();
        objects(&document, "", &mut at);
        for pointer in at {
            let mut probed = document.clone();
            let Some(Value::Object(members)) = probed.pointer_mut(&pointer) else {
                continue;
            };
            if members.contains_key("x-probe") {
                continue;
            }
            members.insert("x-probe".to_owned(), json!(true));
            let schema_says = schema_errors(&probed).is_empty();
            let report = validate(&probed);
            let we_say = report.is_valid();
            judged += 1;
            if schema_says != we_say
                && let Some(reason) = deliberate_difference(&pointer)
            {
                *deliberate.entry(reason).or_insert(0) += 1;
            } else if schema_says != we_say {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                let ours: Vec<String> = report
                    .diagnostics()
                    .iter()
                    .filter(|d| d.severity == Severity::Error)
                    .map(|d| format!("{} {}", d.code, d.path))
                    .collect();
                disagreements.push(format!(
                    "{name} {pointer:?}: schema {}, validate {} {ours:?}",
                    if schema_says { "accepts" } else { "refuses" },
                    if we_say { "accepts" } else { "refuses" },
                ));
            }
        }
    }
    assert!(judged > 500, "{judged} documents judged");
    assert_eq!(
        deliberate.len(),
        3,
        "each deliberate difference occurs: {deliberate:?}"
    );
    assert!(
        disagreements.is_empty(),
        "{} of {judged}:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}
