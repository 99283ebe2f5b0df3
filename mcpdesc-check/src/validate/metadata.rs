//! A primitive's metadata members, the ones the description builder copies from a server: their
//! shapes (`title`, `annotations`, `icons`, `_meta`, `execution`, a tool's `outputSchema`, a
//! prompt's `arguments`) and the protocol versions that define them (`$schema` at a tool schema's
//! root, `title` before 2025-06-18, `execution` on 2026-07-28, ...), from the same table the
//! builder reads (`crate::members`).

use serde_json::{Map, Value};

use super::document::icons;
use super::kind::{Kind, PROMPT, RESOURCE, RESOURCE_TEMPLATE, TOOL};
use super::toolbox::{
    Cx, closed_members, describe, exact_members, expect, not_object, plain, pointer,
};
use super::toolbox::{is_reserved_label, reserved_prefix};
use super::{Code, Rule};
use crate::JsonType;
use crate::members::{Place, VersionedMember};
use crate::object::Members as _;
use crate::shown::Shown;
use crate::version::{Fact, ProtocolVersion, VersionSet};

pub(crate) fn check<'a>(
    cx: &mut Cx<'a>,
    kind: Kind,
    object: &'a Map<String, Value>,
    path: &str,
    scope: VersionSet,
) {
    shapes(cx, kind, object, path, scope);
    for member in crate::members::of(kind.collection) {
        let missing = member.missing_from(scope);
        if missing.is_empty() {
            continue;
        }
        match member.place {
            Place::Primitive => {
                if object.member(member.member).is_some() {
                    unsupported(cx, kind, member, &pointer(path, member.member), missing);
                }
            }
            Place::PromptArgument => {
                if let Some(Value::Array(arguments)) = object.member("arguments") {
                    for (i, a) in arguments.iter().enumerate() {
                        if a.member(member.member).is_some() {
                            let at =
                                pointer(&pointer(&pointer(path, "arguments"), i), member.member);
                            unsupported(cx, kind, member, &at, missing);
                        }
                    }
                }
            }
            Place::ResourceAnnotations => {
                if object
                    .member("annotations")
                    .is_some_and(|a| a.member(member.member).is_some())
                {
                    let at = pointer(&pointer(path, "annotations"), member.member);
                    unsupported(cx, kind, member, &at, missing);
                }
            }
            Place::ToolSchemaRoot => {
                for key in ["inputSchema", "outputSchema"] {
                    if let Some((schema, via)) = schema_root(cx, object.member(key))
                        && schema.member(member.member).is_some()
                    {
                        let at = match via {
                            None => pointer(&pointer(path, key), member.member),
                            Some(component) => pointer(&component, member.member),
                        };
                        unsupported(cx, kind, member, &at, missing);
                    }
                }
            }
        }
    }
}

/// Reports a member that some versions of the primitive's scope do not define.
fn unsupported(cx: &mut Cx, kind: Kind, member: &VersionedMember, at: &str, missing: VersionSet) {
    let keep = member.versions();
    // The reference validator gives a resource annotation's version its own code.
    let code = match member.place {
        Place::ResourceAnnotations => Code::ResourceAnnotationNotSupported,
        _ => Code::FieldNotSupported,
    };
    cx.error(
        Rule::PrimitiveProtocolMembers,
        code,
        at,
        format!(
            "`{}` is not defined for MCP {}; {}: remove it, or scope the {} to {} with `protocolVersions`",
            member.member,
            plain(missing),
            member.requirement(),
            kind.noun(),
            plain(keep),
        ),
    );
}

/// A tool schema's root object, following component references (`None` when it is not an
/// object or a reference is broken, which `references` reports). The second member is the
/// pointer of the component it was reached through, if any.
fn schema_root<'a>(
    cx: &Cx<'a>,
    value: Option<&'a Value>,
) -> Option<(&'a Map<String, Value>, Option<String>)> {
    let (target, component) = super::references::schema_target(cx, value?)?;
    Some((target.as_object()?, component))
}

