//! JSON Schema comparison in the direction of data: what an old schema accepts that a new one
//! refuses, and the other way round, over a documented subset of keywords. A keyword outside the
//! subset that changed is reported as changed with its compatibility unknown, never passed over.

use mcpdesc_format::hash::HashSet;
use serde_json::{Map, Value};

use super::rules::{self, Rule};
use crate::object::Members as _;
use crate::validate::toolbox::pointer;

/// What a schema describes, which says which direction of change breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Role {
    /// A tool's `inputSchema`: what callers send. Accepting less breaks.
    Input,
    /// A tool's `outputSchema`: what callers get. Promising less (accepting more) breaks.
    Output,
    /// A declaration's `requestedSchema`: what answering clients send. Accepting less breaks.
    Form,
}

impl Role {
    /// What an instance of the schema is, in a report.
    pub(crate) fn instance(self) -> super::Instance {
        match self {
            Role::Input => super::Instance::Arguments,
            Role::Output => super::Instance::StructuredContent,
            Role::Form => super::Instance::Answer,
        }
    }

    /// Whether a change that makes the schema accept less is the one that breaks.
    fn narrowing_breaks(self) -> bool {
        !matches!(self, Role::Output)
    }
}

/// One step from a schema to a schema inside it, and from an instance to a value inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A member of an object (`properties/NAME`).
    Member(String),
    /// An element of an array (`items`).
    Element,
}

/// Where a value is, as people read it: `labels[].name`.
pub(crate) fn shown_path(path: &[Step]) -> String {
    let mut out = String::new();
    for step in path {
        match step {
            Step::Member(name) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(name);
            }
            Step::Element => out.push_str("[]"),
        }
    }
    out
}

/// The keywords compared by what they mean for data. Any other keyword that differs is a
/// `*-keyword-changed` warning.
pub const COMPARED_KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "additionalProperties",
    "enum",
    "const",
    "oneOf",
    "anyOf",
    "items",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
    "uniqueItems",
    "format",
    "default",
];

/// The keywords that describe and do not constrain: a change is `*-annotation-changed`.
pub const ANNOTATION_KEYWORDS: &[&str] = &[
    "title",
    "description",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
    "$comment",
    "enumNames",
];

const LOWER_BOUNDS: &[&str] = &[
    "minimum",
    "exclusiveMinimum",
    "minLength",
    "minItems",
    "minProperties",
];
const UPPER_BOUNDS: &[&str] = &[
    "maximum",
    "exclusiveMaximum",
    "maxLength",
    "maxItems",
    "maxProperties",
];

const ALL_TYPES: &[&str] = &[
    "null", "boolean", "object", "array", "number", "string", "integer",
];

/// A difference between two schemas, in the terms of the subset.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Event {
    RequiredAdded(String),
    RequiredRemoved(String),
    PropertyAdded(String),
    /// A property no longer described; `closed`: the new schema refuses it.
    PropertyRemoved {
        name: String,
        closed: bool,
    },
    TypeNarrowed(Vec<String>),
    TypeWidened(Vec<String>),
    /// Values no longer among the choices (or every value but the new choices: `None`).
    ChoicesRemoved(Option<Vec<Value>>),
    /// Values newly among the choices (or any value: `None`, the choices lifted).
    ChoicesAdded(Option<Vec<Value>>),
    Bound {
        keyword: &'static str,
        old: Option<Value>,
        new: Option<Value>,
        tightened: bool,
    },
    FormatAdded(String),
    FormatRemoved(String),
    FormatChanged(String, String),
    Closed,
    Opened,
    DefaultChanged,
    KeywordChanged(String),
    AnnotationChanged(String),
}

