//! Forms whose choices are given at run time: the schema sent per protocol version (byte for byte), answers
//! checked against the choices that were sent, and run-time parts refused before sending.

use std::collections::BTreeSet;

use mcpdesc_runtime::choices::{ChoiceList, ChoicesProblemKind, FormChoices, Prepared};
use mcpdesc_runtime::registry::Primitive;
use mcpdesc_runtime::{
    ElicitationEnum, ElicitationForm, MAX_ITEM_PROBLEMS, ProblemKind, ProtocolVersion, VersionSet,
    contract, elicitation,
};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

mod support;

#[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq)]
#[form(rename_all = "lowercase")]
enum Severity {
    Minor,
    Major,
}

/// Every kind of field, one of them with run-time choices.
#[derive(ElicitationForm, Debug, PartialEq)]
struct Assign {
    /// Teammate login.
    #[form(title = "Assignee", runtime_choices)]
    assignee: String,
    #[form(min_length = 1, max_length = 20)]
    title: String,
    #[form(format = "email")]
    cc: Option<String>,
    #[form(minimum = 1, maximum = 13)]
    estimate: Option<u8>,
    ratio: Option<f64>,
    notify: Option<bool>,
    severity: Option<Severity>,
}

/// A run-time multi-select: fits 2025-11-25 and later only.
#[derive(ElicitationForm, Debug, PartialEq)]
struct Label {
    #[form(runtime_choices, min_items = 1, max_items = 2)]
    labels: BTreeSet<String>,
    #[form(runtime_choices)]
    watchers: Option<Vec<String>>,
}

/// No run-time choices, but run-time defaults (`#[form(runtime_defaults)]`).
#[derive(ElicitationForm, Debug, PartialEq)]
#[form(runtime_defaults)]
struct Edit {
    #[form(min_length = 1, max_length = 80)]
    title: String,
    #[form(default = true)]
    notify: bool,
}

fn assign_fill(choices: ChoiceList) -> AssignChoices {
    AssignChoices {
        assignee: choices,
        defaults: AssignDefaults::default(),
    }
}

/// The filled schema's wire JSON, which copies the static properties' kept bytes: always what
/// serializing the whole filled schema writes.
fn wire<F: ElicitationForm>(filled: &Prepared<F>) -> &str {
    let wire = filled.requested_schema().wire_json();
    assert_eq!(
        wire,
        serde_json::to_string(filled.requested_schema()).unwrap(),
        "the spliced wire JSON is the serialized schema"
    );
    wire
}

/// Each problem of `err` as its property and its kind, in order.
fn fill_problems(err: &mcpdesc_runtime::choices::ChoicesError) -> Vec<(&str, ChoicesProblemKind)> {
    err.problems()
        .iter()
        .map(|p| (p.property(), p.kind().clone()))
        .collect()
}

/// The problems of `read`, each of the property `watchers`.
fn watcher_problems<T>(read: &Result<T, mcpdesc_runtime::ContentError>) -> Vec<ProblemKind> {
    match read {
        Ok(_) => Vec::new(),
        Err(err) => err
            .problems()
            .iter()
            .map(|p| {
                assert_eq!(p.property(), "watchers");
                p.kind().clone()
            })
            .collect(),
    }
}

/// What a multi-select answer of `items` should be told, item by item in order: a string
/// outside `choices` (none is, for choices not given yet), an item that is not a string (an
/// integer, here), never a repeat (the schema has no `uniqueItems`); past the first `MAX_ITEM_PROBLEMS`, one problem that counts the rest.
fn expected_item_problems(items: &[Value], choices: Option<&[String]>) -> Vec<ProblemKind> {
    let listed: Option<std::sync::Arc<[String]>> = choices.map(Into::into);
    let mut expected = Vec::new();
    for (index, item) in items.iter().enumerate() {
        let Value::String(v) = item else {
            expected.push(ProblemKind::ItemWrongType {
                index,
                found: mcpdesc_runtime::JsonType::Integer,
            });
            continue;
        };
        if let Some(listed) = listed.as_ref().filter(|l| !l.contains(v)) {
            expected.push(ProblemKind::ItemNotAChoice {
                index,
                value: v.clone(),
                choices: listed.clone(),
            });
        }
    }
    if expected.len() > MAX_ITEM_PROBLEMS {
        let count = expected.len() - MAX_ITEM_PROBLEMS;
        expected.truncate(MAX_ITEM_PROBLEMS);
        expected.push(ProblemKind::MoreItemProblems { count });
    }
    expected
}

/// `Label` filled with the one label "bug" and `watchers` as its untitled watchers.
fn bug_with_watchers(watchers: &[String]) -> Prepared<Label> {
    LabelChoices {
        labels: ChoiceList::untitled(["bug"]),
        watchers: ChoiceList::untitled(watchers.iter().cloned()),
        defaults: LabelDefaults::default(),
    }
    .prepare(None)
    .unwrap()
}

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => panic!("not an object"),
    }
}

#[test]
fn the_static_shape_of_run_time_choices_is_a_plain_string_or_an_empty_enum() {
    assert_eq!(
        Assign::requested_schema().wire_json(),
        r#"{"type":"object","properties":{"assignee":{"type":"string","title":"Assignee","description":"Teammate login."},"title":{"type":"string","minLength":1,"maxLength":20},"cc":{"type":"string","format":"email"},"estimate":{"type":"integer","minimum":1,"maximum":13},"ratio":{"type":"number"},"notify":{"type":"boolean"},"severity":{"type":"string","enum":["minor","major"]}},"required":["assignee","title"]}"#
    );
    assert_eq!(
        Label::requested_schema().wire_json(),
        r#"{"type":"object","properties":{"labels":{"type":"array","minItems":1,"maxItems":2,"items":{"type":"string","enum":[]}},"watchers":{"type":"array","items":{"type":"string","enum":[]}}},"required":["labels"]}"#
    );
    assert_eq!(Assign::PROTOCOL_VERSIONS, VersionSet::FORM_MODE);
    assert_eq!(Label::PROTOCOL_VERSIONS, VersionSet::URL_MODE);
    // The static shapes are valid restricted schemas.
    for schema in [Assign::requested_schema(), Label::requested_schema()] {
        mcpdesc_format::diagnostics::parse_requested_schema(&schema.to_value()).unwrap();
    }
}

