//! A primitive's examples: tool, prompt, resource and resource template `examples`, prompt and
//! resource template `completionExamples`, and the input and result of a tool's
//! `interactionExamples`.
//!
//! Each example is checked twice over. Its shape is the format's JSON Schema's (errors
//! `schema-validation`, at the example as written: a component's at the component). What it
//! shows is checked against the primitive that shows it, for every version of the primitive's
//! scope (a component used by two primitives is checked for each, at the place that uses it):
//! a completed result of that version, content that version defines, arguments the primitive
//! declares, a URI its template expands to, input its tool's schema accepts.
//!
//! A layer above `references` (it follows `$componentRef`s, which `references` reports) and
//! `metadata` (icons and annotations read as a primitive's are); below the driver only.

mod completion;
mod content;

pub(super) use content::block as content_block;
mod prompt;
mod resource;
mod tool;

use serde_json::{Map, Value};

use super::kind::{self, Kind};
use super::toolbox::{Cx, describe, named_map, plain, pointer};
use super::{Code, Rule};
use crate::JsonType;
use crate::object::Members as _;
use crate::shown::Shown;
use crate::version::{Fact, VersionSet};

/// The component namespace of a kind's examples.
fn namespace(kind: Kind) -> &'static str {
    if kind == kind::TOOL {
        "toolExamples"
    } else if kind == kind::RESOURCE {
        "resourceExamples"
    } else if kind == kind::RESOURCE_TEMPLATE {
        "resourceTemplateExamples"
    } else {
        "promptExamples"
    }
}

/// The rule of a kind's examples.
fn rule(kind: Kind) -> Rule {
    if kind == kind::TOOL {
        Rule::ToolExamples
    } else if kind == kind::PROMPT {
        Rule::PromptExamples
    } else {
        Rule::ResourceExamples
    }
}

/// Checks the examples of the primitive `object` of `kind` at `path`, of scope `scope`.
pub(crate) fn check<'a>(
    cx: &mut Cx<'a>,
    kind: Kind,
    object: &'a Map<String, Value>,
    path: &str,
    scope: VersionSet,
    instances: &mut crate::instances::Instances,
) {
    if let Some(examples) = object.member("examples") {
        let at = pointer(path, "examples");
        let rule = rule(kind);
        if let Some(examples) = named_map(cx, rule, examples, &at, "`examples`") {
            let mut tool = (kind == kind::TOOL).then(|| tool::Tool::new(cx, object, instances));
            let owner = (kind == kind::RESOURCE || kind == kind::RESOURCE_TEMPLATE)
                .then(|| resource::Owner::new(cx, kind, object, path));
            for (name, example) in examples {
                let example_at = pointer(&at, name);
                let target = match example.member("$componentRef") {
                    Some(_) => {
                        reference_shape(cx, rule, example, &example_at);
                        // A reference that leads nowhere is reported by `references`.
                        match super::references::example_target(cx, example, namespace(kind)) {
                            Some(target) => target,
                            None => continue,
                        }
                    }
                    None => {
                        shape(cx, kind, example, &example_at);
                        example
                    }
                };
                let Some(example) = target.as_object() else {
                    continue;
                };
                if let Some(tool) = &mut tool {
                    tool.example(cx, example, &example_at, scope);
                } else if let Some(owner) = &owner {
                    owner.example(cx, example, &example_at, scope);
                } else {
                    prompt::example(cx, object, example, &example_at, scope);
                }
            }
        }
    }
    if let Some(examples) = object.member("completionExamples")
        && (kind == kind::PROMPT || kind == kind::RESOURCE_TEMPLATE)
    {
        completion::check(cx, kind, object, path, examples, scope);
    }
    if kind == kind::TOOL
        && let Some(Value::Object(examples)) = object.member("interactionExamples")
    {
        // Their shape but for input and result, and their steps, are `interactions`'.
        let at = pointer(path, "interactionExamples");
        let mut tool = tool::Tool::new(cx, object, instances);
        for (name, example) in examples {
            let Some(example) = example.as_object() else {
                continue;
            };
            let example_at = pointer(&at, name);
            if let Some(result) = example.member("result").filter(|r| r.is_object()) {
                tool::result_shape(
                    cx,
                    Rule::InteractionExamples,
                    result,
                    &pointer(&example_at, "result"),
                );
            }
            tool.example(cx, example, &example_at, scope);
        }
    }
}

