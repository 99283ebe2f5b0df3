//! `mcpdesc_check::listing::compare` against a server nobody here wrote: a notes server written
//! with the official Python SDK (`tests/servers/py_notes.py`) and its description written by
//! hand (`tests/servers/py_notes.mcpdesc.yaml`), its schemas as JSON Schema says them rather than
//! as the SDK generates them (`type: [string, "null"]` where the SDK writes `anyOf`, no
//! `title`s).
//!
//! - The clean server is found to list exactly its description on all three versions: no false
//!   alarm.
//! - Each seeded difference is found under the rule `diff` names for it, and nothing else is.

#![allow(clippy::restriction)]

use std::path::Path;
use std::process::Stdio;

use mcpdesc_check::listing::{Listing, compare};
use mcpdesc_runtime::ProtocolVersion;
use rmcp::model::{
    ClientCapabilities, ClientConfig, Implementation, ProtocolVersion as RmcpVersion,
};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RoleClient, RunningService};
use rmcp::{ClientHandler, ServiceExt};
use serde_json::Value;
use tokio::process::{Child, Command};

#[path = "support/python.rs"]
mod python;

const VERSIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V2025_06_18,
    ProtocolVersion::V2025_11_25,
    ProtocolVersion::V2026_07_28,
];

/// rmcp's client, asking for one protocol version.
#[derive(Clone)]
struct Client(ProtocolVersion);

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        let version = match self.0 {
            ProtocolVersion::V2025_06_18 => RmcpVersion::V_2025_06_18,
            ProtocolVersion::V2025_11_25 => RmcpVersion::V_2025_11_25,
            _ => RmcpVersion::V_2026_07_28,
        };
        ClientConfig::new(
            ClientCapabilities::default(),
            Implementation::new("listing-test", "1.0.0"),
        )
        .with_protocol_version(version)
    }
}

/// What the notes server lists on `version`, run with the seeded `defects`.
async fn listing(version: ProtocolVersion, defects: &[&str]) -> Listing {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/servers/py_notes.py");
    let mut command = Command::new(python::sdk_python());
    command.arg(script);
    for defect in defects {
        command.args(["--defect", defect]);
    }
    let mut child: Child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .expect("the Python server starts");
    let stdout = child.stdout.take().unwrap();
    let stdin = child.stdin.take().unwrap();
    let client: RunningService<RoleClient, Client> = if version == ProtocolVersion::V2026_07_28 {
        Client(version)
            .serve_with_lifecycle(
                (stdout, stdin),
                ClientLifecycleMode::Discover {
                    preferred_versions: vec![RmcpVersion::V_2026_07_28],
                },
            )
            .await
    } else {
        Client(version).serve((stdout, stdin)).await
    }
    .expect("the client connects");
    fn items(list: impl serde::Serialize) -> Vec<Value> {
        serde_json::to_value(list)
            .unwrap()
            .as_array()
            .unwrap()
            .clone()
    }
    let listing = Listing {
        tools: items(client.list_all_tools().await.unwrap()),
        prompts: items(client.list_all_prompts().await.unwrap()),
        resources: items(client.list_all_resources().await.unwrap()),
        resource_templates: items(client.list_all_resource_templates().await.unwrap()),
    };
    client.cancel().await.ok();
    drop(child);
    listing
}

fn description() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/servers/py_notes.mcpdesc.yaml");
    mcpdesc_check::yaml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn the_hand_written_description_is_valid() {
    let report = mcpdesc_check::validate(&description());
    assert!(report.is_valid(), "{report:?}");
}

#[mcpdesc_needs::needs(python_sdk)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clean_python_server_lists_its_description_on_every_version() {
    let description = description();
    for version in VERSIONS {
        let listing = listing(version, &[]).await;
        assert_eq!(listing.tools.len(), 2, "on {version}: {listing:?}");
        let found = compare(&description, version, &listing);
        assert!(found.is_empty(), "false alarms on {version}:\n{found}");
    }
}

#[mcpdesc_needs::needs(python_sdk)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_seeded_difference_is_found_and_nothing_else() {
    let description = description();
    let seeded: [(&str, &[&str]); 3] = [
        ("missing-tool", &["tool-removed"]),
        ("undocumented-tool", &["tool-added"]),
        (
            "tightened-input",
            &["input-required-added", "input-type-narrowed"],
        ),
    ];
    for version in VERSIONS {
        for (defect, expected) in seeded {
            let found = compare(&description, version, &listing(version, &[defect]).await);
            let rules: Vec<&str> = found.changes().iter().map(|c| c.rule.id).collect();
            assert_eq!(rules, expected, "{defect} on {version}:\n{found}");
        }
    }
}
