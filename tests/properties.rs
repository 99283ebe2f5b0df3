//! Property tests: valid values round-trip through content; arbitrary JSON never panics.

use std::collections::BTreeSet;

use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};
use proptest::prelude::*;
use serde_json::{Map, Value};

mod support;

#[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Label {
    Bug,
    Feature,
    Docs,
}

#[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq)]
#[form(rename_all = "lowercase")]
enum Priority {
    #[form(title = "Low")]
    Low,
    #[form(title = "High")]
    High,
}

#[derive(ElicitationForm, Debug, Clone, PartialEq)]
struct Everything {
    #[form(min_length = 1, max_length = 12)]
    name: String,
    #[form(format = "email")]
    email: Option<String>,
    #[form(format = "date")]
    due: Option<String>,
    #[form(minimum = 1, maximum = 10)]
    estimate: u8,
    offset: i64,
    small: i8,
    big: u64,
    #[form(minimum = -1000.0, maximum = 1000.0)]
    ratio: f64,
    notify: bool,
    priority: Priority,
    maybe: Option<Priority>,
    #[form(max_items = 3)]
    labels: Vec<Label>,
    set: BTreeSet<Label>,
}

#[path = "support/defaulted.rs"]
mod defaulted;
use defaulted::Defaulted;

/// The same bounds on an integer and on a `NonZero` one.
#[derive(ElicitationForm, Debug)]
struct Counts {
    #[form(maximum = 200)]
    plain: u8,
    #[form(maximum = 200)]
    non_zero: std::num::NonZeroU8,
}

/// A string whose bounds a byte count decides only in part.
#[derive(ElicitationForm, Debug)]
struct Lengths {
    #[form(min_length = 3, max_length = 5)]
    code: String,
}

fn label() -> impl Strategy<Value = Label> {
    prop_oneof![Just(Label::Bug), Just(Label::Feature), Just(Label::Docs)]
}

fn priority() -> impl Strategy<Value = Priority> {
    prop_oneof![Just(Priority::Low), Just(Priority::High)]
}

fn date() -> impl Strategy<Value = String> {
    (1900u32..2100, 1u32..=12, 1u32..=28).prop_map(|(y, m, d)| format!("{y:04}-{m:02}-{d:02}"))
}

prop_compose! {
    fn everything()(
        name in "\\PC{1,12}",
        email in proptest::option::of("[a-z]{1,8}@[a-z]{1,8}\\.(com|org)"),
        due in proptest::option::of(date()),
        estimate in 1u8..=10,
        offset in any::<i64>(),
        small in any::<i8>(),
        big in any::<u64>(),
        ratio in -1000.0f64..=1000.0,
        notify in any::<bool>(),
        priority in priority(),
        maybe in proptest::option::of(priority()),
        // A multi-select is a set of distinct choices, also when read into a `Vec`.
        labels in proptest::collection::btree_set(label(), 0..=3)
            .prop_map(|s| s.into_iter().collect::<Vec<_>>()),
        set in proptest::collection::btree_set(label(), 0..=3),
    ) -> Everything {
        Everything { name, email, due, estimate, offset, small, big, ratio, notify, priority, maybe, labels, set }
    }
}

/// An item of a multi-select answer: mostly the choices (so that lists repeat them), sometimes
/// something that is not one.
fn multi_item() -> impl Strategy<Value = Value> {
    prop_oneof![
        6 => proptest::sample::select(vec!["Bug", "Feature", "Docs"]).prop_map(Value::from),
        1 => Just(Value::from("bug")),
        1 => Just(Value::from(1)),
        1 => Just(Value::Null),
    ]
}

/// Values biased towards the form's choices and formats, in objects biased towards its fields.
fn json() -> impl Strategy<Value = Value> {
    support::json_biased(&["Bug", "low", "2024-02-29", "a@b.c"], KEYS)
}

const KEYS: &[&str] = &[
    "name", "email", "due", "estimate", "offset", "small", "big", "ratio", "notify", "priority",
    "maybe", "labels", "set",
];

