//! The contract check holds a request to the wire and to its declaration: each probe that a user
//! found matched wrongly (or refused wrongly), through `check_description` (against the built
//! description) and `check_registered` (against the registry), and the requests `prepare` sends,
//! which must match on every version.
#![allow(clippy::restriction)]

use mcpdesc_runtime::choices::{ChoiceList, FormChoices};
use mcpdesc_runtime::contract::{self, Reason};
use mcpdesc_runtime::description::{Description, Info, Tool};
use mcpdesc_runtime::registry::Primitive;
use mcpdesc_runtime::{ElicitationForm, ProtocolVersion, elicitation};
use serde_json::{Value, json};

/// A form whose choices come at run time: a single-select and a multi-select.
#[derive(ElicitationForm)]
struct Pick {
    #[form(runtime_choices)]
    assignee: String,
    #[form(runtime_choices, min_items = 1)]
    watchers: Vec<String>,
    star: bool,
    repository: String,
}

/// A form whose schema is complete at compile time.
#[derive(ElicitationForm)]
struct Note {
    note: String,
    star: bool,
}

#[elicitation(name = "pick", form = Pick, message = "Who?", protocol_versions = ["2025-11-25", "2026-07-28"])]
#[elicitation(name = "note", form = Note, message = "A note?")]
fn probe() {}

const TOOL: Primitive = Primitive::Tool("probe");

fn description() -> Value {
    probe();
    let doc = Description::builder(Info::new("contract", "1.0.0"))
        .protocol_versions([
            ProtocolVersion::V2025_06_18,
            ProtocolVersion::V2025_11_25,
            ProtocolVersion::V2026_07_28,
        ])
        .tool(Tool::new("probe"))
        .registered_elicitations()
        .build()
        .unwrap();
    doc.as_value().clone()
}

/// What `prepare` sends for `Pick` on `version`.
fn filled(version: ProtocolVersion) -> Value {
    let fill = PickChoices {
        assignee: ChoiceList::titled([("al", "Al"), ("bo", "Bo")]),
        watchers: ChoiceList::titled([("cy", "Cy"), ("di", "Di")]),
        defaults: PickDefaults::default(),
    };
    let filled = fill.prepare(Some(version)).unwrap();
    json!({"mode": "form", "message": "Who?", "requestedSchema": filled.requested_schema().to_value()})
}

fn note(version: ProtocolVersion) -> Value {
    let _ = version;
    json!({"mode": "form", "message": "A note?", "requestedSchema": Note::requested_schema().to_value()})
}

/// The verdicts of both checks, which must agree.
fn verdict(params: &Value, version: ProtocolVersion) -> Result<String, Vec<Reason>> {
    let doc = description();
    let described = contract::check_description(&doc, TOOL, version, params)
        .map(|m| m.name().to_owned())
        .map_err(|e| e.reasons().to_vec());
    let registered = contract::check_registered(TOOL, version, params)
        .map(|d| d.name().to_owned())
        .map_err(|e| e.reasons().to_vec());
    assert_eq!(
        described.is_ok(),
        registered.is_ok(),
        "{described:?} / {registered:?}"
    );
    described
}

fn with(mut params: Value, property: &str, edit: impl FnOnce(&mut Value)) -> Value {
    edit(&mut params["requestedSchema"]["properties"][property]);
    params
}

const V25: ProtocolVersion = ProtocolVersion::V2025_11_25;

#[test]
fn what_fill_sends_matches_on_every_version() {
    for version in [
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ] {
        // A multi-select does not exist on 2025-06-18, where `pick` is out of scope.
        if version != ProtocolVersion::V2025_06_18 {
            assert_eq!(
                verdict(&filled(version), version),
                Ok("pick".into()),
                "{version}"
            );
        }
        assert_eq!(
            verdict(&note(version), version),
            Ok("note".into()),
            "{version}"
        );
    }
}

