//! What changed between two descriptions, and what each change breaks: [`diff`].
//!
//! ```
//! use mcpdesc_check::diff::{Class, diff};
//! use serde_json::json;
//!
//! let old = json!({
//!     "mcpdesc": "0.9.0",
//!     "info": {"name": "tracker", "version": "1.0.0"},
//!     "protocolVersions": ["2025-11-25"],
//!     "tools": [{
//!         "name": "list_issues",
//!         "inputSchema": {"type": "object", "properties": {"limit": {"type": "integer"}}}
//!     }]
//! });
//! let mut new = old.clone();
//! new["tools"][0]["inputSchema"]["required"] = json!(["limit"]);
//!
//! let changes = diff(&old, &new);
//! let change = &changes.changes()[0];
//! assert_eq!(change.rule.id, "input-required-added");
//! assert_eq!(change.class(), Class::Breaking);
//! assert_eq!(change.new, "/tools/0/inputSchema/required");
//! // The arguments an old caller sent, which the new schema refuses, checked against both.
//! let witness = change.witness.as_ref().unwrap();
//! assert_eq!(
//!     serde_json::to_value(witness).unwrap()["value"],
//!     json!({})
//! );
//! ```
//!
//! The rules, each with an example pair, are in the [`reference`](crate::reference::diff). Read
//! a description's text with [`document::Document`](crate::document::Document) to locate each
//! change's pointers at a line and column.

mod coverage;
mod rules;
mod schema;
mod walk;
pub(crate) mod witness;

use std::fmt;

use serde_json::Value;

pub use coverage::{COVERAGE, Coverage};
pub use rules::{ALL as RULES, Class, Consumer, Rule, UnknownClass, by_id as rule};
pub use schema::{ANNOTATION_KEYWORDS, COMPARED_KEYWORDS};
pub use witness::{Instance, Side, Witness};

/// One change between two descriptions. Its pointers locate it in each document's text through
/// [`document::Document::position`](crate::document::Document::position).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Change {
    /// The rule it falls under: its class, the client it affects and what to do instead.
    pub rule: &'static Rule,
    /// Where it is in the old description: a JSON Pointer (to the nearest member that is there,
    /// for something added).
    pub old: String,
    /// Where it is in the new description, the same way (for something removed, the member that
    /// held it).
    pub new: String,
    /// What changed.
    pub message: String,
    /// For a breaking change to a schema or a form: an instance that shows it, checked against
    /// both, or why none is shown.
    pub witness: Option<Witness>,
    /// For a change to a shared component: every place that uses it, as pointers in the new
    /// description (in the old, for a place the new no longer has).
    pub uses: Vec<String>,
}

impl Change {
    /// How much it matters: its rule's class.
    pub fn class(&self) -> Class {
        self.rule.class
    }

    /// The client it affects: its rule's.
    pub fn consumer(&self) -> Consumer {
        self.rule.consumer
    }

    /// What the author can do instead (its rule's advice); empty when nothing is needed.
    pub fn help(&self) -> &'static str {
        self.rule.help
    }
}

/// As `mcpdesc diff --format json` writes a change, without the positions: the rule by its id,
/// with its class, consumer and help.
impl serde::Serialize for Change {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        let mut out = s.serialize_struct("Change", 9)?;
        out.serialize_field("rule", self.rule.id)?;
        out.serialize_field("class", &self.class())?;
        out.serialize_field("consumer", &self.consumer())?;
        out.serialize_field("message", &self.message)?;
        out.serialize_field("help", self.help())?;
        out.serialize_field("old", &self.old)?;
        out.serialize_field("new", &self.new)?;
        match &self.witness {
            Some(witness) => out.serialize_field("witness", witness)?,
            None => out.skip_field("witness")?,
        }
        if self.uses.is_empty() {
            out.skip_field("uses")?;
        } else {
            out.serialize_field("uses", &self.uses)?;
        }
        out.end()
    }
}

/// Every change between two descriptions, in document order, as [`diff`] finds them.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Diff {
    changes: Vec<Change>,
}

impl Diff {
    /// Every change.
    pub fn changes(&self) -> &[Change] {
        &self.changes
    }

    /// Every change, owned.
    pub fn into_changes(self) -> Vec<Change> {
        self.changes
    }

    /// Whether nothing changed.
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    /// The changes of class `class` or above.
    pub fn at_least(&self, class: Class) -> impl Iterator<Item = &Change> {
        self.changes.iter().filter(move |c| c.class() >= class)
    }

    /// How many changes are of `class`.
    pub fn count(&self, class: Class) -> usize {
        self.changes.iter().filter(|c| c.class() == class).count()
    }

    /// The class of the most serious change, if any.
    pub fn worst(&self) -> Option<Class> {
        self.changes.iter().map(Change::class).max()
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}[{}]: {}", self.class(), self.rule.id, self.message)?;
        writeln!(f, "  old: {}", shown(&self.old))?;
        writeln!(f, "  new: {}", shown(&self.new))?;
        for place in &self.uses {
            writeln!(f, "  used by: {place}")?;
        }
        if let Some(witness) = &self.witness {
            writeln!(
                f,
                "  witness: {}",
                witness.explain("the old description", "the new")
            )?;
        }
        writeln!(f, "  affects: {}", self.consumer().who())?;
        if !self.help().is_empty() {
            writeln!(f, "  help: {}", self.help())?;
        }
        Ok(())
    }
}

impl fmt::Display for Diff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for change in &self.changes {
            writeln!(f, "{change}")?;
        }
        write!(
            f,
            "{} breaking, {} warning, {} info",
            self.count(Class::Breaking),
            self.count(Class::Warning),
            self.count(Class::Info)
        )
    }
}

/// A pointer as the reports show it: `/` for the whole document.
pub fn shown(pointer: &str) -> &str {
    if pointer.is_empty() { "/" } else { pointer }
}

/// Every change from the description `old` to the description `new`, as the validator reads
/// them (JSON or YAML, 0.8.0 or 0.9.0), with `$componentRef`s resolved.
///
/// Primitives are paired by what clients call them by (tools and prompts by name, resources by
/// URI, resource templates by URI template); declarations by name within their primitive. Each
/// change names its rule, class and consumer, points into both documents, says what the author
/// can do instead, and for a breaking schema change shows a witness checked against both schemas.
/// A schema shared through `components.schemas` is compared once, at the component, naming every
/// place that uses it. A document that does not validate is compared where it can be: run
/// [`validate`](crate::validate) first to know whether it does.
pub fn diff(old: &Value, new: &Value) -> Diff {
    Diff {
        changes: walk::walk(old, new),
    }
}
