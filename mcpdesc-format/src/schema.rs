//! The restricted `requestedSchema` of MCP form elicitation.
//!
//! A [`RequestedSchema`] is a flat object of [`Property`]s, each one of the primitive schemas MCP
//! defines. The model cannot express anything outside that vocabulary, and its `Serialize` output
//! is exactly the wire JSON: `{"type":"object","properties":{...},"required":[...]}` with
//! properties in declaration order and `required` omitted when empty.
//!
//! Derived forms hold their schema in a `static` built in constant evaluation; the validator and
//! hand-written code build one at run time with [`RequestedSchema::new`].

use std::borrow::Cow;
use std::fmt;

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

use crate::version::{ProtocolVersion, VersionSet};

/// Text held by the schema model: borrowed from a `static` or owned.
pub type Text = Cow<'static, str>;

pub(crate) const fn text_str(t: &Text) -> &str {
    match t {
        Cow::Borrowed(s) => s,
        Cow::Owned(s) => s.as_str(),
    }
}

const fn opt_text_str(t: &Option<Text>) -> Option<&str> {
    match t {
        Some(t) => Some(text_str(t)),
        None => None,
    }
}

#[allow(clippy::ptr_arg)] // A `Cow` must be matched to read it in constant evaluation.
const fn slice_of<'a, T: Clone>(c: &'a Cow<'static, [T]>) -> &'a [T] {
    match c {
        Cow::Borrowed(s) => s,
        Cow::Owned(v) => v.as_slice(),
    }
}

/// A JSON number in a schema: a bound or a default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number {
    /// An integer.
    Int(i128),
    /// A number with a fractional part or exponent.
    Float(f64),
}

impl Number {
    /// The number as an `f64` (possibly rounded).
    pub const fn as_f64(self) -> f64 {
        match self {
            // Through `i64` when it fits: one instruction, where `i128 as f64` is a library call
            // (and this sits on the answer-checking path).
            Number::Int(i) if i >= i64::MIN as i128 && i <= i64::MAX as i128 => i as i64 as f64,
            Number::Int(i) => i as f64,
            Number::Float(f) => f,
        }
    }

    /// `self < other`, exact for integers.
    #[doc(hidden)]
    pub const fn lt(self, other: Number) -> bool {
        match (self, other) {
            (Number::Int(a), Number::Int(b)) => a < b,
            _ => self.as_f64() < other.as_f64(),
        }
    }

    /// Reads a JSON number; `None` for anything else.
    #[doc(hidden)]
    pub fn from_json(value: &serde_json::Value) -> Option<Number> {
        let n = value.as_number()?;
        if let Some(i) = n.as_i64() {
            Some(Number::Int(i128::from(i)))
        } else if let Some(u) = n.as_u64() {
            Some(Number::Int(i128::from(u)))
        } else {
            n.as_f64().map(Number::Float)
        }
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Number::Int(i) => write!(f, "{i}"),
            Number::Float(x) => Shortest(*x).fmt(f),
        }
    }
}

/// An `f64` for messages, written as JSON writes it: the shortest decimal that reads back as the
/// same number, in exponent form when large or small (`1e300`, not 301 digits).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shortest(pub(crate) f64);

impl fmt::Display for Shortest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match serde_json::Number::from_f64(self.0) {
            Some(n) => n.fmt(f),
            None => self.0.fmt(f),
        }
    }
}

impl Serialize for Number {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            Number::Int(i) => {
                if let Ok(v) = i64::try_from(i) {
                    serializer.serialize_i64(v)
                } else if let Ok(v) = u64::try_from(i) {
                    serializer.serialize_u64(v)
                } else {
                    serializer.serialize_i128(i)
                }
            }
            Number::Float(x) => serializer.serialize_f64(x),
        }
    }
}

/// The string formats MCP forms accept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StringFormat {
    /// `"email"`: an address with one `@` and a domain.
    Email,
    /// `"uri"`: an absolute RFC 3986 URI.
    Uri,
    /// `"date"`: an RFC 3339 full-date.
    Date,
    /// `"date-time"`: an RFC 3339 date-time.
    DateTime,
}

impl StringFormat {
    /// Every format, in the order the documentation lists them.
    pub const ALL: [StringFormat; 4] = [
        StringFormat::Email,
        StringFormat::Uri,
        StringFormat::Date,
        StringFormat::DateTime,
    ];

    /// The JSON Schema name of the format.
    pub const fn as_str(self) -> &'static str {
        match self {
            StringFormat::Email => "email",
            StringFormat::Uri => "uri",
            StringFormat::Date => "date",
            StringFormat::DateTime => "date-time",
        }
    }

    /// The format named `name`, if MCP forms accept it.
    pub const fn from_name(name: &str) -> Option<StringFormat> {
        let mut rest: &[StringFormat] = &Self::ALL;
        while let [format, tail @ ..] = rest {
            if crate::text::str_eq(format.as_str(), name) {
                return Some(*format);
            }
            rest = tail;
        }
        None
    }

    /// What the derive says of a `format = "..."` that names none of [`ALL`](Self::ALL): the
    /// formats there are, written from that list when this crate is compiled.
    pub const UNKNOWN: &'static str = match core::str::from_utf8(&UNKNOWN_BYTES) {
        Ok(message) => message,
        Err(_) => UNKNOWN_PREFIX,
    };

    /// Whether `value` is a valid instance of the format. Usable in constant evaluation.
    pub const fn matches(self, value: &str) -> bool {
        match self {
            StringFormat::Email => crate::text::is_email(value),
            StringFormat::Uri => crate::text::is_absolute_uri(value),
            StringFormat::Date => crate::text::is_date(value),
            StringFormat::DateTime => crate::text::is_date_time(value),
        }
    }
}