/// The shapes of the metadata members, as the format's JSON Schema states them. Problems are
/// structural (`schema-validation`).
fn shapes(cx: &mut Cx, kind: Kind, object: &Map<String, Value>, path: &str, scope: VersionSet) {
    let rule = kind.rule;
    for key in ["title", "description", "mimeType"] {
        if let Some(value) = object.member(key) {
            expect(cx, rule, value, JsonType::String, path, key);
        }
    }
    if let Some(value) = object.member("deprecated") {
        expect(cx, rule, value, JsonType::Boolean, path, "deprecated");
    }
    if let Some(value) = object.member("size")
        && kind == RESOURCE
        && !value.as_f64().is_some_and(|n| n >= 0.0)
    {
        cx.structural(
            rule,
            &pointer(path, "size"),
            format!(
                "`size` is the resource's size in bytes: a number of at least 0, not {}",
                describe(value)
            ),
        );
    }
    if let Some(value) = object.member("_meta") {
        meta(cx, rule, value, &pointer(path, "_meta"), scope);
    }
    if let Some(value) = object.member("icons") {
        icons(cx, rule, value, &pointer(path, "icons"));
    }
    if let Some(value) = object.member("annotations") {
        let at = pointer(path, "annotations");
        if kind == TOOL {
            tool_annotations(cx, rule, value, &at);
        } else if kind == RESOURCE || kind == RESOURCE_TEMPLATE {
            resource_annotations(cx, rule, value, &at);
        }
    }
    if kind == TOOL {
        if let Some(value) = object.member("execution") {
            execution(cx, rule, value, &pointer(path, "execution"));
        }
        for key in ["inputSchema", "outputSchema"] {
            if let Some(Value::Object(schema)) = object.member(key)
                && let Some(dialect) = schema.member("$schema")
                && !dialect.is_string()
            {
                cx.structural(
                    rule,
                    &pointer(&pointer(path, key), "$schema"),
                    format!(
                        "`$schema` names the schema's dialect: a URI string, not {}",
                        describe(dialect)
                    ),
                );
            }
        }
        if let Some(value) = object.member("outputSchema") {
            output_schema(cx, rule, value, &pointer(path, "outputSchema"), scope);
        }
    }
    if kind == PROMPT
        && let Some(arguments) = object.member("arguments")
    {
        let at = pointer(path, "arguments");
        match arguments.as_array() {
            Some(arguments) => {
                for (i, argument) in arguments.iter().enumerate() {
                    prompt_argument(cx, rule, argument, &pointer(&at, i));
                }
            }
            None => cx.structural(
                rule,
                &at,
                format!(
                    "`arguments` must be an array of prompt arguments, not {}",
                    describe(arguments)
                ),
            ),
        }
    }
}

/// A tool's `outputSchema`: a JSON Schema object or a component reference; object-rooted for
/// every version before 2026-07-28, whose tools may return any JSON value as structured content.
fn output_schema(cx: &mut Cx, rule: Rule, value: &Value, at: &str, scope: VersionSet) {
    let Some(schema) = value.as_object() else {
        cx.structural(
            rule,
            at,
            format!(
                "`outputSchema` must be a JSON Schema object or a component reference, not {}",
                describe(value)
            ),
        );
        return;
    };
    if schema.member("$componentRef").is_some() {
        return;
    }
    let object_only = scope.difference(Fact::AnyOutputSchema.versions());
    if !object_only.is_empty() && schema.member("type") != Some(&Value::from("object")) {
        cx.structural(
            rule,
            at,
            format!(
                "a tool's `outputSchema` must be object-rooted (`\"type\": \"object\"`) for MCP {}: structured content is a JSON object before 2026-07-28; wrap the value in an object, or scope the tool to 2026-07-28 with `protocolVersions`",
                plain(object_only)
            ),
        );
    }
}

fn tool_annotations(cx: &mut Cx, rule: Rule, value: &Value, at: &str) {
    let Some(annotations) = value.as_object() else {
        return not_object(cx, rule, value, at, "`annotations`");
    };
    for (key, value) in annotations {
        let expected = match key.as_str() {
            "title" => JsonType::String,
            "readOnlyHint" | "destructiveHint" | "idempotentHint" | "openWorldHint" => {
                JsonType::Boolean
            }
            _ => continue,
        };
        expect(cx, rule, value, expected, at, key);
    }
}

