//! The reader's own tests.

use super::lines::starts_key;
use super::read::{read_mended, read_mending_each};
use super::reader::Reader;

/// Values after a key's `:`, with tabs right after a `:` inside and outside quoted and
/// block scalars, flow collections and comments; a few are refused.
const AFTER_A_KEY: &[&str] = &[
    "\t1",
    " 1",
    "\t\"x:\ty\"",
    "\t'x:\ty'",
    "\t\"q\\\":\tz\"",
    "\t'it''s:\tz'",
    "\t\"multi\n  line:\tz\"",
    "\t|\n  a:\tb\n  c",
    "\t>-\n  a:\tb\n\n  c:\td",
    " |\n  x\n# after:\tthe block",
    "\t[a:\t1, b]",
    "\t{a:\t1, b:\t[c]}",
    "\t# n:\tm\n  2",
    "\n  - a:\tb\n  - c",
    "\n  nested:\tv\n  other:\t\"w:\tx\"",
    "\t- x",
    " a:\tb",
    "\t\"unclosed:\tx",
];

proptest::proptest! {
    /// Tabs after `:` made spaces at once read every text as mending them one at a time
    /// reads it: the same value at the same positions, or a refusal.
    #[test]
    fn tabs_after_colons_at_once_read_as_one_at_a_time(
        picks in proptest::collection::vec(0..AFTER_A_KEY.len(), 1..10),
    ) {
        let text: String = picks
            .iter()
            .enumerate()
            .map(|(i, &pick)| format!("k{i}:{}\n", AFTER_A_KEY.get(pick).copied().unwrap_or_default()))
            .collect();
        let at_once = read_mended(&text, 32 << 20);
        let each = read_mending_each(&text, 32 << 20);
        proptest::prop_assert_eq!(at_once.is_ok(), each.is_ok(), "{:?}", text);
        if let (Ok(at_once), Ok(each)) = (at_once, each) {
            proptest::prop_assert_eq!(at_once, each, "{:?}", text);
        }
    }

    /// A column's byte offset is found through the sampled offsets as by walking its
    /// line, in ASCII text and other, on lines shorter and longer than the sampling step,
    /// and nothing is found past a line's end.
    #[test]
    fn a_columns_byte_is_found_as_by_walking_its_line(
        text in "([a-z é€😀\t]{0,150}\n){0,4}[a-z é€😀]{0,150}",
    ) {
        let reader = Reader::new(&text);
        for (i, line) in text.split('\n').enumerate() {
            for col in 0..line.chars().count() + 2 {
                let walked = line.char_indices().nth(col).map(|(at, _)| at);
                proptest::prop_assert_eq!(reader.col_byte(i + 1, col), walked);
            }
        }
        proptest::prop_assert_eq!(reader.col_byte(0, 0), None);
    }
}

#[test]
fn a_key_is_told_from_a_scalar_by_its_colon() {
    for key in [
        "a:",
        "a: 1",
        "a:  # note",
        "url: https://x",
        "?",
        "? a",
        "'k''s': 1",
        "'k' : 1",
        "\"q\\\"\": 2",
        "\"a:b\":",
        "\"\":\tx",
        "a:\tx",
    ] {
        assert!(starts_key(key), "{key:?} starts a key");
    }
    for scalar in [
        "a",
        "https://x",
        "a:b",
        "a # b: c",
        "'a: b'",
        "'it''s: x'",
        "\"a: b\"",
        "\"say \\\": x\"",
        "'unclosed: x",
        "[a: 1]",
        "{a: 1}",
        "| # a: b",
        "",
        "?x",
    ] {
        assert!(!starts_key(scalar), "{scalar:?} is no key");
    }
}

/// A text whose closing brackets the parser refuses `n` times, after `padding` bytes.
fn closers_after(padding: usize, n: usize) -> String {
    let mut text = format!("pad: \"{}\"\na:\n", "x".repeat(padding));
    text.push_str(&"- [\n  \"x\"\n]\n".repeat(n));
    text
}