#[test]
fn untitled_choices_are_an_enum_on_every_version() {
    for version in [
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ] {
        let filled = assign_fill(ChoiceList::untitled(["alice", "bob"]))
            .prepare(Some(version))
            .unwrap();
        assert!(
            wire(&filled).starts_with(
                r#"{"type":"object","properties":{"assignee":{"type":"string","title":"Assignee","description":"Teammate login.","enum":["alice","bob"]},"title":{"type":"string","minLength":1"#
            ),
            "{version}: {}",
            wire(&filled)
        );
    }
}

#[test]
fn titled_choices_and_defaults_per_version() {
    let fill = || AssignChoices {
        assignee: ChoiceList::titled([("alice", "Alice"), ("bob", "Bob")]),
        defaults: AssignDefaults {
            assignee: Some("bob".into()),
            title: Some("Crash on start".into()),
            cc: Some("qa@example.com".into()),
            estimate: Some(5),
            ratio: Some(0.5),
            notify: Some(false),
            severity: Some(Severity::Major),
        },
    };
    let newer = r#"{"type":"object","properties":{"assignee":{"type":"string","title":"Assignee","description":"Teammate login.","oneOf":[{"const":"alice","title":"Alice"},{"const":"bob","title":"Bob"}],"default":"bob"},"title":{"type":"string","minLength":1,"maxLength":20,"default":"Crash on start"},"cc":{"type":"string","format":"email","default":"qa@example.com"},"estimate":{"type":"integer","minimum":1,"maximum":13,"default":5},"ratio":{"type":"number","default":0.5},"notify":{"type":"boolean","default":false},"severity":{"type":"string","enum":["minor","major"],"default":"major"}},"required":["assignee","title"]}"#;
    for version in [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28] {
        assert_eq!(
            wire(&fill().prepare(Some(version)).unwrap()),
            newer,
            "{version}"
        );
    }
    assert_eq!(wire(&fill().prepare(None).unwrap()), newer);
    // 2025-06-18: titles as `enumNames`, and only the boolean default.
    assert_eq!(
        wire(&fill().prepare(Some(ProtocolVersion::V2025_06_18)).unwrap()),
        r#"{"type":"object","properties":{"assignee":{"type":"string","title":"Assignee","description":"Teammate login.","enum":["alice","bob"],"enumNames":["Alice","Bob"]},"title":{"type":"string","minLength":1,"maxLength":20},"cc":{"type":"string","format":"email"},"estimate":{"type":"integer","minimum":1,"maximum":13},"ratio":{"type":"number"},"notify":{"type":"boolean","default":false},"severity":{"type":"string","enum":["minor","major"]}},"required":["assignee","title"]}"#
    );
}

#[test]
fn every_filled_schema_is_valid_in_its_version() {
    let versions = [
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ];
    for version in versions {
        let filled = AssignChoices {
            assignee: ChoiceList::titled([("a", "A"), ("b", "B")]),
            defaults: AssignDefaults {
                assignee: Some("a".into()),
                estimate: Some(2),
                ..AssignDefaults::default()
            },
        }
        .prepare(Some(version))
        .unwrap();
        let schema = filled.requested_schema();
        assert!(schema.protocol_versions().contains(version), "{version}");
        mcpdesc_format::diagnostics::parse_requested_schema(&schema.to_value()).unwrap();
    }
}

#[test]
fn multi_selects_with_run_time_choices() {
    let filled = LabelChoices {
        labels: ChoiceList::titled([("bug", "Bug"), ("docs", "Docs")]),
        watchers: ChoiceList::untitled(["ann", "ben"]),
        defaults: LabelDefaults {
            labels: Some(BTreeSet::from(["docs".to_owned()])),
            watchers: None,
        },
    }
    .prepare(Some(ProtocolVersion::V2025_11_25))
    .unwrap();
    assert_eq!(
        wire(&filled),
        r#"{"type":"object","properties":{"labels":{"type":"array","minItems":1,"maxItems":2,"items":{"anyOf":[{"const":"bug","title":"Bug"},{"const":"docs","title":"Docs"}]},"default":["docs"]},"watchers":{"type":"array","items":{"type":"string","enum":["ann","ben"]}}},"required":["labels"]}"#
    );
    let read = filled
        .read(&object(
            json!({"labels": ["bug", "docs"], "watchers": ["ben"]}),
        ))
        .unwrap();
    assert_eq!(read.labels, BTreeSet::from(["bug".into(), "docs".into()]));
    assert_eq!(read.watchers, Some(vec!["ben".to_owned()]));

    let err = filled
        .read(&object(
            json!({"labels": ["bug", "wontfix", "bug"], "watchers": ["ann", "ann"]}),
        ))
        .unwrap_err();
    let kinds: Vec<_> = err
        .problems()
        .iter()
        .map(|p| (p.property(), p.kind()))
        .collect();
    assert!(
        matches!(
            kinds.as_slice(),
            [
                (
                    "labels",
                    ProblemKind::TooManyItems {
                        max_items: 2,
                        count: 3
                    }
                ),
                ("labels", ProblemKind::ItemNotAChoice { index: 1, .. }),
            ]
        ),
        "{err}"
    );

    // A multi-select has no place in 2025-06-18, filled or not.
    let err = LabelChoices {
        labels: ChoiceList::untitled(["bug"]),
        watchers: ChoiceList::untitled(["ann"]),
        defaults: LabelDefaults::default(),
    }
    .prepare(Some(ProtocolVersion::V2025_06_18))
    .unwrap_err();
    assert!(matches!(
        err.problems()[0].kind(),
        ChoicesProblemKind::NotInVersion {
            version: ProtocolVersion::V2025_06_18,
            ..
        }
    ));
}