/// Whether an event makes the schema accept less (`Some(true)`), more (`Some(false)`), both
/// (a format exchanged: `None` with [`Event::FormatChanged`]), or neither.
fn narrows(event: &Event) -> Option<bool> {
    match event {
        Event::RequiredAdded(_)
        | Event::TypeNarrowed(_)
        | Event::ChoicesRemoved(_)
        | Event::FormatAdded(_)
        | Event::Closed => Some(true),
        Event::PropertyRemoved { closed, .. } => Some(*closed),
        Event::Bound { tightened, .. } => Some(*tightened),
        Event::RequiredRemoved(_)
        | Event::TypeWidened(_)
        | Event::ChoicesAdded(_)
        | Event::FormatRemoved(_)
        | Event::Opened => Some(false),
        _ => None,
    }
}

/// A difference found at `path` (inside the instance), at `old_at` and `new_at` (pointers
/// relative to each schema).
#[derive(Clone, Debug)]
pub(crate) struct Found {
    pub event: Event,
    pub path: Vec<Step>,
    pub old_at: String,
    pub new_at: String,
}

impl Found {
    /// The rule this difference falls under in a schema of `role`: one row per kind of
    /// difference, its rule as an input, an output and a form.
    pub(crate) fn rule(&self, role: Role) -> &'static Rule {
        use Event as E;
        use rules as r;
        let [input, output, form]: [&'static Rule; 3] = match &self.event {
            E::RequiredAdded(_) => [
                &r::INPUT_REQUIRED_ADDED,
                &r::OUTPUT_REQUIRED_ADDED,
                &r::FORM_REQUIRED_ADDED,
            ],
            E::RequiredRemoved(_) => [
                &r::INPUT_REQUIRED_REMOVED,
                &r::OUTPUT_REQUIRED_REMOVED,
                &r::FORM_REQUIRED_REMOVED,
            ],
            E::PropertyAdded(_) => [
                &r::INPUT_PROPERTY_ADDED,
                &r::OUTPUT_PROPERTY_ADDED,
                &r::FORM_PROPERTY_ADDED,
            ],
            // Refused by the new schema: an input accepts less, an output promises more.
            E::PropertyRemoved { closed: true, .. } => [
                &r::INPUT_PROPERTY_REMOVED,
                &r::OUTPUT_PROPERTY_FORBIDDEN,
                &r::FORM_PROPERTY_REMOVED,
            ],
            // No longer described, and still accepted: an output promises less.
            E::PropertyRemoved { .. } => [
                &r::INPUT_PROPERTY_IGNORED,
                &r::OUTPUT_PROPERTY_REMOVED,
                &r::FORM_PROPERTY_REMOVED,
            ],
            E::TypeNarrowed(_) => [
                &r::INPUT_TYPE_NARROWED,
                &r::OUTPUT_TYPE_NARROWED,
                &r::FORM_TYPE_NARROWED,
            ],
            E::TypeWidened(_) => [
                &r::INPUT_TYPE_WIDENED,
                &r::OUTPUT_TYPE_WIDENED,
                &r::FORM_TYPE_WIDENED,
            ],
            E::ChoicesRemoved(_) => [
                &r::INPUT_CHOICE_REMOVED,
                &r::OUTPUT_CHOICE_REMOVED,
                &r::FORM_CHOICE_REMOVED,
            ],
            E::ChoicesAdded(_) => [
                &r::INPUT_CHOICE_ADDED,
                &r::OUTPUT_CHOICE_ADDED,
                &r::FORM_CHOICE_ADDED,
            ],
            E::Bound {
                tightened: true, ..
            } => [
                &r::INPUT_BOUND_TIGHTENED,
                &r::OUTPUT_BOUND_TIGHTENED,
                &r::FORM_BOUND_TIGHTENED,
            ],
            E::Bound { .. } => [
                &r::INPUT_BOUND_LOOSENED,
                &r::OUTPUT_BOUND_LOOSENED,
                &r::FORM_BOUND_LOOSENED,
            ],
            E::FormatAdded(_) => [
                &r::INPUT_FORMAT_ADDED,
                &r::OUTPUT_FORMAT_ADDED,
                &r::FORM_FORMAT_ADDED,
            ],
            E::FormatRemoved(_) => [
                &r::INPUT_FORMAT_REMOVED,
                &r::OUTPUT_FORMAT_REMOVED,
                &r::FORM_FORMAT_REMOVED,
            ],
            E::FormatChanged(..) => [
                &r::INPUT_FORMAT_CHANGED,
                &r::OUTPUT_FORMAT_CHANGED,
                &r::FORM_FORMAT_CHANGED,
            ],
            // A form's vocabulary has no `additionalProperties`: a change to it is outside the
            // compared subset.
            E::Closed => [
                &r::INPUT_CLOSED,
                &r::OUTPUT_CLOSED,
                &r::FORM_KEYWORD_CHANGED,
            ],
            E::Opened => [
                &r::INPUT_OPENED,
                &r::OUTPUT_OPENED,
                &r::FORM_KEYWORD_CHANGED,
            ],
            E::DefaultChanged => [
                &r::INPUT_DEFAULT_CHANGED,
                &r::OUTPUT_DEFAULT_CHANGED,
                &r::FORM_DEFAULT_CHANGED,
            ],
            E::KeywordChanged(_) => [
                &r::INPUT_KEYWORD_CHANGED,
                &r::OUTPUT_KEYWORD_CHANGED,
                &r::FORM_KEYWORD_CHANGED,
            ],
            E::AnnotationChanged(_) => [
                &r::INPUT_ANNOTATION_CHANGED,
                &r::OUTPUT_ANNOTATION_CHANGED,
                &r::FORM_ANNOTATION_CHANGED,
            ],
        };
        match role {
            Role::Input => input,
            Role::Output => output,
            Role::Form => form,
        }
    }

    /// Whether a witness shows this break with an instance the old schema accepts and the new
    /// refuses (`Some(true)`), the new accepts and the old refuses (`Some(false)`); `None` when
    /// the change is not one a witness shows.
    pub(crate) fn witness_direction(&self, role: Role) -> Option<bool> {
        if self.rule(role).class != rules::Class::Breaking {
            return None;
        }
        match narrows(&self.event) {
            Some(narrowing) => Some(narrowing),
            None if matches!(self.event, Event::FormatChanged(..)) => Some(role.narrowing_breaks()),
            None => None,
        }
    }

    /// What changed, in a sentence about the value at the path.
    pub(crate) fn detail(&self) -> String {
        let at = shown_path(&self.path);
        let of = if at.is_empty() {
            String::new()
        } else {
            format!("`{at}`: ")
        };
        let member = |name: &str| {
            let whole = if at.is_empty() {
                name.to_owned()
            } else {
                format!("{at}.{name}")
            };
            format!("`{whole}`")
        };
        match &self.event {
            Event::RequiredAdded(name) => format!("{} is now required", member(name)),
            Event::RequiredRemoved(name) => format!("{} is no longer required", member(name)),
            Event::PropertyAdded(name) => format!("{} is new (optional)", member(name)),
            Event::PropertyRemoved { name, closed: true } => {
                format!(
                    "{} is no longer described, and is now refused",
                    member(name)
                )
            }
            Event::PropertyRemoved { name, .. } => {
                format!("{} is no longer described", member(name))
            }
            Event::TypeNarrowed(types) => format!("{of}no longer accepts {}", list(types)),
            Event::TypeWidened(types) => format!("{of}now accepts {}", list(types)),
            Event::ChoicesRemoved(Some(values)) => {
                format!("{of}no longer offers {}", values_list(values))
            }
            Event::ChoicesRemoved(None) => format!("{of}is now restricted to a list of values"),
            Event::ChoicesAdded(Some(values)) => format!("{of}now offers {}", values_list(values)),
            Event::ChoicesAdded(None) => format!("{of}is no longer restricted to a list of values"),
            Event::Bound {
                keyword, old, new, ..
            } => format!(
                "{of}`{keyword}` {} → {}",
                shown_or_none(old.as_ref()),
                shown_or_none(new.as_ref())
            ),
            Event::FormatAdded(format) => format!("{of}now has the format `{format}`"),
            Event::FormatRemoved(format) => format!("{of}no longer has the format `{format}`"),
            Event::FormatChanged(old, new) => format!("{of}format `{old}` → `{new}`"),
            Event::Closed => format!("{of}no longer accepts members it does not describe"),
            Event::Opened => format!("{of}now accepts members it does not describe"),
            Event::DefaultChanged => format!("{of}`default` changed"),
            Event::KeywordChanged(keyword) => {
                format!("{of}`{keyword}` changed, compatibility unknown")
            }
            Event::AnnotationChanged(keyword) => format!("{of}`{keyword}` changed"),
        }
    }
}

