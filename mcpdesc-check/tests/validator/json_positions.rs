//! `json::positions`, the one-pass reader of a JSON text's positions, against the YAML reader's
//! positions of the same text (JSON is YAML 1.2): the same tree, node for node, for every public
//! fixture, the example's description, and texts written every way JSON allows (compact,
//! indented with spaces or tabs, `\r\n`, keys with escapes and characters beyond ASCII).

use std::path::Path;

use serde_json::{Value, json};

fn assert_same_positions(name: &str, text: &str) {
    let ours = mcpdesc_check::json::positions(text).unwrap_or_else(|| panic!("{name}: not read"));
    let (_, theirs) = mcpdesc_check::yaml::from_json_with_positions(text)
        .unwrap_or_else(|e| panic!("{name}: the YAML reader: {e}"));
    assert_eq!(ours, theirs, "{name}");
}

/// Every `.json` file under `dir`, at any depth.
fn json_files(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            json_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "json") {
            found.push(path);
        }
    }
}

#[test]
fn the_one_pass_reader_finds_what_the_yaml_reader_finds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    json_files(&root.join("../../shared/conformance"), &mut files);
    files.push(root.join("../tests/snapshots/issue_tracker.mcpdesc.json"));
    files.push(root.join("../tests/fixtures/every_member.mcpdesc.json"));
    assert!(files.len() > 90, "{} files", files.len());
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        assert_same_positions(&file.display().to_string(), &text);
        let value: Value = serde_json::from_str(&text).unwrap();
        let compact = serde_json::to_string(&value).unwrap();
        assert_same_positions(&format!("{} (compact)", file.display()), &compact);
        let tabs = serde_json::to_string_pretty(&value)
            .unwrap()
            .replace("  ", "\t");
        assert_same_positions(&format!("{} (tabs)", file.display()), &tabs);
        let crlf = serde_json::to_string_pretty(&value)
            .unwrap()
            .replace('\n', "\r\n");
        assert_same_positions(&format!("{} (CRLF)", file.display()), &crlf);
    }
    let odd = json!({
        "é\"k": {"ü/ñ": [1, -2.5e3, true, null, "a\\\"b", "日本"], "~0": {}},
        "": [[], {}, [{"x": "y"}]],
        "\u{1F600}": "\u{1F600}\u{1F600}",
    });
    for text in [
        serde_json::to_string(&odd).unwrap(),
        serde_json::to_string_pretty(&odd).unwrap(),
        "\u{feff}{\"a\" :\t[ 1 ,2 ] , \"b\":{ }}\n".to_owned(),
        "  [1,\n\"\\u00e9\\n\",\r\n {\"k\":\"v\"}]  ".to_owned(),
        "\"a string\"".to_owned(),
        "42".to_owned(),
    ] {
        assert_same_positions(&text, &text);
    }
}
