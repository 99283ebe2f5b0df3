//! Valid inputs made from a schema's keywords. What the keywords here do not cover (`not`,
//! `if`, `dependentRequired`, a `pattern` the generator cannot read) the caller's check against
//! the schema filters out.

use proptest::prelude::*;
use proptest::strategy::{BoxedStrategy, Just, Union};
use serde_json::{Map, Value, json};

/// The widest range of integers made where the schema gives no bound.
const INTEGER_SPAN: i64 = 1 << 40;
/// The most elements made beyond an array's `minItems`, and members beyond `required`.
const EXTRA: usize = 4;
/// The most characters made beyond a string's `minLength`.
const EXTRA_CHARS: usize = 24;

/// The characters strings are made of: ASCII letters and digits, punctuation, a space, and
/// characters outside ASCII of two, three and four bytes in UTF-8.
const ALPHABET: &[char] = &[
    'a', 'b', 'z', 'A', 'Z', '0', '7', '9', ' ', '-', '_', '.', '/', '"', '\\', 'é', 'ß', 'ж',
    '漢', '字', '😀',
];

/// A strategy of values `schema` (inside `root`, which `$ref`s resolve in) should accept.
pub(super) fn strategy(schema: &Value, root: &Value, depth: usize) -> BoxedStrategy<Value> {
    let Some(members) = schema.as_object() else {
        // `true`, or anything that is not a schema object: any small value.
        return if schema == &Value::Bool(false) {
            Just(Value::Null).boxed()
        } else {
            any_small().boxed()
        };
    };
    if let Some(value) = members.get("const") {
        return Just(value.clone()).boxed();
    }
    if let Some(Value::Array(values)) = members.get("enum") {
        if values.is_empty() {
            return Just(Value::Null).boxed();
        }
        return proptest::sample::select(values.clone()).boxed();
    }
    if depth == 0 {
        return Just(super::boundary::smallest(schema, root)).boxed();
    }
    if let Some(target) = members
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| resolve(root, r))
    {
        let mut merged = without(members, &["$ref"]);
        merge_into(&mut merged, target);
        return strategy(&Value::Object(merged), root, depth - 1);
    }
    if let Some(Value::Array(all)) = members.get("allOf") {
        let mut merged = without(members, &["allOf"]);
        for part in all {
            merge_into(&mut merged, part);
        }
        return strategy(&Value::Object(merged), root, depth - 1);
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(branches)) = members.get(key)
            && !branches.is_empty()
        {
            let rest = without(members, &[key]);
            let options: Vec<BoxedStrategy<Value>> = branches
                .iter()
                .map(|branch| {
                    let mut merged = rest.clone();
                    merge_into(&mut merged, branch);
                    strategy(&Value::Object(merged), root, depth - 1)
                })
                .collect();
            return Union::new(options).boxed();
        }
    }
    let types = types_of(members);
    let options: Vec<BoxedStrategy<Value>> = types
        .iter()
        .map(|ty| typed(ty, members, root, depth))
        .collect();
    match options.len() {
        0 => any_small().boxed(),
        _ => Union::new(options).boxed(),
    }
}

/// The types a schema's values may have: its `type`, else what its keywords imply.
fn types_of(members: &Map<String, Value>) -> Vec<&'static str> {
    const ALL: [&str; 7] = [
        "object", "array", "string", "integer", "number", "boolean", "null",
    ];
    let named = |name: &str| ALL.iter().copied().find(|t| *t == name);
    match members.get("type") {
        Some(Value::String(t)) => named(t).into_iter().collect(),
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(Value::as_str)
            .filter_map(named)
            .collect(),
        _ => {
            let has = |keys: &[&str]| keys.iter().any(|k| members.contains_key(*k));
            if has(&[
                "properties",
                "required",
                "additionalProperties",
                "patternProperties",
            ]) {
                vec!["object"]
            } else if has(&["items", "prefixItems", "minItems", "maxItems", "contains"]) {
                vec!["array"]
            } else if has(&["minLength", "maxLength", "pattern", "format"]) {
                vec!["string"]
            } else if has(&["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]) {
                vec!["number"]
            } else {
                Vec::new()
            }
        }
    }
}

