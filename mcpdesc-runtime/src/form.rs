//! The traits behind `#[derive(ElicitationForm)]` and `#[derive(ElicitationEnum)]`, and the
//! field traits that decide, per field type, what a form may ask for.

use std::collections::{BTreeSet, HashSet};
use std::hash::Hash;

use serde_json::{Map, Value};

use crate::content::{ContentError, ProblemKind};
use crate::schema::{Choice, ChoiceStyle, Number, RequestedSchema};
use crate::version::VersionSet;

/// A flat MCP form: a struct whose fields are the properties of a restricted `requestedSchema`.
///
/// Derive it with `#[derive(ElicitationForm)]`; see the crate documentation for the field types
/// and attributes.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an MCP elicitation form",
    label = "a form is a struct deriving `ElicitationForm`",
    note = "derive it on a struct of flat fields, `#[derive(ElicitationForm)]`; a struct that only derives `Deserialize` and `JsonSchema` (a tool's arguments, say) is not one",
    note = "to ask the user to visit a page instead of filling in a form, declare `url = \"...\"` or `mode = \"url\"`"
)]
pub trait ElicitationForm: Sized {
    /// The protocol versions whose form vocabulary this schema fits, known at compile time.
    const PROTOCOL_VERSIONS: VersionSet;

    /// The flat restricted `requestedSchema`. Built at compile time; serializes to exactly the
    /// wire JSON.
    fn requested_schema() -> &'static RequestedSchema;

    /// Parses and validates the `content` of an accepted elicitation result.
    ///
    /// Every property is checked against the schema; every problem is reported at once, each with
    /// its property name. Unknown properties are ignored; `null` for an optional property is read
    /// as absent.
    ///
    /// # Errors
    ///
    /// [`ContentError`] with every problem of the answer, each naming its property: a required
    /// property missing, a value of the wrong JSON type, outside its bounds, lengths or item
    /// counts, not in its format, or not one of the choices.
    fn from_content(content: &Map<String, Value>) -> Result<Self, ContentError>;

    /// Writes the form's values as elicitation `content` (what a client sends back on accept).
    /// `None` optional fields and skipped fields are left out. A field holding a variant its
    /// enum skips (not a choice) is written as that variant's value, which `from_content`
    /// refuses, as no client could answer it.
    fn to_content(&self) -> Map<String, Value>;

    /// Parses and validates `content` against `properties`, the form's schema as sent: its
    /// static properties with the run-time parts filled in (see [`crate::fill`]). Use
    /// [`Prepared::read`](crate::choices::Prepared::read), which holds such properties; the default
    /// ignores them.
    #[doc(hidden)]
    fn __from_content_in(
        content: &Map<String, Value>,
        properties: &[crate::schema::Property],
    ) -> Result<Self, ContentError> {
        let _ = properties;
        Self::from_content(content)
    }
}

/// A form whose schema is complete at compile time: it has no field marked
/// `#[form(runtime_choices)]`, so it can be sent as it is.
///
/// `#[derive(ElicitationForm)]` implements it for such forms; `ask!(asker, HANDLE)`, which sends a
/// form without filling it, requires it, so a form whose choices come at run time cannot be sent
/// without them.
#[diagnostic::on_unimplemented(
    message = "the form `{Self}` has choices given at run time, and none were given",
    label = "this form needs its run-time choices",
    note = "give it its choices before sending: build the generated `{Self}Choices` (every run-time choice list is a required field) and ask with it: `ask!(asker, HANDLE, choices)`"
)]
pub trait StaticForm: ElicitationForm {}

/// The display form of the choices of a `#[derive(ElicitationEnum)]` enum.
#[derive(Clone, Copy, Debug)]
#[doc(hidden)]
pub struct EnumChoices {
    /// The enum's Rust name, for diagnostics.
    pub type_name: &'static str,
    /// How the choices are written in a schema.
    pub style: ChoiceStyle,
    /// The wire values and titles, in variant order.
    pub choices: &'static [Choice],
    /// The Rust identifiers of the variants: those of `choices`, in order, then those of the
    /// variants the enum skips (not choices; see [`EnumChoices::is_skipped`]).
    pub idents: &'static [&'static str],
}

impl EnumChoices {
    /// The wire value of the variant named `ident`, in constant evaluation.
    pub const fn value_of_ident(&self, ident: &str) -> Option<&'static str> {
        let (mut idents, mut choices) = (self.idents, self.choices);
        while let ([name, idents_tail @ ..], [choice, choices_tail @ ..]) = (idents, choices) {
            if crate::text::str_eq(name, ident) {
                return Some(choice.value());
            }
            (idents, choices) = (idents_tail, choices_tail);
        }
        None
    }

    /// Whether `ident` names a variant the enum skips (`#[form(skip)]`, serde's `skip`,
    /// `skip_deserializing` or `other`): listed in `idents` after the choices' own.
    pub const fn is_skipped(&self, ident: &str) -> bool {
        let (mut rest, mut index) = (self.idents, 0);
        while let [name, tail @ ..] = rest {
            if index >= self.choices.len() && crate::text::str_eq(name, ident) {
                return true;
            }
            (rest, index) = (tail, index + 1);
        }
        false
    }
}

