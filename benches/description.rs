//! A 1,000-tool description with two declarations per tool, in one run:
//! `cargo bench --bench description`.
//!
//! - `build_validate_serialize`: the builder (which merges the declarations, validates the
//!   document it writes and refuses an invalid one), then serialization to JSON;
//! - `serialize_only`: serializing the finished document with serde_json, the floor;
//! - `validate_only`: `validate` on the finished document;
//! - `mcpdesc_check_process`: `mcpdesc check` on the document as a whole process (when the binary
//!   is built: `cargo build --release -p mcpdesc-check --features cli`).
//!
//! And, at two sizes side by side, documents whose lists are long where a check looks for a name
//! written twice (one tool's declarations, a form's `required`, the root `tags`): `validate_wide`,
//! `positions_wide` (reading the document written on one line for the positions of its values,
//! as `mcpdesc check` does for a report) and `positions_wide_yaml` (the same document in YAML,
//! read with its positions); and `validate_chain`, a chain of schema
//! components each referring to the next, entered by as many declarations. Ten times the entries
//! cost about ten times as much, not a hundred.
//!
//! BENCHMARKS.md has the figures of one run and the ratios.

fn main() {
    divan::main();
}

#[path = "common/description.rs"]
mod common;
use common::*;
#[path = "common/shapes.rs"]
mod shapes;
use shapes::{chain, wide};

#[divan::bench(sample_count = 20)]
fn build_validate_serialize(bencher: divan::Bencher) {
    bencher
        .with_inputs(builder)
        // The description is returned, so that divan frees it outside the timing, as the floor
        // below never frees its document either.
        .bench_values(|b| match b.build() {
            Ok(d) => {
                let json = d.to_json();
                (json, Some(d))
            }
            Err(_) => (String::new(), None),
        });
}

#[divan::bench(sample_count = 20)]
fn serialize_only(bencher: divan::Bencher) {
    let doc = document();
    bencher.bench(|| {
        serde_json::to_string(divan::black_box(&doc))
            .map(|s| s.len())
            .unwrap_or(0)
    });
}

#[divan::bench(sample_count = 20)]
fn validate_only(bencher: divan::Bencher) {
    let doc = document();
    bencher.bench(|| mcpdesc_check::validate(divan::black_box(&doc)).is_valid());
}

#[divan::bench(sample_count = 10)]
fn mcpdesc_check_process(bencher: divan::Bencher) {
    let binary = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/release/mcpdesc");
    if !binary.exists() {
        eprintln!(
            "skipped mcpdesc_check_process: build it with `cargo build --release -p mcpdesc-check --features cli`"
        );
        return;
    }
    let dir = std::env::temp_dir().join(format!("mcpdesc-bench-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join("bench.mcpdesc.json");
    let _ = std::fs::write(
        &file,
        serde_json::to_string(&document()).unwrap_or_default(),
    );
    bencher.bench(|| {
        std::process::Command::new(&binary)
            .arg("check")
            .arg(&file)
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false)
    });
    let _ = std::fs::remove_dir_all(&dir);
}

#[divan::bench(args = [2_000, 20_000], sample_count = 10)]
fn validate_wide(bencher: divan::Bencher, n: usize) {
    let doc = wide(n);
    bencher.bench(|| mcpdesc_check::validate(divan::black_box(&doc)).is_valid());
}

#[divan::bench(args = [2_000, 20_000], sample_count = 10)]
fn positions_wide(bencher: divan::Bencher, n: usize) {
    // One line, and not ASCII, so that columns are counted in characters.
    let mut doc = wide(n);
    doc["info"]["title"] = serde_json::Value::from("Wide — one line");
    let text = serde_json::to_string(&doc).unwrap_or_default();
    bencher.bench(|| mcpdesc_check::json::positions(divan::black_box(&text)).is_some());
}

#[divan::bench(args = [2_000, 20_000], sample_count = 10)]
fn positions_wide_yaml(bencher: divan::Bencher, n: usize) {
    let mut doc = wide(n);
    doc["info"]["title"] = serde_json::Value::from("Wide — in YAML");
    let text = mcpdesc_check::yaml::to_string(&doc);
    bencher.bench(|| mcpdesc_check::yaml::from_str_with_positions(divan::black_box(&text)).is_ok());
}

#[divan::bench(args = [500, 5_000], sample_count = 10)]
fn validate_chain(bencher: divan::Bencher, n: usize) {
    let doc = chain(n);
    bencher.bench(|| mcpdesc_check::validate(divan::black_box(&doc)).is_valid());
}
