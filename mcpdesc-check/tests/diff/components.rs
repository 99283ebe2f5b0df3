//! Shared components: a change reported once, at the component, naming every place that uses
//! it; references followed where the two sides name different components or none.

use mcpdesc_check::diff::{Class, diff};
use serde_json::{Value, json};

use super::{of, witness_holds};

fn shared(filter: Value) -> Value {
    json!({
        "mcpdesc": "0.9.0",
        "info": {"name": "tracker", "version": "1.0.0"},
        "protocolVersions": ["2025-11-25"],
        "components": {"schemas": {
            "Filter": filter,
            "Alias": {"$componentRef": "#/components/schemas/Filter"}
        }},
        "tools": [
            {"name": "list", "inputSchema": {"$componentRef": "#/components/schemas/Filter"}},
            {"name": "count", "inputSchema": {"$componentRef": "#/components/schemas/Alias"}},
            {"name": "ask", "inputSchema": {"type": "object"}, "elicitations": [{
                "name": "narrow", "mode": "form", "message": "Narrow it?",
                "requestedSchema": {"$componentRef": "#/components/schemas/Filter"}
            }]}
        ]
    })
}

fn filter(states: &[&str]) -> Value {
    json!({"type": "object", "properties": {"state": {"type": "string", "enum": states}}, "required": ["state"]})
}

#[test]
fn a_changed_component_is_reported_once_at_the_component_with_every_use() {
    let (old, new) = (
        shared(filter(&["open", "closed"])),
        shared(filter(&["open"])),
    );
    let changes = diff(&old, &new);
    // Once per role the component plays: a tool's input (two tools), a form.
    let input = of(&changes, "input-choice-removed");
    assert_eq!(input.len(), 1, "{changes}");
    let change = input[0];
    assert_eq!(
        change.new,
        "/components/schemas/Filter/properties/state/enum"
    );
    assert_eq!(
        change.old,
        "/components/schemas/Filter/properties/state/enum"
    );
    assert_eq!(
        change.uses,
        [
            "/tools/0/inputSchema",
            "/tools/1/inputSchema",
            "/tools/2/elicitations/0/requestedSchema"
        ]
    );
    assert!(
        change.message.starts_with("component schema `Filter`"),
        "{}",
        change.message
    );
    witness_holds(
        change,
        &old,
        &new,
        "/components/schemas/Filter",
        "/components/schemas/Filter",
    );
    assert_eq!(of(&changes, "form-choice-removed").len(), 1, "{changes}");
    assert_eq!(changes.at_least(Class::Breaking).count(), 2, "{changes}");
}

#[test]
fn a_reference_to_another_component_alike_is_no_change_and_one_unlike_is_compared_there() {
    let old = shared(filter(&["open"]));
    let mut new = old.clone();
    new["components"]["schemas"]["Copy"] = filter(&["open"]);
    new["tools"][0]["inputSchema"] = json!({"$componentRef": "#/components/schemas/Copy"});
    let changes = diff(&old, &new);
    assert!(of(&changes, "input-choice-removed").is_empty(), "{changes}");
    assert!(
        changes.at_least(Class::Warning).next().is_none(),
        "{changes}"
    );

    new["components"]["schemas"]["Copy"] = filter(&[]);
    let changes = diff(&old, &new);
    let found = of(&changes, "input-choice-removed");
    assert_eq!(found.len(), 1, "{changes}");
    // Each side's pointer is where its schema is written.
    assert_eq!(
        found[0].old,
        "/components/schemas/Filter/properties/state/enum"
    );
    assert_eq!(
        found[0].new,
        "/components/schemas/Copy/properties/state/enum"
    );
}

#[test]
fn an_inline_schema_and_a_reference_to_the_same_schema_are_no_change() {
    let old = shared(filter(&["open"]));
    let mut new = old.clone();
    new["tools"][0]["inputSchema"] = filter(&["open"]);
    assert!(diff(&old, &new).at_least(Class::Warning).next().is_none());
}
