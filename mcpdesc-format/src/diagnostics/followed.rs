//! The memo of component references followed: where each chain of `$componentRef`s ends, or
//! where it goes wrong. The validation context holds it; `references` fills and reads it.

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::Value;

use crate::hash::HashMap;

/// Where a reference chain went wrong.
#[derive(Clone)]
pub enum Broken<'a> {
    /// The reference object itself is malformed.
    Malformed(Rc<str>),
    /// It points into another namespace (`target` is the reference's text).
    WrongNamespace {
        /// The reference's text.
        target: &'a str,
        /// The namespace it should point into.
        namespace: &'a str,
    },
    /// The chain runs into a loop: the names around it, from its least name back to it.
    Cycle(Rc<[&'a str]>),
    /// It names no component.
    Missing {
        /// The reference's text.
        target: &'a str,
        /// The namespace it points into.
        namespace: &'a str,
        /// The component name it names.
        name: &'a str,
    },
}

/// What a component of a namespace was followed to: the value at the end of its chain and the
/// last component on it, or where the chain went wrong.
pub type Followed<'a> = Result<(&'a Value, &'a str), Broken<'a>>;

/// Components already followed, by namespace and name. A chain of references can be thousands
/// long and entered from thousands of places; each of its components is followed once, and a
/// later walk stops at the first component already followed. Shared through `&Cx` (some checks
/// read the context without changing it), hence the cell.
#[derive(Default)]
pub struct Resolved<'a>(RefCell<HashMap<(&'static str, &'a str), Followed<'a>>>);

impl<'a> Resolved<'a> {
    /// What component `name` of `namespace` was followed to, if it was.
    pub fn get(&self, namespace: &'static str, name: &'a str) -> Option<Followed<'a>> {
        let known = self.0.try_borrow().ok()?;
        known.get(&(namespace, name)).cloned()
    }

    /// Notes that each of `names` was followed to `end`. (The cell is borrowed only inside these
    /// two methods, so it is never found borrowed; were it, nothing would be noted, which costs
    /// time only.)
    pub fn note(&self, namespace: &'static str, names: &[&'a str], end: &Followed<'a>) {
        if let Ok(mut known) = self.0.try_borrow_mut() {
            for &name in names {
                known.insert((namespace, name), end.clone());
            }
        }
    }
}