#[test]
fn answers_are_checked_against_the_choices_sent() {
    let filled = assign_fill(ChoiceList::untitled(["alice", "bob"]))
        .prepare(None)
        .unwrap();
    let ok = filled
        .read(&object(json!({"assignee": "bob", "title": "Crash"})))
        .unwrap();
    assert_eq!(ok.assignee, "bob");

    let err = filled
        .read(&object(json!({"assignee": "mallory", "title": ""})))
        .unwrap_err();
    let problems: Vec<_> = err
        .problems()
        .iter()
        .map(|p| (p.property(), p.kind().clone()))
        .collect();
    assert_eq!(
        problems,
        [
            (
                "assignee",
                ProblemKind::NotAChoice {
                    value: "mallory".into(),
                    choices: vec!["alice".into(), "bob".into()].into()
                }
            ),
            (
                "title",
                ProblemKind::TooShort {
                    min_length: 1,
                    length: 0
                }
            ),
        ]
    );
    // Without the run-time part, `from_content` checks the static shape only: any string.
    assert_eq!(
        Assign::from_content(&object(json!({"assignee": "mallory", "title": "x"})))
            .unwrap()
            .assignee,
        "mallory"
    );
}

/// A multi-select answer's items outside its choices each name the list, and all of them share
/// the one list made for the answer: many wrong items against a long run-time list cost one copy
/// of it, not one per item.
#[test]
fn wrong_items_share_one_list_of_choices() {
    let watchers: Vec<String> = (0..300).map(|i| format!("user{i}")).collect();
    let filled = bug_with_watchers(&watchers);
    let wrong: Vec<Value> = (0..50).map(|i| json!(format!("stranger{i}"))).collect();
    let err = filled
        .read(&object(json!({"labels": ["bug"], "watchers": wrong})))
        .unwrap_err();
    // The first `MAX_ITEM_PROBLEMS` listed, the rest counted.
    assert_eq!(err.problems().len(), MAX_ITEM_PROBLEMS + 1, "{err}");
    assert_eq!(
        err.problems()[MAX_ITEM_PROBLEMS].kind(),
        &ProblemKind::MoreItemProblems {
            count: 50 - MAX_ITEM_PROBLEMS
        }
    );
    let lists: Vec<&std::sync::Arc<[String]>> = err.problems()[..MAX_ITEM_PROBLEMS]
        .iter()
        .enumerate()
        .map(|(i, p)| {
            assert_eq!(p.property(), "watchers");
            match p.kind() {
                ProblemKind::ItemNotAChoice {
                    index,
                    value,
                    choices,
                } => {
                    assert_eq!(
                        (*index, value.as_str()),
                        (i, format!("stranger{i}").as_str())
                    );
                    choices
                }
                other => panic!("not a wrong item: {other:?}"),
            }
        })
        .collect();
    assert_eq!(&lists[0][..], &watchers[..]);
    assert!(
        lists
            .iter()
            .all(|list| std::sync::Arc::ptr_eq(list, lists[0])),
        "every wrong item shares the first one's list"
    );
}