/// A fieldless enum whose variants are the choices of a single- or multi-select.
///
/// Derive it with `#[derive(ElicitationEnum)]`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an `ElicitationEnum`",
    label = "a select field needs an enum deriving `ElicitationEnum`",
    note = "a single-select is a field of a `#[derive(ElicitationEnum)]` enum; a multi-select is a `Vec`, `BTreeSet` or `HashSet` of one",
    note = "MCP forms cannot hold a list of free-form values such as `Vec<String>`; when its choices are known only when the form is sent, mark the field `#[form(runtime_choices)]` and give them then"
)]
pub trait ElicitationEnum: Sized + 'static {
    /// The variants as choices.
    #[doc(hidden)]
    const CHOICES: EnumChoices;

    /// The wire value of this variant.
    fn value(&self) -> &'static str;

    /// The variant whose wire value is `value`.
    fn from_value(value: &str) -> Option<Self>;

    /// Whether `from_value` reads exactly the choices' values (as the derive writes it), so that
    /// reading a value also proves it is a choice. A hand-written impl keeps `false`, and its
    /// answers are checked against the choices whatever `from_value` reads.
    #[doc(hidden)]
    const __READS_EXACTLY: bool = false;
}

/// What a field type is, as a form property. Known at compile time.
#[derive(Clone, Copy, Debug)]
pub enum ValueKind {
    /// `String`.
    String,
    /// `bool`.
    Boolean,
    /// `f32`, `f64`.
    Number,
    /// An integer type with its range, and whether each bound is written into the schema.
    Integer {
        /// The smallest value of the type.
        min: i128,
        /// The largest value of the type.
        max: i128,
        /// Whether `min` is written as `minimum`.
        emit_min: bool,
        /// Whether `max` is written as `maximum`.
        emit_max: bool,
    },
    /// A single-select enum.
    SingleSelect(EnumChoices),
    /// A multi-select of an enum.
    MultiSelect(EnumChoices),
}

/// A type that a form field may hold (not counting `Option`).
///
/// Implemented for `String`, `bool`, `f32`, `f64`, the integer types of 64 bits or fewer and the
/// unsigned `NonZero` ones (`NonZeroU8` to `NonZeroU64`, `NonZeroUsize`), every
/// `#[derive(ElicitationEnum)]` enum, and `Vec`, `BTreeSet` and `HashSet` of such an enum.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a field of an MCP elicitation form",
    label = "not a type an MCP form can ask for",
    note = "MCP forms are flat: a field is a `String`, `bool`, `f32`/`f64`, an integer of 64 bits or fewer (`u8` to `u64`, `i8` to `i64`, `usize`, `isize`, or an unsigned `NonZero` one such as `NonZeroU32`), a `#[derive(ElicitationEnum)]` enum (single-select), a `Vec`, `BTreeSet` or `HashSet` of such an enum (multi-select), or an `Option` of one of these",
    note = "nested objects, maps, tuples, lists of free-form values and `Option<Option<_>>` are outside the MCP form vocabulary",
    note = "a `String`, `Vec<String>` or `BTreeSet<String>` whose choices are given when the form is sent takes `#[form(runtime_choices)]`"
)]
pub trait FormValue: Sized {
    /// What the type is as a property.
    const KIND: ValueKind;
    /// For a floating-point type, the largest finite magnitude it holds (`f32::MAX` for `f32`):
    /// a literal bound or default beyond it is a compile error. `f64::MAX` for every other type.
    const FLOAT_MAX: f64 = f64::MAX;

    /// Converts a value that already passed the schema check. `None` when it does not fit the
    /// Rust type (an integer beyond the type's range that the schema does not bound).
    fn from_json(value: &Value) -> Option<Self>;

    /// The value, when converting it also proves that it passes `property`'s checks (a boolean,
    /// a derived enum's choice, an integer within the type and the property's bounds); `None`
    /// sends the answer through the full check, which reports what is wrong. Used when reading
    /// answers; the default proves nothing.
    #[doc(hidden)]
    fn __convert_proven(value: &Value, property: &crate::schema::Property) -> Option<Self> {
        let _ = (value, property);
        None
    }

    /// The value as JSON.
    fn to_json(&self) -> Value;
}

