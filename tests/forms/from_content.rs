//! `from_content`: every kind of problem, all problems at once, and round trips.

use std::collections::BTreeSet;

use mcpdesc_format::schema::Number;
use mcpdesc_runtime::{
    ContentError, ElicitationEnum, ElicitationForm, JsonType, MAX_ITEM_PROBLEMS, ProblemKind,
};
use serde_json::{Map, Value, json};

use crate::choices::{Label, Priority};

/// Each problem of `err` as its property and its kind, in order.
fn kinds(err: &ContentError) -> Vec<(&str, &ProblemKind)> {
    err.problems()
        .iter()
        .map(|p| (p.property(), p.kind()))
        .collect()
}

#[derive(ElicitationForm, Debug, PartialEq)]
struct Ticket {
    #[form(min_length = 2, max_length = 5)]
    login: String,
    #[form(format = "email")]
    email: Option<String>,
    #[form(minimum = 1, maximum = 10)]
    estimate: u8,
    offset: i8,
    #[form(minimum = 0.5)]
    ratio: f64,
    notify: bool,
    priority: Priority,
    #[form(min_items = 1, max_items = 2)]
    labels: Vec<Label>,
    #[form(format = "date")]
    due: Option<String>,
    #[form(format = "date-time")]
    at: Option<String>,
    #[form(format = "uri")]
    link: Option<String>,
    big: Option<u64>,
    set: Option<BTreeSet<Label>>,
}

fn valid() -> Value {
    json!({
        "login": "octo",
        "estimate": 3,
        "offset": -2,
        "ratio": 1.5,
        "notify": true,
        "priority": "High",
        "labels": ["bug"],
    })
}

fn parse(v: &Value) -> Result<Ticket, ContentError> {
    Ticket::from_content(v.as_object().expect("an object"))
}

fn with(key: &str, value: Value) -> Value {
    let mut v = valid();
    v.as_object_mut().unwrap().insert(key.to_owned(), value);
    v
}

fn only_problem(v: Value) -> (String, ProblemKind) {
    let err = parse(&v).expect_err("should fail");
    assert_eq!(err.problems().len(), 1, "{err}");
    let p = &err.problems()[0];
    (p.property().to_owned(), p.kind().clone())
}

#[test]
fn accepts_a_valid_answer() {
    let t = parse(&valid()).unwrap();
    assert_eq!(t.login, "octo");
    assert_eq!(t.estimate, 3);
    assert_eq!(t.offset, -2);
    assert_eq!(t.priority, Priority::High);
    assert_eq!(t.labels, vec![Label::Bug]);
    assert_eq!(t.email, None);
}

#[test]
fn missing_required() {
    let mut v = valid();
    v.as_object_mut().unwrap().remove("notify");
    assert_eq!(only_problem(v), ("notify".to_owned(), ProblemKind::Missing));
}

#[test]
fn null_for_optional_is_absent_but_not_for_required() {
    let t = parse(&with("email", Value::Null)).unwrap();
    assert_eq!(t.email, None);
    let (name, kind) = only_problem(with("notify", Value::Null));
    assert_eq!(name, "notify");
    assert_eq!(
        kind,
        ProblemKind::WrongType {
            expected: JsonType::Boolean,
            found: JsonType::Null
        }
    );
}

#[test]
fn wrong_types() {
    for (key, value, expected) in [
        ("login", json!(5), JsonType::String),
        ("estimate", json!("3"), JsonType::Integer),
        ("ratio", json!(true), JsonType::Number),
        ("notify", json!("yes"), JsonType::Boolean),
        ("priority", json!(1), JsonType::String),
        ("labels", json!("bug"), JsonType::Array),
    ] {
        let (name, kind) = only_problem(with(key, value));
        assert_eq!(name, key);
        assert!(
            matches!(kind, ProblemKind::WrongType { expected: e, .. } if e == expected),
            "{key}: {kind:?}"
        );
    }
}

#[test]
fn integers_accept_whole_floats_only() {
    assert_eq!(parse(&with("estimate", json!(3.0))).unwrap().estimate, 3);
    assert_eq!(
        only_problem(with("estimate", json!(3.5))),
        (
            "estimate".to_owned(),
            ProblemKind::NotAnInteger { value: 3.5 }
        )
    );
}

#[test]
fn integer_type_range() {
    let (_, kind) = only_problem(with("offset", json!(200)));
    assert_eq!(
        kind,
        ProblemKind::AboveMaximum {
            maximum: Number::Int(127),
            value: Number::Int(200)
        }
    );
    let (_, kind) = only_problem(with("offset", json!(-129)));
    assert!(matches!(kind, ProblemKind::BelowMinimum { .. }));
    let (_, kind) = only_problem(with("big", json!(-1)));
    assert!(matches!(
        kind,
        ProblemKind::BelowMinimum {
            minimum: Number::Int(0),
            ..
        }
    ));
    // Beyond u64: serde_json reads it as a float, which is whole but does not fit the type.
    let (_, kind) = only_problem(with("big", json!(1e20)));
    assert!(matches!(kind, ProblemKind::AboveMaximum { .. }), "{kind:?}");
    assert_eq!(
        parse(&with("big", json!(u64::MAX))).unwrap().big,
        Some(u64::MAX)
    );
}

#[test]
fn numeric_bounds() {
    assert!(matches!(
        only_problem(with("estimate", json!(0))).1,
        ProblemKind::BelowMinimum { .. }
    ));
    assert!(matches!(
        only_problem(with("estimate", json!(11))).1,
        ProblemKind::AboveMaximum { .. }
    ));
    assert!(matches!(
        only_problem(with("ratio", json!(0.25))).1,
        ProblemKind::BelowMinimum { .. }
    ));
    assert_eq!(parse(&with("ratio", json!(0.5))).unwrap().ratio, 0.5);
}

