//! Forms and answers on their own: derived schemas byte for byte, answers read and checked, next
//! to code nobody here wrote (the `jsonschema` crate, schemars), and property tests. One test
//! binary: none of them declares an elicitation, so they share one process without seeing each
//! other's.

#[path = "../support/defaulted.rs"]
mod defaulted;
#[path = "../support/node.rs"]
mod node;
#[path = "../support/picker.rs"]
mod picker;
#[path = "../support/mod.rs"]
mod support;

mod agreement;
mod choices;
mod form_snapshots;
mod from_content;
mod properties;
mod schemars_interop;
