//! Component references: `{"$componentRef": "#/components/<namespace>/<name>"}`.

use serde_json::{Map, Value};

use super::Members as _;
use super::{Cx, codes, is_name, pointer, rules};

const NAMESPACES: &[&str] = &[
    "schemas",
    "toolExamples",
    "resourceExamples",
    "resourceTemplateExamples",
    "promptExamples",
];

/// A reference object's target, when `value` is one: `(namespace, name)`, or `Err` with why the
/// reference is malformed.
fn as_reference(value: &Value) -> Option<Result<(&str, &str), String>> {
    let object = value.as_object()?;
    let target = object.member("$componentRef")?;
    if object.len() > 1 {
        let siblings: Vec<_> = object
            .keys()
            .filter(|k| *k != "$componentRef")
            .map(String::as_str)
            .collect();
        return Some(Err(format!(
            "a component reference has no sibling members, but this one has {}; move them into the component",
            siblings.join(", ")
        )));
    }
    let Some(target) = target.as_str() else {
        return Some(Err(
            "`$componentRef` must be a string such as \"#/components/schemas/Name\"".to_owned(),
        ));
    };
    let parsed = target
        .strip_prefix("#/components/")
        .and_then(|rest| rest.split_once('/'))
        .filter(|(ns, name)| NAMESPACES.contains(ns) && is_name(name));
    Some(parsed.ok_or_else(|| {
        format!(
            "`$componentRef` {target:?} is not a component reference; write \"#/components/<namespace>/<name>\" with a namespace among {}",
            NAMESPACES.join(", ")
        )
    }))
}

/// Resolves `value` (inline or a reference into `schemas`) to the schema it stands for, reporting
/// missing targets, wrong namespaces and cycles. `None` when it cannot be resolved.
pub(crate) fn resolve_schema<'a>(
    cx: &mut Cx<'a>,
    value: &'a Value,
    path: &str,
) -> Option<&'a Value> {
    resolve(cx, value, path, "schemas")
}

/// Where a reference chain went wrong.
enum Broken<'a> {
    /// The reference object itself is malformed.
    Malformed(String),
    /// It points into another namespace (`target` is the reference's text).
    WrongNamespace { target: &'a str, namespace: &'a str },
    /// The chain loops: the names visited, then the one met again.
    Cycle {
        visited: Vec<&'a str>,
        name: &'a str,
    },
    /// It names no component.
    Missing {
        target: &'a str,
        namespace: &'a str,
        name: &'a str,
    },
}

/// Follows `value` through component references in `namespace` to what it stands for: the value
/// and the name of the last component reached (`None` when `value` is no reference).
fn follow<'a>(
    document: &'a Value,
    value: &'a Value,
    namespace: &str,
) -> Result<(&'a Value, Option<&'a str>), Broken<'a>> {
    let mut current = value;
    let mut visited: Vec<&str> = Vec::new();
    loop {
        let (ns, name) = match as_reference(current) {
            None => return Ok((current, visited.last().copied())),
            Some(Err(message)) => return Err(Broken::Malformed(message)),
            Some(Ok(target)) => target,
        };
        let target = current
            .member("$componentRef")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if ns != namespace {
            return Err(Broken::WrongNamespace {
                target,
                namespace: ns,
            });
        }
        if visited.contains(&name) {
            return Err(Broken::Cycle { visited, name });
        }
        visited.push(name);
        current = document
            .member("components")
            .and_then(|c| c.member(ns))
            .and_then(|m| m.member(name))
            .ok_or(Broken::Missing {
                target,
                namespace: ns,
                name,
            })?;
    }
}

/// The schema `value` stands for and the pointer of the component it was reached through, if
/// any; `None` when a reference is broken (which `resolve_schema` reports). Reports nothing.
pub(crate) fn schema_target<'a>(
    document: &'a Value,
    value: &'a Value,
) -> Option<(&'a Value, Option<String>)> {
    let (target, component) = follow(document, value, "schemas").ok()?;
    Some((
        target,
        component.map(|name| pointer("/components/schemas", name)),
    ))
}

