//! Witnesses: a concrete instance that one schema accepts and the other refuses, found among
//! candidates made from the change and checked against both schemas before it is shown.

use serde_json::{Map, Value, json};

use super::schema::{Event, Found, Role, Step, choices};
use crate::instances::Instances;
use crate::object::Members as _;

/// What shows a break: an instance, or why none is shown.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    tag = "status"
)]
pub enum Witness {
    /// An instance the side that worked accepts and the other refuses, checked against both.
    Shown {
        /// What the instance is.
        of: Instance,
        /// Which description accepts it: the old (a caller or answerer sent it, and the new
        /// refuses it) or the new (the server may now return it, and the old promised
        /// otherwise).
        accepted_by: Side,
        /// The instance.
        value: Value,
    },
    /// No instance is shown, and why.
    Withheld {
        /// Why no instance could be made or checked.
        reason: String,
    },
}

/// What a witness's instance is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub enum Instance {
    /// A tool's or a prompt's arguments.
    Arguments,
    /// The `structuredContent` of a tool's result.
    StructuredContent,
    /// An answer to a form.
    Answer,
}

/// As the JSON report names it: `arguments`, `structuredContent`, `answer`.
impl std::fmt::Display for Instance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Instance::Arguments => "arguments",
            Instance::StructuredContent => "structuredContent",
            Instance::Answer => "answer",
        })
    }
}

/// One of the two descriptions compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The description compared from (the release).
    Old,
    /// The description compared to (the code now).
    New,
}

impl Witness {
    /// The witness in a sentence, naming the two descriptions `old` and `new` (`"the old
    /// description"`, `"the release"`): `an answer the old description accepts and the new
    /// refuses: {...}`, or why none is shown.
    pub fn explain(&self, old: &str, new: &str) -> String {
        match self {
            Witness::Shown {
                of,
                accepted_by,
                value,
            } => {
                let (yes, no) = match accepted_by {
                    Side::Old => (old, new),
                    Side::New => (new, old),
                };
                let what = match of {
                    Instance::Arguments => "arguments",
                    Instance::StructuredContent => "a result's structuredContent",
                    Instance::Answer => "an answer",
                };
                format!("{what} {yes} accepts and {no} refuses: {value}")
            }
            Witness::Withheld { reason } => format!("none shown: {reason}"),
        }
    }
}

/// How many candidates are tried before the search gives up.
const MOST_CANDIDATES: usize = 64;

/// An acceptance check of instances against one schema.
pub(crate) enum Judge {
    #[cfg(feature = "jsonschema")]
    Schema(Box<crate::instances::Compiled>),
    Form(mcpdesc_format::RequestedSchema),
}

impl Judge {
    /// A judge for `schema` in `role`, compiled among `instances`, or why there is none.
    pub(crate) fn new(schema: &Value, role: Role, instances: &Instances) -> Result<Judge, String> {
        if role == Role::Form {
            return mcpdesc_format::diagnostics::parse_requested_schema(schema)
                .map(Judge::Form)
                .map_err(|problems| {
                    let first = problems
                        .first()
                        .map(|d| d.message.clone())
                        .unwrap_or_default();
                    format!("the form does not read as a form ({first})")
                });
        }
        #[cfg(feature = "jsonschema")]
        {
            use crate::validate::tool_schema::dialect_of;
            let Some(dialect) = dialect_of(schema) else {
                return Err("the schema names a dialect this tool cannot check".into());
            };
            instances
                .compile(schema, dialect.draft())
                .map(|v| Judge::Schema(Box::new(v)))
                .map_err(|e| format!("the schema does not compile: {e}"))
        }
        #[cfg(not(feature = "jsonschema"))]
        {
            let _ = (schema, instances);
            Err("this build of mcpdesc-check leaves out its `jsonschema` feature, which checks witnesses against JSON Schemas".into())
        }
    }

    /// Whether the judge accepts `instance`; `Err` with why it could not tell (a pattern past
    /// the limits of `instances`).
    pub(crate) fn accepts(
        &self,
        instances: &mut Instances,
        instance: &Value,
    ) -> Result<bool, String> {
        match self {
            #[cfg(feature = "jsonschema")]
            Judge::Schema(compiled) => instances
                .errors(compiled, instance)
                .map(|errors| errors.is_empty())
                .map_err(|unchecked| unchecked.reason()),
            Judge::Form(form) => {
                let _ = instances;
                Ok(instance
                    .as_object()
                    .is_some_and(|content| form.check_content(content).is_ok()))
            }
        }
    }
}