/// A form field: a [`FormValue`] (required) or an `Option` of one (optional).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a field of an MCP elicitation form",
    label = "not a type an MCP form can ask for",
    note = "MCP forms are flat: a field is a `String`, `bool`, `f32`/`f64`, an integer of 64 bits or fewer (`u8` to `u64`, `i8` to `i64`, `usize`, `isize`, or an unsigned `NonZero` one such as `NonZeroU32`), a `#[derive(ElicitationEnum)]` enum (single-select), a `Vec`, `BTreeSet` or `HashSet` of such an enum (multi-select), or an `Option` of one of these"
)]
#[doc(hidden)]
pub trait FormField: Sized {
    /// The type without `Option`.
    type Value: FormValue;
    /// Whether the property is listed in `required`.
    const REQUIRED: bool;
    /// What the field is as a property.
    const KIND: ValueKind = <Self::Value as FormValue>::KIND;
    /// The largest finite magnitude of the field's floating-point type (see
    /// [`FormValue::FLOAT_MAX`]).
    const FLOAT_MAX: f64 = <Self::Value as FormValue>::FLOAT_MAX;

    /// The field when its property is absent: `Some(None)` for an `Option`, `None` otherwise.
    fn absent() -> Option<Self>;

    /// Wraps a present value.
    fn present(value: Self::Value) -> Self;

    /// The present value, if any.
    fn get(&self) -> Option<&Self::Value>;

    /// Reads the field from its value in an answer (`None` when absent), recording its
    /// problems. Used by generated code.
    #[doc(hidden)]
    fn __read(
        value: Option<&Value>,
        property: &crate::schema::Property,
        problems: &mut crate::content::Problems,
    ) -> Option<Self> {
        read_field::<Self>(value, property, problems)
    }

    /// The field, when its value is proven to pass `property`'s checks without recording
    /// anything; `None` sends the whole answer through [`FormField::__read`]. Used by generated
    /// code.
    #[doc(hidden)]
    #[inline]
    fn __read_proven(value: Option<&Value>, property: &crate::schema::Property) -> Option<Self> {
        match value {
            None | Some(Value::Null) if !Self::REQUIRED => Self::absent(),
            None => None,
            Some(v) => <Self::Value as FormValue>::__convert_proven(v, property).map(Self::present),
        }
    }

    /// Writes the field into `content` when it holds a value. Used by generated code.
    #[doc(hidden)]
    fn __write(&self, content: &mut Map<String, Value>, name: &str) {
        write_member(content, name, self.get().map(FormValue::to_json));
    }
}

// These impls (and `RuntimeChoiceField`'s, written the same way) are spelled out rather than made
// by a macro: rustc quotes their headers to users ("the trait `FormField` is implemented for
// `Option<T>`"), and a macro's `impl<T: $value> $field for Option<T>` would read worse.
impl<T: FormValue> FormField for T {
    type Value = T;
    const REQUIRED: bool = true;

    fn absent() -> Option<Self> {
        None
    }

    fn present(value: T) -> Self {
        value
    }

    fn get(&self) -> Option<&T> {
        Some(self)
    }
}

impl<T: FormValue> FormField for Option<T> {
    type Value = T;
    const REQUIRED: bool = false;

    fn absent() -> Option<Self> {
        Some(None)
    }

    fn present(value: T) -> Self {
        Some(value)
    }

    fn get(&self) -> Option<&T> {
        self.as_ref()
    }
}

/// Writes a field's value into an answer's `content`, when it has one.
fn write_member(content: &mut Map<String, Value>, name: &str, value: Option<Value>) {
    if let Some(value) = value {
        content.insert(name.to_owned(), value);
    }
}

/// A multi-select field value: a collection of an [`ElicitationEnum`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a multi-select",
    label = "a list default needs a multi-select field",
    note = "a multi-select is a `Vec`, `BTreeSet` or `HashSet` of a `#[derive(ElicitationEnum)]` enum"
)]
#[doc(hidden)]
pub trait MultiSelectValue {
    /// The enum of the items.
    type Item: ElicitationEnum;
}

impl FormValue for String {
    const KIND: ValueKind = ValueKind::String;

    // A string within its lengths and format is proven.
    #[inline]
    fn __convert_proven(value: &Value, property: &crate::schema::Property) -> Option<Self> {
        let Value::String(v) = value else {
            return None;
        };
        let crate::schema::PropertyKind::String(s) = property.schema().kind() else {
            return None;
        };
        // A string of n bytes holds from n/4 (rounded up) to n characters: the bounds are
        // counted only when its byte length leaves them open.
        let bytes = v.len() as u64;
        if s.min_length.is_some_and(|m| bytes.div_ceil(4) < m)
            || s.max_length.is_some_and(|m| bytes > m)
        {
            let length = crate::text::char_count(v);
            if s.min_length.is_some_and(|m| length < m) || s.max_length.is_some_and(|m| length > m)
            {
                return None;
            }
        }
        if s.format.is_some_and(|f| !f.matches(v)) {
            return None;
        }
        Some(v.clone())
    }

