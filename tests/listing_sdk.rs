//! `mcpdesc_check::listing::compare` against servers nobody here wrote: one notes server written
//! with each official SDK, Python (`tests/servers/py_notes.py`) and TypeScript
//! (`tests/ts_client/notes_server.mjs`), each with its description written by hand
//! (`tests/servers/{py,ts}_notes.mcpdesc.yaml`), the schemas as JSON Schema says them rather
//! than as the SDK generates them (`type: [string, "null"]` where Pydantic writes `anyOf`, no
//! `title`s). The two descriptions differ where the servers do: zod bounds integers to a
//! JavaScript number's safe range and closes structured results.
//!
//! - Each clean server is found to list exactly its description on every version it lists: no
//!   false alarm.
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

#[path = "support/node.rs"]
mod node;
#[path = "support/python.rs"]
mod python;

/// The SDK a notes server is written with.
#[derive(Clone, Copy, Debug)]
enum Sdk {
    Python,
    TypeScript,
}

/// The versions each server serves, as its description lists them: over stdio the TypeScript
/// SDK serves the 2025 revisions only.
fn versions(sdk: Sdk) -> &'static [ProtocolVersion] {
    match sdk {
        Sdk::Python => &[
            ProtocolVersion::V2025_06_18,
            ProtocolVersion::V2025_11_25,
            ProtocolVersion::V2026_07_28,
        ],
        Sdk::TypeScript => &[ProtocolVersion::V2025_06_18, ProtocolVersion::V2025_11_25],
    }
}

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

/// What the notes server of `sdk` lists on `version`, run with the seeded `defects`.
async fn listing(sdk: Sdk, version: ProtocolVersion, defects: &[&str]) -> Listing {
    let mut command = match sdk {
        Sdk::Python => {
            let mut command = Command::new(python::sdk_python());
            command.arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/servers/py_notes.py"));
            command
        }
        Sdk::TypeScript => {
            let mut command = Command::new("node");
            command
                .arg("notes_server.mjs")
                .current_dir(node::ts_client_dir());
            command
        }
    };
    for defect in defects {
        command.args(["--defect", defect]);
    }
    let mut child: Child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .expect("the server starts");
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
    .unwrap_or_else(|e| panic!("{sdk:?} on {version}: the client does not connect: {e:?}"));
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

fn description(sdk: Sdk) -> Value {
    let name = match sdk {
        Sdk::Python => "py_notes.mcpdesc.yaml",
        Sdk::TypeScript => "ts_notes.mcpdesc.yaml",
    };
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/servers")
        .join(name);
    mcpdesc_check::yaml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn the_hand_written_descriptions_are_valid() {
    for sdk in [Sdk::Python, Sdk::TypeScript] {
        let report = mcpdesc_check::validate(&description(sdk));
        assert!(report.is_valid(), "{sdk:?}: {report:?}");
    }
}

/// The seeded defects, and the rules each is found under.
const SEEDED: [(&str, &[&str]); 3] = [
    ("missing-tool", &["tool-removed"]),
    ("undocumented-tool", &["tool-added"]),
    (
        "tightened-input",
        &["input-required-added", "input-type-narrowed"],
    ),
];

async fn clean_server_lists_its_description(sdk: Sdk) {
    let description = description(sdk);
    for &version in versions(sdk) {
        let listing = listing(sdk, version, &[]).await;
        assert_eq!(listing.tools.len(), 2, "{sdk:?} on {version}: {listing:?}");
        let found = compare(&description, version, &listing);
        assert!(
            found.is_empty(),
            "false alarms, {sdk:?} on {version}:\n{found}"
        );
    }
}

async fn each_seeded_difference_is_found(sdk: Sdk) {
    let description = description(sdk);
    for &version in versions(sdk) {
        for (defect, expected) in SEEDED {
            let found = compare(
                &description,
                version,
                &listing(sdk, version, &[defect]).await,
            );
            let rules: Vec<&str> = found.changes().iter().map(|c| c.rule.id).collect();
            assert_eq!(rules, expected, "{sdk:?}, {defect} on {version}:\n{found}");
        }
    }
}

#[mcpdesc_needs::needs(python_sdk)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clean_python_server_lists_its_description_on_every_version() {
    clean_server_lists_its_description(Sdk::Python).await;
}

#[mcpdesc_needs::needs(python_sdk)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_seeded_difference_of_the_python_server_is_found_and_nothing_else() {
    each_seeded_difference_is_found(Sdk::Python).await;
}

#[mcpdesc_needs::needs(node)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clean_typescript_server_lists_its_description_on_every_version() {
    clean_server_lists_its_description(Sdk::TypeScript).await;
}

#[mcpdesc_needs::needs(node)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_seeded_difference_of_the_typescript_server_is_found_and_nothing_else() {
    each_seeded_difference_is_found(Sdk::TypeScript).await;
}
