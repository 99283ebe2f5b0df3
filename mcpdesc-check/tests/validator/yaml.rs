//! The YAML writer's output reads back to the same JSON; the reader refuses what the format
//! forbids.

use mcpdesc_check::yaml;
use proptest::prelude::*;
use serde_json::{Value, json};

use crate::picker;

use crate::same_numbers;
use same_numbers::same_numbers_as_doubles;

use crate::node;

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        prop_oneof![Just(1e-7), Just(1e20), Just(-2.5e-300), Just(1.7976931348623157e308), Just(5e-324)]
            .prop_map(Value::from),
        (-1e12f64..1e12).prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::String),
        "(?s).{0,8}".prop_map(Value::String),
        "[\u{85}\u{2028}\u{2029}\u{feff}\u{fffe}\u{ffff}\u{7f}\u{0}\t a=:-]{1,4}"
            .prop_map(Value::String),
        "[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt ][0-9]{1,2}:[0-9]{2}:[0-9]{2}(\\.[0-9]*)?( ?Z| ?[-+][0-9]{1,2}(:[0-9]{2})?)?)?"
            .prop_map(Value::String),
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
            Just("2024-01-01T10:00:00Z"),
            Just("2001-12-14 21:59:43.10 -5"),
            Just("2001-12-14t21:59:43.10-05:00"),
            Just("="),
            Just("a\u{2028}b"),
            Just("\u{2029}"),
            Just("\u{fffe}\u{ffff}"),
            Just("\u{85}"),
            Just("0777"),
            Just("1_000"),
            Just("190:20:30"),
            Just("0b1010"),
            Just("+.5"),
            Just("Off"),
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

/// JSON text as writers that escape everything but printable ASCII write it (Python's
/// `json.dumps` by default): each other character as `\uXXXX`, beyond U+FFFF as a surrogate pair.
fn ascii_json(value: &Value) -> String {
    let mut out = String::new();
    for c in serde_json::to_string(value).unwrap().chars() {
        if (' '..='~').contains(&c) {
            out.push(c);
        } else {
            let mut units = [0; 2];
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        }
    }
    out
}

proptest! {
    /// YAML 1.2 reads every JSON text: also one that escapes every character beyond ASCII.
    #[test]
    fn json_with_every_other_character_escaped_reads_as_yaml(value in json_value()) {
        let text = ascii_json(&value);
        match yaml::from_str(&text) {
            Ok(read) => prop_assert!(same_numbers_as_doubles(&read, &value), "{}\n{}", text, read),
            Err(e) => prop_assert!(false, "{}\n{}", text, e),
        }
    }

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

/// Every place below `pointer` in `value`, with what the text written by serde_json shows there:
/// a member's key, an item's first character (all of a scalar).
fn written_places(value: &Value, pointer: &str, out: &mut Vec<(String, String)>) {
    let mut place = |pointer: String, shows: String, value: &Value| {
        out.push((pointer.clone(), shows));
        written_places(value, &pointer, out);
    };
    match value {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let shows = match item {
                    Value::Array(_) => "[".to_owned(),
                    Value::Object(_) => "{".to_owned(),
                    scalar => scalar.to_string(),
                };
                place(format!("{pointer}/{i}"), shows, item);
            }
        }
        Value::Object(members) => {
            for (key, member) in members {
                let token = key.replace('~', "~0").replace('/', "~1");
                place(format!("{pointer}/{token}"), json!(key).to_string(), member);
            }
        }
        _ => {}
    }
}

proptest! {
    /// Every value of a JSON text is found where it is written (a member at its key, an item
    /// at its first character), and a pointer into it that names nothing finds it too.
    #[mcpdesc_needs::needs(node, pyyaml)]
    #[test]
    fn positions_point_at_what_is_written(value in json_value()) {
        let text = serde_json::to_string_pretty(&value).unwrap();
        let (_, positions) = yaml::from_json_with_positions(&text).unwrap();
        let lines: Vec<&str> = text.split('\n').collect();
        let mut places = vec![(String::new(), String::new())];
        written_places(&value, "", &mut places);
        for (pointer, shows) in places {
            let (line, column) = positions.get(&pointer).unwrap();
            let there: String = lines[line - 1].chars().skip(column - 1).collect();
            prop_assert!(there.starts_with(&shows), "{pointer:?} at {line}:{column}: {there:?}\n{text}");
            // `~2` escapes nothing, so names no member; `-1` is no index.
            prop_assert_eq!(positions.get(&format!("{pointer}/~2")), Some((line, column)));
            prop_assert_eq!(positions.get(&format!("{pointer}/-1/0")), Some((line, column)));
        }
    }
}

