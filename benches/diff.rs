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

use serde_json::Value;

fn main() {
    divan::main();
}

#[path = "common/description.rs"]
mod common;
#[path = "common/diff_pair.rs"]
mod diff_pair;
use diff_pair::pair;

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
