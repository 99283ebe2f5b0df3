//! Property tests: valid values round-trip through content; arbitrary JSON never panics.

use std::collections::BTreeSet;

use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};
use proptest::prelude::*;
use serde_json::{Map, Value};

use crate::support;

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

use crate::defaulted;
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
        // Distinct choices, so that a `Vec` reads back as a set does.
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
        use mcpdesc_format::schema::StringFormat;
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
    /// accepts, serde reads alike (the form is the stricter: bounds), once the
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

/// JSON for the canonical form: numbers of every magnitude (integers a double holds exactly, and
/// finite doubles), strings with control characters, escapes and characters beyond the BMP (whose
/// UTF-16 order differs from their code points'), nested objects whose keys sort by UTF-16.
fn canonical_json() -> impl Strategy<Value = Value> {
    const SAFE: i64 = 1 << 53;
    let text = proptest::collection::vec(
        prop_oneof![
            proptest::char::range('\u{0}', '\u{7f}'),
            Just('\u{e9}'),
            Just('\u{ff61}'),
            Just('\u{1f600}'),
            Just('\u{2028}'),
        ],
        0..6,
    )
    .prop_map(|c| c.into_iter().collect::<String>());
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-SAFE..=SAFE).prop_map(Value::from),
        proptest::num::f64::NORMAL
            .prop_union(proptest::num::f64::SUBNORMAL)
            .or(proptest::num::f64::ZERO)
            .prop_map(Value::from),
        text.clone().prop_map(Value::from),
        // Quarters where a double's spacing is a quarter: the shortest digits can end in two
        // ways as near, where ECMAScript takes the even one.
        ((1u64 << 50)..(1u64 << 51), 0..4u32)
            .prop_map(|(n, q)| Value::from(n as f64 + f64::from(q) * 0.25)),
    ];
    leaf.prop_recursive(3, 24, 5, move |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..5).prop_map(Value::from),
            proptest::collection::vec((text.clone(), inner), 0..5)
                .prop_map(|members| Value::Object(members.into_iter().collect())),
        ]
    })
}

proptest! {
    /// `json::canonical` writes what `serde_jcs` (RFC 8785, written by others) writes. One
    /// deliberate difference is left out of the generated values: an integer beyond 2^53, which
    /// no double holds, is written here as the double JSON readers take it for (as RFC 8785 and
    /// JavaScript do), and by `serde_jcs` digit for digit.
    #[test]
    fn canonical_json_is_rfc_8785(value in canonical_json()) {
        let ours = mcpdesc_format::json::canonical(&value);
        let theirs = serde_jcs::to_string(&value).unwrap();
        prop_assert_eq!(&ours, &theirs);
        // And it reads back as the same value.
        let back: Value = serde_json::from_str(&ours).unwrap();
        prop_assert_eq!(mcpdesc_format::json::canonical(&back), ours);
    }
}

/// The number examples of RFC 8785 (appendix B), and member order by UTF-16 code units (§3.2.3).
#[test]
fn canonical_json_matches_the_rfc_examples() {
    for (bits, written) in [
        (0x0000_0000_0000_0000u64, "0"),
        (0x8000_0000_0000_0000, "0"),
        (0x0000_0000_0000_0001, "5e-324"),
        (0x8000_0000_0000_0001, "-5e-324"),
        (0x7fef_ffff_ffff_ffff, "1.7976931348623157e+308"),
        (0xffef_ffff_ffff_ffff, "-1.7976931348623157e+308"),
        (0x4340_0000_0000_0000, "9007199254740992"),
        (0xc340_0000_0000_0000, "-9007199254740992"),
        (0x4430_0000_0000_0000, "295147905179352830000"),
        (0x44b5_2d02_c7e1_4af5, "9.999999999999997e+22"),
        (0x44b5_2d02_c7e1_4af6, "1e+23"),
        (0x44b5_2d02_c7e1_4af7, "1.0000000000000001e+23"),
        (0x444b_1ae4_d6e2_ef4e, "999999999999999700000"),
        (0x444b_1ae4_d6e2_ef4f, "999999999999999900000"),
        (0x444b_1ae4_d6e2_ef50, "1e+21"),
        (0x3eb0_c6f7_a0b5_ed8c, "9.999999999999997e-7"),
        (0x3eb0_c6f7_a0b5_ed8d, "0.000001"),
        (0x41b3_de43_5555_5553, "333333333.3333332"),
        (0x41b3_de43_5555_5554, "333333333.33333325"),
        (0x41b3_de43_5555_5555, "333333333.3333333"),
        (0x41b3_de43_5555_5556, "333333333.3333334"),
        (0x41b3_de43_5555_5557, "333333333.33333343"),
        (0xbecb_f647_612f_3696, "-0.0000033333333333333333"),
        (0x4314_3ff3_c1cb_0959, "1424953923781206.2"),
    ] {
        let value = Value::from(f64::from_bits(bits));
        assert_eq!(
            mcpdesc_format::json::canonical(&value),
            written,
            "{bits:#x}"
        );
    }
    let sorted = mcpdesc_format::json::canonical(&serde_json::json!({
        "\u{20ac}": "Euro Sign",
        "\r": "Carriage Return",
        "\u{fb33}": "Hebrew Letter Dalet With Dagesh",
        "1": "One",
        "\u{1f600}": "Emoji: Grinning Face",
        "\u{80}": "Control",
        "\u{f6}": "Latin Small Letter O With Diaeresis",
    }));
    assert_eq!(
        sorted,
        "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u{80}\":\"Control\",\"\u{f6}\":\"Latin Small Letter O With Diaeresis\",\"\u{20ac}\":\"Euro Sign\",\"\u{1f600}\":\"Emoji: Grinning Face\",\"\u{fb33}\":\"Hebrew Letter Dalet With Dagesh\"}"
    );
}