const UNKNOWN_PREFIX: &str = "unknown format; MCP forms accept only ";

/// Writes `text` at the start of `out` (when given); returns what is left of `out` after it.
const fn put<'a>(mut out: Option<&'a mut [u8]>, text: &str) -> Option<&'a mut [u8]> {
    let mut rest = text.as_bytes();
    while let [byte, tail @ ..] = rest {
        out = match out {
            Some([slot, after @ ..]) => {
                *slot = *byte;
                Some(after)
            }
            other => other,
        };
        rest = tail;
    }
    out
}

/// Writes the message of an unknown format into `out` (when given) and returns its length:
/// the prefix, then each format's name quoted, separated by `, ` and, before the last, ` and `.
const fn write_unknown(mut out: Option<&mut [u8]>) -> usize {
    let mut len = UNKNOWN_PREFIX.len();
    out = put(out, UNKNOWN_PREFIX);
    let mut rest: &[StringFormat] = &StringFormat::ALL;
    let mut first = true;
    while let [format, tail @ ..] = rest {
        let separator = if first {
            ""
        } else if tail.is_empty() {
            " and "
        } else {
            ", "
        };
        let parts = [separator, "\"", format.as_str(), "\""];
        let mut p: &[&str] = &parts;
        while let [part, more @ ..] = p {
            len += part.len();
            out = put(out, part);
            p = more;
        }
        first = false;
        rest = tail;
    }
    len
}

const UNKNOWN_LEN: usize = write_unknown(None);

const UNKNOWN_BYTES: [u8; UNKNOWN_LEN] = {
    let mut out = [0u8; UNKNOWN_LEN];
    write_unknown(Some(&mut out));
    out
};

impl fmt::Display for StringFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A vocabulary element that not every protocol version's form schema has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Feature {
    /// A `default` on a string, number, integer or enum property.
    NonBooleanDefault,
    /// A titled single-select (`oneOf` of `{const, title}`).
    TitledSingleSelect,
    /// A multi-select (`type: "array"`).
    MultiSelect,
    /// A root `$schema` member.
    RootSchemaKeyword,
}

impl Feature {
    /// The protocol versions whose form vocabulary has this feature.
    pub const fn versions(self) -> VersionSet {
        // The single table of the vocabulary per version: each of these arrived in 2025-11-25.
        match self {
            Feature::NonBooleanDefault
            | Feature::TitledSingleSelect
            | Feature::MultiSelect
            | Feature::RootSchemaKeyword => VersionSet::URL_MODE,
        }
    }

    /// What the feature is, in words, for diagnostics.
    pub const fn describe(self) -> &'static str {
        match self {
            Feature::NonBooleanDefault => "a `default` on a non-boolean property",
            Feature::TitledSingleSelect => "a titled single-select (`oneOf`)",
            Feature::MultiSelect => "a multi-select (`type: \"array\"`)",
            Feature::RootSchemaKeyword => "a root `$schema`",
        }
    }
}

/// How the choices of an enum property are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChoiceStyle {
    /// `enum: [...]` (single-select) or `items: {type: "string", enum: [...]}` (multi-select).
    Untitled,
    /// `oneOf: [{const, title}]` (single-select) or `items: {anyOf: [{const, title}]}` (multi-select).
    Titled,
    /// `enum: [...]` with `enumNames: [...]`, the only titled form of MCP 2025-06-18.
    /// Single-select only.
    LegacyEnumNames,
}

/// One choice of an enum property.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    value: Text,
    title: Option<Text>,
}

impl Choice {
    /// A choice with its wire value and an optional display title.
    pub fn new(value: impl Into<Text>, title: Option<Text>) -> Self {
        Choice {
            value: value.into(),
            title,
        }
    }

    /// A choice in constant evaluation.
    #[doc(hidden)]
    pub const fn from_static(value: &'static str, title: Option<&'static str>) -> Self {
        Choice {
            value: Cow::Borrowed(value),
            title: match title {
                Some(t) => Some(Cow::Borrowed(t)),
                None => None,
            },
        }
    }

    /// The value sent on the wire.
    pub const fn value(&self) -> &str {
        text_str(&self.value)
    }

    /// The display title, if any.
    pub const fn title(&self) -> Option<&str> {
        opt_text_str(&self.title)
    }

    /// What a user is shown: the title, else the value (as titled choices write a choice
    /// without one).
    pub const fn shown(&self) -> &str {
        match self.title() {
            Some(title) => title,
            None => self.value(),
        }
    }
}