#[test]
fn lengths_count_characters_not_bytes() {
    // Five characters, ten bytes: fits max_length = 5.
    assert_eq!(
        parse(&with("login", json!("ééééé"))).unwrap().login,
        "ééééé"
    );
    assert_eq!(
        only_problem(with("login", json!("é"))).1,
        ProblemKind::TooShort {
            min_length: 2,
            length: 1
        }
    );
    assert_eq!(
        only_problem(with("login", json!("😀😀😀😀😀😀"))).1,
        ProblemKind::TooLong {
            max_length: 5,
            length: 6
        }
    );
}

#[test]
fn formats() {
    let cases = [
        ("email", "octo@example.com", "not-an-email"),
        ("email", "a.b+c@sub.example.org", "a@b@c.com"),
        ("due", "2024-02-29", "2023-02-29"),
        ("due", "2024-12-31", "2024-04-31"),
        ("due", "2024-01-01", "2024-1-1"),
        ("at", "2024-02-29T23:59:60Z", "2024-02-29T24:00:00Z"),
        ("at", "2024-02-29T12:00:00.5+01:00", "2024-02-29T12:00:00"),
        ("link", "https://example.com/a?b#c", "/relative"),
        ("link", "urn:isbn:0451450523", "https://exa mple.com"),
    ];
    for (key, good, bad) in cases {
        assert!(parse(&with(key, json!(good))).is_ok(), "{key}: {good}");
        let (name, kind) = only_problem(with(key, json!(bad)));
        assert_eq!(name, key);
        assert!(
            matches!(kind, ProblemKind::InvalidFormat { .. }),
            "{key}: {bad}: {kind:?}"
        );
    }
}

#[test]
fn enum_membership() {
    let (_, kind) = only_problem(with("priority", json!("Medium")));
    assert_eq!(
        kind,
        ProblemKind::NotAChoice {
            value: "Medium".to_owned(),
            choices: vec!["Low".to_owned(), "High".to_owned()].into()
        }
    );
    let (_, kind) = only_problem(with("labels", json!(["bug", "wontfix"])));
    assert!(matches!(kind, ProblemKind::ItemNotAChoice { index: 1, .. }));
    let (_, kind) = only_problem(with("labels", json!(["bug", 7])));
    assert!(matches!(
        kind,
        ProblemKind::ItemWrongType {
            index: 1,
            found: JsonType::Integer
        }
    ));
}

#[test]
fn item_counts() {
    assert_eq!(
        only_problem(with("labels", json!([]))).1,
        ProblemKind::TooFewItems {
            min_items: 1,
            count: 0
        }
    );
    assert_eq!(
        only_problem(with("labels", json!(["bug", "docs", "feature"]))).1,
        ProblemKind::TooManyItems {
            max_items: 2,
            count: 3
        }
    );
    let t = parse(&with("set", json!(["docs", "bug"]))).unwrap();
    assert_eq!(t.set, Some(BTreeSet::from([Label::Bug, Label::Docs])));
}

#[test]
fn every_problem_is_reported_at_once() {
    let v = json!({
        "login": "x",
        "email": "nope",
        "estimate": 3.5,
        "ratio": "1",
        "priority": "Medium",
        "labels": [],
        "unknown": "ignored",
    });
    let err = parse(&v).unwrap_err();
    let names: Vec<_> = err.problems().iter().map(|p| p.property()).collect();
    assert_eq!(
        names,
        [
            "login", "email", "estimate", "offset", "ratio", "notify", "priority", "labels"
        ]
    );
    let text = err.to_string();
    assert!(text.starts_with("the elicitation answer does not fit the form (8 problems):"));
    assert!(
        text.contains("`email` \"nope\" is not an e-mail address"),
        "{text}"
    );
    assert!(text.contains("`offset` is required but missing"), "{text}");
    assert_eq!(err.problems()[0].pointer(), "/login");
    assert_eq!(err.problems_of("labels").count(), 1);
}

#[test]
fn pointer_escapes_names() {
    #[derive(ElicitationForm, Debug)]
    struct Odd {
        #[form(rename = "a/b~c")]
        odd: String,
    }
    let err = Odd::from_content(&serde_json::Map::new()).unwrap_err();
    assert_eq!(err.problems()[0].pointer(), "/a~1b~0c");
}

#[test]
fn to_content_round_trips() {
    let t = parse(&valid()).unwrap();
    let content = t.to_content();
    assert_eq!(Value::Object(content.clone()), valid());
    assert_eq!(Ticket::from_content(&content).unwrap(), t);
}

#[test]
fn the_schema_checks_the_same_rules_dynamically() {
    let schema = Ticket::requested_schema();
    assert!(schema.check_content(valid().as_object().unwrap()).is_ok());
    let bad = with("estimate", json!(11));
    let err = schema.check_content(bad.as_object().unwrap()).unwrap_err();
    assert_eq!(err.problems()[0].property(), "estimate");
}

#[test]
fn messages_count_in_singular_and_plural() {
    let one = ProblemKind::TooLong {
        max_length: 0,
        length: 1,
    }
    .to_string();
    assert_eq!(one, "has 1 character, more than the maximum 0");
    let many = ProblemKind::TooManyItems {
        max_items: 1,
        count: 2,
    }
    .to_string();
    assert_eq!(many, "has 2 items, more than the maximum 1");
    let one = ProblemKind::TooManyItems {
        max_items: 0,
        count: 1,
    }
    .to_string();
    assert_eq!(one, "has 1 item, more than the maximum 0");
}