    fn from_json(value: &Value) -> Option<Self> {
        value.as_str().map(str::to_owned)
    }

    fn to_json(&self) -> Value {
        Value::String(self.clone())
    }
}

impl FormValue for bool {
    const KIND: ValueKind = ValueKind::Boolean;

    // A boolean property's only rule is its type.
    fn __convert_proven(value: &Value, _: &crate::schema::Property) -> Option<Self> {
        value.as_bool()
    }

    fn from_json(value: &Value) -> Option<Self> {
        value.as_bool()
    }

    fn to_json(&self) -> Value {
        Value::Bool(*self)
    }
}

impl FormValue for f64 {
    const KIND: ValueKind = ValueKind::Number;

    #[inline]
    fn __convert_proven(value: &Value, property: &crate::schema::Property) -> Option<Self> {
        number_proven(value, property)
    }

    fn from_json(value: &Value) -> Option<Self> {
        value.as_f64()
    }

    fn to_json(&self) -> Value {
        serde_json::Number::from_f64(*self).map_or(Value::Null, Value::Number)
    }
}

impl FormValue for f32 {
    const KIND: ValueKind = ValueKind::Number;
    const FLOAT_MAX: f64 = f32::MAX as f64;

    #[inline]
    fn __convert_proven(value: &Value, property: &crate::schema::Property) -> Option<Self> {
        let narrowed = number_proven(value, property)? as f32;
        narrowed.is_finite().then_some(narrowed)
    }

    fn from_json(value: &Value) -> Option<Self> {
        let v = value.as_f64()?;
        // A finite f64 beyond f32's range would become infinity: treat it as out of range.
        let narrowed = v as f32;
        narrowed.is_finite().then_some(narrowed)
    }

    /// The shortest decimal that reads back as the same `f32` (`0.1`, not the `f64` widening
    /// `0.10000000149011612`), so an answer written and read again meets the same bounds.
    fn to_json(&self) -> Value {
        let shortest = self.to_string().parse::<f64>().unwrap_or(f64::from(*self));
        serde_json::Number::from_f64(shortest).map_or(Value::Null, Value::Number)
    }
}

/// A number answer within a number property's bounds, compared as the full check compares them
/// (`Number::lt`); the value as `f64`.
#[inline]
fn number_proven(value: &Value, property: &crate::schema::Property) -> Option<f64> {
    let crate::schema::PropertyKind::Number(bounds) = property.schema().kind() else {
        return None;
    };
    let n = Number::from_json(value)?;
    if bounds.minimum.is_some_and(|m| n.lt(m)) || bounds.maximum.is_some_and(|m| m.lt(n)) {
        return None;
    }
    value.as_f64()
}

/// An integer answer within an integer property's bounds (integral bounds only: any other
/// answer or bound takes the full check).
#[inline]
fn integer_proven(value: &Value, property: &crate::schema::Property) -> Option<i128> {
    let Value::Number(n) = value else {
        return None;
    };
    let n = match n.as_i64() {
        Some(i) => i128::from(i),
        None => i128::from(n.as_u64()?),
    };
    let crate::schema::PropertyKind::Integer(bounds) = property.schema().kind() else {
        return None;
    };
    let within = |bound: Option<Number>, fits: fn(i128, i128) -> bool| match bound {
        None => true,
        Some(Number::Int(b)) => fits(n, b),
        Some(Number::Float(_)) => false,
    };
    (within(bounds.minimum, |n, b| n >= b) && within(bounds.maximum, |n, b| n <= b)).then_some(n)
}

macro_rules! integers {
    ($($ty:ty => $emit_min:expr, $emit_max:expr;)*) => {$(
        impl FormValue for $ty {
            const KIND: ValueKind = ValueKind::Integer {
                min: <$ty>::MIN as i128,
                max: <$ty>::MAX as i128,
                emit_min: $emit_min,
                emit_max: $emit_max,
            };

            #[inline]
            fn __convert_proven(
                value: &Value,
                property: &crate::schema::Property,
            ) -> Option<Self> {
                integer_proven(value, property).and_then(|n| <$ty>::try_from(n).ok())
            }

            fn from_json(value: &Value) -> Option<Self> {
                match Number::from_json(value)? {
                    Number::Int(i) => <$ty>::try_from(i).ok(),
                    Number::Float(f) => {
                        // Within the range exactly (see `above_integer`): `as` would clamp.
                        let (min, max) = (<$ty>::MIN as i128, <$ty>::MAX as i128);
                        let within = !below_integer(Number::Float(f), min)
                            && !above_integer(Number::Float(f), max);
                        (f.fract() == 0.0 && within).then(|| f as $ty)
                    }
                }
            }

            fn to_json(&self) -> Value {
                Value::from(*self)
            }
        }
    )*};
}

