//! Support for generated code. Not public API: no stability guarantees.
//!
//! Generated code names everything through `::mcpdesc_runtime::__private`, so it compiles under
//! `#![no_implicit_prelude]` and whatever the user's crate calls `Option`, `Result` or `String`.

use std::borrow::Cow;

pub use core::option::Option::{self, None, Some};
pub use core::result::Result::{self, Err, Ok};
pub use serde_json::{Map, Value};
pub use std::borrow::Cow as CowStr;
pub use std::string::String;

pub use crate::choices::{ChoicesError, Filler, FormChoices, Prepared};
pub use crate::content::{ContentError, Problems};
pub use crate::form::{
    ElicitationEnum, ElicitationForm, EnumChoices, FormField, FormValue, MultiSelectValue,
    RuntimeChoiceField, RuntimeChoiceValue, StaticForm, ValueKind, enum_from_json,
};
pub use crate::schema::{Choice, ChoiceStyle, Property, RequestedSchema, StringFormat, WireCell};

use crate::schema::{Choices, Number, PropertyKind, PropertySchema, Text};
pub use crate::version::VersionSet;

#[cfg(feature = "schemars")]
pub use schemars;

pub use crate::registry::{Declaration, FormHandle, Location, Mode, Primitive, UrlHandle};
pub use crate::version::ProtocolVersion;
pub use inventory;

/// The value of a skipped form field (`#[form(skip)]`, `#[serde(skip)]`), or of an absent one
/// marked `#[serde(default)]`: its type's default; also the struct's default, with
/// `#[serde(default)]` on the struct.
#[inline]
pub fn field_default<T: Default>() -> T {
    T::default()
}

/// The value of serde's `#[serde(default = "path")]`: `path()`, which returns `T`.
#[inline]
pub fn default_from<T, F: FnOnce() -> T>(path: F) -> T {
    path()
}

/// Whether a field with serde's `default` takes it: its property is absent, or `null` where the
/// field is not an `Option` (`required`; an `Option` reads `null` as `None`).
#[inline]
pub fn takes_default(found: Option<&Value>, required: bool) -> bool {
    match found {
        None => true,
        Some(Value::Null) => required,
        Some(_) => false,
    }
}

/// What the `#[elicitation]` attribute reads of a derived form in constant evaluation.
pub trait FormStatics: ElicitationForm {
    /// The form's schema.
    const SCHEMA: &'static RequestedSchema;
    /// For each field, a message per newer feature (non-boolean default, titled single-select,
    /// multi-select) naming the field, used when an explicit scope includes 2025-06-18.
    const MISFITS: &'static [[&'static str; 3]];
}

/// The properties an answer is read against: `sent` (the form's schema as sent, run-time parts
/// filled) when it has the form's `N` properties, else the form's own static ones.
#[inline]
pub fn properties_as_sent<'a, const N: usize>(
    sent: &'a [Property],
    own: &'a [Property; N],
) -> &'a [Property; N] {
    <&[Property; N]>::try_from(sent).unwrap_or(own)
}

/// The message for the first field of `schema` that does not fit every form-mode version of
/// `scope`, if any.
pub const fn misfit(
    schema: &RequestedSchema,
    messages: &'static [[&'static str; 3]],
    scope: VersionSet,
) -> Option<&'static str> {
    let properties = schema.properties();
    let scope = scope.intersection(VersionSet::FORM_MODE);
    let (mut properties, mut messages) = (properties, messages);
    while let ([property, properties_tail @ ..], [field_messages, messages_tail @ ..]) =
        (properties, messages)
    {
        let schema = property.schema();
        // Each feature, with the field's message for it.
        let [default, titled, multi] = field_messages;
        let needs = [
            (crate::schema::Feature::NonBooleanDefault, default),
            (crate::schema::Feature::TitledSingleSelect, titled),
            (crate::schema::Feature::MultiSelect, multi),
        ];
        let mut rest: &[_] = &needs;
        while let [(feature, message), tail @ ..] = rest {
            if schema.uses(*feature) && !scope.is_subset(feature.versions()) {
                return Some(message);
            }
            rest = tail;
        }
        (properties, messages) = (properties_tail, messages_tail);
    }
    None
}