/// A value outside a long run-time list is told with the first ten choices and how many more
/// (the message goes back to the client); the problem itself keeps every choice.
#[test]
fn a_long_choice_list_is_shortened_in_messages_only() {
    let values = |n: usize| (0..n).map(|i| format!("user{i:02}")).collect::<Vec<_>>();
    let answer = object(json!({"assignee": "mallory", "title": "t"}));
    let filled = assign_fill(ChoiceList::untitled(values(50)))
        .prepare(None)
        .unwrap();
    let err = filled.read(&answer).unwrap_err();
    let shown = values(10)
        .iter()
        .map(|v| format!("{v:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    assert_eq!(
        err.problems()[0].to_string(),
        format!("`assignee` \"mallory\" is not one of [{shown}, and 40 more]")
    );
    assert_eq!(
        err.problems()[0].kind(),
        &ProblemKind::NotAChoice {
            value: "mallory".into(),
            choices: values(50).into()
        }
    );
    // Up to two past ten, the list is shown whole.
    let filled = assign_fill(ChoiceList::untitled(values(12)))
        .prepare(None)
        .unwrap();
    let err = filled.read(&answer).unwrap_err();
    assert!(err.to_string().contains("\"user10\", \"user11\"]"), "{err}");
    assert!(!err.to_string().contains("more"), "{err}");
}

/// Titles the user reads: one that holds a control character, or that two choices share, is
/// refused before sending, as a blank one is.
#[test]
fn choice_titles_the_user_cannot_read_apart_are_refused() {
    let err = AssignChoices {
        assignee: ChoiceList::titled([
            ("al", "Same"),
            ("bo", "Same"),
            ("cy", "Null\u{0}byte"),
            ("di", "Two\nlines"),
            ("ed", "Ed"),
        ]),
        defaults: AssignDefaults::default(),
    }
    .prepare(Some(ProtocolVersion::V2025_11_25))
    .unwrap_err();
    assert_eq!(
        fill_problems(&err),
        [
            (
                "assignee",
                ChoicesProblemKind::DuplicateChoiceTitle("Same".into())
            ),
            (
                "assignee",
                ChoicesProblemKind::ChoiceTitleWithControl { value: "cy".into() }
            ),
            (
                "assignee",
                ChoicesProblemKind::ChoiceTitleWithControl { value: "di".into() }
            ),
        ]
    );
    assert!(
        err.to_string()
            .contains("give each choice its own title, so the user can tell them apart"),
        "{err}"
    );
    // Distinct printable titles are sent.
    assert!(
        AssignChoices {
            assignee: ChoiceList::titled([("al", "Al"), ("bo", "Bo é")]),
            defaults: AssignDefaults::default(),
        }
        .prepare(Some(ProtocolVersion::V2025_11_25))
        .is_ok()
    );
}

#[test]
fn bad_run_time_parts_are_refused_before_sending_with_every_problem() {
    let err = AssignChoices {
        assignee: ChoiceList::titled([("alice", "Alice"), ("", "Nobody"), ("alice", " ")]),
        defaults: AssignDefaults {
            assignee: Some("carol".into()),
            title: Some("".into()),
            cc: Some("not-an-email".into()),
            estimate: Some(14),
            ..AssignDefaults::default()
        },
    }
    .prepare(Some(ProtocolVersion::V2025_11_25))
    .unwrap_err();
    let problems = fill_problems(&err);
    assert_eq!(
        problems,
        [
            ("assignee", ChoicesProblemKind::EmptyChoiceValue),
            (
                "assignee",
                ChoicesProblemKind::DuplicateChoice("alice".into())
            ),
            (
                "assignee",
                ChoicesProblemKind::EmptyChoiceTitle {
                    value: "alice".into()
                }
            ),
            (
                "assignee",
                ChoicesProblemKind::Default(ProblemKind::NotAChoice {
                    value: "carol".into(),
                    choices: vec!["alice".into(), "".into(), "alice".into()].into()
                })
            ),
            (
                "title",
                ChoicesProblemKind::Default(ProblemKind::TooShort {
                    min_length: 1,
                    length: 0
                })
            ),
            (
                "cc",
                ChoicesProblemKind::Default(ProblemKind::InvalidFormat {
                    format: mcpdesc_format::schema::StringFormat::Email,
                    value: "not-an-email".into()
                })
            ),
            (
                "estimate",
                ChoicesProblemKind::Default(ProblemKind::AboveMaximum {
                    maximum: mcpdesc_format::schema::Number::Int(13),
                    value: mcpdesc_format::schema::Number::Int(14)
                })
            ),
        ]
    );
    let text = err.to_string();
    assert!(
        text.contains("`estimate`: the default does not fit"),
        "{text}"
    );

    // A long choice is named by its first 80 characters and its length.
    let long = "x".repeat(1_000);
    let err = assign_fill(ChoiceList::titled([
        (long.as_str(), "X"),
        (long.as_str(), ""),
    ]))
    .prepare(None)
    .unwrap_err();
    let text = err.to_string();
    let named = format!("the choice {:?}\u{2026} (1000 characters)", &long[..80]);
    assert!(
        text.contains(&format!("{named} is given more than once"))
            && text.contains(&format!("{named} has an empty title")),
        "{text}"
    );

    let empty = assign_fill(ChoiceList::untitled(Vec::<String>::new()))
        .prepare(None)
        .unwrap_err();
    assert_eq!(empty.problems()[0].kind(), &ChoicesProblemKind::NoChoices);

    // min_items = 1 with one choice is answerable; a form asking for more than it offers is not.
    let one = LabelChoices {
        labels: ChoiceList::untitled(["bug"]),
        watchers: ChoiceList::untitled(["ann"]),
        defaults: LabelDefaults::default(),
    };
    assert!(one.prepare(None).is_ok());
    let err = PairChoices {
        two: ChoiceList::untitled(["only"]),
        defaults: PairDefaults::default(),
    }
    .prepare(None)
    .unwrap_err();
    assert_eq!(
        err.problems()[0].kind(),
        &ChoicesProblemKind::FewerChoicesThanMinItems {
            min_items: 2,
            choices: 1
        }
    );
}

#[derive(ElicitationForm, Debug)]
struct Pair {
    #[form(runtime_choices, min_items = 2)]
    two: Vec<String>,
}

#[test]
fn a_run_time_default_of_a_static_form() {
    let filled = EditChoices {
        defaults: EditDefaults {
            title: Some("Crash on start".into()),
            notify: Some(false),
        },
    }
    .prepare(Some(ProtocolVersion::V2025_11_25))
    .unwrap();
    assert_eq!(
        wire(&filled),
        r#"{"type":"object","properties":{"title":{"type":"string","minLength":1,"maxLength":80,"default":"Crash on start"},"notify":{"type":"boolean","default":false}},"required":["title","notify"]}"#
    );
    // Without a run-time default, the form's own stays.
    let filled = EditChoices {
        defaults: EditDefaults::default(),
    }
    .prepare(None)
    .unwrap();
    assert_eq!(wire(&filled), Edit::requested_schema().wire_json());
}

#[test]
fn the_choices_sent_can_be_kept_and_read_back() {
    let filled = assign_fill(ChoiceList::titled([("alice", "Alice"), ("bob", "Bob")]))
        .prepare(None)
        .unwrap();
    let kept = filled.runtime_choices();
    assert_eq!(
        Value::Object(kept.clone()),
        json!({"assignee": ["alice", "bob"]})
    );
    let again = Prepared::<Assign>::from_runtime_choices(&kept).unwrap();
    assert!(
        again
            .read(&object(json!({"assignee": "bob", "title": "t"})))
            .is_ok()
    );
    assert!(
        again
            .read(&object(json!({"assignee": "carol", "title": "t"})))
            .is_err()
    );
    // Kept state that lost its choices does not fall back to "any string".
    let err = Prepared::<Assign>::from_runtime_choices(&Map::new()).unwrap_err();
    assert_eq!(err.problems()[0].kind(), &ChoicesProblemKind::NoChoices);
}

#[elicitation(
    name = "choose_assignee",
    form = Assign,
    message = "Who should own this issue?"
)]
fn assign_issue() {}

