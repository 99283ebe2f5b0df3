//! Tabs, flow collections, quoted lines and block scalars: indentation as YAML 1.2 reads it.

#[allow(unused_imports)]
use super::*;

/// Tabs around YAML's indentation: where YAML 1.2 lets a tab separate (after `-`, before a
/// comment, after the spaces that indent a value on its own line, inside scalars) and where it
/// forbids one (indenting a block mapping's key or a block sequence's `-`, or after a `-` whose
/// entry is a mapping).
const TABS: &[&str] = &[
    "\ta: 1\n",
    "a:\n\tb: 1\n",
    "a:\n  b: 1\n\tc: 2\n",
    "a:\n\t- x\n",
    "-\tx\n",
    "- \tx\n",
    "- a: 1\n \tb: 2\n",
    "a: |\n  x\n  \ty\n",
    "a:\n  \tb: 1\n",
    "a: x\n\t# c\n",
    "k:\n- [a]\n-\tx: 1\n",
    // A tab does not indent a flow collection's line either.
    "a: {b: 1,\n\tc: 2}\n",
    "a: [1,\n\t2]\n",
    "- [a,\n\tb]\n",
    "a: x\n\t\nb: y\n",
    "a: plain\n\tmore\n",
    "a\t: b\n",
    "a: b\t# c\n",
    "a:\n  - x\n \t- y\n",
    "a:\n  \t[1, 2]\n",
    "a: [1,\n \t2]\n",
    "a:\t# c\n  b: 1\n",
    "a: |\n\tx\n",
    "a:\n- x\n-\t- y\n",
    "a: 1\r\n\tb: 2\r\n",
    "\t- x\n",
    "-\ta: 1\n",
    "- \ta: 1\n",
    "-\t? a\n",
    "- ? a\n  : 1\n",
    "a:\n  \tb\n",
    "a:\n  b:\n  \t c: 1\n",
    "-\n\tx\n",
    "- - \tx\n",
    "a:\n  - \tb: 1\n",
    "a:\n  -\tb\n",
    "a: \"q\n \tr\"\n",
    // The first `-` of a block sequence, with nothing in its entry.
    "  \t- \n",
    " \t-\n   x\n",
    // An empty line of a multi-line string: a tab after fewer spaces than the string's lines
    // want is indentation; after as many, or on a line after the string, it is not.
    "- \"bar\n\t\n  baz\"\n",
    "a: \"x\n \t\n y\"\n",
    "a:\n  b: x\n \t\n   y\n",
    "a:\n  b: x\n   \t\n   y\n",
    "a:\n  - x\n\t\n    y\n",
    "a:\n  - x\n   \t\n    y\n",
    "a: x\n  y\n\t\n# c\nb: 1\n",
    // A tab separates a value from its `:` (the parser refuses it; the reader makes it a space).
    "a:\t1\n",
    "? a\n:\tb\n",
    "a:\t1\nb:\t{c:\t2}\nd:\t\"x\"\n",
    "a:\t\t1\n",
    "a: \"x:\ty\"\nb:\tz\n",
];

#[mcpdesc_needs::needs(node)]
#[test]
fn tabs_read_here_as_an_independent_yaml_1_2_reader_reads_them() {
    let (read, refused) = read_alike_by_the_yaml_package(TABS);
    // Both sides of the rule are exercised.
    assert!(
        refused >= 10 && read >= 10,
        "{refused} refused, {read} read"
    );
}

