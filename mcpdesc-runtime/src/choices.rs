//! Forms whose choices are given at run time: choices and defaults known only when the tool runs.
//!
//! A form field marked `#[form(runtime_choices)]` is a single-select (`String`) or a
//! multi-select (`Vec<String>`, `BTreeSet<String>`) whose choices are given when the form is
//! sent. Any field can also get a default then (a prefill from current state). The derive writes
//! two types beside such a form `F` (or beside any form marked `#[form(runtime_defaults)]`):
//!
//! - `FChoices`, with one required field per run-time choice list (a [`ChoiceList`]) and a
//!   `defaults` field: forgetting a choice list is a compile error ("missing field"), and a form
//!   with run-time choices is not a [`StaticForm`](crate::form::StaticForm), so it cannot be sent
//!   without them;
//! - `FDefaults`, with one `Option` per field typed as the field's own value (`Default`: none).
//!
//! `#[form(choices_name = "...", defaults_name = "...")]` names them otherwise (either key alone
//! also writes them, as `runtime_defaults` does). They have the form's visibility, and a `#[non_exhaustive]`
//! form makes them `#[non_exhaustive]` too, since their members follow its fields: another crate
//! then sets `FDefaults`' members on `FDefaults::default()`, and builds an `FChoices` only through
//! what the form's own crate offers.
//!
//! [`FormChoices::prepare`] checks what was given (choice lists non-empty, without duplicate or empty
//! values; defaults within the field's bounds, format and choices) and returns every problem at
//! once, before anything is sent; otherwise a [`Prepared`] schema: the static schema with the
//! run-time parts filled in, in the vocabulary of the negotiated protocol version, whose
//! [`read`](Prepared::read) checks an answer against the choices that were sent.
//!
//! ```
//! use mcpdesc_runtime::choices::{ChoiceList, FormChoices};
//! use mcpdesc_runtime::{ElicitationForm, ProtocolVersion};
//!
//! #[derive(Debug, ElicitationForm)]
//! struct Assign {
//!     /// Teammate login.
//!     #[form(runtime_choices)]
//!     assignee: String,
//!     #[form(max_length = 200)]
//!     note: Option<String>,
//! }
//!
//! let filled = AssignChoices {
//!     assignee: ChoiceList::titled([("alice", "Alice Liddell"), ("bob", "Bob Builder")]),
//!     defaults: AssignDefaults {
//!         assignee: Some("bob".to_owned()),
//!         ..AssignDefaults::default()
//!     },
//! }
//! .prepare(Some(ProtocolVersion::V2025_11_25))
//! .unwrap();
//! assert_eq!(
//!     filled.requested_schema().wire_json(),
//!     r#"{"type":"object","properties":{"assignee":{"type":"string","description":"Teammate login.","oneOf":[{"const":"alice","title":"Alice Liddell"},{"const":"bob","title":"Bob Builder"}],"default":"bob"},"note":{"type":"string","maxLength":200}},"required":["assignee"]}"#
//! );
//!
//! // An answer outside the choices that were sent is a problem naming the field.
//! let answer = serde_json::json!({"assignee": "mallory"});
//! let err = filled.read(answer.as_object().unwrap()).unwrap_err();
//! assert_eq!(err.problems()[0].property(), "assignee");
//! ```
//!
//! Per protocol version: MCP 2025-06-18 has no titled `oneOf` and no default on anything but a
//! boolean. There, titled run-time choices of a single-select are written as `enum` with
//! `enumNames` (the titled form that version has), and a run-time default of a non-boolean field
//! is left out of the schema sent (it is a prefill hint; the answer is checked the same way). A
//! run-time multi-select makes the form fit only 2025-11-25 and later, like any multi-select.
//!
//! In a description the form keeps its static shape: a run-time single-select is a
//! `{"type": "string"}` property and a run-time multi-select an array whose `items.enum` is
//! empty, each with its description.

use std::fmt;
use std::marker::PhantomData;

use serde_json::{Map, Value};

use crate::content::{ContentError, ProblemKind, Problems};
use crate::form::ElicitationForm;
use crate::schema::{
    Choice, ChoiceStyle, Choices, Feature, Number, Property, PropertyKind, RequestedSchema, Text,
};
use crate::shown::Shown;
use crate::version::ProtocolVersion;

