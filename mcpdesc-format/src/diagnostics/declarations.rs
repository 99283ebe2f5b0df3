//! Elicitation declarations: members, mode rules, names, scopes and the form they ask for.

use serde_json::{Map, Value};

use super::kind::Kind;
use super::seen::Seen;
use super::toolbox::{Cx, closed_members, is_name, nonempty_string, pointer};
use super::{Code, Rule};
use crate::object::Members as _;
use crate::shown::Shown;
use crate::version::{ProtocolVersion, VersionSet};

const MEMBERS: &[&str] = &[
    "name",
    "mode",
    "message",
    "when",
    "requestedSchema",
    "url",
    "onDecline",
    "onCancel",
    "protocolVersions",
];

/// What the interaction-example checks need to know of a declaration.
#[derive(Clone, Copy)]
pub struct Declared<'a> {
    /// The declaration's `name`.
    pub name: &'a str,
    /// Its `mode`: `form` or `url`.
    pub mode: &'a str,
    /// The resolved `requestedSchema` of a form declaration.
    pub schema: Option<&'a Value>,
    /// The `url` of a URL declaration.
    pub url: Option<&'a str>,
}

/// Checks the declarations `primitive` (at `path`, of `kind`, whose versions are
/// `primitive_scope`) carries, and returns what the interaction-example checks need of each.
pub fn check<'a>(
    cx: &mut Cx<'a>,
    kind: Kind,
    primitive: &'a Map<String, Value>,
    path: &str,
    primitive_scope: VersionSet,
) -> Vec<Declared<'a>> {
    let mut out = Vec::new();
    let Some(value) = primitive.member("elicitations") else {
        return out;
    };
    let list_path = pointer(path, "elicitations");
    let Some(items) = value.as_array() else {
        cx.structural(
            kind.rule,
            &list_path,
            "`elicitations` must be an array of declarations",
        );
        return out;
    };
    if items.is_empty() {
        cx.structural(
            kind.rule,
            &list_path,
            "`elicitations` must hold at least one declaration when present: leave it out instead",
        );
    }
    let mut names: Seen<&str, usize> = Seen::new();
    for (i, item) in items.iter().enumerate() {
        let path = pointer(&list_path, i);
        let Some(decl) = item.as_object() else {
            not_an_object(cx, &path);
            continue;
        };
        if let Some(d) = check_one(cx, decl, &path, primitive_scope) {
            unique_name(cx, kind, &mut names, d.name, i, || list_path.clone());
            out.push(d);
        }
    }
    out
}

/// `path` relative to `base` when it points at `base` or inside it (`/a/1/x` is inside `/a/1`,
/// `/a/10` is not).
fn inside<'p>(path: &'p str, base: &str) -> Option<&'p str> {
    let rest = path.strip_prefix(base)?;
    (rest.is_empty() || rest.starts_with('/')).then_some(rest)
}

fn not_an_object(cx: &mut Cx, path: &str) {
    cx.structural(
        Rule::ElicitationMembers,
        path,
        "an elicitation declaration must be an object with `name`, `mode` and `message`",
    );
}

/// Reports the `i`th declaration when an earlier one of the same primitive has its name; else
/// notes the name. The list's pointer is written only for a report.
fn unique_name<'a>(
    cx: &mut Cx,
    kind: Kind,
    names: &mut Seen<&'a str, usize>,
    name: &'a str,
    i: usize,
    list_path: impl Fn() -> String,
) {
    if let Some(first) = names.first_or_note(name, i) {
        let list_path = list_path();
        cx.error(
            Rule::ElicitationNameUnique,
            Code::DuplicateElicitationName,
            &pointer(&pointer(&list_path, i), "name"),
            format!(
                "{} already has a declaration named {name} (at {list_path}/{first}); names are case-sensitive and unique per primitive: rename one",
                kind.what, name = Shown::quoted(name)
            ),
        );
    }
}

/// Declarations given beside a document instead of inside it (see
/// the builder's check of what it wrote).
pub struct Listed<'a> {
    /// The distinct declaration objects.
    pub objects: &'a [Value],
    /// For each kind, in [`KINDS`](super::kind::KINDS) order, and each primitive of that kind in
    /// document order: the indices in `objects` of the declarations it carries, in order.
    pub lists: &'a [Vec<Vec<usize>>; 4],
}

/// What checking one listed declaration object in one primitive scope gave: its diagnostics,
/// relative to the declaration, and what the interaction checks need of it.
#[derive(Default)]
pub struct Memo<'a> {
    checked: crate::hash::HashMap<
        (usize, VersionSet),
        (Vec<super::report::Diagnostic>, Option<Declared<'a>>),
    >,
}