#[test]
fn a_long_value_sent_is_shown_by_its_start_and_length() {
    // An e-mail address of 1,000 characters (two bytes each in part), and a label of 5,000.
    let long_email = format!("{}@", "é".repeat(500)) + &"x".repeat(499);
    let err = parse(&with("email", json!(long_email))).expect_err("not an e-mail address");
    let shown: String = long_email.chars().take(80).collect();
    assert_eq!(
        err.problems()[0].kind().to_string(),
        format!("{shown:?}\u{2026} (1000 characters) is not an e-mail address")
    );
    // The problem keeps the whole value; only its message is short.
    assert!(matches!(
        err.problems()[0].kind(),
        ProblemKind::InvalidFormat { value, .. } if *value == long_email
    ));
    let long_label = "w".repeat(5_000);
    let err = parse(&with("labels", json!(["bug", long_label]))).expect_err("not a choice");
    assert_eq!(
        err.problems()[0].to_string(),
        format!(
            "`labels` item 1 {:?}\u{2026} (5000 characters) is not one of [\"bug\", \"feature\", \"docs\"]",
            "w".repeat(80)
        )
    );
    // Up to 100 characters a value is shown whole; from 101, cut to 80.
    for (length, message) in [
        (100, format!("{:?} is not one of", "m".repeat(100))),
        (
            101,
            format!(
                "{:?}\u{2026} (101 characters) is not one of",
                "m".repeat(80)
            ),
        ),
    ] {
        let (_, kind) = only_problem(with("priority", json!("m".repeat(length))));
        assert!(kind.to_string().starts_with(&message), "{length}: {kind}");
    }
}

#[derive(ElicitationForm, Debug, PartialEq)]
struct Wide {
    unsigned: Option<u64>,
    signed: Option<i64>,
}

fn wide(v: Value) -> Result<Wide, ContentError> {
    Wide::from_content(v.as_object().unwrap())
}

#[test]
fn sixty_four_bit_fields_do_not_clamp_floats_beyond_their_range() {
    // 2^64 and 2^63, read as floats: `as` would clamp them to MAX.
    let two_64: Value = serde_json::from_str("18446744073709551616").unwrap();
    let err = wide(json!({ "unsigned": two_64 })).unwrap_err();
    assert!(
        matches!(
            err.problems()[0].kind(),
            ProblemKind::AboveMaximum {
                maximum: Number::Int(m),
                ..
            } if *m == i128::from(u64::MAX)
        ),
        "{err}"
    );
    let two_63: Value = serde_json::from_str("9223372036854775808.0").unwrap();
    let err = wide(json!({ "signed": two_63 })).unwrap_err();
    assert!(
        matches!(err.problems()[0].kind(), ProblemKind::AboveMaximum { .. }),
        "{err}"
    );
    // -2^63 is i64::MIN exactly, and fits.
    let min: Value = serde_json::from_str("-9223372036854775808.0").unwrap();
    assert_eq!(
        wide(json!({ "signed": min })).unwrap().signed,
        Some(i64::MIN)
    );
}

