//! What the macros write passes the lints a strict user crate turns on: rustc's allow-by-default
//! lints and clippy's `pedantic` and `nursery` groups, denied. `cargo clippy --all-targets -- -D
//! warnings` (`.ci/run`) builds this file, so code the macros write that trips one of them (an
//! undocumented or un-`Debug` generated type, an unused result, a needless qualification, ...)
//! fails CI. Clippy's `restriction` group is left out: its lints are each a house style, and some
//! forbid what generated code must do (`absolute_paths`), or what a form is (`exhaustive_structs`
//! on the generated `...Fill` type, which its users build as a struct literal).
#![deny(
    missing_docs,
    missing_debug_implementations,
    missing_copy_implementations,
    unused_qualifications,
    unreachable_pub,
    unused_results,
    trivial_casts,
    trivial_numeric_casts,
    unused_import_braces,
    single_use_lifetimes,
    elided_lifetimes_in_paths,
    unsafe_code,
    let_underscore_drop,
    redundant_lifetimes,
    unit_bindings,
    unused_lifetimes,
    unused_macro_rules,
    meta_variable_misuse,
    non_ascii_idents,
    keyword_idents,
    explicit_outlives_requirements,
    macro_use_extern_crate,
    variant_size_differences,
    unnameable_types,
    impl_trait_redundant_captures,
    redundant_imports,
    unused
)]
#![deny(clippy::pedantic, clippy::nursery)]

/// The forms, in a public module so that the lints on exported items (`missing_docs`,
/// `missing_debug_implementations`, `unreachable_pub`, `unnameable_types`) see what the macros
/// export.
pub mod forms {
    use mcpdesc_runtime::{ElicitationEnum, ElicitationForm, elicitation};

    /// A form with run-time choices and defaults: the derive writes `AssignFill` and
    /// `AssignDefaults` beside it.
    #[derive(ElicitationForm, Debug)]
    #[form(fill)]
    pub struct Assign {
        /// Who.
        #[form(runtime_choices)]
        pub who: String,
        /// Tags.
        #[form(runtime_choices, min_items = 1)]
        pub tags: Option<Vec<String>>,
        /// Count.
        #[form(minimum = 1, default = 2)]
        pub count: u8,
        /// Level.
        #[form(default = Level::High)]
        pub level: Level,
        /// Levels.
        pub levels: Vec<Level>,
        /// When.
        #[form(format = "date-time")]
        pub when: Option<String>,
        /// Ratio.
        #[form(minimum = 0.5)]
        pub ratio: f64,
    }

    /// A form whose schema is complete at compile time.
    #[derive(ElicitationForm, Debug, Clone, Copy)]
    pub struct Confirm {
        /// Go.
        #[form(default = true)]
        pub go: bool,
    }

    /// The choices of a select.
    #[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Level {
        /// Low.
        #[form(title = "Low")]
        Low,
        /// High.
        #[form(title = "High")]
        High,
    }

    /// A server whose method declares two elicitations.
    #[derive(Debug, Clone, Copy)]
    pub struct Server;

    impl Server {
        /// A tool.
        #[elicitation(name = "confirm", form = Confirm, message = "Go?")]
        #[elicitation(
            name = "login",
            mode = "url",
            message = "Log in.",
            protocol_versions = ["2025-11-25"]
        )]
        #[must_use]
        pub const fn close_it(&self) -> bool {
            true
        }
    }

    /// A free function that declares an elicitation.
    #[elicitation(
        name = "pick",
        form = Assign,
        message = "Pick.",
        protocol_versions = ["2025-11-25"]
    )]
    pub const fn pick_it() {}
}

use forms::{Assign, AssignDefaults, AssignFill, Confirm, Level, Server};
use mcpdesc_runtime::ElicitationForm;
use mcpdesc_runtime::ProtocolVersion;
use mcpdesc_runtime::fill::{ChoiceList, FormFill};
use mcpdesc_runtime::registry::{self, Primitive};

#[test]
fn the_forms_of_a_strict_crate_work() {
    assert!(Server.close_it());
    forms::pick_it();
    let content = serde_json::json!({"go": false});
    let confirm = Confirm::from_content(content.as_object().unwrap()).unwrap();
    assert!(!confirm.go);

    let filled = AssignFill {
        who: ChoiceList::untitled(["ann", "ben"]),
        tags: ChoiceList::untitled(["x"]),
        defaults: AssignDefaults {
            who: Some("ann".to_owned()),
            ..AssignDefaults::default()
        },
    }
    .fill(Some(ProtocolVersion::V2025_11_25))
    .unwrap();
    let answer = serde_json::json!({
        "who": "ben", "tags": ["x"], "count": 3, "level": "Low", "levels": [], "ratio": 0.5,
    });
    let assign = filled.read(answer.as_object().unwrap()).unwrap();
    assert_eq!((assign.who.as_str(), assign.level), ("ben", Level::Low));
    assert!(
        filled
            .read(serde_json::json!({"who": "cy"}).as_object().unwrap())
            .is_err()
    );

    for (primitive, name) in [
        (Primitive::Tool("close_it"), "confirm"),
        (Primitive::Tool("close_it"), "login"),
        (Primitive::Tool("pick_it"), "pick"),
    ] {
        assert!(registry::find(primitive, name).is_some(), "{name}");
    }
    assert!(!Assign::PROTOCOL_VERSIONS.contains(ProtocolVersion::V2025_06_18));
}