#[test]
fn a_filled_request_matches_its_declaration_and_other_choices_do_not_break_it() {
    assign_issue();
    let tool = Primitive::Tool("assign_issue");
    for version in [
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ] {
        let filled = AssignChoices {
            assignee: ChoiceList::titled([("alice", "Alice"), ("bob", "Bob")]),
            defaults: AssignDefaults {
                assignee: Some("alice".into()),
                notify: Some(true),
                ..AssignDefaults::default()
            },
        }
        .prepare(Some(version))
        .unwrap();
        let params = json!({
            "mode": "form",
            "message": "Who should own this issue?",
            "requestedSchema": filled.requested_schema(),
        });
        let matched = contract::check_registered(tool, version, &params).unwrap();
        assert_eq!(matched.name(), "choose_assignee");
    }
    // A change outside the run-time parts is still a difference.
    let mut schema = assign_fill(ChoiceList::untitled(["alice"]))
        .prepare(None)
        .unwrap()
        .requested_schema()
        .to_value();
    schema["properties"]["title"]["maxLength"] = json!(21);
    let params =
        json!({"mode": "form", "message": "Who should own this issue?", "requestedSchema": schema});
    let err = contract::check_registered(tool, ProtocolVersion::V2025_11_25, &params).unwrap_err();
    assert!(
        err.to_string().contains("/properties/title/maxLength"),
        "{err}"
    );
}

#[elicitation(name = "pick_labels", form = Label, message = "Which labels?")]
fn label_issue() {}

#[test]
fn a_description_of_run_time_forms_is_valid_and_documents_their_static_shape() {
    use mcpdesc_runtime::description::{Description, Info, Tool};
    label_issue();
    let schema = json!({"type": "object", "properties": {"issue": {"type": "integer"}}});
    let doc = Description::builder(Info::new("tracker", "1.0.0"))
        .protocol_versions([ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28])
        .tool(Tool::new("assign_issue").input_schema(schema.clone()))
        .tool(Tool::new("label_issue").input_schema(schema))
        .tool(Tool::new("note_issue"))
        .registered_elicitations()
        .build()
        .unwrap();
    let report = mcpdesc_check::validate(doc.as_value());
    assert!(report.is_valid(), "{report:?}");
    let value = doc.as_value();
    let declared = |tool: usize| &value["tools"][tool]["elicitations"][0]["requestedSchema"];
    assert_eq!(
        declared(0)["properties"]["assignee"],
        json!({"type": "string", "title": "Assignee", "description": "Teammate login."})
    );
    assert_eq!(
        declared(1)["properties"]["labels"],
        json!({"type": "array", "minItems": 1, "maxItems": 2, "items": {"type": "string", "enum": []}})
    );
    // And what a filled request sends matches what the description declares.
    let filled = LabelChoices {
        labels: ChoiceList::untitled(["bug", "docs"]),
        watchers: ChoiceList::titled([("ann", "Ann")]),
        defaults: LabelDefaults::default(),
    }
    .prepare(Some(ProtocolVersion::V2026_07_28))
    .unwrap();
    let params = json!({"mode": "form", "message": "Which labels?", "requestedSchema": filled.requested_schema()});
    let matched = contract::check_description(
        value,
        Primitive::Tool("label_issue"),
        ProtocolVersion::V2026_07_28,
        &params,
    )
    .unwrap();
    assert_eq!(matched.name(), "pick_labels");
}

/// Items of a multi-select answer: each a choice (by index), another string, or a number.
fn run_time_items() -> impl Strategy<Value = Vec<(prop::sample::Index, u8, String)>> {
    prop::collection::vec(
        (any::<prop::sample::Index>(), any::<u8>(), "[a-z]{1,2}"),
        0..5,
    )
}

/// A multi-select answer's string items, in order.
fn strings(value: Option<&Value>) -> Vec<String> {
    value
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|i| i.as_str().map(str::to_owned))
        .collect()
}

fn choice_value() -> impl Strategy<Value = String> {
    "[a-z]{1,3}"
}

/// Values biased towards the choices offered, in objects biased towards the forms' fields.
fn json() -> impl Strategy<Value = Value> {
    support::json_biased(
        &["alice", "bug", "ann", ""],
        &["assignee", "labels", "watchers", "title"],
    )
}

