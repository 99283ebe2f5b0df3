//! The published crates promise the workspace's `rust-version`. Only one toolchain is on this
//! machine, so that promise is held in two parts: clippy's `incompatible_msrv` (on by default,
//! and `.ci/run` denies warnings) refuses a standard library API newer than it, and this test
//! refuses a dependency (of `mcpdesc-runtime`, `mcpdesc-derive` or `mcpdesc-check`, with every feature, as
//! `Cargo.lock` has it) that declares a newer `rust-version` of its own.

use std::process::Command;

use serde_json::Value;

/// `1.88` or `1.88.0` as a comparable triple.
fn version(text: &str) -> (u64, u64, u64) {
    let mut parts = text.split('.').map(|part| part.parse::<u64>().unwrap());
    let major = parts.next().unwrap();
    let minor = parts.next().unwrap_or(0);
    let patch = parts.next().unwrap_or(0);
    (major, minor, patch)
}

fn host() -> String {
    let out = Command::new("rustc").arg("-vV").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .find_map(|line| line.strip_prefix("host: "))
        .unwrap()
        .to_owned()
}

#[test]
fn no_dependency_of_the_published_crates_needs_a_newer_rust() {
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--all-features",
            "--locked",
        ])
        .args(["--filter-platform", &host()])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let metadata: Value = serde_json::from_slice(&out.stdout).unwrap();
    let packages = metadata["packages"].as_array().unwrap();
    let package = |id: &str| packages.iter().find(|p| p["id"] == id).unwrap();
    let nodes = metadata["resolve"]["nodes"].as_array().unwrap();
    let node = |id: &str| nodes.iter().find(|n| n["id"] == id).unwrap();

    let published = ["mcpdesc-runtime", "mcpdesc-derive", "mcpdesc-check"];
    let mut ids: Vec<String> = packages
        .iter()
        .filter(|p| published.contains(&p["name"].as_str().unwrap()))
        .map(|p| p["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(ids.len(), 3);
    let ours = version(package(&ids[0])["rust_version"].as_str().unwrap());
    assert_eq!(
        ours,
        (1, 88, 0),
        "the workspace's rust-version moved: update this test"
    );

    // Every package the three crates build with: their normal and build dependencies, all the way
    // down (a dev-dependency is not built by a user).
    let mut seen = Vec::new();
    let mut newer = Vec::new();
    while let Some(id) = ids.pop() {
        if seen.contains(&id) {
            continue;
        }
        let p = package(&id);
        if let Some(declared) = p["rust_version"].as_str()
            && version(declared) > ours
        {
            let (name, at) = (p["name"].as_str().unwrap(), p["version"].as_str().unwrap());
            newer.push(format!("{name} {at} needs Rust {declared}"));
        }
        for dep in node(&id)["deps"].as_array().unwrap() {
            let built = dep["dep_kinds"]
                .as_array()
                .unwrap()
                .iter()
                .any(|kind| kind["kind"].is_null() || kind["kind"] == "build");
            if built {
                ids.push(dep["pkg"].as_str().unwrap().to_owned());
            }
        }
        seen.push(id);
    }
    // serde, serde_json, syn, quote, proc-macro2, inventory, rmcp, schemars, ... and theirs.
    assert!(seen.len() > 50, "only {} packages found", seen.len());
    assert!(
        newer.is_empty(),
        "dependencies newer than the crates' rust-version 1.88:\n{}",
        newer.join("\n")
    );
}
