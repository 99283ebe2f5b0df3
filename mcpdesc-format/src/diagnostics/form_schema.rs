//! A `requestedSchema` in a document: the restricted vocabulary, its consistency, and the
//! vocabulary of every protocol version in scope.
//!
//! The JSON is read into the same [`RequestedSchema`] model derived forms use, so the vocabulary
//! per version ([`Feature::versions`]) and the content checker are the ones `from_content` uses.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::report::Diagnostic;
use super::seen::Seen;
use super::toolbox::{Cx, pointer};
use super::{Code, Rule};
use crate::object::Members as _;
use crate::schema::{
    Choice, ChoiceStyle, Choices, Feature, MultiSelectSchema, Number, NumberSchema, Property,
    PropertyKind, PropertySchema, RequestedSchema, SingleSelectSchema, StringFormat, StringSchema,
};
use crate::shown::{List, Shown};
use crate::version::{ProtocolVersion, VersionSet};

const ROOT_MEMBERS: &[&str] = &["type", "properties", "required", "$schema"];
const COMMON: &[&str] = &["type", "title", "description", "default"];

/// A schema read from JSON, with what the model does not keep.
pub struct Parsed {
    /// The schema, in the model.
    pub schema: RequestedSchema,
    /// Whether it was written with a `$schema` member, which the model does not keep.
    pub has_dollar_schema: bool,
}

/// Reads a `requestedSchema` from JSON into the model, or every structural and consistency
/// problem found, with JSON Pointers relative to the schema.
///
/// ```
/// use mcpdesc_format::diagnostics::parse_requested_schema;
///
/// let schema = parse_requested_schema(&serde_json::json!({
///     "type": "object",
///     "properties": {"name": {"type": "string", "minLength": 1}},
///     "required": ["name"]
/// }))
/// .unwrap();
/// assert_eq!(schema.required().collect::<Vec<_>>(), ["name"]);
///
/// let errors = parse_requested_schema(&serde_json::json!({
///     "type": "object",
///     "properties": {"address": {"type": "object"}}
/// }))
/// .unwrap_err();
/// assert_eq!(errors[0].path, "/properties/address/type");
/// ```
///
/// # Errors
///
/// Every [`Diagnostic`] of `value` as a `requestedSchema`: what is not a flat object of properties
/// in the form vocabulary, and what is inconsistent in it (a required name not declared, bounds
/// that cross, a default outside its choices).
pub fn parse_requested_schema(value: &Value) -> Result<RequestedSchema, Vec<Diagnostic>> {
    let document = Value::Null;
    let mut cx = Cx::new(&document);
    match parse(&mut cx, value, "") {
        Some(parsed) if cx.diagnostics.is_empty() => Ok(parsed.schema),
        _ => Err(cx.diagnostics.finish()),
    }
}

/// What keeps `value` from being the `requestedSchema` of a form request sent on `version`: its
/// structure, its consistency, the version's vocabulary, and choices that offer nothing (a
/// description may document a run-time choice list as empty; a request must fill it).
pub fn request_problems(value: &Value, version: ProtocolVersion) -> Vec<Diagnostic> {
    let document = Value::Null;
    let mut cx = Cx::new(&document);
    if check_in_scope(&mut cx, value, "", VersionSet::single(version)).is_some() {
        let properties = value.get("properties").and_then(Value::as_object);
        for (name, property) in properties.into_iter().flatten() {
            let at = pointer(&pointer("", "properties"), name);
            let lists = [
                ("enum", property.get("enum")),
                ("oneOf", property.get("oneOf")),
                (
                    "items/enum",
                    property.get("items").and_then(|i| i.get("enum")),
                ),
                (
                    "items/anyOf",
                    property.get("items").and_then(|i| i.get("anyOf")),
                ),
            ];
            for (key, list) in lists {
                let Some(list) = list.and_then(Value::as_array) else {
                    continue;
                };
                if list.is_empty() {
                    structural(
                        &mut cx,
                        &format!("{at}/{key}"),
                        "a request offers at least one choice",
                    );
                }
                // A choice is a value, or an option's `const`; each is offered once, so that
                // the user can tell them apart.
                let values: Vec<&Value> =
                    list.iter().map(|v| v.get("const").unwrap_or(v)).collect();
                for (i, value) in values.iter().enumerate() {
                    if values.iter().take(i).any(|earlier| earlier == value) {
                        structural(
                            &mut cx,
                            &format!("{at}/{key}/{i}"),
                            format!("the choice {value} is offered twice"),
                        );
                    }
                }
            }
        }
    }
    cx.diagnostics.finish()
}

