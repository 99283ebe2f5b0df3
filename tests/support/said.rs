//! The session's `tracing` events, collected for the tests that read them: each event's level
//! and fields, as text by name.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Level, Metadata, Subscriber};

/// One event of the session (target `mcpdesc_runtime::session`).
#[derive(Debug, Clone)]
pub struct Said {
    pub level: Level,
    pub fields: BTreeMap<String, String>,
}

/// A subscriber that keeps every event of the session; its clones share what they keep.
#[derive(Clone, Default)]
pub struct Collected(pub Arc<Mutex<Vec<Said>>>);

struct Fields<'a>(&'a mut BTreeMap<String, String>);

impl Visit for Fields<'_> {
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().to_owned(), value.to_owned());
    }
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.0.insert(field.name().to_owned(), format!("{value:?}"));
    }
}

impl Subscriber for Collected {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        metadata.target() == "mcpdesc_runtime::session"
    }
    fn new_span(&self, _: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }
    fn record(&self, _: &Id, _: &Record<'_>) {}
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, event: &Event<'_>) {
        let mut fields = BTreeMap::new();
        event.record(&mut Fields(&mut fields));
        let said = Said {
            level: *event.metadata().level(),
            fields,
        };
        self.0.lock().unwrap().push(said);
    }
    fn enter(&self, _: &Id) {}
    fn exit(&self, _: &Id) {}
}