integers! {
    u8 => true, true;
    u16 => true, true;
    u32 => true, true;
    u64 => true, false;
    usize => true, false;
    i8 => true, true;
    i16 => true, true;
    i32 => true, true;
    i64 => false, false;
    isize => false, false;
}

/// The unsigned `NonZero` integers: their type's range from 1, so the schema always carries
/// `"minimum":1`, and read through their integer type. (A signed `NonZero` type's range has a
/// hole at 0, which a schema's bounds cannot express: it is not a form field.)
macro_rules! non_zero_integers {
    ($($ty:ty => $int:ty, $emit_max:expr;)*) => {$(
        impl FormValue for $ty {
            const KIND: ValueKind = ValueKind::Integer {
                min: 1,
                max: <$int>::MAX as i128,
                emit_min: true,
                emit_max: $emit_max,
            };

            fn __convert_proven(
                value: &Value,
                property: &crate::schema::Property,
            ) -> Option<Self> {
                <$int as FormValue>::__convert_proven(value, property).and_then(<$ty>::new)
            }

            fn from_json(value: &Value) -> Option<Self> {
                <$int as FormValue>::from_json(value).and_then(<$ty>::new)
            }

            fn to_json(&self) -> Value {
                Value::from(<$ty>::get(*self))
            }
        }
    )*};
}

non_zero_integers! {
    std::num::NonZeroU8 => u8, true;
    std::num::NonZeroU16 => u16, true;
    std::num::NonZeroU32 => u32, true;
    std::num::NonZeroU64 => u64, false;
    std::num::NonZeroUsize => usize, false;
}

fn select_from_json<E: ElicitationEnum>(value: &Value) -> Option<E> {
    E::from_value(value.as_str()?)
}

/// Reads a multi-select into any collection, item by item: `Extend` with one item at a time
/// (rather than `FromIterator`, which for a `BTreeSet` first gathers and sorts a `Vec`).
fn multi_from_json<E: ElicitationEnum, C: Default + Extend<E>>(value: &Value) -> Option<C> {
    let mut out = C::default();
    for item in value.as_array()? {
        out.extend(std::iter::once(select_from_json::<E>(item)?));
    }
    Some(out)
}

/// A multi-select, when converting it also proves the property's rules: every item one of the
/// choices of a derived enum (whose `from_value` reads exactly them), no item twice, and
/// as many items as `minItems` / `maxItems` allow. `None` sends the answer through the full
/// check, which says what is wrong; so does a long list (past 16 items), whose items are then
/// told apart by the check's choice table instead of pairwise here.
fn multi_proven<E: ElicitationEnum, C: Default + Extend<E>>(
    value: &Value,
    property: &crate::schema::Property,
) -> Option<C> {
    const PAIRWISE: usize = 16;
    // A derived enum reads exactly its choices; a hand-written one may read more (another case,
    // say), which only the full check refuses.
    if !E::__READS_EXACTLY {
        return None;
    }
    let items = value.as_array()?;
    let crate::schema::PropertyKind::MultiSelect(m) = property.schema().kind() else {
        return None;
    };
    let count = items.len() as u64;
    if items.len() > PAIRWISE
        || m.min_items.is_some_and(|n| count < n)
        || m.max_items.is_some_and(|n| count > n)
    {
        return None;
    }
    let mut out = C::default();
    for (index, item) in items.iter().enumerate() {
        let text = item.as_str()?;
        let choice = E::from_value(text)?;
        // Every item before this one is a choice too, so equal text is the same choice.
        if items
            .iter()
            .take(index)
            .any(|seen| seen.as_str() == Some(text))
        {
            return None;
        }
        out.extend(std::iter::once(choice));
    }
    Some(out)
}

fn multi_to_json<'a, E: ElicitationEnum + 'a>(items: impl Iterator<Item = &'a E>) -> Value {
    Value::Array(items.map(|e| Value::from(e.value())).collect())
}

impl<E: ElicitationEnum> FormValue for Vec<E> {
    const KIND: ValueKind = ValueKind::MultiSelect(E::CHOICES);

    fn __convert_proven(value: &Value, property: &crate::schema::Property) -> Option<Self> {
        multi_proven::<E, _>(value, property)
    }

    fn from_json(value: &Value) -> Option<Self> {
        multi_from_json::<E, _>(value)
    }

