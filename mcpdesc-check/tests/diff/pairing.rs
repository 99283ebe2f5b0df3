//! How `diff` pairs what the two descriptions hold: every public fixture against itself and
//! against itself written in the other format, names standing twice on disjoint versions, and
//! renames that cannot be told apart.

use mcpdesc_check::diff::diff;
use mcpdesc_check::document::{Document, Format};
use serde_json::json;

use super::{base, of, with};

#[test]
fn every_public_fixture_has_no_change_against_itself_in_either_format() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/conformance/mcpdesc-0.8.0");
    let mut compared = 0;
    for folder in ["expected-valid", "expected-invalid", "expected-warning"] {
        for entry in std::fs::read_dir(root.join(folder)).unwrap() {
            let path = entry.unwrap().path();
            let Ok(format) = Format::of_path(&path) else {
                continue;
            };
            let text = std::fs::read_to_string(&path).unwrap();
            // A fixture the readers refuse is the readers' test, not this one's.
            let Ok(document) = Document::read(&text, format) else {
                continue;
            };
            let value = document.value();
            let same = diff(value, value);
            assert!(same.is_empty(), "{}:\n{same}", path.display());
            let other = match format {
                Format::Json => mcpdesc_check::yaml::to_string(value),
                _ => serde_json::to_string_pretty(value).unwrap(),
            };
            let other_format = if format == Format::Json {
                Format::Yaml
            } else {
                Format::Json
            };
            let written = Document::read(&other, other_format).unwrap();
            let across = diff(value, written.value());
            assert!(
                across.is_empty(),
                "{} in the other format:\n{across}",
                path.display()
            );
            compared += 1;
        }
    }
    assert!(compared > 80, "{compared} fixtures compared");
}

#[test]
fn a_name_that_stands_twice_on_disjoint_versions_is_paired_by_its_versions() {
    let tool = |versions: serde_json::Value, x: &str| {
        json!({"name": "search", "protocolVersions": versions, "inputSchema": {
            "type": "object", "properties": {x: {"type": "string"}}
        }})
    };
    let old = with(
        base(),
        &[(
            "/tools",
            json!([
                tool(json!(["2025-06-18"]), "q"),
                tool(json!(["2025-11-25"]), "query")
            ]),
        )],
    );
    // The newer one stays; the older one goes.
    let new = with(
        base(),
        &[("/tools", json!([tool(json!(["2025-11-25"]), "query")]))],
    );
    let changes = diff(&old, &new);
    let removed = of(&changes, "tool-removed");
    assert_eq!(removed.len(), 1, "{changes}");
    assert_eq!(removed[0].old, "/tools/0");
    assert_eq!(changes.changes().len(), 1, "{changes}");
}

#[test]
fn a_rename_is_reported_only_when_one_removal_and_one_addition_are_alike() {
    let tool = |name: &str| json!({"name": name, "inputSchema": {"type": "object"}});
    let old = with(base(), &[("/tools", json!([tool("a"), tool("b")]))]);
    // Two removed and two added, all alike: no rename can be told.
    let new = with(base(), &[("/tools", json!([tool("c"), tool("d")]))]);
    let changes = diff(&old, &new);
    assert!(of(&changes, "tool-renamed").is_empty(), "{changes}");
    assert_eq!(of(&changes, "tool-removed").len(), 2, "{changes}");
    assert_eq!(of(&changes, "tool-added").len(), 2, "{changes}");
    // One of each: a rename.
    let new = with(base(), &[("/tools", json!([tool("a"), tool("c")]))]);
    let changes = diff(&old, &new);
    let renamed = of(&changes, "tool-renamed");
    assert_eq!(renamed.len(), 1, "{changes}");
    assert_eq!(
        renamed[0].message,
        "tool `b` is now `c` (the same inputSchema: likely a rename)"
    );
    assert_eq!(
        (renamed[0].old.as_str(), renamed[0].new.as_str()),
        ("/tools/1", "/tools/1")
    );
}

#[test]
fn a_description_of_0_8_0_against_the_same_of_0_9_0_only_says_the_version_changed() {
    let mut old = base();
    old["mcpdesc"] = json!("0.8.0");
    old["tools"][0]["elicitations"] = json!([{
        "name": "ask", "mode": "form", "message": "Which?",
        "requestedSchema": {"$componentRef": "#/components/schemas/Ask"}
    }]);
    old["components"] = json!({"schemas": {"Ask": {
        "type": "object", "properties": {"x": {"type": "string"}}
    }}});
    let mut new = old.clone();
    new["mcpdesc"] = json!("0.9.0");
    let changes = diff(&old, &new);
    let ids: Vec<&str> = changes.changes().iter().map(|c| c.rule.id).collect();
    assert_eq!(ids, ["documentation-changed"], "{changes}");
    assert_eq!(changes.changes()[0].old, "/mcpdesc");
}
