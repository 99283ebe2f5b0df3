//! Checking the `content` of an accepted elicitation against a form's schema.
//!
//! One checker serves both the runtime's `ElicitationForm::from_content` and the validator's
//! check of interaction examples, so a rule (lengths in characters, what counts
//! as a date, integer-valued floats) is written once.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use serde_json::Value;

use crate::schema::{Number, Property, PropertyKind, StringFormat};
use crate::shown::{List, Shown};

/// The JSON type of a value, for diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JsonType {
    /// `null`.
    Null,
    /// `true` or `false`.
    Boolean,
    /// A number with a fractional part.
    Number,
    /// A number without a fractional part.
    Integer,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
}

impl JsonType {
    /// The JSON type of `value`.
    pub fn of(value: &Value) -> JsonType {
        match value {
            Value::Null => JsonType::Null,
            Value::Bool(_) => JsonType::Boolean,
            Value::Number(n) => {
                if n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0) {
                    JsonType::Integer
                } else {
                    JsonType::Number
                }
            }
            Value::String(_) => JsonType::String,
            Value::Array(_) => JsonType::Array,
            Value::Object(_) => JsonType::Object,
        }
    }

    /// The name with its indefinite article: "an integer", "a string".
    pub const fn with_article(self) -> &'static str {
        match self {
            JsonType::Null => "null",
            JsonType::Boolean => "a boolean",
            JsonType::Number => "a number",
            JsonType::Integer => "an integer",
            JsonType::String => "a string",
            JsonType::Array => "an array",
            JsonType::Object => "an object",
        }
    }

    /// The JSON Schema name of the type.
    pub const fn as_str(self) -> &'static str {
        match self {
            JsonType::Null => "null",
            JsonType::Boolean => "boolean",
            JsonType::Number => "number",
            JsonType::Integer => "integer",
            JsonType::String => "string",
            JsonType::Array => "array",
            JsonType::Object => "object",
        }
    }
}

impl fmt::Display for JsonType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How many problems of one multi-select's items an answer's [`ContentError`] lists; the rest are
/// counted in one [`ProblemKind::MoreItemProblems`].
pub const MAX_ITEM_PROBLEMS: usize = 16;

/// What is wrong with one property of an answer.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ProblemKind {
    /// A required property is absent.
    Missing,
    /// The value has the wrong JSON type.
    WrongType {
        /// The type the schema asks for.
        expected: JsonType,
        /// The type that was sent.
        found: JsonType,
    },
    /// A number with a fractional part where an integer is required (`3.5`).
    NotAnInteger {
        /// The value sent.
        value: f64,
    },
    /// A number below `minimum` (or below the smallest value of the field's integer type).
    BelowMinimum {
        /// The smallest allowed value.
        minimum: Number,
        /// The value sent.
        value: Number,
    },
    /// A number above `maximum` (or above the largest value of the field's integer type).
    AboveMaximum {
        /// The largest allowed value.
        maximum: Number,
        /// The value sent.
        value: Number,
    },
    /// A string with fewer characters than `minLength`.
    TooShort {
        /// `minLength`.
        min_length: u64,
        /// The length sent, in characters.
        length: u64,
    },
    /// A string with more characters than `maxLength`.
    TooLong {
        /// `maxLength`.
        max_length: u64,
        /// The length sent, in characters.
        length: u64,
    },
    /// A string that is not a valid instance of its `format`.
    InvalidFormat {
        /// The format.
        format: StringFormat,
        /// The value sent.
        value: String,
    },
    /// A value that is not one of the choices.
    NotAChoice {
        /// The value sent.
        value: String,
        /// The allowed values, shared by every problem of the property in one answer (a
        /// multi-select's wrong items all name the same list).
        choices: Arc<[String]>,
    },
    /// A multi-select item that is not a string.
    ItemWrongType {
        /// The index of the item.
        index: usize,
        /// Its JSON type.
        found: JsonType,
    },
    /// A multi-select item that is not one of the choices.
    ItemNotAChoice {
        /// The index of the item.
        index: usize,
        /// The value sent.
        value: String,
        /// The allowed values, shared by every problem of the property in one answer (a
        /// multi-select's wrong items all name the same list).
        choices: Arc<[String]>,
    },
    /// Problems of items past the first [`MAX_ITEM_PROBLEMS`] of one multi-select, counted
    /// rather than listed: an answer can hold any number of items, and each problem listed
    /// takes more room than the item it is about.
    MoreItemProblems {
        /// How many problems of the property's items are not listed.
        count: usize,
    },
    /// Fewer items than `minItems`.
    TooFewItems {
        /// `minItems`.
        min_items: u64,
        /// The number of items sent.
        count: u64,
    },
    /// More items than `maxItems`.
    TooManyItems {
        /// `maxItems`.
        max_items: u64,
        /// The number of items sent.
        count: u64,
    },
    /// A value the schema allows but the field's type does not read: a hand-written
    /// `FormValue` (of the runtime) whose `from_json` refuses it (a newtype with rules of its
    /// own).
    RefusedByType {
        /// The field's type, as [`std::any::type_name`] gives it.
        type_name: &'static str,
        /// The value sent, as JSON.
        value: String,
    },
}