/// The acceptance checks of one pair of schemas, made once for every witness between them.
pub(crate) struct Judges<'s> {
    old: &'s Value,
    new: &'s Value,
    role: Role,
    judges: Option<Result<(Judge, Judge), String>>,
    /// The smallest instance each side accepts (old, new), which every candidate edits.
    bases: (Option<Value>, Option<Value>),
}

impl<'s> Judges<'s> {
    /// The judges of `old` and `new` in `role`, made when the first witness needs them.
    pub(crate) fn new(old: &'s Value, new: &'s Value, role: Role) -> Self {
        Judges {
            old,
            new,
            role,
            judges: None,
            bases: (None, None),
        }
    }

    /// A witness for `found`: an instance the side that worked accepts and the other refuses.
    /// `old_first`: the old schema is the one that accepts.
    pub(crate) fn witness(
        &mut self,
        found: &Found,
        old_first: bool,
        instances: &mut Instances,
    ) -> Witness {
        let (old, new, role) = (self.old, self.new, self.role);
        let judges = self.judges.get_or_insert_with(|| {
            Ok((
                Judge::new(old, role, instances)?,
                Judge::new(new, role, instances)?,
            ))
        });
        let (judge_old, judge_new) = match &*judges {
            Ok(judges) => judges,
            Err(reason) => {
                return Witness::Withheld {
                    reason: reason.clone(),
                };
            }
        };
        let (yes, no, accepting, refusing) = if old_first {
            (old, new, judge_old, judge_new)
        } else {
            (new, old, judge_new, judge_old)
        };
        let mut tried = 0usize;
        let slot = if old_first {
            &mut self.bases.0
        } else {
            &mut self.bases.1
        };
        let base = &*slot.get_or_insert_with(|| smallest(yes, role));
        let edits = candidates(found, yes, no);
        for (path, value) in edits {
            tried += 1;
            if tried > MOST_CANDIDATES {
                break;
            }
            let Some(candidate) = with_at(base, yes, &path, value) else {
                continue;
            };
            let told = accepting
                .accepts(instances, &candidate)
                .and_then(|yes| Ok(yes && !refusing.accepts(instances, &candidate)?));
            let shown = match told {
                Ok(shown) => shown,
                Err(reason) => return Witness::Withheld { reason },
            };
            if shown {
                return Witness::Shown {
                    of: role.instance(),
                    accepted_by: if old_first { Side::Old } else { Side::New },
                    value: candidate,
                };
            }
        }
        let (a, b) = if old_first {
            ("old", "new")
        } else {
            ("new", "old")
        };
        Witness::Withheld {
            reason: format!(
                "no {} among the {} tried is accepted by the {a} schema and refused by the {b}; check by hand whether any is",
                role.instance(),
                tried.min(MOST_CANDIDATES)
            ),
        }
    }
}

/// How many witnesses one comparison makes at most; the breaking changes after them say so.
/// Each witness checks instances as large as the schemas, so that without a limit a schema of
/// `n` members changed in every member would cost `n` times `n`.
pub(crate) const MOST_WITNESSES: usize = 100;

/// The schema at `path` inside `schema`.
fn at<'a>(schema: &'a Value, path: &[Step]) -> Option<&'a Value> {
    path.iter().try_fold(schema, |s, step| match step {
        Step::Member(name) => s.member("properties")?.member(name),
        Step::Element => s.member("items"),
    })
}

/// A small instance `schema` accepts, as far as the compared subset tells.
pub(crate) fn sample(schema: &Value, depth: usize) -> Value {
    if depth > 16 {
        return Value::Null;
    }
    if let Some(default) = schema.member("default") {
        return default.clone();
    }
    if let Some(first) = choices(schema).and_then(|c| c.first().copied()) {
        return first.clone();
    }
    let ty = match schema.member("type") {
        Some(Value::String(t)) => t.as_str(),
        Some(Value::Array(ts)) => ts.iter().find_map(Value::as_str).unwrap_or("null"),
        _ if schema.member("properties").is_some() => "object",
        _ if schema.member("items").is_some() => "array",
        _ => "null",
    };
    typed(ty, schema, depth)
}