    fn to_json(&self) -> Value {
        multi_to_json(self.iter())
    }
}

impl<E: ElicitationEnum + Ord> FormValue for BTreeSet<E> {
    const KIND: ValueKind = ValueKind::MultiSelect(E::CHOICES);

    fn __convert_proven(value: &Value, property: &crate::schema::Property) -> Option<Self> {
        multi_proven::<E, _>(value, property)
    }

    fn from_json(value: &Value) -> Option<Self> {
        multi_from_json::<E, _>(value)
    }

    fn to_json(&self) -> Value {
        multi_to_json(self.iter())
    }
}

impl<E: ElicitationEnum + Eq + Hash, S: std::hash::BuildHasher + Default> FormValue
    for HashSet<E, S>
{
    const KIND: ValueKind = ValueKind::MultiSelect(E::CHOICES);

    fn __convert_proven(value: &Value, property: &crate::schema::Property) -> Option<Self> {
        multi_proven::<E, _>(value, property)
    }

    fn from_json(value: &Value) -> Option<Self> {
        multi_from_json::<E, _>(value)
    }

    fn to_json(&self) -> Value {
        multi_to_json(self.iter())
    }
}

impl<E: ElicitationEnum> MultiSelectValue for Vec<E> {
    type Item = E;
}

impl<E: ElicitationEnum + Ord> MultiSelectValue for BTreeSet<E> {
    type Item = E;
}

impl<E: ElicitationEnum + Eq + Hash, S: std::hash::BuildHasher + Default> MultiSelectValue
    for HashSet<E, S>
{
    type Item = E;
}

/// Implements [`FormValue`] for a single-select enum; called by `#[derive(ElicitationEnum)]`.
#[doc(hidden)]
pub fn enum_from_json<E: ElicitationEnum>(value: &Value) -> Option<E> {
    select_from_json(value)
}

/// One field of an answer, as read.
enum Read<V> {
    /// Absent (or `null`) and optional.
    Absent,
    /// Present and fitting.
    Present(V),
    /// Missing or not fitting: its problems are recorded.
    Failed,
}

/// Reads one field of an answer, recording its problems: `proven` may take a value whose
/// conversion proves it fits; any other value goes through the property's check, then
/// `convert`, and `misfit` says why a checked value still does not convert.
fn read_value<V>(
    value: Option<&Value>,
    required: bool,
    property: &crate::schema::Property,
    problems: &mut crate::content::Problems,
    proven: impl FnOnce(&Value) -> Option<V>,
    convert: impl FnOnce(&Value) -> Option<V>,
    misfit: impl FnOnce(&Value) -> ProblemKind,
) -> Read<V> {
    match value {
        None | Some(Value::Null) if !required => Read::Absent,
        None => {
            problems.push(property, ProblemKind::Missing);
            Read::Failed
        }
        Some(value) => {
            if let Some(v) = proven(value) {
                return Read::Present(v);
            }
            if !problems.check(property, value) {
                return Read::Failed;
            }
            match convert(value) {
                Some(v) => Read::Present(v),
                None => {
                    problems.push(property, misfit(value));
                    Read::Failed
                }
            }
        }
    }
}

/// Reads one field of an answer, recording its problems.
fn read_field<T: FormField>(
    value: Option<&Value>,
    property: &crate::schema::Property,
    problems: &mut crate::content::Problems,
) -> Option<T> {
    let read = read_value(
        value,
        T::REQUIRED,
        property,
        problems,
        |v| <T::Value as FormValue>::__convert_proven(v, property),
        <T::Value as FormValue>::from_json,
        out_of_type_range::<T::Value>,
    );
    match read {
        Read::Absent => T::absent(),
        Read::Present(v) => Some(T::present(v)),
        Read::Failed => None,
    }
}

/// Why a value that passed the schema check still does not fit the Rust type `T`: an integer
/// beyond a 64-bit type's range (which the schema leaves unbounded), a number beyond `f32`, or
/// a value a hand-written [`FormValue`] or [`ElicitationEnum`] refuses (a choice its
/// `from_value` does not read back).
fn out_of_type_range<T: FormValue>(value: &Value) -> ProblemKind {
    let found = Number::from_json(value);
    match (T::KIND, found) {
        // Exact where `Number::lt` is not (see `above_integer`).
        (ValueKind::Integer { min, .. }, Some(v)) if below_integer(v, min) => {
            ProblemKind::BelowMinimum {
                minimum: Number::Int(min),
                value: v,
            }
        }
        (ValueKind::Integer { max, .. }, Some(v)) if above_integer(v, max) => {
            ProblemKind::AboveMaximum {
                maximum: Number::Int(max),
                value: v,
            }
        }
        (ValueKind::Number, Some(v)) if v.lt(Number::Float(-T::FLOAT_MAX)) => {
            ProblemKind::BelowMinimum {
                minimum: Number::Float(-T::FLOAT_MAX),
                value: v,
            }
        }
        (ValueKind::Number, Some(v)) if Number::Float(T::FLOAT_MAX).lt(v) => {
            ProblemKind::AboveMaximum {
                maximum: Number::Float(T::FLOAT_MAX),
                value: v,
            }
        }
        // Anything else passed the check (a select's value is one of its choices), so the type
        // itself refuses it.
        _ => ProblemKind::RefusedByType {
            type_name: std::any::type_name::<T>(),
            value: value.to_string(),
        },
    }
}