impl fmt::Display for ProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemKind::Missing => f.write_str("is required but missing"),
            ProblemKind::WrongType { expected, found } => {
                write!(
                    f,
                    "must be {}, not {}",
                    expected.with_article(),
                    found.with_article()
                )
            }
            ProblemKind::NotAnInteger { value } => {
                write!(
                    f,
                    "must be a whole number, not {}",
                    crate::schema::Shortest(*value)
                )
            }
            ProblemKind::BelowMinimum { minimum, value } => {
                write!(f, "{value} is below the minimum {minimum}")
            }
            ProblemKind::AboveMaximum { maximum, value } => {
                write!(f, "{value} is above the maximum {maximum}")
            }
            ProblemKind::TooShort { min_length, length } => write!(
                f,
                "has {length} character{}, fewer than the minimum {min_length}",
                plural(*length)
            ),
            ProblemKind::TooLong { max_length, length } => write!(
                f,
                "has {length} character{}, more than the maximum {max_length}",
                plural(*length)
            ),
            ProblemKind::InvalidFormat { format, value } => {
                let what = match format {
                    StringFormat::Email => "an e-mail address",
                    StringFormat::Uri => "an absolute URI",
                    StringFormat::Date => "an RFC 3339 date (YYYY-MM-DD)",
                    StringFormat::DateTime => "an RFC 3339 date-time",
                };
                write!(f, "{} is not {what}", Shown::quoted(value))
            }
            ProblemKind::NotAChoice { value, choices } => {
                write!(
                    f,
                    "{} is not one of {}",
                    Shown::quoted(value),
                    List(choices.iter().map(String::as_str))
                )
            }
            ProblemKind::ItemWrongType { index, found } => {
                write!(
                    f,
                    "item {index} must be a string, not {}",
                    found.with_article()
                )
            }
            ProblemKind::ItemNotAChoice {
                index,
                value,
                choices,
            } => write!(
                f,
                "item {index} {} is not one of {}",
                Shown::quoted(value),
                List(choices.iter().map(String::as_str))
            ),
            ProblemKind::MoreItemProblems { count } => write!(
                f,
                "has {count} more problem{} with its items, not listed (the first {MAX_ITEM_PROBLEMS} are)",
                if *count == 1 { "" } else { "s" }
            ),
            ProblemKind::TooFewItems { min_items, count } => write!(
                f,
                "has {count} item{}, fewer than the minimum {min_items}",
                plural(*count)
            ),
            ProblemKind::TooManyItems { max_items, count } => write!(
                f,
                "has {count} item{}, more than the maximum {max_items}",
                plural(*count)
            ),
            ProblemKind::RefusedByType { type_name, value } => {
                write!(f, "{} is not a value of `{type_name}`", Shown::json(value))
            }
        }
    }
}

