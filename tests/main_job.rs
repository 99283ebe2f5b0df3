//! The main job: the issue tracker's generated description is valid, deterministic, and the
//! checked-in files are current.
//!
//! After a deliberate change, regenerate the checked-in files with
//! `MCPDESC_BLESS=1 cargo test --test main_job` (or
//! `cargo run --example issue_tracker -- describe --out examples/issue_tracker.mcpdesc.yaml`).

#[path = "../examples/issue_tracker/main.rs"]
#[allow(unreachable_pub, dead_code)]
mod issue_tracker;

use std::path::Path;

use mcpdesc_check::validate;
use mcpdesc_runtime::registry::{self, Primitive};

#[test]
fn checked_in_yaml_is_current_and_valid() {
    let d = issue_tracker::description().unwrap();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/issue_tracker.mcpdesc.yaml");
    let report = mcpdesc_check::check_checked_in(&d, path).unwrap();
    assert!(report.is_empty(), "{report}");
}

#[test]
fn a_stale_checked_in_file_is_refused_with_the_line_and_the_fix() {
    let d = issue_tracker::description().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tracker.mcpdesc.yaml");
    let stale = d
        .to_yaml()
        .replace(r#"version: "1.4.0""#, r#"version: "1.3.0""#);
    assert_ne!(stale, d.to_yaml());
    std::fs::write(&path, stale).unwrap();
    let err = mcpdesc_check::check_checked_in(&d, &path).unwrap_err();
    let said = err.to_string();
    assert!(
        said.contains("is stale") && said.contains(r#"file:   version: "1.3.0""#),
        "{said}"
    );
    assert!(said.contains(r#"code:   version: "1.4.0""#), "{said}");
    assert!(said.contains("MCPDESC_BLESS=1 cargo test"), "{said}");
    // The same check of a JSON file compares JSON.
    let json = dir.path().join("tracker.mcpdesc.json");
    std::fs::write(&json, d.to_json_pretty()).unwrap();
    assert!(mcpdesc_check::check_checked_in(&d, &json).is_ok());
}

/// The description of the tracker's last release, checked in when it shipped.
fn release() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/releases/issue_tracker-1.4.0.mcpdesc.yaml")
}

/// The tool named `name` in a description.
fn tool_mut<'a>(description: &'a mut serde_json::Value, name: &str) -> &'a mut serde_json::Value {
    description["tools"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|t| t["name"] == name)
        .unwrap()
}

#[test]
fn the_tracker_breaks_no_client_of_its_last_release() {
    let current = issue_tracker::description().unwrap();
    let changes = mcpdesc_check::check_compatible(current.as_value(), release()).unwrap();
    assert!(changes.is_empty(), "{changes}");
}

#[test]
fn a_change_that_breaks_nothing_passes_the_release_check_and_is_returned() {
    let mut current = issue_tracker::description().unwrap().into_value();
    let create = tool_mut(&mut current, "create_issue");
    create["inputSchema"]["properties"]["milestone"] = serde_json::json!({"type": "string"});
    let changes = mcpdesc_check::check_compatible(&current, release()).unwrap();
    let ids: Vec<&str> = changes.changes().iter().map(|c| c.rule.id).collect();
    assert_eq!(ids, ["input-property-added"]);
}

#[test]
fn a_tool_removed_fails_the_release_check_with_where_and_what_to_do() {
    let mut current = issue_tracker::description().unwrap().into_value();
    let tools = current["tools"].as_array_mut().unwrap();
    let at = tools
        .iter()
        .position(|t| t["name"] == "delete_issue")
        .unwrap();
    tools.remove(at);
    let said = mcpdesc_check::check_compatible(&current, release())
        .unwrap_err()
        .to_string();
    println!("{said}");
    let expected = format!(
        "the description breaks clients of the release in {} (1 breaking change):

breaking[tool-removed]: tool `delete_issue` is gone
  release: /tools/4 ({}:183:5)
  now:     /tools
  help: keep the old tool beside the new one until its callers have moved, and mark it `deprecated`

If the break is deliberate, release a new major version and replace {} with the description it ships.",
        release().display(),
        release().display(),
        release().display()
    );
    assert_eq!(said, expected);
}

#[test]
fn a_new_required_argument_fails_the_release_check_with_a_witness() {
    let mut current = issue_tracker::description().unwrap().into_value();
    let create = tool_mut(&mut current, "create_issue");
    create["inputSchema"]["required"] = serde_json::json!(["title", "assignee"]);
    let said = mcpdesc_check::check_compatible(&current, release())
        .unwrap_err()
        .to_string();
    assert!(
        said.contains("breaking[input-required-added]: the input of tool `create_issue`: `assignee` is now required"),
        "{said}"
    );
    assert!(
        said.contains(
            r#"witness: arguments the release accepts and the code refuses: {"title":""}"#
        ),
        "{said}"
    );
}

#[test]
fn json_snapshot_is_current() {
    let d = issue_tracker::description().unwrap();
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/issue_tracker.mcpdesc.json");
    mcpdesc_check::check_checked_in(&d, path).unwrap();
}

#[test]
fn two_builds_are_byte_identical() {
    let a = issue_tracker::description().unwrap();
    let b = issue_tracker::description().unwrap();
    assert_eq!(a.to_yaml(), b.to_yaml());
    assert_eq!(a.to_json_pretty(), b.to_json_pretty());
}

#[test]
fn generated_documents_validate_and_round_trip() {
    let d = issue_tracker::description().unwrap();
    assert!(
        validate(d.as_value()).is_empty(),
        "{}",
        validate(d.as_value())
    );
    let from_yaml = mcpdesc_check::yaml::from_str(&d.to_yaml()).unwrap();
    assert_eq!(&from_yaml, d.as_value());
    let from_json: serde_json::Value = serde_json::from_str(&d.to_json_pretty()).unwrap();
    assert_eq!(&from_json, d.as_value());
}

#[test]
fn the_surface_is_complete() {
    let d = issue_tracker::description().unwrap();
    let v = d.as_value();
    assert_eq!(v["mcpdesc"], "0.9.0");
    assert_eq!(
        v["$schema"],
        "https://mcpdesc.org/schema/mcp-description/0.9.0-rc.3.json"
    );
    // The primitives come from the server's own rmcp routers: the tools in name order, each
    // with the description its `#[tool]` gives and the input schema of its `Parameters`.
    let tools: Vec<&str> = v["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        tools,
        [
            "add_teammate",
            "assign_issue",
            "close_issue",
            "create_issue",
            "delete_issue",
            "edit_issue",
            "link_repository"
        ]
    );
    assert_eq!(
        v["tools"][1]["description"],
        "Assign an issue to a teammate."
    );
    assert_eq!(
        v["tools"][1]["inputSchema"]["required"],
        serde_json::json!(["issue"])
    );
    // 2025-06-18 is in scope, and it defines no `$schema` in a tool's input schema.
    assert!(v["tools"][1]["inputSchema"].get("$schema").is_none());
    // A run-time choice field is documented in its static shape: a string with its description.
    // Its form is asked by two declarations, so it is written once, as a component.
    assert_eq!(
        v["tools"][1]["elicitations"][0]["requestedSchema"],
        serde_json::json!({"$componentRef": "#/components/schemas/Assign"})
    );
    assert_eq!(
        v["components"]["schemas"]["Assign"]["properties"]["assignee"],
        serde_json::json!({
            "type": "string",
            "title": "Assignee",
            "description": "Login of the teammate who will own the issue: one of the teammates offered when asked."
        })
    );
    assert_eq!(v["prompts"][0]["name"], "release_notes");
    assert_eq!(v["prompts"][0]["arguments"][0]["name"], "release");
    assert_eq!(v["info"]["title"], "Issue Tracker");

    let declarations: Vec<&serde_json::Value> = ["tools", "prompts", "resourceTemplates"]
        .iter()
        .flat_map(|k| v[*k].as_array().unwrap())
        .flat_map(|p| p["elicitations"].as_array().into_iter().flatten())
        .collect();
    assert_eq!(declarations.len(), 9);
    // Every declaration states its mode.
    assert!(
        declarations
            .iter()
            .all(|d| d["mode"] == "form" || d["mode"] == "url")
    );
    // A declaration adds no clientRequirements (§12): only the two tools whose confirmation is
    // asked on every call record one, as the server writes it, and no tool with a conditional
    // declaration (`when`) has any.
    let requiring: Vec<(&serde_json::Value, &serde_json::Value)> = v["tools"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| Some((&t["name"], t.get("clientRequirements")?)))
        .collect();
    let bare = serde_json::json!({"elicitation": {}});
    assert_eq!(
        requiring,
        [
            (&serde_json::json!("close_issue"), &bare),
            (&serde_json::json!("delete_issue"), &bare)
        ]
    );

    // The form shared by close_issue and delete_issue is written once and referenced.
    assert!(v["components"]["schemas"]["Confirm"].is_object());
    for tool in ["close_issue", "delete_issue"] {
        let t = v["tools"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == tool)
            .unwrap();
        assert_eq!(
            t["elicitations"][0]["requestedSchema"],
            serde_json::json!({"$componentRef": "#/components/schemas/Confirm"})
        );
    }
    // URL mode with a static URL and without one, each scoped to the versions that have it.
    let link = &v["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "link_repository")
        .unwrap()["elicitations"][0];
    assert_eq!(
        link["url"],
        "https://tracker.example.com/oauth/code-host/authorize"
    );
    assert_eq!(
        link["protocolVersions"],
        serde_json::json!(["2025-11-25", "2026-07-28"])
    );
}

#[test]
fn server_code_finds_its_declarations() {
    let d = registry::find(Primitive::Tool("assign_issue"), "choose_assignee").unwrap();
    assert_eq!(d.message(), "Who should own this issue?");
    let schema = d.requested_schema().unwrap();
    assert_eq!(schema.properties()[0].name(), "assignee");
    let url = registry::find(Primitive::Tool("link_repository"), "authorize_code_host").unwrap();
    assert_eq!(url.mode_str(), "url");
    let prompt = registry::find(Primitive::Prompt("release_notes"), "choose_release").unwrap();
    assert_eq!(prompt.mode_str(), "form");
    assert!(registry::find(Primitive::Tool("assign_issue"), "nope").is_none());
}

#[test]
fn the_command_line() {
    // `describe` with --format json writes the same document.
    let d = issue_tracker::description().unwrap();
    let dir = std::env::temp_dir().join(format!("mcpdesc-main-job-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A path need not be UTF-8 (on Unix, any bytes): the example reads its arguments as paths.
    #[cfg(unix)]
    let out =
        dir.join(<std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(b"out\xff.json"));
    #[cfg(not(unix))]
    let out = dir.join("out.json");
    let status = std::process::Command::new(env!("CARGO"))
        .args([
            "run",
            "-q",
            "--example",
            "issue_tracker",
            "--",
            "describe",
            "--format",
            "json",
            "--out",
        ])
        .arg(&out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), d.to_json_pretty());
    std::fs::remove_dir_all(&dir).ok();

    // Standard output that cannot be written (a full disk) is a failure it names, not a panic.
    #[cfg(target_os = "linux")]
    {
        let full = std::process::Command::new(env!("CARGO"))
            .args(["run", "-q", "--example", "issue_tracker", "--", "describe"])
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&full.stderr);
        assert_eq!(full.status.code(), Some(1), "{said}");
        assert!(said.contains("cannot write the description"), "{said}");
    }

    // A format it does not write is named, with the ones it does, and nothing is written.
    let refused = std::process::Command::new(env!("CARGO"))
        .args(["run", "-q", "--example", "issue_tracker", "--"])
        .args(["describe", "--format", "toml"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(refused.stdout.is_empty());
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(
        said.contains("unknown format \"toml\": the formats are yaml and json"),
        "{said}"
    );
}