proptest! {
    /// Whatever a client answers and whatever a state brings back, reading it never panics, and
    /// what is accepted holds only values that were offered.
    #[test]
    fn arbitrary_answers_and_states_never_panic(content in json(), state in json()) {
        let filled = LabelChoices {
            labels: ChoiceList::untitled(["bug", "docs"]),
            watchers: ChoiceList::untitled(["ann"]),
            defaults: LabelDefaults::default(),
        }
        .prepare(None)
        .unwrap();
        if let Value::Object(content) = &content
            && let Ok(label) = filled.read(content)
        {
            prop_assert!(label.labels.iter().all(|l| l == "bug" || l == "docs"));
            prop_assert!(label.watchers.iter().flatten().all(|w| w == "ann"));
        }
        if let Value::Object(state) = &state {
            let _ = Prepared::<Label>::from_runtime_choices(state);
            let _ = Prepared::<Assign>::from_runtime_choices(state);
        }
    }

    /// An answer is accepted exactly when it is one of the run-time choices sent.
    #[test]
    fn read_accepts_exactly_the_choices_sent(
        choices in prop::collection::btree_set(choice_value(), 1..8),
        answer in choice_value(),
    ) {
        let filled = assign_fill(ChoiceList::untitled(choices.iter().cloned())).prepare(None).unwrap();
        wire(&filled);
        let content = object(json!({"assignee": answer, "title": "t"}));
        prop_assert_eq!(filled.read(&content).is_ok(), choices.contains(&answer));
        // The same answer through the kept state.
        let kept = Prepared::<Assign>::from_runtime_choices(&filled.runtime_choices()).unwrap();
        prop_assert_eq!(kept.read(&content).is_ok(), choices.contains(&answer));
    }

    /// Each value repeated from earlier in the list is one problem, in the list's order, for
    /// short lists (checked pairwise) and long ones (checked by sorting) alike; an empty value
    /// is its own problem.
    #[test]
    fn every_repeated_choice_is_reported_once_in_order(
        values in prop::collection::vec("[a-c]{0,2}", 1..40),
    ) {
        let err = assign_fill(ChoiceList::untitled(values.iter().cloned())).prepare(None);
        let expected: Vec<ChoicesProblemKind> = values
            .iter()
            .enumerate()
            .filter_map(|(i, v)| {
                if v.is_empty() {
                    Some(ChoicesProblemKind::EmptyChoiceValue)
                } else if values[..i].contains(v) {
                    Some(ChoicesProblemKind::DuplicateChoice(v.clone()))
                } else {
                    None
                }
            })
            .collect();
        let found: Vec<ChoicesProblemKind> = match &err {
            Ok(_) => Vec::new(),
            Err(err) => fill_problems(err).into_iter().map(|(property, kind)| {
                assert_eq!(property, "assignee");
                kind
            }).collect(),
        };
        prop_assert_eq!(found, expected);
    }

    /// Against choices not given yet, a multi-select answer's items are any strings, repeats
    /// included (the schema has no `uniqueItems`): each item that is not a string is one
    /// problem, at its index, in order, for short answers and long ones alike.
    #[test]
    fn every_item_of_an_unfilled_multi_select_that_is_not_a_string_is_reported_in_order(
        items in prop::collection::vec(
            prop_oneof![4 => "[a-c]{1,2}".prop_map(Value::from), 1 => (0..3i32).prop_map(Value::from)],
            0..60,
        ),
    ) {
        let read = Label::from_content(&object(json!({"labels": ["bug"], "watchers": items})));
        prop_assert_eq!(watcher_problems(&read), expected_item_problems(&items, None));
    }

    /// Against a long run-time list, many items are found among the choices through a sorted
    /// index: each item outside the list is one problem, each item not a string another, in
    /// order, as for a short list scanned item by item; a repeated choice is none.
    #[test]
    fn every_wrong_item_against_a_long_list_is_reported_in_order(
        choices in 1usize..100,
        items in prop::collection::vec(
            prop_oneof![
                6 => (0usize..110).prop_map(|i| Value::from(format!("c{i}"))),
                1 => (0..3i32).prop_map(Value::from),
            ],
            0..60,
        ),
    ) {
        let values: Vec<String> = (0..choices).map(|i| format!("c{i}")).collect();
        let filled = bug_with_watchers(&values);
        let read = filled.read(&object(json!({"labels": ["bug"], "watchers": items})));
        prop_assert_eq!(watcher_problems(&read), expected_item_problems(&items, Some(&values)));
    }

    /// A run-time default is accepted exactly when the same value is an acceptable answer.
    #[test]
    fn a_default_fits_exactly_when_it_would_be_a_valid_answer(
        choices in prop::collection::btree_set(choice_value(), 1..5),
        default in choice_value(),
        title in "[a-z ]{0,25}",
        estimate in 0u8..20,
    ) {
        let fill = AssignChoices {
            assignee: ChoiceList::untitled(choices.iter().cloned()),
            defaults: AssignDefaults {
                assignee: Some(default.clone()),
                title: Some(title.clone()),
                estimate: Some(estimate),
                ..AssignDefaults::default()
            },
        };
        let valid = assign_fill(ChoiceList::untitled(choices.iter().cloned()))
            .prepare(None)
            .unwrap()
            .read(&object(json!({"assignee": default, "title": title, "estimate": estimate})))
            .is_ok();
        let filled = fill.prepare(Some(ProtocolVersion::V2025_11_25));
        prop_assert_eq!(filled.is_ok(), valid);
        if let Ok(filled) = filled {
            wire(&filled);
        }
    }

    /// An answer to run-time multi-selects (many choices or few, items among them or not,
    /// repeated, too many or too few, of other types, absent or null) is read exactly as the
    /// schema sent checks it: accepted with the items as answered, or refused with the same
    /// problems. A valid answer is proven in one pass (a bit per choice among the first 64),
    /// anything else read in full; the two must not disagree.
    #[test]
    fn run_time_multi_selects_read_as_the_schema_sent_checks_them(
        choices in prop::collection::btree_set("[a-z]{1,2}", 1..90),
        labels in run_time_items(),
        watchers in prop::option::of(run_time_items()),
    ) {
        let choices: Vec<String> = choices.into_iter().collect();
        let pick = |items: &Vec<(prop::sample::Index, u8, String)>| -> Value {
            Value::Array(
                items
                    .iter()
                    .map(|(index, how, other)| match how % 5 {
                        // Any choice, past the first 64 too.
                        0 => json!(index.get(&choices)),
                        // One of the first two or the last (often repeated).
                        1 => json!(choices.get(index.index(2)).unwrap_or(&choices[0])),
                        2 => json!(choices.last()),
                        3 => json!(other),
                        _ => json!(1),
                    })
                    .collect(),
            )
        };
        let mut content = Map::new();
        content.insert("labels".into(), pick(&labels));
        match &watchers {
            Some(w) if w.len() == 4 => { content.insert("watchers".into(), Value::Null); }
            Some(w) => { content.insert("watchers".into(), pick(w)); }
            None => {}
        }
        let filled = LabelChoices {
            labels: ChoiceList::untitled(choices.iter().cloned()),
            watchers: ChoiceList::untitled(choices.iter().take(3).cloned()),
            defaults: LabelDefaults::default(),
        }
        .prepare(None)
        .unwrap();
        // Prepared, and the static shape (run-time lists not given: any strings).
        for (read, checked) in [
            (filled.read(&content), filled.requested_schema().check_content(&content)),
            (Label::from_content(&content), Label::requested_schema().check_content(&content)),
        ] {
            match (read, checked) {
                (Ok(read), Ok(())) => {
                    prop_assert_eq!(read.labels, strings(content.get("labels")).into_iter().collect::<BTreeSet<_>>());
                    let watchers = content.get("watchers").filter(|w| !w.is_null());
                    prop_assert_eq!(read.watchers, watchers.map(|w| strings(Some(w))));
                }
                (Err(read), Err(checked)) => prop_assert_eq!(read.to_string(), checked.to_string()),
                (read, checked) => prop_assert!(false, "read {:?}, checked {:?}", read, checked),
            }
        }
    }

    /// A request of a declared form changed at any one place (a member removed, or a value
    /// replaced by arbitrary JSON) is matched exactly when the change is in what a server may
    /// fill at run time (the run-time choice field, a default), in the message's wording, or
    /// leaves the request as it was; anything else is a difference, reported without a panic. Arbitrary params never
    /// panic either, and never match.
    #[test]
    fn a_request_changed_anywhere_matches_only_where_run_time_parts_may_differ(
        at in any::<prop::sample::Index>(),
        remove in any::<bool>(),
        replacement in json(),
        arbitrary in json(),
        version in 0..3usize,
    ) {
        assign_issue();
        let tool = Primitive::Tool("assign_issue");
        let version = [
            ProtocolVersion::V2025_06_18,
            ProtocolVersion::V2025_11_25,
            ProtocolVersion::V2026_07_28,
        ][version];
        let filled = assign_fill(ChoiceList::untitled(["alice", "bob"])).prepare(Some(version)).unwrap();
        let params = json!({
            "mode": "form",
            "message": "Who should own this issue?",
            "requestedSchema": filled.requested_schema(),
        });
        prop_assert!(contract::check_registered(tool, version, &params).is_ok());
        prop_assert!(contract::check_registered(tool, version, &arbitrary).is_err());

        let paths = support::pointers(&params);
        let path = at.get(&paths);
        let mut changed = params.clone();
        let removed = remove && support::remove_member(&mut changed, path).is_some();
        if !removed && let Some(v) = changed.pointer_mut(path) {
            *v = replacement.clone();
        }
        // §12.2: a declaration's message may be representative wording, so other wording
        // still matches (as a note); a message that is not a string does not.
        let reworded = path == "/message" && changed["message"].is_string();
        let run_time = path.starts_with("/requestedSchema/properties/assignee")
            || path.split('/').any(|s| s == "default")
            || (removed && path == "/mode")
            || reworded;
        let result = contract::check_registered(tool, version, &changed);
        // JSON compares numbers by value (`20` is `20.0`).
        let same_number = params.pointer(path).and_then(Value::as_f64).is_some()
            && params.pointer(path).and_then(Value::as_f64) == changed.pointer(path).and_then(Value::as_f64);
        if changed == params || same_number {
            prop_assert!(result.is_ok(), "{}", path);
        } else if !run_time {
            prop_assert!(result.is_err(), "{} changed to {} ({})", path, changed, removed);
        }
        if let Ok(declaration) = result {
            prop_assert_eq!(declaration.name(), "choose_assignee");
        }
    }

    /// Prepared multi-selects hold distinct choices, and the schema sent serializes to a valid
    /// restricted schema of the version.
    #[test]
    fn filled_multi_selects_are_valid_schemas(
        labels in prop::collection::vec(choice_value(), 1..6),
        titled in any::<bool>(),
    ) {
        let list = if titled {
            ChoiceList::titled(labels.iter().map(|l| (l.clone(), l.to_uppercase())))
        } else {
            ChoiceList::untitled(labels.iter().cloned())
        };
        let distinct: BTreeSet<_> = labels.iter().collect();
        let result = LabelChoices {
            labels: list,
            watchers: ChoiceList::untitled(["w"]),
            defaults: LabelDefaults::default(),
        }
        .prepare(Some(ProtocolVersion::V2026_07_28));
        prop_assert_eq!(result.is_ok(), distinct.len() == labels.len());
        if let Ok(filled) = result {
            let value: Value = serde_json::from_str(wire(&filled)).unwrap();
            prop_assert!(mcpdesc_format::diagnostics::parse_requested_schema(&value).is_ok());
        }
    }
}