/// The choices of a single- or multi-select property.
///
/// A field marked `#[form(runtime_choices)]` has choices given when the form is sent: its
/// static schema holds [`Choices::runtime`] (no options yet), written as a plain
/// `{"type": "string"}` for a single-select and as items with an empty `enum` for a
/// multi-select; the schema sent holds the options given then ([`Choices::is_runtime`] stays
/// `true`).
#[derive(Clone, Debug, PartialEq)]
pub struct Choices {
    style: ChoiceStyle,
    options: Cow<'static, [Choice]>,
    runtime: bool,
}

impl Choices {
    /// Choices from a list built at run time.
    pub fn new(style: ChoiceStyle, options: Vec<Choice>) -> Self {
        Choices {
            style,
            options: Cow::Owned(options),
            runtime: false,
        }
    }

    /// Choices in constant evaluation.
    #[doc(hidden)]
    pub const fn from_static(style: ChoiceStyle, options: &'static [Choice]) -> Self {
        Choices {
            style,
            options: Cow::Borrowed(options),
            runtime: false,
        }
    }

    /// The choices of a field marked for run-time choices, before they are given.
    #[doc(hidden)]
    pub const fn runtime() -> Self {
        Choices {
            style: ChoiceStyle::Untitled,
            options: Cow::Borrowed(&[]),
            runtime: true,
        }
    }

    /// The choices given to a field marked for run-time choices when its form is sent.
    #[doc(hidden)]
    pub fn runtime_filled(style: ChoiceStyle, options: Vec<Choice>) -> Self {
        Choices {
            style,
            options: Cow::Owned(options),
            runtime: true,
        }
    }

    /// Whether the field's choices are given when the form is sent (filled or not yet).
    #[doc(hidden)]
    pub const fn is_runtime(&self) -> bool {
        self.runtime
    }

    /// A run-time choice list not given yet: the static shape, which accepts any string.
    #[doc(hidden)]
    pub const fn is_unfilled(&self) -> bool {
        self.runtime && self.options().is_empty()
    }

    /// How the choices are written.
    #[doc(hidden)]
    pub const fn style(&self) -> ChoiceStyle {
        self.style
    }

    /// The choices, in order.
    pub const fn options(&self) -> &[Choice] {
        slice_of(&self.options)
    }

    /// The choices' values, in order.
    pub fn values(&self) -> impl Iterator<Item = &str> + Clone {
        self.options().iter().map(Choice::value)
    }

    /// Whether `value` is one of the choices.
    pub fn contains(&self, value: &str) -> bool {
        self.position(value).is_some()
    }

    /// The index of the choice whose value is `value`.
    pub fn position(&self, value: &str) -> Option<usize> {
        self.options().iter().position(|c| c.value() == value)
    }
}

/// A string property.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct StringSchema {
    /// `minLength`, in characters.
    pub min_length: Option<u64>,
    /// `maxLength`, in characters.
    pub max_length: Option<u64>,
    /// `format`.
    pub format: Option<StringFormat>,
    /// `default`.
    pub default: Option<Text>,
}

/// A number or integer property.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct NumberSchema {
    /// `minimum` (inclusive).
    pub minimum: Option<Number>,
    /// `maximum` (inclusive).
    pub maximum: Option<Number>,
    /// `default`.
    pub default: Option<Number>,
}

/// A single-select property: one of a list of strings.
#[derive(Clone, Debug, PartialEq)]
pub struct SingleSelectSchema {
    /// The choices.
    pub choices: Choices,
    /// `default`: one of the choices' values.
    pub default: Option<Text>,
}

/// A multi-select property: an array of distinct strings from a list.
#[derive(Clone, Debug, PartialEq)]
pub struct MultiSelectSchema {
    /// The choices of each item.
    pub choices: Choices,
    /// `minItems`.
    pub min_items: Option<u64>,
    /// `maxItems`.
    pub max_items: Option<u64>,
    /// `default`: values among the choices.
    pub default: Option<Cow<'static, [Text]>>,
}

impl MultiSelectSchema {
    /// The default values, if any.
    pub const fn default_values(&self) -> Option<&[Text]> {
        match &self.default {
            Some(d) => Some(slice_of(d)),
            None => None,
        }
    }
}

/// The kind of a property and its kind-specific keywords.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum PropertyKind {
    /// `{"type":"string"}`.
    String(StringSchema),
    /// `{"type":"number"}`.
    Number(NumberSchema),
    /// `{"type":"integer"}`.
    Integer(NumberSchema),
    /// `{"type":"boolean"}` with an optional `default`.
    Boolean {
        /// `default`.
        default: Option<bool>,
    },
    /// `{"type":"string"}` with `enum` or `oneOf`.
    SingleSelect(SingleSelectSchema),
    /// `{"type":"array"}` with `items`.
    MultiSelect(MultiSelectSchema),
}

/// The schema of one property.
#[derive(Clone, Debug, PartialEq)]
pub struct PropertySchema {
    title: Option<Text>,
    description: Option<Text>,
    kind: PropertyKind,
}