#[mcpdesc_needs::needs(node)]
#[test]
fn a_tab_in_the_indentation_is_reported_where_it_is() {
    for (text, line, column) in [
        ("\ta: 1\n", 1, 1),
        ("a:\n  \tb: 1\n", 2, 3),
        ("\t- x\n", 1, 1),
        ("- x\n-\ta: 1\n", 2, 2),
        ("- \ta: 1\n", 1, 3),
        // In a block sequence at its key's column whose first entry is a flow sequence.
        ("k:\n- [a]\n-\tx: 1\n", 3, 2),
        // After a `-` whose entry is a mapping with an explicit key.
        ("a:\n-\t? x\n- 1\n", 2, 2),
        // Before the first `-` of a sequence whose entry is empty.
        ("  \t- \n", 1, 3),
        // On an empty line of a multi-line string.
        ("- \"bar\n\t\n  baz\"\n", 2, 1),
        ("a:\n  b: x\n \t\n   y\n", 3, 2),
        // Refused by the parser itself, which marks them past the tab, at the start of the plain
        // scalar whose next line they indent, or at a block scalar's header.
        ("a:\n\tb: 1\n", 2, 1),
        ("c:  [{  \n\t...--- \n -\n", 2, 1),
        ("a:\n  b: 1\n\tc: 2\n", 3, 1),
        (" - true\n\t,\n", 2, 1),
        ("a:\n  b: x\n\t\n \t y\n", 4, 2),
        (" \t|-\n\tx\n", 2, 1),
        ("|\n\tx\n", 2, 1),
    ] {
        let err = yaml::from_str(text).unwrap_err();
        let p = &err.problems()[0];
        assert_eq!((p.line, p.column), (line, column), "{text:?}: {err}");
        assert!(
            p.message.contains("a tab in the indentation"),
            "{text:?}: {err}"
        );
    }
    // Tabs that separate, or sit in scalars and flow collections, are read.
    for text in [
        "-\tx\n",
        "a\t: b\n",
        "a: b\t# c\n",
        "a: |\n  x\n  \ty\n",
        "a: [1,\n \t2]\n",
    ] {
        assert_reads(text);
    }
}

/// Tabs before the lines of a flow collection written in a block collection: YAML 1.2 wants
/// each line indented by more spaces than the block collection (its keys' column, or its `-`'s),
/// and a tab is not one. The parser refuses too few spaces but read a tab as indentation.
/// Each entry: the text refused, where (line, column), and the same text indented enough.
const FLOW_TABS: &[(&str, (usize, usize), &str)] = &[
    ("a: [1,\n\t2]\n", (2, 1), "a: [1,\n \t2]\n"),
    ("a: {b: 1,\n\tc: 2}\n", (2, 1), "a: {b: 1,\n \tc: 2}\n"),
    ("- [a,\n\tb]\n", (2, 1), "- [a,\n \tb]\n"),
    ("k:\n- [a,\n\tb]\n", (3, 1), "k:\n- [a,\n \tb]\n"),
    ("k:\n- x\n- [a,\n\tb]\n", (4, 1), "k:\n- x\n- [a,\n \tb]\n"),
    ("- b: [1,\n  \t2]\n", (2, 3), "- b: [1,\n   \t2]\n"),
    (
        "a: [1,\n 2, [3,\n\t4]]\n",
        (3, 1),
        "a: [1,\n 2, [3,\n \t4]]\n",
    ),
    ("a: [1,\r\n\t2]\r\n", (2, 1), "a: [1,\r\n \t2]\r\n"),
];

/// Tabs after spaces that the parser itself refuses in a flow collection's line, with the
/// same text indented enough.
const FLOW_TABS_PARSER_REFUSES: &[(&str, &str)] = &[
    ("a:\n  b: [1,\n \t2]\n", "a:\n  b: [1,\n   \t2]\n"),
    ("- - [a,\n \tb]\n", "- - [a,\n   \tb]\n"),
];

/// Tab lines of flow collections that YAML 1.2 lets be: blank or comment lines, a line that
/// only closes the collection, and any line of a collection at the top of the document.
const FLOW_TABS_READ: &[&str] = &[
    "a: [1,\n\t]\n",
    "a: [1,\n\t# c\n 2]\n",
    "a: [1,\n\t\n 2]\n",
    "[1,\n\t2]\n",
    "{a: 1,\n\tb: 2}\n",
];