/// A free-text field beside a run-time single-select: in the static shape both are
/// `{"type": "string"}`.
#[derive(ElicitationForm, Debug)]
struct Note {
    #[form(runtime_choices)]
    assignee: String,
    note: String,
}

#[elicitation(name = "add_note", form = Note, message = "Add a note?")]
fn note_issue() {}

#[test]
fn choices_on_a_free_text_field_differ_from_its_registered_declaration() {
    note_issue();
    let tool = Primitive::Tool("note_issue");
    let version = ProtocolVersion::V2025_11_25;
    let filled = NoteChoices {
        assignee: ChoiceList::untitled(["alice", "bob"]),
        defaults: NoteDefaults::default(),
    }
    .prepare(Some(version))
    .unwrap();
    let mut schema = filled.requested_schema().to_value();
    let params = |schema: &serde_json::Value| json!({"mode": "form", "message": "Add a note?", "requestedSchema": schema});
    assert_eq!(
        contract::check_registered(tool, version, &params(&schema))
            .unwrap()
            .name(),
        "add_note"
    );
    // Choices on `note`, which is free text: the registered form knows it is not a run-time field.
    schema["properties"]["note"]["enum"] = json!(["a", "b"]);
    let err = contract::check_registered(tool, version, &params(&schema)).unwrap_err();
    assert!(err.to_string().contains("/properties/note/enum"), "{err}");

    // The description lists the run-time fields (`x-mcpdesc-runtime-choices`), so its check
    // knows `note` is not one either.
    use mcpdesc_runtime::description::{Description, Info, RUNTIME_CHOICES, Tool};
    let doc = Description::builder(Info::new("tracker", "1.0.0"))
        .protocol_versions([version])
        .tool(Tool::new("note_issue"))
        .elicitations(
            mcpdesc_runtime::registry::declarations()
                .into_iter()
                .filter(|d| d.primitive() == tool),
        )
        .build()
        .unwrap();
    let mut document = doc.as_value().clone();
    assert_eq!(
        document["tools"][0]["elicitations"][0][RUNTIME_CHOICES],
        json!(["assignee"])
    );
    let err = contract::check_description(&document, tool, version, &params(&schema)).unwrap_err();
    assert!(err.to_string().contains("/properties/note/enum"), "{err}");
    // Choices on the listed field are run-time parts.
    schema["properties"]["note"]
        .as_object_mut()
        .unwrap()
        .remove("enum");
    assert!(contract::check_description(&document, tool, version, &params(&schema)).is_ok());

    // A declaration without the list documents a form without run-time choices: the choices
    // filled into `assignee` are refused there.
    document["tools"][0]["elicitations"][0]
        .as_object_mut()
        .unwrap()
        .remove(RUNTIME_CHOICES);
    let err = contract::check_description(&document, tool, version, &params(&schema)).unwrap_err();
    assert!(
        err.to_string().contains("/properties/assignee/enum"),
        "{err}"
    );
}