impl PropertySchema {
    /// A property schema of the given kind, without title or description.
    pub const fn new(kind: PropertyKind) -> Self {
        PropertySchema {
            title: None,
            description: None,
            kind,
        }
    }

    /// Sets the display title.
    #[must_use]
    pub fn with_title(mut self, title: impl Into<Text>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// Sets the description.
    #[must_use]
    pub fn with_description(mut self, description: impl Into<Text>) -> Self {
        self.description = Some(description.into());
        self
    }

    /// The same schema with a `title` and `description` held in `static`s (constant evaluation).
    #[doc(hidden)]
    pub const fn with_static_texts(
        mut self,
        title: Option<&'static str>,
        description: Option<&'static str>,
    ) -> Self {
        if let Some(t) = title {
            // The previous value is `None` (no destructor to run); assigning would need one.
            core::mem::forget(self.title.replace(Cow::Borrowed(t)));
        }
        if let Some(d) = description {
            core::mem::forget(self.description.replace(Cow::Borrowed(d)));
        }
        self
    }

    /// The display title.
    pub const fn title(&self) -> Option<&str> {
        opt_text_str(&self.title)
    }

    /// The description.
    pub const fn description(&self) -> Option<&str> {
        opt_text_str(&self.description)
    }

    /// The kind and its keywords.
    pub const fn kind(&self) -> &PropertyKind {
        &self.kind
    }

    /// The protocol versions whose form vocabulary this property fits.
    pub const fn protocol_versions(&self) -> VersionSet {
        let mut set = VersionSet::FORM_MODE;
        // A property can use several newer features; each one narrows the set.
        let features = self.features();
        let mut rest: &[Option<Feature>] = &features;
        while let [feature, tail @ ..] = rest {
            if let Some(f) = feature {
                set = set.intersection(f.versions());
            }
            rest = tail;
        }
        set
    }

    /// Whether this property uses `feature`. Usable in constant evaluation.
    pub const fn uses(&self, feature: Feature) -> bool {
        let features = self.features();
        let mut rest: &[Option<Feature>] = &features;
        while let [used, tail @ ..] = rest {
            if let Some(f) = used
                && *f as u8 == feature as u8
            {
                return true;
            }
            rest = tail;
        }
        false
    }

    /// The features this property uses that not every form-mode version has.
    pub fn newer_features(&self) -> impl Iterator<Item = Feature> + '_ {
        self.features().into_iter().flatten()
    }

    const fn features(&self) -> [Option<Feature>; 3] {
        let mut out = [None; 3];
        match &self.kind {
            PropertyKind::String(StringSchema {
                default: Some(_), ..
            })
            | PropertyKind::Number(NumberSchema {
                default: Some(_), ..
            })
            | PropertyKind::Integer(NumberSchema {
                default: Some(_), ..
            })
            | PropertyKind::SingleSelect(SingleSelectSchema {
                default: Some(_), ..
            })
            | PropertyKind::MultiSelect(MultiSelectSchema {
                default: Some(_), ..
            }) => out[0] = Some(Feature::NonBooleanDefault),
            _ => {}
        }
        match &self.kind {
            PropertyKind::SingleSelect(s) if matches!(s.choices.style, ChoiceStyle::Titled) => {
                out[1] = Some(Feature::TitledSingleSelect)
            }
            PropertyKind::MultiSelect(_) => out[2] = Some(Feature::MultiSelect),
            _ => {}
        }
        out
    }
}

/// One named property of a form.
#[derive(Clone, Debug, PartialEq)]
pub struct Property {
    name: Text,
    required: bool,
    schema: PropertySchema,
}

impl Property {
    /// A property built at run time.
    pub fn new(name: impl Into<Text>, required: bool, schema: PropertySchema) -> Self {
        Property {
            name: name.into(),
            required,
            schema,
        }
    }

    /// A property named by a `static` (constant evaluation).
    #[doc(hidden)]
    pub const fn from_static(name: &'static str, required: bool, schema: PropertySchema) -> Self {
        Property {
            name: Cow::Borrowed(name),
            required,
            schema,
        }
    }

    /// The property name (the key in `properties` and in the answer's `content`).
    pub const fn name(&self) -> &str {
        text_str(&self.name)
    }

    /// The property name, as the model holds it.
    #[doc(hidden)]
    pub fn name_text(&self) -> &Text {
        &self.name
    }

    /// Whether the property's choices are given when its form is sent
    /// (`#[form(runtime_choices)]`), filled or not yet.
    pub const fn has_runtime_choices(&self) -> bool {
        match self.choices() {
            Some(choices) => choices.is_runtime(),
            None => false,
        }
    }

    /// The choices of a single- or multi-select property.
    pub const fn choices(&self) -> Option<&Choices> {
        match self.schema.kind() {
            PropertyKind::SingleSelect(s) => Some(&s.choices),
            PropertyKind::MultiSelect(m) => Some(&m.choices),
            _ => None,
        }
    }

    /// Whether the property is listed in `required`.
    pub const fn is_required(&self) -> bool {
        self.required
    }