/// The choices given to a run-time choice field when its form is sent: values, with a display
/// title each or none.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ChoiceList {
    values: Vec<String>,
    titles: Option<Vec<String>>,
}

impl ChoiceList {
    /// Choices without titles: `{"enum": [...]}`.
    pub fn untitled<I, V>(values: I) -> Self
    where
        I: IntoIterator<Item = V>,
        V: Into<String>,
    {
        ChoiceList {
            values: values.into_iter().map(Into::into).collect(),
            titles: None,
        }
    }

    /// Choices with a display title each: `{"oneOf": [{"const", "title"}]}` for a
    /// single-select, `items.anyOf` for a multi-select.
    pub fn titled<I, V, T>(choices: I) -> Self
    where
        I: IntoIterator<Item = (V, T)>,
        V: Into<String>,
        T: Into<String>,
    {
        let (values, titles) = choices
            .into_iter()
            .map(|(v, t)| (v.into(), t.into()))
            .unzip();
        ChoiceList {
            values,
            titles: Some(titles),
        }
    }

    /// The values, in order.
    pub fn values(&self) -> impl Iterator<Item = &str> {
        self.values.iter().map(String::as_str)
    }

    /// The number of choices.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether there is no choice (which [`FormChoices::prepare`] refuses).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Whether the choices carry titles.
    pub fn is_titled(&self) -> bool {
        self.titles.is_some()
    }
}

/// The run-time part of a form (generated as `FormNameChoices`): fills the form's static schema.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not the run-time part of a form",
    label = "a form's generated `...Choices` type goes here",
    note = "a form with `#[form(runtime_choices)]` fields (or `#[form(runtime_defaults)]`) gets a `FormNameChoices` type beside it: build that, with its choices and defaults, and give it here",
    note = "a form whose schema is complete at compile time is asked as it is, with `ask!(asker, HANDLE)`"
)]
pub trait FormChoices {
    /// The form filled.
    type Form: ElicitationForm;

    /// The schema to send on `version` (the newest vocabulary when `None`), or every problem of
    /// what was given.
    ///
    /// # Errors
    ///
    /// [`ChoicesError`] with every problem of the run-time part, each naming its property: a
    /// choice list that is empty, repeats a value or holds an empty value or title, a
    /// multi-select offered fewer choices than its `min_items`, a default that does not fit the
    /// field (its bounds, format or choices), or vocabulary `version` lacks.
    fn prepare(
        self,
        version: Option<ProtocolVersion>,
    ) -> Result<Prepared<Self::Form>, ChoicesError>;
}

/// A form's schema with its run-time parts filled in, ready to send; reads the answer against
/// what was sent.
pub struct Prepared<F> {
    schema: RequestedSchema,
    form: PhantomData<fn() -> F>,
}

impl<F> fmt::Debug for Prepared<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Prepared")
            .field("schema", &self.schema)
            .finish()
    }
}

impl<F> Clone for Prepared<F> {
    fn clone(&self) -> Self {
        Prepared {
            schema: self.schema.clone(),
            form: PhantomData,
        }
    }
}

impl<F: ElicitationForm> Prepared<F> {
    /// The schema to send (its [`wire_json`](RequestedSchema::wire_json) is the wire JSON).
    pub fn requested_schema(&self) -> &RequestedSchema {
        &self.schema
    }

    /// Parses and validates an accepted answer against the schema that was sent: a value
    /// outside the run-time choices is a problem of its field, like any other.
    ///
    /// # Errors
    ///
    /// Every problem of `content`, in one [`ContentError`], as [`ElicitationForm::from_content`]
    /// reports them, and a value outside the run-time choices sent as a problem of its field.
    pub fn read(&self, content: &Map<String, Value>) -> Result<F, ContentError> {
        F::__from_content_in(content, self.schema.properties())
    }

    /// The run-time choice values that were sent, by property name: what an answer is checked
    /// against. (On MCP 2026-07-28 `Asker` keeps only their digest in the sealed `requestState`,
    /// and fills the form again on the retry.)
    pub fn runtime_choices(&self) -> Map<String, Value> {
        self.schema
            .properties()
            .iter()
            .filter_map(|p| {
                let choices = p.choices().filter(|c| c.is_runtime())?;
                let values = choices.values().map(Value::from).collect();
                Some((p.name().to_owned(), Value::Array(values)))
            })
            .collect()
    }

