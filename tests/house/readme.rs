//! The README's server builds with the README's `[dependencies]` block and nothing else: both are
//! copied from the README into a crate of their own (the runtime's version replaced by its path
//! here), which `cargo check` builds against the same lock file as this workspace. It does not
//! compile the checker.

use std::path::Path;
use std::process::Command;

/// The fenced block of `language` that follows `after` in `text`.
fn block_after<'t>(text: &'t str, after: &str, language: &str) -> &'t str {
    let from = text.find(after).expect("the README's section") + after.len();
    let fence = format!("```{language}\n");
    let start = text[from..].find(&fence).expect("the block") + from + fence.len();
    let end = text[start..].find("```").expect("the block's end") + start;
    &text[start..end]
}

#[test]
fn the_readme_server_builds_with_the_readme_dependencies() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("the README");
    let dependencies = block_after(&readme, "### Asking over rmcp", "toml");
    let server = block_after(&readme, "### Asking over rmcp", "rust,ignore");
    let published = r#"mcpdesc-runtime = { version = "0.1","#;
    assert!(dependencies.contains(published), "{dependencies}");
    let runtime = root.join("mcpdesc-runtime");
    let dependencies = dependencies.replace(
        published,
        &format!(
            "mcpdesc-runtime = {{ path = {:?},",
            runtime.display().to_string()
        ),
    );
    let dir = tempfile::tempdir().expect("a folder");
    let manifest = format!(
        "[package]\nname = \"readme-server\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\
         publish = false\n\n{dependencies}\n[workspace]\n"
    );
    std::fs::write(dir.path().join("Cargo.toml"), manifest).unwrap();
    std::fs::copy(root.join("Cargo.lock"), dir.path().join("Cargo.lock")).unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("src/main.rs"), server).unwrap();
    let out = Command::new(env!("CARGO"))
        .args(["check", "--quiet", "--offline", "--message-format=json"])
        .current_dir(dir.path())
        .env("CARGO_TARGET_DIR", root.join("target/readme-server"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "the README's server does not build with the README's dependencies:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // What the build compiled (cargo reports every unit, fresh or not): the runtime, and none of
    // the checker's crate or what only it needs (the YAML parser, `jsonschema` with its regex
    // engines). The checker's YAML reader, regex tables and example checks are in its crate only
    // (`layers::the_runtime_holds_no_checker_code`).
    let compiled: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|message| message["reason"] == "compiler-artifact")
        .filter_map(|message| message["target"]["name"].as_str().map(str::to_owned))
        .collect();
    assert!(
        compiled.iter().any(|name| name == "mcpdesc_runtime"),
        "{compiled:?}"
    );
    for checker_only in ["mcpdesc_check", "yaml_rust2", "jsonschema", "fancy_regex"] {
        assert!(
            !compiled.iter().any(|name| name == checker_only),
            "the README's server compiles {checker_only}: {compiled:?}"
        );
    }
}