    /// The property's schema.
    pub const fn schema(&self) -> &PropertySchema {
        &self.schema
    }

    /// The kind of the property's schema, to fill its run-time parts.
    #[doc(hidden)]
    pub fn kind_mut(&mut self) -> &mut PropertyKind {
        &mut self.schema.kind
    }
}

/// The restricted schema of an MCP form: a flat object of primitive properties.
///
/// Serializes to exactly the wire JSON of `requestedSchema`:
///
/// ```
/// use mcpdesc_format::schema::{Property, PropertyKind, PropertySchema, StringSchema};
/// use mcpdesc_format::RequestedSchema;
///
/// let schema = RequestedSchema::new(vec![Property::new(
///     "assignee",
///     true,
///     PropertySchema::new(PropertyKind::String(StringSchema::default())).with_title("Assignee"),
/// )]);
/// assert_eq!(
///     serde_json::to_string(&schema).unwrap(),
///     r#"{"type":"object","properties":{"assignee":{"type":"string","title":"Assignee"}},"required":["assignee"]}"#
/// );
/// ```
pub struct RequestedSchema {
    properties: Cow<'static, [Property]>,
    /// Where the wire JSON is kept once written (see [`wire`](Self::wire)).
    wire: WireCache,
}

/// The cell a derived form's `static` schema keeps its wire JSON in, itself a `static` beside it.
/// (The schema only points to it: a `static` holding the cell inline could not be read by the
/// constant evaluation that checks a form's vocabulary at compile time.)
#[doc(hidden)]
pub type WireCell = std::sync::OnceLock<Box<RawValue>>;

/// Where a schema's wire JSON is kept.
enum WireCache {
    /// A cell in a `static` beside the schema (derived forms).
    Static(&'static WireCell),
    /// A cell of its own (schemas built at run time).
    Owned(Box<WireCell>),
    /// A `static` schema made with [`RequestedSchema::from_static`]: kept in a process-wide table
    /// by the address of its properties.
    Table,
    /// A form filled at run time: written on first use from the kept bytes of its static
    /// schema's properties, except the `changed` ones.
    Prepared {
        base: &'static RequestedSchema,
        changed: Box<[bool]>,
        cell: Box<WireCell>,
    },
}

/// Values made once per process for `'static` things, by their address, and kept (leaked).
#[doc(hidden)]
pub type KeptTable<T> = std::sync::RwLock<Option<std::collections::HashMap<usize, &'static T>>>;

/// The value `table` keeps for `key` (the address of something `'static`, so never reused),
/// made by `make` the first time. Leaking is bounded by the number of such things in the
/// program.
#[doc(hidden)]
pub fn kept<T: ?Sized + Sync + 'static>(
    table: &'static KeptTable<T>,
    key: usize,
    make: impl FnOnce() -> Box<T>,
) -> &'static T {
    use std::sync::PoisonError;
    if let Some(found) = table
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .as_ref()
        .and_then(|t| t.get(&key))
    {
        return found;
    }
    let mut table = table.write().unwrap_or_else(PoisonError::into_inner);
    table
        .get_or_insert_with(std::collections::HashMap::new)
        .entry(key)
        .or_insert_with(|| Box::leak(make()))
}

/// The wire JSON of schemas made with `from_static`, by the address of their (static) properties.
fn table_wire(schema: &RequestedSchema) -> &'static RawValue {
    static TABLE: KeptTable<RawValue> = std::sync::RwLock::new(None);
    kept(&TABLE, schema.properties().as_ptr() as usize, || {
        serialize_wire(schema)
    })
}

/// The wire JSON of each property schema of a `static` schema, written once per process: the
/// static rest of a form filled at run time is copied from here, not serialized again.
fn property_fragments(schema: &'static RequestedSchema) -> &'static [Box<RawValue>] {
    static TABLE: KeptTable<[Box<RawValue>]> = std::sync::RwLock::new(None);
    kept(&TABLE, std::ptr::from_ref(schema) as usize, || {
        schema
            .properties()
            .iter()
            .map(|p| serde_json::value::to_raw_value(&p.schema).unwrap_or_else(|_| empty_object()))
            .collect()
    })
}

/// A filled schema as the wire writes it, with the unchanged property schemas copied from
/// their kept bytes (serde_json writes a [`RawValue`] as it is).
struct Spliced<'a> {
    schema: &'a RequestedSchema,
    fragments: &'a [Box<RawValue>],
    changed: &'a [bool],
}

impl Serialize for Spliced<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct Properties<'a>(&'a Spliced<'a>);
        impl Serialize for Properties<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let Spliced {
                    schema,
                    fragments,
                    changed,
                } = self.0;
                let mut map = serializer.serialize_map(Some(schema.properties().len()))?;
                for (i, p) in schema.properties().iter().enumerate() {
                    match fragments.get(i) {
                        Some(kept) if !changed.get(i).copied().unwrap_or(true) => {
                            map.serialize_entry(p.name(), kept)?;
                        }
                        _ => map.serialize_entry(p.name(), &p.schema)?,
                    }
                }
                map.end()
            }
        }
        write_object(serializer, self.schema, &Properties(self))
    }
}