    /// A SHA-256 digest of the run-time choice values that were sent, property by property in
    /// the form's order: what a sealed `requestState` keeps instead of the values themselves,
    /// so that its size does not grow with the choices (MCP 2026-07-28). A retried call prepares
    /// the form again and reads its answer against the new choices only when the digests agree.
    #[cfg(feature = "rmcp")]
    pub(crate) fn choices_digest(&self) -> [u8; 32] {
        use sha2::Digest as _;
        let mut hasher = sha2::Sha256::new();
        for property in self.schema.properties() {
            let Some(choices) = property.choices().filter(|c| c.is_runtime()) else {
                continue;
            };
            // Each part is preceded by its length, so no two lists write the same bytes.
            let mut part = |bytes: &[u8]| {
                hasher.update((bytes.len() as u64).to_le_bytes());
                hasher.update(bytes);
            };
            part(property.name().as_bytes());
            for value in choices.values() {
                part(value.as_bytes());
            }
            // The end of the list.
            hasher.update(u64::MAX.to_le_bytes());
        }
        hasher.finalize().into()
    }

    /// The form as it was sent with the run-time choice values `choices` (as
    /// [`runtime_choices`](Self::runtime_choices) wrote them), for reading a retried call's
    /// answer: titles and defaults do not matter to the check and are left out.
    ///
    /// # Errors
    ///
    /// [`ChoicesError`] when `choices` does not fit the form: a run-time field without its list, a
    /// list that is not an array of strings, or one that is empty or repeats a value.
    pub fn from_runtime_choices(choices: &Map<String, Value>) -> Result<Self, ChoicesError> {
        let mut filler = Filler::new(F::requested_schema(), None);
        for index in 0..filler.properties.len() {
            let Some(property) = filler.properties.get(index) else {
                continue;
            };
            if !property.has_runtime_choices() {
                continue;
            }
            let values: Option<Vec<String>> = choices
                .get(property.name())
                .and_then(Value::as_array)
                .and_then(|a| a.iter().map(|v| v.as_str().map(str::to_owned)).collect());
            filler.choices(index, ChoiceList::untitled(values.unwrap_or_default()));
        }
        filler.finish()
    }
}

/// What is wrong with one field's run-time part.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ChoicesProblemKind {
    /// The choice list is empty: nothing could be answered.
    NoChoices,
    /// A value appears twice in the choice list.
    DuplicateChoice(String),
    /// A choice value is the empty string.
    EmptyChoiceValue,
    /// A choice title is empty (or only whitespace).
    EmptyChoiceTitle {
        /// The choice's value.
        value: String,
    },
    /// A choice title holds a control character (NUL, a line break, ...), which a client shows
    /// as nothing or as a break.
    ChoiceTitleWithControl {
        /// The choice's value.
        value: String,
    },
    /// Two choices have the same title: the user could not tell them apart.
    DuplicateChoiceTitle(String),
    /// A multi-select has fewer choices than its `min_items`.
    FewerChoicesThanMinItems {
        /// `min_items`.
        min_items: u64,
        /// The number of choices given.
        choices: usize,
    },
    /// The default does not fit the field (its bounds, format or choices).
    Default(ProblemKind),
    /// The filled field needs vocabulary the protocol version lacks.
    NotInVersion {
        /// The version.
        version: ProtocolVersion,
        /// What it lacks.
        feature: Feature,
    },
}

impl fmt::Display for ChoicesProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChoicesProblemKind::NoChoices => {
                f.write_str("no choices were given; a select with no choices cannot be answered")
            }
            ChoicesProblemKind::DuplicateChoice(v) => {
                write!(f, "the choice {} is given more than once", Shown::quoted(v))
            }
            ChoicesProblemKind::EmptyChoiceValue => f.write_str("a choice value is empty"),
            ChoicesProblemKind::EmptyChoiceTitle { value } => {
                write!(f, "the choice {} has an empty title", Shown::quoted(value))
            }
            ChoicesProblemKind::ChoiceTitleWithControl { value } => write!(
                f,
                "the title of the choice {} holds a control character; write it on one line, with printable characters",
                Shown::quoted(value)
            ),
            ChoicesProblemKind::DuplicateChoiceTitle(title) => write!(
                f,
                "the title {} is given to more than one choice; give each choice its own title, so the user can tell them apart",
                Shown::quoted(title)
            ),
            ChoicesProblemKind::FewerChoicesThanMinItems { min_items, choices } => write!(
                f,
                "{choices} choice(s) were given, but at least {min_items} must be selected"
            ),
            ChoicesProblemKind::Default(problem) => {
                write!(f, "the default does not fit: {problem}")
            }
            ChoicesProblemKind::NotInVersion { version, feature } => write!(
                f,
                "it needs {}, which MCP {version} does not have",
                feature.describe()
            ),
        }
    }
}

