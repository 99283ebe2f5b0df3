//! Compile-fail tests: one case per rule, with the reviewed compiler output checked in.
//!
//! Regenerate the `.stderr` files after a deliberate change with
//! `TRYBUILD=overwrite cargo test --test ui`, then review every diff as user-facing text.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/form/*.rs");
    t.compile_fail("tests/ui/elicitation/*.rs");
    t.compile_fail("tests/ui/api/*.rs");
    t.compile_fail("tests/ui/ask/*.rs");
    t.compile_fail("tests/ui/resources/*.rs");
    t.pass("tests/ui/pass/*.rs");
}