/// [`check`] for the declarations `listed` gives the primitive at `(kind index, index)`: the same
/// diagnostics at the same paths, as if they were the primitive's `elicitations` member. An
/// object checked before in the same primitive scope is not checked again; its diagnostics are
/// repeated at this declaration's path.
pub fn check_listed<'a>(
    cx: &mut Cx<'a>,
    listed: &Listed<'a>,
    memo: &mut Memo<'a>,
    (k, index): (usize, usize),
    kind: Kind,
    path: &str,
    primitive_scope: VersionSet,
) -> Vec<Declared<'a>> {
    let indices = listed
        .lists
        .get(k)
        .and_then(|l| l.get(index))
        .map_or(&[][..], Vec::as_slice);
    let mut out = Vec::with_capacity(indices.len());
    if indices.is_empty() {
        return out;
    }
    // Pointers are written only where something is reported or checked afresh.
    let list_path = || pointer(path, "elicitations");
    let mut names: Seen<&str, usize> = Seen::new();
    for (i, &object) in indices.iter().enumerate() {
        let Some(decl) = listed.objects.get(object).and_then(Value::as_object) else {
            not_an_object(cx, &pointer(&list_path(), i));
            continue;
        };
        let declared = match memo.checked.get(&(object, primitive_scope)) {
            Some((diagnostics, declared)) => {
                if !diagnostics.is_empty() {
                    cx.diagnostics
                        .replay(diagnostics, &pointer(&list_path(), i));
                }
                *declared
            }
            None => {
                let path = pointer(&list_path(), i);
                let before = cx.diagnostics.len();
                let declared = check_one(cx, decl, &path, primitive_scope);
                if let Some(relative) = relative_to(cx.diagnostics.since(before), &path) {
                    memo.checked
                        .insert((object, primitive_scope), (relative, declared));
                }
                declared
            }
        };
        if let Some(d) = declared {
            unique_name(cx, kind, &mut names, d.name, i, list_path);
            out.push(d);
        }
    }
    out
}

fn check_one<'a>(
    cx: &mut Cx<'a>,
    decl: &'a Map<String, Value>,
    path: &str,
    primitive_scope: VersionSet,
) -> Option<Declared<'a>> {
    let rule = Rule::ElicitationMembers;
    closed_members(cx, rule, decl, path, MEMBERS, "an elicitation declaration");
    let name = nonempty_string(
        cx,
        rule,
        decl,
        "name",
        path,
        true,
        "an elicitation declaration",
    );
    if let Some(n) = name
        && !is_name(n)
    {
        cx.structural(
            rule,
            &pointer(path, "name"),
            format!(
                "the name {n} must match ^[A-Za-z0-9._-]+$: use letters, digits, `.`, `_` and `-`",
                n = Shown::quoted(n)
            ),
        );
    }
    nonempty_string(
        cx,
        rule,
        decl,
        "message",
        path,
        true,
        "an elicitation declaration",
    );
    for key in ["when", "onDecline", "onCancel"] {
        nonempty_string(
            cx,
            rule,
            decl,
            key,
            path,
            false,
            "an elicitation declaration",
        );
    }

    let mode = match decl.member("mode") {
        None => {
            cx.structural(
                rule,
                path,
                "an elicitation declaration needs an explicit `mode`: \"form\" or \"url\"",
            );
            None
        }
        Some(Value::String(m)) if m == "form" || m == "url" => Some(m.as_str()),
        Some(other) => {
            cx.structural(
                rule,
                &pointer(path, "mode"),
                format!("`mode` is {other}; it must be \"form\" or \"url\""),
            );
            None
        }
    };

    let scope = cx.scope_within(rule, decl, path, primitive_scope, "this declaration");

    let url = match decl.member("url") {
        Some(Value::String(u)) => {
            if !crate::text::is_absolute_uri(u) {
                cx.structural(
                    rule,
                    &pointer(path, "url"),
                    format!("`url` {u} is not a syntactically valid absolute URI, such as \"https://example.com/connect\"", u = Shown::quoted(u)),
                );
            }
            Some(u.as_str())
        }
        Some(_) => {
            cx.structural(
                rule,
                &pointer(path, "url"),
                "`url` must be a string (a URI)",
            );
            None
        }
        None => None,
    };

    let mut schema = None;
    match mode {
        Some("form") => {
            if decl.contains_key("url") {
                cx.structural(
                    rule,
                    &pointer(path, "url"),
                    "a form-mode declaration must not have a `url`: remove it, or make this a separate declaration with mode \"url\"",
                );
            }
            match decl.member("requestedSchema") {
                None => cx.structural(
                    rule,
                    path,
                    "a form-mode declaration needs a `requestedSchema`: the flat form it asks the user to fill",
                ),
                Some(value) => {
                    let schema_path = pointer(path, "requestedSchema");
                    if let Some(resolved) =
                        super::references::resolve_schema(cx, value, &schema_path)
                    {
                        schema = Some(resolved);
                        check_form(cx, value, resolved, &schema_path, scope);
                    }
                }
            }
            if let Some(listed) = decl.member(crate::members::RUNTIME_CHOICES) {
                runtime_choices(cx, listed, schema, path);
            }
        }
        Some("url") => {
            if decl.contains_key(crate::members::RUNTIME_CHOICES) {
                cx.structural(
                    rule,
                    &pointer(path, crate::members::RUNTIME_CHOICES),
                    "only a form-mode declaration has run-time choices: remove this member",
                );
            }
            if decl.contains_key("requestedSchema") {
                cx.structural(
                    rule,
                    &pointer(path, "requestedSchema"),
                    "a URL-mode declaration must not have a `requestedSchema`: the user answers on the page at the URL",
                );
            }
            let lacking: VersionSet = scope
                .iter()
                .filter(|v| !v.is_legacy() && !v.supports_url_elicitation())
                .collect();
            if !lacking.is_empty() {
                let keep = scope.difference(lacking);
                let advice = if keep.is_empty() {
                    "URL mode needs MCP 2025-11-25 or later: collect this through a form, or describe it only for newer versions".to_owned()
                } else {
                    format!("give the declaration `protocolVersions: {keep}`")
                };
                cx.error(
                    Rule::ElicitationProtocolVersion,
                    Code::ModeNotSupported,
                    &pointer(path, "mode"),
                    format!(
                        "URL-mode elicitation does not exist in MCP {}, which is in this declaration's scope {scope}; {advice}",
                        lacking.iter().map(ProtocolVersion::as_str).collect::<Vec<_>>().join(", ")
                    ),
                );
            }
        }
        _ => {}
    }
    Some(Declared {
        name: name?,
        mode: mode?,
        schema,
        url,
    })
}