/// Values of type `ty` within the schema's bounds.
fn typed(
    ty: &str,
    members: &Map<String, Value>,
    root: &Value,
    depth: usize,
) -> BoxedStrategy<Value> {
    match ty {
        "object" => object(members, root, depth),
        "array" => array(members, root, depth),
        "string" => string(members),
        "integer" => integer(members),
        "number" => number(members),
        "boolean" => any::<bool>().prop_map(Value::Bool).boxed(),
        _ => Just(Value::Null).boxed(),
    }
}

fn object(members: &Map<String, Value>, root: &Value, depth: usize) -> BoxedStrategy<Value> {
    let properties = members
        .get("properties")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let required: Vec<String> = members
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_owned)
        .collect();
    let mut parts: Vec<BoxedStrategy<Option<(String, Value)>>> = Vec::new();
    for (name, schema) in &properties {
        let value = strategy(schema, root, depth - 1);
        let name = name.clone();
        if required.contains(&name) {
            parts.push(value.prop_map(move |v| Some((name.clone(), v))).boxed());
        } else {
            parts.push(
                proptest::option::of(value)
                    .prop_map(move |v| v.map(|v| (name.clone(), v)))
                    .boxed(),
            );
        }
    }
    // A required member without a schema of its own: any small value.
    for name in required.iter().filter(|n| !properties.contains_key(*n)) {
        let name = name.clone();
        let value = match members.get("additionalProperties") {
            Some(extra @ Value::Object(_)) => strategy(extra, root, depth - 1),
            _ => any_small().boxed(),
        };
        parts.push(value.prop_map(move |v| Some((name.clone(), v))).boxed());
    }
    // Members beyond `properties`, where the schema lets them stand.
    let extras = match members.get("additionalProperties") {
        Some(Value::Bool(false)) => None,
        _ if members.contains_key("patternProperties")
            || members.contains_key("propertyNames")
            || members.contains_key("unevaluatedProperties") =>
        {
            None
        }
        Some(extra @ Value::Object(_)) => Some(strategy(extra, root, depth - 1)),
        _ => Some(any_small().boxed()),
    };
    let known: Vec<String> = properties.keys().cloned().collect();
    let extras = match extras {
        Some(values) => proptest::collection::vec(("[a-z]{1,8}", values), 0..=2)
            .prop_map(move |pairs| {
                pairs
                    .into_iter()
                    .filter(|(name, _)| !known.contains(name))
                    .collect::<Vec<_>>()
            })
            .boxed(),
        None => Just(Vec::new()).boxed(),
    };
    (parts, extras)
        .prop_map(|(members, extras)| {
            let mut object = Map::new();
            for (name, value) in members.into_iter().flatten() {
                object.insert(name, value);
            }
            for (name, value) in extras {
                object.entry(name).or_insert(value);
            }
            Value::Object(object)
        })
        .boxed()
}

fn array(members: &Map<String, Value>, root: &Value, depth: usize) -> BoxedStrategy<Value> {
    let count = |key: &str| {
        members
            .get(key)
            .and_then(Value::as_u64)
            .and_then(|n| usize::try_from(n).ok())
    };
    let low = count("minItems").unwrap_or(0);
    let high = count("maxItems")
        .unwrap_or(usize::MAX)
        .min(low.saturating_add(EXTRA))
        .max(low);
    let prefix: Vec<BoxedStrategy<Value>> = members
        .get("prefixItems")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|schema| strategy(schema, root, depth - 1))
        .collect();
    let items = match members.get("items") {
        Some(Value::Bool(false)) => None,
        Some(schema) => Some(strategy(schema, root, depth - 1)),
        None => Some(any_small().boxed()),
    };
    let unique = members.get("uniqueItems") == Some(&Value::Bool(true));
    let prefix_len = prefix.len();
    let rest = match items {
        Some(items) => {
            let rest_low = low.saturating_sub(prefix_len);
            let rest_high = high.saturating_sub(prefix_len).max(rest_low);
            proptest::collection::vec(items, rest_low..=rest_high).boxed()
        }
        None => Just(Vec::new()).boxed(),
    };
    (prefix, rest)
        .prop_map(move |(mut head, tail)| {
            head.extend(tail);
            if unique {
                let mut seen = Vec::new();
                head.retain(|v| {
                    let fresh = !seen.contains(v);
                    if fresh {
                        seen.push(v.clone());
                    }
                    fresh
                });
            }
            Value::Array(head)
        })
        .boxed()
}

