//! What the macros write passes the lints a strict user crate turns on: rustc's allow-by-default
//! lints and clippy's `pedantic` and `nursery` groups, denied, and in the module of forms also
//! clippy's whole `restriction` group. `cargo clippy --all-targets -- -D warnings` (`.ci/run`)
//! builds this file, so code the macros write that trips one of them (an undocumented or
//! un-`Debug` generated type, an unused result, a needless qualification, an absolute path, an
//! exhaustive generated struct, ...) fails CI. The restriction lints that the hand-written code of
//! the module trips are expected there, each with its reason; none is allowed for what the macros
//! write.
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
#![expect(
    clippy::blanket_clippy_restriction_lints,
    reason = "the module of forms denies the whole group, to catch any of its lints in what the macros write"
)]

/// The forms, in a public module so that the lints on exported items (`missing_docs`,
/// `missing_debug_implementations`, `unreachable_pub`, `unnameable_types`) see what the macros
/// export.
pub mod forms {
    #![deny(clippy::restriction)]
    #![expect(
        clippy::implicit_return,
        clippy::missing_inline_in_public_items,
        clippy::arbitrary_source_item_ordering,
        clippy::std_instead_of_alloc,
        reason = "house styles that the code written by hand below does not follow: a form's fields are in the order they are asked, the functions' bodies end in an expression"
    )]

    use std::collections::{BTreeSet, HashSet};

    use mcpdesc_runtime::{ElicitationEnum, ElicitationForm, elicitation};

    /// A form with run-time choices and defaults: the derive writes `AssignChoices` and
    /// `AssignDefaults` beside it.
    ///
    /// `#[non_exhaustive]`, which `AssignChoices` and `AssignDefaults` carry too.
    #[derive(ElicitationForm, Debug)]
    #[form(runtime_defaults)]
    #[non_exhaustive]
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
    #[non_exhaustive]
    pub struct Confirm {
        /// Go.
        #[form(default = true)]
        pub go: bool,
    }

    /// The choices of a select.
    #[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq)]
    #[non_exhaustive]
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
    #[non_exhaustive]
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

    /// Untitled choices, renamed.
    #[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
    #[form(rename_all = "kebab-case")]
    #[non_exhaustive]
    pub enum Tag {
        /// A fix.
        BugFix,
        /// A feature.
        NewFeature,
    }

    /// Titled choices in the 2025-06-18 style.
    #[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq)]
    #[form(legacy_enum_names)]
    #[non_exhaustive]
    pub enum Old {
        /// One.
        #[form(title = "One")]
        One,
        /// Two.
        #[form(title = "Two")]
        Two,
    }

    /// The other kinds of field, with their keys, and a skipped field.
    #[derive(ElicitationForm, Debug)]
    #[form(rename_all = "camelCase")]
    #[non_exhaustive]
    pub struct Other {
        /// Tags.
        #[form(min_items = 1, max_items = 2)]
        pub tag_set: BTreeSet<Tag>,
        /// More tags.
        pub hash_tags: Option<HashSet<Tag>>,
        /// Old.
        pub old: Old,
        /// Mail.
        #[form(format = "email", min_length = 3, max_length = 64, title = "Mail")]
        pub mail: String,
        /// Day.
        #[form(format = "date")]
        pub day: Option<String>,
        /// Small.
        #[form(minimum = -3, maximum = 3)]
        pub small: i8,
        /// Big.
        pub big: u64,
        /// Share.
        #[form(minimum = 0.0, maximum = 1.0)]
        pub share: f32,
        /// Not asked.
        #[form(skip)]
        pub skipped: u32,
    }

    /// Declarations on a prompt, a resource and a resource template.
    #[elicitation(
        name = "why",
        prompt = "explain",
        form = Other,
        message = "Why?",
        protocol_versions = ["2025-11-25"]
    )]
    #[elicitation(
        name = "docs",
        resource = "file:///docs",
        url = "https://example.com/docs",
        message = "Read.",
        protocol_versions = ["2025-11-25"]
    )]
    #[elicitation(
        name = "page",
        resource_template = "file:///{page}",
        mode = "url",
        message = "Go.",
        protocol_versions = ["2026-07-28"]
    )]
    pub const fn explain() {}
}

use forms::{Assign, AssignChoices, AssignDefaults, Confirm, Level, Old, Other, Server, Tag};
use mcpdesc_runtime::ElicitationForm;
use mcpdesc_runtime::ProtocolVersion;
use mcpdesc_runtime::choices::{ChoiceList, FormChoices};
use mcpdesc_runtime::registry::{self, Primitive};

#[test]
fn the_forms_of_a_strict_crate_work() {
    assert!(Server.close_it());
    forms::pick_it();
    let content = serde_json::json!({"go": false});
    let confirm = Confirm::from_content(content.as_object().unwrap()).unwrap();
    assert!(!confirm.go);

    let filled = AssignChoices {
        who: ChoiceList::untitled(["ann", "ben"]),
        tags: ChoiceList::untitled(["x"]),
        defaults: AssignDefaults {
            who: Some("ann".to_owned()),
            ..AssignDefaults::default()
        },
    }
    .prepare(Some(ProtocolVersion::V2025_11_25))
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

    forms::explain();
    let other = Other::from_content(
        serde_json::json!({
            "tagSet": ["new-feature"], "hashTags": ["bug-fix"], "old": "Two",
            "mail": "a@b.example", "day": "2026-12-03", "small": -3, "big": 7, "share": 0.25,
        })
        .as_object()
        .unwrap(),
    )
    .unwrap();
    assert_eq!(
        other.tag_set.into_iter().collect::<Vec<_>>(),
        [Tag::NewFeature]
    );
    assert_eq!(
        other.hash_tags.unwrap().into_iter().collect::<Vec<_>>(),
        [Tag::BugFix]
    );
    assert_eq!((other.old, other.small, other.skipped), (Old::Two, -3, 0));
    assert!(Other::from_content(serde_json::json!({"small": 4}).as_object().unwrap()).is_err());

    for (primitive, name) in [
        (Primitive::Tool("close_it"), "confirm"),
        (Primitive::Tool("close_it"), "login"),
        (Primitive::Tool("pick_it"), "pick"),
        (Primitive::Prompt("explain"), "why"),
        (Primitive::Resource("file:///docs"), "docs"),
        (Primitive::ResourceTemplate("file:///{page}"), "page"),
    ] {
        assert!(registry::find(primitive, name).is_some(), "{name}");
    }
    assert!(!Assign::PROTOCOL_VERSIONS.contains(ProtocolVersion::V2025_06_18));
}