/// Whether `v` is below an integer type's minimum `min` (exact for the built-in types, whose
/// minimum is zero or a power of two, so exact as `f64`).
fn below_integer(v: Number, min: i128) -> bool {
    match v {
        Number::Int(i) => i < min,
        Number::Float(f) => f < min as f64,
    }
}

/// Whether `v` is above an integer type's maximum `max`: a float is compared with the integer
/// just past it, a power of two and so exact as `f64` for the built-in types, where `max` as
/// `f64` rounds `u64::MAX` up to 2^64, which would pass.
fn above_integer(v: Number, max: i128) -> bool {
    match v {
        Number::Int(i) => i > max,
        Number::Float(f) => f >= max.saturating_add(1) as f64,
    }
}

/// A type that a field marked `#[form(runtime_choices)]` may hold (not counting `Option`):
/// `String` (a single-select) or `Vec<String>` / `BTreeSet<String>` (a multi-select) whose
/// choices are given when the form is sent.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot take choices at run time",
    label = "`runtime_choices` needs a `String` or a list of them here",
    note = "a field with run-time choices is a `String` (single-select), a `Vec<String>` or `BTreeSet<String>` (multi-select), or an `Option` of one of these",
    note = "for choices known at compile time, use a `#[derive(ElicitationEnum)]` enum instead"
)]
#[doc(hidden)]
pub trait RuntimeChoiceValue: Sized {
    /// Whether the field is a multi-select.
    const MULTI: bool;

    /// Converts a value that already passed the (filled) property's check.
    fn from_json(value: &Value) -> Option<Self>;

    /// The value, when converting it also proves that it passes `property`'s checks against
    /// the choices sent; `None` sends the answer through the full check, which reports what is
    /// wrong. Used when reading answers; the default proves nothing.
    #[doc(hidden)]
    fn __convert_proven(value: &Value, property: &crate::schema::Property) -> Option<Self> {
        let _ = (value, property);
        None
    }

    /// The value as JSON.
    fn to_json(&self) -> Value;
}

/// A field marked `#[form(runtime_choices)]`: a [`RuntimeChoiceValue`] (required) or an `Option`
/// of one (optional).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot take choices at run time",
    label = "`runtime_choices` needs a `String` or a list of them here",
    note = "a field with run-time choices is a `String` (single-select), a `Vec<String>` or `BTreeSet<String>` (multi-select), or an `Option` of one of these",
    note = "for choices known at compile time, use a `#[derive(ElicitationEnum)]` enum instead"
)]
#[doc(hidden)]
pub trait RuntimeChoiceField: Sized {
    /// The type without `Option`.
    type Value: RuntimeChoiceValue;
    /// Whether the property is listed in `required`.
    const REQUIRED: bool;
    /// Whether the field is a multi-select.
    const MULTI: bool = <Self::Value as RuntimeChoiceValue>::MULTI;

    /// The field when its property is absent: `Some(None)` for an `Option`, `None` otherwise.
    fn absent() -> Option<Self>;

    /// Wraps a present value.
    fn present(value: Self::Value) -> Self;

    /// The present value, if any.
    fn get(&self) -> Option<&Self::Value>;

    /// Reads the field from its value in an answer, recording its problems. Used by generated
    /// code.
    #[doc(hidden)]
    fn __read(
        value: Option<&Value>,
        property: &crate::schema::Property,
        problems: &mut crate::content::Problems,
    ) -> Option<Self> {
        let read = read_value(
            value,
            Self::REQUIRED,
            property,
            problems,
            |_| None,
            <Self::Value as RuntimeChoiceValue>::from_json,
            |v| ProblemKind::WrongType {
                expected: if Self::MULTI {
                    crate::content::JsonType::Array
                } else {
                    crate::content::JsonType::String
                },
                found: crate::content::JsonType::of(v),
            },
        );
        match read {
            Read::Absent => Self::absent(),
            Read::Present(v) => Some(Self::present(v)),
            Read::Failed => None,
        }
    }