impl RequestedSchema {
    /// A schema whose properties are those of `base` (a `static` schema) except at the
    /// positions `changed` marks. Its wire JSON, when asked for, copies the unchanged property
    /// schemas from `base`'s kept bytes and serializes only the changed ones: byte for byte
    /// what serializing the whole schema writes.
    #[doc(hidden)]
    pub fn filled_from(
        base: &'static RequestedSchema,
        properties: Vec<Property>,
        changed: Vec<bool>,
    ) -> Self {
        RequestedSchema {
            properties: Cow::Owned(properties),
            wire: WireCache::Prepared {
                base,
                changed: changed.into_boxed_slice(),
                cell: Box::default(),
            },
        }
    }

    fn spliced_wire(&self, base: &'static RequestedSchema, changed: &[bool]) -> Box<RawValue> {
        let spliced = Spliced {
            schema: self,
            fragments: property_fragments(base),
            changed,
        };
        serde_json::value::to_raw_value(&spliced).unwrap_or_else(|_| serialize_wire(self))
    }
}

fn serialize_wire(schema: &RequestedSchema) -> Box<RawValue> {
    // Serializing this model cannot fail (string keys, finite numbers); should it ever, the empty
    // object keeps the result valid JSON.
    serde_json::value::to_raw_value(schema).unwrap_or_else(|_| empty_object())
}

impl Clone for RequestedSchema {
    fn clone(&self) -> Self {
        RequestedSchema {
            properties: self.properties.clone(),
            wire: match &self.wire {
                WireCache::Static(cell) => WireCache::Static(cell),
                WireCache::Owned(_) => WireCache::Owned(Box::default()),
                WireCache::Prepared { base, changed, .. } => WireCache::Prepared {
                    base,
                    changed: changed.clone(),
                    cell: Box::default(),
                },
                WireCache::Table => WireCache::Table,
            },
        }
    }
}

impl PartialEq for RequestedSchema {
    /// Schemas are equal when their properties are (whether either was serialized yet does not
    /// matter).
    fn eq(&self, other: &Self) -> bool {
        self.properties == other.properties
    }
}

impl fmt::Debug for RequestedSchema {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RequestedSchema")
            .field("properties", &self.properties)
            .finish()
    }
}

impl RequestedSchema {
    /// This schema with the choices of its property `name` given, as a server gives them when it
    /// sends a form whose choices are known only then: a text property (how a description writes
    /// a single-select whose choices come at run time, listed in `x-mcpdesc-runtime-choices`)
    /// becomes a single-select of `choices`, keeping its title, description and default; a
    /// multi-select without choices gets them. The choices are titled when any has a title.
    /// `None` when the schema has no such property, the property is of another kind, or
    /// `choices` is empty.
    ///
    /// ```
    /// use mcpdesc_format::schema::{Choice, Property, PropertyKind, PropertySchema, StringSchema};
    /// use mcpdesc_format::RequestedSchema;
    ///
    /// let form = RequestedSchema::new(vec![Property::new(
    ///     "assignee",
    ///     true,
    ///     PropertySchema::new(PropertyKind::String(StringSchema::default())),
    /// )]);
    /// let filled = form
    ///     .with_runtime_choices("assignee", vec![Choice::new("ann", None), Choice::new("ben", None)])
    ///     .unwrap();
    /// assert_eq!(
    ///     filled.wire_json(),
    ///     r#"{"type":"object","properties":{"assignee":{"type":"string","enum":["ann","ben"]}},"required":["assignee"]}"#
    /// );
    /// ```
    pub fn with_runtime_choices(&self, name: &str, choices: Vec<Choice>) -> Option<Self> {
        if choices.is_empty() {
            return None;
        }
        let style = match choices.iter().any(|c| c.title().is_some()) {
            true => ChoiceStyle::Titled,
            false => ChoiceStyle::Untitled,
        };
        let mut filled = false;
        let properties = self
            .properties()
            .iter()
            .cloned()
            .map(|mut property| {
                if property.name() != name || filled {
                    return property;
                }
                let given = Choices::runtime_filled(style, choices.clone());
                let kind = &mut property.schema.kind;
                match kind {
                    PropertyKind::String(s) => {
                        *kind = PropertyKind::SingleSelect(SingleSelectSchema {
                            choices: given,
                            default: s.default.clone(),
                        });
                        filled = true;
                    }
                    PropertyKind::MultiSelect(m) if m.choices.options().is_empty() => {
                        m.choices = given;
                        filled = true;
                    }
                    _ => {}
                }
                property
            })
            .collect();
        filled.then(|| RequestedSchema::new(properties))
    }

    /// A schema built at run time.
    pub fn new(properties: Vec<Property>) -> Self {
        RequestedSchema {
            properties: Cow::Owned(properties),
            wire: WireCache::Owned(Box::default()),
        }
    }

    /// A schema over properties held in a `static`.
    #[doc(hidden)]
    pub const fn from_static(properties: &'static [Property]) -> Self {
        RequestedSchema {
            properties: Cow::Borrowed(properties),
            wire: WireCache::Table,
        }
    }

