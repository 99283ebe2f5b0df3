//! The transports a description lists: scopes within the root's, every root version served,
//! Streamable HTTP only where the protocol defines it, and legacy SSE beside a version that has
//! Streamable HTTP a warning.

use serde_json::{Map, Value};

use super::toolbox::{Cx, item_pointer, plain, pointer};
use super::{Code, Rule};
use crate::object::Members as _;
use crate::version::{Fact, VersionSet};

/// The document's `transports`, after its root (`cx.root_scope`) is read.
pub fn check(cx: &mut Cx) {
    if let Some(root) = cx.document.as_object() {
        transports(cx, root);
    }
}

fn transports(cx: &mut Cx, root: &Map<String, Value>) {
    let Some(Value::Array(transports)) = root.member("transports") else {
        return;
    };
    let root_scope = cx.root_scope;
    let mut covered = VersionSet::EMPTY;
    for (i, transport) in transports.iter().enumerate() {
        let Some(transport) = transport.as_object() else {
            continue;
        };
        let path = item_pointer("transports", i);
        let scope = cx.scope_within(
            Rule::DocumentMembers,
            transport,
            &path,
            root_scope,
            "this transport",
        );
        covered = covered.union(scope);
        let at = || pointer(&path, "type");
        match transport.member("type").and_then(Value::as_str) {
            Some("streamable-http") => {
                let http = Fact::StreamableHttp.versions();
                let before = scope.difference(http);
                if !before.is_empty() {
                    cx.error(
                        Rule::Transports,
                        Code::TransportNotSupported,
                        &at(),
                        format!(
                            "Streamable HTTP is not defined for MCP {}; it is defined for {}: scope this transport with `protocolVersions`, or describe the HTTP+SSE transport (`\"type\": \"sse\"`) for the older versions",
                            plain(before),
                            plain(http)
                        ),
                    );
                }
            }
            Some("sse") => {
                let modern = scope.intersection(Fact::StreamableHttp.versions());
                if !modern.is_empty() {
                    cx.push(
                        Rule::Transports,
                        Code::LegacySse,
                        &at(),
                        format!(
                            "this transport is the legacy HTTP+SSE one, and MCP {} has Streamable HTTP as its remote transport: describe that (`\"type\": \"streamable-http\"`) for those versions",
                            plain(modern)
                        ),
                    );
                }
            }
            _ => {}
        }
    }
    // A root without a readable list has an empty scope (and is reported as such).
    let uncovered = root_scope.difference(covered);
    if !uncovered.is_empty() {
        cx.error(
            Rule::Transports,
            Code::TransportCoverageGap,
            "/protocolVersions",
            format!(
                "no transport serves MCP {}, which the document lists: add a transport for it, widen a transport's `protocolVersions`, or remove it from the root",
                plain(uncovered)
            ),
        );
    }
}