/// Texts shaped like description files (nested block mappings and sequences of scalars, flow
/// collections, quoted strings, comments), their indentation jittered so that many are not valid
/// YAML: generated from a fixed seed, so each run reads the same texts.
fn description_shaped_texts(count: usize) -> Vec<String> {
    const KEYS: &[&str] = &[
        "a",
        "b",
        "name",
        "\"k\"",
        "'k2'",
        "x-y",
        "a b",
        "\"a: b\"",
        "\"multi\\n\"",
    ];
    const SCALARS: &[&str] = &[
        "x",
        "\"q\"",
        "'s'",
        "1",
        "-2",
        "1.5",
        "1e3",
        ".5",
        "true",
        "null",
        "~",
        "0x1F",
        "0o17",
        "+1",
        "2024-01-01",
        "\"a\\tb\"",
        "a b",
        "a:b",
        "#x",
        "x #c",
        "\"x\\u00e9\"",
        "|",
        ">-",
        "[]",
        "{}",
        "[1, 2]",
        "{a: 1}",
        "\"",
        "'it''s'",
        "on",
        "yes",
        "=",
        "<<",
        "\"x\n  y\"",
        "[1,\n  2]",
        "'a\nb'",
    ];
    let mut picker = picker::Picker::new(0x9e37_79b9_7f4a_7c15);
    let mut next = move |n: usize| picker.below(n);
    fn node(indent: usize, depth: usize, next: &mut dyn FnMut(usize) -> usize) -> String {
        let kind = next(10);
        if depth > 2 || kind < 4 {
            return format!(" {}\n", SCALARS[next(SCALARS.len())]);
        }
        let pad = " ".repeat(indent + [0, 2, 2, 2, 1][next(5)]);
        let mut out = String::from("\n");
        for _ in 0..1 + next(3) {
            if kind < 7 {
                out += &format!(
                    "{pad}{}:{}",
                    KEYS[next(KEYS.len())],
                    node(pad.len(), depth + 1, next)
                );
            } else {
                out += &format!("{pad}-{}", node(pad.len() + 2, depth + 1, next));
            }
        }
        out
    }
    (0..count)
        .map(|_| {
            (0..1 + next(3))
                .map(|_| format!("{}:{}", KEYS[next(KEYS.len())], node(0, 0, &mut next)))
                .collect()
        })
        .collect()
}

/// Asserts that `texts` read here as the `yaml` package reads them, and that both outcomes,
/// read and refused, are well represented among them.
fn assert_read_alike_and_both_ways(texts: &[String]) {
    let all: Vec<&str> = texts.iter().map(String::as_str).collect();
    let (read, refused) = read_alike_by_the_yaml_package(&all);
    assert!(
        read >= 500 && refused >= 500,
        "{read} read, {refused} refused"
    );
}

#[mcpdesc_needs::needs(node)]
#[test]
fn description_shaped_yaml_reads_here_as_an_independent_yaml_1_2_reader_reads_it() {
    assert_read_alike_and_both_ways(&description_shaped_texts(3000));
}

/// Where a reader finds the values of a text: `(pointer, (line, column))`.
type Places = Vec<(String, (usize, usize))>;

/// Where the `yaml` package finds every member (its key) and every item written (its start) of
/// each text, by pointer, as `(line, column)`; `None` for a text it refuses; `None` in all when
/// Node.js is not on the machine (and not required).
fn positions_by_the_yaml_package(texts: &[&str]) -> Vec<Option<Places>> {
    let dir = node::ts_client_dir();
    let lines: String = texts.iter().map(|t| format!("{}\n", json!(t))).collect();
    let theirs = node::run_json_lines(&dir, "yaml_check.mjs positions", &lines);
    assert_eq!(theirs.len(), texts.len());
    theirs
        .iter()
        .map(|t| {
            let positions = t.get("positions")?.as_object()?;
            Some(
                positions
                    .iter()
                    .map(|(pointer, at)| {
                        let at: (usize, usize) = serde_json::from_value(at.clone()).unwrap();
                        (pointer.clone(), at)
                    })
                    .collect(),
            )
        })
        .collect()
}

