//! The unpublished root package of the workspace: it owns the integration tests, the UI tests,
//! the examples and the benchmarks of `mcpdesc-runtime` and `mcpdesc-derive`.

// The README's Rust examples are compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// Forms defined in a crate of their own, for the UI tests that use them from another crate.
#[doc(hidden)]
pub mod upstream {
    use mcpdesc_runtime::ElicitationForm;

    /// A form that promises no shape, so neither do `SurveyChoices` and `SurveyDefaults`.
    #[derive(ElicitationForm, Debug)]
    #[non_exhaustive]
    pub struct Survey {
        /// One of the choices given when the form is sent.
        #[form(runtime_choices)]
        pub pick: String,
        /// A note.
        pub note: Option<String>,
    }
}
