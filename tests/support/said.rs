//! The fields of a `tracing` event, as text by name: what the tests that collect the session's
//! events read.

use std::collections::BTreeMap;

use tracing::field::{Field, Visit};

/// Records each field of an event into the map, its value as text.
pub struct Fields<'a>(pub &'a mut BTreeMap<String, String>);

impl Visit for Fields<'_> {
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().to_owned(), value.to_owned());
    }
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.0.insert(field.name().to_owned(), format!("{value:?}"));
    }
}