/// Checks the shape of every example in `components` (what they show is checked where they are
/// used).
pub(crate) fn check_components(cx: &mut Cx) {
    let document = cx.document;
    let Some(Value::Object(components)) = document.member("components") else {
        return;
    };
    for kind in kind::KINDS {
        let ns = namespace(kind);
        let Some(Value::Object(map)) = components.member(ns) else {
            continue;
        };
        let ns_at = pointer("/components", ns);
        for (name, example) in map {
            // Not an object, or a reference: `references` reports it.
            if example.is_object() && example.member("$componentRef").is_none() {
                shape(cx, kind, example, &pointer(&ns_at, name));
            } else if example.member("$componentRef").is_some() {
                reference_shape(
                    cx,
                    Rule::ComponentReferences,
                    example,
                    &pointer(&ns_at, name),
                );
            }
        }
    }
}

/// The shape of one example of `kind`, written out (not a reference).
fn shape(cx: &mut Cx, kind: Kind, example: &Value, at: &str) {
    if kind == kind::TOOL {
        tool::shape(cx, example, at);
    } else if kind == kind::PROMPT {
        prompt::shape(cx, example, at);
    } else {
        resource::shape(cx, kind, example, at);
    }
}

/// A `$componentRef` object holds nothing else.
fn reference_shape(cx: &mut Cx, rule: Rule, value: &Value, at: &str) {
    for key in value.as_object().into_iter().flat_map(Map::keys) {
        if key != "$componentRef" {
            cx.structural(
                rule,
                &pointer(at, key),
                format!(
                    "a `$componentRef` object holds only the reference, not {key}: move {key} into the component, or write the example out here",
                    key = Shown::quoted(key)
                ),
            );
        }
    }
}

/// `value` as an object, or a report that `what` must be one.
fn object<'v>(
    cx: &mut Cx,
    rule: Rule,
    value: &'v Value,
    at: &str,
    what: &str,
) -> Option<&'v Map<String, Value>> {
    let object = value.as_object();
    if object.is_none() {
        super::toolbox::not_object(cx, rule, value, at, what);
    }
    object
}

/// Member `key` of `object`, reported when missing (`what` says what it holds).
fn required<'v>(
    cx: &mut Cx,
    rule: Rule,
    object: &'v Map<String, Value>,
    at: &str,
    key: &str,
    owner: &str,
    what: &str,
) -> Option<&'v Value> {
    let value = object.member(key);
    if value.is_none() {
        cx.structural(rule, at, format!("{owner} needs `{key}`: {what}"));
    }
    value
}

/// Reports each member of `object` outside `allowed`: with `x-` extensions allowed or not (the
/// protocol's own objects, such as content, take none).
fn members(
    cx: &mut Cx,
    rule: Rule,
    object: &Map<String, Value>,
    at: &str,
    allowed: &[&str],
    extensions: bool,
    what: &str,
) {
    if extensions {
        super::toolbox::closed_members(cx, rule, object, at, allowed, what);
    } else {
        super::toolbox::exact_members(cx, rule, object, at, allowed, what);
    }
}

/// Reports member `key` of the object at `parent` unless it is of type `expected`.
fn typed(
    cx: &mut Cx,
    rule: Rule,
    object: &Map<String, Value>,
    parent: &str,
    key: &str,
    expected: JsonType,
) {
    if let Some(value) = object.member(key) {
        super::toolbox::expect(cx, rule, value, expected, parent, key);
    }
}

/// Member `key`, when present, is an object of strings (prompt arguments, completion context).
fn strings(cx: &mut Cx, rule: Rule, object: &Map<String, Value>, parent: &str, key: &str) {
    let Some(value) = object.member(key) else {
        return;
    };
    let at = pointer(parent, key);
    let Some(map) = object_of(cx, rule, value, &at, key) else {
        return;
    };
    for (name, value) in map {
        if !value.is_string() {
            cx.structural(
                rule,
                &pointer(&at, name),
                format!(
                    "an argument's value is a string, not {}: write it as text",
                    describe(value)
                ),
            );
        }
    }
}

fn object_of<'v>(
    cx: &mut Cx,
    rule: Rule,
    value: &'v Value,
    at: &str,
    key: &str,
) -> Option<&'v Map<String, Value>> {
    object(cx, rule, value, at, &format!("`{key}`"))
}