/// Checks a resolved form schema against the vocabulary of every version in `scope`.
pub fn check_in_scope(cx: &mut Cx, value: &Value, path: &str, scope: VersionSet) -> Option<Parsed> {
    let before = cx.diagnostics.len();
    let parsed = parse(cx, value, path)?;
    // Defaults against their fields, by the check answers go through (as the derive and `prepare`
    // refuse them); only where the reading itself found nothing.
    if cx.diagnostics.len() == before {
        defaults_that_do_not_fit(cx, &parsed.schema, value, path);
    }
    for version in scope.iter().filter(|v| !v.is_legacy()) {
        if parsed.has_dollar_schema && !Feature::RootSchemaKeyword.versions().contains(version) {
            cx.error(
                Rule::FormSchemaProtocolShape,
                Code::FormVersionMismatch,
                &pointer(path, "$schema"),
                format!(
                    "MCP {version} has no root `$schema` in a requestedSchema; remove it, or scope the declaration to {} (`protocolVersions`)",
                    Feature::RootSchemaKeyword.versions()
                ),
            );
        }
        for property in parsed.schema.properties() {
            for feature in property_features(property) {
                if !feature.versions().contains(version) {
                    cx.error(
                        Rule::FormSchemaProtocolShape,
                        Code::FormVersionMismatch,
                        &pointer(&pointer(path, "properties"), property.name()),
                        format!(
                            "property {:?} uses {}, which MCP {version} does not have; remove it, or scope the declaration to {} (`protocolVersions`) and describe {version} separately",
                            property.name(),
                            feature.describe(),
                            feature.versions()
                        ),
                    );
                }
            }
        }
    }
    Some(parsed)
}

/// Warns of each property whose `default` does not fit it: outside its bounds, lengths, format
/// or item counts. §12 does not require a default to fit, so it is a warning; the derive refuses
/// such a default at compile time and `prepare` before sending, through the same check.
fn defaults_that_do_not_fit(cx: &mut Cx, schema: &RequestedSchema, value: &Value, path: &str) {
    let properties = value.get("properties").and_then(Value::as_object);
    // By the parsed properties, in the order written, each default looked up by name in the
    // written object (a hashed look-up: a form of `n` properties costs `n`, not `n²`).
    for property in schema.properties() {
        let name = property.name();
        let Some(default) = properties
            .and_then(|p| p.get(name))
            .and_then(|written| written.get("default"))
        else {
            continue;
        };
        let mut problems = crate::content::Problems::new();
        if problems.check(property, default) {
            continue;
        }
        let why: Vec<String> = problems.into_kinds().map(|k| k.to_string()).collect();
        cx.push(
            Rule::FormSchemaConsistency,
            Code::DefaultDoesNotFit,
            &pointer(&pointer(&pointer(path, "properties"), name), "default"),
            format!(
                "the default {default} of {name:?} does not fit the field ({}); a client shows it, and the answer it leaves would be refused: change the default or the field",
                why.join("; ")
            ),
        );
    }
}

fn property_features(property: &Property) -> impl Iterator<Item = Feature> + '_ {
    property.schema().newer_features()
}

fn structural(cx: &mut Cx, path: &str, message: impl Into<String>) {
    cx.structural(Rule::FormSchemaMembers, path, message);
}

