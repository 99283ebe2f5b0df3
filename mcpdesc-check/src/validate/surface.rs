//! What a description says of the server around its primitives, as the reference validator
//! checks it: transports (scopes within the root's, every root version covered; Streamable HTTP only from 2025-03-26, and
//! legacy SSE beside a version that has Streamable HTTP a warning), capabilities (scopes that do
//! not overlap; `logging` on 2026-07-28 a warning; `extensions` before 2026-07-28 and
//! uncatalogued identifiers under MCP's prefix warnings), tags (declared once, referenced only when
//! declared) and security requirements (schemes that exist, scopes listed once, scopes only for
//! OAuth 2.0 and OpenID Connect, and a warning for an OAuth scope no flow lists).
//!
//! Of their shapes, this checks the security schemes (names, types, members, OAuth flows and
//! the URLs each flow needs), the security requirements (scheme names, arrays of scope names)
//! and extension identifiers (`prefix/name`, each an object). Other structural problems of these
//! members are the format's JSON Schema's, which `mcpdesc check --schema` applies; a member
//! whose shape is wrong is skipped here.

use serde_json::{Map, Value};

use super::extensions::{extension_identifiers, unknown_reserved_extensions};
use super::kind::KINDS;
use super::seen::Seen;
use super::toolbox::plain;
use super::toolbox::{Cx, exact_members, item_pointer, pointer};
use super::{Code, Rule};
use crate::object::Members as _;
use crate::shown::Shown;
use crate::version::{Fact, VersionSet};

pub(crate) fn check(cx: &mut Cx) {
    let Some(root) = cx.document.as_object() else {
        return;
    };
    capabilities(cx, root);
    tags(cx, root);
    security_schemes(cx, root);
    security(cx, root);
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
            Rule::Capabilities,
            capability,
            &path,
            root_scope,
            "this capability set",
        );
        for (j, other) in &seen {
            let overlap = scope.intersection(*other);
            if !overlap.is_empty() {
                cx.error(
                    Rule::Capabilities,
                    Code::CapabilityScopeOverlap,
                    &pointer(&path, "protocolVersions"),
                    format!(
                        "capabilities {j} and {i} both apply to MCP {}: a version has one capability set, so give each its own `protocolVersions`, or merge them",
                        plain(overlap)
                    ),
                );
            }
        }
        seen.push((i, scope));
        if let Some(tasks) = capability.member("tasks").and_then(Value::as_object) {
            task_capability(cx, tasks, &pointer(&path, "tasks"));
        }
        if let Some(extensions) = capability.member("extensions") {
            capability_extensions(cx, extensions, &pointer(&path, "extensions"), scope);
        }
        let deprecated = scope.intersection(Fact::LoggingDeprecated.versions());
        if capability.member("logging").is_some() && !deprecated.is_empty() {
            cx.push(
                Rule::Capabilities,
                Code::LoggingDeprecated,
                &pointer(&path, "logging"),
                format!(
                    "`logging` applies to MCP {}, where logging is deprecated",
                    plain(deprecated)
                ),
            );
        }
    }
}

/// A server's `tasks` capability: the protocol's own object, `list`, `cancel` and
/// `requests.tools.call`, which takes no extensions.
fn task_capability(cx: &mut Cx, tasks: &Map<String, Value>, at: &str) {
    let rule = Rule::Capabilities;
    exact_members(
        cx,
        rule,
        tasks,
        at,
        &["list", "cancel", "requests"],
        "`tasks`",
    );
    let Some(requests) = tasks.member("requests").and_then(Value::as_object) else {
        return;
    };
    let requests_at = pointer(at, "requests");
    exact_members(
        cx,
        rule,
        requests,
        &requests_at,
        &["tools"],
        "`tasks.requests`",
    );
    if let Some(tools) = requests.member("tools").and_then(Value::as_object) {
        let tools_at = pointer(&requests_at, "tools");
        exact_members(
            cx,
            rule,
            tools,
            &tools_at,
            &["call"],
            "`tasks.requests.tools`",
        );
    }
}

/// A capability set's `extensions`: a 2026-07-28 capability, which earlier versions only know
/// before its standardization (a warning), and identifiers under MCP's reserved prefix that the
/// extension catalogue does not list (a warning).
fn capability_extensions(cx: &mut Cx, extensions: &Value, at: &str, scope: VersionSet) {
    let defined = Fact::ExtensionsCapability.versions();
    let before = scope.difference(defined);
    if !before.is_empty() {
        cx.push(
            Rule::Capabilities,
            Code::ExtensionsNotSupported,
            at,
            format!(
                "`extensions` is a capability of MCP {}; MCP {} knows extensions only as they were before it was standardized",
                plain(defined),
                plain(before)
            ),
        );
    }
    extension_identifiers(cx, extensions, at, Rule::Capabilities);
    unknown_reserved_extensions(cx, extensions, at, Rule::Capabilities);
}