/// Whether `text` is a JSON number literal (RFC 8259 §6), and nothing else.
fn is_number_literal(text: &str) -> bool {
    let mut bytes = text.as_bytes();
    if let [b'-', rest @ ..] = bytes {
        bytes = rest;
    }
    let digits = |b: &[u8]| b.iter().take_while(|c| c.is_ascii_digit()).count();
    let int = digits(bytes);
    if int == 0 || (int > 1 && bytes.first() == Some(&b'0')) {
        return false;
    }
    bytes = bytes.get(int..).unwrap_or_default();
    if let [b'.', rest @ ..] = bytes {
        let n = digits(rest);
        if n == 0 {
            return false;
        }
        bytes = rest.get(n..).unwrap_or_default();
    }
    if let [b'e' | b'E', rest @ ..] = bytes {
        let rest = match rest {
            [b'+' | b'-', r @ ..] => r,
            r => r,
        };
        let n = digits(rest);
        if n == 0 {
            return false;
        }
        bytes = rest.get(n..).unwrap_or_default();
    }
    bytes.is_empty()
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// One problem of an answer: the property and what is wrong with it.
#[derive(Clone, Debug, PartialEq)]
pub struct ContentProblem {
    property: Cow<'static, str>,
    kind: ProblemKind,
    /// The number as the client wrote it, where reading it as a double changed how it reads
    /// (`99999999999999999999999999`, read as `1e26`).
    written: Option<String>,
}

impl ContentProblem {
    /// The property name.
    pub fn property(&self) -> &str {
        &self.property
    }

    /// What is wrong.
    pub fn kind(&self) -> &ProblemKind {
        &self.kind
    }

    /// The number the problem is about as the client wrote it, when that is known and differs
    /// from how the number reads once parsed (`99999999999999999999999999`, which JSON readers
    /// read as the double `1e26`). `Display` says the number so.
    pub fn as_written(&self) -> Option<&str> {
        self.written.as_deref()
    }

    /// The JSON Pointer of the property within `content` (`/name`, escaped per RFC 6901).
    pub fn pointer(&self) -> String {
        let mut p = String::with_capacity(self.property.len() + 1);
        p.push('/');
        for c in self.property.chars() {
            match c {
                '~' => p.push_str("~0"),
                '/' => p.push_str("~1"),
                c => p.push(c),
            }
        }
        p
    }
}

impl fmt::Display for ContentProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.kind, &self.written) {
            (ProblemKind::BelowMinimum { minimum, .. }, Some(written)) => write!(
                f,
                "`{}` {written} is below the minimum {minimum}",
                self.property
            ),
            (ProblemKind::AboveMaximum { maximum, .. }, Some(written)) => write!(
                f,
                "`{}` {written} is above the maximum {maximum}",
                self.property
            ),
            (ProblemKind::NotAnInteger { .. }, Some(written)) => write!(
                f,
                "`{}` must be a whole number, not {written}",
                self.property
            ),
            _ => write!(f, "`{}` {}", self.property, self.kind),
        }
    }
}

/// Every problem of an elicitation answer that does not fit its form.
///
/// `Display` lists each problem with its property; [`problems`](Self::problems) gives them typed.
/// The problems of one multi-select's items are listed up to [`MAX_ITEM_PROBLEMS`] and the rest
/// counted in one [`ProblemKind::MoreItemProblems`], so that the error of an answer stays small
/// however many items it sends.
#[derive(Clone, Debug, PartialEq)]
pub struct ContentError {
    problems: Vec<ContentProblem>,
}

impl ContentError {
    /// The problems, in the order of the form's properties. Never empty.
    pub fn problems(&self) -> &[ContentProblem] {
        &self.problems
    }