/// Every member and item of the texts both readers read is found where the `yaml` package finds
/// it: what `mcpdesc check` reports a problem's line and column from.
#[mcpdesc_needs::needs(node)]
#[test]
fn positions_are_where_an_independent_yaml_1_2_reader_finds_them() {
    let mut texts = description_shaped_texts(3000);
    texts.extend(flow_shaped_texts(1000));
    texts.extend(token_soup(20_000));
    // And the public conformance fixtures, written by hand.
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/conformance/mcpdesc-0.8.0");
    for dir in ["expected-valid", "expected-invalid", "expected-warning"] {
        for entry in std::fs::read_dir(fixtures.join(dir)).unwrap() {
            texts.push(std::fs::read_to_string(entry.unwrap().path()).unwrap());
        }
    }
    texts.extend(TRICKY.iter().map(|t| t.to_string()));
    let all: Vec<&str> = texts.iter().map(String::as_str).collect();
    let theirs = positions_by_the_yaml_package(&all);
    let (mut texts_compared, mut places) = (0, 0);
    let mut differ = Vec::new();
    for (text, theirs) in all.iter().zip(theirs) {
        let (Ok((_, ours)), Some(theirs)) = (yaml::from_str_with_positions(text), theirs) else {
            continue;
        };
        texts_compared += 1;
        for (pointer, at) in theirs {
            places += 1;
            if ours.get(&pointer) != Some(at) {
                differ.push(format!(
                    "{text:?} {pointer:?}: here {:?}, the yaml package {at:?}",
                    ours.get(&pointer)
                ));
            }
        }
    }
    assert!(
        texts_compared > 1000 && places > 5000,
        "{texts_compared} texts, {places} places"
    );
    assert!(
        differ.is_empty(),
        "{} of {places}:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

/// Flow collections written across lines whose closing bracket sits on a line of its own at
/// the indentation of the block collection around (`required: [\n  "a"\n]`), as JSON-minded
/// authors write them: PyYAML and the `yaml` package read them, and so does this reader (the
/// parser refused them unless the collection held a plain scalar).
const FLOW_CLOSERS_READ: &[&str] = &[
    "a: [\n  \"x\"\n]\n",
    "a: [\n  \"x\", \"y\"\n]\n",
    "a: {\n  \"k\": \"v\"\n}\n",
    "a: [\n]\n",
    "a: {\n}\n",
    "a: [ # c\n\n]\n",
    "- [\n]\n",
    "- [\n  \"x\"\n]\n",
    "a:\n  b: [\n    \"x\"\n  ]\n",
    "a:\n- b: [\n  ]\n",
    "a: [\n  \"x\"\n] # c\nb: 1\n",
    "a: [\n  [\"x\"],\n  {\"k\": 'v'}\n]\n",
    "required: [\n  \"a\",\n  \"b\"\n]\nproperties: {\n  \"a\": {\"type\": \"string\"},\n  \"b\": {\"type\": \"integer\"}\n}\n",
    "a: [\r\n  \"x\"\r\n]\r\nb: 1\r\n",
    // A block sequence whose first entry is on the line after its `-` and a comment.
    "k:\n- # c\n  [a,\n   b]\n",
    "-x:\n- # c\n    a: 1\n- [a,\n    b]\n",
];

/// Lines of a flow collection written in a block collection and indented by no more spaces than
/// the block collection: YAML 1.2 indents each more, except a last line that only closes the
/// collection, which may sit at the block's indentation. The `yaml` package refuses them; the
/// parser read most. Each entry: the text, where it is refused (line, column), and the spaces
/// the message asks for.
const FLOW_LINES_REFUSED: &[(&str, (usize, usize), &str)] = &[
    (
        "a: [\n  x\nz\n]\n",
        (3, 1),
        "write at least 1 space before it",
    ),
    (
        "a: [{\n  b: 1\n}]\n",
        (3, 1),
        "write at least 1 space before it",
    ),
    (
        "a: [\n  [1\n], 2]\n",
        (3, 1),
        "write at least 1 space before it",
    ),
    (
        "a: [\n  \"x\", [\"y\"\n], 2]\n",
        (3, 1),
        "write at least 1 space before it",
    ),
    (
        "a:\n  b: [\n    x\n ]\n",
        (4, 2),
        "write at least 2 spaces before it",
    ),
    (
        "a:\n  b: [\n]\n",
        (3, 1),
        "write at least 2 spaces before it",
    ),
    (
        "a:\n  b: [\n \"x\"\n  ]\n",
        (3, 2),
        "write at least 3 spaces before it",
    ),
    (
        "a: [\r\n  x\r\nz\r\n]\r\n",
        (3, 1),
        "write at least 1 space before it",
    ),
];

#[test]
fn a_flow_collection_may_close_at_the_blocks_indentation() {
    for text in FLOW_CLOSERS_READ {
        assert_reads(text);
    }
    let (value, positions) =
        yaml::from_str_with_positions("a: [\n  \"x\",\n  {\"k\": 1}\n] # c\nb: {\n}\nc: 2\n")
            .unwrap();
    assert_eq!(value, json!({"a": ["x", {"k": 1}], "b": {}, "c": 2}));
    // Every line and column where it is written.
    assert_eq!(positions.get("/a/0"), Some((2, 3)));
    assert_eq!(positions.get("/a/1/k"), Some((3, 4)));
    assert_eq!(positions.get("/c"), Some((7, 1)));
    // A problem after such a closing bracket is reported where it is written.
    let err = yaml::from_str("a: [\n  \"x\"\n]\nb: &y 1\n").unwrap_err();
    assert_eq!(
        (err.problems()[0].line, err.problems()[0].column),
        (4, 4),
        "{err}"
    );

    // Each such bracket the parser refuses is read again, up to a bound per file.
    let many = |n: usize| format!("a:\n{}", "- [\n  \"x\"\n]\n".repeat(n));
    assert_eq!(
        yaml::from_str(&many(256)).unwrap()["a"]
            .as_array()
            .map(Vec::len),
        Some(256)
    );
    let err = yaml::from_str(&many(257)).unwrap_err();
    let p = &err.problems()[0];
    assert_eq!((p.line, p.column), (1 + 3 * 257, 1), "{err}");
    assert!(
        p.message.contains(
            "up to 256 times per file (fewer in a file of more than 128 KiB, which it reads again each time); indent it by one more space"
        ),
        "{err}"
    );

    for (text, at, fix) in FLOW_LINES_REFUSED {
        let err = yaml::from_str(text).expect_err(text);
        let p = &err.problems()[0];
        assert_eq!((p.line, p.column), *at, "{text:?}: {err}");
        assert!(
            p.message.contains("indented by") && p.message.ends_with(fix),
            "{text:?}: {err}"
        );
    }
}

#[mcpdesc_needs::needs(node)]
#[test]
fn flow_closers_read_here_as_an_independent_yaml_1_2_reader_reads_them() {
    let all: Vec<&str> = FLOW_CLOSERS_READ
        .iter()
        .copied()
        .chain(FLOW_LINES_REFUSED.iter().map(|(text, ..)| *text))
        .collect();
    let (read, refused) = read_alike_by_the_yaml_package(&all);
    assert_eq!(
        (read, refused),
        (FLOW_CLOSERS_READ.len(), FLOW_LINES_REFUSED.len())
    );
}

/// Texts of flow collections in block collections: nested `[...]` and `{...}` written across
/// lines at every indentation (closing brackets at the block's column and left of it, lines
/// indented by one space or none, blank and comment lines inside), of scalars plain, quoted and
/// multi-line, as mapping values and as sequence entries. From a fixed seed.
fn flow_shaped_texts(count: usize) -> Vec<String> {
    const ATOMS: &[&str] = &[
        "x",
        "\"q\"",
        "'s'",
        "1",
        "-2",
        "1.5",
        "a b",
        "\"a\\tb\"",
        "null",
        "~",
        "true",
        "[]",
        "{}",
        "\"x\ny\"",
        "'x\n\ny'",
        "x\n  y",
        "#c",
        "=",
        "- x",
        "x:y",
        "\"\\u00e9\"",
        "0x1F",
        "1e3",
    ];
    const SPACES: &[&str] = &["", " ", "  ", "\n", "\n ", "\n  ", " # c\n ", "\n\n  "];
    let mut picker = picker::Picker::new(0x2545_f491_4f6c_dd1d);
    let mut next = move |n: usize| picker.below(n);
    fn flow(depth: usize, next: &mut dyn FnMut(usize) -> usize) -> String {
        let kind = next(4);
        if depth > 2 || kind < 2 {
            return ATOMS[next(ATOMS.len())].to_owned();
        }
        let count = next(4);
        let mut items = Vec::new();
        for _ in 0..count {
            // A sequence's entry is now and then a single-pair mapping (`[a: [1]]`).
            items.push(if kind == 2 && next(4) != 0 {
                flow(depth + 1, next)
            } else {
                let key = ["a", "b", "\"k\"", "d"][next(4)];
                let gap = [" ", " ", "\n  ", ""][next(4)];
                format!("{key}:{gap}{}", flow(depth + 1, next))
            });
        }
        let (open, close, ends) = if kind == 2 {
            ('[', ']', &["", ",", " ", "\n ", "\n"][..])
        } else {
            ('{', '}', &["", ",", " ", "\n "][..])
        };
        let mut out = String::from(open);
        out += SPACES[next(SPACES.len())];
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                out.push(',');
                out += SPACES[next(SPACES.len())];
            }
            out += item;
        }
        out += ends[next(ends.len())];
        out.push(close);
        out
    }
    (0..count)
        .map(|_| {
            let mut text = String::new();
            for key in ["a", "b", "c"].iter().take(1 + next(3)) {
                if next(2) == 0 {
                    let gap = [" ", " ", "\n  ", "\n "][next(4)];
                    let comment = ["", " # c"][next(2)];
                    text += &format!("{key}:{gap}{}{comment}\n", flow(0, &mut next));
                } else {
                    let dash = ["- ", "  - "][next(2)];
                    let more = ["", "- 1\n", "  - 1\n"][next(3)];
                    text += &format!("{key}:\n{dash}{}\n{more}", flow(0, &mut next));
                }
            }
            text
        })
        .collect()
}

