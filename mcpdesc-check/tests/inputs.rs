//! Inputs made from tool schemas (`mcpdesc_check::inputs`), over every tool of the public
//! conformance fixtures (valid and warning ones: their schemas compile) and of the example's
//! description:
//!
//! - every valid input the strategy hands out validates, and every invalid one does not, shrunk
//!   ones included: a run is made to fail so that proptest shrinks, and each step is checked;
//! - the generator makes a valid input for every tool;
//! - the boundary cases say what they try: at a bound is valid and beyond it invalid, on a
//!   property with no other keyword that could refuse the value.

// Test code: the workspace's no-panic lints are for the crate's own code.
#![allow(clippy::restriction)]

use std::path::{Path, PathBuf};

use mcpdesc_check::inputs::ToolInputs;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};
use serde_json::Value;

#[path = "../../tests/support/description_file.rs"]
mod description_file;
use description_file::load;

/// Every description the tests read: the conformance fixtures that must pass (valid and
/// warning ones), and the example's.
fn descriptions() -> Vec<(String, Value)> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let conformance = manifest.join("../../shared/conformance/mcpdesc-0.8.0");
    let mut paths: Vec<PathBuf> = ["expected-valid", "expected-warning"]
        .iter()
        .flat_map(|dir| {
            std::fs::read_dir(conformance.join(dir))
                .unwrap_or_else(|e| panic!("{dir}: {e}"))
                .map(|e| e.unwrap().path())
        })
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("json" | "yaml" | "yml")
            )
        })
        .collect();
    paths.sort();
    paths.push(manifest.join("../examples/issue_tracker.mcpdesc.yaml"));
    let mut out: Vec<(String, Value)> = paths
        .iter()
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                load(p),
            )
        })
        .collect();
    out.push(("every bound".to_owned(), every_bound()));
    out
}

/// A tool with every keyword the boundary cases read, each on a property of its own.
fn every_bound() -> Value {
    serde_json::json!({"tools": [{"name": "bounded", "inputSchema": {
        "type": "object",
        "properties": {
            "short": {"type": "string", "minLength": 2, "maxLength": 5},
            "long": {"type": "string", "minLength": 300},
            "count": {"type": "integer", "minimum": -3, "maximum": 12},
            "open": {"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 10},
            "ratio": {"type": "number", "minimum": 0.25, "maximum": 0.75},
            "share": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
            "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3},
            "level": {"enum": ["low", "mid", "high"]},
            "when": {"type": "string", "format": "date"},
            "code": {"type": "string", "pattern": "^[A-Z]{2}\\d{3}$"}
        },
        "required": ["short", "count"],
        "additionalProperties": false
    }}]})
}

/// Every tool's inputs: (fixture and tool, inputs).
fn tools() -> Vec<(String, ToolInputs)> {
    let mut out = Vec::new();
    let mut refused: Vec<(String, String)> = Vec::new();
    for (file, description) in descriptions() {
        let names: Vec<String> = description
            .get("tools")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|t| t.get("name").and_then(Value::as_str).map(str::to_owned))
            .collect();
        for name in names {
            let which = format!("{file} {name}");
            match ToolInputs::of_tool(&description, &name) {
                Some(Ok(inputs)) => out.push((which, inputs)),
                Some(Err(error)) => refused.push((which, error.to_string())),
                None => panic!("{which}: no schema"),
            }
        }
    }
    assert_eq!(
        refused
            .iter()
            .map(|(which, _)| which.as_str())
            .collect::<Vec<_>>(),
        REFUSED.iter().map(|(which, _)| *which).collect::<Vec<_>>()
    );
    for ((which, error), (_, why)) in refused.iter().zip(REFUSED) {
        assert!(error.contains(why), "{which}: {error}");
    }
    assert!(out.len() >= 40, "{} tools", out.len());
    out
}

/// The tools whose schemas give no inputs, on purpose, with a part of why:
/// - a schema in JSON Schema's draft-04 shape (`exclusiveMinimum: true`), which the format
///   accepts with a warning, does not compile as 2020-12, so what is valid against it cannot be
///   told;
/// - a schema that refers to another on the network: nothing is fetched.
const REFUSED: &[(&str, &str)] = &[
    (
        "pre-dialect-tool-schema-shape.json legacy_numeric_input",
        "true is not of type",
    ),
    (
        "unresolved-external-tool-example-ref.json lookup",
        "is not present in a registry",
    ),
    (
        "unresolved-external-tool-ref.json lookup",
        "is not present in a registry",
    ),
];