pub(crate) fn resource_annotations(cx: &mut Cx, rule: Rule, value: &Value, at: &str) {
    let Some(annotations) = value.as_object() else {
        return not_object(cx, rule, value, at, "`annotations`");
    };
    if let Some(audience) = annotations.member("audience") {
        let audience_at = pointer(at, "audience");
        match audience.as_array() {
            None => cx.structural(
                rule,
                &audience_at,
                format!(
                    "`audience` must be an array of roles (\"user\", \"assistant\"), not {}",
                    describe(audience)
                ),
            ),
            Some(roles) => {
                for (i, role) in roles.iter().enumerate() {
                    if !matches!(role.as_str(), Some("user" | "assistant")) {
                        cx.structural(
                            rule,
                            &pointer(&audience_at, i),
                            format!(
                                "{} is not a role; the roles are \"user\" and \"assistant\"",
                                describe(role)
                            ),
                        );
                    }
                }
            }
        }
    }
    if let Some(priority) = annotations.member("priority")
        && !priority.as_f64().is_some_and(|p| (0.0..=1.0).contains(&p))
    {
        cx.structural(
            rule,
            &pointer(at, "priority"),
            format!(
                "`priority` is a number from 0 (least important) to 1 (most important), not {}",
                describe(priority)
            ),
        );
    }
    if let Some(value) = annotations.member("lastModified") {
        expect(cx, rule, value, JsonType::String, at, "lastModified");
    }
}

fn execution(cx: &mut Cx, rule: Rule, value: &Value, at: &str) {
    let Some(execution) = value.as_object() else {
        return not_object(cx, rule, value, at, "`execution`");
    };
    exact_members(cx, rule, execution, at, &["taskSupport"], "`execution`");
    if let Some(support) = execution.member("taskSupport")
        && !matches!(
            support.as_str(),
            Some("forbidden" | "optional" | "required")
        )
    {
        cx.structural(
            rule,
            &pointer(at, "taskSupport"),
            format!(
                "`taskSupport` is \"forbidden\", \"optional\" or \"required\", not {}",
                describe(support)
            ),
        );
    }
}

fn prompt_argument(cx: &mut Cx, rule: Rule, value: &Value, at: &str) {
    let Some(argument) = value.as_object() else {
        return not_object(cx, rule, value, at, "a prompt argument");
    };
    closed_members(
        cx,
        rule,
        argument,
        at,
        &["name", "title", "description", "required"],
        "a prompt argument",
    );
    match argument.member("name") {
        None => cx.structural(rule, at, "a prompt argument needs a `name`"),
        Some(name) => expect(cx, rule, name, JsonType::String, at, "name"),
    }
    for key in ["title", "description"] {
        if let Some(value) = argument.get(key) {
            expect(cx, rule, value, JsonType::String, at, key);
        }
    }
    if let Some(value) = argument.member("required") {
        expect(cx, rule, value, JsonType::Boolean, at, "required");
    }
}

/// A primitive's `_meta`: its shape ([`meta_shape`]), and the keys the protocol reserves used
/// only where the versions in scope define them.
fn meta(cx: &mut Cx, rule: Rule, value: &Value, at: &str, scope: VersionSet) {
    if meta_shape(cx, rule, value, at).is_some() {
        reserved_meta_keys(cx, value, at, scope, MetaContext::Primitive);
    }
}

/// `_meta` (a primitive's, a result's, content's): an object whose keys are an optional
/// reverse-DNS prefix ending in `/` and a name. Returns it when it is an object.
pub(crate) fn meta_shape<'v>(
    cx: &mut Cx,
    rule: Rule,
    value: &'v Value,
    at: &str,
) -> Option<&'v Map<String, Value>> {
    let Some(meta) = value.as_object() else {
        not_object(cx, rule, value, at, "`_meta`");
        return None;
    };
    for key in meta.keys() {
        if !is_meta_key(key) {
            cx.structural(
                rule,
                &pointer(at, key),
                format!(
                    "{key} is not a `_meta` key: a key is an optional prefix of dot-separated labels ending in `/` (`com.example/`) and a name of letters, digits, `.`, `_` and `-` that starts and ends with a letter or digit", key = Shown::quoted(key)
                ),
            );
        }
    }
    Some(meta)
}

/// Whose `_meta` a map of `_meta` keys is, as the protocol places its reserved keys.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum MetaContext {
    /// A tool's, resource's, resource template's or prompt's.
    Primitive,
    /// A result's (a tool result, a resource read's).
    Result,
    /// A content block's or a resource content's.
    Content,
}