/// One problem of a form's run-time part, with the property it belongs to.
#[derive(Clone, Debug, PartialEq)]
pub struct ChoicesProblem {
    property: Text,
    kind: ChoicesProblemKind,
}

impl ChoicesProblem {
    /// The property name.
    pub fn property(&self) -> &str {
        &self.property
    }

    /// What is wrong.
    pub fn kind(&self) -> &ChoicesProblemKind {
        &self.kind
    }
}

/// The run-time part of a form does not fit it: every problem, each naming its property.
/// Nothing was sent.
#[derive(Clone, Debug, PartialEq)]
pub struct ChoicesError {
    problems: Vec<ChoicesProblem>,
}

impl ChoicesError {
    /// Every problem, in field order.
    pub fn problems(&self) -> &[ChoicesProblem] {
        &self.problems
    }
}

impl fmt::Display for ChoicesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the run-time part of the form does not fit it:")?;
        for p in &self.problems {
            write!(f, "\n  - `{}`: {}", p.property, p.kind)?;
        }
        Ok(())
    }
}

impl std::error::Error for ChoicesError {}

/// Fills a form's static schema; used by the generated `...Choices` types.
#[doc(hidden)]
pub struct Filler {
    base: &'static RequestedSchema,
    properties: Vec<Property>,
    /// Which properties were given a run-time part.
    changed: Vec<bool>,
    version: Option<ProtocolVersion>,
    problems: Vec<ChoicesProblem>,
}

impl Filler {
    /// Starts from the form's static schema (its texts stay borrowed from the `static`).
    pub fn new(schema: &'static RequestedSchema, version: Option<ProtocolVersion>) -> Self {
        Filler {
            base: schema,
            properties: schema.properties().to_vec(),
            changed: vec![false; schema.properties().len()],
            version,
            problems: Vec::new(),
        }
    }

    fn mark(&mut self, index: usize) {
        if let Some(changed) = self.changed.get_mut(index) {
            *changed = true;
        }
    }

    fn problem(&mut self, index: usize, kind: ChoicesProblemKind) {
        let property = self
            .properties
            .get(index)
            .map(|p| p.name_text().clone())
            .unwrap_or_default();
        self.problems.push(ChoicesProblem { property, kind });
    }

