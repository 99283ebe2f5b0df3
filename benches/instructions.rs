//! A plain loop over one operation, for counting its instructions with valgrind's callgrind,
//! which, unlike timings, do not depend on the machine's load: `scripts/instructions.sh` runs it
//! for each operation with N and 0 repetitions and prints the instructions per operation and the
//! ratios BENCHMARKS.md quotes.
//!
//! Usage: `instructions OPERATION N [baseline]` (`cargo bench --bench instructions -- ...`):
//! `baseline` makes everything N operations need and runs none of them.

#[path = "common/description.rs"]
mod description;
#[path = "common/diff_pair.rs"]
mod diff_pair;
#[path = "common/forms.rs"]
mod forms;
use description as common;

use std::hint::black_box;

use mcpdesc_runtime::ElicitationForm;
use serde::Deserialize;
use serde_json::Value;

const OPERATIONS: &[&str] = &[
    "from_content3",
    "serde3",
    "jsonschema3",
    "from_content8",
    "serde8",
    "jsonschema8",
    "build_validate_serialize",
    "serialize",
    "validate",
    "fill50",
    "rmcp_builder50",
    "fill50_into_rmcp",
    "read50",
    "read_both",
    "diff",
];

fn main() {
    let mut args = std::env::args().skip(1);
    let operation = args.next().unwrap_or_default();
    let n: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(0);
    let baseline = args.next().as_deref() == Some("baseline");
    if !OPERATIONS.contains(&operation.as_str()) {
        eprintln!("unknown operation {operation:?}; the operations are {OPERATIONS:?}");
        std::process::exit(2);
    }
    // Everything the operations read is made before the loop, in the baseline too, so that the
    // difference between a run and its baseline is the operations alone.
    let assign = forms::assign_valid();
    let assign_value = Value::Object(assign.clone());
    let triage = forms::triage_valid();
    let triage_value = Value::Object(triage.clone());
    let assign_validator = forms::validator::<forms::Assign>();
    let triage_validator = forms::validator::<forms::Triage>();
    let document = description::document();
    let mut builders: Vec<_> = (0..if operation == "build_validate_serialize" {
        n
    } else {
        0
    })
        .map(|_| description::builder())
        .collect();
    let fills = ["fill50", "rmcp_builder50", "fill50_into_rmcp"].contains(&operation.as_str());
    let mut teams: Vec<_> = (0..if fills { n } else { 0 })
        .map(|_| forms::runtime::team())
        .collect();
    let team_form = forms::runtime::filled(forms::runtime::team());
    let team_answer = forms::runtime::answer();
    let (old_text, new_text) = diff_pair::pair();
    let read = |text: &str| mcpdesc_check::json::from_str(text).unwrap_or(Value::Null);
    let (old, new) = (read(&old_text), read(&new_text));
    let mut read_back = Vec::with_capacity(n);
    let runs = if baseline { 0 } else { n };
    let mut kept = Vec::with_capacity(n);
    // The operation is chosen once, before its loop: a choice made per run (a `match` on the
    // operation's name) would add the same few dozen instructions to every operation and so
    // bring every ratio closer to 1.
    let ok = match operation.as_str() {
        "from_content3" => repeat(runs, || {
            usize::from(forms::Assign::from_content(black_box(&assign)).is_ok())
        }),
        "serde3" => repeat(runs, || {
            usize::from(forms::Assign::deserialize(black_box(&assign_value)).is_ok())
        }),
        "jsonschema3" => repeat(runs, || {
            let v = black_box(&assign_value);
            usize::from(assign_validator.is_valid(v) && forms::Assign::deserialize(v).is_ok())
        }),
        "from_content8" => repeat(runs, || {
            usize::from(forms::Triage::from_content(black_box(&triage)).is_ok())
        }),
        "serde8" => repeat(runs, || {
            usize::from(forms::Triage::deserialize(black_box(&triage_value)).is_ok())
        }),
        "jsonschema8" => repeat(runs, || {
            let v = black_box(&triage_value);
            usize::from(triage_validator.is_valid(v) && forms::Triage::deserialize(v).is_ok())
        }),
        "build_validate_serialize" => repeat(runs, || match builders.pop().map(|b| b.build()) {
            Some(Ok(d)) => {
                let json = d.to_json();
                let len = json.len();
                // Freed after the loop, as the serialization floor never frees its document.
                kept.push(d);
                len
            }
            _ => 0,
        }),
        "serialize" => repeat(runs, || {
            serde_json::to_string(black_box(&document))
                .map(|s| s.len())
                .unwrap_or(0)
        }),
        "validate" => repeat(runs, || {
            usize::from(mcpdesc_check::validate(black_box(&document)).is_valid())
        }),
        "fill50" => repeat(runs, || {
            teams
                .pop()
                .and_then(forms::runtime::prepare)
                .unwrap_or_default()
        }),
        "rmcp_builder50" => repeat(runs, || {
            teams
                .pop()
                .and_then(forms::runtime::rmcp_builder)
                .unwrap_or_default()
        }),
        "fill50_into_rmcp" => repeat(runs, || {
            teams
                .pop()
                .and_then(forms::runtime::fill_into_rmcp)
                .map_or(0, |s| s.properties.len())
        }),
        "read50" => repeat(runs, || {
            team_form
                .as_ref()
                .map_or(0, |f| usize::from(f.read(black_box(&team_answer)).is_ok()))
        }),
        "read_both" => repeat(runs, || {
            let both = (read(black_box(&old_text)), read(black_box(&new_text)));
            let n = usize::from(both.0.is_object());
            // Freed after the loop, as `diff` frees nothing it was given.
            read_back.push(both);
            n
        }),
        "diff" => repeat(runs, || {
            mcpdesc_check::diff::diff(black_box(&old), black_box(&new))
                .changes()
                .len()
        }),
        _ => 0,
    };
    black_box(ok);
    std::mem::forget(read_back);
    // Built descriptions are not freed (nor are the builders a baseline leaves): the operation
    // ends with the JSON written, and the process ends next.
    std::mem::forget(kept);
    std::mem::forget(builders);
    std::mem::forget(teams);
}

/// Runs `operation` `runs` times and sums what it returns (so that nothing is optimized away).
#[inline(never)]
fn repeat(runs: usize, mut operation: impl FnMut() -> usize) -> usize {
    let mut sum = 0usize;
    for _ in 0..runs {
        sum = sum.wrapping_add(operation());
    }
    sum
}