/// An index is written as JSON Pointer writes it (no sign, no leading zero), and a pointer is
/// empty or starts with `/`.
#[test]
fn positions_read_pointers_as_json_pointer_writes_them() {
    let text = "{\"a\": [10, 11, 12], \"b/c\": {\"~\": 1}, \"\": 2}";
    let (_, positions) = yaml::from_json_with_positions(text).unwrap();
    let a = positions.get("/a").unwrap();
    assert_eq!(positions.get("/a/1"), Some((1, 12)));
    assert_eq!(positions.get("/a/01"), Some(a));
    assert_eq!(positions.get("/a/+1"), Some(a));
    assert_eq!(positions.get("/a/3"), Some(a));
    assert_eq!(positions.get("/b~1c/~0"), Some((1, 29)));
    assert_eq!(positions.get("/b~1c/~"), positions.get("/b~1c"));
    assert_eq!(positions.get("/"), Some((1, 38)));
    assert_eq!(positions.get(""), Some((1, 1)));
    assert_eq!(positions.get("a"), None);
}

/// The parser marks an empty value at the end of a text without a final line break on a line
/// past the text; it is found at the end of the last line, as a problem there is.
#[test]
fn an_empty_value_at_the_end_of_the_text_is_on_its_last_line() {
    for (text, pointer, at) in [
        ("-", "/0", (1, 2)),
        ("a:\n  -", "/a/0", (2, 4)),
        ("a:\n- b:\n  - ", "/a/0/b/0", (3, 5)),
        ("é:\n  -", "/é/0", (2, 4)),
    ] {
        let (_, positions) = yaml::from_str_with_positions(text).unwrap();
        assert_eq!(positions.get(pointer), Some(at), "{text:?}");
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
        let at = where_it_says(text, needle);
        if line > 0 {
            assert_eq!(at, (line, column), "{text:?}");
        }
    }
}

/// The line and column of the first problem of refused `text` whose message says `needle`.
fn where_it_says(text: &str, needle: &str) -> (usize, usize) {
    let err = yaml::from_str(text).expect_err(text);
    let p = err
        .problems()
        .iter()
        .find(|p| p.message.contains(needle))
        .unwrap_or_else(|| panic!("{text:?}: {err}"));
    (p.line, p.column)
}

/// An anchor or tag is reported where it is written, not where the parser marks its node (past
/// the first key of a block collection, on the next line); columns count characters.
#[test]
fn anchors_and_tags_are_reported_where_they_are_written() {
    for (text, needle, at) in [
        ("a: &x\n  b: 1\n", "anchors", (1, 4)),
        ("é: &x\n  b: 1\n", "anchors", (1, 4)),
        ("a:\n  - &x\n    b: 1\n", "anchors", (2, 5)),
        ("a: [1, &x 2]\n", "anchors", (1, 8)),
        ("ab: {k: &y 1}\n", "anchors", (1, 9)),
        ("&x\na: 1\n", "anchors", (1, 1)),
        ("a: !!map\n  b: 1\n", "tags", (1, 4)),
        ("ü: [x, !!str 1]\n", "tags", (1, 8)),
    ] {
        assert_eq!(where_it_says(text, needle), at, "{text:?}");
    }
}