fn string(members: &Map<String, Value>) -> BoxedStrategy<Value> {
    let count = |key: &str| {
        members
            .get(key)
            .and_then(Value::as_u64)
            .and_then(|n| usize::try_from(n).ok())
    };
    if let Some(format) = members.get("format").and_then(Value::as_str)
        && let Some(samples) = crate::diff::witness::format_samples(format)
    {
        return proptest::sample::select(samples)
            .prop_map(|s| Value::String(s.to_owned()))
            .boxed();
    }
    if let Some(pattern) = members.get("pattern").and_then(Value::as_str)
        && let Some(matching) = matching(pattern)
    {
        return matching.prop_map(Value::String).boxed();
    }
    let low = count("minLength").unwrap_or(0);
    let high = count("maxLength")
        .unwrap_or(usize::MAX)
        .min(low.saturating_add(EXTRA_CHARS))
        .max(low);
    proptest::collection::vec(proptest::sample::select(ALPHABET), low..=high)
        .prop_map(|chars| Value::String(chars.into_iter().collect()))
        .boxed()
}

/// Strings that match `pattern` as a whole: proptest's generator over the pattern as the
/// `regex-syntax` crate reads it, with `^` and `$` at its ends read as the whole string (which
/// also contains a match, what JSON Schema asks). `None` for a pattern it cannot read
/// (lookaround, backreferences, anchors inside it).
fn matching(pattern: &str) -> Option<BoxedStrategy<String>> {
    let inner = pattern.strip_prefix('^').unwrap_or(pattern);
    let inner = inner
        .strip_suffix('$')
        .filter(|rest| !rest.ends_with('\\'))
        .unwrap_or(inner);
    let hir = regex_syntax::ParserBuilder::new()
        .build()
        .parse(&ascii_classes(inner))
        .ok()?;
    proptest::string::string_regex_parsed(&hir)
        .ok()
        .map(|strategy| strategy.boxed())
}