#[test]
fn a_text_is_read_again_only_up_to_a_budget_of_bytes() {
    let text = closers_after(1000, 10);
    // Ten readings again of about 1 KiB each fit in 16 KiB, not in 4 KiB: there the
    // reader refuses the bracket it could not afford to mend, and says how to fix it.
    let (value, _) = read_mended(&text, 16 << 10).unwrap();
    assert_eq!(value["a"].as_array().map(Vec::len), Some(10));
    let err = read_mended(&text, 4 << 10).unwrap_err();
    let p = &err.problems()[0];
    assert!(p.message.ends_with("indent it by one more space"), "{err}");
    // Three or four readings again fit: the fourth or fifth bracket (on line 2 + 3k for
    // the k-th) is the one refused.
    assert!((2 + 3 * 4..=2 + 3 * 5).contains(&p.line), "{err}");
}

#[test]
fn surrogate_pairs_are_joined_only_up_to_a_budget_of_bytes() {
    let mut text = format!("pad: \"{}\"\n", "x".repeat(1000));
    text.push_str(
        &"- \"\\ud83d\\ude00\"\n"
            .repeat(10)
            .replacen("- ", "a:\n- ", 1),
    );
    let (value, _) = read_mended(&text, 16 << 10).unwrap();
    assert_eq!(value["a"][9], "\u{1F600}");
    let err = read_mended(&text, 4 << 10).unwrap_err();
    let p = &err.problems()[0];
    assert!(p.message.contains("joins in up to"), "{err}");
    assert!(p.message.ends_with("(`\\U0001F600`)"), "{err}");
}

/// The parser's messages the reader keys on (`mend`'s constants), each pinned to a text that
/// makes yaml-rust2 give it, word for word. A parser upgrade that rewords one fails here, not by
/// changing silently what the reader accepts.
#[test]
fn every_parser_message_the_reader_keys_on_is_the_parsers() {
    use super::mend::{
        BLOCK_SCALAR_UNINDENTED, COLON_IN_FLOW, COLON_WANTS_SPACE, DASH_WANTS_SPACE,
        INVALID_INDENTATION, KEY_TAB, KEY_WANTS_SPACE, MAPPING_VALUES, QUOTED_UNENDED,
        QUOTED_UNINDENTED, TAB_IN_BLOCK_INDENTATION, TAB_IN_PLAIN_SCALAR, TAB_STARTS_BLOCK_SCALAR,
        TRAILING_AFTER_QUOTED, UNICODE_ESCAPE,
    };
    use yaml_rust2::parser::Parser;

    /// The parser's first refusal of `text`.
    fn refusal(text: &str) -> Option<String> {
        let mut parser = Parser::new(text.chars());
        loop {
            match parser.next_token() {
                Ok((yaml_rust2::Event::StreamEnd, _)) => return None,
                Ok(_) => {}
                Err(e) => return Some(e.info().to_owned()),
            }
        }
    }

    let pinned: &[(&str, &str)] = &[
        (COLON_WANTS_SPACE, "a:\tb\n"),
        (DASH_WANTS_SPACE, "-\t- x\n"),
        (KEY_WANTS_SPACE, "?\tk\n"),
        (KEY_TAB, "? \tk\n"),
        (MAPPING_VALUES, "a: b: c\n"),
        (TRAILING_AFTER_QUOTED, "a: \"x\" y\n"),
        (QUOTED_UNINDENTED, "a: \"x\ny\"\n"),
        (QUOTED_UNENDED, "a: \"x\n"),
        (COLON_IN_FLOW, "[a\n: b]\n"),
        (INVALID_INDENTATION, "a:\n  b: [c,\nd]\n"),
        (BLOCK_SCALAR_UNINDENTED, "a: |4\n  x\n"),
        (TAB_IN_BLOCK_INDENTATION, "a:\n\tb: 1\n"),
        (TAB_IN_PLAIN_SCALAR, "a:\n  b\n\tc\n"),
        (TAB_STARTS_BLOCK_SCALAR, "a: |\n\tx\n"),
        (UNICODE_ESCAPE, "a: \"\\ud83d\"\n"),
    ];
    let mut wrong = Vec::new();
    for (message, text) in pinned {
        let got = refusal(text);
        if got.as_deref() != Some(*message) {
            wrong.push(format!(
                "{text:?}: expected {message:?}, the parser says {got:?}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