/// Plain scalars made of what numbers are written with, every one of up to four characters:
/// the YAML 1.2 core schema's integers and floats, read as the `yaml` package reads them (a
/// number, or a string when it is none).
#[mcpdesc_needs::needs(node)]
#[test]
fn number_like_plain_scalars_read_here_as_the_yaml_package_reads_them() {
    const ALPHABET: [char; 12] = ['0', '1', '9', '.', 'e', 'E', '-', '+', 'x', 'o', 'F', '_'];
    let mut scalars: Vec<String> = vec![String::new()];
    let mut texts: Vec<String> = Vec::new();
    for _ in 0..4 {
        scalars = scalars
            .iter()
            .flat_map(|s| ALPHABET.iter().map(move |c| format!("{s}{c}")))
            .collect();
        // A `-` alone is a block sequence's entry, not a scalar.
        texts.extend(
            scalars
                .iter()
                .filter(|s| *s != "-")
                .map(|s| format!("a: {s}\n")),
        );
    }
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    {
        let (read, refused) = read_alike_by_the_yaml_package(&refs);
        assert_eq!((read, refused), (texts.len(), 0));
    }
    // Some of them, by hand.
    let value =
        yaml::from_str("[1., .5, -.5e+1, +1, -0, 0x1F, 0o17, 1e, 1.e1, ., 1_0, 0x, +0x1]").unwrap();
    assert_eq!(
        value,
        json!([
            1.0, 0.5, -5.0, 1, 0, 31, 15, "1e", 10.0, ".", "1_0", "0x", "+0x1"
        ])
    );
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

/// An integer beyond 128 bits reads as the nearest `f64` (as Python's `float(int(...))` gives
/// it, and JavaScript and the JSON reader read the decimal one), ties to even, in each radix.
#[test]
fn integers_beyond_128_bits_read_as_the_nearest_double() {
    let decimal =
        "33333333333333333333333366000000000000000000000000000000000000000000000001331409552";
    for (text, nearest) in [
        (decimal, 3.3333333333333334e82),
        (&*format!("-{}", "9".repeat(40)), -1e40),
        // 1, 52 zero bits, then a set bit just past what an f64 keeps: a tie, which the last
        // digit breaks upward, else ties to even (down here, up after an odd last bit kept).
        (
            &*format!("0x1{}8{}1", "0".repeat(13), "0".repeat(20)),
            1.3937965749081643e42,
        ),
        (
            &*format!("0x1{}8{}", "0".repeat(13), "0".repeat(21)),
            1.393796574908164e42,
        ),
        (
            &*format!("0x1{}18{}", "0".repeat(12), "0".repeat(21)),
            1.3937965749081646e42,
        ),
        (&*format!("0o{}", "7".repeat(50)), 1.42724769270596e45),
    ] {
        let value = yaml::from_str(&format!("n: {text}\n")).unwrap();
        assert_eq!(value["n"].as_f64(), Some(nearest), "{text}");
    }
    // The decimal one as the JSON reader reads it.
    let json = mcpdesc_check::json::from_str(decimal).unwrap();
    assert_eq!(json.as_f64(), Some(3.3333333333333334e82));
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

    /// Nor whatever the text of YAML's indicators, tabs and line breaks (where the tab checks
    /// and the tab-after-colon retries read lines and columns); a problem is reported on a
    /// line of the text.
    #[test]
    fn any_text_of_indicators_and_tabs_reads_without_panicking(
        s in "(a|b|-|:|\t| |\n|\\[|\\]|\\{|\\}|,|#|\"|'|\\||\\?|\r|é){0,60}"
    ) {
        if let Err(e) = yaml::from_str(&s) {
            // `\r\n`, `\r` and `\n` each end a line.
            let lines = s.matches(['\r', '\n']).count() - s.matches("\r\n").count() + 1;
            for p in e.problems() {
                prop_assert!(p.line >= 1 && p.line <= lines, "{s:?}: {e}");
            }
        }
    }
}

/// YAML that exercises the reader (plain, quoted, literal and folded scalars with their folding,
/// chomping and indentation indicators; comments; flow and block collections; explicit keys;
/// document markers and directives; the core schema's scalars; CRLF line ends), read here as an
/// independent YAML 1.2 reader reads it (the `yaml` package), numbers as doubles.
const TRICKY: &[&str] = &[
    "a: plain\n  continued\n  more\n",
    "a: 'single ''quote''\n  folded\n\n  para'\n",
    "a: \"esc \\t \\u00e9 \\x41 \\\\ \\\"\n  folded \\\n  joined\"\n",
    "a: |2\n    indented\n  base\n",
    "a: >\n  folded\n  text\n\n  new para\n   more indented\n  back\n",
    "a: >+\n  keep\n\n",
    "a: |-\n  strip\n\n",
    "# comment\na: 1 # trailing\n# end\n",
    "a: [1, 2,\n  3]\n",
    "a: {b: 1,\n  c: [x, y]}\n",
    "? a\n: 1\n",
    "? |\n  block key\n: v\n",
    "--- \na: 1\n...\n",
    "%YAML 1.2\n---\na: 1\n",
    "a:\nb: ~\nc: null\nd: \n",
    "a:\n- 1\n- 2\n",
    "a:\n  - - x\n    - y\n  - z\n",
    "- a: 1\n  b: 2\n- c: 3\n",
    "a: \"tab\tinside\"\n",
    "a: value with trailing spaces   \n",
    "a: 1\r\nb: two\r\n",
    "a: -1\nb: +1\nc: 0x1F\nd: 0o17\ne: 1_000\nf: 1.\ng: .5\nh: 1e3\ni: -.5e-3\n",
    "a: TRUE\nb: True\nc: yes\nd: On\ne: ~\nf: Null\n",
    "a: 'x'\n'b': \"y\"\n",
    "a: >\n\n  leading empty\n",
    "a: |\n\n  leading empty\n",
    "key with spaces: v\n",
    "a: b:c\n",
    "a: http://x.y/z#frag\n",
    "a: [a: 1]\n",
    "a: {x}\n",
    "a: [ ]\nb: { }\n",
    "a: 'multi\n\n\n  line'\n",
    "a: \"\\N\\_\\L\\P\\e\\0\"\n",
    "a: \"\\U0001F600\"\n",
    "- >\n text\n- |\n text\n",
    "a:   \n  - x\n",
    "a:\n\n  b: 1\n",
    "a: 12:30:00\n",
    "a: 2001-12-14t21:59:43.10-05:00\n",
    "a: 0.1e+2\n",
    "a: 1__0\n",
    "a: 0b101\n",
    "a: 007\n",
    "a: +0\nb: -0\nc: -0.0\n",
    "a: 9223372036854775808\nb: -9223372036854775809\nc: 18446744073709551616\n",
    "a: 'it''s'\n",
    "\"a\\tb\": 1\n",
    "a: |\n  line\n    more\n  back\n",
    "a: >-\n  one\n  two\n\n",
    "a: \"  leading and trailing  \"\n",
    "a: |+\n\n\n",
    "a: >2-\n   x\n",
    "seq:\n- a\n-\n- c\n",
    "a: [1, [2, [3]]]\n",
    "a: {b: {c: {d: e}}}\n",
    "- - - x\n",
    "a: 'x' # c\n",
    "a: \"\"\nb: ''\n",
    "a: -\n",
    "a: - x\n",
    "a: :x\n",
    "a: x:\n",
    "a: ? x\n",
    // Only a block scalar starts with `|` or `>`, and a flow collection cannot hold one.
    "a: [|x]\n",
    "a: {b: >x}\n",
    "{|x: 1}\n",
    "a: [x, '|y', \">z\"]\n",
    "a: [x|, y>]\n",
    // A document marker ends a block scalar that is the whole document, even unindented.
    ">\n---\n",
    "  |\n--- \n",
    "|\nx\n...\n",
    "|\n ---\n",
    // A character beyond U+FFFF escaped as JSON writes it.
    "a: \"\\ud83d\\ude00\"\nb: [\"x\\uD83D\\uDE01\", 1]\n",
];

/// What the `yaml` package reads in each text (`{"value": ..}` or `{"error": ..}`).
fn read_by_the_yaml_package(texts: &[&str]) -> Vec<Value> {
    let dir = node::ts_client_dir();
    let lines: String = texts.iter().map(|t| format!("{}\n", json!(t))).collect();
    let theirs = node::run_json_lines(&dir, "yaml_check.mjs parse", &lines);
    assert_eq!(theirs.len(), texts.len());
    theirs
}

/// What PyYAML (`safe_load`) reads in each text (`{"value": ..}` or `{"error": ..}`).
fn read_by_pyyaml(texts: &[&str]) -> Vec<Value> {
    pyyaml();
    let lines: String = texts.iter().map(|t| format!("{}\n", json!(t))).collect();
    python_json_lines("yaml11_verdicts.py", &lines)
}

/// Asserts that this reader and the `yaml` package read each text alike: both refuse it, or
/// both read the same value. Returns how many both read and how many both refused.
fn read_alike_by_the_yaml_package(texts: &[&str]) -> (usize, usize) {
    let theirs = read_by_the_yaml_package(texts);
    let (mut read, mut refused) = (0, 0);
    for (text, theirs) in texts.iter().zip(&theirs) {
        match (yaml::from_str(text), theirs.get("error")) {
            (Err(_), Some(_)) => refused += 1,
            (Ok(ours), None) => {
                read += 1;
                assert!(
                    same_numbers_as_doubles(&ours, &theirs["value"]),
                    "{text:?}: here {ours}, the yaml package {theirs}"
                );
            }
            (ours, _) => panic!("{text:?}: here {ours:?}, the yaml package {theirs}"),
        }
    }
    (read, refused)
}

/// Asserts that this reader, the `yaml` package and PyYAML read each of `texts` alike: all
/// three refuse it, or all three read the same value; `refused` of them are refused.
fn assert_read_alike_by_both(texts: &[&str], refused: usize) {
    let counts = read_alike_by_the_yaml_package(texts);
    assert_eq!(counts, (texts.len() - refused, refused));
    let pyyaml = read_by_pyyaml(texts);
    for (text, theirs) in texts.iter().zip(pyyaml) {
        match (yaml::from_str(text), theirs.get("value")) {
            (Ok(ours), Some(theirs)) => assert_eq!(&ours, theirs, "{text:?}"),
            (Err(_), None) => {}
            (ours, _) => panic!("{text:?}: here {ours:?}, PyYAML {theirs}"),
        }
    }
}

/// Asserts that `text` reads.
fn assert_reads(text: &str) {
    if let Err(e) = yaml::from_str(text) {
        panic!("{text:?}: {e}");
    }
}

/// Asserts, for each `(refused, (line, column), mended)` of `cases`, that `refused` is refused
/// first at that line and column with a message that `says` (given the text, the line and
/// column, and the message), and that `mended` reads.
fn assert_refused_where_it_is(
    cases: &[(&str, (usize, usize), &str)],
    says: impl Fn(&str, (usize, usize), &str) -> bool,
) {
    for (refused, at, mended) in cases {
        let err = yaml::from_str(refused).expect_err(refused);
        let p = &err.problems()[0];
        assert_eq!((p.line, p.column), *at, "{refused:?}: {err}");
        assert!(says(refused, *at, &p.message), "{refused:?}: {err}");
        assert_reads(mended);
    }
}

/// Both texts of each `(refused, at, mended)` case.
fn both_sides<'a>(
    cases: &'a [(&'a str, (usize, usize), &'a str)],
) -> impl Iterator<Item = &'a str> {
    cases
        .iter()
        .flat_map(|(refused, _, mended)| [*refused, *mended])
}