impl MetaContext {
    fn whose(self) -> &'static str {
        match self {
            MetaContext::Primitive => "a primitive's",
            MetaContext::Result => "a result's",
            MetaContext::Content => "content's",
        }
    }
}

/// The reserved keys of the `_meta` object at `at` (of `context`), held to where the versions of
/// `scope` place them; keys that are not `_meta` keys are [`meta_shape`]'s.
pub(crate) fn reserved_meta_keys(
    cx: &mut Cx,
    meta: &Value,
    at: &str,
    scope: VersionSet,
    context: MetaContext,
) {
    for (key, value) in meta.as_object().into_iter().flatten() {
        if is_meta_key(key) {
            reserved_meta_key(cx, key, value, &pointer(at, key), scope, context);
        }
    }
}

/// Where the protocol lets a reserved `_meta` key appear.
#[derive(Clone, Copy, PartialEq, Eq)]
enum MetaPlace {
    Request,
    Result,
    Notification,
    Anywhere,
}

/// What a version says of a reserved `_meta` key: where it belongs (a request's, a result's or a
/// notification's `_meta`, or anywhere), whether `value` fits, and what fits (for a message);
/// `None` when the version does not define the key.
fn reserved_meta_rule(
    key: &str,
    value: &Value,
    version: ProtocolVersion,
) -> Option<(MetaPlace, bool, &'static str)> {
    let implementation = |v: &Value| {
        v.get("name").is_some_and(Value::is_string)
            && v.get("version").is_some_and(Value::is_string)
    };
    const IMPLEMENTATION: &str = "an object with a string `name` and `version`";
    const STRING_OR_NUMBER: &str = "a string or a number";
    let has = |fact: Fact| fact.versions().contains(version);
    let v2026 = has(Fact::StatelessMeta);
    Some(match key {
        "progressToken" if has(Fact::ProgressTokenMeta) => (
            MetaPlace::Request,
            value.is_string() || value.is_number(),
            STRING_OR_NUMBER,
        ),
        "io.modelcontextprotocol/related-task" if has(Fact::RelatedTaskMeta) => (
            MetaPlace::Result,
            value.get("taskId").is_some_and(Value::is_string),
            "an object with a string `taskId`",
        ),
        "io.modelcontextprotocol/serverInfo" if v2026 => {
            (MetaPlace::Result, implementation(value), IMPLEMENTATION)
        }
        "io.modelcontextprotocol/protocolVersion" if v2026 => {
            (MetaPlace::Request, value.is_string(), "a string")
        }
        "io.modelcontextprotocol/clientInfo" if v2026 => {
            (MetaPlace::Request, implementation(value), IMPLEMENTATION)
        }
        "io.modelcontextprotocol/clientCapabilities" if v2026 => {
            (MetaPlace::Request, value.is_object(), "an object")
        }
        "io.modelcontextprotocol/logLevel" if v2026 => (
            MetaPlace::Request,
            matches!(
                value.as_str(),
                Some(
                    "debug"
                        | "info"
                        | "notice"
                        | "warning"
                        | "error"
                        | "critical"
                        | "alert"
                        | "emergency"
                )
            ),
            "a log level (\"debug\" to \"emergency\")",
        ),
        "io.modelcontextprotocol/subscriptionId" if v2026 => (
            MetaPlace::Notification,
            value.is_string() || value.is_number(),
            STRING_OR_NUMBER,
        ),
        "traceparent" | "tracestate" | "baggage" if v2026 => (
            MetaPlace::Anywhere,
            value.as_str().is_some_and(|s| !s.is_empty()),
            "a non-empty string",
        ),
        _ => return None,
    })
}

/// Whether a `_meta` key's prefix is one the protocol reserves in `version`: a second label
/// `modelcontextprotocol` or `mcp` (any label before the last in 2025-06-18), in any case.
fn reserved_meta_prefix(key: &str, version: ProtocolVersion) -> bool {
    let Some((prefix, _)) = key.split_once('/') else {
        return false;
    };
    if Fact::SecondLabelMetaPrefix.versions().contains(version) {
        return reserved_prefix(prefix);
    }
    // Every label but the last.
    prefix
        .rsplit_once('.')
        .is_some_and(|(before, _)| before.split('.').any(is_reserved_label))
}