/// A type of security scheme: its name, its members, and the ones it needs with what they hold.
type SchemeType = (
    &'static str,
    &'static [&'static str],
    &'static [(&'static str, &'static str)],
);

/// The types of security scheme.
const SCHEME_TYPES: &[SchemeType] = &[
    (
        "http",
        &["type", "scheme", "bearerFormat", "description"],
        &[(
            "scheme",
            "the HTTP authentication scheme, such as \"bearer\"",
        )],
    ),
    (
        "apiKey",
        &["type", "name", "in", "description"],
        &[
            (
                "name",
                "the header, query parameter or cookie that carries the key",
            ),
            ("in", "\"header\", \"query\" or \"cookie\""),
        ],
    ),
    (
        "oauth2",
        &["type", "flows", "description"],
        &[("flows", "the OAuth 2.0 flows the server accepts")],
    ),
    (
        "openIdConnect",
        &["type", "openIdConnectUrl", "description"],
        &[(
            "openIdConnectUrl",
            "the URL of the OpenID Connect discovery document",
        )],
    ),
];

/// The OAuth 2.0 flows, and the URLs each needs.
const FLOWS: &[(&str, &[&str])] = &[
    ("implicit", &["authorizationUrl"]),
    ("password", &["tokenUrl"]),
    ("clientCredentials", &["tokenUrl"]),
    ("authorizationCode", &["authorizationUrl", "tokenUrl"]),
];

/// `securitySchemes`: each named `^[A-Za-z0-9._-]+$` (an `x-` name is a scheme like any
/// other), of a known type with that type's members.
fn security_schemes(cx: &mut Cx, root: &Map<String, Value>) {
    let Some(Value::Object(schemes)) = root.member("securitySchemes") else {
        return;
    };
    let rule = Rule::SecuritySchemes;
    for (name, scheme) in schemes {
        let at = pointer("/securitySchemes", name);
        if !super::toolbox::is_name(name) {
            cx.structural(
                rule,
                &at,
                format!(
                    "the security scheme name {name} must match ^[A-Za-z0-9._-]+$: use letters, digits, `.`, `_` and `-`",
                    name = Shown::quoted(name)
                ),
            );
        }
        let Some(scheme) = scheme.as_object() else {
            cx.structural(
                rule,
                &at,
                format!(
                    "a security scheme is an object with a `type`, not {}",
                    super::toolbox::describe(scheme)
                ),
            );
            continue;
        };
        let kind = scheme.member("type").and_then(Value::as_str);
        let Some((kind, members, needs)) = SCHEME_TYPES.iter().find(|(t, _, _)| Some(*t) == kind)
        else {
            cx.structural(
                rule,
                &pointer(&at, "type"),
                match scheme.member("type") {
                    Some(other) => format!(
                        "a security scheme's `type` is \"http\", \"apiKey\", \"oauth2\" or \"openIdConnect\", not {}",
                        super::toolbox::describe(other)
                    ),
                    None => "a security scheme needs `type`: \"http\", \"apiKey\", \"oauth2\" or \"openIdConnect\" (an `x-` name is a scheme like any other)".to_owned(),
                },
            );
            continue;
        };
        super::toolbox::closed_members(
            cx,
            rule,
            scheme,
            &at,
            members,
            &format!("an `{kind}` security scheme"),
        );
        for (key, holds) in *needs {
            if scheme.member(key).is_none() {
                cx.structural(
                    rule,
                    &at,
                    format!("an `{kind}` security scheme needs `{key}`: {holds}"),
                );
            }
        }
        for key in ["scheme", "bearerFormat", "description", "name"] {
            if let Some(value) = scheme.member(key).filter(|v| !v.is_string()) {
                cx.structural(
                    rule,
                    &pointer(&at, key),
                    format!(
                        "`{key}` must be a string, not {}",
                        super::toolbox::describe(value)
                    ),
                );
            }
        }
        if let Some(place) = scheme.member("in")
            && !matches!(place.as_str(), Some("header" | "query" | "cookie"))
        {
            cx.structural(
                rule,
                &pointer(&at, "in"),
                format!(
                    "`in` is \"header\", \"query\" or \"cookie\", not {}",
                    super::toolbox::describe(place)
                ),
            );
        }
        if let Some(url) = scheme.member("openIdConnectUrl") {
            absolute_url(
                cx,
                url,
                &pointer(&at, "openIdConnectUrl"),
                "openIdConnectUrl",
            );
        }
        if *kind == "oauth2"
            && let Some(flows) = scheme.member("flows")
        {
            oauth_flows(cx, flows, &pointer(&at, "flows"));
        }
    }
}

