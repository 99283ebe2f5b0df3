//! What a description says of the server around its primitives, as the reference validator
//! checks it: transports (scopes within the root's, every root version covered; Streamable HTTP only from 2025-03-26, and
//! legacy SSE beside a version that has Streamable HTTP a warning), capabilities (scopes that do
//! not overlap; `logging` on 2026-07-28 a warning; `extensions` before 2026-07-28 and
//! uncatalogued identifiers under MCP's prefix warnings), tags (declared once, referenced only when
//! declared) and security requirements (schemes that exist, scopes listed once, scopes only for
//! OAuth 2.0 and OpenID Connect, and a warning for an OAuth scope no flow lists).
//!
//! Structural problems of these members (their types, required members, closed member sets) are
//! the format's JSON Schema's, which `mcpdesc check --schema` applies; a member whose shape is
//! wrong is skipped here.

use serde_json::{Map, Value};

use super::Members as _;
use super::kind::KINDS;
use super::plain;
use super::seen::Seen;
use super::{Cx, Severity, codes, item_pointer, pointer, rules};
use crate::shown::Shown;
use crate::version::{ProtocolVersion, VersionSet};

pub(crate) fn check(cx: &mut Cx) {
    let Some(root) = cx.document.as_object() else {
        return;
    };
    transports(cx, root);
    capabilities(cx, root);
    tags(cx, root);
    security(cx, root);
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
            rules::DOCUMENT_MEMBERS,
            transport,
            &path,
            root_scope,
            "this transport",
        );
        covered = covered.union(scope);
        let at = || pointer(&path, "type");
        match transport.member("type").and_then(Value::as_str) {
            Some("streamable-http") => {
                let before: VersionSet = scope
                    .iter()
                    .filter(|v| *v < ProtocolVersion::V2025_03_26)
                    .collect();
                if !before.is_empty() {
                    cx.error(
                        rules::TRANSPORTS,
                        codes::TRANSPORT_NOT_SUPPORTED,
                        &at(),
                        format!(
                            "Streamable HTTP is not defined for MCP {}; it requires 2025-03-26 or later: scope this transport with `protocolVersions`, or describe the HTTP+SSE transport (`\"type\": \"sse\"`) for the older versions",
                            plain(before)
                        ),
                    );
                }
            }
            Some("sse") => {
                let modern: VersionSet = scope
                    .iter()
                    .filter(|v| *v >= ProtocolVersion::V2025_03_26)
                    .collect();
                if !modern.is_empty() {
                    cx.push(
                        rules::TRANSPORTS,
                        codes::LEGACY_SSE,
                        Severity::Warning,
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
            rules::TRANSPORTS,
            codes::TRANSPORT_COVERAGE_GAP,
            "/protocolVersions",
            format!(
                "no transport serves MCP {}, which the document lists: add a transport for it, widen a transport's `protocolVersions`, or remove it from the root",
                plain(uncovered)
            ),
        );
    }
}

fn capabilities(cx: &mut Cx, root: &Map<String, Value>) {
    let Some(Value::Array(capabilities)) = root.member("capabilities") else {
        return;
    };
    let root_scope = cx.root_scope;
    let mut seen: Vec<(usize, VersionSet)> = Vec::with_capacity(capabilities.len());
    for (i, capability) in capabilities.iter().enumerate() {
        let Some(capability) = capability.as_object() else {
            continue;
        };
        let path = item_pointer("capabilities", i);
        let scope = cx.scope_within(
            rules::CAPABILITIES,
            capability,
            &path,
            root_scope,
            "this capability set",
        );
        for (j, other) in &seen {
            let overlap = scope.intersection(*other);
            if !overlap.is_empty() {
                cx.error(
                    rules::CAPABILITIES,
                    codes::CAPABILITY_SCOPE_OVERLAP,
                    &pointer(&path, "protocolVersions"),
                    format!(
                        "capabilities {j} and {i} both apply to MCP {}: a version has one capability set, so give each its own `protocolVersions`, or merge them",
                        plain(overlap)
                    ),
                );
            }
        }
        seen.push((i, scope));
        if let Some(extensions) = capability.member("extensions") {
            capability_extensions(cx, extensions, &pointer(&path, "extensions"), scope);
        }
        if capability.member("logging").is_some() && scope.contains(ProtocolVersion::V2026_07_28) {
            cx.push(
                rules::CAPABILITIES,
                codes::LOGGING_DEPRECATED,
                Severity::Warning,
                &pointer(&path, "logging"),
                "`logging` applies to MCP 2026-07-28, where logging is deprecated",
            );
        }
    }
}

/// A capability set's `extensions`: a 2026-07-28 capability, which earlier versions only know
/// before its standardization (a warning), and identifiers under MCP's reserved prefix that the
/// extension catalogue does not list (a warning).
fn capability_extensions(cx: &mut Cx, extensions: &Value, at: &str, scope: VersionSet) {
    let before: VersionSet = scope
        .iter()
        .filter(|v| *v < ProtocolVersion::V2026_07_28)
        .collect();
    if !before.is_empty() {
        cx.push(
            rules::CAPABILITIES,
            codes::EXTENSIONS_NOT_SUPPORTED,
            Severity::Warning,
            at,
            format!(
                "`extensions` is a capability of MCP 2026-07-28; MCP {} knows extensions only as they were before it was standardized",
                plain(before)
            ),
        );
    }
    unknown_reserved_extensions(cx, extensions, at, rules::CAPABILITIES);
}

/// The extensions MCP's extension catalogue lists (2026-09-04).
const CATALOGUED_EXTENSIONS: &[&str] = &[
    "io.modelcontextprotocol/enterprise-managed-authorization",
    "io.modelcontextprotocol/oauth-client-credentials",
    "io.modelcontextprotocol/tasks",
    "io.modelcontextprotocol/ui",
];

/// Warns of each identifier of the `extensions` object at `at` that uses MCP's reserved prefix
/// (a second label `modelcontextprotocol` or `mcp`) and is not in the extension catalogue.
pub(crate) fn unknown_reserved_extensions(
    cx: &mut Cx,
    extensions: &Value,
    at: &str,
    rule: &'static str,
) {
    for identifier in extensions.as_object().into_iter().flat_map(Map::keys) {
        let reserved = identifier.split_once('/').is_some_and(|(prefix, _)| {
            prefix.split('.').nth(1).is_some_and(|label| {
                label.eq_ignore_ascii_case("modelcontextprotocol")
                    || label.eq_ignore_ascii_case("mcp")
            })
        });
        if reserved && !CATALOGUED_EXTENSIONS.contains(&identifier.as_str()) {
            cx.push(
                rule,
                codes::UNKNOWN_RESERVED_EXTENSION,
                Severity::Warning,
                &pointer(at, identifier),
                format!(
                    "{identifier} is under a prefix MCP reserves, but MCP's extension catalogue does not list it: keep it only if MCP defines it, else move it under your own prefix", identifier = Shown::quoted(identifier)
                ),
            );
        }
    }
}

fn tags(cx: &mut Cx, root: &Map<String, Value>) {
    let Some(Value::Array(declared)) = root.member("tags") else {
        return;
    };
    let mut names: Seen<&str, ()> = Seen::new();
    for (i, tag) in declared.iter().enumerate() {
        let Some(name) = tag.member("name").and_then(Value::as_str) else {
            continue;
        };
        if names.first_or_note(name, ()).is_some() {
            cx.error(
                rules::TAGS,
                codes::DUPLICATE_ROOT_TAG,
                &pointer(&item_pointer("tags", i), "name"),
                format!(
                    "the tag {name} is declared twice: declare each tag once",
                    name = Shown::quoted(name)
                ),
            );
        }
    }
    let document = cx.document;
    for kind in KINDS {
        let Some(Value::Array(items)) = document.get(kind.collection) else {
            continue;
        };
        for (i, item) in items.iter().enumerate() {
            let Some(Value::Array(used)) = item.member("tags") else {
                continue;
            };
            for (t, tag) in used.iter().enumerate() {
                if let Some(tag) = tag.as_str()
                    && !names.contains(&tag)
                {
                    cx.error(
                        rules::TAGS,
                        codes::UNKNOWN_TAG_REFERENCE,
                        &pointer(&pointer(&item_pointer(kind.collection, i), "tags"), t),
                        format!(
                            "the tag {tag} is not declared in the root `tags`: declare it there, or correct the name", tag = Shown::quoted(tag)
                        ),
                    );
                }
            }
        }
    }
}

fn security(cx: &mut Cx, root: &Map<String, Value>) {
    let schemes = root.member("securitySchemes").and_then(Value::as_object);
    let requirements = |cx: &mut Cx, value: Option<&Value>, at: &str| {
        let Some(Value::Array(list)) = value else {
            return;
        };
        for (r, requirement) in list.iter().enumerate() {
            let Some(requirement) = requirement.as_object() else {
                continue;
            };
            for (name, scopes) in requirement {
                // An extension member is the format's JSON Schema's to refuse here.
                if name.starts_with("x-") {
                    continue;
                }
                let here = pointer(&pointer(at, r), name);
                let Some(scheme) = schemes.and_then(|s| s.get(name)) else {
                    cx.error(
                        rules::SECURITY,
                        codes::UNKNOWN_SECURITY_SCHEME,
                        &here,
                        format!(
                            "{name} is not a security scheme of `securitySchemes`: declare it there, or correct the name", name = Shown::quoted(name)
                        ),
                    );
                    continue;
                };
                let Some(scopes) = scopes.as_array() else {
                    continue;
                };
                requirement_scopes(cx, scheme, scopes, name, &here);
            }
        }
    };
    requirements(cx, root.member("security"), "/security");
    let document = cx.document;
    if let Some(Value::Array(transports)) = document.get("transports") {
        for (i, transport) in transports.iter().enumerate() {
            if let Some(security) = transport.member("security") {
                let at = pointer(&item_pointer("transports", i), "security");
                requirements(cx, Some(security), &at);
            }
        }
    }
    for kind in KINDS {
        let Some(Value::Array(items)) = document.get(kind.collection) else {
            continue;
        };
        for (i, item) in items.iter().enumerate() {
            if let Some(security) = item.member("security") {
                let at = pointer(&item_pointer(kind.collection, i), "security");
                requirements(cx, Some(security), &at);
            }
        }
    }
}

/// The scopes a requirement lists for scheme `name`.
fn requirement_scopes(cx: &mut Cx, scheme: &Value, scopes: &[Value], name: &str, at: &str) {
    if repeats(scopes) {
        cx.error(
            rules::SECURITY,
            codes::DUPLICATE_SECURITY_SCOPE,
            at,
            format!(
                "the requirement lists a scope of {name} twice: list each scope once",
                name = Shown::quoted(name)
            ),
        );
    }
    let kind = scheme.member("type").and_then(Value::as_str);
    match kind {
        Some(kind @ ("http" | "apiKey")) if !scopes.is_empty() => cx.error(
            rules::SECURITY,
            codes::NON_OAUTH_SCOPE,
            at,
            format!(
                "{name} is an `{kind}` scheme, which has no scopes: only `oauth2` and `openIdConnect` requirements list scopes; write `[]`", name = Shown::quoted(name)
            ),
        ),
        Some("oauth2" | "openIdConnect") => {
            // The scopes the scheme's OAuth flows list (an OpenID Connect scheme lists none).
            let flows = scheme.member("flows").and_then(Value::as_object);
            let catalogued = |scope: &str| {
                kind == Some("oauth2")
                    && flows.is_some_and(|flows| {
                        flows.values().any(|flow| {
                            flow.member("scopes")
                                .and_then(Value::as_object)
                                .is_some_and(|s| s.contains_key(scope))
                        })
                    })
            };
            for (i, scope) in scopes.iter().enumerate() {
                if let Some(scope) = scope.as_str()
                    && !catalogued(scope)
                {
                    cx.push(
                        rules::SECURITY,
                        codes::UNCATALOGUED_OAUTH_SCOPE,
                        Severity::Warning,
                        &pointer(at, i),
                        format!(
                            "the scope {scope} is not listed by any flow of {name}: list it in a flow's `scopes` so that readers know what it grants", scope = Shown::quoted(scope), name = Shown::quoted(name)
                        ),
                    );
                }
            }
        }
        _ => {}
    }
}

/// Whether a value in `values` repeats an earlier one: strings (what a valid list holds) through
/// [`Seen`], anything else against the others that are not strings.
fn repeats(values: &[Value]) -> bool {
    let mut strings: Seen<&str, ()> = Seen::new();
    let mut others: Vec<&Value> = Vec::new();
    values.iter().any(|value| match value {
        Value::String(s) => strings.first_or_note(s, ()).is_some(),
        other if others.contains(&other) => true,
        other => {
            others.push(other);
            false
        }
    })
}