fn list(types: &[String]) -> String {
    let quoted: Vec<String> = types.iter().map(|t| format!("`{t}`")).collect();
    quoted.join(", ")
}

fn values_list(values: &[Value]) -> String {
    let shown: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    shown.join(", ")
}

fn shown_or_none(value: Option<&Value>) -> String {
    value.map_or_else(|| "none".to_owned(), ToString::to_string)
}

/// The values a schema restricts its instances to, when it does: `enum`, `const`, or a
/// `oneOf`/`anyOf` whose every branch is a `const` (titled choices).
pub(crate) fn choices(schema: &Value) -> Option<Vec<&Value>> {
    if let Some(Value::Array(values)) = schema.member("enum") {
        return Some(values.iter().collect());
    }
    if let Some(value) = schema.member("const") {
        return Some(vec![value]);
    }
    ["oneOf", "anyOf"]
        .into_iter()
        .find_map(|keyword| const_branches(schema.member(keyword)?))
}

/// The constants of branches that are each a `const`, or `None`.
fn const_branches(branches: &Value) -> Option<Vec<&Value>> {
    let branches = branches.as_array()?;
    if branches.is_empty() {
        return None;
    }
    branches.iter().map(|b| b.member("const")).collect()
}

/// The types a schema allows: `None` for every type.
fn types(schema: &Value) -> Option<Vec<&str>> {
    match schema.member("type")? {
        Value::String(t) => Some(vec![t.as_str()]),
        Value::Array(ts) => Some(ts.iter().filter_map(Value::as_str).collect()),
        _ => None,
    }
}