#[test]
fn a_run_time_single_select_without_usable_choices_is_refused() {
    let probes = [
        ("empty", json!({"type": "string", "enum": []})),
        (
            "not strings",
            json!({"type": "string", "enum": [1, {"x": 2}]}),
        ),
        (
            "not lists",
            json!({"type": "string", "oneOf": "nope", "enumNames": 7}),
        ),
        ("no choices", json!({"type": "string"})),
        ("twice", json!({"type": "string", "enum": ["al", "al"]})),
    ];
    for (what, assignee) in probes {
        let params = with(filled(V25), "assignee", |p| *p = assignee);
        assert!(verdict(&params, V25).is_err(), "{what}: {params}");
    }
}

#[test]
fn a_run_time_multi_select_of_other_items_is_refused() {
    let params = with(filled(V25), "watchers", |p| {
        p["items"] = json!({"type": "integer", "enum": [1, 2]});
    });
    assert!(verdict(&params, V25).is_err(), "{params}");
    let params = with(filled(V25), "watchers", |p| {
        p["items"] = json!({"type": "string", "enum": ["cy", "cy"]});
    });
    assert!(verdict(&params, V25).is_err(), "{params}");
}

#[test]
fn vocabulary_the_version_does_not_have_is_refused() {
    // 2025-06-18 has no `oneOf` and no default on a string.
    let v = ProtocolVersion::V2025_06_18;
    let params = json!({"mode": "form", "message": "A note?", "requestedSchema": {
        "type": "object",
        "properties": {
            "note": {"type": "string", "oneOf": [{"const": "a", "title": "A"}], "default": "a"},
            "star": {"type": "boolean"}
        },
        "required": ["note", "star"]
    }});
    let refused = verdict(&params, v).unwrap_err();
    assert!(
        matches!(&refused[..], [Reason::NotAFormRequest { version, .. }] if *version == v),
        "{refused:?}"
    );
}

#[test]
fn required_is_a_set_of_distinct_names() {
    let mut params = note(V25);
    params["requestedSchema"]["required"] = json!(["star", "note"]);
    assert_eq!(verdict(&params, V25), Ok("note".into()));
    params["requestedSchema"]["required"] = json!(["star", "note", "star"]);
    assert!(verdict(&params, V25).is_err());
    params["requestedSchema"]["required"] = json!(["star"]);
    assert!(verdict(&params, V25).is_err());
}

#[test]
fn choices_filled_into_a_static_field_are_refused() {
    // The builder lists a form's run-time fields; a static form has no list, and no run-time
    // field.
    let doc = description();
    let declared = &doc["tools"][0]["elicitations"];
    let note = declared
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["name"] == "note")
        .unwrap();
    assert!(note.get("x-mcpdesc-runtime-choices").is_none(), "{note}");
    let params = with(self::note(V25), "note", |p| {
        p["enum"] = json!(["a", "b"]);
    });
    assert!(verdict(&params, V25).is_err(), "{params}");
}

/// Checks `note` against `doc`, finds the reason `pick` reads a code and a pointer from, and
/// asserts that the validator reports that code at that pointer; returns the pointer.
fn said_as_the_validator_says(
    doc: &Value,
    what: &str,
    pick: impl Fn(&Reason) -> Option<(mcpdesc_runtime::diagnostics::Code, String)>,
) -> String {
    let reasons = contract::check_description(doc, TOOL, V25, &note(V25))
        .unwrap_err()
        .reasons()
        .to_vec();
    let (code, pointer) = reasons
        .iter()
        .find_map(pick)
        .unwrap_or_else(|| panic!("{what}: {reasons:?}"));
    let report = mcpdesc_check::validate(doc);
    assert!(
        report
            .diagnostics()
            .iter()
            .any(|d| d.code == code && d.path == pointer),
        "{what}: the validator says no {code} at {pointer}: {report}"
    );
    pointer
}

