//! Component references: `{"$componentRef": "#/components/<namespace>/<name>"}`.

use serde_json::{Map, Value};

use crate::shown::Shown;

use super::followed::{Broken, Followed};
use super::seen::Seen;
use super::toolbox::{Cx, is_name, pointer};
use super::{Code, Rule};
use crate::object::Members as _;

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
        // The first few, and how many more (the message is repeated wherever the reference is
        // entered from).
        const SHOWN: usize = 5;
        let mut siblings = object.keys().filter(|k| *k != "$componentRef");
        let shown: Vec<String> = siblings
            .by_ref()
            .take(SHOWN)
            .map(|k| Shown::quoted(k).to_string())
            .collect();
        let more = match siblings.count() {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        return Some(Err(format!(
            "a component reference has no sibling members, but this one has {}{more}; move them into the component",
            shown.join(", ")
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
            "`$componentRef` {target} is not a component reference; write \"#/components/<namespace>/<name>\" with a namespace among {}",
            NAMESPACES.join(", "), target = Shown::quoted(target)
        )
    }))
}

/// Resolves `value` (inline or a reference into `schemas`) to the schema it stands for, reporting
/// missing targets, wrong namespaces and cycles. `None` when it cannot be resolved.
pub fn resolve_schema<'a>(cx: &mut Cx<'a>, value: &'a Value, path: &str) -> Option<&'a Value> {
    resolve(cx, value, path, "schemas")
}

/// A declaration's `requestedSchema` (`value`, at `path` in `document`) resolved through
/// `$componentRef` as the validator resolves it, or the validator's diagnostics of why it does
/// not resolve: the contract check reads references here, so that it and the validator say the
/// same code at the same pointer.
///
/// # Errors
///
/// The diagnostics of a reference that names no schema, points into another namespace, or runs
/// into a cycle.
pub fn resolve_requested_schema<'a>(
    document: &'a Value,
    value: &'a Value,
    path: &str,
) -> Result<&'a Value, Vec<super::report::Diagnostic>> {
    let mut cx = Cx::new(document);
    match resolve_schema(&mut cx, value, path) {
        Some(resolved) => Ok(resolved),
        None => Err(cx.diagnostics.finish()),
    }
}

/// Follows `value` through component references in `namespace` to what it stands for: the value
/// and the name of the last component reached (`None` when `value` is no reference).
fn follow<'a>(
    cx: &Cx<'a>,
    value: &'a Value,
    namespace: &'static str,
) -> Result<(&'a Value, Option<&'a str>), Broken<'a>> {
    let document = cx.document;
    let mut current = value;
    // The components passed through, in order, and where each was met (a chain can be
    // thousands long).
    let mut visited: Vec<&str> = Vec::new();
    let mut seen: Seen<&str, usize> = Seen::new();
    let end: Followed<'a> = loop {
        let (ns, name) = match as_reference(current) {
            None => match visited.last() {
                Some(&last) => break Ok((current, last)),
                None => return Ok((current, None)),
            },
            Some(Err(message)) => break Err(Broken::Malformed(message.into())),
            Some(Ok(target)) => target,
        };
        let target = current
            .member("$componentRef")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if ns != namespace {
            break Err(Broken::WrongNamespace {
                target,
                namespace: ns,
            });
        }
        if let Some(known) = cx.resolved.get(namespace, name) {
            break known;
        }
        if let Some(&first) = seen.first_or_note(name, visited.len()) {
            // Told from its least name, whichever component the walk entered it by.
            let around = visited.get(first..).unwrap_or_default();
            let least = (0..around.len())
                .min_by_key(|&i| around.get(i))
                .unwrap_or_default();
            let (before, from) = around.split_at_checked(least).unwrap_or_default();
            let start = from.first().copied().unwrap_or(name);
            break Err(Broken::Cycle(
                from.iter().chain(before).copied().chain([start]).collect(),
            ));
        }
        visited.push(name);
        match document
            .member("components")
            .and_then(|c| c.member(ns))
            .and_then(|m| m.member(name))
        {
            Some(next) => current = next,
            None => {
                break Err(Broken::Missing {
                    target,
                    namespace: ns,
                    name,
                });
            }
        }
    };
    // Every component passed through ends the same way.
    cx.resolved.note(namespace, &visited, &end);
    end.map(|(target, last)| (target, Some(last)))
}

/// The schema `value` stands for and the pointer of the component it was reached through, if
/// any; `None` when a reference is broken (which `resolve_schema` reports). Reports nothing.
pub fn schema_target<'a>(cx: &Cx<'a>, value: &'a Value) -> Option<(&'a Value, Option<String>)> {
    let (target, component) = follow(cx, value, "schemas").ok()?;
    Some((
        target,
        component.map(|name| pointer("/components/schemas", name)),
    ))
}

