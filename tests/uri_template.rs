//! The URI-template check that `#[elicitation(resource_template = "...")]` runs at compile time,
//! next to an independent one: the `jsonschema` crate's `uri-template` format (RFC 6570, with
//! erratum 6937's apostrophe).
//!
//! The two agree on every ASCII template. On other characters this crate is the stricter: RFC
//! 6570 allows only `ucschar` and `iprivate` outside ASCII, where `jsonschema` takes any, so the
//! C1 controls and the noncharacters are refused here and accepted there.

use mcpdesc_runtime::__private::is_uri_template;
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