/// The members every completed result may carry: `_meta` (keys as `_meta` keys are written) and
/// `resultType`, which is `"complete"`.
fn result_members(cx: &mut Cx, rule: Rule, result: &Map<String, Value>, at: &str) {
    if let Some(meta) = result.member("_meta") {
        super::metadata::meta_shape(cx, rule, meta, &pointer(at, "_meta"));
    }
    if let Some(result_type) = result.member("resultType")
        && result_type.as_str() != Some("complete")
    {
        cx.structural(
            rule,
            &pointer(at, "resultType"),
            format!(
                "an example shows a completed result, whose `resultType` is \"complete\", not {}",
                describe(result_type)
            ),
        );
    }
}

/// The `result` of `example` at `at` (`what`, whose result `holds` something): present, an
/// object (`result_what`), with the members every completed result may carry. Returns it and its
/// pointer.
fn result_object<'v>(
    cx: &mut Cx,
    rule: Rule,
    example: &'v Map<String, Value>,
    at: &str,
    (what, holds, result_what): (&str, &str, &str),
) -> Option<(&'v Map<String, Value>, String)> {
    let result = required(cx, rule, example, at, "result", what, holds)?;
    let result_at = pointer(at, "result");
    let result = object(cx, rule, result, &result_at, result_what)?;
    result_members(cx, rule, result, &result_at);
    Some((result, result_at))
}

/// The codes a kind of example reports a result's problems under.
struct ResultCodes {
    /// A JSON-RPC envelope member in the result.
    envelope: Code,
    /// A member of a result that is not complete.
    incomplete: Code,
    /// A member a version in scope does not define, or lacks one it requires.
    version: Code,
}

/// What every completed result example must be, for every version of `scope`: the result alone
/// (no JSON-RPC envelope), complete (no task or input requests), with `resultType` where the
/// version defines it and `_meta` only where it does.
fn completed_result(
    cx: &mut Cx,
    rule: Rule,
    codes: &ResultCodes,
    result: &Map<String, Value>,
    at: &str,
    scope: VersionSet,
) {
    let out_of_place: [(&[&str], _, &str); 2] = [
        (
            &["jsonrpc", "id", "error"],
            codes.envelope,
            "an example shows the result alone: leave out `{}`, which belongs to the JSON-RPC message around it",
        ),
        (
            &["task", "inputRequests", "requestState"],
            codes.incomplete,
            "an example shows a completed result: `{}` belongs to one that is not complete yet; leave it out, or show the exchange as an interaction example",
        ),
    ];
    for (fields, code, message) in out_of_place {
        for field in fields {
            if result.member(field).is_some() {
                cx.error(
                    rule,
                    code,
                    &pointer(at, field),
                    message.replace("{}", field),
                );
            }
        }
    }
    let with_type = scope.intersection(Fact::ResultType.versions());
    if !with_type.is_empty()
        && result.member("resultType").and_then(Value::as_str) != Some("complete")
    {
        cx.error(
            rule,
            codes.version,
            &pointer(at, "resultType"),
            format!(
                "a completed result of MCP {} says so: write \"resultType\": \"complete\"",
                plain(with_type)
            ),
        );
    }
    unsupported(
        cx,
        rule,
        codes.version,
        result,
        at,
        "resultType",
        scope,
        Fact::ResultType.versions(),
    );
    unsupported(
        cx,
        rule,
        codes.version,
        result,
        at,
        "_meta",
        scope,
        Fact::ResultMeta.versions(),
    );
}

/// Reports member `key` of `object`, when present, for the versions of `scope` outside
/// `defined`, the versions that define it.
#[allow(clippy::too_many_arguments)]
fn unsupported(
    cx: &mut Cx,
    rule: Rule,
    code: Code,
    object: &Map<String, Value>,
    at: &str,
    key: &str,
    scope: VersionSet,
    defined: VersionSet,
) {
    let missing = scope.difference(defined);
    if object.member(key).is_some() && !missing.is_empty() {
        cx.error(
            rule,
            code,
            &pointer(at, key),
            format!(
                "`{key}` is not defined by MCP {}: leave it out, or give the primitive a `protocolVersions` of {} only",
                plain(missing),
                plain(defined)
            ),
        );
    }
}
