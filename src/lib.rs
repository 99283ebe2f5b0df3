//! Test harness crate.