/// A small instance of type `ty` that `schema`'s bounds accept.
fn typed(ty: &str, schema: &Value, depth: usize) -> Value {
    let number = |key: &str| schema.member(key).and_then(Value::as_f64);
    let count = |key: &str| schema.member(key).and_then(Value::as_u64).unwrap_or(0);
    match ty {
        "object" => {
            let mut members = Map::new();
            let required = schema.member("required").and_then(Value::as_array);
            for name in required.into_iter().flatten().filter_map(Value::as_str) {
                let value = schema
                    .member("properties")
                    .and_then(|p| p.member(name))
                    .map_or(Value::String("a".into()), |s| sample(s, depth + 1));
                members.insert(name.to_owned(), value);
            }
            Value::Object(members)
        }
        "array" => {
            let n = usize::try_from(count("minItems")).unwrap_or(0).min(64);
            array_of(schema.member("items"), n, depth)
        }
        "string" => {
            if let Some(text) = schema
                .member("format")
                .and_then(Value::as_str)
                .and_then(formatted)
            {
                return Value::String(text.into());
            }
            let n = usize::try_from(count("minLength")).unwrap_or(0).min(4096);
            Value::String("a".repeat(n))
        }
        "integer" | "number" => {
            let low =
                number("minimum").or_else(|| number("exclusiveMinimum").map(|m| m.floor() + 1.0));
            let high =
                number("maximum").or_else(|| number("exclusiveMaximum").map(|m| m.ceil() - 1.0));
            let value = match (low, high) {
                (Some(low), _) => low.ceil(),
                (None, Some(high)) => high.floor().min(0.0),
                (None, None) => 0.0,
            };
            whole(value)
        }
        "boolean" => Value::Bool(false),
        _ => Value::Null,
    }
}

/// An array of `n` elements of `items`: distinct choices while there are (a multi-select
/// refuses a choice twice), samples after them. Never more than [`MOST_VALUES`] values in all:
/// arrays of arrays with a `minItems` each would otherwise multiply into an instance too large
/// to make (an array cut short is then refused, and the search goes on or says so).
fn array_of(items: Option<&Value>, n: usize, depth: usize) -> Value {
    let offered = items.and_then(choices).unwrap_or_default();
    let sampled = items.map_or(Value::String("a".into()), |s| sample(s, depth + 1));
    let each = values_in(&sampled).max(1);
    let n = n.min(MOST_VALUES / each);
    Value::Array(
        (0..n)
            .map(|i| {
                offered
                    .get(i)
                    .map_or_else(|| sampled.clone(), |v| (*v).clone())
            })
            .collect(),
    )
}

/// How many values an instance is made of, counted up to [`MOST_VALUES`].
fn values_in(value: &Value) -> usize {
    let mut count = 0usize;
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        count += 1;
        if count >= MOST_VALUES {
            break;
        }
        match v {
            Value::Array(items) => stack.extend(items),
            Value::Object(members) => stack.extend(members.values()),
            _ => {}
        }
    }
    count
}

/// The most values an instance made for a witness holds.
const MOST_VALUES: usize = 10_000;

/// A number as JSON, an integer when it is whole.
pub(crate) fn whole(value: f64) -> Value {
    if value.fract() == 0.0 && value.abs() < 9.0e15 {
        // Whole and within i64, so the cast is exact.
        #[allow(clippy::cast_possible_truncation)]
        return json!(value as i64);
    }
    json!(value)
}

/// A string of `format`: the first of its samples.
fn formatted(format: &str) -> Option<&'static str> {
    format_samples(format).and_then(|samples| samples.first().copied())
}

