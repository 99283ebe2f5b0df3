//! The YAML writer's output reads back to the same JSON; the reader refuses what the format
//! forbids.

use mcpdesc_runtime::yaml;
use proptest::prelude::*;
use serde_json::{Value, json};

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (-1e12f64..1e12).prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::String),
        prop_oneof![
            Just("yes"),
            Just("No"),
            Just("~"),
            Just("null"),
            Just("1.0"),
            Just("0x1F"),
            Just("- a"),
            Just("a: b"),
            Just("#x"),
            Just(" lead"),
            Just("trail "),
            Just("&a"),
            Just("*a"),
            Just("!t"),
            Just("@x"),
            Just("`x"),
            Just("multi\nline"),
            Just("tab\there"),
            Just("quote\"s"),
            Just(""),
            Just("1e3"),
            Just(".5"),
            Just("+1"),
            Just("2025-11-25"),
            Just("<<"),
            Just("{x}"),
            Just("[x]"),
        ]
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            proptest::collection::vec(("\\PC{0,6}|yes|1|<<|- x|a: b", inner), 0..5)
                .prop_map(|entries| Value::Object(entries.into_iter().collect())),
        ]
    })
}

proptest! {
    #[test]
    fn written_yaml_reads_back_to_the_same_json(value in json_value()) {
        let text = yaml::to_string(&value);
        let back = yaml::from_str(&text);
        match back {
            Ok(back) => prop_assert_eq!(back, value, "{}", text),
            Err(e) => prop_assert!(false, "{}\n{}", text, e),
        }
    }
}

#[test]
fn nested_sequences_and_maps_layout() {
    let value = json!({"a": [[1, 2], {"b": [], "c": {"d": "x"}}], "e": [{"f": 1, "g": [true]}]});
    let text = yaml::to_string(&value);
    assert_eq!(
        text,
        "a:\n  -\n    - 1\n    - 2\n  - b: []\n    c:\n      d: x\ne:\n  - f: 1\n    g:\n      - true\n"
    );
    assert_eq!(yaml::from_str(&text).unwrap(), value);
}

#[test]
fn reader_refuses_what_the_format_forbids() {
    for (text, needle, line, column) in [
        ("a: &x 1\n", "anchors", 1, 4),
        ("a: 1\nb: *x\n", "YAML syntax error", 0, 0),
        ("a: !!str 1\n", "tags (`!!str`)", 1, 4),
        ("base: {x: 1}\n<<: {y: 2}\n", "merge keys", 2, 1),
        ("a: 1\na: 2\n", "duplicate key \"a\"", 2, 1),
        ("1: one\n", "not a string", 1, 1),
        ("a: .inf\n", "no JSON equivalent", 1, 4),
        ("a: 1\n---\nb: 2\n", "one YAML document", 2, 1),
    ] {
        let err = yaml::from_str(text).expect_err(text);
        let p = err
            .problems()
            .iter()
            .find(|p| p.message.contains(needle))
            .unwrap_or_else(|| panic!("{text:?}: {err}"));
        if line > 0 {
            assert_eq!((p.line, p.column), (line, column), "{text:?}: {p}");
        }
    }
}

#[test]
fn core_schema_scalars() {
    let value = yaml::from_str(
        "a: ~\nb: True\nc: 0x10\nd: 0o17\ne: -3\nf: 1.5e2\ng: '1'\nh: plain text\ni:\n",
    )
    .unwrap();
    assert_eq!(
        value,
        json!({"a": null, "b": true, "c": 16, "d": 15, "e": -3, "f": 150.0, "g": "1", "h": "plain text", "i": null})
    );
}

#[test]
fn hostile_files_are_refused_without_exhausting_the_stack() {
    let nested = |text: &str| {
        let err = yaml::from_str(text).unwrap_err();
        assert!(
            err.problems()
                .iter()
                .any(|p| p.message.contains("nested more than 128 levels")),
            "{err}"
        );
    };
    nested(&format!("{}{}", "[".repeat(140), "]".repeat(140)));
    nested(
        &(0..300)
            .map(|i| format!("{}k:\n", "  ".repeat(i)))
            .collect::<String>(),
    );
    // Far deeper input is refused too (by the parser itself), without exhausting the stack.
    assert!(yaml::from_str(&"[".repeat(100_000)).is_err());

    let many: String = (0..1000).map(|i| format!("k{i}: &a{i} 1\n")).collect();
    let err = yaml::from_str(&many).unwrap_err();
    assert!(err.problems().len() <= 101, "{}", err.problems().len());
    assert!(
        err.problems()
            .last()
            .unwrap()
            .message
            .contains("stopped reading"),
        "{err}"
    );
}

#[test]
fn signed_hex_and_octal_are_strings_and_never_overflow() {
    let value = yaml::from_str(
        "a: -0x-80000000000000000000000000000000\nb: 0x-1\nc: -0x10\nd: +0o7\ne: 0x\nf: 0o8\ng: +12\nh: -9223372036854775808\ni: 18446744073709551615\nj: 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF\nk: -170141183460469231731687303715884105728\n",
    )
    .unwrap();
    assert_eq!(value["a"], "-0x-80000000000000000000000000000000");
    assert_eq!(value["b"], "0x-1");
    assert_eq!(value["c"], "-0x10");
    assert_eq!(value["d"], "+0o7");
    assert_eq!(value["e"], "0x");
    assert_eq!(value["f"], "0o8");
    assert_eq!(value["g"], 12);
    assert_eq!(value["h"], i64::MIN);
    assert_eq!(value["i"], u64::MAX);
    // Beyond 64 bits: the nearest f64, as serde_json reads such a JSON number.
    assert_eq!(value["j"].as_f64(), Some(2f64.powi(136)));
    assert_eq!(value["k"].as_f64(), Some(-(2f64.powi(127))));
}

#[test]
fn a_byte_order_mark_is_not_part_of_the_first_key() {
    let value = yaml::from_str("\u{feff}name: a\n").unwrap();
    assert_eq!(value, json!({"name": "a"}));
    let (_, positions) = yaml::from_str_with_positions("\u{feff}name: a\n").unwrap();
    assert_eq!(positions.get("/name"), Some((1, 1)));
}

#[test]
fn the_document_starts_at_its_first_written_character() {
    for (text, at) in [
        ("a: 1\n", (1, 1)),
        ("# c\n\n  a: 1\n", (3, 3)),
        ("%YAML 1.2\n---\na: 1\n", (3, 1)),
        ("--- {a: 1}\n", (1, 5)),
        ("[1, 2]\n", (1, 1)),
    ] {
        let (_, positions) = yaml::from_str_with_positions(text).unwrap();
        assert_eq!(positions.get(""), Some(at), "{text:?}");
    }
}

proptest! {
    /// The reader never panics, whatever the plain scalar.
    #[test]
    fn any_plain_scalar_reads_without_panicking(s in "[-+0-9a-fA-Fxo.eE_]{1,48}") {
        let _ = yaml::from_str(&format!("a: {s}\n"));
    }
}