/// The `x-mcpdesc-runtime-choices` of a form-mode declaration: distinct names of the form's
/// string or string-array properties (whose choices come at run time).
fn runtime_choices(cx: &mut Cx, listed: &Value, form: Option<&Value>, path: &str) {
    let rule = Rule::ElicitationMembers;
    let at = pointer(path, crate::members::RUNTIME_CHOICES);
    let Some(names) = listed.as_array() else {
        cx.structural(
            rule,
            &at,
            "the run-time choices are listed as an array of the form's property names",
        );
        return;
    };
    let properties = form
        .and_then(|f| f.member("properties"))
        .and_then(Value::as_object);
    let mut seen: Seen<&str, ()> = Seen::new();
    for (i, name) in names.iter().enumerate() {
        let item = pointer(&at, i);
        let Some(name) = name.as_str() else {
            cx.structural(rule, &item, "a run-time choice field is named by a string");
            continue;
        };
        if seen.first_or_note(name, ()).is_some() {
            cx.structural(
                rule,
                &item,
                format!("{name} is listed twice", name = Shown::quoted(name)),
            );
            continue;
        }
        // Only against a form that can be read: one that cannot is reported by itself.
        let Some(properties) = properties else {
            continue;
        };
        let kind = properties
            .get(name)
            .and_then(|p| p.member("type"))
            .and_then(Value::as_str);
        match kind {
            Some("string" | "array") => {}
            Some(other) => cx.structural(
                rule,
                &item,
                format!("{name} is a {other} property; run-time choices are for string and array properties", name = Shown::quoted(name)),
            ),
            None => cx.structural(
                rule,
                &item,
                format!("{name} is not a property of the form", name = Shown::quoted(name)),
            ),
        }
    }
}

/// Checks a declaration's form in its scope. A form shared through `components.schemas` is
/// checked once per scope: its diagnostics are kept (relative to the form) and repeated at every
/// declaration that references it, as if checked there.
fn check_form<'a>(
    cx: &mut Cx<'a>,
    written: &'a Value,
    resolved: &'a Value,
    path: &str,
    scope: VersionSet,
) {
    if std::ptr::eq(written, resolved) {
        super::form_schema::check_in_scope(cx, resolved, path, scope);
        return;
    }
    let key = (std::ptr::from_ref(resolved) as usize, scope);
    if let Some(kept) = cx.checked_forms.get(&key) {
        cx.diagnostics.replay(kept, path);
        return;
    }
    let before = cx.diagnostics.len();
    super::form_schema::check_in_scope(cx, resolved, path, scope);
    if let Some(kept) = relative_to(cx.diagnostics.since(before), path) {
        cx.checked_forms.insert(key, kept);
    }
}

/// `diagnostics` with their paths made relative to `base`, to be repeated elsewhere with
/// `Diagnostics::replay`; `None` when one of them lies outside `base`, so that repeating would
/// not be exact.
fn relative_to(
    diagnostics: &[super::report::Diagnostic],
    base: &str,
) -> Option<Vec<super::report::Diagnostic>> {
    diagnostics
        .iter()
        .map(|d| {
            Some(super::report::Diagnostic {
                path: inside(&d.path, base)?.to_owned(),
                ..d.clone()
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::inside;

    #[test]
    fn a_pointer_is_inside_its_own_base_and_its_members_only() {
        assert_eq!(
            inside("/tools/0/elicitations/1", "/tools/0/elicitations/1"),
            Some("")
        );
        assert_eq!(
            inside("/tools/0/elicitations/1/name", "/tools/0/elicitations/1"),
            Some("/name")
        );
        assert_eq!(
            inside("/tools/0/elicitations/10/name", "/tools/0/elicitations/1"),
            None
        );
        assert_eq!(inside("/tools/1", "/tools/0"), None);
    }
}
