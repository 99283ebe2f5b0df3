//! The checks that `#[elicitation(resource = "...")]` and `resource_template = "..."` run at
//! compile time (the runtime's `const fn`s behind `__private`), next to independent ones: the
//! `jsonschema` crate's `iri` and `uri-template` formats.
//!
//! - Templates (RFC 6570, with erratum 6937's apostrophe): the two agree on every template whose
//!   characters RFC 6570 allows. Beyond them this crate is the stricter: RFC 6570 allows only
//!   `ucschar` and `iprivate` outside ASCII, where `jsonschema` takes any, so the C1 controls and
//!   the noncharacters are refused here and accepted there.
//! - Resource URIs, which MCP servers write with characters beyond ASCII unescaped
//!   (`file:///home/josé/notes.md`), are read as IRIs (RFC 3987). An IRI is valid when the URI it
//!   maps to (each such character percent-encoded, RFC 3987 §3.1) is, and its characters stand
//!   where RFC 3987 lets them. So the IRI checks must agree wherever the two crates' URI checks
//!   agree on that mapped URI; where those differ (this crate refuses an empty hierarchical part,
//!   `x:?q`, as ajv-formats does), the difference is the URI check's, held elsewhere
//!   (`tests/forms/agreement.rs`).

use mcpdesc_runtime::__private::{is_absolute_iri, is_absolute_uri, is_uri_template};
use proptest::prelude::*;
use serde_json::{Value, json};

fn theirs() -> jsonschema::Validator {
    jsonschema::options()
        .should_validate_formats(true)
        .build(&json!({"type": "string", "format": "uri-template"}))
        .unwrap()
}

/// Whether every character outside ASCII is one RFC 6570 lets a template hold literally.
fn rfc_6570_chars_only(s: &str) -> bool {
    s.chars().all(|c| {
        let cp = u32::from(c);
        cp < 0x80
            || matches!(cp, 0xA0..=0xD7FF | 0xE000..=0xFDCF | 0xFDF0..=0xFFEF | 0xE1000..=0xEFFFD)
            || (cp >= 0x10000 && !(0xE0000..=0xEFFFF).contains(&cp) && cp & 0xFFFF <= 0xFFFD)
    })
}

/// Pieces that templates are made of, well- and ill-formed, for the property test to join.
const PIECES: &[&str] = &[
    "file:///",
    "a",
    "Z9",
    "_",
    "%41",
    "%4",
    "%zz",
    "'",
    " ",
    "\"",
    "<",
    ">",
    "\\",
    "^",
    "`",
    "|",
    "{",
    "}",
    "{x}",
    "{+x}",
    "{#x}",
    "{x,y}",
    "{x:3}",
    "{x:0}",
    "{x:10000}",
    "{x*}",
    "{x.y}",
    "{.x}",
    "{x.}",
    "{x..y}",
    "{=x}",
    "{$x}",
    "{}",
    "{x",
    "x}",
    ",",
    ".",
    ":",
    "*",
    "?",
    "#",
    "/",
    "=",
    "!",
    "é",
    "\u{85}",
    "\u{e000}",
    "\u{fdd0}",
    "\u{1fffe}",
    "\u{e0001}",
    "\u{7f}",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn agrees_with_jsonschema(pieces in prop::collection::vec(prop::sample::select(PIECES), 0..8)) {
        let template: String = pieces.concat();
        let ours = is_uri_template(&template);
        let theirs = theirs().is_valid(&Value::String(template.clone()));
        if template.is_ascii() || rfc_6570_chars_only(&template) {
            prop_assert_eq!(ours, theirs, "{:?}", template);
        } else {
            // Only the characters RFC 6570 leaves out are refused here alone.
            prop_assert!(!ours, "{:?}", template);
        }
    }
}