    /// A schema over properties held in a `static`, keeping its wire JSON in `wire` (what derived
    /// forms use: both are statics the derive writes).
    #[doc(hidden)]
    pub const fn from_static_with_wire(
        properties: &'static [Property],
        wire: &'static WireCell,
    ) -> Self {
        RequestedSchema {
            properties: Cow::Borrowed(properties),
            wire: WireCache::Static(wire),
        }
    }

    /// The schema as wire JSON, the exact bytes of its `Serialize` output. Written on the first
    /// call and kept, so for a derived form (whose schema is a `static`) every later call is a
    /// load: nothing is built or serialized per request. Embed it in a message as a
    /// [`RawValue`] with [`wire`](Self::wire).
    ///
    /// ```
    /// use mcpdesc_format::schema::{Property, PropertyKind, PropertySchema, StringSchema};
    /// use mcpdesc_format::RequestedSchema;
    ///
    /// let schema = RequestedSchema::new(vec![Property::new(
    ///     "name",
    ///     true,
    ///     PropertySchema::new(PropertyKind::String(StringSchema::default())),
    /// )]);
    /// let json = schema.wire_json();
    /// assert_eq!(json, serde_json::to_string(&schema).unwrap());
    /// assert!(std::ptr::eq(json, schema.wire_json()));
    /// ```
    pub fn wire_json(&self) -> &str {
        self.wire().get()
    }

    /// The schema as a [`RawValue`]: serializing a message that holds it copies these bytes.
    #[doc(hidden)]
    pub fn wire(&self) -> &RawValue {
        match &self.wire {
            WireCache::Static(cell) => cell.get_or_init(|| serialize_wire(self)),
            WireCache::Owned(cell) => cell.get_or_init(|| serialize_wire(self)),
            WireCache::Prepared {
                base,
                changed,
                cell,
            } => cell.get_or_init(|| self.spliced_wire(base, changed)),
            WireCache::Table => table_wire(self),
        }
    }

    /// The properties, in declaration order.
    pub const fn properties(&self) -> &[Property] {
        slice_of(&self.properties)
    }

    /// The property named `name`.
    pub fn property(&self, name: &str) -> Option<&Property> {
        self.properties().iter().find(|p| p.name() == name)
    }

    /// The names of the properties whose choices are given when the form is sent
    /// (`#[form(runtime_choices)]`), in declaration order.
    pub fn runtime_choice_fields(&self) -> impl Iterator<Item = &str> {
        self.properties()
            .iter()
            .filter(|p| p.has_runtime_choices())
            .map(Property::name)
    }

    /// The names of the required properties, in declaration order.
    pub fn required(&self) -> impl Iterator<Item = &str> {
        self.properties()
            .iter()
            .filter(|p| p.required)
            .map(Property::name)
    }

    /// The protocol versions whose form vocabulary this schema fits: 2025-06-18 and later, less
    /// 2025-06-18 when a property uses something newer. Usable in constant evaluation.
    pub const fn protocol_versions(&self) -> VersionSet {
        let mut set = VersionSet::FORM_MODE;
        let mut rest = self.properties();
        while let [property, tail @ ..] = rest {
            set = set.intersection(property.schema.protocol_versions());
            rest = tail;
        }
        set
    }

    /// The first property that does not fit `version`, with the feature it needs.
    #[doc(hidden)]
    pub fn first_misfit(&self, version: ProtocolVersion) -> Option<(&Property, Feature)> {
        self.properties().iter().find_map(|p| {
            p.schema
                .features()
                .into_iter()
                .flatten()
                .find(|f| !f.versions().contains(version))
                .map(|f| (p, f))
        })
    }

    /// The schema as a JSON value (the same as its `Serialize` output).
    pub fn to_value(&self) -> serde_json::Value {
        // Serializing this model into a `Value` cannot fail: every key is a string and every
        // number is finite or written as `null` by serde_json.
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
}

/// `{}` as a raw value.
fn empty_object() -> Box<RawValue> {
    RawValue::from_string("{}".to_owned()).unwrap_or_else(|_| Box::<RawValue>::default())
}

impl Serialize for RequestedSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct Properties<'a>(&'a [Property]);
        impl Serialize for Properties<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(self.0.len()))?;
                for p in self.0 {
                    map.serialize_entry(p.name(), &p.schema)?;
                }
                map.end()
            }
        }
        write_object(serializer, self, &Properties(self.properties()))
    }
}

/// `{"type":"object","properties":...,"required":[...]}` of `schema`, its properties written
/// by `properties`.
fn write_object<S: Serializer>(
    serializer: S,
    schema: &RequestedSchema,
    properties: &impl Serialize,
) -> Result<S::Ok, S::Error> {
    struct Required<'a>(&'a RequestedSchema);
    impl Serialize for Required<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_seq(self.0.required())
        }
    }
    let has_required = schema.properties().iter().any(|p| p.required);
    let mut map = serializer.serialize_map(Some(2 + usize::from(has_required)))?;
    map.serialize_entry("type", "object")?;
    map.serialize_entry("properties", properties)?;
    if has_required {
        map.serialize_entry("required", &Required(schema))?;
    }
    map.end()
}

