//! The validator, the readers and the writers, held to the format, the reference validator and
//! readers written elsewhere: one test binary (they register no declarations, so they share one
//! process without seeing each other's). `tests/amplification.rs` stays a binary of its own: it
//! counts every allocation of its process, which other tests running beside it would add to.

// Test code: the workspace's no-panic lints are for the crates' own code.
#![allow(clippy::restriction)]

#[path = "../../../tests/support/description_file.rs"]
mod description_file;
#[path = "../../../tests/support/node.rs"]
mod node;
#[path = "../../../tests/support/picker.rs"]
mod picker;
#[path = "../../../tests/support/same_numbers.rs"]
mod same_numbers;
#[path = "../../../tests/support/mod.rs"]
mod support;

mod budget;
mod conformance;
mod format_schema;
mod json_positions;
mod json_test_suite;
mod tool_schema_agreement;
mod validate_properties;
mod validate_rules;
mod yaml;
