//! Tools, resources, resource templates and prompts: their own members, scopes, client
//! requirements, and identities unique where scopes overlap. The declarations they carry are
//! checked next, by `declarations`, in the order `validate` drives.

use serde_json::{Map, Value};

use super::kind::{Kind, TOOL};
use super::toolbox::{Cx, closed_members, nonempty_string, pointer};
use super::{Code, Rule};
use crate::hash::Group;
use crate::object::Members as _;
use crate::shown::Shown;
use crate::version::{Fact, ProtocolVersion, VersionSet};

/// The identities seen so far in one collection, with their scopes and indices (by identity, so
/// that a collection of thousands is checked in one pass).
pub struct Identities<'a> {
    seen: crate::hash::HashMap<&'a str, Group<(VersionSet, usize)>>,
}

impl<'a> Identities<'a> {
    /// Room for a collection of `len` primitives.
    pub fn with_capacity(len: usize) -> Self {
        Identities {
            seen: crate::hash::map_with_capacity(len),
        }
    }

    /// Reports the primitive at `index` when one before it has the same identity in an
    /// overlapping scope, then records it.
    pub fn check(
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
        let same = match self.seen.entry(id) {
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(Group::new((scope, index)));
                return;
            }
            std::collections::hash_map::Entry::Occupied(o) => o.into_mut(),
        };
        if let Some((earlier, first)) = same.iter().find(|(s, _)| !s.intersection(scope).is_empty())
        {
            let overlap = earlier.intersection(scope);
            cx.error(
                Rule::PrimitiveUnique,
                Code::DuplicatePrimitive,
                &pointer(path, kind.identity),
                format!(
                    "{} with `{}` {id} is already described at /{}/{first} for {overlap}; give each version one description by splitting their `protocolVersions`",
                    kind.what, kind.identity, kind.collection, id = Shown::quoted(id)
                ),
            );
        }
        same.push((scope, index));
    }
}

/// Checks one primitive's own members, scope and client requirements; returns its effective
/// scope.
pub fn check<'a>(
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
                    && schema.member("type").and_then(Value::as_str) != Some("object")
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
    let scope = cx.scope_within(kind.rule, object, path, root_scope, kind.what);

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
    client_capabilities(cx, requirements, path, scope);
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
        if mode.starts_with("x-") {
            continue;
        }
        if mode != "form" && mode != "url" {
            cx.structural(
                Rule::ClientRequirements,
                &mode_path,
                format!("`{mode}` is not an elicitation mode; the modes are `form` and `url`"),
            );
        } else if !value.is_object() {
            cx.structural(
                Rule::ClientRequirements,
                &mode_path,
                format!("`{mode}` must be an object (`{{}}`)"),
            );
        }
    }
    let needs_modes = modes.keys().any(|k| k == "form" || k == "url");
    let without_modes = scope
        .intersection(Fact::FormElicitation.versions())
        .difference(Fact::ElicitationModeCapabilities.versions());
    if needs_modes && !without_modes.is_empty() {
        cx.error(
            Rule::ClientRequirements,
            Code::ClientRequirementsVersion,
            &path,
            format!(
                "MCP {v} declares elicitation as `{{}}` without modes, so this requirement cannot be stated for it; write `{{}}` or split the primitive's `protocolVersions` so that {v} has its own description",
                v = super::toolbox::plain(without_modes)
            ),
        );
    }
    let legacy: VersionSet = scope
        .iter()
        .filter(|v| !v.supports_form_elicitation())
        .collect();
    if !legacy.is_empty() {
        cx.error(
            Rule::ClientRequirements,
            Code::ClientRequirementsVersion,
            &path,
            format!(
                "{legacy} have no elicitation capability, so it cannot be required of their clients; narrow the primitive's `protocolVersions` to 2025-06-18 and later"
            ),
        );
    }
}

/// Whether MCP `version` defines the client capability `name`: `None` for a capability this
/// check leaves alone (elicitation, checked on its own, and those MCP does not define).
fn defines_client_capability(version: ProtocolVersion, name: &str) -> Option<bool> {
    match name {
        "roots" | "sampling" | "experimental" => Some(true),
        "tasks" => Some(Fact::TasksClientCapability.versions().contains(version)),
        "extensions" => Some(Fact::ExtensionsCapability.versions().contains(version)),
        _ => None,
    }
}