    /// Gives the run-time choice field at `index` its choices.
    pub fn choices(&mut self, index: usize, list: ChoiceList) {
        let mut problems = Vec::new();
        if list.values.is_empty() {
            problems.push(ChoicesProblemKind::NoChoices);
        }
        let repeated = crate::content::repeated(&list.values);
        for (v, repeated) in list.values.iter().zip(repeated) {
            if v.is_empty() {
                problems.push(ChoicesProblemKind::EmptyChoiceValue);
            } else if repeated {
                problems.push(ChoicesProblemKind::DuplicateChoice(v.clone()));
            }
        }
        if let Some(titles) = &list.titles {
            let repeated = crate::content::repeated(titles);
            for ((v, t), repeated) in list.values.iter().zip(titles).zip(repeated) {
                // Stops at the first character that is not white space (`trim` reads both ends).
                if t.chars().all(char::is_whitespace) {
                    problems.push(ChoicesProblemKind::EmptyChoiceTitle { value: v.clone() });
                } else if t.chars().any(char::is_control) {
                    problems.push(ChoicesProblemKind::ChoiceTitleWithControl { value: v.clone() });
                } else if repeated {
                    problems.push(ChoicesProblemKind::DuplicateChoiceTitle(t.clone()));
                }
            }
        }
        let legacy = self.version.is_some_and(first_vocabulary);
        let ChoiceList { values, titles } = list;
        let style = match (&titles, legacy) {
            (None, _) => ChoiceStyle::Untitled,
            // 2025-06-18 has no titled `oneOf`: its titled single-select is `enumNames`.
            (Some(_), true) => ChoiceStyle::LegacyEnumNames,
            (Some(_), false) => ChoiceStyle::Titled,
        };
        let count = values.len();
        let options = match titles {
            Some(titles) => values
                .into_iter()
                .zip(titles)
                .map(|(v, t)| Choice::new(v, Some(Text::Owned(t))))
                .collect(),
            None => values.into_iter().map(|v| Choice::new(v, None)).collect(),
        };
        self.mark(index);
        if let Some(property) = self.properties.get_mut(index) {
            match property.kind_mut() {
                PropertyKind::SingleSelect(s) if s.choices.is_runtime() => {
                    s.choices = Choices::runtime_filled(style, options);
                }
                PropertyKind::MultiSelect(m) if m.choices.is_runtime() => {
                    if let Some(min_items) = m.min_items.filter(|n| (count as u64) < *n) {
                        problems.push(ChoicesProblemKind::FewerChoicesThanMinItems {
                            min_items,
                            choices: count,
                        });
                    }
                    // A multi-select's titled items are `anyOf` in every version that has one.
                    let style = if style == ChoiceStyle::Untitled {
                        style
                    } else {
                        ChoiceStyle::Titled
                    };
                    m.choices = Choices::runtime_filled(style, options);
                }
                _ => {}
            }
        }
        for kind in problems {
            self.problem(index, kind);
        }
    }

    /// Gives the field at `index` a default (as JSON), checked against the field as filled.
    pub fn default(&mut self, index: usize, value: Option<Value>) {
        let Some(value) = value else { return };
        let Some(property) = self.properties.get(index) else {
            return;
        };
        let mut problems = Problems::new();
        if !problems.check(property, &value) {
            let problems = problems.into_kinds();
            for kind in problems {
                self.problem(index, ChoicesProblemKind::Default(kind));
            }
            return;
        }
        let legacy = self.version.is_some_and(first_vocabulary);
        self.mark(index);
        let Some(property) = self.properties.get_mut(index) else {
            return;
        };
        match (property.kind_mut(), value) {
            (PropertyKind::Boolean { default }, Value::Bool(b)) => *default = Some(b),
            // 2025-06-18 has defaults on booleans only: the prefill is left out there.
            _ if legacy => {}
            (PropertyKind::String(s), Value::String(v)) => s.default = Some(Text::Owned(v)),
            (PropertyKind::SingleSelect(s), Value::String(v)) => s.default = Some(Text::Owned(v)),
            (PropertyKind::Number(n) | PropertyKind::Integer(n), v) => {
                n.default = Number::from_json(&v);
            }
            (PropertyKind::MultiSelect(m), Value::Array(items)) => {
                let values: Vec<Text> = items
                    .into_iter()
                    .filter_map(|i| match i {
                        Value::String(s) => Some(Text::Owned(s)),
                        _ => None,
                    })
                    .collect();
                m.default = Some(values.into());
            }
            _ => {}
        }
    }

    /// The filled schema, or every problem found.
    ///
    /// # Errors
    ///
    /// [`ChoicesError`] with every problem the given choices have.
    pub fn finish<F: ElicitationForm>(mut self) -> Result<Prepared<F>, ChoicesError> {
        let schema = RequestedSchema::filled_from(
            self.base,
            std::mem::take(&mut self.properties),
            std::mem::take(&mut self.changed),
        );
        if let Some(version) = self.version
            && let Some((property, feature)) = schema.first_misfit(version)
        {
            self.problems.push(ChoicesProblem {
                property: property.name_text().clone(),
                kind: ChoicesProblemKind::NotInVersion { version, feature },
            });
        }
        if self.problems.is_empty() {
            Ok(Prepared {
                schema,
                form: PhantomData,
            })
        } else {
            Err(ChoicesError {
                problems: self.problems,
            })
        }
    }
}

/// Whether `version` has the first form vocabulary (`enum` with `enumNames`, defaults only for
/// booleans) rather than the full one.
fn first_vocabulary(version: ProtocolVersion) -> bool {
    crate::version::Fact::FormElicitation
        .versions()
        .contains(version)
        && !crate::version::Fact::FullFormVocabulary
            .versions()
            .contains(version)
}