/// The scopes a declaration depends on, its primitive's and the document's, are read as the
/// validator reads them too: one that cannot be read, or that leaves its parent's, is said with
/// the validator's code at its pointer, and no request matches through it.
#[test]
fn a_broken_scope_above_the_declaration_or_outside_its_parent_is_reported_as_the_validator_does() {
    // What breaks, how (given the value), the value, and the pointer the report names.
    type Break = (&'static str, fn(&mut Value, Value), Value, &'static str);
    let outside = json!(["2025-06-18", "2025-11-25"]);
    let cases: [Break; 6] = [
        (
            "the tool's, unknown",
            |d, v| d["tools"][0]["protocolVersions"] = v,
            json!(["2025-11-25", "2025-13-01"]),
            "/tools/0/protocolVersions/1",
        ),
        (
            "the tool's, empty",
            |d, v| d["tools"][0]["protocolVersions"] = v,
            json!([]),
            "/tools/0/protocolVersions",
        ),
        (
            "the document's, not a list",
            |d, v| d["protocolVersions"] = v,
            json!("2025-11-25"),
            "/protocolVersions",
        ),
        (
            "the document's, missing",
            |d, _| {
                d.as_object_mut().unwrap().remove("protocolVersions");
            },
            Value::Null,
            "",
        ),
        (
            "the tool's, outside the document's",
            |d, v| {
                d["protocolVersions"] = json!(["2025-11-25", "2026-07-28"]);
                d["tools"][0]["protocolVersions"] = v;
            },
            outside.clone(),
            "/tools/0/protocolVersions",
        ),
        (
            "the declaration's, outside the tool's",
            |d, v| {
                d["tools"][0]["protocolVersions"] = json!(["2025-11-25", "2026-07-28"]);
                let note = d["tools"][0]["elicitations"]
                    .as_array_mut()
                    .unwrap()
                    .iter_mut()
                    .find(|d| d["name"] == "note")
                    .unwrap();
                note["protocolVersions"] = v;
            },
            outside,
            "/tools/0/elicitations/NOTE/protocolVersions",
        ),
    ];
    for (what, breaks, value, expected) in cases {
        let mut doc = description();
        let note_index = doc["tools"][0]["elicitations"]
            .as_array()
            .unwrap()
            .iter()
            .position(|d| d["name"] == "note")
            .unwrap();
        breaks(&mut doc, value);
        // The request itself is one the declaration would take on 2025-11-25.
        let pointer = said_as_the_validator_says(&doc, what, |r| match r {
            Reason::InvalidScope {
                declaration,
                code,
                pointer,
                ..
            } if declaration == "note" => Some((*code, pointer.clone())),
            _ => None,
        });
        assert_eq!(
            pointer,
            expected.replace("NOTE", &note_index.to_string()),
            "{what}"
        );
    }
}