    /// The field, when its value is proven to pass `property`'s checks (against the choices
    /// sent) without recording anything; `None` sends the whole answer through
    /// [`RuntimeChoiceField::__read`]. Used by generated code.
    #[doc(hidden)]
    #[inline]
    fn __read_proven(value: Option<&Value>, property: &crate::schema::Property) -> Option<Self> {
        match value {
            None | Some(Value::Null) if !Self::REQUIRED => Self::absent(),
            None => None,
            Some(v) => <Self::Value as RuntimeChoiceValue>::__convert_proven(v, property)
                .map(Self::present),
        }
    }

    /// Writes the field into `content` when it holds a value. Used by generated code.
    #[doc(hidden)]
    fn __write(&self, content: &mut Map<String, Value>, name: &str) {
        write_member(content, name, self.get().map(RuntimeChoiceValue::to_json));
    }
}

impl<T: RuntimeChoiceValue> RuntimeChoiceField for T {
    type Value = T;
    const REQUIRED: bool = true;

    fn absent() -> Option<Self> {
        None
    }

    fn present(value: T) -> Self {
        value
    }

    fn get(&self) -> Option<&T> {
        Some(self)
    }
}

impl<T: RuntimeChoiceValue> RuntimeChoiceField for Option<T> {
    type Value = T;
    const REQUIRED: bool = false;

    fn absent() -> Option<Self> {
        Some(None)
    }

    fn present(value: T) -> Self {
        Some(value)
    }

    fn get(&self) -> Option<&T> {
        self.as_ref()
    }
}

impl RuntimeChoiceValue for String {
    const MULTI: bool = false;

    // One of the choices sent (any string while none are given, as the static shape says).
    fn __convert_proven(value: &Value, property: &crate::schema::Property) -> Option<Self> {
        let (Value::String(v), crate::schema::PropertyKind::SingleSelect(s)) =
            (value, property.schema().kind())
        else {
            return None;
        };
        (s.choices.is_unfilled() || s.choices.contains(v)).then(|| v.clone())
    }

    fn from_json(value: &Value) -> Option<Self> {
        value.as_str().map(str::to_owned)
    }

    fn to_json(&self) -> Value {
        Value::String(self.clone())
    }
}

/// A run-time multi-select's value, when converting it proves that it passes `property`'s
/// checks: an array within the item bounds, of distinct strings among the choices sent (any
/// distinct strings while none are given). Distinct is proven by a bit per choice among the
/// first 64, or pairwise up to 16 items of an unfilled list; past those, `None`.
fn proven_runtime_strings<C: Default + Extend<String>>(
    value: &Value,
    property: &crate::schema::Property,
) -> Option<C> {
    let (Value::Array(items), crate::schema::PropertyKind::MultiSelect(m)) =
        (value, property.schema().kind())
    else {
        return None;
    };
    let count = items.len() as u64;
    if m.min_items.is_some_and(|n| count < n) || m.max_items.is_some_and(|n| count > n) {
        return None;
    }
    if m.choices.is_unfilled() {
        if items.len() > 16 {
            return None;
        }
        for (index, item) in items.iter().enumerate() {
            let v = item.as_str()?;
            if items.iter().take(index).any(|i| i.as_str() == Some(v)) {
                return None;
            }
        }
    } else {
        let mut seen: u64 = 0;
        for item in items {
            let choice = m.choices.position(item.as_str()?)?;
            if choice >= 64 || seen & (1 << choice) != 0 {
                return None;
            }
            seen |= 1 << choice;
        }
    }
    strings_from_json(value)
}

fn strings_from_json<C: Default + Extend<String>>(value: &Value) -> Option<C> {
    let mut out = C::default();
    for item in value.as_array()? {
        out.extend(std::iter::once(item.as_str()?.to_owned()));
    }
    Some(out)
}

impl RuntimeChoiceValue for Vec<String> {
    const MULTI: bool = true;

    fn __convert_proven(value: &Value, property: &crate::schema::Property) -> Option<Self> {
        proven_runtime_strings(value, property)
    }

    fn from_json(value: &Value) -> Option<Self> {
        strings_from_json(value)
    }

    fn to_json(&self) -> Value {
        Value::Array(self.iter().cloned().map(Value::String).collect())
    }
}

impl RuntimeChoiceValue for BTreeSet<String> {
    const MULTI: bool = true;

    fn __convert_proven(value: &Value, property: &crate::schema::Property) -> Option<Self> {
        proven_runtime_strings(value, property)
    }

    fn from_json(value: &Value) -> Option<Self> {
        strings_from_json(value)
    }

    fn to_json(&self) -> Value {
        Value::Array(self.iter().cloned().map(Value::String).collect())
    }
}
