//! The validator and `diff` grow with their input as the input grows: ten times the entries cost
//! at most eleven times the instructions, counted by Valgrind (`callgrind`), never timed. Each
//! shape of `benches/description.rs` (`validate_wide`, `validate_chain`, `positions_wide` and
//! `positions_wide_yaml`), a
//! tool schema that requires `n` members, and `diff` of the wide shape against itself with every
//! form field and declaration changed, is run at `n` and `10 n` in a child process of this test
//! binary under Valgrind, and once with nothing to do, for what every run costs whatever its
//! input (the test harness, the process); the ratio is of what is left.
//!
//! The test installs Valgrind from the distribution's packages when it is missing; where it
//! cannot, it says it is skipped, unless `MCPDESC_REQUIRE_VALGRIND` is set (`.ci/run` sets it),
//! when that is a failure.
#![allow(clippy::restriction)]

use std::process::Command;

#[path = "../../benches/common/shapes.rs"]
mod shapes;

/// The environment variable that makes this binary's `child` test run one shape at one size.
const CHILD: &str = "MCPDESC_GROWTH_CHILD";

/// Runs the shape named in `MCPDESC_GROWTH_CHILD` (`wide:2000`): the child process the test
/// below counts, not a test of its own.
#[test]
#[ignore = "the child process of ten_times_the_entries_cost_at_most_eleven_times_the_instructions"]
fn child() {
    let spec = std::env::var(CHILD).expect("MCPDESC_GROWTH_CHILD names a shape and a size");
    let (shape, n) = spec.split_once(':').expect("shape:n");
    let n: usize = n.parse().expect("a size");
    match shape {
        // What every run costs, whatever its input.
        "none" => {}
        "wide" => {
            let doc = shapes::wide(n);
            assert!(mcpdesc_check::validate(&doc).is_valid());
        }
        "chain" => {
            let doc = shapes::chain(n);
            assert!(mcpdesc_check::validate(&doc).is_valid());
        }
        "tool_required" => {
            let mut doc = shapes::wide(n);
            doc["tools"][0]["inputSchema"] = serde_json::json!({
                "type": "object",
                "properties": (0..n)
                    .map(|i| (format!("a{i}"), serde_json::json!({"type": "string"})))
                    .collect::<serde_json::Map<_, _>>(),
                "required": (0..n).map(|i| format!("a{i}")).collect::<Vec<_>>(),
            });
            doc["tools"][0]
                .as_object_mut()
                .unwrap()
                .remove("elicitations");
            doc.as_object_mut().unwrap().remove("tags");
            assert!(mcpdesc_check::validate(&doc).is_valid());
        }
        "diff" => {
            let old = shapes::wide(n);
            let mut new = old.clone();
            for declaration in new["tools"][0]["elicitations"].as_array_mut().unwrap() {
                declaration["message"] = serde_json::Value::from("Sign in again.");
                if let Some(properties) = declaration
                    .pointer_mut("/requestedSchema/properties")
                    .and_then(serde_json::Value::as_object_mut)
                {
                    for field in properties.values_mut() {
                        field["maxLength"] = serde_json::Value::from(5);
                    }
                }
            }
            let changes = mcpdesc_check::diff::diff(&old, &new);
            assert_eq!(changes.changes().len(), 2 * n + 1);
        }
        "positions" => {
            let mut doc = shapes::wide(n);
            doc["info"]["title"] = serde_json::Value::from("Wide — one line");
            let text = serde_json::to_string(&doc).unwrap();
            assert!(mcpdesc_check::json::positions(&text).is_some());
        }
        "positions_yaml" => {
            let mut doc = shapes::wide(n);
            doc["info"]["title"] = serde_json::Value::from("Wide — in YAML");
            let text = mcpdesc_check::yaml::to_string(&doc);
            assert!(mcpdesc_check::yaml::from_str_with_positions(&text).is_ok());
        }
        other => panic!("unknown shape {other}"),
    }
}

/// The instructions this binary's `child` test runs for `shape` at `n`, under Valgrind.
fn instructions(shape: &str, n: usize) -> u64 {
    let exe = std::env::current_exe().expect("this test binary");
    let out = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(exe)
        .args(["--exact", "child", "--ignored", "--test-threads=1"])
        .env(CHILD, format!("{shape}:{n}"))
        .output()
        .expect("valgrind runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{shape}:{n} failed:\n{stderr}");
    stderr
        .lines()
        .find_map(|line| {
            let (_, count) = line.split_once("Collected :")?;
            count.trim().parse().ok()
        })
        .unwrap_or_else(|| panic!("no instruction count in:\n{stderr}"))
}

/// Asserts that Valgrind runs here, installed from the distribution's packages when it is
/// missing. A test that calls this is marked `#[needs(valgrind)]`.
fn valgrind_present() {
    let present = || {
        Command::new("valgrind")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !present() {
        let _ = Command::new("apt-get")
            .args(["install", "-y", "-qq", "valgrind"])
            .env("DEBIAN_FRONTEND", "noninteractive")
            .stdout(std::process::Stdio::null())
            .status();
    }
    assert!(
        present(),
        "Valgrind is missing, and could not be installed: apt-get install valgrind"
    );
}

#[mcpdesc_needs::needs(valgrind)]
#[test]
fn ten_times_the_entries_cost_at_most_eleven_times_the_instructions() {
    valgrind_present();
    let mut said = Vec::new();
    for (shape, n) in [
        ("wide", 500),
        ("chain", 100),
        ("positions", 300),
        ("positions_yaml", 300),
        ("tool_required", 500),
        ("diff", 100),
    ] {
        let base = instructions("none", 0);
        let small = instructions(shape, n).saturating_sub(base);
        let large = instructions(shape, 10 * n).saturating_sub(base);
        let ratio = large as f64 / small.max(1) as f64;
        said.push(format!(
            "{shape}: {small} at {n}, {large} at {}: {ratio:.2}x",
            10 * n
        ));
        assert!(
            ratio <= 11.0,
            "{shape} grows faster than its input:\n{}",
            said.join("\n")
        );
    }
    eprintln!("{}", said.join("\n"));
}
