//! The example server, for the tests that run it as a client would: its binary, built once per
//! test run, and the description it promises.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

/// The example binary (`issue_tracker`), built once for this run, with the profile of the test
/// or benchmark that asks for it (a benchmark's is optimized).
pub fn server_binary() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        // target/<profile>/deps/<this test> -> target/<profile>/examples/issue_tracker
        let exe = std::env::current_exe().expect("the test binary's path");
        let profile_dir = exe
            .parent()
            .and_then(Path::parent)
            .expect("target/<profile>");
        let mut build = std::process::Command::new(env!("CARGO"));
        build.args(["build", "-q", "--example", "issue_tracker"]);
        if profile_dir.file_name().is_some_and(|n| n == "release") {
            build.arg("--release");
        }
        let status = build.current_dir(root).status().expect("cargo runs");
        assert!(status.success(), "the example builds");
        profile_dir
            .join("examples")
            .join(format!("issue_tracker{}", std::env::consts::EXE_SUFFIX))
    })
}

/// The checked-in description: what the server promises.
pub fn description() -> &'static Value {
    static DOC: OnceLock<Value> = OnceLock::new();
    DOC.get_or_init(|| {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/issue_tracker.mcpdesc.yaml");
        let text = std::fs::read_to_string(path).expect("the checked-in description");
        mcpdesc_check::yaml::from_str(&text).expect("it parses")
    })
}
