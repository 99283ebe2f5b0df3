//! The `mcpdesc` command, for the tests and benchmarks that run it as its users do.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The `mcpdesc` command, built once for this run.
pub fn mcpdesc() -> PathBuf {
    static BINARY: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BINARY
        .get_or_init(|| {
            let root = Path::new(env!("CARGO_MANIFEST_DIR"));
            // target/<profile>/deps/<this test> -> target/<profile>/mcpdesc, built with the
            // profile of the test or benchmark that asks for it (a benchmark's is optimized).
            let exe = std::env::current_exe().unwrap();
            let profile = exe.parent().and_then(Path::parent).unwrap().to_path_buf();
            let mut build = Command::new(env!("CARGO"));
            build.args([
                "build",
                "-q",
                "-p",
                "mcpdesc-check",
                "--features",
                "cli",
                "--bin",
                "mcpdesc",
            ]);
            if profile.file_name().is_some_and(|n| n == "release") {
                build.arg("--release");
            }
            let status = build.current_dir(root).status().expect("cargo runs");
            assert!(status.success());
            profile.join(format!("mcpdesc{}", std::env::consts::EXE_SUFFIX))
        })
        .clone()
}