#[mcpdesc_needs::needs(node)]
#[test]
fn flow_shaped_yaml_reads_here_as_an_independent_yaml_1_2_reader_reads_it() {
    assert_read_alike_and_both_ways(&flow_shaped_texts(3000));
}

/// Lines of a quoted string written in a block collection: YAML 1.2 wants each indented by more
/// spaces than the block collection (its keys' column, or its `-`'s), the closing quote's too;
/// blank lines may sit anywhere. The parser refuses too few spaces in a mapping's value, not in
/// a sequence's entry. Each entry: the text refused, where (line, column), and the same text
/// indented enough.
const QUOTED_LINES: &[(&str, (usize, usize), &str)] = &[
    ("- \"x\ny\"\n", (2, 1), "- \"x\n y\"\n"),
    ("- \"x\n\"\n", (2, 1), "- \"x\n \"\n"),
    ("- - \"x\n  y\"\n", (2, 3), "- - \"x\n   y\"\n"),
    ("k:\n- \"x\ny\"\n", (3, 1), "k:\n- \"x\n y\"\n"),
    ("- 'x\ny'\n", (2, 1), "- 'x\n y'\n"),
    ("- \"x\n# y\"\n", (2, 1), "- \"x\n #y\"\n"),
    ("- \"x\n\ty\"\n", (2, 1), "- \"x\n \ty\"\n"),
    ("- \"x \\\ny\"\n", (2, 1), "- \"x \\\n y\"\n"),
    ("- 'it''s\nx'\n", (2, 1), "- 'it''s\n x'\n"),
    ("- \"a\\\"b\nc\"\n", (2, 1), "- \"a\\\"b\n c\"\n"),
    ("- \"x\n\n y\nz\"\n", (4, 1), "- \"x\n\n y\n z\"\n"),
    ("a:\n  - \"x\n  y\"\n", (3, 3), "a:\n  - \"x\n   y\"\n"),
    ("- \"x\r\ny\"\r\n", (2, 1), "- \"x\r\n y\"\r\n"),
];