/// Strings of `format`, each valid. Each of a form's formats is held to its check
/// (`StringFormat::matches`), and every sample to the `jsonschema` crate's check of its format,
/// by the tests below. The witnesses use the first; the generated inputs (`inputs`) all.
pub(crate) fn format_samples(format: &str) -> Option<&'static [&'static str]> {
    Some(match format {
        "email" => &["user@example.com", "a.b-c@example.org", "x@y.io"],
        "uri" => &[
            "https://example.com/",
            "urn:isbn:0451450523",
            "mailto:a@example.com",
        ],
        "uri-reference" => &["https://example.com/a", "/relative/path", "#fragment"],
        "date" => &["2026-01-01", "1999-12-31", "2024-02-29"],
        "date-time" => &["2026-01-01T00:00:00Z", "2024-02-29T23:59:59.5+01:00"],
        "uuid" => &[
            "00000000-0000-4000-8000-000000000000",
            "123e4567-e89b-42d3-a456-426614174000",
        ],
        "hostname" => &["example.com", "a-b.example.org"],
        "ipv4" => &["192.0.2.1", "127.0.0.1"],
        "ipv6" => &["::1", "2001:db8::1"],
        "time" => &["00:00:00Z", "23:59:59+02:00"],
        _ => return None,
    })
}

/// `base` with the value at `path` set to `value` (or removed: `None`), containers on the way
/// made from `schema`'s samples when `base` lacks them.
fn with_at(base: &Value, schema: &Value, path: &[Step], value: Option<Value>) -> Option<Value> {
    let mut out = base.clone();
    let mut here = &mut out;
    let mut sub = Some(schema);
    let Some((last, before)) = path.split_last() else {
        return value;
    };
    for step in before {
        sub = sub.and_then(|s| at(s, std::slice::from_ref(step)));
        here = match step {
            Step::Member(name) => {
                let object = here.as_object_mut()?;
                object
                    .entry(name.clone())
                    .or_insert_with(|| sub.map_or(json!({}), |s| sample(s, 0)))
            }
            Step::Element => {
                let array = here.as_array_mut()?;
                if array.is_empty() {
                    array.push(sub.map_or(json!({}), |s| sample(s, 0)));
                }
                array.first_mut()?
            }
        };
    }
    match (last, value) {
        (Step::Member(name), Some(value)) => {
            here.as_object_mut()?.insert(name.clone(), value);
        }
        (Step::Member(name), None) => {
            here.as_object_mut()?.remove(name);
        }
        (Step::Element, Some(value)) => {
            let array = here.as_array_mut()?;
            match array.first_mut() {
                Some(first) => *first = value,
                None => array.push(value),
            }
        }
        (Step::Element, None) => {
            here.as_array_mut()?.clear();
        }
    }
    Some(out)
}

/// Values of every JSON type, to try where a specific value is not known.
fn palette() -> Vec<Value> {
    vec![
        Value::Null,
        json!(false),
        json!(0),
        json!(-1),
        json!(1),
        json!(0.5),
        json!(-1_000_000_000),
        json!(1_000_000_000),
        json!(""),
        json!("a"),
        json!("%"),
        json!([]),
        json!({}),
    ]
}

/// Candidate instances for `found`, from `yes` (the schema that should accept) and `no`.
/// Candidates are edits of one smallest instance (`base`): a value to place at a path, or the
/// member at the path to remove. Each is made into an instance only when it is tried.
type Edit = (Vec<Step>, Option<Value>);

/// The smallest instance `schema` accepts, as far as the compared subset tells: what every
/// candidate edits (an answer to a form is an object).
fn smallest(schema: &Value, role: Role) -> Value {
    let base = sample(schema, 0);
    if role == Role::Form && !base.is_object() {
        json!({})
    } else {
        base
    }
}

