//! Tools, resources, resource templates and prompts: members, scopes, client requirements, and
//! the declarations they carry.

use serde_json::{Map, Value};

use super::{Cx, closed_members, codes, nonempty_string, pointer, rules};
use crate::version::{ProtocolVersion, VersionSet};

/// One kind of primitive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Kind {
    /// The root collection.
    pub(crate) collection: &'static str,
    /// The member that identifies one (`name`, `uri`, `uriTemplate`).
    pub(crate) identity: &'static str,
    /// Required members.
    pub(crate) required: &'static [&'static str],
    /// Every member.
    pub(crate) members: &'static [&'static str],
    pub(crate) rule: &'static str,
    /// "a tool", for messages.
    pub(crate) what: &'static str,
}

pub(crate) const TOOL: Kind = Kind {
    collection: "tools",
    identity: "name",
    required: &["name", "inputSchema"],
    members: &[
        "_meta",
        "annotations",
        "clientRequirements",
        "deprecated",
        "description",
        "elicitations",
        "examples",
        "execution",
        "icons",
        "inputSchema",
        "interactionExamples",
        "name",
        "outputSchema",
        "protocolVersions",
        "security",
        "tags",
        "title",
    ],
    rule: rules::TOOL_MEMBERS,
    what: "a tool",
};

pub(crate) const RESOURCE: Kind = Kind {
    collection: "resources",
    identity: "uri",
    required: &["uri", "name"],
    members: &[
        "_meta",
        "annotations",
        "clientRequirements",
        "deprecated",
        "description",
        "elicitations",
        "examples",
        "icons",
        "mimeType",
        "name",
        "protocolVersions",
        "security",
        "size",
        "tags",
        "title",
        "uri",
    ],
    rule: rules::RESOURCE_MEMBERS,
    what: "a resource",
};

pub(crate) const RESOURCE_TEMPLATE: Kind = Kind {
    collection: "resourceTemplates",
    identity: "uriTemplate",
    required: &["uriTemplate", "name"],
    members: &[
        "_meta",
        "annotations",
        "clientRequirements",
        "completionExamples",
        "deprecated",
        "description",
        "elicitations",
        "examples",
        "icons",
        "mimeType",
        "name",
        "protocolVersions",
        "security",
        "tags",
        "title",
        "uriTemplate",
    ],
    rule: rules::RESOURCE_TEMPLATE_MEMBERS,
    what: "a resource template",
};

pub(crate) const PROMPT: Kind = Kind {
    collection: "prompts",
    identity: "name",
    required: &["name"],
    members: &[
        "_meta",
        "arguments",
        "clientRequirements",
        "completionExamples",
        "deprecated",
        "description",
        "elicitations",
        "examples",
        "icons",
        "name",
        "protocolVersions",
        "security",
        "tags",
        "title",
    ],
    rule: rules::PROMPT_MEMBERS,
    what: "a prompt",
};

pub(crate) const KINDS: [Kind; 4] = [TOOL, RESOURCE, RESOURCE_TEMPLATE, PROMPT];

pub(crate) fn check(cx: &mut Cx) {
    let document = cx.document;
    for kind in KINDS {
        let Some(Value::Array(items)) = document.get(kind.collection) else {
            continue;
        };
        let mut seen: Vec<(&str, VersionSet, usize)> = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let path = pointer(&pointer("", kind.collection), i);
            let Some(object) = item.as_object() else {
                cx.structural(kind.rule, &path, format!("{} must be an object", kind.what));
                continue;
            };
            let scope = check_one(cx, kind, object, &path);
            if let Some(Value::String(id)) = object.get(kind.identity) {
                if let Some((_, _, first)) = seen
                    .iter()
                    .find(|(other, s, _)| *other == id && !s.intersection(scope).is_empty())
                {
                    let overlap = seen
                        .iter()
                        .find(|(other, _, _)| *other == id)
                        .map(|(_, s, _)| s.intersection(scope))
                        .unwrap_or_default();
                    cx.error(
                        rules::PRIMITIVE_UNIQUE,
                        codes::DUPLICATE_PRIMITIVE,
                        &pointer(&path, kind.identity),
                        format!(
                            "{} with `{}` {id:?} is already described at /{}/{first} for {overlap}; give each version one description by splitting their `protocolVersions`",
                            kind.what, kind.identity, kind.collection
                        ),
                    );
                }
                seen.push((id, scope, i));
            }
        }
    }
}

/// Checks one primitive; returns its effective scope.
fn check_one<'a>(
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
        match object.get("inputSchema") {
            None => cx.structural(
                kind.rule,
                path,
                "a tool needs an `inputSchema`: an object-rooted JSON Schema such as {\"type\": \"object\"}",
            ),
            Some(Value::Object(schema)) => {
                if !schema.contains_key("$componentRef")
                    && schema.get("type") != Some(&Value::from("object"))
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
    for key in ["icons", "tags", "arguments"] {
        if let Some(Value::Array(a)) = object.get(key)
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

    if let Some(requirements) = object.get("clientRequirements") {
        check_client_requirements(
            cx,
            kind,
            requirements,
            &pointer(path, "clientRequirements"),
            scope,
        );
    }

    let declarations = super::declarations::check(cx, kind, object, path, scope);
    if kind == TOOL
        && let Some(examples) = object.get("interactionExamples")
    {
        let required_modes = object
            .get("clientRequirements")
            .and_then(|r| r.get("elicitation"))
            .and_then(Value::as_object)
            .map(|modes| {
                if modes.is_empty() {
                    vec!["form"]
                } else {
                    modes.keys().map(String::as_str).collect()
                }
            });
        super::interactions::check(
            cx,
            examples,
            &pointer(path, "interactionExamples"),
            &declarations,
            &required_modes,
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
    let Some(elicitation) = requirements.get("elicitation") else {
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