proptest! {
    #[test]
    fn valid_values_round_trip(value in everything()) {
        let content = value.to_content();
        // The dynamic check over the schema agrees with the typed parse.
        prop_assert!(Everything::requested_schema().check_content(&content).is_ok());
        let parsed = Everything::from_content(&content);
        match parsed {
            Ok(parsed) => prop_assert_eq!(parsed, value),
            Err(e) => prop_assert!(false, "a valid value was rejected: {}", e),
        }
    }

    #[test]
    fn arbitrary_content_never_panics(
        entries in proptest::collection::vec((proptest::sample::select(KEYS), json()), 0..14)
    ) {
        let content: Map<String, Value> =
            entries.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        let typed = Everything::from_content(&content);
        let dynamic = Everything::requested_schema().check_content(&content);
        // Whatever was sent, both readings agree on whether it fits, and every error names
        // properties of the form.
        match (&typed, &dynamic) {
            (Ok(_), Ok(())) => {}
            (Err(e), _) => {
                prop_assert!(!e.problems().is_empty());
                for p in e.problems() {
                    prop_assert!(KEYS.contains(&p.property()));
                }
            }
            (Ok(v), Err(e)) => prop_assert!(false, "typed accepted {:?} but dynamic said {}", v, e),
        }
    }

    /// Multi-selects are read on a fast path when converting proves their rules (every item a
    /// choice, none twice, the item count within bounds); any list it does not prove takes the
    /// full check. Either way the typed reading agrees with the schema check, and what it reads
    /// is the list sent.
    #[test]
    fn multi_selects_read_as_the_schema_check_says(
        base in everything(),
        labels in proptest::collection::vec(multi_item(), 0..20),
        set in proptest::collection::vec(multi_item(), 0..20),
    ) {
        let mut content = base.to_content();
        content.insert("labels".into(), Value::Array(labels.clone()));
        content.insert("set".into(), Value::Array(set.clone()));
        let typed = Everything::from_content(&content);
        let dynamic = Everything::requested_schema().check_content(&content);
        prop_assert_eq!(typed.is_ok(), dynamic.is_ok(), "{:?} / {:?}", typed, dynamic);
        if let Ok(read) = typed {
            let names = |items: &[Label]| items.iter().map(|l| l.value()).collect::<Vec<_>>();
            prop_assert_eq!(names(&read.labels), labels.iter().filter_map(Value::as_str).collect::<Vec<_>>());
            let sent: BTreeSet<&str> = set.iter().filter_map(Value::as_str).collect();
            prop_assert_eq!(names(&read.set.iter().copied().collect::<Vec<_>>()).into_iter().collect::<BTreeSet<_>>(), sent);
        }
    }

    /// String lengths count characters, not bytes: a valid answer's string is proven within its
    /// bounds from its byte length where that decides (n bytes hold n/4 to n characters), and
    /// counted otherwise. Strings of 1- to 4-byte characters around the bounds read as the
    /// schema check says.
    #[test]
    fn string_lengths_in_characters_read_as_the_schema_check_says(
        text in "[a\u{e9}\u{20ac}\u{1f600}]{0,14}",
    ) {
        let mut content = Map::new();
        content.insert("code".into(), Value::String(text.clone()));
        let typed = Lengths::from_content(&content);
        let dynamic = Lengths::requested_schema().check_content(&content);
        let chars = text.chars().count();
        prop_assert_eq!(typed.is_ok(), (3..=5).contains(&chars), "{:?}: {:?}", text, typed);
        prop_assert_eq!(dynamic.is_ok(), (3..=5).contains(&chars));
        if let Ok(read) = typed {
            prop_assert_eq!(read.code, text);
        }
    }

    #[test]
    fn format_checks_never_panic(text in "\\PC{0,40}|[0-9T:.+Zz@a-z%-]{0,30}") {
        use mcpdesc_runtime::schema::StringFormat;
        for format in StringFormat::ALL {
            let _ = format.matches(&text);
        }
    }

    #[test]
    fn arbitrary_values_of_known_keys_never_panic(value in json()) {
        for key in KEYS {
            let mut content = Map::new();
            content.insert((*key).to_owned(), value.clone());
            let _ = Everything::from_content(&content);
        }
    }

    /// With serde's `default`, the form reads an answer as serde reads it: whatever the form
    /// accepts, serde reads alike (the form is the stricter: bounds, distinct items), once the
    /// `null`s serde refuses for a field that is not an `Option` are left out, as the form reads
    /// them.
    #[test]
    fn serde_defaults_read_as_serde_reads_them(
        entries in proptest::collection::vec(
            (
                proptest::sample::select(defaulted::KEYS),
                prop_oneof![
                    3 => support::json_biased(&["team", "free", "x"], defaulted::KEYS),
                    1 => proptest::collection::vec(
                        proptest::sample::select(vec!["free", "team", "Team"]).prop_map(Value::from),
                        0..4,
                    ).prop_map(Value::Array),
                ],
            ),
            0..6,
        )
    ) {
        let content: Map<String, Value> =
            entries.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        let stripped = defaulted::without_refused_nulls(content.clone());
        let ours = Defaulted::from_content(&content);
        prop_assert_eq!(&ours, &Defaulted::from_content(&stripped));
        if let Ok(read) = ours {
            let by_serde: Result<Defaulted, _> = serde_json::from_value(Value::Object(stripped));
            prop_assert_eq!(by_serde.ok(), Some(read));
        }
    }

    /// A `NonZero` field reads as its integer type does, 0 apart: the same values, each read
    /// exactly when the schema check passes it.
    #[test]
    fn non_zero_integers_read_as_their_integer_type_from_one(
        value in prop_oneof![
            (-3i64..300).prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            (-3i64..300).prop_map(|n| Value::from(n as f64)),
            Just(Value::from(0.5)),
        ],
    ) {
        let mut content = Map::new();
        content.insert("plain".into(), value.clone());
        content.insert("non_zero".into(), value.clone());
        let read = Counts::from_content(&content);
        let checked = Counts::requested_schema().check_content(&content);
        prop_assert_eq!(read.is_ok(), checked.is_ok(), "{:?}", value);
        let as_u8 = value.as_f64().filter(|f| f.fract() == 0.0 && (0.0..=200.0).contains(f));
        match read {
            Ok(counts) => {
                prop_assert_eq!(counts.non_zero.get(), counts.plain);
                prop_assert!(counts.plain != 0);
            }
            Err(err) => {
                // Either both properties are refused, or only the `NonZero` one, for 0.
                let names: Vec<&str> = err.problems().iter().map(|p| p.property()).collect();
                if as_u8 == Some(0.0) {
                    prop_assert_eq!(names, ["non_zero"]);
                } else {
                    prop_assert_eq!(names, ["plain", "non_zero"]);
                }
            }
        }
    }
}