#[test]
fn a_quoted_line_indented_no_more_than_its_block_is_refused_where_it_is() {
    assert_refused_where_it_is(QUOTED_LINES, |_, _, message| {
        message.contains("this line of the quoted string begun on line")
    });
    // Inside a flow collection the flow collection's own rule applies.
    assert_eq!(
        yaml::from_str("a: [\"x\n y\"]\n").unwrap(),
        json!({"a": ["x y"]})
    );
}

#[mcpdesc_needs::needs(node)]
#[test]
fn quoted_lines_read_here_as_an_independent_yaml_1_2_reader_reads_them() {
    let all: Vec<&str> = both_sides(QUOTED_LINES)
        .chain(["a: \"x\ny\"\n", "a: [\"x\n y\"]\n", "- [\"x\ny\"]\n"])
        .collect();
    read_alike_by_the_yaml_package(&all);
}

#[test]
fn a_tab_indenting_a_flow_collections_line_is_refused_where_it_is() {
    // Each refused tab is in the first column that needs a space: as many as its column.
    assert_refused_where_it_is(FLOW_TABS, |_, (_, column), message| {
        let needed = if column == 1 {
            "1 space".to_owned()
        } else {
            format!("{column} spaces")
        };
        message.contains("a tab in the indentation of a flow collection's line")
            && message.ends_with(&format!("write at least {needed} before it"))
    });
    for (refused, read) in FLOW_TABS_PARSER_REFUSES {
        assert!(yaml::from_str(refused).is_err(), "{refused:?}");
        assert_reads(read);
    }
    for text in FLOW_TABS_READ {
        assert_reads(text);
    }
}