/// Runs `strategy` with a property that fails on every input, so that proptest shrinks to the
/// end; `check` sees every input the run hands out, the shrunk ones included.
fn shrink_through(
    strategy: impl Strategy<Value = Value>,
    seed: u8,
    check: impl Fn(&Value) -> bool,
) -> usize {
    let config = Config {
        cases: 8,
        failure_persistence: None,
        max_shrink_iters: 256,
        ..Config::default()
    };
    let mut runner = TestRunner::new_with_rng(
        config,
        proptest::test_runner::TestRng::from_seed(
            proptest::test_runner::RngAlgorithm::ChaCha,
            &[seed; 32],
        ),
    );
    // A panic inside the property would read as a failure to shrink: what is wrong is kept.
    let seen = std::cell::Cell::new(0usize);
    let wrong = std::cell::RefCell::new(Vec::new());
    let result = runner.run(&strategy, |input| {
        seen.set(seen.get() + 1);
        if !check(&input) {
            wrong.borrow_mut().push(input.to_string());
        }
        Err(TestCaseError::fail("shrink"))
    });
    assert!(matches!(result, Err(TestError::Fail(_, _))), "{result:?}");
    assert_eq!(wrong.into_inner(), Vec::<String>::new());
    seen.get()
}

#[test]
fn valid_inputs_validate_and_invalid_ones_do_not_through_every_shrink() {
    let mut checked = 0;
    let mut no_invalid = Vec::new();
    for (which, inputs) in tools() {
        checked += shrink_through(inputs.valid(), 1, |input| inputs.is_valid(input));
        // A schema that accepts anything has no invalid input.
        let mut runner = TestRunner::deterministic();
        if inputs.invalid().new_tree(&mut runner).is_err() {
            no_invalid.push(which);
            continue;
        }
        checked += shrink_through(inputs.invalid(), 2, |input| !inputs.is_valid(input));
    }
    assert!(checked > 1_000, "{checked} inputs checked");
    assert!(
        no_invalid.is_empty(),
        "no invalid input made for {no_invalid:?}"
    );
}

#[test]
fn every_tool_gets_valid_inputs() {
    for (which, inputs) in tools() {
        let mut runner = TestRunner::deterministic();
        let strategy = inputs.valid();
        for _ in 0..32 {
            let tree = strategy
                .new_tree(&mut runner)
                .unwrap_or_else(|e| panic!("{which}: {e}"));
            assert!(inputs.is_valid(&tree.current()), "{which}");
        }
    }
}

/// Keywords that cannot make a value at or beyond a length or number bound invalid on their own.
const HARMLESS: &[&str] = &[
    "type",
    "description",
    "title",
    "minLength",
    "maxLength",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "default",
    "examples",
    "minItems",
    "maxItems",
];

#[test]
fn boundary_cases_are_what_they_say() {
    let mut judged = 0;
    for (which, inputs) in tools() {
        let cases = inputs.boundaries();
        assert!(
            cases
                .iter()
                .any(|c| c.what == "/: the smallest valid input" && c.valid),
            "{which}: {cases:#?}"
        );
        for case in &cases {
            let Some((pointer, what)) = case.what.split_once(": ") else {
                panic!("{which}: {}", case.what)
            };
            let property = inputs.schema().pointer(pointer);
            let plain = property
                .and_then(Value::as_object)
                .is_some_and(|p| p.keys().all(|k| HARMLESS.contains(&k.as_str())));
            if !plain {
                continue;
            }
            let exclusive = what.starts_with("exclusive");
            let expected = if what.ends_with(", inside the bound") {
                Some(true)
            } else if what.ends_with(", at the bound") {
                Some(!exclusive)
            } else if what.ends_with(", beyond the bound") {
                Some(false)
            } else {
                None
            };
            if let Some(expected) = expected {
                assert_eq!(
                    case.valid, expected,
                    "{which}: {}: {}",
                    case.what, case.input
                );
                judged += 1;
            }
        }
    }
    assert!(judged >= 20, "{judged} boundary cases judged");
}
