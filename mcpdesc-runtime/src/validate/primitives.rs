//! Tools, resources, resource templates and prompts: their own members, scopes, client
//! requirements, and identities unique where scopes overlap. The declarations they carry are
//! checked next, by `declarations`, in the order `validate` drives.

use serde_json::{Map, Value};

use super::Members as _;
use super::kind::{Kind, TOOL};
use super::{Cx, closed_members, codes, nonempty_string, pointer, rules};
use crate::version::{ProtocolVersion, VersionSet};

/// The identities seen so far in one collection, with their scopes and indices (by identity, so
/// that a collection of thousands is checked in one pass).
pub(crate) struct Identities<'a> {
    seen: std::collections::HashMap<&'a str, Vec<(VersionSet, usize)>>,
}

impl<'a> Identities<'a> {
    /// Room for a collection of `len` primitives.
    pub(crate) fn with_capacity(len: usize) -> Self {
        Identities {
            seen: std::collections::HashMap::with_capacity(len),
        }
    }

    /// Reports the primitive at `index` when one before it has the same identity in an
    /// overlapping scope, then records it.
    pub(crate) fn check(
        &mut self,
        cx: &mut Cx,
        kind: Kind,
        object: &'a Map<String, Value>,
        path: &str,
        index: usize,
        scope: VersionSet,
    ) {
        let Some(Value::String(id)) = object.member(kind.identity) else {
            return;
        };
        let same = self.seen.entry(id).or_default();
        if let Some((earlier, first)) = same.iter().find(|(s, _)| !s.intersection(scope).is_empty())
        {
            let overlap = earlier.intersection(scope);
            cx.error(
                rules::PRIMITIVE_UNIQUE,
                codes::DUPLICATE_PRIMITIVE,
                &pointer(path, kind.identity),
                format!(
                    "{} with `{}` {id:?} is already described at /{}/{first} for {overlap}; give each version one description by splitting their `protocolVersions`",
                    kind.what, kind.identity, kind.collection
                ),
            );
        }
        same.push((scope, index));
    }
}

/// Checks one primitive's own members, scope and client requirements; returns its effective
/// scope.
pub(crate) fn check<'a>(
    cx: &mut Cx<'a>,
    kind: Kind,
    object: &'a Map<String, Value>,
    path: &str,
) -> VersionSet {
    closed_members(cx, kind.rule, object, path, kind.members, kind.what);
    for key in kind.required {
        if key == &"inputSchema" {
            continue;
        }
        nonempty_string(cx, kind.rule, object, key, path, true, kind.what);
    }
    if kind == TOOL {
        match object.member("inputSchema") {
            None => cx.structural(
                kind.rule,
                path,
                "a tool needs an `inputSchema`: an object-rooted JSON Schema such as {\"type\": \"object\"}",
            ),
            Some(Value::Object(schema)) => {
                if schema.member("$componentRef").is_none()
                    && schema.member("type") != Some(&Value::from("object"))
                {
                    cx.structural(
                        kind.rule,
                        &pointer(path, "inputSchema"),
                        "a tool's `inputSchema` is object-rooted: it needs `\"type\": \"object\"` (tool arguments are always an object)",
                    );
                }
            }
            Some(_) => cx.structural(
                kind.rule,
                &pointer(path, "inputSchema"),
                "`inputSchema` must be an object-rooted JSON Schema or a component reference",
            ),
        }
    }
    // (An empty `icons` is reported with the rest of its shape, `metadata::icons`.)
    for key in ["tags", "arguments"] {
        if let Some(Value::Array(a)) = object.member(key)
            && a.is_empty()
        {
            cx.structural(
                kind.rule,
                &pointer(path, key),
                format!("`{key}` must not be empty when present: leave it out instead"),
            );
        }
    }

    let root_scope = cx.root_scope;
    let scope = match cx.scope(kind.rule, object, path) {
        Some(scope) => {
            cx.check_subset(scope, root_scope, path, kind.what);
            scope.intersection(root_scope)
        }
        None => root_scope,
    };

    if let Some(requirements) = object.member("clientRequirements") {
        check_client_requirements(
            cx,
            kind,
            requirements,
            &pointer(path, "clientRequirements"),
            scope,
        );
    }

    scope
}

fn check_client_requirements(
    cx: &mut Cx,
    kind: Kind,
    value: &Value,
    path: &str,
    scope: VersionSet,
) {
    let Some(requirements) = value.as_object() else {
        cx.structural(kind.rule, path, "`clientRequirements` must be an object");
        return;
    };
    if requirements.is_empty() {
        cx.structural(
            kind.rule,
            path,
            "`clientRequirements` must not be empty: name at least one client capability, or leave it out",
        );
        return;
    }
    let Some(elicitation) = requirements.member("elicitation") else {
        return;
    };
    let path = pointer(path, "elicitation");
    let Some(modes) = elicitation.as_object() else {
        cx.structural(
            kind.rule,
            &path,
            "`clientRequirements.elicitation` must be an object: `{}` (2025-06-18) or `{\"form\": {}, \"url\": {}}`",
        );
        return;
    };
    for (mode, value) in modes {
        let mode_path = pointer(&path, mode);
        if mode != "form" && mode != "url" {
            cx.structural(
                rules::CLIENT_REQUIREMENTS,
                &mode_path,
                format!("`{mode}` is not an elicitation mode; the modes are `form` and `url`"),
            );
        } else if !value.is_object() {
            cx.structural(
                rules::CLIENT_REQUIREMENTS,
                &mode_path,
                format!("`{mode}` must be an object (`{{}}`)"),
            );
        }
    }
    let needs_modes = modes.keys().any(|k| k == "form" || k == "url");
    if needs_modes && scope.contains(ProtocolVersion::V2025_06_18) {
        cx.error(
            rules::CLIENT_REQUIREMENTS,
            codes::CLIENT_REQUIREMENTS_VERSION,
            &path,
            "MCP 2025-06-18 declares elicitation as `{}` without modes, so this requirement cannot be stated for it; write `{}` or split the primitive's `protocolVersions` so that 2025-06-18 has its own description",
        );
    }
    let legacy: VersionSet = scope
        .iter()
        .filter(|v| !v.supports_form_elicitation())
        .collect();
    if !legacy.is_empty() {
        cx.error(
            rules::CLIENT_REQUIREMENTS,
            codes::CLIENT_REQUIREMENTS_VERSION,
            &path,
            format!(
                "{legacy} have no elicitation capability, so it cannot be required of their clients; narrow the primitive's `protocolVersions` to 2025-06-18 and later"
            ),
        );
    }
}
