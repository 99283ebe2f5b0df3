//! What this crate writes, read back by PyYAML and the `yaml` package, and what they write, read back here.

#[allow(unused_imports)]
use super::*;

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
#[mcpdesc_needs::needs(pyyaml)]
#[test]
fn written_yaml_reads_back_through_pyyaml() {
    pyyaml();
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
#[mcpdesc_needs::needs(pyyaml)]
#[test]
fn yaml_written_by_pyyaml_reads_back_here() {
    pyyaml();
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
#[mcpdesc_needs::needs(node)]
#[test]
fn written_yaml_reads_back_through_an_independent_yaml_1_2_reader() {
    let dir = node::ts_client_dir();
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
#[mcpdesc_needs::needs(node)]
#[test]
fn yaml_written_by_an_independent_yaml_1_2_writer_reads_back_here() {
    let dir = node::ts_client_dir();
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

#[mcpdesc_needs::needs(node)]
#[test]
fn tricky_yaml_reads_here_as_an_independent_yaml_1_2_reader_reads_it() {
    read_alike_by_the_yaml_package(TRICKY);
}
