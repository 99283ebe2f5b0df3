//! The unpublished root package of the workspace: it owns the integration tests, the UI tests,
//! the examples and the benchmarks of `mcpdesc-runtime` and `mcpdesc-derive`.

// The README's Rust examples are compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
