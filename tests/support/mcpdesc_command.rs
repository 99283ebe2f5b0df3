//! The `mcpdesc` command, for the tests that run it as its users do.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The `mcpdesc` command, built once for this run.
pub fn mcpdesc() -> PathBuf {
    static BINARY: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BINARY
        .get_or_init(|| {
            let root = Path::new(env!("CARGO_MANIFEST_DIR"));
            let status = Command::new(env!("CARGO"))
                .args([
                    "build",
                    "-q",
                    "-p",
                    "mcpdesc-check",
                    "--features",
                    "cli",
                    "--bin",
                    "mcpdesc",
                ])
                .current_dir(root)
                .status()
                .expect("cargo runs");
            assert!(status.success());
            let exe = std::env::current_exe().unwrap();
            let profile = exe.parent().and_then(Path::parent).unwrap().to_path_buf();
            profile.join(format!("mcpdesc{}", std::env::consts::EXE_SUFFIX))
        })
        .clone()
}