/// `pattern` with `\d`, `\w` and `\s` (and their negations) written as the ASCII classes
/// ECMAScript reads them as, where Rust's regular expressions read them as Unicode classes.
fn ascii_classes(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('d') => out.push_str("[0-9]"),
            Some('D') => out.push_str("[^0-9]"),
            Some('w') => out.push_str("[A-Za-z0-9_]"),
            Some('W') => out.push_str("[^A-Za-z0-9_]"),
            Some('s') => out.push_str("[\\t\\n\\x0B\\x0C\\r ]"),
            Some('S') => out.push_str("[^\\t\\n\\x0B\\x0C\\r ]"),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

fn integer(members: &Map<String, Value>) -> BoxedStrategy<Value> {
    let bound = |key: &str| members.get(key).and_then(Value::as_f64);
    let low = match (bound("minimum"), bound("exclusiveMinimum")) {
        (Some(m), Some(e)) => m.ceil().max(e.floor() + 1.0),
        (Some(m), None) => m.ceil(),
        (None, Some(e)) => e.floor() + 1.0,
        (None, None) => f64::NAN,
    };
    let high = match (bound("maximum"), bound("exclusiveMaximum")) {
        (Some(m), Some(e)) => m.floor().min(e.ceil() - 1.0),
        (Some(m), None) => m.floor(),
        (None, Some(e)) => e.ceil() - 1.0,
        (None, None) => f64::NAN,
    };
    let span = INTEGER_SPAN as f64;
    let (low, high) = match (low.is_nan(), high.is_nan()) {
        (true, true) => (-span, span),
        (false, true) => (low, low + span),
        (true, false) => (high - span, high),
        (false, false) => (low, high),
    };
    let (low, high) = (clamp_i64(low), clamp_i64(high));
    if low > high {
        return Just(json!(low)).boxed();
    }
    let step = members
        .get("multipleOf")
        .and_then(Value::as_u64)
        .and_then(|m| i64::try_from(m).ok())
        .filter(|m| *m > 0);
    match step {
        Some(step) => {
            let first = low.div_euclid(step) + i64::from(low.rem_euclid(step) != 0);
            let last = high.div_euclid(step);
            if first > last {
                return Just(json!(low)).boxed();
            }
            (first..=last)
                .prop_map(move |k| json!(k.saturating_mul(step)))
                .boxed()
        }
        None => Union::new([
            (low..=high).prop_map(|n| json!(n)).boxed(),
            Just(json!(low)).boxed(),
            Just(json!(high)).boxed(),
        ])
        .boxed(),
    }
}

/// `value` as an `i64` within ±2^53, where every integer is a double too.
fn clamp_i64(value: f64) -> i64 {
    const EXACT: f64 = 9_007_199_254_740_992.0;
    let value = value.clamp(-EXACT, EXACT);
    // Within ±2^53 and whole, so the cast is exact.
    #[allow(clippy::cast_possible_truncation)]
    let n = value as i64;
    n
}

fn number(members: &Map<String, Value>) -> BoxedStrategy<Value> {
    let bound = |key: &str| members.get(key).and_then(Value::as_f64);
    let low = bound("minimum")
        .or(bound("exclusiveMinimum"))
        .unwrap_or(-1.0e9);
    let high = bound("maximum")
        .or(bound("exclusiveMaximum"))
        .unwrap_or(low.max(0.0) + 1.0e9);
    if let Some(step) = members
        .get("multipleOf")
        .and_then(Value::as_f64)
        .filter(|m| *m > 0.0)
    {
        let first = (low / step).ceil();
        let last = (high / step).floor();
        if first.is_finite() && last.is_finite() && first <= last && (last - first) < 1.0e15 {
            return (0.0..=1.0f64)
                .prop_map(move |t| {
                    let k = (first + (t * (last - first)).floor()).min(last);
                    json!(k * step)
                })
                .boxed();
        }
    }
    if !(low.is_finite() && high.is_finite()) || low > high {
        return Just(json!(0.0)).boxed();
    }
    Union::new([
        (low..=high).prop_map(|x| json!(x)).boxed(),
        Just(json!(low)).boxed(),
        Just(json!(high)).boxed(),
    ])
    .boxed()
}

/// A small value of any type.
fn any_small() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-1000i64..1000).prop_map(|n| json!(n)),
        "[a-z]{0,8}".prop_map(Value::String),
    ]
}

/// The schema a local `$ref` (`#/$defs/x`, `#/definitions/x`, any JSON Pointer into `root`)
/// points at.
pub(super) fn resolve<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let pointer = reference.strip_prefix('#')?;
    root.pointer(pointer)
}

/// `members` without `keys`.
fn without(members: &Map<String, Value>, keys: &[&str]) -> Map<String, Value> {
    members
        .iter()
        .filter(|(k, _)| !keys.contains(&k.as_str()))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// `part`'s keywords added to `merged`: `properties` and `required` joined, bounds tightened,
/// anything else taken from `part` where `merged` lacks it. The result only guides the
/// generator; the check against the schema decides.
pub(super) fn merge_into(merged: &mut Map<String, Value>, part: &Value) {
    let Some(part) = part.as_object() else {
        return;
    };
    for (key, value) in part {
        match (key.as_str(), merged.get_mut(key)) {
            ("properties", Some(Value::Object(mine))) => {
                if let Value::Object(theirs) = value {
                    for (name, schema) in theirs {
                        match mine.get_mut(name) {
                            Some(Value::Object(existing)) => merge_into(existing, schema),
                            _ => {
                                mine.insert(name.clone(), schema.clone());
                            }
                        }
                    }
                }
            }
            ("required", Some(Value::Array(mine))) => {
                for name in value.as_array().into_iter().flatten() {
                    if !mine.contains(name) {
                        mine.push(name.clone());
                    }
                }
            }
            ("minimum" | "exclusiveMinimum" | "minLength" | "minItems", Some(mine)) => {
                if value.as_f64() > mine.as_f64() {
                    *mine = value.clone();
                }
            }
            ("maximum" | "exclusiveMaximum" | "maxLength" | "maxItems", Some(mine)) => {
                if value.as_f64() < mine.as_f64() {
                    *mine = value.clone();
                }
            }
            (_, Some(_)) => {}
            (_, None) => {
                merged.insert(key.clone(), value.clone());
            }
        }
    }
}
