//! Every member of the format's published JSON Schema is compared by a rule, or listed as not
//! compared with the reason: `diff::COVERAGE`, walked against the schema.

use std::collections::BTreeSet;

use mcpdesc_check::diff::{COVERAGE, Coverage, RULES};
use serde_json::Value;

fn schema() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/conformance/mcpdesc-0.8.0/schema.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

struct Walk<'a> {
    defs: &'a serde_json::Map<String, Value>,
    visited: BTreeSet<String>,
    reached: BTreeSet<String>,
    uncovered: BTreeSet<String>,
}

/// The branches of `node`'s `allOf`, `oneOf` and `anyOf`, in that order.
fn branches(node: &Value) -> impl Iterator<Item = &Value> {
    ["allOf", "oneOf", "anyOf"]
        .into_iter()
        .filter_map(|keyword| node.get(keyword).and_then(Value::as_array))
        .flatten()
}

impl Walk<'_> {
    /// The members of the object `node` describes (through `allOf`/`oneOf`/`anyOf` branches
    /// written in place), as members of `object`; each reached and, when compared member by
    /// member, walked into.
    fn object(&mut self, object: &str, node: &Value) {
        if !self.visited.insert(object.to_owned()) {
            return;
        }
        let mut members: Vec<(String, &Value)> = Vec::new();
        self.members(node, &mut members);
        for (name, schema) in members {
            let key = format!("{object}.{name}");
            self.reached.insert(key.clone());
            match COVERAGE.iter().find(|(k, _)| *k == key) {
                None => {
                    self.uncovered.insert(key);
                }
                Some((_, Coverage::Within)) => self.inside(&key, schema),
                Some(_) => {}
            }
        }
        for branch in branches(node) {
            self.inside(object, branch);
        }
    }

    fn members<'v>(&self, node: &'v Value, out: &mut Vec<(String, &'v Value)>) {
        for (name, schema) in node
            .get("properties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            out.push((name.clone(), schema));
        }
        for (pattern, schema) in node
            .get("patternProperties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            let name = if pattern == "^x-" {
                "x-*".to_owned()
            } else {
                pattern.clone()
            };
            out.push((name, schema));
        }
        for branch in branches(node) {
            if branch.get("$ref").is_none() {
                self.members(branch, out);
            }
        }
    }

    /// What a member's schema holds: a definition (walked under its own name), elements,
    /// values of a map, or members written in place (walked under the member's key).
    fn inside(&mut self, key: &str, schema: &Value) {
        if let Some(target) = schema.get("$ref").and_then(Value::as_str) {
            let name = target.rsplit('/').next().unwrap();
            let def = &self.defs[name];
            self.object(name, def);
            return;
        }
        for keyword in ["items", "additionalProperties"] {
            if let Some(inner) = schema.get(keyword).filter(|v| v.is_object()) {
                self.inside(key, inner);
            }
        }
        for branch in branches(schema) {
            self.inside(key, branch);
        }
        if schema.get("properties").is_some() || schema.get("patternProperties").is_some() {
            self.object(key, schema);
        }
    }
}

#[test]
fn every_member_of_the_published_schema_is_compared_or_said_not_to_be() {
    let schema = schema();
    let mut walk = Walk {
        defs: schema["$defs"].as_object().unwrap(),
        visited: BTreeSet::new(),
        reached: BTreeSet::new(),
        uncovered: BTreeSet::new(),
    };
    walk.object("$root", &schema);
    assert!(
        walk.uncovered.is_empty(),
        "members of the format no rule compares and COVERAGE does not list: {:?}",
        walk.uncovered
    );
    // No entry for a member the format does not have.
    let stale: Vec<&str> = COVERAGE
        .iter()
        .map(|(k, _)| *k)
        .filter(|k| !walk.reached.contains(*k))
        .collect();
    assert!(
        stale.is_empty(),
        "COVERAGE lists members the format does not have: {stale:?}"
    );
    assert!(
        walk.reached.len() > 100,
        "{} members reached",
        walk.reached.len()
    );
}

#[test]
fn every_entry_names_rules_that_exist_or_says_why_not() {
    for (key, coverage) in COVERAGE {
        match coverage {
            Coverage::By(prefixes) => {
                assert!(!prefixes.is_empty(), "{key}");
                for prefix in *prefixes {
                    assert!(
                        RULES.iter().any(|r| r.id == *prefix
                            || (prefix.ends_with('-') && r.id.starts_with(prefix))),
                        "{key}: no rule is or starts with {prefix:?}"
                    );
                }
            }
            Coverage::NotCompared(reason) => assert!(reason.len() > 10, "{key}: say why"),
            Coverage::Within => {}
            other => panic!("{key}: a kind of coverage this test does not know: {other:?}"),
        }
    }
}
