//! The example server driven by a client nobody here wrote: the official TypeScript MCP SDK's
//! (`tests/ts_client`, pinned in its `package-lock.json`), on the protocol versions it speaks
//! (2025-06-18 and 2025-11-25; `tests/serve_stdio.rs` covers 2026-07-28 with rmcp's client).
//!
//! That client checks every `elicitation/create` request against its own schema of the protocol
//! before its handler sees it, and answers the server with an error when one does not fit. Here,
//! for every tool and prompt, with the scripted user accepting (with content made from the
//! request's schema), declining and cancelling: no call fails; each primitive that declares an
//! elicitation in the negotiated version's scope asks, and only those ask; every request the
//! client received matches its declaration in the description (`contract::check_description`);
//! an accepted answer is read and applied; a declined or cancelled one is followed as the
//! declaration's `onDecline` / `onCancel` says.
//!
//! Needs Node.js and npm; the client's packages are installed on first use (`npm ci`). Without
//! them the test is skipped, unless `MCPDESC_REQUIRE_NODE` is set (as CI does): then it fails.

use std::path::Path;
use std::process::Command;

use mcpdesc_runtime::ProtocolVersion;
use mcpdesc_runtime::contract;
use mcpdesc_runtime::registry::Primitive;
use serde_json::Value;

#[path = "support/example.rs"]
mod example;
#[path = "support/node.rs"]
mod node;
use example::{description, server_binary};

/// One run of the client: the negotiated version, and what each tool and prompt call did.
fn drive(script: &Path, version: ProtocolVersion, act: &str, tools: &[&str]) -> Value {
    let out = Command::new("node")
        .arg(script)
        .arg(server_binary())
        .arg(version.as_str())
        .arg(act)
        .args(tools)
        .output()
        .expect("node runs");
    assert!(
        out.status.success(),
        "{version} {act}: the client failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{version} {act}: {e}\n{}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

/// The primitive's declarations whose scope (their own, else the primitive's, else the
/// document's) holds `version`.
fn declared_in_scope(primitive: &Value, version: ProtocolVersion) -> Vec<&Value> {
    let root = &description()["protocolVersions"];
    let holds = |scope: &Value| {
        scope
            .as_array()
            .is_some_and(|s| s.iter().any(|v| v == version.as_str()))
    };
    primitive["elicitations"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|d| {
            let scope = [&d["protocolVersions"], &primitive["protocolVersions"], root]
                .into_iter()
                .find(|s| s.is_array())
                .unwrap_or(root);
            holds(scope)
        })
        .collect()
}

/// Checks one tool's or prompt's call; `primitive` is its entry in the description.
fn check_call(
    call: &Value,
    primitive: Primitive,
    entry: &Value,
    version: ProtocolVersion,
    act: &str,
) {
    let at = format!("{version} {act} {primitive}");
    assert!(call["error"].is_null(), "{at}: {}", call["error"]);
    let declared = declared_in_scope(entry, version);
    let requests = call["requests"].as_array().expect("requests");
    assert_eq!(
        requests.is_empty(),
        declared.is_empty(),
        "{at}: {} requests, {} declarations in scope",
        requests.len(),
        declared.len()
    );
    let text = call["text"].as_str().unwrap_or_default();
    for params in requests {
        let matched = contract::check_description(description(), primitive, version, params)
            .unwrap_or_else(|e| panic!("{at}: {e}\n{params}"));
        let declaration = declared
            .iter()
            .find(|d| d["name"] == matched.name())
            .unwrap_or_else(|| panic!("{at}: `{}` is not in scope", matched.name()));
        let follows = match act {
            "decline" => &declaration["onDecline"],
            "cancel" => &declaration["onCancel"],
            _ => &Value::Null,
        };
        if let Some(follows) = follows.as_str() {
            assert!(
                text.contains(follows),
                "{at}: {text:?} does not follow {follows:?}"
            );
        }
    }
    // A tool's accepted answer is applied: its result is not an error.
    if act == "accept" && !requests.is_empty() && matches!(primitive, Primitive::Tool(_)) {
        assert_eq!(call["isError"], false, "{at}: {text}");
    }
}

#[test]
fn the_official_typescript_client_is_asked_as_declared_and_answered() {
    let Some(dir) = node::ts_client_dir() else {
        return;
    };
    let script = dir.join("drive.mjs");
    let doc = description();
    let entries = |collection: &str| -> Vec<(&'static str, &'static Value)> {
        doc[collection]
            .as_array()
            .into_iter()
            .flatten()
            .map(|e| (e["name"].as_str().expect("a name"), e))
            .collect()
    };
    let tools = entries("tools");
    let prompts = entries("prompts");
    // Every tool, in the description's order, except that deleting comes last: it removes the
    // issue that the others are called with.
    let mut order: Vec<&str> = tools.iter().map(|(name, _)| *name).collect();
    order.sort_by_key(|name| *name == "delete_issue");
    for version in [ProtocolVersion::V2025_06_18, ProtocolVersion::V2025_11_25] {
        for act in ["accept", "decline", "cancel"] {
            let run = drive(&script, version, act, &order);
            assert_eq!(run["version"], version.as_str());
            let called = run["tools"].as_array().expect("tools");
            assert_eq!(called.len(), tools.len());
            for call in called {
                let (name, entry) = tools
                    .iter()
                    .find(|(n, _)| call["name"] == *n)
                    .expect("a described tool");
                check_call(call, Primitive::Tool(name), entry, version, act);
            }
            let got = run["prompts"].as_array().expect("prompts");
            assert_eq!(got.len(), prompts.len());
            for call in got {
                let (name, entry) = prompts
                    .iter()
                    .find(|(n, _)| call["name"] == *n)
                    .expect("a described prompt");
                check_call(call, Primitive::Prompt(name), entry, version, act);
            }
        }
    }
}