/// The schema a form sends has no `uniqueItems` (MCP's form vocabulary has none): an answer
/// that repeats a choice fits it, and a set keeps the choice once.
#[test]
fn a_multi_select_with_a_repeated_item_fits_and_a_set_keeps_it_once() {
    let read = parse(&with("set", json!(["bug", "bug"]))).unwrap();
    assert_eq!(read.set.map(|s| s.len()), Some(1));
    let read = parse(&with("labels", json!(["docs", "docs"]))).unwrap();
    assert_eq!(read.labels.len(), 2);
    assert!(parse(&with("labels", json!(["docs", "bug"]))).is_ok());
    // An item that is no choice is a problem each time it is written.
    let err = parse(&with("set", json!(["nope", "bug", "nope"]))).unwrap_err();
    let kinds: Vec<_> = err
        .problems()
        .iter()
        .map(|p| match p.kind() {
            ProblemKind::ItemNotAChoice { index, value, .. } => {
                format!("{index} {value}: no choice")
            }
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(kinds, ["0 nope: no choice", "2 nope: no choice"], "{err}");
}

/// An answer can hold any number of wrong items; each problem listed takes more room than its
/// item (`1,` is two bytes), so the first `MAX_ITEM_PROBLEMS` are listed and the rest counted.
#[test]
fn the_problems_of_many_wrong_items_are_listed_up_to_a_bound_and_counted_past_it() {
    let items: Vec<Value> = (0..1000)
        .map(|i| match i % 3 {
            0 => json!(1),
            1 => json!("nope"),
            _ => json!("bug"),
        })
        .collect();
    let err = parse(&with("set", Value::Array(items))).unwrap_err();
    let kinds: Vec<&ProblemKind> = err.problems_of("set").collect();
    assert_eq!(kinds.len(), MAX_ITEM_PROBLEMS + 1, "{err}");
    // In order: item 0 not a string, item 1 no choice, item 2 a choice, item 3 not a string,
    // item 4 no choice, item 5 a choice...
    assert_eq!(
        kinds[0],
        &ProblemKind::ItemWrongType {
            index: 0,
            found: JsonType::Integer
        }
    );
    assert!(matches!(
        kinds[1],
        ProblemKind::ItemNotAChoice { index: 1, .. }
    ));
    assert!(matches!(
        kinds[2],
        ProblemKind::ItemWrongType { index: 3, .. }
    ));
    assert!(matches!(
        kinds[3],
        ProblemKind::ItemNotAChoice { index: 4, .. }
    ));
    // 334 integers and 333 strings that are no choice; the 333 choices are no problem.
    let all = 334 + 333;
    assert_eq!(
        kinds[MAX_ITEM_PROBLEMS],
        &ProblemKind::MoreItemProblems {
            count: all - MAX_ITEM_PROBLEMS
        }
    );
    assert!(
        err.to_string().ends_with(&format!(
            "`set` has {} more problems with its items, not listed (the first 16 are)",
            all - MAX_ITEM_PROBLEMS
        )),
        "{err}"
    );
    // At the bound, every problem is listed.
    let items: Vec<Value> = (0..MAX_ITEM_PROBLEMS).map(|_| json!(1)).collect();
    let err = parse(&with("set", Value::Array(items))).unwrap_err();
    assert_eq!(err.problems_of("set").count(), MAX_ITEM_PROBLEMS, "{err}");
    assert!(
        err.problems_of("set")
            .all(|k| matches!(k, ProblemKind::ItemWrongType { .. }))
    );
}

#[derive(ElicitationForm, Debug, PartialEq)]
struct Ratio {
    #[form(maximum = 0.1)]
    ratio: f32,
}

#[test]
fn f32_is_written_as_its_shortest_decimal_and_reads_back_within_its_bounds() {
    let r = Ratio { ratio: 0.1 };
    let content = r.to_content();
    assert_eq!(serde_json::to_string(&content).unwrap(), r#"{"ratio":0.1}"#);
    assert_eq!(Ratio::from_content(&content).unwrap(), r);
}

proptest::proptest! {
    #[test]
    fn every_finite_f32_round_trips_through_content(x in proptest::num::f32::NORMAL | proptest::num::f32::SUBNORMAL | proptest::num::f32::ZERO) {
        #[derive(ElicitationForm, Debug, PartialEq)]
        struct Any {
            x: f32,
        }
        let content = Any { x }.to_content();
        let back = Any::from_content(&content).unwrap();
        proptest::prop_assert_eq!(back.x, x);
    }

    /// A value sent is shown whole up to 100 characters, else by its first 80 and its count,
    /// whatever its characters' widths.
    #[test]
    fn a_value_in_a_message_is_whole_or_its_start_and_count(value in "[a\u{e9}\u{4e2d}\u{1f600}\"]{0,160}") {
        let kind = ProblemKind::NotAChoice { value: value.clone(), choices: vec!["a".to_owned()].into() };
        let message = kind.to_string();
        let count = value.chars().count();
        let expected = if count <= 100 {
            format!("{value:?} is not one of [\"a\"]")
        } else {
            let start: String = value.chars().take(80).collect();
            format!("{start:?}\u{2026} ({count} characters) is not one of [\"a\"]")
        };
        proptest::prop_assert_eq!(message, expected);
    }
}

/// A hand-written enum whose `from_value` is lenient (it reads any case): the schema's choices
/// still decide, because only derived enums skip the check when conversion succeeds. It also
/// lists a choice it no longer reads (`retired`), which its type refuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Lenient {
    High,
    Low,
}

impl ElicitationEnum for Lenient {
    const CHOICES: mcpdesc_runtime::EnumChoices = mcpdesc_runtime::EnumChoices {
        type_name: "Lenient",
        style: mcpdesc_format::schema::ChoiceStyle::Untitled,
        choices: &[
            mcpdesc_format::schema::Choice::from_static("high", None),
            mcpdesc_format::schema::Choice::from_static("low", None),
            mcpdesc_format::schema::Choice::from_static("retired", None),
        ],
        idents: &["High", "Low", "Retired"],
    };

    fn value(&self) -> &'static str {
        match self {
            Lenient::High => "high",
            Lenient::Low => "low",
        }
    }

    fn from_value(value: &str) -> Option<Self> {
        match value.to_ascii_lowercase().as_str() {
            "high" => Some(Lenient::High),
            "low" => Some(Lenient::Low),
            _ => None,
        }
    }
}

impl mcpdesc_runtime::FormValue for Lenient {
    const KIND: mcpdesc_runtime::ValueKind =
        mcpdesc_runtime::ValueKind::SingleSelect(Self::CHOICES);

    fn from_json(value: &Value) -> Option<Self> {
        value.as_str().and_then(Self::from_value)
    }

    fn to_json(&self) -> Value {
        Value::from(self.value())
    }
}

#[test]
fn a_hand_written_enum_is_checked_against_its_choices_even_when_it_reads_more() {
    #[derive(ElicitationForm, Debug)]
    struct Pick {
        level: Lenient,
    }
    assert_eq!(
        Pick::from_content(json!({"level": "high"}).as_object().unwrap())
            .unwrap()
            .level,
        Lenient::High
    );
    let err = Pick::from_content(json!({"level": "HIGH"}).as_object().unwrap()).unwrap_err();
    assert!(
        matches!(err.problems()[0].kind(), ProblemKind::NotAChoice { value, .. } if value == "HIGH"),
        "{err}"
    );
}

#[test]
fn a_multi_select_of_a_hand_written_enum_is_checked_against_its_choices_too() {
    #[derive(ElicitationForm, Debug)]
    struct Picks {
        #[form(min_items = 1)]
        levels: Vec<Lenient>,
        others: Option<BTreeSet<Lenient>>,
    }
    let read = |v: Value| Picks::from_content(v.as_object().unwrap());
    let picks = read(json!({"levels": ["high", "low"], "others": ["low"]})).unwrap();
    assert_eq!(picks.levels, [Lenient::High, Lenient::Low]);
    let err = read(json!({"levels": ["HIGH"], "others": ["Low"]})).unwrap_err();
    let wrong: Vec<&str> = err.problems().iter().map(|p| p.property()).collect();
    assert_eq!(wrong, ["levels", "others"], "{err}");
    assert!(
        err.to_string().contains("item 0 \"HIGH\" is not one of"),
        "{err}"
    );
    assert!(
        err.to_string().contains("item 0 \"Low\" is not one of"),
        "{err}"
    );
}

#[test]
fn integers_are_checked_against_bounds_whether_written_as_integers_or_floats() {
    for (estimate, ok) in [
        (json!(1), true),
        (json!(10), true),
        (json!(10.0), true),
        (json!(0), false),
        (json!(11), false),
        (json!(11.0), false),
        (json!(-1), false),
    ] {
        let result = parse(&with("estimate", estimate.clone()));
        assert_eq!(result.is_ok(), ok, "{estimate}: {result:?}");
    }
}

/// Numbers at and past their bounds, integers beyond 2^53 among them: a valid answer is first
/// converted with every rule proven, and what that cannot prove exactly is checked in full, so
/// the answer reads as the full check reads it.
#[derive(ElicitationForm, Debug, PartialEq)]
struct Bounds {
    #[form(minimum = -2, maximum = 9007199254740992)]
    big: f64,
    #[form(minimum = 0.5, maximum = 1.5)]
    small: Option<f32>,
    #[form(min_length = 2, max_length = 3)]
    code: Option<String>,
}

#[test]
fn answers_at_and_beyond_exact_bounds_read_as_the_full_check_reads_them() {
    let read = |big: Value, small: Value, code: Value| {
        let content = json!({ "big": big, "small": small, "code": code });
        Bounds::from_content(content.as_object().unwrap())
    };
    // At the bounds, as integers and as floats.
    for big in [
        json!(-2),
        json!(-2.0),
        json!(9007199254740992_u64),
        json!(9007199254740992.0),
    ] {
        let b = read(big.clone(), json!(0.5), json!("ab")).unwrap();
        assert_eq!(b.big, big.as_f64().unwrap(), "{big}");
        assert_eq!(b.small, Some(0.5));
        assert_eq!(b.code.as_deref(), Some("ab"));
    }
    // A number field compares as `f64` does (as JavaScript does): 2^53 + 1 reads as 2^53,
    // within the maximum.
    let b = read(json!(9007199254740993_u64), json!(1.5), json!("abc")).unwrap();
    assert_eq!(b.big, 9007199254740992.0);
    // Past the bounds.
    for (big, above) in [
        (json!(9007199254740994_u64), true),
        (json!(-3), false),
        (json!(-2.000001), false),
        (json!(18446744073709551615_u64), true),
    ] {
        let err = read(big.clone(), json!(1.5), json!("abc")).unwrap_err();
        assert_eq!(err.problems().len(), 1, "{big}: {err}");
        let kind = err.problems()[0].kind();
        assert!(
            if above {
                matches!(kind, ProblemKind::AboveMaximum { .. })
            } else {
                matches!(kind, ProblemKind::BelowMinimum { .. })
            },
            "{big}: {err}"
        );
    }
    // Each field wrong at once: every problem is reported, as ever.
    let err = read(json!(1e17), json!(1.6), json!("abcd")).unwrap_err();
    let fields: Vec<&str> = err.problems().iter().map(|p| p.property()).collect();
    assert_eq!(fields, ["big", "small", "code"], "{err}");
    // Absent and null optional fields.
    let content = json!({ "big": 0, "small": null });
    let b = Bounds::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!((b.small, b.code), (None, None));
}

/// A field serde never reads (`#[serde(skip)]`, `skip_deserializing`) or marked `#[form(skip)]`
/// is not asked: it is not a property, an answer's member of that name is ignored like any
/// unknown one, the form reads it as its `Default`, and `to_content` leaves it out.
#[test]
fn skipped_fields_are_not_asked_and_read_as_their_default() {
    #[derive(mcpdesc_runtime::ElicitationForm, serde::Deserialize, Debug, PartialEq)]
    struct Rename {
        title: String,
        #[serde(skip)]
        cache: Vec<String>,
        #[serde(skip_deserializing)]
        revision: u64,
        #[form(skip)]
        #[serde(default)]
        attempts: Option<u8>,
    }
    let schema = serde_json::to_value(Rename::requested_schema()).unwrap();
    assert_eq!(
        schema,
        json!({
            "type": "object",
            "properties": {"title": {"type": "string"}},
            "required": ["title"],
        })
    );
    let answer = json!({"title": "New", "cache": ["x"], "revision": 7, "attempts": 2});
    let read = Rename::from_content(answer.as_object().unwrap()).unwrap();
    let expected = Rename {
        title: "New".to_owned(),
        cache: Vec::new(),
        revision: 0,
        attempts: None,
    };
    assert_eq!(read, expected);
    // The full reading (an answer with a problem) skips them too.
    let err = Rename::from_content(json!({"title": 1}).as_object().unwrap()).unwrap_err();
    assert_eq!(err.problems().len(), 1, "{err}");
    // serde reads the same answer alike, apart from the field only this form skips.
    let by_serde: Rename = serde_json::from_value(answer).unwrap();
    assert_eq!(
        by_serde,
        Rename {
            attempts: Some(2),
            ..expected
        }
    );
    let written = Rename {
        title: "T".to_owned(),
        cache: vec!["c".to_owned()],
        revision: 3,
        attempts: Some(1),
    }
    .to_content();
    assert_eq!(Value::Object(written), json!({"title": "T"}));
}

/// A variant serde never reads by its name (`#[serde(skip)]`, `skip_deserializing`, the catch-all
/// `#[serde(other)]`) or marked `#[form(skip)]` is not offered: it is no choice, and an answer
/// naming it is refused like any value outside the choices.
#[test]
fn skipped_variants_are_not_choices() {
    #[derive(mcpdesc_runtime::ElicitationEnum, serde::Deserialize, Debug, PartialEq)]
    enum Priority {
        #[form(title = "Low")]
        Low,
        #[form(skip)]
        Triaging,
        #[form(title = "High")]
        High,
        #[serde(other)]
        Unknown,
    }
    #[derive(mcpdesc_runtime::ElicitationForm, Debug, PartialEq)]
    struct Triage {
        #[form(default = Priority::High)]
        priority: Priority,
    }
    let schema = serde_json::to_value(Triage::requested_schema()).unwrap();
    assert_eq!(
        schema["properties"]["priority"],
        json!({
            "type": "string",
            "oneOf": [{"const": "Low", "title": "Low"}, {"const": "High", "title": "High"}],
            "default": "High",
        })
    );
    let read = |v: &str| Triage::from_content(json!({ "priority": v }).as_object().unwrap());
    assert_eq!(read("High").unwrap().priority, Priority::High);
    for skipped in ["Triaging", "Unknown"] {
        let err = read(skipped).unwrap_err();
        assert_eq!(err.problems()[0].property(), "priority", "{err}");
        assert_eq!(
            err.problems()[0].kind(),
            &ProblemKind::NotAChoice {
                value: skipped.to_owned(),
                choices: vec!["Low".to_owned(), "High".to_owned()].into()
            }
        );
    }
    // serde takes any other value for `Unknown`; the form offers and reads only its choices.
    let by_serde: Priority = serde_json::from_value(json!("Urgent")).unwrap();
    assert_eq!(by_serde, Priority::Unknown);
    assert!(read("Urgent").is_err());
    // `to_content` writes a skipped variant's value, which no client could answer.
    let written = Triage {
        priority: Priority::Triaging,
    }
    .to_content();
    assert_eq!(
        Value::Object(written.clone()),
        json!({"priority": "Triaging"})
    );
    assert!(Triage::from_content(&written).is_err());
}

/// serde's `default` makes a property optional, as it makes the field optional for serde: an
/// absent property reads as the field's default (`#[serde(default)]`: its type's `Default`;
/// `default = "path"`: `path()`), and serde reads every answer the form accepts alike.
#[test]
fn serde_default_makes_a_property_optional_and_reads_as_serdes_default() {
    #[derive(ElicitationEnum, serde::Deserialize, Debug, Default, Clone, Copy, PartialEq)]
    enum Size {
        #[default]
        Small,
        Large,
    }
    fn untitled() -> String {
        "(untitled)".to_owned()
    }
    fn triage() -> Option<String> {
        Some("triage".to_owned())
    }
    #[derive(ElicitationForm, serde::Deserialize, Debug, PartialEq)]
    struct Edit {
        name: String,
        #[serde(default)]
        #[form(minimum = 1, maximum = 5)]
        count: u8,
        #[serde(default = "untitled")]
        #[form(min_length = 3)]
        title: String,
        #[serde(default = "triage")]
        label: Option<String>,
        #[serde(default)]
        size: Size,
        #[serde(skip, default = "untitled")]
        cache: String,
    }
    let schema = serde_json::to_value(Edit::requested_schema()).unwrap();
    assert_eq!(schema["required"], json!(["name"]));
    assert_eq!(
        schema["properties"]["count"],
        json!({"type": "integer", "minimum": 1, "maximum": 5})
    );
    assert_eq!(
        Edit::requested_schema()
            .check_content(&Map::new())
            .unwrap_err()
            .problems()
            .len(),
        1
    );

    let read = |v: Value| Edit::from_content(v.as_object().unwrap());
    let defaults = Edit {
        name: "n".to_owned(),
        count: 0,
        title: "(untitled)".to_owned(),
        label: Some("triage".to_owned()),
        size: Size::Small,
        cache: "(untitled)".to_owned(),
    };
    // The default is not checked against the field's bounds: like serde, it is the author's
    // value, not the user's (`count`'s 0 is below its minimum).
    assert_eq!(read(json!({"name": "n"})).unwrap(), defaults);
    // `null` is absent for a field that is not an `Option`; an `Option` reads it as `None`.
    assert_eq!(
        read(json!({"name": "n", "count": null, "title": null, "size": null, "label": null}))
            .unwrap(),
        Edit {
            label: None,
            ..defaults
        }
    );
    // A present value is read and checked as ever; the defaults do not hide other problems.
    let given = json!({"name": "n", "count": 2, "title": "abc", "label": "x", "size": "Large"});
    let full = read(given.clone()).unwrap();
    assert_eq!(
        (full.count, full.size, full.label.as_deref()),
        (2, Size::Large, Some("x"))
    );
    let err = read(json!({"count": 9, "title": "ab"})).unwrap_err();
    let problems = kinds(&err);
    assert_eq!(problems.len(), 3, "{err}");
    assert_eq!(problems[0], ("name", &ProblemKind::Missing));
    assert_eq!(problems[1].0, "count");
    assert_eq!(problems[2].0, "title");

    // serde agrees on every answer with each optional property present or absent.
    let optional = ["count", "title", "label", "size"];
    for mask in 0..1u32 << optional.len() {
        let mut answer = given.as_object().unwrap().clone();
        for (i, key) in optional.iter().enumerate() {
            if mask & 1 << i != 0 {
                answer.remove(*key);
            }
        }
        let ours = Edit::from_content(&answer).unwrap();
        let serdes: Edit = serde_json::from_value(Value::Object(answer.clone())).unwrap();
        assert_eq!(ours, serdes, "{answer:?}");
    }
}

/// serde's `default` on the struct makes every property optional: an absent one reads as the
/// field of the struct's `Default` (or of `path()` with `default = "path"`), as serde reads it;
/// a field's own `default` comes first.
#[test]
fn serde_default_on_the_struct_reads_absent_properties_from_the_structs_default() {
    #[derive(ElicitationForm, serde::Deserialize, Debug, PartialEq)]
    #[serde(default)]
    struct Filter {
        query: String,
        #[form(maximum = 100)]
        limit: u8,
        #[serde(default)]
        offset: u32,
        archived: Option<bool>,
    }
    impl Default for Filter {
        fn default() -> Self {
            Filter {
                query: "is:open".to_owned(),
                limit: 20,
                offset: 7,
                archived: Some(false),
            }
        }
    }
    fn preset() -> Preset {
        Preset {
            name: "mine".to_owned(),
            shared: true,
        }
    }
    #[derive(ElicitationForm, serde::Deserialize, Debug, PartialEq)]
    #[serde(default = "preset")]
    struct Preset {
        name: String,
        shared: bool,
    }
    let schema = serde_json::to_value(Filter::requested_schema()).unwrap();
    assert_eq!(schema.get("required"), None, "{schema}");
    let read = Filter::from_content(&Map::new()).unwrap();
    assert_eq!(
        read,
        Filter {
            offset: 0,
            ..Filter::default()
        }
    );
    let answer = json!({"query": "bug", "archived": true});
    let read = Filter::from_content(answer.as_object().unwrap()).unwrap();
    assert_eq!(read, serde_json::from_value::<Filter>(answer).unwrap());
    assert_eq!(
        (read.query.as_str(), read.limit, read.archived),
        ("bug", 20, Some(true))
    );
    let err = Filter::from_content(json!({"limit": 101}).as_object().unwrap()).unwrap_err();
    assert_eq!(err.problems().len(), 1, "{err}");

    // The struct's default is made once per answer read, as serde makes it.
    static MADE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    #[derive(ElicitationForm, serde::Deserialize, Debug)]
    #[serde(default)]
    struct Counted {
        a: bool,
        b: bool,
        #[serde(skip)]
        c: bool,
    }
    impl Default for Counted {
        fn default() -> Self {
            MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Counted {
                a: true,
                b: true,
                c: true,
            }
        }
    }
    let read = Counted::from_content(&Map::new()).unwrap();
    assert_eq!((read.a, read.b, read.c), (true, true, true));
    assert_eq!(MADE.load(std::sync::atomic::Ordering::Relaxed), 1);
    let _: Counted = serde_json::from_value(json!({})).unwrap();
    assert_eq!(MADE.load(std::sync::atomic::Ordering::Relaxed), 2);

    let read = Preset::from_content(json!({"shared": false}).as_object().unwrap()).unwrap();
    assert_eq!(
        read,
        Preset {
            name: "mine".to_owned(),
            shared: false
        }
    );
    assert_eq!(
        read,
        serde_json::from_value(json!({"shared": false})).unwrap()
    );
}

/// An unsigned `NonZero` field reads 1 and up (`3.0` too, as any integer), and refuses 0 as
/// below its minimum, with the other problems of the answer; it writes back as its number.
#[test]
fn non_zero_integers_read_from_one() {
    use std::num::{NonZeroU8, NonZeroU64};
    #[derive(ElicitationForm, Debug, PartialEq)]
    struct Order {
        quantity: NonZeroU8,
        #[form(maximum = 1000)]
        batch: Option<NonZeroU64>,
    }
    let read = |v: Value| Order::from_content(v.as_object().unwrap());
    let order = read(json!({"quantity": 3.0, "batch": 1000})).unwrap();
    assert_eq!(
        order,
        Order {
            quantity: NonZeroU8::new(3).unwrap(),
            batch: NonZeroU64::new(1000),
        }
    );
    assert_eq!(
        Value::Object(order.to_content()),
        json!({"quantity": 3, "batch": 1000})
    );
    assert_eq!(read(json!({"quantity": 255})).unwrap().batch, None);
    let err = read(json!({"quantity": 0, "batch": 0})).unwrap_err();
    let below_one = ProblemKind::BelowMinimum {
        minimum: Number::Int(1),
        value: Number::Int(0),
    };
    let problems = kinds(&err);
    assert_eq!(
        problems,
        [("quantity", &below_one), ("batch", &below_one),],
        "{err}"
    );
    let err = read(json!({"quantity": 256, "batch": 1001})).unwrap_err();
    assert_eq!(err.problems().len(), 2, "{err}");
}

/// A hand-written `FormValue` (a newtype with a rule of its own) that refuses a value its schema
/// allows is reported as refused by its type, naming it; an integer newtype's refusal is not
/// taken for a value beyond its range.
#[test]
fn a_hand_written_form_value_that_refuses_a_value_is_reported_by_its_type() {
    #[derive(Debug, PartialEq)]
    struct Slug(String);
    impl mcpdesc_runtime::FormValue for Slug {
        const KIND: mcpdesc_runtime::ValueKind = mcpdesc_runtime::ValueKind::String;
        fn from_json(value: &Value) -> Option<Self> {
            let text = value.as_str()?;
            let ok = text.bytes().all(|b| b.is_ascii_lowercase() || b == b'-');
            ok.then(|| Slug(text.to_owned()))
        }
        fn to_json(&self) -> Value {
            Value::from(self.0.as_str())
        }
    }
    #[derive(Debug, PartialEq)]
    struct Even(u8);
    impl mcpdesc_runtime::FormValue for Even {
        const KIND: mcpdesc_runtime::ValueKind = <u8 as mcpdesc_runtime::FormValue>::KIND;
        fn from_json(value: &Value) -> Option<Self> {
            let n = u8::try_from(value.as_u64()?).ok()?;
            (n % 2 == 0).then_some(Even(n))
        }
        fn to_json(&self) -> Value {
            Value::from(self.0)
        }
    }
    #[derive(ElicitationForm, Debug, PartialEq)]
    struct Page {
        #[form(min_length = 1)]
        slug: Slug,
        size: Even,
    }
    let read = |v: Value| Page::from_content(v.as_object().unwrap());
    assert_eq!(
        read(json!({"slug": "release-notes", "size": 10})).unwrap(),
        Page {
            slug: Slug("release-notes".to_owned()),
            size: Even(10)
        }
    );
    let err = read(json!({"slug": "Release Notes", "size": 11})).unwrap_err();
    let problems = kinds(&err);
    assert!(
        matches!(
            problems.as_slice(),
            [
                ("slug", ProblemKind::RefusedByType { type_name: slug, value: sent_slug }),
                ("size", ProblemKind::RefusedByType { type_name: size, value: sent_size }),
            ] if slug.ends_with("Slug") && sent_slug == "\"Release Notes\""
                && size.ends_with("Even") && sent_size == "11"
        ),
        "{err}"
    );
    assert!(
        err.to_string()
            .contains("\"Release Notes\" is not a value of `"),
        "{err}"
    );
    // Beyond the range its kind gives, it is still above the maximum.
    let err = read(json!({"slug": "a", "size": 256})).unwrap_err();
    assert!(
        matches!(err.problems()[0].kind(), ProblemKind::AboveMaximum { .. }),
        "{err}"
    );
}

/// A hand-written enum whose `from_value` does not read back one of its own choices: an answer
/// naming that choice passes the schema and is refused by the type, naming it (it was reported
/// as not one of the choices it is one of).
#[test]
fn a_hand_written_enum_that_refuses_its_own_choice_is_reported_by_its_type() {
    #[derive(ElicitationForm, Debug)]
    struct Pick {
        one: Lenient,
        many: Vec<Lenient>,
    }
    let read = |v: Value| Pick::from_content(v.as_object().unwrap());
    assert!(read(json!({"one": "high", "many": ["low"]})).is_ok());
    let err = read(json!({"one": "retired", "many": ["low", "retired"]})).unwrap_err();
    let problems = kinds(&err);
    assert!(
        matches!(
            problems.as_slice(),
            [
                ("one", ProblemKind::RefusedByType { value: one, .. }),
                ("many", ProblemKind::RefusedByType { value: many, .. }),
            ] if one == "\"retired\"" && many == "[\"low\",\"retired\"]"
        ),
        "{err}"
    );
    // A value outside the choices is still not one of them.
    let err = read(json!({"one": "gone", "many": []})).unwrap_err();
    assert!(
        matches!(err.problems()[0].kind(), ProblemKind::NotAChoice { .. }),
        "{err}"
    );
}

// ---- Raw identifiers: named as written in Rust, asked by their name without `r#`. ----

#[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[allow(non_camel_case_types, dead_code)]
enum Keyword {
    #[form(title = "Match")]
    r#match,
    #[form(title = "Loop")]
    r#loop,
    #[form(skip)]
    r#dyn,
}

#[derive(ElicitationForm, Debug, PartialEq)]
struct RawNames {
    #[form(min_length = 1)]
    r#type: String,
    #[form(default = Keyword::r#loop)]
    r#match: Keyword,
    #[form(runtime_choices)]
    r#in: Option<String>,
    r#fn: BTreeSet<Keyword>,
}

#[test]
fn raw_identifiers_are_asked_and_read_by_their_names() {
    let schema = serde_json::to_value(RawNames::requested_schema()).unwrap();
    let names: Vec<_> = schema["properties"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    assert_eq!(names, ["type", "match", "in", "fn"]);
    assert_eq!(
        schema["properties"]["match"],
        json!({"type": "string", "oneOf": [{"const": "match", "title": "Match"}, {"const": "loop", "title": "Loop"}], "default": "loop"})
    );
    assert_eq!(Keyword::r#loop.value(), "loop");
    assert_eq!(Keyword::from_value("dyn"), None);
    assert_eq!(Keyword::r#dyn.value(), "dyn");

    let answer = json!({"type": "t", "match": "match", "in": "x", "fn": ["loop"]});
    let form = RawNames::from_content(answer.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        RawNames {
            r#type: "t".to_owned(),
            r#match: Keyword::r#match,
            r#in: Some("x".to_owned()),
            r#fn: BTreeSet::from([Keyword::r#loop]),
        }
    );
    assert_eq!(Value::Object(form.to_content()), answer);

    let err = RawNames::from_content(json!({"type": "", "match": "dyn"}).as_object().unwrap())
        .unwrap_err();
    let props: Vec<_> = err.problems().iter().map(|p| p.property()).collect();
    assert_eq!(props, ["type", "match", "fn"]);

    // The generated fill type names the members as the form does.
    let filled = mcpdesc_runtime::choices::FormChoices::prepare(
        RawNamesChoices {
            r#in: mcpdesc_runtime::choices::ChoiceList::untitled(["x", "y"]),
            defaults: RawNamesDefaults {
                r#match: Some(Keyword::r#match),
                ..Default::default()
            },
        },
        None,
    )
    .unwrap();
    let filled = serde_json::to_value(filled.requested_schema()).unwrap();
    assert_eq!(filled["properties"]["in"]["enum"], json!(["x", "y"]));
    assert_eq!(filled["properties"]["match"]["default"], json!("match"));
}