/// Short texts of YAML's tokens in any order (keys, indicators, scalars of every style, flow
/// brackets, comments, document markers, tabs), a few lines each and indented at random: most
/// are not YAML at all. Generated from a fixed seed, so each run reads the same texts.
fn token_soup(count: usize) -> Vec<String> {
    const TOKENS: &[&str] = &[
        "a:", "b:", "c: ", "- ", "-", "x", "y z", "1", "\"q\"", "'s'", "[", "]", "{", "}", ", ",
        ",", "#c", " ", "  ", "\t", "?", ": ", "|", ">", "|-", "--- ", "...", "\"", "'", "null",
        "~", "true", "0x1", "1.5", "é", "\\",
    ];
    let mut picker = picker::Picker::new(0x50_0b);
    (0..count)
        .map(|_| {
            let mut text = String::new();
            for _ in 0..=picker.below(4) {
                text.push_str(&" ".repeat(picker.below(4)));
                for _ in 0..=picker.below(5) {
                    text.push_str(picker.pick(TOKENS));
                }
                text.push('\n');
            }
            text
        })
        .collect()
}

/// Asserts that Python with PyYAML is here. A test that calls this is marked
/// `#[needs(pyyaml)]`: where it is missing, the test is ignored with the reason.
fn pyyaml() {
    let available = std::process::Command::new("python3")
        .args(["-c", "import yaml"])
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        available,
        "python3 with PyYAML is missing (pip install PyYAML)"
    );
}

/// Runs `scripts/<script>` with Python on a file holding `lines`, in a directory of its own:
/// tests run on several threads, and two may run the same script at once.
fn python(script: &str, lines: &str) -> std::process::Output {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!(
        "mcpdesc-{}-{}-{call}",
        script.trim_end_matches(".py"),
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("input.jsonl");
    std::fs::write(&input, lines).unwrap();
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scripts")
        .join(script);
    let out = std::process::Command::new("python3")
        .arg(script)
        .arg(&input)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    out
}

/// Runs `scripts/<script>` with Python on a file holding `lines`, and reads each line it prints
/// as JSON, one per line given; fails on a failing script.
fn python_json_lines(script: &str, lines: &str) -> Vec<Value> {
    let out = python(script, lines);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(printed.len(), lines.lines().count(), "{script}");
    printed
}

#[path = "yaml/edges.rs"]
mod edges;
#[path = "yaml/indentation.rs"]
mod indentation;
#[path = "yaml/round_trips.rs"]
mod round_trips;