/// A broken `$componentRef` is said by the contract check as the validator says it: the same code
/// at the same pointer, for a missing component, one in another namespace, and a cycle.
#[test]
fn a_reference_that_does_not_resolve_is_reported_as_the_validator_reports_it() {
    let breaks: [(&str, Value, Value); 3] = [
        (
            "missing",
            json!({"$componentRef": "#/components/schemas/Missing"}),
            json!({}),
        ),
        (
            "another namespace",
            json!({"$componentRef": "#/components/parameters/Note"}),
            json!({}),
        ),
        (
            "a cycle",
            json!({"$componentRef": "#/components/schemas/A"}),
            json!({
                "A": {"$componentRef": "#/components/schemas/B"},
                "B": {"$componentRef": "#/components/schemas/A"}
            }),
        ),
    ];
    for (what, reference, extra) in breaks {
        let mut doc = description();
        for (name, schema) in extra.as_object().unwrap() {
            doc["components"]["schemas"][name] = schema.clone();
        }
        let (i, note) = doc["tools"][0]["elicitations"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .enumerate()
            .find(|(_, d)| d["name"] == "note")
            .unwrap();
        note["requestedSchema"] = reference;
        let pointer = said_as_the_validator_says(&doc, what, |r| match r {
            Reason::UnresolvedReference {
                declaration,
                code,
                pointer,
                ..
            } if declaration == "note" => Some((*code, pointer.clone())),
            _ => None,
        });
        assert!(
            pointer.starts_with(&format!("/tools/0/elicitations/{i}/requestedSchema"))
                || pointer.starts_with("/components/schemas/"),
            "{what}: {pointer}"
        );
    }
}

/// A recorded transcript names its primitives with strings it owns: the checks borrow them.
#[test]
fn names_that_come_from_data_are_borrowed() {
    use mcpdesc_runtime::registry::PrimitiveName;
    let recorded: Value =
        serde_json::from_str(r#"{"tool": "probe", "other": "no_such_tool"}"#).unwrap();
    let tool = recorded["tool"].as_str().unwrap().to_owned();
    let doc = description();
    let named = PrimitiveName::Tool(&tool);
    assert_eq!(
        contract::check_description(&doc, named, V25, &note(V25))
            .unwrap()
            .name(),
        "note"
    );
    assert_eq!(
        contract::check_registered(named, V25, &note(V25))
            .unwrap()
            .name(),
        "note"
    );
    let other = recorded["other"].as_str().unwrap().to_owned();
    let refused = contract::check_registered(PrimitiveName::Tool(&other), V25, &note(V25));
    assert_eq!(refused.unwrap_err().reasons()[0], Reason::UnknownPrimitive);
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    /// Distinct, non-empty choice values with their titles.
    fn choices() -> impl Strategy<Value = Vec<(String, String)>> {
        proptest::collection::btree_set("[a-z]{1,6}", 1..6).prop_map(|values| {
            values
                .into_iter()
                .map(|v| {
                    let title = format!("Title {v}");
                    (v, title)
                })
                .collect()
        })
    }

    fn request(
        version: ProtocolVersion,
        assignee: &[(String, String)],
        watchers: &[(String, String)],
    ) -> Value {
        let fill = PickChoices {
            assignee: ChoiceList::titled(assignee.iter().cloned()),
            watchers: ChoiceList::titled(watchers.iter().cloned()),
            defaults: PickDefaults {
                assignee: assignee.first().map(|(v, _)| v.clone()),
                ..PickDefaults::default()
            },
        };
        let filled = fill.prepare(Some(version)).unwrap();
        json!({"mode": "form", "message": "Who?", "requestedSchema": filled.requested_schema().to_value()})
    }

    /// One change to a request, that leaves its declared shape, its version's vocabulary or its
    /// run-time kinds.
    #[derive(Debug, Clone)]
    enum Change {
        StaticTitle,
        StaticType,
        ExtraMember,
        RequiredDropped,
        RequiredUnknown,
        ChoicesEmptied,
        ChoiceTwice,
        ChoiceNotAString,
        ItemsOfIntegers,
        DefaultOutsideChoices,
        PropertyDropped,
        PropertyAdded,
    }

    fn change() -> impl Strategy<Value = Change> {
        prop_oneof![
            Just(Change::StaticTitle),
            Just(Change::StaticType),
            Just(Change::ExtraMember),
            Just(Change::RequiredDropped),
            Just(Change::RequiredUnknown),
            Just(Change::ChoicesEmptied),
            Just(Change::ChoiceTwice),
            Just(Change::ChoiceNotAString),
            Just(Change::ItemsOfIntegers),
            Just(Change::DefaultOutsideChoices),
            Just(Change::PropertyDropped),
            Just(Change::PropertyAdded),
        ]
    }

    fn apply(params: &mut Value, change: &Change) {
        let schema = &mut params["requestedSchema"];
        let props = &mut schema["properties"];
        match change {
            Change::StaticTitle => props["repository"]["title"] = json!("Renamed"),
            Change::StaticType => props["star"]["type"] = json!("string"),
            Change::ExtraMember => props["repository"]["maxLength"] = json!(3),
            Change::RequiredDropped => schema["required"] = json!(["assignee"]),
            Change::RequiredUnknown => {
                schema["required"]
                    .as_array_mut()
                    .unwrap()
                    .push(json!("nobody"));
            }
            Change::ChoicesEmptied => props["assignee"]["oneOf"] = json!([]),
            Change::ChoiceTwice => {
                let first = props["assignee"]["oneOf"][0].clone();
                props["assignee"]["oneOf"]
                    .as_array_mut()
                    .unwrap()
                    .push(first);
            }
            Change::ChoiceNotAString => {
                props["assignee"]["oneOf"][0]["const"] = json!(7);
            }
            Change::ItemsOfIntegers => {
                props["watchers"]["items"] = json!({"type": "integer", "enum": [1, 2]});
            }
            Change::DefaultOutsideChoices => props["assignee"]["default"] = json!("nobody-at-all"),
            Change::PropertyDropped => {
                props.as_object_mut().unwrap().shift_remove("star");
            }
            Change::PropertyAdded => props["extra"] = json!({"type": "boolean"}),
        }
    }

    proptest! {
        #[test]
        fn what_fill_sends_matches_and_every_single_change_is_refused(
            assignee in choices(),
            watchers in choices(),
            later in any::<bool>(),
            change in change(),
        ) {
            let version = if later { ProtocolVersion::V2026_07_28 } else { ProtocolVersion::V2025_11_25 };
            let mut params = request(version, &assignee, &watchers);
            prop_assert_eq!(verdict(&params, version), Ok("pick".to_owned()));
            apply(&mut params, &change);
            prop_assert!(verdict(&params, version).is_err(), "{:?} passed: {}", change, params);
        }
    }
}

/// One rule, three places: a default outside its field's bounds or format is refused by the
/// derive at compile time (`tests/ui/form/default_outside_bounds.rs`), by `prepare` before sending,
/// and warned of by the validator, each through the check answers go through.
#[test]
fn a_default_that_does_not_fit_is_refused_or_warned_alike() {
    use mcpdesc_check::{Severity, validate};
    use mcpdesc_runtime::choices::ChoicesProblemKind;

    #[derive(ElicitationForm)]
    #[form(runtime_defaults)]
    struct Estimate {
        #[form(minimum = 3, maximum = 10)]
        points: u8,
        #[form(min_length = 5, format = "email")]
        contact: String,
    }

    let refused = EstimateChoices {
        defaults: EstimateDefaults {
            points: Some(1),
            contact: Some("a".into()),
        },
    }
    .prepare(Some(V25))
    .unwrap_err();
    let kinds: Vec<(&str, bool)> = refused
        .problems()
        .iter()
        .map(|p| {
            (
                p.property(),
                matches!(p.kind(), ChoicesProblemKind::Default(_)),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [("points", true), ("contact", true), ("contact", true)]
    );

    let mut schema = Estimate::requested_schema().to_value();
    schema["properties"]["points"]["default"] = json!(1);
    schema["properties"]["contact"]["default"] = json!("a");
    let doc = json!({
        "mcpdesc": "0.9.0",
        "info": {"name": "t", "version": "1"},
        "protocolVersions": ["2025-11-25"],
        "tools": [{"name": "estimate", "inputSchema": {"type": "object"}, "elicitations": [
            {"name": "estimate", "mode": "form", "message": "How big?", "requestedSchema": schema}
        ]}]
    });
    let report = validate(&doc);
    let warned: Vec<&str> = report
        .diagnostics()
        .iter()
        .filter(|d| d.code == "default-does-not-fit" && d.severity == Severity::Warning)
        .map(|d| d.path.as_str())
        .collect();
    assert_eq!(
        warned,
        [
            "/tools/0/elicitations/0/requestedSchema/properties/points/default",
            "/tools/0/elicitations/0/requestedSchema/properties/contact/default"
        ],
        "{report}"
    );
    // Defaults that fit are not warned of.
    let mut fits = doc.clone();
    let props = &mut fits["tools"][0]["elicitations"][0]["requestedSchema"]["properties"];
    props["points"]["default"] = json!(5);
    props["contact"]["default"] = json!("ann@example.com");
    assert!(
        !validate(&fits)
            .diagnostics()
            .iter()
            .any(|d| d.code == "default-does-not-fit")
    );
}

/// A declaration's `protocolVersions` that cannot be read is said by the contract check as the
/// validator says it: the same code at the same pointer, for a version it does not know, one
/// listed twice, and an empty list.
#[test]
fn a_scope_that_cannot_be_read_is_reported_as_the_validator_reports_it() {
    for (what, scope) in [
        ("unknown", json!(["2025-11-25", "2025-13-01"])),
        ("twice", json!(["2025-11-25", "2025-11-25"])),
        ("empty", json!([])),
        ("not a list", json!("2025-11-25")),
    ] {
        let mut doc = description();
        let note = doc["tools"][0]["elicitations"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|d| d["name"] == "note")
            .unwrap();
        note["protocolVersions"] = scope;
        said_as_the_validator_says(&doc, what, |r| match r {
            Reason::InvalidScope {
                declaration,
                code,
                pointer,
                ..
            } if declaration == "note" => Some((*code, pointer.clone())),
            _ => None,
        });
    }
}