    /// The problems with each number said as the client wrote it, where `written` (property
    /// name to the number's text in the answer) holds a JSON number literal that reads as the
    /// same number. A text that is not such a literal is passed over, so the problems never say
    /// a number the answer did not hold.
    #[doc(hidden)]
    pub fn numbers_as_written(mut self, written: &serde_json::Map<String, Value>) -> Self {
        for problem in &mut self.problems {
            let value = match &problem.kind {
                ProblemKind::BelowMinimum { value, .. }
                | ProblemKind::AboveMaximum { value, .. } => value.as_f64(),
                ProblemKind::NotAnInteger { value } => *value,
                _ => continue,
            };
            let Some(text) = written
                .get(problem.property.as_ref())
                .and_then(Value::as_str)
            else {
                continue;
            };
            let same = serde_json::from_str::<Value>(text)
                .ok()
                .and_then(|v| v.as_f64())
                .is_some_and(|v| v == value || (v.is_nan() && value.is_nan()));
            if same && is_number_literal(text) {
                problem.written = Some(text.to_owned());
            }
        }
        self
    }

    /// The problems of one property.
    pub fn problems_of<'a>(&'a self, property: &'a str) -> impl Iterator<Item = &'a ProblemKind> {
        self.problems
            .iter()
            .filter(move |p| p.property == property)
            .map(|p| &p.kind)
    }
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.problems.as_slice() {
            [one] => write!(f, "the elicitation answer does not fit the form: {one}"),
            many => {
                write!(
                    f,
                    "the elicitation answer does not fit the form ({} problems):",
                    many.len()
                )?;
                for p in many {
                    write!(f, "\n  - {p}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for ContentError {}

impl ContentError {
    /// An error with no problem yet, for a check that adds its problems afterwards.
    #[doc(hidden)]
    pub fn empty() -> Self {
        ContentError {
            problems: Vec::new(),
        }
    }
}

/// Collects the problems of one answer. Allocates only when there is a problem.
#[derive(Default, Debug)]
#[doc(hidden)]
pub struct Problems {
    problems: Vec<ContentProblem>,
}

impl Problems {
    /// No problem yet.
    pub const fn new() -> Self {
        Problems {
            problems: Vec::new(),
        }
    }

    /// Records a problem of `property` (its name is borrowed from a derived form's `static`,
    /// so recording allocates only the list).
    pub fn push(&mut self, property: &Property, kind: ProblemKind) {
        self.problems.push(ContentProblem {
            property: property.name_text().clone(),
            kind,
            written: None,
        });
    }

    /// What was found, without the property names.
    pub fn into_kinds(self) -> impl Iterator<Item = ProblemKind> {
        self.problems.into_iter().map(|p| p.kind)
    }

    /// `Ok` when no problem was recorded, else every problem in one [`ContentError`].
    ///
    /// # Errors
    ///
    /// Every recorded problem.
    pub fn finish(self) -> Result<(), ContentError> {
        if self.problems.is_empty() {
            Ok(())
        } else {
            Err(ContentError {
                problems: self.problems,
            })
        }
    }

    /// Checks one present value against its property, pushing every problem; `true` when none.
    pub fn check(&mut self, property: &Property, value: &Value) -> bool {
        let before = self.problems.len();
        let name = property;
        match property.schema().kind() {
            PropertyKind::String(s) => match value {
                Value::String(v) => {
                    let length = crate::text::char_count(v);
                    if let Some(min_length) = s.min_length.filter(|m| length < *m) {
                        self.push(name, ProblemKind::TooShort { min_length, length });
                    }
                    if let Some(max_length) = s.max_length.filter(|m| length > *m) {
                        self.push(name, ProblemKind::TooLong { max_length, length });
                    }
                    if let Some(format) = s.format.filter(|f| !f.matches(v)) {
                        self.push(
                            name,
                            ProblemKind::InvalidFormat {
                                format,
                                value: v.clone(),
                            },
                        );
                    }
                }
                other => self.wrong_type(name, JsonType::String, other),
            },
            PropertyKind::Boolean { .. } => {
                if !value.is_boolean() {
                    self.wrong_type(name, JsonType::Boolean, value);
                }
            }
            PropertyKind::Number(n) | PropertyKind::Integer(n) => {
                let integer = matches!(property.schema().kind(), PropertyKind::Integer(_));
                match Number::from_json(value) {
                    None => self.wrong_type(
                        name,
                        if integer {
                            JsonType::Integer
                        } else {
                            JsonType::Number
                        },
                        value,
                    ),
                    Some(Number::Float(f)) if integer && f.fract() != 0.0 => {
                        self.push(name, ProblemKind::NotAnInteger { value: f });
                    }
                    Some(v) => {
                        if let Some(minimum) = n.minimum.filter(|m| v.lt(*m)) {
                            self.push(name, ProblemKind::BelowMinimum { minimum, value: v });
                        }
                        if let Some(maximum) = n.maximum.filter(|m| m.lt(v)) {
                            self.push(name, ProblemKind::AboveMaximum { maximum, value: v });
                        }
                    }
                }
            }
            PropertyKind::SingleSelect(s) => match value {
                // Run-time choices not given: the static shape is any string.
                Value::String(_) if s.choices.is_unfilled() => {}
                Value::String(v) if !s.choices.contains(v) => self.push(
                    name,
                    ProblemKind::NotAChoice {
                        value: v.clone(),
                        choices: s.choices.values().map(str::to_owned).collect(),
                    },
                ),
                Value::String(_) => {}
                other => self.wrong_type(name, JsonType::String, other),
            },
            PropertyKind::MultiSelect(m) => match value {
                Value::Array(items) => {
                    let count = items.len() as u64;
                    if let Some(min_items) = m.min_items.filter(|n| count < *n) {
                        self.push(name, ProblemKind::TooFewItems { min_items, count });
                    }
                    if let Some(max_items) = m.max_items.filter(|n| count > *n) {
                        self.push(name, ProblemKind::TooManyItems { max_items, count });
                    }
                    // Where each item is among the choices. A repeated item is no problem:
                    // the schema a server sends has no `uniqueItems` (MCP's form vocabulary has
                    // none), so an answer that repeats a choice fits it.
                    let lookup = ChoiceLookup::new(&m.choices, items.len());
                    // The choices, made into a list once for all the items that are not one of
                    // them.
                    let mut choices: Option<Arc<[String]>> = None;
                    // The problems of items listed so far, and those past the limit, counted.
                    let mut listed = 0;
                    let mut unlisted = 0;
                    let mut listing = || {
                        let list = listed < MAX_ITEM_PROBLEMS;
                        if list {
                            listed += 1;
                        } else {
                            unlisted += 1;
                        }
                        list
                    };
                    for (index, item) in items.iter().enumerate() {
                        let Value::String(v) = item else {
                            if listing() {
                                self.push(
                                    name,
                                    ProblemKind::ItemWrongType {
                                        index,
                                        found: JsonType::of(item),
                                    },
                                );
                            }
                            continue;
                        };
                        // Without run-time choices any string; else one of the choices.
                        if lookup.position(v).is_none() && !m.choices.is_unfilled() && listing() {
                            self.push(
                                name,
                                ProblemKind::ItemNotAChoice {
                                    index,
                                    value: v.clone(),
                                    choices: Arc::clone(choices.get_or_insert_with(|| {
                                        m.choices.values().map(str::to_owned).collect()
                                    })),
                                },
                            );
                        }
                    }
                    if unlisted > 0 {
                        self.push(name, ProblemKind::MoreItemProblems { count: unlisted });
                    }
                }
                other => self.wrong_type(name, JsonType::Array, other),
            },
        }
        self.problems.len() == before
    }

    fn wrong_type(&mut self, name: &Property, expected: JsonType, value: &Value) {
        self.push(
            name,
            ProblemKind::WrongType {
                expected,
                found: JsonType::of(value),
            },
        );
    }
}

// The answer check lives beside the problems it reports, so that `schema` (the model) does not
// depend on `content` (the check): `content` uses `schema`, never the other way round.
impl crate::schema::RequestedSchema {
    /// Checks an answer's `content` against the schema, reporting every problem.
    ///
    /// # Errors
    ///
    /// Every problem `content` has against the schema, together in one [`ContentError`], each with
    /// its property's name.
    pub fn check_content(
        &self,
        content: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<(), ContentError> {
        let mut problems = Problems::default();
        for property in self.properties() {
            match content.get(property.name()) {
                Some(serde_json::Value::Null) | None if !property.is_required() => {}
                None => problems.push(property, ProblemKind::Missing),
                Some(value) => {
                    problems.check(property, value);
                }
            }
        }
        problems.finish()
    }
}

/// Where an item is among a multi-select's choices: by scanning a short list (or for a few
/// items), by a sorted index of a long one (an answer can hold thousands of items, a run-time
/// list hundreds of choices; scanning the list per item would cost their product).
enum ChoiceLookup<'c> {
    Scan(&'c crate::schema::Choices),
    Sorted(Vec<(&'c str, usize)>),
}

impl<'c> ChoiceLookup<'c> {
    fn new(choices: &'c crate::schema::Choices, items: usize) -> Self {
        if choices.options().len() > 16 && items > 16 {
            let mut sorted: Vec<(&str, usize)> = choices.values().zip(0..).collect();
            sorted.sort_unstable();
            ChoiceLookup::Sorted(sorted)
        } else {
            ChoiceLookup::Scan(choices)
        }
    }

    /// The index of the choice whose value is `value`.
    fn position(&self, value: &str) -> Option<usize> {
        match self {
            ChoiceLookup::Scan(choices) => choices.position(value),
            ChoiceLookup::Sorted(sorted) => {
                // The first of equal values, as a scan finds it.
                let at = sorted.partition_point(|(c, _)| *c < value);
                sorted
                    .get(at)
                    .filter(|(c, _)| *c == value)
                    .map(|(_, index)| *index)
            }
        }
    }
}

/// For each value, whether an earlier one in `values` is the same: pairwise for short lists, by
/// sorting them past that (a run-time choice list can be long; a sort compares each value a few times, where a hash set
/// reads every one through SipHash, and comparing each with all before it grows with the square).
#[doc(hidden)]
pub fn repeated<T: Ord>(values: &[T]) -> Vec<bool> {
    if values.len() <= 16 {
        return values
            .iter()
            .enumerate()
            .map(|(i, v)| values.iter().take(i).any(|earlier| earlier == v))
            .collect();
    }
    let mut repeated = vec![false; values.len()];
    let mut sorted: Vec<(&T, usize)> = values.iter().zip(0..).collect();
    // By value, then by position: of equal values, the first written comes first.
    sorted.sort_unstable();
    for pair in sorted.windows(2) {
        if let [(earlier, _), (later, at)] = *pair
            && earlier == later
            && let Some(r) = repeated.get_mut(at)
        {
            *r = true;
        }
    }
    repeated
}

#[cfg(test)]
mod written_tests {
    use super::is_number_literal;

    #[test]
    fn number_literals_are_json_s() {
        for ok in [
            "0",
            "-0",
            "12",
            "1.5",
            "1e2",
            "1E+2",
            "-3.25e-7",
            "99999999999999999999",
        ] {
            assert!(is_number_literal(ok), "{ok}");
        }
        for bad in [
            "", "-", "01", "1.", ".5", "1e", "+1", "1 ", "NaN", "0x10", "1e2e3",
        ] {
            assert!(!is_number_literal(bad), "{bad}");
        }
    }
}