#[test]
fn what_mcp_servers_write_is_a_template() {
    let validator = theirs();
    for template in [
        "file:///notes/{name}.md",
        "repo://{owner}/{repo}/issues{?state,labels*}",
        "https://api.example.com{/segments*}{?q,page:3}{#section}",
        "db://{schema}.{table}/rows{;id}",
        "'{var}'",
    ] {
        assert!(is_uri_template(template), "{template}");
        assert!(
            validator.is_valid(&Value::String(template.into())),
            "{template}"
        );
    }
    for broken in [
        "file:///notes/{name.md",
        "file:///my notes/{name}",
        "file:///{}",
        "file:///{a b}",
        "file:///{a}}",
    ] {
        assert!(!is_uri_template(broken), "{broken}");
        assert!(
            !validator.is_valid(&Value::String(broken.into())),
            "{broken}"
        );
    }
}

/// What `format` says of `text`, through the `jsonschema` crate.
fn format_says(format: &str, text: &str) -> bool {
    jsonschema::options()
        .should_validate_formats(true)
        .build(&json!({"type": "string", "format": format}))
        .unwrap()
        .is_valid(&Value::String(text.to_owned()))
}

/// The URI an IRI maps to: each character beyond ASCII percent-encoded (RFC 3987 §3.1).
fn mapped(iri: &str) -> String {
    let mut uri = String::new();
    for c in iri.chars() {
        if c.is_ascii() {
            uri.push(c);
        } else {
            for byte in c.encode_utf8(&mut [0; 4]).bytes() {
                uri.push_str(&format!("%{byte:02X}"));
            }
        }
    }
    uri
}

/// Pieces of URIs and IRIs, with characters beyond ASCII of every kind RFC 3987 tells apart:
/// `ucschar` (é, ノ), private use (U+E000, allowed in a query only), a C1 control and a
/// noncharacter (allowed nowhere).
const IRI_PIECES: &[&str] = &[
    "//", "/", "a", "Z9", "%41", "%4", "?", "#", "@", ":", "[", "]", "::1", "80", ".", "-", "~",
    " ", "{x}", "é", "ノ", "\u{e000}", "\u{85}", "\u{fdd0}",
];

fn iri_candidate() -> impl Strategy<Value = String> {
    (
        prop::sample::select(&["x:", "file:", "https:", "h\u{e9}:", ""][..]),
        prop::collection::vec(prop::sample::select(IRI_PIECES), 0..7),
    )
        .prop_map(|(scheme, pieces)| format!("{scheme}{}", pieces.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn iris_agree_with_jsonschema_where_their_uris_do(iri in iri_candidate()) {
        let uri = mapped(&iri);
        if is_absolute_uri(&uri) == format_says("uri", &uri) {
            prop_assert_eq!(is_absolute_iri(&iri), format_says("iri", &iri), "{:?}", iri);
        }
    }

    #[test]
    fn any_text_is_read_without_panicking(text in any::<String>()) {
        // A verdict either way; what is asserted is that both checks end on every text.
        let _ = (is_absolute_iri(&text), is_uri_template(&text), is_absolute_uri(&text));
    }

    #[test]
    fn an_iri_of_ucschar_is_valid_as_the_uri_it_maps_to(iri in iri_candidate()) {
        let only_ucschar = iri
            .chars()
            .all(|c| c.is_ascii() || matches!(c, 'é' | 'ノ'));
        if only_ucschar {
            prop_assert_eq!(is_absolute_iri(&iri), is_absolute_uri(&mapped(&iri)), "{:?}", iri);
        }
    }
}

#[test]
fn resource_uris_servers_write_are_iris() {
    for iri in [
        "file:///home/jos\u{e9}/notes.md",
        "file:///C:/Users/\u{5f20}\u{4e09}/todo.txt",
        "notes://\u{65e5}\u{8a18}/2026-12-03",
        "https://example.com/search?q=caf\u{e9}",
        "postgres://db.example.com/issues",
        "ui://widget/board.html",
    ] {
        assert!(is_absolute_iri(iri), "{iri}");
        assert!(format_says("iri", iri), "{iri}");
    }
    for not_one in [
        "notes/today.md",
        "file:///my notes.md",
        "file:///notes/{name}.md",
        "file:///a\u{85}b",
    ] {
        assert!(!is_absolute_iri(not_one), "{not_one}");
        assert!(!format_says("iri", not_one), "{not_one}");
    }
}
