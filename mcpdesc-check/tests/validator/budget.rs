//! What one adversarial document costs `validate` and `diff`: a pattern that backtracks without
//! end, in the schema of every tool and matched by every tool's example. Each match stops at
//! the engine's per-match limit and each document's matches at its budget, so the cost has a
//! bound whatever the document holds; the counts below follow from the two limits
//! (`reference::validation`). The times are a hang guard only: the figures are in
//! BENCHMARKS.md.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// A pattern that backtracks exponentially on `a…a!` in a backtracking engine (its lookahead
/// keeps it from the linear one).
const CATASTROPHIC: &str = "^((?=a)a|a)*$";

/// A description of `tools` tools, each whose `s` argument has `pattern` (and `extra`), each
/// with an example whose `s` is forty `a`s and a `!`.
fn adversarial(tools: usize, pattern: &str, extra: Value) -> Value {
    let mut property = json!({"type": "string", "pattern": pattern});
    if let (Some(p), Value::Object(extra)) = (property.as_object_mut(), extra) {
        p.extend(extra);
    }
    let tools: Vec<Value> = (0..tools)
        .map(|i| {
            json!({
                "name": format!("t{i}"),
                "inputSchema": {
                    "$schema": "https://json-schema.org/draft/2020-12/schema",
                    "type": "object",
                    "properties": {"s": property},
                },
                "examples": {"slow": {"input": {"s": format!("{}!", "a".repeat(40))}}},
            })
        })
        .collect();
    json!({
        "mcpdesc": "0.9.0",
        "info": {"name": "adversarial", "version": "1.0.0"},
        "protocolVersions": ["2025-11-25"],
        "tools": tools,
    })
}

/// How many examples were reported unchecked with each reason.
fn unchecked(report: &mcpdesc_check::Report) -> (usize, usize) {
    let messages: Vec<&str> = report
        .diagnostics()
        .iter()
        .filter(|d| d.code == "incomplete-tool-example-validation")
        .map(|d| d.message.as_str())
        .collect();
    let slow = messages
        .iter()
        .filter(|m| m.contains("took more than 10000 backtracking steps"))
        .count();
    let spent = messages
        .iter()
        .filter(|m| m.contains("budget for them (20000000 steps) is spent"))
        .count();
    (slow, spent)
}

#[test]
fn a_backtracking_pattern_in_every_tool_is_bounded_by_the_documents_budget() {
    let document = adversarial(3_000, CATASTROPHIC, json!({}));
    let started = Instant::now();
    let report = mcpdesc_check::validate(&document);
    let took = started.elapsed();
    // Each example is charged its worst case: its two strings (the key `s` and its value)
    // against the one pattern, at the per-match limit, 20,000 steps. A thousand fit the budget,
    // each stopped at the per-match limit; the two thousand after them are not run.
    assert_eq!(unchecked(&report), (1_000, 2_000));
    assert!(took < Duration::from_secs(60), "validate took {took:?}");
    eprintln!("validate, 3,000 tools with a backtracking pattern: {took:?}");

    // The same pattern where the linear engine can take it (no lookahead) is checked in full:
    // the example does not match, and says so.
    let linear = adversarial(3_000, "^(a|a)*$", json!({}));
    let report = mcpdesc_check::validate(&linear);
    assert_eq!(unchecked(&report), (0, 0));
    let mismatches = report
        .diagnostics()
        .iter()
        .filter(|d| d.code == "tool-example-schema-mismatch")
        .count();
    assert_eq!(mismatches, 3_000);
}

#[test]
fn a_backtracking_pattern_in_every_tool_is_bounded_in_diff() {
    // Every tool's argument narrowed: a breaking change each, whose witness is looked for among
    // strings of `a`s, on which the pattern backtracks without end (it wants a `b`).
    let pattern = "^((?=a)a|a)*b$";
    let old = adversarial(100, pattern, json!({}));
    let new = adversarial(100, pattern, json!({"maxLength": 30}));
    let started = Instant::now();
    let diff = mcpdesc_check::diff::diff(&old, &new);
    let took = started.elapsed();
    assert_eq!(diff.changes().len(), 100);
    // No witness is shown that a pattern cut short could have made wrong: each says why.
    for change in diff.changes() {
        let Some(mcpdesc_check::diff::Witness::Withheld { reason }) = &change.witness else {
            panic!("{:?}", change.witness);
        };
        assert!(reason.contains("backtracking steps"), "{reason}");
    }
    assert!(took < Duration::from_secs(60), "diff took {took:?}");
    eprintln!("diff, 100 tools with a backtracking pattern narrowed: {took:?}");
}