/// Numbers near every boundary a JSON number crosses: ±2^53 (the last integers a double holds
/// exactly), `i64` and `u64`'s ends, the largest and smallest doubles, zero of either sign, and
/// integers written as doubles.
fn boundary_number() -> impl Strategy<Value = Value> {
    const TWO_53: i64 = 1 << 53;
    let near = |centre: i128| (-3i128..=3).prop_map(move |d| centre + d);
    let integers = prop_oneof![
        near(i128::from(TWO_53)),
        near(-i128::from(TWO_53)),
        near(i128::from(i64::MAX)),
        near(i128::from(i64::MIN)),
        near(i128::from(u64::MAX)),
        near(0),
    ]
    .prop_filter_map("an integer serde_json holds", |n| {
        u64::try_from(n)
            .map(Value::from)
            .or_else(|_| i64::try_from(n).map(Value::from))
            .ok()
    });
    let doubles = prop_oneof![
        (0u64..4).prop_map(f64::from_bits),
        (0u64..4).prop_map(|d| -f64::from_bits(d)),
        (0u64..4).prop_map(|d| f64::from_bits(f64::MAX.to_bits() - d)),
        (0u64..4).prop_map(|d| f64::from_bits(f64::MIN_POSITIVE.to_bits() + d)),
        (-3i64..=3).prop_map(|d| (TWO_53 + d) as f64),
        (-3i64..=3).prop_map(|d| (-TWO_53 + d) as f64),
        (-3i64..=3).prop_map(|d| d as f64),
        (0u64..4).prop_map(|d| f64::from_bits((u64::MAX as f64).to_bits() - 2 + d)),
        any::<f64>().prop_filter("finite", |x| x.is_finite()),
    ]
    .prop_map(Value::from);
    prop_oneof![integers, doubles]
}

/// Argument objects as a client sends them: members whose values are numbers near the
/// boundaries, strings, and nested objects and arrays of them.
fn arguments() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        4 => boundary_number(),
        1 => "[a-z]{0,3}".prop_map(Value::from),
        1 => Just(Value::Null),
    ];
    leaf.prop_recursive(2, 12, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            proptest::collection::btree_map("[a-c]", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    /// `json::exact`, which a sealed `requestState` binds the arguments with, reads back as the
    /// value it wrote: so no two different argument objects share a binding.
    #[test]
    fn the_exact_form_reads_back_as_the_same_value(value in arguments()) {
        let written = mcpdesc_format::json::exact(&value);
        let back: Value = serde_json::from_str(&written).unwrap();
        prop_assert_eq!(&back, &value, "{}", written);
    }

    /// Two different values near the boundaries are never written alike, and two values that
    /// differ only in member order always are alike.
    #[test]
    fn different_arguments_never_share_an_exact_form(a in arguments(), b in arguments()) {
        let (ea, eb) = (mcpdesc_format::json::exact(&a), mcpdesc_format::json::exact(&b));
        // (`0.0` and `-0.0` are equal as values and written apart: the form is stricter there.)
        if ea == eb {
            prop_assert_eq!(&a, &b, "{}", ea);
        }
        if let Value::Object(members) = &a {
            let reversed: serde_json::Map<String, Value> =
                members.iter().rev().map(|(k, v)| (k.clone(), v.clone())).collect();
            prop_assert_eq!(mcpdesc_format::json::exact(&Value::Object(reversed)), ea);
        }
    }
}

/// Every pair of neighbouring numbers at each boundary has two exact forms, where RFC 8785's
/// canonical form writes some pairs alike (the deliberate difference between the two).
#[test]
fn neighbours_at_each_boundary_are_written_apart() {
    use mcpdesc_format::json::{canonical, exact};
    let pairs = [
        (Value::from(u64::MAX - 1), Value::from(u64::MAX - 1000)),
        (Value::from(i64::MAX), Value::from(i64::MAX as u64 + 1)),
        (Value::from(i64::MIN), Value::from(i64::MIN + 1)),
        (Value::from(-(1i64 << 53) - 1), Value::from(-(1i64 << 53))),
        (Value::from((1u64 << 53) + 1), Value::from(1u64 << 53)),
        (Value::from(1u64), Value::from(1.0)),
        (Value::from(0.0), Value::from(-0.0)),
    ];
    for (a, b) in pairs {
        assert_ne!(exact(&a), exact(&b), "{a} / {b}");
    }
    // The first pairs are the ones RFC 8785 writes as one double.
    assert_eq!(
        canonical(&Value::from(u64::MAX - 1)),
        canonical(&Value::from(u64::MAX - 1000))
    );
}