fn oauth_flows(cx: &mut Cx, flows: &Value, at: &str) {
    let rule = Rule::SecuritySchemes;
    let Some(flows) = flows.as_object() else {
        cx.structural(
            rule,
            at,
            format!(
                "`flows` must be an object of OAuth 2.0 flows, not {}",
                super::toolbox::describe(flows)
            ),
        );
        return;
    };
    let names: Vec<&str> = FLOWS.iter().map(|(name, _)| *name).collect();
    super::toolbox::closed_members(cx, rule, flows, at, &names, "`flows`");
    if !FLOWS.iter().any(|(name, _)| flows.contains_key(*name)) {
        cx.structural(
            rule,
            at,
            format!("`flows` needs at least one flow: {}", names.join(", ")),
        );
    }
    for (name, urls) in FLOWS {
        let Some(flow) = flows.member(name) else {
            continue;
        };
        let flow_at = pointer(at, name);
        let Some(flow) = flow.as_object() else {
            cx.structural(
                rule,
                &flow_at,
                format!(
                    "an OAuth 2.0 flow is an object, not {}",
                    super::toolbox::describe(flow)
                ),
            );
            continue;
        };
        super::toolbox::closed_members(
            cx,
            rule,
            flow,
            &flow_at,
            &["authorizationUrl", "tokenUrl", "refreshUrl", "scopes"],
            &format!("the `{name}` flow"),
        );
        for url in *urls {
            if flow.member(url).is_none() {
                cx.structural(
                    rule,
                    &flow_at,
                    format!(
                        "the `{name}` flow needs `{url}`, the absolute URL of its {} endpoint",
                        if *url == "tokenUrl" {
                            "token"
                        } else {
                            "authorization"
                        }
                    ),
                );
            }
        }
        for url in ["authorizationUrl", "tokenUrl", "refreshUrl"] {
            if let Some(value) = flow.member(url) {
                absolute_url(cx, value, &pointer(&flow_at, url), url);
            }
        }
        match flow.member("scopes") {
            None => cx.structural(
                rule,
                &flow_at,
                format!("the `{name}` flow needs `scopes`: each scope's name and what it grants (`{{}}` for none)"),
            ),
            Some(Value::Object(scopes)) => {
                for (scope, meaning) in scopes {
                    if !meaning.is_string() {
                        cx.structural(
                            rule,
                            &pointer(&pointer(&flow_at, "scopes"), scope),
                            format!("a scope maps to what it grants, a string, not {}", super::toolbox::describe(meaning)),
                        );
                    }
                }
            }
            Some(other) => cx.structural(
                rule,
                &pointer(&flow_at, "scopes"),
                format!("`scopes` must be an object of scope descriptions by name, not {}", super::toolbox::describe(other)),
            ),
        }
    }
}

/// An absolute URL member of a security scheme.
fn absolute_url(cx: &mut Cx, value: &Value, at: &str, key: &str) {
    if !value.as_str().is_some_and(crate::text::is_absolute_uri) {
        cx.structural(
            Rule::SecuritySchemes,
            at,
            format!("`{key}` must be an absolute URL, such as \"https://auth.example.com/token\", not {}", super::toolbox::describe(value)),
        );
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
                Rule::Tags,
                Code::DuplicateRootTag,
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
                        Rule::Tags,
                        Code::UnknownTagReference,
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
                cx.structural(
                    Rule::Security,
                    &pointer(at, r),
                    format!(
                        "a security requirement is an object of scheme names and their scopes (`{{}}` for none), not {}",
                        super::toolbox::describe(requirement)
                    ),
                );
                continue;
            };
            for (name, scopes) in requirement {
                let here = pointer(&pointer(at, r), name);
                if !super::toolbox::is_name(name) {
                    cx.structural(
                        Rule::Security,
                        &here,
                        format!(
                            "{name} is not a security scheme name: names match ^[A-Za-z0-9._-]+$",
                            name = Shown::quoted(name)
                        ),
                    );
                }
                if !scopes
                    .as_array()
                    .is_some_and(|s| s.iter().all(Value::is_string))
                {
                    cx.structural(
                        Rule::Security,
                        &here,
                        format!(
                            "a requirement maps a scheme to the scope names it needs, an array of strings (`[]` for none), not {}",
                            super::toolbox::describe(scopes)
                        ),
                    );
                }
                let Some(scheme) = schemes.and_then(|s| s.get(name)) else {
                    cx.error(
                        Rule::Security,
                        Code::UnknownSecurityScheme,
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
            Rule::Security,
            Code::DuplicateSecurityScope,
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
            Rule::Security,
            Code::NonOauthScope,
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
                        Rule::Security,
                        Code::UncataloguedOauthScope,
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