fn candidates(found: &Found, yes: &Value, no: &Value) -> Vec<Edit> {
    let path = &found.path;
    let mut out: Vec<Edit> = Vec::new();
    let member_path = |name: &str| {
        let mut p = path.clone();
        p.push(Step::Member(name.to_owned()));
        p
    };
    let sub_yes = at(yes, path);
    let sub_no = at(no, path);
    let mut values: Vec<Value> = Vec::new();
    match &found.event {
        Event::RequiredAdded(name) | Event::RequiredRemoved(name) => {
            out.push((member_path(name), None));
            return out;
        }
        Event::PropertyRemoved { name, .. } => {
            let p = member_path(name);
            let described = sub_yes
                .and_then(|s| s.member("properties"))
                .and_then(|s| s.member(name));
            if let Some(s) = described {
                out.push((p.clone(), Some(sample(s, 0))));
            }
            for v in palette() {
                out.push((p.clone(), Some(v)));
            }
            return out;
        }
        Event::Closed | Event::Opened => {
            let described = |s: Option<&Value>, n: &str| {
                s.and_then(|s| s.member("properties"))
                    .is_some_and(|p| p.member(n).is_some())
            };
            let name = (0..)
                .map(|i| {
                    if i == 0 {
                        "unexpected".to_owned()
                    } else {
                        format!("unexpected_{i}")
                    }
                })
                .find(|n| !described(sub_yes, n) && !described(sub_no, n))
                .unwrap_or_default();
            for v in [json!("a"), json!(0), json!(true), Value::Null] {
                out.push((member_path(&name), Some(v)));
            }
            return out;
        }
        Event::TypeNarrowed(types) | Event::TypeWidened(types) => {
            for t in types {
                values.push(typed(t, sub_yes.unwrap_or(&Value::Null), 0));
                if t == "number" {
                    values.push(json!(0.5));
                }
            }
        }
        Event::ChoicesRemoved(Some(vs)) | Event::ChoicesAdded(Some(vs)) => {
            values.extend(vs.iter().cloned())
        }
        Event::Bound {
            old, new, keyword, ..
        } => {
            let numbers: Vec<f64> = [old, new]
                .into_iter()
                .flatten()
                .filter_map(Value::as_f64)
                .flat_map(|n| [n, n - 1.0, n + 1.0, n - 0.5, n + 0.5])
                .collect();
            let length = |n: f64| usize::try_from(n as i64).ok().filter(|n| *n <= 4096);
            match *keyword {
                "minLength" | "maxLength" => values.extend(
                    numbers
                        .iter()
                        .filter_map(|n| length(*n))
                        .map(|n| Value::String("a".repeat(n))),
                ),
                "minItems" | "maxItems" | "uniqueItems" => {
                    let items = sub_yes.and_then(|s| s.member("items"));
                    values.extend(
                        numbers
                            .iter()
                            .filter_map(|n| length(*n))
                            .map(|n| array_of(items, n, 0)),
                    );
                    let item = items.map_or(json!("a"), |s| sample(s, 0));
                    values.push(Value::Array(vec![item.clone(), item]));
                }
                "minProperties" | "maxProperties" => {
                    values.extend(numbers.iter().filter_map(|n| length(*n)).map(|n| {
                        let mut object = sub_yes.map_or(Map::new(), |s| {
                            sample(s, 0).as_object().cloned().unwrap_or_default()
                        });
                        for i in 0..n {
                            object.entry(format!("p{i}")).or_insert(json!("a"));
                        }
                        Value::Object(object)
                    }));
                }
                _ => values.extend(numbers.iter().map(|n| whole(*n))),
            }
        }
        Event::FormatAdded(_) | Event::FormatRemoved(_) | Event::FormatChanged(..) => {
            for format in ["email", "uri", "date", "date-time", "uuid"] {
                values.extend(formatted(format).map(Value::from));
            }
            values.extend([json!("%"), json!("a"), json!("2026-13-45")]);
        }
        _ => {}
    }
    values.extend(palette());
    for v in values {
        out.push((path.clone(), Some(v)));
    }
    out
}

#[cfg(test)]
mod tests {
    use mcpdesc_format::schema::StringFormat;

    #[test]
    fn every_form_format_has_a_sample_its_check_accepts() {
        for format in StringFormat::ALL {
            let samples = super::format_samples(format.as_str());
            assert!(
                samples.is_some_and(|all| all.iter().all(|s| format.matches(s))),
                "{}: {samples:?}",
                format.as_str()
            );
        }
    }

    #[cfg(feature = "jsonschema")]
    #[test]
    fn every_sample_is_valid_in_its_format_for_the_jsonschema_crate() {
        let formats = [
            "email",
            "uri",
            "uri-reference",
            "date",
            "date-time",
            "uuid",
            "hostname",
            "ipv4",
            "ipv6",
            "time",
        ];
        for format in formats {
            let schema = serde_json::json!({"type": "string", "format": format});
            let validator = jsonschema::options()
                .should_validate_formats(true)
                .build(&schema)
                .unwrap();
            for sample in super::format_samples(format).unwrap() {
                assert!(
                    validator.is_valid(&serde_json::json!(sample)),
                    "{format}: {sample}"
                );
            }
        }
    }
}