/// A key of the `_meta` of `context`, against every version of the scope from 2025-06-18 on
/// (the legacy versions define no reserved keys): a key the protocol defines only for requests,
/// results or notifications is an error elsewhere, as is a defined key with a value it does not
/// allow; an undefined key under a reserved prefix is a warning.
fn reserved_meta_key(
    cx: &mut Cx,
    key: &str,
    value: &Value,
    at: &str,
    scope: VersionSet,
    context: MetaContext,
) {
    let mut misplaced = (VersionSet::EMPTY, MetaPlace::Anywhere);
    let mut bad_value = (VersionSet::EMPTY, "");
    let mut unknown = VersionSet::EMPTY;
    for version in scope.intersection(Fact::CompleteValidation.versions()) {
        match reserved_meta_rule(key, value, version) {
            Some((place, _, _))
                if place != MetaPlace::Anywhere
                    && !(place == MetaPlace::Result && context == MetaContext::Result) =>
            {
                misplaced = (misplaced.0.with(version), place);
            }
            Some((_, false, fits)) => bad_value = (bad_value.0.with(version), fits),
            Some(_) => {}
            None if reserved_meta_prefix(key, version) => unknown = unknown.with(version),
            None => {}
        }
    }
    let rule = Rule::ReservedMetaKeys;
    if !misplaced.0.is_empty() {
        let place = match misplaced.1 {
            MetaPlace::Request => "a request's",
            MetaPlace::Result => "a result's",
            _ => "a notification's",
        };
        cx.error(
            rule,
            Code::MetaReservedKeyContext,
            at,
            format!(
                "{key} is a `_meta` key MCP {} reserves for {place} `_meta`, not {}: remove it, or rename it under your own prefix (`com.example/...`)",
                plain(misplaced.0), context.whose(), key = Shown::quoted(key)
            ),
        );
    }
    if !bad_value.0.is_empty() {
        cx.error(
            rule,
            Code::MetaReservedKeyValue,
            at,
            format!(
                "{key} is reserved by MCP {} for {}, not {}",
                plain(bad_value.0),
                bad_value.1,
                describe(value),
                key = Shown::quoted(key)
            ),
        );
    }
    if !unknown.is_empty() {
        cx.push(
            rule,
            Code::MetaUnknownReservedKey,
            at,
            format!(
                "{key} is under a prefix MCP {} reserves for itself but does not define; keep it only if MCP defines it in a later version, else move it under your own prefix",
                plain(unknown), key = Shown::quoted(key)
            ),
        );
    }
}

/// Whether `key` is a `_meta` key: `(prefix/)?name`, where the prefix is dot-separated labels
/// (a letter, then letters, digits and inner hyphens) and the name is empty or alphanumeric at
/// both ends with `.`, `_`, `-` inside.
pub(crate) fn is_meta_key(key: &str) -> bool {
    let (prefix, name) = match key.rsplit_once('/') {
        Some((prefix, name)) => (Some(prefix), name),
        None => (None, key),
    };
    let label = |l: &str| {
        let bytes = l.as_bytes();
        matches!(bytes.first(), Some(b) if b.is_ascii_alphabetic())
            && matches!(bytes.last(), Some(b) if b.is_ascii_alphanumeric())
            && bytes
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || *b == b'-')
    };
    let prefix_ok = prefix.is_none_or(|p| p.split('.').all(label));
    let name_bytes = name.as_bytes();
    let name_ok = name.is_empty()
        || (matches!(name_bytes.first(), Some(b) if b.is_ascii_alphanumeric())
            && matches!(name_bytes.last(), Some(b) if b.is_ascii_alphanumeric())
            && name_bytes
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-')));
    prefix_ok && name_ok
}

#[cfg(test)]
mod tests {
    use super::is_meta_key;

    #[test]
    fn meta_keys_follow_the_prefix_and_name_grammar() {
        for key in [
            "progressToken",
            "com.example/trace-id",
            "io.modelcontextprotocol/serverInfo",
            "a",
            "com.example/",
            "x_1.y-2",
        ] {
            assert!(is_meta_key(key), "{key}");
        }
        for key in [
            "bad key",
            "-lead",
            "trail-",
            "1com.example/name",
            "com..example/name",
            "com.example-/name",
            "a/b/c",
            "ü",
        ] {
            assert!(!is_meta_key(key), "{key}");
        }
    }
}
