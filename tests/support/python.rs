//! The official Python MCP SDK, for the tests that put this crate next to it: a virtual
//! environment in `tests/py_client/.venv` with the packages pinned in
//! `tests/py_client/requirements.txt`, made on first use.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, PoisonError};

/// The environment's Python; panics when Python or the packages cannot be had. A test that
/// calls this is marked `#[needs(python_sdk)]`: where Python is missing, it is ignored with the
/// reason.
pub fn sdk_python() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/py_client");
    let venv = dir.join(".venv");
    let python = venv.join("bin").join("python");
    let installed = || {
        Command::new(&python)
            .args(["-c", "import mcp"])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    // The tests of a binary run at once, and each may get here first: one makes the
    // environment while the others wait, then find it made. (Only `sdk_clients` uses it, so no
    // other process makes it at the same time.)
    static MAKING: Mutex<()> = Mutex::new(());
    let making = MAKING.lock().unwrap_or_else(PoisonError::into_inner);
    if !installed() {
        let made = Command::new("python3")
            .args(["-m", "venv"])
            .arg(&venv)
            .status()
            .is_ok_and(|s| s.success())
            && Command::new(&python)
                .args([
                    "-m",
                    "pip",
                    "install",
                    "--quiet",
                    "--disable-pip-version-check",
                    "-r",
                ])
                .arg(dir.join("requirements.txt"))
                .status()
                .is_ok_and(|s| s.success());
        assert!(
            made,
            "the Python SDK could not be installed in {}",
            venv.display()
        );
    }
    drop(making);
    assert!(
        installed(),
        "the Python MCP SDK is missing from tests/py_client/.venv"
    );
    python
}