#[mcpdesc_needs::needs(node)]
#[test]
fn flow_tabs_read_here_as_an_independent_yaml_1_2_reader_reads_them() {
    let all: Vec<&str> = both_sides(FLOW_TABS)
        .chain(
            FLOW_TABS_PARSER_REFUSES
                .iter()
                .flat_map(|(refused, read)| [*refused, *read]),
        )
        .chain(FLOW_TABS_READ.iter().copied())
        .collect();
    read_alike_by_the_yaml_package(&all);
}

/// Tabs after fewer spaces than a block scalar's content, inside it or on the line right
/// after it: YAML 1.2 indents the scalar's lines, its empty lines and the comment lines that
/// end it with spaces only. The parser took such a line as the scalar's end; the `yaml`
/// package and PyYAML refuse it. Each entry: the text refused, where (line, column), and the
/// same text with spaces.
const BLOCK_SCALAR_TABS: &[(&str, (usize, usize), &str)] = &[
    ("a: |\n  x\n\t# c\n", (3, 1), "a: |\n  x\n# c\n"),
    ("a: |\n  x\n \t\n  y\n", (3, 2), "a: |\n  x\n  \t\n  y\n"),
    ("a: |\n  x\n\t\n", (3, 1), "a: |\n  x\n\n"),
    ("a: >\n  x\n\t\nb: 1\n", (3, 1), "a: >\n  x\n\nb: 1\n"),
    (
        "a: |\n  x\n\n\t# c\nb: 1\n",
        (4, 1),
        "a: |\n  x\n\n # c\nb: 1\n",
    ),
    ("- |\n  x\n\t# c\n", (3, 1), "- |\n  x\n # c\n"),
    (
        "a:\n  b: |\n    x\n  \t# c\n",
        (4, 3),
        "a:\n  b: |\n    x\n  # c\n",
    ),
    ("a: |2\n   x\n \t# c\n", (3, 2), "a: |2\n   x\n # c\n"),
    ("a: >+\n  x\n\n\t# c\n", (4, 1), "a: >+\n  x\n\n# c\n"),
    ("a: |\r\n  x\r\n\t# c\r\n", (3, 1), "a: |\r\n  x\r\n# c\r\n"),
];

/// Tabs around block scalars that YAML 1.2 lets be: in the content (after its indentation),
/// and on comment lines after the first comment line that ends the scalar.
const BLOCK_SCALAR_TABS_READ: &[&str] = &[
    "a: |\n  x\n  \ty\n",
    "a: |\n  x\n  \t\n  y\n",
    "a: |\n  x\n # c\n\t# d\n",
    "a:\n  b: |\n    x\n  # c\n\t# d\n",
    "a: |\n  x\nb: 1\n\t# c\n",
];

#[test]
fn a_tab_indenting_a_block_scalars_line_is_refused_where_it_is() {
    // Reported first (the parser may find more past it, `a: |\n  x\n \t\n  y`).
    assert_refused_where_it_is(BLOCK_SCALAR_TABS, |refused, _, message| {
        message.contains(&format!(
            "a tab in the indentation of a line in or right after the block scalar whose text starts on line {}",
            // Each scalar's text is `x`.
            refused.lines().position(|l| l.trim() == "x").unwrap_or(0) + 1
        ))
    });
    for text in BLOCK_SCALAR_TABS_READ {
        assert_reads(text);
    }
}

#[mcpdesc_needs::needs(node)]
#[test]
fn block_scalar_tabs_read_here_as_an_independent_yaml_1_2_reader_reads_them() {
    let all: Vec<&str> = both_sides(BLOCK_SCALAR_TABS)
        .chain(BLOCK_SCALAR_TABS_READ.iter().copied())
        .collect();
    let (read, refused) = read_alike_by_the_yaml_package(&all);
    assert_eq!(refused, BLOCK_SCALAR_TABS.len());
    assert_eq!(read, all.len() - refused);
}