/// Whether an instance of type `t` is of one of `allowed`.
fn covered(t: &str, allowed: Option<&[&str]>) -> bool {
    allowed.is_none_or(|allowed| {
        allowed.contains(&t) || (t == "integer" && allowed.contains(&"number"))
    })
}

/// The types of `a` that `b` does not allow.
fn lost(a: Option<&[&str]>, b: Option<&[&str]>) -> Vec<String> {
    let from: Vec<&str> = a.map_or_else(|| ALL_TYPES.to_vec(), <[&str]>::to_vec);
    from.into_iter()
        .filter(|t| !covered(t, b))
        // `number` lost where `integer` is kept is still `number`'s fractions lost.
        .map(str::to_owned)
        .collect()
}

/// How a schema treats members it does not describe.
enum Extra {
    Open,
    Closed,
    Schema,
}

fn extra(schema: &Value) -> Extra {
    match schema.member("additionalProperties") {
        None | Some(Value::Bool(true)) => Extra::Open,
        Some(Value::Bool(false)) => Extra::Closed,
        Some(_) => Extra::Schema,
    }
}

fn required(schema: &Value) -> Vec<&str> {
    schema
        .member("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

fn properties(schema: &Value) -> Option<&Map<String, Value>> {
    schema.member("properties").and_then(Value::as_object)
}

/// Two values equal as JSON: numbers by value (`1` and `1.0` are one number, as in JSON Schema).
pub(crate) fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_f64(), y.as_f64()) {
            (Some(x), Some(y)) => x == y,
            _ => x == y,
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

fn same_opt(a: Option<&Value>, b: Option<&Value>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => same(a, b),
        (None, None) => true,
        _ => false,
    }
}

/// How deep into a schema's members and elements the comparison goes; a difference below is
/// reported where it begins, as changed with its compatibility unknown.
const MAX_DEPTH: usize = 64;

/// Every difference between schemas `a` (old) and `b` (new), at `path` in the instance and
/// `a_at`/`b_at` in each schema.
pub(crate) fn compare(
    a: &Value,
    b: &Value,
    path: &mut Vec<Step>,
    a_at: &str,
    b_at: &str,
    out: &mut Vec<Found>,
) {
    if same(a, b) {
        return;
    }
    if path.len() > MAX_DEPTH {
        let detail = format!("a schema nested deeper than {MAX_DEPTH} levels");
        push(
            out,
            Event::KeywordChanged(detail),
            a_at.into(),
            b_at.into(),
            path,
        );
        return;
    }
    let (Some(ao), Some(bo)) = (a.as_object(), b.as_object()) else {
        // A boolean schema, or a value that is no schema: compared whole.
        push(
            out,
            Event::KeywordChanged("the schema".into()),
            a_at.into(),
            b_at.into(),
            path,
        );
        return;
    };
    let at = |base: &str, key: &str, present: bool| {
        if present {
            pointer(base, key)
        } else {
            base.to_owned()
        }
    };
    let here = |key: &str| {
        (
            at(a_at, key, ao.contains_key(key)),
            at(b_at, key, bo.contains_key(key)),
        )
    };

    // Types.
    let (ta, tb) = (types(a), types(b));
    if ta != tb {
        let narrowed = lost(ta.as_deref(), tb.as_deref());
        let widened = lost(tb.as_deref(), ta.as_deref());
        let (x, y) = here("type");
        if !narrowed.is_empty() {
            push(
                out,
                Event::TypeNarrowed(narrowed),
                x.clone(),
                y.clone(),
                path,
            );
        }
        if !widened.is_empty() {
            push(out, Event::TypeWidened(widened), x, y, path);
        }
    }

    // Choices.
    let (ca, cb) = (choices(a), choices(b));
    let choice_key = |o: &Map<String, Value>| {
        ["enum", "const", "oneOf", "anyOf"]
            .into_iter()
            .find(|k| o.contains_key(*k))
            .unwrap_or("enum")
    };
    let (x, y) = (
        at(a_at, choice_key(ao), ca.is_some()),
        at(b_at, choice_key(bo), cb.is_some()),
    );
    match (&ca, &cb) {
        (Some(ca), Some(cb)) => {
            // Compared as canonical JSON (numbers by value), each looked up once.
            let canonical = |vs: &[&Value]| -> HashSet<String> {
                vs.iter()
                    .map(|v| mcpdesc_format::json::canonical(v))
                    .collect()
            };
            let (in_a, in_b) = (canonical(ca), canonical(cb));
            let removed: Vec<Value> = ca
                .iter()
                .filter(|v| !in_b.contains(&mcpdesc_format::json::canonical(v)))
                .map(|v| (*v).clone())
                .collect();
            let added: Vec<Value> = cb
                .iter()
                .filter(|v| !in_a.contains(&mcpdesc_format::json::canonical(v)))
                .map(|v| (*v).clone())
                .collect();
            if !removed.is_empty() {
                push(
                    out,
                    Event::ChoicesRemoved(Some(removed)),
                    x.clone(),
                    y.clone(),
                    path,
                );
            }
            if !added.is_empty() {
                push(out, Event::ChoicesAdded(Some(added)), x, y, path);
            }
        }
        (None, Some(_)) => push(out, Event::ChoicesRemoved(None), x, y, path),
        (Some(_), None) => push(out, Event::ChoicesAdded(None), x, y, path),
        (None, None) => {}
    }
    // `oneOf`/`anyOf` that are not choices are outside the subset.
    for keyword in ["oneOf", "anyOf"] {
        let (va, vb) = (ao.get(keyword), bo.get(keyword));
        let choice = |v: Option<&Value>| v.is_none_or(|v| const_branches(v).is_some());
        if !(same_opt(va, vb) || choice(va) && choice(vb)) {
            let (x, y) = here(keyword);
            push(out, Event::KeywordChanged(keyword.into()), x, y, path);
        }
    }

    // Bounds.
    for (keyword, lower) in LOWER_BOUNDS
        .iter()
        .map(|k| (*k, true))
        .chain(UPPER_BOUNDS.iter().map(|k| (*k, false)))
    {
        let (va, vb) = (ao.get(keyword), bo.get(keyword));
        if same_opt(va, vb) {
            continue;
        }
        let (x, y) = here(keyword);
        let number = |v: Option<&Value>| v.map(|v| v.as_f64().ok_or(()));
        let tightened = match (number(va), number(vb)) {
            (None, Some(Ok(_))) => Some(true),
            (Some(Ok(_)), None) => Some(false),
            (Some(Ok(p)), Some(Ok(q))) => Some(if lower { q > p } else { q < p }),
            _ => None,
        };
        match tightened {
            Some(tightened) => push(
                out,
                Event::Bound {
                    keyword,
                    old: va.cloned(),
                    new: vb.cloned(),
                    tightened,
                },
                x,
                y,
                path,
            ),
            // A draft-04 boolean `exclusiveMinimum`, or no number.
            None => push(out, Event::KeywordChanged(keyword.into()), x, y, path),
        }
    }
    let unique = |o: &Map<String, Value>| {
        o.get("uniqueItems")
            .and_then(Value::as_bool)
            .unwrap_or(false)
    };
    if unique(ao) != unique(bo) {
        let (x, y) = here("uniqueItems");
        push(
            out,
            Event::Bound {
                keyword: "uniqueItems",
                old: ao.get("uniqueItems").cloned(),
                new: bo.get("uniqueItems").cloned(),
                tightened: unique(bo),
            },
            x,
            y,
            path,
        );
    } else if !same_opt(ao.get("uniqueItems"), bo.get("uniqueItems"))
        && (ao.get("uniqueItems").is_some_and(|v| !v.is_boolean())
            || bo.get("uniqueItems").is_some_and(|v| !v.is_boolean()))
    {
        let (x, y) = here("uniqueItems");
        push(out, Event::KeywordChanged("uniqueItems".into()), x, y, path);
    }

    // Format.
    let format =
        |o: &Map<String, Value>| o.get("format").and_then(Value::as_str).map(str::to_owned);
    let (fa, fb) = (format(ao), format(bo));
    if fa != fb {
        let (x, y) = here("format");
        let event = match (fa, fb) {
            (None, Some(f)) => Event::FormatAdded(f),
            (Some(f), None) => Event::FormatRemoved(f),
            (Some(p), Some(q)) => Event::FormatChanged(p, q),
            (None, None) => Event::KeywordChanged("format".into()),
        };
        push(out, event, x, y, path);
    } else if !same_opt(ao.get("format"), bo.get("format")) {
        let (x, y) = here("format");
        push(out, Event::KeywordChanged("format".into()), x, y, path);
    }

    // Default.
    if !same_opt(ao.get("default"), bo.get("default")) {
        let (x, y) = here("default");
        push(out, Event::DefaultChanged, x, y, path);
    }

    // Members: required, described, extra.
    let (ra, rb) = (required(a), required(b));
    let (ra, rb): (HashSet<&str>, HashSet<&str>) =
        (ra.into_iter().collect(), rb.into_iter().collect());
    for name in required(b).into_iter().filter(|n| !ra.contains(n)) {
        let (x, y) = here("required");
        push(out, Event::RequiredAdded(name.to_owned()), x, y, path);
    }
    for name in required(a).into_iter().filter(|n| !rb.contains(n)) {
        let (x, y) = here("required");
        push(out, Event::RequiredRemoved(name.to_owned()), x, y, path);
    }
    let empty = Map::new();
    let (pa, pb) = (
        properties(a).unwrap_or(&empty),
        properties(b).unwrap_or(&empty),
    );
    let a_props = at(a_at, "properties", properties(a).is_some());
    let b_props = at(b_at, "properties", properties(b).is_some());
    let closed_b = matches!(extra(b), Extra::Closed);
    for (name, sa) in pa {
        match pb.get(name) {
            Some(sb) => {
                path.push(Step::Member(name.clone()));
                compare(
                    sa,
                    sb,
                    path,
                    &pointer(&a_props, name),
                    &pointer(&b_props, name),
                    out,
                );
                path.pop();
            }
            None => {
                // A required member dropped is reported as no longer required; described
                // no more on top of that only when the new schema refuses it.
                if ra.contains(&name.as_str()) && !rb.contains(&name.as_str()) && !closed_b {
                    continue;
                }
                out.push(Found {
                    event: Event::PropertyRemoved {
                        name: name.clone(),
                        closed: closed_b,
                    },
                    path: path.clone(),
                    old_at: pointer(&a_props, name),
                    new_at: b_props.clone(),
                });
            }
        }
    }
    for name in pb.keys().filter(|n| !pa.contains_key(*n)) {
        if rb.contains(&name.as_str()) && !ra.contains(&name.as_str()) {
            continue;
        }
        out.push(Found {
            event: Event::PropertyAdded(name.clone()),
            path: path.clone(),
            old_at: a_props.clone(),
            new_at: pointer(&b_props, name),
        });
    }
    match (extra(a), extra(b)) {
        (Extra::Open, Extra::Closed) => {
            let (x, y) = here("additionalProperties");
            push(out, Event::Closed, x, y, path);
        }
        (Extra::Closed, Extra::Open) => {
            let (x, y) = here("additionalProperties");
            push(out, Event::Opened, x, y, path);
        }
        _ if !same_opt(
            ao.get("additionalProperties"),
            bo.get("additionalProperties"),
        ) && (ao.get("additionalProperties").is_some_and(Value::is_object)
            || bo.get("additionalProperties").is_some_and(Value::is_object)) =>
        {
            let (x, y) = here("additionalProperties");
            push(
                out,
                Event::KeywordChanged("additionalProperties".into()),
                x,
                y,
                path,
            );
        }
        _ => {}
    }

    // Elements.
    match (ao.get("items"), bo.get("items")) {
        (Some(ia @ Value::Object(_)), Some(ib @ Value::Object(_))) => {
            path.push(Step::Element);
            compare(
                ia,
                ib,
                path,
                &pointer(a_at, "items"),
                &pointer(b_at, "items"),
                out,
            );
            path.pop();
        }
        (ia, ib) if !same_opt(ia, ib) => {
            let (x, y) = here("items");
            out.push(Found {
                event: Event::KeywordChanged("items".into()),
                path: path.clone(),
                old_at: x,
                new_at: y,
            });
        }
        _ => {}
    }

    // Everything else: annotations, and keywords outside the subset.
    let mut keys: Vec<&String> = ao.keys().collect();
    keys.extend(bo.keys().filter(|k| !ao.contains_key(*k)));
    for key in keys {
        if COMPARED_KEYWORDS.contains(&key.as_str()) {
            continue;
        }
        if same_opt(ao.get(key), bo.get(key)) {
            continue;
        }
        let (x, y) = here(key);
        let event = if ANNOTATION_KEYWORDS.contains(&key.as_str()) || key.starts_with("x-") {
            Event::AnnotationChanged(key.clone())
        } else {
            Event::KeywordChanged(key.clone())
        };
        out.push(Found {
            event,
            path: path.clone(),
            old_at: x,
            new_at: y,
        });
    }
}

fn push(out: &mut Vec<Found>, event: Event, old_at: String, new_at: String, path: &[Step]) {
    out.push(Found {
        event,
        path: path.to_vec(),
        old_at,
        new_at,
    });
}