struct ConstTitled<'a>(&'a [Choice]);

impl Serialize for ConstTitled<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for c in self.0 {
            struct One<'a>(&'a Choice);
            impl Serialize for One<'_> {
                fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                    let mut m = serializer.serialize_map(Some(2))?;
                    m.serialize_entry("const", self.0.value())?;
                    // A titled style always has a title; fall back to the value otherwise.
                    m.serialize_entry("title", self.0.shown())?;
                    m.end()
                }
            }
            seq.serialize_element(&One(c))?;
        }
        seq.end()
    }
}

struct Values<'a>(&'a [Choice]);

impl Serialize for Values<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(Choice::value))
    }
}

struct Titles<'a>(&'a [Choice]);

impl Serialize for Titles<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(Choice::shown))
    }
}

struct Items<'a>(&'a Choices);

impl Serialize for Items<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let options = self.0.options();
        match self.0.style {
            ChoiceStyle::Titled => {
                let mut m = serializer.serialize_map(Some(1))?;
                m.serialize_entry("anyOf", &ConstTitled(options))?;
                m.end()
            }
            ChoiceStyle::Untitled | ChoiceStyle::LegacyEnumNames => {
                let mut m = serializer.serialize_map(Some(2))?;
                m.serialize_entry("type", "string")?;
                m.serialize_entry("enum", &Values(options))?;
                m.end()
            }
        }
    }
}

impl Serialize for PropertySchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut m = serializer.serialize_map(None)?;
        let ty = match &self.kind {
            PropertyKind::String(_) | PropertyKind::SingleSelect(_) => "string",
            PropertyKind::Number(_) => "number",
            PropertyKind::Integer(_) => "integer",
            PropertyKind::Boolean { .. } => "boolean",
            PropertyKind::MultiSelect(_) => "array",
        };
        m.serialize_entry("type", ty)?;
        if let Some(t) = self.title() {
            m.serialize_entry("title", t)?;
        }
        if let Some(d) = self.description() {
            m.serialize_entry("description", d)?;
        }
        match &self.kind {
            PropertyKind::String(s) => {
                if let Some(v) = s.min_length {
                    m.serialize_entry("minLength", &v)?;
                }
                if let Some(v) = s.max_length {
                    m.serialize_entry("maxLength", &v)?;
                }
                if let Some(f) = s.format {
                    m.serialize_entry("format", f.as_str())?;
                }
                if let Some(d) = &s.default {
                    m.serialize_entry("default", d)?;
                }
            }
            PropertyKind::Number(n) | PropertyKind::Integer(n) => {
                if let Some(v) = &n.minimum {
                    m.serialize_entry("minimum", v)?;
                }
                if let Some(v) = &n.maximum {
                    m.serialize_entry("maximum", v)?;
                }
                if let Some(d) = &n.default {
                    m.serialize_entry("default", d)?;
                }
            }
            PropertyKind::Boolean { default } => {
                if let Some(d) = default {
                    m.serialize_entry("default", d)?;
                }
            }
            PropertyKind::SingleSelect(s) => {
                let options = s.choices.options();
                match s.choices.style {
                    // Run-time choices not given yet: the static shape is a plain string.
                    _ if s.choices.is_unfilled() => {}
                    ChoiceStyle::Untitled => m.serialize_entry("enum", &Values(options))?,
                    ChoiceStyle::Titled => m.serialize_entry("oneOf", &ConstTitled(options))?,
                    ChoiceStyle::LegacyEnumNames => {
                        m.serialize_entry("enum", &Values(options))?;
                        m.serialize_entry("enumNames", &Titles(options))?;
                    }
                }
                if let Some(d) = &s.default {
                    m.serialize_entry("default", d)?;
                }
            }
            PropertyKind::MultiSelect(ms) => {
                if let Some(v) = ms.min_items {
                    m.serialize_entry("minItems", &v)?;
                }
                if let Some(v) = ms.max_items {
                    m.serialize_entry("maxItems", &v)?;
                }
                m.serialize_entry("items", &Items(&ms.choices))?;
                if let Some(d) = ms.default_values() {
                    m.serialize_entry("default", d)?;
                }
            }
        }
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use super::StringFormat;

    /// The list of formats is `StringFormat::ALL`: every name reads back as its format, and the
    /// derive's message for an unknown name is written from it.
    #[test]
    fn the_formats_are_one_list() {
        for format in StringFormat::ALL {
            assert_eq!(StringFormat::from_name(format.as_str()), Some(format));
        }
        assert_eq!(StringFormat::from_name("phone"), None);
        assert_eq!(StringFormat::from_name("Email"), None);
        let quoted: Vec<String> = StringFormat::ALL
            .iter()
            .map(|f| format!("\"{}\"", f.as_str()))
            .collect();
        let (last, rest) = quoted.split_last().unwrap();
        assert_eq!(
            StringFormat::UNKNOWN,
            format!(
                "unknown format; MCP forms accept only {} and {last}",
                rest.join(", ")
            )
        );
    }
}