/// The example `value` stands for in `namespace`; `None` when a reference is broken (which
/// `check_components` reports). Reports nothing.
pub fn example_target<'a>(
    cx: &Cx<'a>,
    value: &'a Value,
    namespace: &'static str,
) -> Option<&'a Value> {
    follow(cx, value, namespace).ok().map(|(target, _)| target)
}

fn resolve<'a>(
    cx: &mut Cx<'a>,
    value: &'a Value,
    path: &str,
    namespace: &'static str,
) -> Option<&'a Value> {
    let broken = match follow(cx, value, namespace) {
        Ok((target, _)) => return Some(target),
        Err(broken) => broken,
    };
    let at = pointer(path, "$componentRef");
    match broken {
        Broken::Malformed(message) => cx.structural(Rule::ComponentReferences, path, &*message),
        Broken::WrongNamespace { target, namespace: ns } => cx.error(
            Rule::ComponentReferences,
            Code::WrongNamespace,
            &at,
            format!("{target} points into `components.{ns}`, but this place takes a reference into `components.{namespace}`", target = Shown::quoted(target)),
        ),
        Broken::Cycle(around) => cx.error(
            Rule::ComponentReferences,
            Code::ComponentCycle,
            &at,
            format!(
                "the references run into a loop without reaching a schema ({}); make one of them an inline schema",
                Chain(&around)
            ),
        ),
        Broken::Missing {
            target,
            namespace: ns,
            name,
        } => cx.error(
            Rule::ComponentReferences,
            Code::MissingComponent,
            &at,
            if name.chars().count() <= Shown::WHOLE {
                format!("{target} names no component: add `components.{ns}.{name}`, or fix the name", target = Shown::quoted(target))
            } else {
                // The name is in the reference, shown cut: it is not written out a second time.
                format!("{target} names no component: add one of that name to `components.{ns}`, or fix the name", target = Shown::quoted(target))
            },
        ),
    }
    None
}

/// Checks `components` and every component reference at the places this validator knows.
pub fn check_components(cx: &mut Cx) {
    let document = cx.document;
    if let Some(Value::Object(components)) = document.member("components") {
        for (ns, map) in components {
            let ns_path = pointer("/components", ns);
            if ns.starts_with("x-") {
                continue;
            }
            let Some(&namespace) = NAMESPACES.iter().find(|n| **n == ns.as_str()) else {
                cx.structural(
                    Rule::ComponentReferences,
                    &ns_path,
                    format!(
                        "`{ns}` is not a component namespace; the namespaces are {}",
                        NAMESPACES.join(", ")
                    ),
                );
                continue;
            };
            let Some(map) = map.as_object() else {
                cx.structural(
                    Rule::ComponentReferences,
                    &ns_path,
                    "a component namespace is an object of named components",
                );
                continue;
            };
            if map.is_empty() {
                cx.structural(
                    Rule::ComponentReferences,
                    &ns_path,
                    format!("`components.{ns}` must not be empty when present"),
                );
            }
            for (name, value) in map {
                let path = pointer(&ns_path, name);
                if !is_name(name) {
                    cx.structural(
                        Rule::ComponentReferences,
                        &path,
                        format!(
                            "component name {name} must match ^[A-Za-z0-9._-]+$",
                            name = Shown::quoted(name)
                        ),
                    );
                }
                if value.is_object() {
                    resolve(cx, value, &path, namespace);
                } else {
                    cx.structural(
                        Rule::ComponentReferences,
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
    namespace: &'static str,
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

/// The names of a chain of references in a message: all of a short chain; the first and last
/// three of a long one, and how many between (a chain can be thousands long, and is told at
/// every place that enters it).
struct Chain<'a>(&'a [&'a str]);

impl std::fmt::Display for Chain<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const ENDS: usize = 3;
        let names = self.0;
        let split = names
            .split_at_checked(ENDS)
            .and_then(|(first, rest)| {
                let (middle, last) = rest.split_at_checked(rest.len().checked_sub(ENDS)?)?;
                Some((first, middle, last))
            })
            .filter(|(_, middle, _)| middle.len() > 2);
        let Some((first, middle, last)) = split else {
            return f.write_str(&names.join(" -> "));
        };
        write!(
            f,
            "{} -> ({} more) -> {}",
            first.join(" -> "),
            middle.len(),
            last.join(" -> ")
        )
    }
}