/// `message.unwrap_or("")` in constant evaluation.
pub const fn message_or_empty(message: Option<&'static str>) -> &'static str {
    match message {
        Some(m) => m,
        None => "",
    }
}

/// A protocol version named in `protocol_versions`; unknown names are reported by their own
/// check and contribute nothing here.
pub const fn with_version(set: VersionSet, name: &str) -> VersionSet {
    match ProtocolVersion::from_str_const(name) {
        Some(v) => set.with(v),
        None => set,
    }
}

/// Whether `name` is a known protocol version.
pub const fn is_version(name: &str) -> bool {
    ProtocolVersion::from_str_const(name).is_some()
}

/// Whether `url` is a syntactically valid absolute URI.
pub const fn is_absolute_uri(url: &str) -> bool {
    crate::text::is_absolute_uri(url)
}

/// Whether `iri` is an absolute IRI (RFC 3987): an absolute URI that may hold characters beyond
/// ASCII unescaped.
pub const fn is_absolute_iri(iri: &str) -> bool {
    crate::text::is_absolute_iri(iri)
}

/// Whether `template` is a URI template (RFC 6570).
pub const fn is_uri_template(template: &str) -> bool {
    crate::text::is_uri_template(template)
}

/// Fails constant evaluation with `message` when `fails` holds: the derive's compile-time checks.
#[track_caller]
#[allow(
    clippy::panic,
    reason = "a panic in constant evaluation is how a const assertion fails compilation"
)]
pub const fn fail_if(fails: bool, message: &'static str) {
    if fails {
        panic!("{}", message)
    }
}

