//! Two 1,000-tool descriptions that differ in ten places, as JSON text: `benches/diff.rs` and
//! `benches/instructions.rs` compare them.

use serde_json::{Value, json};

/// The old document and the new one, differing in ten places: three descriptions reworded,
/// three tools that now require an argument (each breaking, with a witness), two tools removed
/// and two added.
pub fn pair() -> (String, String) {
    let old = super::common::document();
    let mut new = old.clone();
    let Some(tools) = new.get_mut("tools").and_then(Value::as_array_mut) else {
        panic!("the document has tools");
    };
    for i in [10, 20, 30] {
        if let Some(tool) = tools.get_mut(i) {
            tool["description"] = json!("Changes one thing, carefully.");
        }
    }
    for i in [100, 200, 300] {
        if let Some(tool) = tools.get_mut(i) {
            tool["inputSchema"]["properties"]["reason"] = json!({"type": "string"});
            tool["inputSchema"]["required"] = json!(["id", "reason"]);
        }
    }
    tools.remove(901);
    tools.remove(900);
    for name in ["added_one", "added_two"] {
        tools.push(json!({
            "name": name,
            "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}
        }));
    }
    let text = |v: &Value| serde_json::to_string_pretty(v).unwrap_or_default();
    (text(&old), text(&new))
}