fn resolve<'a>(
    cx: &mut Cx<'a>,
    value: &'a Value,
    path: &str,
    namespace: &str,
) -> Option<&'a Value> {
    let broken = match follow(cx.document, value, namespace) {
        Ok((target, _)) => return Some(target),
        Err(broken) => broken,
    };
    let at = pointer(path, "$componentRef");
    match broken {
        Broken::Malformed(message) => cx.structural(rules::COMPONENT_REFERENCES, path, message),
        Broken::WrongNamespace { target, namespace: ns } => cx.error(
            rules::COMPONENT_REFERENCES,
            codes::WRONG_NAMESPACE,
            &at,
            format!("{target:?} points into `components.{ns}`, but this place takes a reference into `components.{namespace}`"),
        ),
        Broken::Cycle { visited, name } => cx.error(
            rules::COMPONENT_REFERENCES,
            codes::COMPONENT_CYCLE,
            &at,
            format!(
                "the references {} -> {name} loop without reaching a schema; make one of them an inline schema",
                visited.join(" -> ")
            ),
        ),
        Broken::Missing {
            target,
            namespace: ns,
            name,
        } => cx.error(
            rules::COMPONENT_REFERENCES,
            codes::MISSING_COMPONENT,
            &at,
            format!("{target:?} names no component: add `components.{ns}.{name}`, or fix the name"),
        ),
    }
    None
}

/// Checks `components` and every component reference at the places this validator knows.
pub(crate) fn check_components(cx: &mut Cx) {
    let document = cx.document;
    if let Some(Value::Object(components)) = document.member("components") {
        for (ns, map) in components {
            let ns_path = pointer("/components", ns);
            if ns.starts_with("x-") {
                continue;
            }
            if !NAMESPACES.contains(&ns.as_str()) {
                cx.structural(
                    rules::COMPONENT_REFERENCES,
                    &ns_path,
                    format!(
                        "`{ns}` is not a component namespace; the namespaces are {}",
                        NAMESPACES.join(", ")
                    ),
                );
                continue;
            }
            let Some(map) = map.as_object() else {
                cx.structural(
                    rules::COMPONENT_REFERENCES,
                    &ns_path,
                    "a component namespace is an object of named components",
                );
                continue;
            };
            if map.is_empty() {
                cx.structural(
                    rules::COMPONENT_REFERENCES,
                    &ns_path,
                    format!("`components.{ns}` must not be empty when present"),
                );
            }
            for (name, value) in map {
                let path = pointer(&ns_path, name);
                if !is_name(name) {
                    cx.structural(
                        rules::COMPONENT_REFERENCES,
                        &path,
                        format!("component name {name:?} must match ^[A-Za-z0-9._-]+$"),
                    );
                }
                if value.is_object() {
                    resolve(cx, value, &path, ns);
                } else {
                    cx.structural(
                        rules::COMPONENT_REFERENCES,
                        &path,
                        format!(
                            "a component is an object (in `{ns}`, {}), not {}",
                            if ns == "schemas" {
                                "a JSON Schema object or a `$componentRef`"
                            } else {
                                "an example or a `$componentRef`"
                            },
                            crate::JsonType::of(value).with_article()
                        ),
                    );
                }
            }
        }
    }
    // References from primitives outside elicitations.
    for (collection, examples_ns) in [
        ("tools", "toolExamples"),
        ("resources", "resourceExamples"),
        ("resourceTemplates", "resourceTemplateExamples"),
        ("prompts", "promptExamples"),
    ] {
        let Some(Value::Array(items)) = document.get(collection) else {
            continue;
        };
        for (i, item) in items.iter().enumerate() {
            let Some(object) = item.as_object() else {
                continue;
            };
            // Pointers are written only where there is a reference to follow (and so possibly
            // something to report).
            let path = || pointer(&pointer("", collection), i);
            for key in ["inputSchema", "outputSchema"] {
                if let Some(v) = object.member(key)
                    && as_reference(v).is_some()
                {
                    resolve(cx, v, &pointer(&path(), key), "schemas");
                }
            }
            check_examples(cx, object, path, examples_ns);
        }
    }
}

fn check_examples<'a>(
    cx: &mut Cx<'a>,
    object: &'a Map<String, Value>,
    path: impl Fn() -> String,
    namespace: &str,
) {
    let Some(Value::Object(examples)) = object.member("examples") else {
        return;
    };
    for (name, value) in examples {
        if as_reference(value).is_some() {
            resolve(
                cx,
                value,
                &pointer(&pointer(&path(), "examples"), name),
                namespace,
            );
        }
    }
}