/// A `default = ...` of a field, as written.
#[derive(Clone, Copy)]
pub enum DefaultValue {
    /// A string literal.
    Str(&'static str),
    /// An integer literal.
    Int(i128),
    /// A float literal.
    Float(f64),
    /// `true` / `false`.
    Bool(bool),
    /// An enum variant, as its wire value.
    Variant(&'static str),
    /// A list of enum variants, as their wire values.
    Variants(&'static [Text]),
}

/// A bound (`minimum`/`maximum`) as written.
#[derive(Clone, Copy)]
pub enum Bound {
    /// An integer literal.
    Int(i128),
    /// A float literal.
    Float(f64),
}

impl Bound {
    const fn number(self) -> Number {
        match self {
            Bound::Int(i) => Number::Int(i),
            Bound::Float(f) => Number::Float(f),
        }
    }
}

/// The `#[form(...)]` keys of one field.
#[derive(Clone, Copy)]
pub struct FieldAttrs {
    pub title: Option<&'static str>,
    pub description: Option<&'static str>,
    pub min_length: Option<u64>,
    pub max_length: Option<u64>,
    pub format: Option<StringFormat>,
    pub minimum: Option<Bound>,
    pub maximum: Option<Bound>,
    pub default: Option<DefaultValue>,
    pub min_items: Option<u64>,
    pub max_items: Option<u64>,
}

const fn bound(b: Option<Bound>) -> Option<Number> {
    match b {
        Some(b) => Some(b.number()),
        None => None,
    }
}

/// A bound or default of a `number` property, written as a float (`1.0`, not `1`): rmcp's typed
/// schema holds a `number` property's keywords as `f64` and writes them so, and the bytes the
/// `session` helpers send through it are then the form's own wire JSON.
const fn as_float(n: Option<Number>) -> Option<Number> {
    match n {
        Some(Number::Int(i)) => Some(Number::Float(i as f64)),
        other => other,
    }
}

const fn number_default(d: Option<DefaultValue>) -> Option<Number> {
    match d {
        Some(DefaultValue::Int(i)) => Some(Number::Int(i)),
        Some(DefaultValue::Float(f)) => Some(Number::Float(f)),
        _ => None,
    }
}

/// Builds the property of one field in constant evaluation. Keys that do not fit the kind are
/// ignored here: the generated `const` checks report them with the field's name.
pub const fn property(
    name: &'static str,
    required: bool,
    kind: ValueKind,
    attrs: FieldAttrs,
) -> Property {
    let kind = match kind {
        ValueKind::String => PropertyKind::String(crate::schema::StringSchema {
            min_length: attrs.min_length,
            max_length: attrs.max_length,
            format: attrs.format,
            default: match attrs.default {
                Some(DefaultValue::Str(s)) => Some(Cow::Borrowed(s)),
                _ => None,
            },
        }),
        ValueKind::Boolean => PropertyKind::Boolean {
            default: match attrs.default {
                Some(DefaultValue::Bool(b)) => Some(b),
                _ => None,
            },
        },
        ValueKind::Number => PropertyKind::Number(crate::schema::NumberSchema {
            minimum: as_float(bound(attrs.minimum)),
            maximum: as_float(bound(attrs.maximum)),
            default: as_float(number_default(attrs.default)),
        }),
        ValueKind::Integer {
            min,
            max,
            emit_min,
            emit_max,
        } => PropertyKind::Integer(crate::schema::NumberSchema {
            minimum: match attrs.minimum {
                Some(b) => Some(b.number()),
                None if emit_min => Some(Number::Int(min)),
                None => None,
            },
            maximum: match attrs.maximum {
                Some(b) => Some(b.number()),
                None if emit_max => Some(Number::Int(max)),
                None => None,
            },
            default: number_default(attrs.default),
        }),
        ValueKind::SingleSelect(e) => {
            PropertyKind::SingleSelect(crate::schema::SingleSelectSchema {
                choices: Choices::from_static(e.style, e.choices),
                default: match attrs.default {
                    Some(DefaultValue::Variant(v)) => Some(Cow::Borrowed(v)),
                    _ => None,
                },
            })
        }
        ValueKind::MultiSelect(e) => PropertyKind::MultiSelect(crate::schema::MultiSelectSchema {
            choices: Choices::from_static(e.style, e.choices),
            min_items: attrs.min_items,
            max_items: attrs.max_items,
            default: match attrs.default {
                Some(DefaultValue::Variants(v)) => Some(Cow::Borrowed(v)),
                _ => None,
            },
        }),
    };
    Property::from_static(
        name,
        required,
        PropertySchema::new(kind).with_static_texts(attrs.title, attrs.description),
    )
}

/// Builds the property of a field marked `runtime_choices` in constant evaluation: a select
/// whose choices are given when the form is sent. Keys other than the texts and item counts are
/// refused by the derive.
pub const fn runtime_property(
    name: &'static str,
    required: bool,
    multi: bool,
    attrs: FieldAttrs,
) -> Property {
    let kind = if multi {
        PropertyKind::MultiSelect(crate::schema::MultiSelectSchema {
            choices: Choices::runtime(),
            min_items: attrs.min_items,
            max_items: attrs.max_items,
            default: None,
        })
    } else {
        PropertyKind::SingleSelect(crate::schema::SingleSelectSchema {
            choices: Choices::runtime(),
            default: None,
        })
    };
    Property::from_static(
        name,
        required,
        PropertySchema::new(kind).with_static_texts(attrs.title, attrs.description),
    )
}

/// The wire value of the variant `ident` of a select field's enum. Generated code type-checks the
/// variant path first and asserts that it is not skipped ([`is_skipped_variant`]), so the lookup cannot miss
/// for a default that compiles.
pub const fn choice_value(kind: ValueKind, ident: &str) -> &'static str {
    let choices = match kind {
        ValueKind::SingleSelect(e) | ValueKind::MultiSelect(e) => e,
        _ => return "",
    };
    match choices.value_of_ident(ident) {
        Some(v) => v,
        None => "",
    }
}

/// Whether `ident` names a variant that a select field's enum skips, so that it is no choice.
pub const fn is_skipped_variant(kind: ValueKind, ident: &str) -> bool {
    match kind {
        ValueKind::SingleSelect(e) | ValueKind::MultiSelect(e) => e.is_skipped(ident),
        _ => false,
    }
}

/// The field kinds a key applies to.
#[derive(Clone, Copy)]
pub enum KeyClass {
    /// `min_length`, `max_length`, `format`, a string default.
    String,
    /// `minimum`, `maximum`, an integer default.
    Numeric,
    /// A float bound or default.
    Float,
    /// A boolean default.
    Boolean,
    /// `min_items`, `max_items`.
    MultiSelect,
}

/// Whether a key of the given class applies to a field of `kind`.
pub const fn key_applies(kind: ValueKind, class: KeyClass) -> bool {
    matches!(
        (class, kind),
        (KeyClass::String, ValueKind::String)
            | (
                KeyClass::Numeric,
                ValueKind::Number | ValueKind::Integer { .. }
            )
            | (KeyClass::Float, ValueKind::Number)
            | (KeyClass::Boolean, ValueKind::Boolean)
            | (KeyClass::MultiSelect, ValueKind::MultiSelect(_))
    )
}

/// Whether an integer literal lies within an integer field's type (`true` for other kinds).
pub const fn int_fits(kind: ValueKind, value: i128) -> bool {
    match kind {
        ValueKind::Integer { min, max, .. } => value >= min && value <= max,
        _ => true,
    }
}

/// Whether a float literal is given to an integer field.
pub const fn float_on_integer(kind: ValueKind) -> bool {
    matches!(kind, ValueKind::Integer { .. })
}

/// Whether a float literal's `magnitude` is beyond a float field's type (`float_max`).
pub const fn float_beyond(kind: ValueKind, float_max: f64, magnitude: f64) -> bool {
    matches!(kind, ValueKind::Number) && magnitude > float_max
}

/// Whether a number literal suffixed with an integer type (whose range is `min..=max`) names
/// another type than a number field's (`false` for other kinds, which their own checks report).
pub const fn int_suffix_differs(kind: ValueKind, min: i128, max: i128) -> bool {
    match kind {
        ValueKind::Integer { min: a, max: b, .. } => a != min || b != max,
        ValueKind::Number => true,
        _ => false,
    }
}

/// Whether a number literal suffixed with a float type (whose largest value is `suffix_max`)
/// names another type than a float field's (`false` for other kinds: a float on an integer
/// field is reported by its own check).
pub const fn float_suffix_differs(kind: ValueKind, float_max: f64, suffix_max: f64) -> bool {
    matches!(kind, ValueKind::Number) && float_max != suffix_max
}

/// Whether the enum of a select field uses the legacy `enumNames` style.
pub const fn is_legacy_multi_select(kind: ValueKind) -> bool {
    matches!(kind, ValueKind::MultiSelect(e) if matches!(e.style, ChoiceStyle::LegacyEnumNames))
}

/// Whether `name` is a format MCP forms accept ([`StringFormat::ALL`]).
pub const fn is_format(name: &str) -> bool {
    StringFormat::from_name(name).is_some()
}

/// The message of a `format` that names no format.
pub const UNKNOWN_FORMAT: &str = StringFormat::UNKNOWN;

/// Whether a string literal default fits the format `name` (a name that is no format is
/// reported by its own check, and fits nothing here).
pub const fn default_fits_format(name: &str, value: &str) -> bool {
    match StringFormat::from_name(name) {
        Some(format) => format.matches(value),
        None => false,
    }
}

/// A field's run-time default as JSON, if one was set.
pub fn default_json<T>(default: &Option<T>, to_json: fn(&T) -> Value) -> Option<Value> {
    default.as_ref().map(to_json)
}

/// Problems collected while reading an answer, turned into the error.
pub fn into_error(problems: Problems) -> ContentError {
    match problems.finish() {
        Err(e) => e,
        // A field could only fail to read by recording a problem; an empty list cannot reach here,
        // but the error is still well-formed if it does.
        Ok(()) => crate::content::ContentError::empty(),
    }
}

/// The JSON of a single-select variant.
pub fn enum_to_json<E: ElicitationEnum>(value: &E) -> Value {
    Value::String(value.value().to_owned())
}

/// The schemars schema of a form: its restricted wire schema, unchanged.
#[cfg(feature = "schemars")]
pub fn json_schema_of<F: ElicitationForm>() -> schemars::Schema {
    match F::requested_schema().to_value() {
        Value::Object(map) => schemars::Schema::from(map),
        _ => schemars::Schema::default(),
    }
}

#[cfg(feature = "rmcp")]
pub use crate::resources::{FromResourceRequest, ReadFuture, ResourceRequest, ResourceRouter};
#[cfg(feature = "rmcp")]
pub use rmcp;
pub use std::boxed::Box;

/// A resource template as `#[resource_template(...)]` writes it.
#[cfg(feature = "rmcp")]
pub fn resource_template(
    uri: &str,
    name: &str,
    title: Option<&str>,
    description: Option<&str>,
    mime_type: Option<&str>,
) -> rmcp::model::ResourceTemplate {
    let mut template = rmcp::model::ResourceTemplate::new(uri, name);
    if let Some(title) = title {
        template = template.with_title(title);
    }
    if let Some(description) = description {
        template = template.with_description(description);
    }
    if let Some(mime_type) = mime_type {
        template = template.with_mime_type(mime_type);
    }
    template
}

/// The variables each parameter of a `#[resource_template]` function reads by name.
#[cfg(feature = "rmcp")]
pub fn read_variables(
    each: &[Option<Vec<&'static str>>],
) -> std::vec::Vec<std::vec::Vec<&'static str>> {
    each.iter().flatten().cloned().collect()
}

/// What a `#[resource_template]` function returned, as `read_resource` answers.
#[cfg(feature = "rmcp")]
pub fn read_result<T, E>(
    result: Result<T, E>,
) -> Result<rmcp::model::ReadResourceResponse, rmcp::ErrorData>
where
    T: Into<rmcp::model::ReadResourceResponse>,
    E: Into<rmcp::ErrorData>,
{
    result.map(Into::into).map_err(Into::into)
}