/// The client capabilities a primitive requires other than elicitation (whose rules are below),
/// as the reference checks them for each version of the scope: a capability the version does
/// not define (`tasks` is 2025-11-25's; `extensions` 2026-07-28's), members a version does not
/// define (`client-requirement-version-mismatch`), members that are not objects
/// (`invalid-client-requirement-value`), and requirements of what 2026-07-28 deprecates
/// (`roots`, `sampling`, sampling's `context`: `deprecated-client-requirement`, a warning).
/// Unknown capabilities and `x-` members, at any depth, are left alone; an experimental
/// capability's settings are an object.
fn client_capabilities(
    cx: &mut Cx,
    requirements: &Map<String, Value>,
    path: &str,
    scope: VersionSet,
) {
    let rule = Rule::ClientCapabilities;
    let deprecating = Fact::RootsAndSamplingDeprecated.versions();
    for (name, value) in requirements {
        if defines_client_capability(ProtocolVersion::LATEST, name).is_none() {
            continue;
        }
        let at = pointer(path, name);
        let (defined, undefined): (Vec<_>, Vec<_>) = scope
            .iter()
            .partition(|v| defines_client_capability(*v, name) == Some(true));
        if !undefined.is_empty() {
            let undefined: VersionSet = undefined.into_iter().collect();
            cx.error(
                rule,
                Code::ClientRequirementsVersion,
                &at,
                format!(
                    "`{name}` is not a client capability of MCP {}: split the primitive into variants scoped with `protocolVersions`, each requiring what its versions define",
                    super::toolbox::plain(undefined)
                ),
            );
        }
        let defined: VersionSet = defined.into_iter().collect();
        if defined.is_empty() {
            continue;
        }
        let Some(members) = value.as_object() else {
            cx.error(
                rule,
                Code::InvalidClientRequirement,
                &at,
                format!("`{name}` must be an object (`{{}}` when it has no settings)"),
            );
            continue;
        };
        // The members each version defines, and whether each must be an object.
        let allowed = |version: ProtocolVersion| -> Option<&'static [&'static str]> {
            match name.as_str() {
                "roots" if Fact::RootsListChanged.versions().contains(version) => {
                    Some(&["listChanged"])
                }
                "roots" => Some(&[]),
                "sampling" if Fact::SamplingContextAndTools.versions().contains(version) => {
                    Some(&["context", "tools"])
                }
                "tasks" => Some(&["list", "cancel", "requests"]),
                _ => None,
            }
        };
        // An experimental capability's settings are an object, whatever its name.
        if name == "experimental" {
            for (capability, setting) in members {
                if !setting.is_object() {
                    cx.error(
                        rule,
                        Code::InvalidClientRequirement,
                        &pointer(&at, capability),
                        format!("`experimental.{capability}` must be an object (`{{}}` when it has no settings)"),
                    );
                }
            }
            continue;
        }
        for (member, setting) in members {
            if member.starts_with("x-") {
                continue;
            }
            let member_at = pointer(&at, member);
            let lacking: VersionSet = defined
                .iter()
                .filter(|v| allowed(*v).is_some_and(|a| !a.contains(&member.as_str())))
                .collect();
            if !lacking.is_empty() {
                cx.error(
                    rule,
                    Code::ClientRequirementsVersion,
                    &member_at,
                    format!(
                        "`{name}.{member}` is not defined by MCP {}: remove it, or scope the primitive with `protocolVersions`",
                        super::toolbox::plain(lacking)
                    ),
                );
                continue;
            }
            let must_be_boolean = name == "roots" && member == "listChanged";
            let checked = defined.iter().any(|v| allowed(v).is_some());
            if checked && must_be_boolean && !setting.is_boolean() {
                cx.error(
                    rule,
                    Code::InvalidClientRequirement,
                    &member_at,
                    "`roots.listChanged` must be a boolean",
                );
            } else if checked && !must_be_boolean && !setting.is_object() {
                cx.error(
                    rule,
                    Code::InvalidClientRequirement,
                    &member_at,
                    format!("`{name}.{member}` must be an object (`{{}}`)"),
                );
            } else if name == "tasks" && member == "requests" {
                task_requests(cx, setting, &member_at);
            }
            let deprecated = defined.intersection(deprecating);
            if name == "sampling" && member == "context" && !deprecated.is_empty() {
                cx.push(
                    rule,
                    Code::DeprecatedClientRequirement,
                    &member_at,
                    format!(
                        "`sampling.context` asks for context inclusion, which MCP {} deprecates",
                        super::toolbox::plain(deprecated)
                    ),
                );
            }
        }
        if name == "extensions" {
            super::extensions::extension_identifiers(cx, value, &at, rule);
            super::extensions::unknown_reserved_extensions(cx, value, &at, rule);
        }
        let deprecated = defined.intersection(deprecating);
        if matches!(name.as_str(), "roots" | "sampling") && !deprecated.is_empty() {
            cx.push(
                rule,
                Code::DeprecatedClientRequirement,
                &at,
                format!(
                    "`{name}` is a client capability MCP {} deprecates",
                    super::toolbox::plain(deprecated)
                ),
            );
        }
    }
}

/// `tasks.requests` (2025-11-25): `sampling: {createMessage: {}}` and `elicitation: {create: {}}`.
fn task_requests(cx: &mut Cx, requests: &Value, at: &str) {
    let rule = Rule::ClientCapabilities;
    let Some(requests) = requests.as_object() else {
        return;
    };
    for (family, operations) in requests {
        if family.starts_with("x-") {
            continue;
        }
        let family_at = pointer(at, family);
        let operation = match family.as_str() {
            "sampling" => "createMessage",
            "elicitation" => "create",
            _ => {
                cx.error(
                    rule,
                    Code::ClientRequirementsVersion,
                    &family_at,
                    format!("`tasks.requests.{family}` is not defined by MCP 2025-11-25; the request families are `sampling` and `elicitation`"),
                );
                continue;
            }
        };
        let Some(operations) = operations.as_object() else {
            cx.error(
                rule,
                Code::InvalidClientRequirement,
                &family_at,
                format!(
                    "`tasks.requests.{family}` must be an object (`{{\"{operation}\": {{}}}}`)"
                ),
            );
            continue;
        };
        for (name, value) in operations {
            let name_at = pointer(&family_at, name);
            if name.starts_with("x-") {
                continue;
            }
            if name != operation {
                cx.error(
                    rule,
                    Code::ClientRequirementsVersion,
                    &name_at,
                    format!("`{name}` is not a `{family}` request MCP 2025-11-25 runs as a task; it is `{operation}`"),
                );
            } else if !value.is_object() {
                cx.error(
                    rule,
                    Code::InvalidClientRequirement,
                    &name_at,
                    format!("`{operation}` must be an object (`{{}}`)"),
                );
            }
        }
    }
}