/// The generated types take the names the form gives them, here beside types that already have
/// the default names.
#[derive(ElicitationForm, Debug)]
#[form(choices_name = "PickOffer", defaults_name = "PickPrefill")]
struct Pick {
    #[form(runtime_choices)]
    who: String,
    #[form(min_length = 1)]
    why: Option<String>,
}

#[allow(dead_code)]
struct PickChoices;
#[allow(dead_code)]
struct PickDefaults;

#[test]
fn the_generated_types_take_the_names_the_form_gives_them() {
    let filled = PickOffer {
        who: ChoiceList::untitled(["ann", "bob"]),
        defaults: PickPrefill {
            who: Some("bob".into()),
            ..PickPrefill::default()
        },
    }
    .prepare(Some(ProtocolVersion::V2025_11_25))
    .unwrap();
    assert_eq!(
        filled.requested_schema().wire_json(),
        r#"{"type":"object","properties":{"who":{"type":"string","enum":["ann","bob"],"default":"bob"},"why":{"type":"string","minLength":1}},"required":["who"]}"#
    );
    let pick = filled.read(&object(json!({"who": "ann"}))).unwrap();
    assert_eq!((pick.who.as_str(), pick.why), ("ann", None));
}

/// `choices_name` alone writes the types for a form without run-time choices, as
/// `runtime_defaults` does.
#[derive(ElicitationForm, Debug)]
#[form(choices_name = "RetitleParts")]
struct Retitle {
    #[form(min_length = 1, max_length = 80)]
    title: String,
}

#[test]
fn a_generated_type_name_alone_writes_the_types() {
    let filled = RetitleParts {
        defaults: RetitleDefaults {
            title: Some("Crash on start".into()),
        },
    }
    .prepare(None)
    .unwrap();
    assert!(
        filled
            .requested_schema()
            .wire_json()
            .contains(r#""default":"Crash on start""#)
    );
}

/// Raw identifiers as fields and as the generated type's name: the generated types keep them raw.
#[derive(ElicitationForm, Debug, PartialEq)]
#[form(choices_name = "r#Choose")]
struct Keywords {
    #[form(runtime_choices)]
    r#type: String,
    r#match: Option<bool>,
}

#[test]
fn raw_identifiers_in_a_form_with_run_time_parts() {
    let filled = r#Choose {
        r#type: ChoiceList::untitled(["bug", "task"]),
        defaults: KeywordsDefaults {
            r#type: Some("task".into()),
            r#match: Some(true),
        },
    }
    .prepare(Some(ProtocolVersion::V2025_11_25))
    .unwrap();
    assert_eq!(
        filled.requested_schema().to_value(),
        json!({"type": "object", "properties": {
            "type": {"type": "string", "enum": ["bug", "task"], "default": "task"},
            "match": {"type": "boolean", "default": true},
        }, "required": ["type"]})
    );
    let answer = json!({"type": "bug", "match": false});
    assert_eq!(
        filled.read(answer.as_object().unwrap()).unwrap(),
        Keywords {
            r#type: "bug".into(),
            r#match: Some(false),
        }
    );
}

/// A `NonZero` field takes a run-time default of its own type, checked against its bounds.
#[test]
fn a_run_time_default_of_a_non_zero_field_is_checked_against_its_bounds() {
    use std::num::NonZeroU8;
    #[derive(ElicitationForm, Debug)]
    #[form(runtime_defaults)]
    struct Order {
        #[form(maximum = 10)]
        quantity: NonZeroU8,
    }
    let fill = |n: u8| {
        OrderChoices {
            defaults: OrderDefaults {
                quantity: NonZeroU8::new(n),
            },
        }
        .prepare(Some(ProtocolVersion::V2025_11_25))
    };
    assert_eq!(
        wire(&fill(4).unwrap()),
        r#"{"type":"object","properties":{"quantity":{"type":"integer","minimum":1,"maximum":10,"default":4}},"required":["quantity"]}"#
    );
    let err = fill(11).unwrap_err();
    assert_eq!(
        fill_problems(&err),
        [(
            "quantity",
            ChoicesProblemKind::Default(ProblemKind::AboveMaximum {
                maximum: mcpdesc_format::schema::Number::Int(10),
                value: mcpdesc_format::schema::Number::Int(11)
            })
        )]
    );
}