/// A tab before a top-level flow node separates it from the start of the line, as YAML 1.2's
/// `s-separate-in-line` (tabs or spaces) allows there: the YAML test suite reads `\t{}` (Q5MG)
/// and `\t[\n\t]` (6CA3) so, and `foo:\n \tbar` (DK95/0) as `bar`. PyYAML refuses every
/// such tab, and the `yaml` package reads `\t[a]` but refuses the scalars (`TAB_AS_INDENT`):
/// these are the texts where this reader, following the spec, reads what neither of them does.
/// A tab before a block collection is indentation, which YAML writes with spaces only.
#[test]
fn a_tab_before_a_top_level_flow_node_separates_it_as_yaml_1_2_says() {
    for (text, value) in [
        ("\tfoo\n", json!("foo")),
        ("\ta b # c\n", json!("a b")),
        ("\ta\n\tb\n", json!("a b")),
        ("\t\"q\"\n", json!("q")),
        ("\t'q'\n", json!("q")),
        ("\t?]\n", json!("?]")),
        ("\t[a]\n", json!(["a"])),
        ("\t{}\n", json!({})),
        ("\t[\n\t]\n", json!([])),
    ] {
        assert_eq!(yaml::from_str(text).unwrap(), value, "{text:?}");
    }
    for text in ["\ta: b\n", "\t- a\n", "x:\n\t- a\n"] {
        let err = yaml::from_str(text).unwrap_err();
        assert!(
            err.problems()[0]
                .message
                .contains("a tab in the indentation"),
            "{text:?}: {err}"
        );
    }
}

#[test]
fn a_tab_right_after_a_colon_separates_as_yaml_1_2_says_however_many() {
    let (value, positions) =
        yaml::from_str_with_positions("a:\t1\nb:\t{c:\t2}\nd:\t\"x:\ty\"\n").unwrap();
    assert_eq!(value, json!({"a": 1, "b": {"c": 2}, "d": "x:\ty"}));
    // Every line and column stays where it is written.
    assert_eq!(positions.get("/b/c"), Some((2, 5)));
    assert_eq!(positions.get("/d"), Some((3, 1)));
    // Inside a quoted string or a block scalar, the tab is kept.
    assert_eq!(
        yaml::from_str("a: |\n  b:\tc\nd:\te\n").unwrap(),
        json!({"a": "b:\tc\n", "d": "e"})
    );
    // However many, all at once where none is in a quoted or block scalar's text, every
    // position where it is written (the other tabs in those scalars are kept).
    let many: String = (0..1_000)
        .map(|i| format!("k{i}:\t{i}\nq{i}:\t\"x\ty:\"\nb{i}:\t[c:\t1, {{d:\t2}}]\n"))
        .chain(["z: |\n  e\tf:\n".to_owned()])
        .collect();
    let (value, positions) = yaml::from_str_with_positions(&many).unwrap();
    assert_eq!(value["k999"], json!(999));
    assert_eq!(value["q999"], json!("x\ty:"));
    assert_eq!(value["b999"], json!([{"c": 1}, {"d": 2}]));
    assert_eq!(value["z"], json!("e\tf:\n"));
    assert_eq!(positions.get("/b999/0/c"), Some((3_000, 8)));
    assert_eq!(positions.get("/b999/1/d"), Some((3_000, 15)));
    assert_eq!(positions.get("/q999"), Some((2_999, 1)));
    // Else one at a time, up to a bound, so that no file makes the reading arbitrarily slow;
    // past it, the fix.
    let many: String = (0..65)
        .map(|i| format!("k{i}:\t{i}\n"))
        .chain(["q: \"x:\ty\"\n".to_owned()])
        .collect();
    let err = yaml::from_str(&many).unwrap_err();
    assert_eq!(err.problems()[0].line, 65, "{err}");
    assert!(
        err.problems()[0]
            .message
            .contains("a tab right after `:`, past the first 64"),
        "{err}"
    );
    let fewer: String = (0..64)
        .map(|i| format!("k{i}:\t{i}\n"))
        .chain(["q: \"x:\ty\"\n".to_owned()])
        .collect();
    assert_eq!(yaml::from_str(&fewer).unwrap()["k63"], json!(63));
    assert_eq!(yaml::from_str(&fewer).unwrap()["q"], json!("x:\ty"));
}
