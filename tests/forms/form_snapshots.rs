//! Snapshot tests of the wire JSON of derived forms: exact bytes, so key order, property order and
//! every omitted member are checked.

use std::collections::{BTreeSet, HashSet};

use mcpdesc_runtime::{ElicitationEnum, ElicitationForm, ProtocolVersion, VersionSet};
use serde::Deserialize;

fn wire<F: ElicitationForm>() -> String {
    serde_json::to_string(F::requested_schema()).unwrap()
}

fn modern() -> VersionSet {
    VersionSet::from([ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28])
}

#[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Plain {
    Low,
    High,
}

#[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[form(rename_all = "snake_case")]
pub enum Titled {
    #[form(title = "Bug report")]
    BugReport,
    #[form(title = "Feature request")]
    FeatureRequest,
}

#[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq)]
#[form(legacy_enum_names)]
pub enum Legacy {
    #[form(title = "Stable channel", rename = "stable")]
    Stable,
    #[form(title = "Preview channel", rename = "preview")]
    Preview,
}

#[test]
fn empty_forms() {
    #[derive(ElicitationForm, Debug, PartialEq)]
    struct Unit;
    #[derive(ElicitationForm, Debug, PartialEq)]
    struct Braces {}
    assert_eq!(wire::<Unit>(), r#"{"type":"object","properties":{}}"#);
    assert_eq!(wire::<Braces>(), r#"{"type":"object","properties":{}}"#);
    assert_eq!(Unit::PROTOCOL_VERSIONS, VersionSet::FORM_MODE);
}

#[test]
fn strings_and_formats() {
    #[derive(ElicitationForm)]
    struct Contact {
        /// Full name, as on the badge.
        #[form(title = "Name", min_length = 1, max_length = 80)]
        name: String,
        #[form(format = "email", description = "Where replies go.")]
        email: String,
        #[form(format = "uri")]
        homepage: Option<String>,
        #[form(format = "date")]
        birthday: Option<String>,
        #[form(format = "date-time")]
        available_from: Option<String>,
    }
    assert_eq!(
        wire::<Contact>(),
        concat!(
            r#"{"type":"object","properties":{"#,
            r#""name":{"type":"string","title":"Name","description":"Full name, as on the badge.","minLength":1,"maxLength":80},"#,
            r#""email":{"type":"string","description":"Where replies go.","format":"email"},"#,
            r#""homepage":{"type":"string","format":"uri"},"#,
            r#""birthday":{"type":"string","format":"date"},"#,
            r#""available_from":{"type":"string","format":"date-time"}},"#,
            r#""required":["name","email"]}"#
        )
    );
    assert_eq!(Contact::PROTOCOL_VERSIONS, VersionSet::FORM_MODE);
}

#[test]
fn unsigned_integers_carry_their_range() {
    #[derive(ElicitationForm)]
    struct Unsigned {
        a: u8,
        b: u16,
        c: u32,
        d: u64,
        e: usize,
    }
    assert_eq!(
        wire::<Unsigned>(),
        concat!(
            r#"{"type":"object","properties":{"#,
            r#""a":{"type":"integer","minimum":0,"maximum":255},"#,
            r#""b":{"type":"integer","minimum":0,"maximum":65535},"#,
            r#""c":{"type":"integer","minimum":0,"maximum":4294967295},"#,
            r#""d":{"type":"integer","minimum":0},"#,
            r#""e":{"type":"integer","minimum":0}},"#,
            r#""required":["a","b","c","d","e"]}"#
        )
    );
}

/// The unsigned `NonZero` types: their type's range from 1, narrowed by the user's bounds, and
/// a default checked against it.
#[test]
fn non_zero_integers_start_at_one() {
    use std::num::{NonZeroU8, NonZeroU16, NonZeroU32, NonZeroU64, NonZeroUsize};
    #[derive(ElicitationForm)]
    struct NonZero {
        a: NonZeroU8,
        b: NonZeroU16,
        c: NonZeroU32,
        d: NonZeroU64,
        e: Option<NonZeroUsize>,
        #[form(maximum = 20, default = 5)]
        f: NonZeroU32,
    }
    assert_eq!(
        wire::<NonZero>(),
        concat!(
            r#"{"type":"object","properties":{"#,
            r#""a":{"type":"integer","minimum":1,"maximum":255},"#,
            r#""b":{"type":"integer","minimum":1,"maximum":65535},"#,
            r#""c":{"type":"integer","minimum":1,"maximum":4294967295},"#,
            r#""d":{"type":"integer","minimum":1},"#,
            r#""e":{"type":"integer","minimum":1},"#,
            r#""f":{"type":"integer","minimum":1,"maximum":20,"default":5}},"#,
            r#""required":["a","b","c","d","f"]}"#
        )
    );
}

#[test]
fn signed_integers_and_floats() {
    #[derive(ElicitationForm)]
    struct Signed {
        a: i8,
        b: i16,
        c: i32,
        d: i64,
        e: isize,
        f: f32,
        g: f64,
    }
    assert_eq!(
        wire::<Signed>(),
        concat!(
            r#"{"type":"object","properties":{"#,
            r#""a":{"type":"integer","minimum":-128,"maximum":127},"#,
            r#""b":{"type":"integer","minimum":-32768,"maximum":32767},"#,
            r#""c":{"type":"integer","minimum":-2147483648,"maximum":2147483647},"#,
            r#""d":{"type":"integer"},"#,
            r#""e":{"type":"integer"},"#,
            r#""f":{"type":"number"},"#,
            r#""g":{"type":"number"}},"#,
            r#""required":["a","b","c","d","e","f","g"]}"#
        )
    );
}

#[test]
fn user_bounds_narrow_the_type_range() {
    #[derive(ElicitationForm)]
    struct Bounds {
        #[form(minimum = 1, maximum = 10)]
        estimate: u8,
        #[form(minimum = -5)]
        offset: i16,
        #[form(minimum = 0.5, maximum = 99.5)]
        ratio: f64,
        #[form(maximum = 1000)]
        budget: Option<u64>,
    }
    assert_eq!(
        wire::<Bounds>(),
        concat!(
            r#"{"type":"object","properties":{"#,
            r#""estimate":{"type":"integer","minimum":1,"maximum":10},"#,
            r#""offset":{"type":"integer","minimum":-5,"maximum":32767},"#,
            r#""ratio":{"type":"number","minimum":0.5,"maximum":99.5},"#,
            r#""budget":{"type":"integer","minimum":0,"maximum":1000}},"#,
            r#""required":["estimate","offset","ratio"]}"#
        )
    );
    assert_eq!(Bounds::PROTOCOL_VERSIONS, VersionSet::FORM_MODE);
}

#[test]
fn numbers_suffixed_with_the_fields_own_type_read_as_without() {
    type Count = u8;
    #[derive(ElicitationForm)]
    struct Suffixed {
        #[form(minimum = 1u8, maximum = 9u8, default = 3u8)]
        estimate: u8,
        #[form(minimum = -1i64, default = 0i64)]
        offset: Option<i64>,
        #[form(maximum = 2.5f32, default = 0.5f32)]
        ratio: f32,
        #[form(maximum = 7u8)]
        count: Count,
    }
    assert_eq!(
        wire::<Suffixed>(),
        concat!(
            r#"{"type":"object","properties":{"#,
            r#""estimate":{"type":"integer","minimum":1,"maximum":9,"default":3},"#,
            r#""offset":{"type":"integer","minimum":-1,"default":0},"#,
            r#""ratio":{"type":"number","maximum":2.5,"default":0.5},"#,
            r#""count":{"type":"integer","minimum":0,"maximum":7}},"#,
            r#""required":["estimate","ratio","count"]}"#
        )
    );
}

#[test]
fn booleans_and_boolean_defaults_fit_2025_06_18() {
    #[derive(ElicitationForm)]
    struct Confirm {
        #[form(title = "Notify watchers", default = true)]
        notify: bool,
        archive: Option<bool>,
    }
    assert_eq!(
        wire::<Confirm>(),
        r#"{"type":"object","properties":{"notify":{"type":"boolean","title":"Notify watchers","default":true},"archive":{"type":"boolean"}},"required":["notify"]}"#
    );
    assert!(Confirm::PROTOCOL_VERSIONS.contains(ProtocolVersion::V2025_06_18));
}

#[test]
fn single_selects_in_every_representation() {
    #[derive(ElicitationForm)]
    struct Selects {
        plain: Plain,
        legacy: Legacy,
        titled: Option<Titled>,
    }
    assert_eq!(
        wire::<Selects>(),
        concat!(
            r#"{"type":"object","properties":{"#,
            r#""plain":{"type":"string","enum":["Low","High"]},"#,
            r#""legacy":{"type":"string","enum":["stable","preview"],"enumNames":["Stable channel","Preview channel"]},"#,
            r#""titled":{"type":"string","oneOf":[{"const":"bug_report","title":"Bug report"},{"const":"feature_request","title":"Feature request"}]}},"#,
            r#""required":["plain","legacy"]}"#
        )
    );
    assert_eq!(Selects::PROTOCOL_VERSIONS, modern());
}

#[test]
fn multi_selects_over_every_collection() {
    #[derive(ElicitationForm)]
    struct Multi {
        #[form(min_items = 1, max_items = 2)]
        plain: Vec<Plain>,
        titled: BTreeSet<Titled>,
        hashed: Option<HashSet<Plain>>,
    }
    assert_eq!(
        wire::<Multi>(),
        concat!(
            r#"{"type":"object","properties":{"#,
            r#""plain":{"type":"array","minItems":1,"maxItems":2,"items":{"type":"string","enum":["Low","High"]}},"#,
            r#""titled":{"type":"array","items":{"anyOf":[{"const":"bug_report","title":"Bug report"},{"const":"feature_request","title":"Feature request"}]}},"#,
            r#""hashed":{"type":"array","items":{"type":"string","enum":["Low","High"]}}},"#,
            r#""required":["plain","titled"]}"#
        )
    );
    assert_eq!(Multi::PROTOCOL_VERSIONS, modern());
}

#[test]
fn typed_defaults_of_every_kind() {
    #[derive(ElicitationForm)]
    struct Defaults {
        #[form(default = "octocat", min_length = 2)]
        login: String,
        #[form(default = 3, minimum = 1, maximum = 10)]
        estimate: u8,
        #[form(default = -1.5)]
        offset: f64,
        #[form(default = 2)]
        weight: Option<f32>,
        #[form(default = false)]
        notify: bool,
        #[form(default = Plain::High)]
        priority: Plain,
        #[form(default = Legacy::Preview)]
        channel: Option<Legacy>,
        #[form(default = [Titled::BugReport, Titled::FeatureRequest])]
        kinds: Vec<Titled>,
        #[form(default = [])]
        none: Vec<Plain>,
        #[form(format = "date", default = "2024-02-29")]
        due: String,
    }
    assert_eq!(
        wire::<Defaults>(),
        concat!(
            r#"{"type":"object","properties":{"#,
            r#""login":{"type":"string","minLength":2,"default":"octocat"},"#,
            r#""estimate":{"type":"integer","minimum":1,"maximum":10,"default":3},"#,
            r#""offset":{"type":"number","default":-1.5},"#,
            r#""weight":{"type":"number","default":2.0},"#,
            r#""notify":{"type":"boolean","default":false},"#,
            r#""priority":{"type":"string","enum":["Low","High"],"default":"High"},"#,
            r#""channel":{"type":"string","enum":["stable","preview"],"enumNames":["Stable channel","Preview channel"],"default":"preview"},"#,
            r#""kinds":{"type":"array","items":{"anyOf":[{"const":"bug_report","title":"Bug report"},{"const":"feature_request","title":"Feature request"}]},"default":["bug_report","feature_request"]},"#,
            r#""none":{"type":"array","items":{"type":"string","enum":["Low","High"]},"default":[]},"#,
            r#""due":{"type":"string","format":"date","default":"2024-02-29"}},"#,
            r#""required":["login","estimate","offset","notify","priority","kinds","none","due"]}"#
        )
    );
    assert_eq!(Defaults::PROTOCOL_VERSIONS, modern());
}

#[test]
fn renames_from_form_and_serde() {
    #[derive(ElicitationForm, Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct SerdeNames {
        first_name: String,
        #[serde(rename = "family")]
        last_name: String,
        #[form(rename = "nick")]
        #[serde(rename = "ignored_when_form_renames")]
        nick_name: Option<String>,
    }
    assert_eq!(
        wire::<SerdeNames>(),
        r#"{"type":"object","properties":{"firstName":{"type":"string"},"family":{"type":"string"},"nick":{"type":"string"}},"required":["firstName","family"]}"#
    );

    #[derive(ElicitationForm)]
    #[form(rename_all = "SCREAMING-KEBAB-CASE")]
    struct FormNames {
        due_date: String,
        r#type: SerdeKind,
    }
    #[derive(ElicitationEnum, Deserialize)]
    #[serde(rename_all = "kebab-case")]
    enum SerdeKind {
        QuickFix,
        #[serde(rename = "deep")]
        DeepDive,
    }
    assert_eq!(
        wire::<FormNames>(),
        r#"{"type":"object","properties":{"DUE-DATE":{"type":"string"},"TYPE":{"type":"string","enum":["quick-fix","deep"]}},"required":["DUE-DATE","TYPE"]}"#
    );
}

#[test]
fn not_sensitive_opts_a_field_out() {
    #[derive(ElicitationForm)]
    struct Tokens {
        /// How many tokens the summary may use.
        #[form(not_sensitive, minimum = 1)]
        token_budget: u32,
    }
    assert_eq!(
        wire::<Tokens>(),
        r#"{"type":"object","properties":{"token_budget":{"type":"integer","description":"How many tokens the summary may use.","minimum":1,"maximum":4294967295}},"required":["token_budget"]}"#
    );
}

#[test]
fn schema_is_built_once() {
    #[derive(ElicitationForm)]
    struct Once {
        a: String,
    }
    let first: *const _ = Once::requested_schema();
    let second: *const _ = Once::requested_schema();
    assert_eq!(first, second);
}

#[test]
fn protocol_versions_per_newer_feature() {
    #[derive(ElicitationForm)]
    struct StringDefault {
        #[form(default = "x")]
        a: String,
    }
    #[derive(ElicitationForm)]
    struct NumberDefault {
        #[form(default = 1)]
        a: i32,
    }
    #[derive(ElicitationForm)]
    struct EnumDefault {
        #[form(default = Plain::Low)]
        a: Plain,
    }
    #[derive(ElicitationForm)]
    struct TitledSelect {
        a: Titled,
    }
    #[derive(ElicitationForm)]
    struct MultiSelect {
        a: Vec<Plain>,
    }
    #[derive(ElicitationForm)]
    struct Classic {
        a: String,
        #[form(default = true)]
        b: bool,
        c: Legacy,
        d: Plain,
        e: Option<f64>,
    }
    // Evaluated at compile time.
    const CLASSIC: VersionSet = Classic::PROTOCOL_VERSIONS;
    const _: () = assert!(CLASSIC.contains(ProtocolVersion::V2025_06_18));
    const _: () = assert!(!MultiSelect::PROTOCOL_VERSIONS.contains(ProtocolVersion::V2025_06_18));

    assert_eq!(CLASSIC, VersionSet::FORM_MODE);
    assert!(!CLASSIC.contains(ProtocolVersion::V2025_03_26));
    for v in [
        StringDefault::PROTOCOL_VERSIONS,
        NumberDefault::PROTOCOL_VERSIONS,
        EnumDefault::PROTOCOL_VERSIONS,
        TitledSelect::PROTOCOL_VERSIONS,
        MultiSelect::PROTOCOL_VERSIONS,
    ] {
        assert_eq!(v, modern());
    }
}

/// A doc comment reads as rustdoc renders it: the lines of a paragraph are one line of text
/// (a client shows no break where the source wrapped), paragraphs, list items and hard breaks
/// stay apart.
#[test]
fn doc_comments_keep_paragraphs_and_lose_block_stars() {
    #[derive(ElicitationForm)]
    struct Docs {
        /// First line,
        /// second line.
        ///
        /// A new paragraph.
        ///
        ///
        /// Blank runs are one break.
        lines: String,
        /// Pick one:
        /// - the first,
        ///   wrapped;
        /// - the second.
        ///
        /// Ends here,\
        /// after a hard break.
        listed: String,
        /** Block comment,
         * starred.
         *
         * Second paragraph.
         */
        starred: String,
        /**
            Indented block,
              keeping relative indentation.
        */
        indented: String,
    }
    let schema = Docs::requested_schema().to_value();
    assert_eq!(
        schema["properties"]["lines"]["description"],
        "First line, second line.\n\nA new paragraph.\n\nBlank runs are one break."
    );
    assert_eq!(
        schema["properties"]["listed"]["description"],
        "Pick one:\n- the first, wrapped;\n- the second.\n\nEnds here,\nafter a hard break."
    );
    assert_eq!(
        schema["properties"]["starred"]["description"],
        "Block comment, starred.\n\nSecond paragraph."
    );
    assert_eq!(
        schema["properties"]["indented"]["description"],
        "Indented block, keeping relative indentation."
    );
}

#[test]
fn wire_json_is_the_serialized_schema_written_once() {
    use mcpdesc_format::schema::{Property, PropertyKind, PropertySchema};
    #[derive(ElicitationForm)]
    #[allow(dead_code)]
    struct Wire {
        #[form(title = "Name", min_length = 1)]
        name: String,
        count: Option<u8>,
    }
    let schema = Wire::requested_schema();
    let first = schema.wire_json();
    assert_eq!(first, serde_json::to_string(schema).unwrap());
    // Kept: the same bytes at the same address on every call.
    assert!(std::ptr::eq(first, schema.wire_json()));
    assert_eq!(schema.wire().get(), first);
    // Schemas built at run time, and statics made with `from_static`, keep theirs too.
    static PROPERTIES: std::sync::LazyLock<Vec<Property>> = std::sync::LazyLock::new(|| {
        vec![Property::new(
            "flag",
            true,
            PropertySchema::new(PropertyKind::Boolean { default: None }),
        )]
    });
    let owned = mcpdesc_runtime::RequestedSchema::new(PROPERTIES.clone());
    assert_eq!(
        owned.wire_json(),
        r#"{"type":"object","properties":{"flag":{"type":"boolean"}},"required":["flag"]}"#
    );
    assert!(std::ptr::eq(owned.wire_json(), owned.wire_json()));
    let leaked: &'static [Property] = Box::leak(PROPERTIES.clone().into_boxed_slice());
    let from_static = mcpdesc_runtime::RequestedSchema::from_static(leaked);
    assert_eq!(from_static.wire_json(), owned.wire_json());
    assert!(std::ptr::eq(
        from_static.wire_json(),
        from_static.wire_json()
    ));
    assert_eq!(from_static.clone(), owned.clone());
}
