//! Extension identifiers and their `extensions` objects: the shape a capability set's and a
//! client requirement's share, and the warning for an identifier under MCP's reserved prefix.

use crate::diagnostics::Rule;
use serde_json::{Map, Value};

use super::Code;
use super::toolbox::{Cx, pointer};
use crate::shown::Shown;

/// Whether `identifier` is an extension identifier: a prefix of dot-separated labels (a letter,
/// then letters, digits and inner hyphens), `/`, and a name of letters, digits, `.`, `_` and
/// `-` that starts and ends with a letter or digit.
pub fn is_extension_identifier(identifier: &str) -> bool {
    let Some((prefix, name)) = identifier.split_once('/') else {
        return false;
    };
    let label = |l: &str| {
        let b = l.as_bytes();
        b.first().is_some_and(u8::is_ascii_alphabetic)
            && b.last().is_some_and(u8::is_ascii_alphanumeric)
            && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
    };
    let n = name.as_bytes();
    prefix.split('.').all(label)
        && n.first().is_some_and(u8::is_ascii_alphanumeric)
        && n.last().is_some_and(u8::is_ascii_alphanumeric)
        && n.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-'))
}

/// The shape of an `extensions` object (a capability set's or a client requirement's): not
/// empty, keyed by extension identifiers, each an object of settings.
pub fn extension_identifiers(cx: &mut Cx, extensions: &Value, at: &str, rule: Rule) {
    let Some(map) = extensions.as_object() else {
        cx.structural(
            rule,
            at,
            format!(
                "`extensions` must be an object of extension settings by identifier, not {}",
                super::toolbox::describe(extensions)
            ),
        );
        return;
    };
    if map.is_empty() {
        cx.structural(
            rule,
            at,
            "`extensions` must not be empty when present: leave it out instead",
        );
    }
    for (identifier, settings) in map {
        let here = pointer(at, identifier);
        if !is_extension_identifier(identifier) {
            cx.structural(
                rule,
                &here,
                format!(
                    "{identifier} is not an extension identifier: write a reverse-DNS prefix you control, `/`, and the extension's name, such as \"com.example/feature\" (an `x-` member is not allowed here)",
                    identifier = Shown::quoted(identifier)
                ),
            );
        }
        if !settings.is_object() {
            cx.structural(
                rule,
                &here,
                format!(
                    "an extension's settings are an object (`{{}}` for none), not {}",
                    super::toolbox::describe(settings)
                ),
            );
        }
    }
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
pub fn unknown_reserved_extensions(cx: &mut Cx, extensions: &Value, at: &str, rule: Rule) {
    for identifier in extensions.as_object().into_iter().flat_map(Map::keys) {
        let reserved = identifier
            .split_once('/')
            .is_some_and(|(prefix, _)| super::toolbox::reserved_prefix(prefix));
        if reserved && !CATALOGUED_EXTENSIONS.contains(&identifier.as_str()) {
            cx.push(
                rule,
                Code::UnknownReservedExtension,
                &pointer(at, identifier),
                format!(
                    "{identifier} is under a prefix MCP reserves, but MCP's extension catalogue does not list it: keep it only if MCP defines it, else move it under your own prefix", identifier = Shown::quoted(identifier)
                ),
            );
        }
    }
}
