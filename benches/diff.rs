//! `diff` of two 1,000-tool descriptions that differ in ten places, against reading both, in
//! one run: `cargo bench --bench diff`.
//!
//! - `read_both`: both documents read from their JSON text by the checker's reader, as
//!   `mcpdesc diff` reads them;
//! - `diff_only`: `diff` of the two documents read (pairing, resolving `$componentRef`s,
//!   comparing, and a witness checked against both schemas for each of the breaking changes);
//! - `read_validate_both`: reading and validating both, which `mcpdesc diff` does before it
//!   compares.
//!
//! The goal: the diff itself costs less than reading the two documents. BENCHMARKS.md §9 has the
//! figures of one run.

use serde_json::{Value, json};

fn main() {
    divan::main();
}

#[path = "common/description.rs"]
mod common;

/// The old document and the new one, differing in ten places: three descriptions reworded,
/// three tools that now require an argument (each breaking, with a witness), two tools removed
/// and two added.
fn pair() -> (String, String) {
    let old = common::document();
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

fn read(text: &str) -> Value {
    mcpdesc_check::json::from_str(text).unwrap_or(Value::Null)
}

#[divan::bench(sample_count = 20)]
fn read_both(bencher: divan::Bencher) {
    let (old, new) = pair();
    bencher.bench(|| (read(divan::black_box(&old)), read(divan::black_box(&new))));
}

#[divan::bench(sample_count = 20)]
fn diff_only(bencher: divan::Bencher) {
    let (old, new) = pair();
    let (old, new) = (read(&old), read(&new));
    let changes = mcpdesc_check::diff::diff(&old, &new);
    assert_eq!(changes.changes().len(), 10, "{changes}");
    bencher.bench(|| mcpdesc_check::diff::diff(divan::black_box(&old), divan::black_box(&new)));
}

#[divan::bench(sample_count = 20)]
fn read_validate_both(bencher: divan::Bencher) {
    let (old, new) = pair();
    bencher.bench(|| {
        let (a, b) = (read(divan::black_box(&old)), read(divan::black_box(&new)));
        (
            mcpdesc_check::validate(&a).is_valid(),
            mcpdesc_check::validate(&b).is_valid(),
        )
    });
}