fn keys_within(
    cx: &mut Cx,
    object: &Map<String, Value>,
    path: &str,
    allowed: &[&str],
    what: &str,
) -> bool {
    let mut ok = true;
    for key in object.keys() {
        if !allowed.contains(&key.as_str()) && !COMMON.contains(&key.as_str()) {
            ok = false;
            structural(
                cx,
                &pointer(path, key),
                format!(
                    "`{key}` is not part of the MCP form vocabulary for {what}; the keywords here are {}",
                    COMMON
                        .iter()
                        .chain(allowed)
                        .copied()
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
    }
    ok
}

/// Reads the form at `path` into the model, reporting every problem into `cx`; `None` when it
/// cannot be read.
pub fn parse(cx: &mut Cx, value: &Value, path: &str) -> Option<Parsed> {
    let Some(root) = value.as_object() else {
        structural(
            cx,
            path,
            "a requestedSchema must be an object: {\"type\": \"object\", \"properties\": {...}}",
        );
        return None;
    };
    let before = cx.diagnostics.len();
    for key in root.keys() {
        if !ROOT_MEMBERS.contains(&key.as_str()) {
            let why = match key.as_str() {
                "title" | "description" => {
                    " (strict clients reject a root title or description: put the text in the declaration's `message`)"
                }
                "additionalProperties" => " (MCP forms are always closed)",
                _ => "",
            };
            structural(
                cx,
                &pointer(path, key),
                format!(
                    "`{key}` is not allowed at the root of a requestedSchema{why}; the root holds only `type`, `properties`, `required` and `$schema`"
                ),
            );
        }
    }
    if root.member("type") != Some(&Value::from("object")) {
        structural(
            cx,
            &pointer(path, "type"),
            "a requestedSchema needs `\"type\": \"object\"`",
        );
    }
    let has_dollar_schema = match root.member("$schema") {
        Some(Value::String(s)) => {
            if !crate::text::is_absolute_uri(s) {
                structural(cx, &pointer(path, "$schema"), "`$schema` must be a URI");
            }
            true
        }
        Some(_) => {
            structural(
                cx,
                &pointer(path, "$schema"),
                "`$schema` must be a URI string",
            );
            true
        }
        None => false,
    };
    let props_path = pointer(path, "properties");
    let mut properties = Vec::new();
    match root.member("properties") {
        None => structural(
            cx,
            path,
            "a requestedSchema needs `properties` (an object, empty when the form has no field)",
        ),
        Some(Value::Object(props)) => {
            for (name, prop) in props {
                if let Some(schema) = parse_property(cx, prop, &pointer(&props_path, name)) {
                    properties.push((name.as_str(), schema));
                }
            }
        }
        Some(_) => structural(
            cx,
            &props_path,
            "`properties` must be an object mapping names to property schemas",
        ),
    }
    let mut required: Seen<&str, ()> = Seen::new();
    match root.member("required") {
        None => {}
        Some(Value::Array(items)) => {
            for (i, item) in items.iter().enumerate() {
                let item_path = pointer(&pointer(path, "required"), i);
                match item.as_str() {
                    Some(name) => {
                        if required.first_or_note(name, ()).is_some() {
                            structural(
                                cx,
                                &item_path,
                                format!(
                                    "{name} is listed twice in `required`",
                                    name = Shown::quoted(name)
                                ),
                            );
                            continue;
                        }
                        // Only against `properties` that can be read: a missing or malformed one
                        // is reported by itself, not again for every required name.
                        let unknown = root
                            .member("properties")
                            .and_then(Value::as_object)
                            .is_some_and(|p| !p.contains_key(name));
                        if unknown {
                            cx.error(
                                Rule::FormSchemaConsistency,
                                Code::FormRequiredUnknown,
                                &item_path,
                                format!("`required` names {name}, which is not in `properties`; declare the property or remove the name", name = Shown::quoted(name)),
                            );
                        }
                    }
                    None => structural(cx, &item_path, "`required` holds property names (strings)"),
                }
            }
        }
        Some(_) => structural(
            cx,
            &pointer(path, "required"),
            "`required` must be an array of property names",
        ),
    }
    if cx
        .diagnostics
        .since(before)
        .iter()
        .any(|d| d.code == Code::SchemaValidation)
    {
        return None;
    }
    let properties = properties
        .into_iter()
        .map(|(name, schema)| Property::new(name.to_owned(), required.contains(&name), schema))
        .collect();
    Some(Parsed {
        schema: RequestedSchema::new(properties),
        has_dollar_schema,
    })
}

fn text(
    cx: &mut Cx,
    object: &Map<String, Value>,
    key: &str,
    path: &str,
) -> Option<Cow<'static, str>> {
    match object.member(key) {
        Some(Value::String(s)) => Some(Cow::Owned(s.clone())),
        Some(_) => {
            structural(cx, &pointer(path, key), format!("`{key}` must be a string"));
            None
        }
        None => None,
    }
}

/// A non-negative integer: `3`, or `3.0` (an integer in JSON Schema, whose numbers have no
/// integer type of their own).
fn count(cx: &mut Cx, object: &Map<String, Value>, key: &str, path: &str) -> Option<u64> {
    match object.member(key) {
        Some(v) => match v.as_u64().or_else(|| {
            v.as_f64()
                .filter(|f| f.fract() == 0.0 && (0.0..=u64::MAX as f64).contains(f))
                // In range and integral: the conversion is exact (or saturates at 2^64).
                .map(|f| f as u64)
        }) {
            Some(n) => Some(n),
            None => {
                structural(
                    cx,
                    &pointer(path, key),
                    format!("`{key}` must be a non-negative integer"),
                );
                None
            }
        },
        None => None,
    }
}

fn number(cx: &mut Cx, object: &Map<String, Value>, key: &str, path: &str) -> Option<Number> {
    match object.member(key) {
        Some(v) => match Number::from_json(v) {
            Some(n) => Some(n),
            None => {
                structural(cx, &pointer(path, key), format!("`{key}` must be a number"));
                None
            }
        },
        None => None,
    }
}

fn invalid_range(
    cx: &mut Cx,
    path: &str,
    min_key: &str,
    max_key: &str,
    min: impl std::fmt::Display,
    max: impl std::fmt::Display,
) {
    cx.error(
        Rule::FormSchemaConsistency,
        Code::FormInvalidRange,
        &pointer(path, min_key),
        format!("`{min_key}` {min} exceeds `{max_key}` {max}, so no answer could fit; make `{min_key}` at most `{max_key}`"),
    );
}

fn strings(cx: &mut Cx, value: &Value, path: &str, what: &str) -> Option<Vec<String>> {
    let Some(items) = value.as_array() else {
        structural(cx, path, format!("{what} must be an array of strings"));
        return None;
    };
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        match item.as_str() {
            Some(s) => out.push(s.to_owned()),
            None => {
                structural(cx, &pointer(path, i), format!("{what} holds strings only"));
                return None;
            }
        }
    }
    Some(out)
}

fn titled_options(cx: &mut Cx, value: &Value, path: &str, what: &str) -> Option<Vec<Choice>> {
    let Some(items) = value.as_array() else {
        structural(
            cx,
            path,
            format!("`{what}` must be an array of {{\"const\", \"title\"}} objects"),
        );
        return None;
    };
    let mut out = Vec::with_capacity(items.len());
    let mut ok = true;
    for (i, item) in items.iter().enumerate() {
        let item_path = pointer(path, i);
        let Some(option) = item.as_object() else {
            structural(
                cx,
                &item_path,
                format!("each `{what}` entry is an object {{\"const\": ..., \"title\": ...}}"),
            );
            ok = false;
            continue;
        };
        for key in option.keys() {
            if key != "const" && key != "title" {
                structural(
                    cx,
                    &pointer(&item_path, key),
                    format!(
                        "`{key}` is not allowed in a choice; a choice holds `const` and `title`"
                    ),
                );
                ok = false;
            }
        }
        match (
            option.member("const").and_then(Value::as_str),
            option.member("title").and_then(Value::as_str),
        ) {
            (Some(c), Some(t)) => {
                out.push(Choice::new(c.to_owned(), Some(Cow::Owned(t.to_owned()))))
            }
            _ => {
                structural(
                    cx,
                    &item_path,
                    "a choice needs a string `const` and a string `title`",
                );
                ok = false;
            }
        }
    }
    ok.then_some(out)
}

fn parse_property(cx: &mut Cx, value: &Value, path: &str) -> Option<PropertySchema> {
    let Some(object) = value.as_object() else {
        structural(
            cx,
            path,
            "a property schema must be an object with a `type`",
        );
        return None;
    };
    let before = cx.diagnostics.len();
    let ty = object.member("type").and_then(Value::as_str);
    let kind = match ty {
        Some("string") if object.contains_key("enum") => {
            keys_within(cx, object, path, &["enum", "enumNames"], "a single-select");
            let values = strings(cx, object.member("enum")?, &pointer(path, "enum"), "`enum`")?;
            let names = match object.member("enumNames") {
                Some(v) => {
                    let names = strings(cx, v, &pointer(path, "enumNames"), "`enumNames`")?;
                    if names.len() != values.len() {
                        cx.error(
                            Rule::FormSchemaConsistency,
                            Code::FormEnumNamesMismatch,
                            &pointer(path, "enumNames"),
                            format!("`enumNames` has {} name(s) for {} `enum` value(s); give exactly one display name per value", names.len(), values.len()),
                        );
                        None
                    } else {
                        Some(names)
                    }
                }
                None => None,
            };
            let style = if object.contains_key("enumNames") {
                ChoiceStyle::LegacyEnumNames
            } else {
                ChoiceStyle::Untitled
            };
            let options = values
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    Choice::new(
                        v.clone(),
                        names
                            .as_ref()
                            .and_then(|n| n.get(i))
                            .map(|t| Cow::Owned(t.clone())),
                    )
                })
                .collect();
            let choices = Choices::new(style, options);
            let default = single_default(cx, object, path, &choices);
            PropertyKind::SingleSelect(SingleSelectSchema { choices, default })
        }
        Some("string") if object.contains_key("oneOf") => {
            keys_within(cx, object, path, &["oneOf"], "a titled single-select");
            let options = titled_options(
                cx,
                object.member("oneOf")?,
                &pointer(path, "oneOf"),
                "oneOf",
            )?;
            let choices = Choices::new(ChoiceStyle::Titled, options);
            let default = single_default(cx, object, path, &choices);
            PropertyKind::SingleSelect(SingleSelectSchema { choices, default })
        }
        Some("string") => {
            keys_within(
                cx,
                object,
                path,
                &["minLength", "maxLength", "format"],
                "a string",
            );
            let min_length = count(cx, object, "minLength", path);
            let max_length = count(cx, object, "maxLength", path);
            if let (Some(a), Some(b)) = (min_length, max_length)
                && a > b
            {
                invalid_range(cx, path, "minLength", "maxLength", a, b);
            }
            let format = match object.member("format") {
                None => None,
                Some(Value::String(f)) => match StringFormat::from_name(f) {
                    Some(f) => Some(f),
                    None => {
                        structural(
                            cx,
                            &pointer(path, "format"),
                            format!(
                                "format {f} is not one MCP forms accept; use \"email\", \"uri\", \"date\" or \"date-time\"",
                                f = Shown::quoted(f)
                            ),
                        );
                        None
                    }
                },
                Some(_) => {
                    structural(cx, &pointer(path, "format"), "`format` must be a string");
                    None
                }
            };
            let default = text(cx, object, "default", path);
            PropertyKind::String(StringSchema {
                min_length,
                max_length,
                format,
                default,
            })
        }
        Some(t @ ("number" | "integer")) => {
            keys_within(cx, object, path, &["minimum", "maximum"], "a number");
            let minimum = number(cx, object, "minimum", path);
            let maximum = number(cx, object, "maximum", path);
            if let (Some(a), Some(b)) = (minimum, maximum)
                && b.lt(a)
            {
                invalid_range(cx, path, "minimum", "maximum", a, b);
            }
            let default = number(cx, object, "default", path);
            let n = NumberSchema {
                minimum,
                maximum,
                default,
            };
            if t == "integer" {
                PropertyKind::Integer(n)
            } else {
                PropertyKind::Number(n)
            }
        }
        Some("boolean") => {
            keys_within(cx, object, path, &[], "a boolean");
            let default = match object.member("default") {
                None => None,
                Some(Value::Bool(b)) => Some(*b),
                Some(_) => {
                    structural(
                        cx,
                        &pointer(path, "default"),
                        "a boolean's `default` must be true or false",
                    );
                    None
                }
            };
            PropertyKind::Boolean { default }
        }
        Some("array") => {
            keys_within(
                cx,
                object,
                path,
                &["items", "minItems", "maxItems"],
                "a multi-select",
            );
            let min_items = count(cx, object, "minItems", path);
            let max_items = count(cx, object, "maxItems", path);
            if let (Some(a), Some(b)) = (min_items, max_items)
                && a > b
            {
                invalid_range(cx, path, "minItems", "maxItems", a, b);
            }
            let items_path = pointer(path, "items");
            let Some(items) = object.member("items").and_then(Value::as_object) else {
                structural(
                    cx,
                    &items_path,
                    "a multi-select needs `items`: {\"type\": \"string\", \"enum\": [...]} or {\"anyOf\": [{\"const\", \"title\"}]}; arrays of anything else are not MCP forms",
                );
                return None;
            };
            let choices = if items.contains_key("anyOf") {
                for key in items.keys().filter(|k| *k != "anyOf") {
                    structural(
                        cx,
                        &pointer(&items_path, key),
                        format!("`{key}` is not allowed beside `anyOf` in multi-select items"),
                    );
                }
                Choices::new(
                    ChoiceStyle::Titled,
                    titled_options(
                        cx,
                        items.member("anyOf")?,
                        &pointer(&items_path, "anyOf"),
                        "anyOf",
                    )?,
                )
            } else {
                for key in items.keys().filter(|k| *k != "type" && *k != "enum") {
                    structural(
                        cx,
                        &pointer(&items_path, key),
                        format!(
                            "`{key}` is not allowed in multi-select items, which hold `type: \"string\"` and `enum`"
                        ),
                    );
                }
                if items.member("type") != Some(&Value::from("string"))
                    || !items.contains_key("enum")
                {
                    structural(
                        cx,
                        &items_path,
                        "multi-select items are {\"type\": \"string\", \"enum\": [...]} or {\"anyOf\": [...]}",
                    );
                    return None;
                }
                let values = strings(
                    cx,
                    items.member("enum")?,
                    &pointer(&items_path, "enum"),
                    "`enum`",
                )?;
                Choices::new(
                    ChoiceStyle::Untitled,
                    values.into_iter().map(|v| Choice::new(v, None)).collect(),
                )
            };
            let default = match object.member("default") {
                None => None,
                Some(v) => {
                    let values = strings(
                        cx,
                        v,
                        &pointer(path, "default"),
                        "a multi-select's `default`",
                    )?;
                    for (i, value) in values.iter().enumerate() {
                        if !choices.contains(value) {
                            cx.error(
                                Rule::FormSchemaConsistency,
                                Code::FormDefaultOutsideEnum,
                                &pointer(&pointer(path, "default"), i),
                                format!("the default value {value} is not among the item choices; use one of {}", choice_list(&choices), value = Shown::quoted(value)),
                            );
                        }
                    }
                    Some(Cow::Owned(values.into_iter().map(Cow::Owned).collect()))
                }
            };
            PropertyKind::MultiSelect(MultiSelectSchema {
                choices,
                min_items,
                max_items,
                default,
            })
        }
        Some("object") => {
            structural(
                cx,
                &pointer(path, "type"),
                "nested objects are not allowed in MCP forms: only top-level primitive properties; flatten the fields into this form",
            );
            return None;
        }
        Some(other) => {
            structural(
                cx,
                &pointer(path, "type"),
                format!(
                    "type {other} is not an MCP form type; use string, number, integer, boolean, or array (multi-select)",
                    other = Shown::quoted(other)
                ),
            );
            return None;
        }
        None => {
            let why = if object.contains_key("anyOf") || object.contains_key("oneOf") {
                " (optional fields are simply left out of `required`; there is no null type)"
            } else {
                ""
            };
            structural(cx, path, format!("a property schema needs a `type`{why}"));
            return None;
        }
    };
    if cx.diagnostics.len() > before {
        // Keep consistency findings, but do not build a model from a malformed property.
        let structural_found = cx
            .diagnostics
            .since(before)
            .iter()
            .any(|d| d.code == Code::SchemaValidation);
        if structural_found {
            return None;
        }
    }
    let mut schema = PropertySchema::new(kind);
    if let Some(t) = text(cx, object, "title", path) {
        schema = schema.with_title(t);
    }
    if let Some(d) = text(cx, object, "description", path) {
        schema = schema.with_description(d);
    }
    Some(schema)
}

fn choice_list(choices: &Choices) -> List<impl Iterator<Item = &str> + Clone> {
    List(choices.values())
}

fn single_default(
    cx: &mut Cx,
    object: &Map<String, Value>,
    path: &str,
    choices: &Choices,
) -> Option<Cow<'static, str>> {
    let value = text(cx, object, "default", path)?;
    if !choices.contains(&value) {
        cx.error(
            Rule::FormSchemaConsistency,
            Code::FormDefaultOutsideEnum,
            &pointer(path, "default"),
            format!(
                "the default {value} is not one of the choices; use one of {}",
                choice_list(choices),
                value = Shown::quoted(&value)
            ),
        );
    }
    Some(value)
}
