//! The validator's check of tool schemas (`invalid-tool-schema`) next to an independent one: the
//! `jsonschema` crate validating the same schemas against the 2020-12 and draft-07 meta-schemas,
//! formats asserted (as ajv does for the reference validator). Over a generated corpus of schemas
//! (every keyword the meta-schemas constrain, with values that fit and values that do not, nested
//! through every applicator, and keywords they do not define), the two must agree on which
//! schemas are valid.
//!
//! The same corpus then goes through ajv as the reference validator runs it
//! (`tests/ts_client/check_tool_schemas.mjs`), which also compiles each schema and so resolves its
//! references; there the three verdicts (valid, warning for references to other documents,
//! invalid) must agree.
//!
//! Where ajv departs from the meta-schemas the validator follows ajv (the module docs of
//! `validate::tool_schema` list where); the cases where that makes the `jsonschema` crate's
//! verdict differ are listed in `META_SCHEMA_EXCEPTIONS`, the one place the validator does not
//! follow ajv in `AJV_EXCEPTIONS`, and each listed case must occur in the corpus.
//!
//! Last, `pattern`s: generated strings of the characters regular expressions are made of must be
//! refused exactly where JavaScript's `new RegExp(pattern, "u")` refuses them.

use mcpdesc_check::{Severity, validate};
use serde_json::{Map, Value, json};

use crate::node;
use crate::picker;

use picker::Picker;

/// Values for the keywords whose value is not a schema: some fit the meta-schemas, some do not.
fn plain_values(keyword: &str) -> Vec<Value> {
    match keyword {
        "type" => vec![
            json!("string"),
            json!("object"),
            json!("text"),
            json!(["string", "null"]),
            json!([]),
            json!(["string", "string"]),
            json!(3),
        ],
        "required" => vec![
            json!(["a"]),
            json!([]),
            json!("a"),
            json!([1]),
            json!(["a", "a"]),
        ],
        "minLength" | "maxLength" | "minItems" | "maxItems" | "minProperties" | "maxProperties"
        | "minContains" | "maxContains" => vec![
            json!(0),
            json!(3),
            json!(3.0),
            json!(-1),
            json!(1.5),
            json!("3"),
        ],
        "multipleOf" => vec![json!(2), json!(0.5), json!(0), json!(-1), json!("2")],
        "maximum" | "minimum" | "exclusiveMaximum" | "exclusiveMinimum" => {
            vec![json!(1), json!(-1.5), json!("1"), json!(true)]
        }
        "enum" => vec![json!([1, "a"]), json!(["a"]), json!([]), json!("a")],
        "examples" => vec![json!([1, "a"]), json!([]), json!("a")],
        "uniqueItems" | "readOnly" | "writeOnly" | "deprecated" => {
            vec![json!(true), json!(false), json!(1)]
        }
        "title" | "description" | "format" | "$comment" | "contentMediaType"
        | "contentEncoding" => vec![json!("x"), json!(1), json!(null)],
        "pattern" => vec![json!("^a+$"), json!(""), json!(7)],
        "$ref" => vec![
            json!("#"),
            json!("https://example.com/other.json"),
            json!("other.json#/a"),
            json!("a b"),
            json!("%zz"),
            json!(1),
        ],
        "$id" => vec![
            json!("https://example.com/s"),
            json!("https://example.com/s#"),
            json!("https://example.com/s#frag"),
            json!("a b"),
            json!(2),
        ],
        "$anchor" | "$dynamicAnchor" => vec![json!("a"), json!("_a.b-c"), json!("1a"), json!(3)],
        "$dynamicRef" => vec![json!("#meta"), json!("a b")],
        "$vocabulary" => vec![
            json!({"https://example.com/v": true}),
            json!({"v": true}),
            json!({"https://example.com/v": 1}),
            json!([]),
        ],
        "dependentRequired" => vec![
            json!({"a": ["b"]}),
            json!({"a": "b"}),
            json!({"a": ["b", "b"]}),
            json!([]),
        ],
        "const" | "default" => vec![json!(1), json!(null), json!({"type": 5})],
        "x-vendor" => vec![json!(1), json!({"type": 5, "required": "a"})],
        _ => vec![json!(null)],
    }
}

const PLAIN: &[&str] = &[
    "type",
    "required",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
    "minContains",
    "maxContains",
    "multipleOf",
    "maximum",
    "minimum",
    "exclusiveMaximum",
    "exclusiveMinimum",
    "enum",
    "examples",
    "uniqueItems",
    "readOnly",
    "writeOnly",
    "deprecated",
    "title",
    "description",
    "format",
    "$comment",
    "contentMediaType",
    "contentEncoding",
    "pattern",
    "$ref",
    "$id",
    "$anchor",
    "$dynamicAnchor",
    "$dynamicRef",
    "$vocabulary",
    "dependentRequired",
    "const",
    "default",
    "x-vendor",
];

/// Keywords whose value is one schema.
const ONE: &[&str] = &[
    "items",
    "additionalItems",
    "contains",
    "additionalProperties",
    "propertyNames",
    "if",
    "then",
    "else",
    "not",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
];

/// Keywords whose value is an array of schemas (`items` too, in draft-07).
const ARRAYS: &[&str] = &["allOf", "anyOf", "oneOf", "prefixItems", "items"];

/// Keywords whose value is an object of schemas (`dependencies` also takes name arrays).
const MAPS: &[&str] = &[
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
    "dependencies",
];

/// A schema of at most `depth` levels: mostly objects, sometimes a boolean or something that is
/// no schema at all.
fn schema(rng: &mut Picker, depth: usize) -> Value {
    match rng.below(12) {
        0 => return json!(true),
        1 => return json!(false),
        2 if depth < 3 => return rng.pick(&[json!(1), json!("s"), json!([]), json!(null)]),
        _ => {}
    }
    let mut object = Map::new();
    for _ in 0..rng.below(4) {
        let keyword = rng.pick(PLAIN);
        object.insert(keyword.to_owned(), rng.pick(&plain_values(keyword)));
    }
    if depth > 0 {
        for _ in 0..rng.below(3) {
            let (keyword, value) = match rng.below(3) {
                0 => {
                    let keyword = rng.pick(ONE);
                    (keyword, schema(rng, depth - 1))
                }
                1 => {
                    let keyword = rng.pick(ARRAYS);
                    let items = (0..rng.below(3)).map(|_| schema(rng, depth - 1)).collect();
                    (keyword, Value::Array(items))
                }
                _ => {
                    let keyword = rng.pick(MAPS);
                    let mut map = Map::new();
                    for name in ["^a", "b"].into_iter().take(rng.below(3)) {
                        let value = if keyword == "dependencies" && rng.below(2) == 0 {
                            rng.pick(&[json!(["a"]), json!(["a", "a"]), json!([1])])
                        } else {
                            schema(rng, depth - 1)
                        };
                        map.insert(name.to_owned(), value);
                    }
                    if rng.below(8) == 0 {
                        (keyword, json!([]))
                    } else {
                        (keyword, Value::Object(map))
                    }
                }
            };
            object.insert(keyword.to_owned(), value);
        }
    }
    Value::Object(object)
}

/// What the validator says of the schema as a tool's input schema: "invalid" (not valid JSON
/// Schema, or a `$ref` into it leads nowhere), "warning" (references to other documents left
/// unchecked) or "valid".
fn verdict(input: &Value) -> &'static str {
    let document = json!({
        "mcpdesc": "0.9.0",
        "info": {"name": "t", "version": "1.0.0"},
        "protocolVersions": ["2026-07-28"],
        "tools": [{"name": "t", "inputSchema": input}],
    });
    let report = validate(&document);
    let has = |code: &str, severity: Severity| {
        report
            .diagnostics()
            .iter()
            .any(|d| d.code == code && d.severity == severity)
    };
    if has("invalid-tool-schema", Severity::Error) {
        "invalid"
    } else if has(
        "unresolved-external-tool-schema-reference",
        Severity::Warning,
    ) {
        "warning"
    } else {
        "valid"
    }
}

/// Whether the validator finds the schema valid JSON Schema of its dialect.
fn ours(input: &Value) -> bool {
    verdict(input) != "invalid"
}

/// A corpus of `n` root schemas naming `dialect`.
fn corpus(dialect: &str, seed: u64, n: usize) -> Vec<Value> {
    let mut rng = Picker::new(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        if let Value::Object(mut root) = schema(&mut rng, 3) {
            root.insert("$schema".to_owned(), json!(dialect));
            out.push(Value::Object(root));
        }
    }
    out
}

fn agree_over_corpus(dialect: &str, draft: jsonschema::Draft, seed: u64) {
    let meta = jsonschema::options()
        .with_draft(draft)
        // Formats in a meta-schema are annotations, as ajv reads them.
        .should_validate_formats(false)
        .build(&json!({"$schema": dialect, "$ref": dialect}))
        .unwrap_or_else(|e| panic!("the {dialect} meta-schema: {e}"));
    let (mut valid, mut invalid) = (0, 0);
    let mut disagreements = Vec::new();
    let mut excepted = vec![0; META_SCHEMA_EXCEPTIONS.len()];
    for root in corpus(dialect, seed, 3000) {
        if is_excepted(META_SCHEMA_EXCEPTIONS, dialect, &root, &mut excepted) {
            continue;
        }
        let theirs = meta.is_valid(&root);
        if theirs {
            valid += 1;
        } else {
            invalid += 1;
        }
        if ours(&root) != theirs {
            disagreements.push(format!("jsonschema says valid = {theirs}: {root}"));
        }
    }
    assert_no_disagreement(dialect, &disagreements);
    // The corpus holds plenty of both.
    assert!(
        valid > 300 && invalid > 300,
        "{valid} valid, {invalid} invalid"
    );
    for ((reason, _), n) in META_SCHEMA_EXCEPTIONS.iter().zip(excepted) {
        let here = match reason.split_once(':') {
            Some(("draft-07", _)) => dialect.contains("draft-07"),
            Some(("2020-12", _)) => !dialect.contains("draft-07"),
            _ => true,
        };
        assert!(!here || n > 0, "no case of: {reason}");
    }
}

/// Whether `schema` is a case of one of `exceptions`, counted in `counts`.
fn is_excepted(
    exceptions: &[Exception],
    dialect: &str,
    schema: &Value,
    counts: &mut [usize],
) -> bool {
    match exceptions
        .iter()
        .position(|(_, applies)| applies(dialect, schema))
    {
        Some(i) => {
            counts[i] += 1;
            true
        }
        None => false,
    }
}

/// Fails, showing the first few, when there is any disagreement.
fn assert_no_disagreement(dialect: &str, disagreements: &[String]) {
    assert!(
        disagreements.is_empty(),
        "{} disagreements over {dialect}, the first:\n{}",
        disagreements.len(),
        disagreements[..disagreements.len().min(8)].join("\n")
    );
}

/// Every member of `value`, at any depth, with its key.
fn members(value: &Value) -> Vec<(&str, &Value)> {
    let mut out = Vec::new();
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        match v {
            Value::Object(map) => {
                for (k, child) in map {
                    out.push((k.as_str(), child));
                    stack.push(child);
                }
            }
            Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
    out
}

/// A reason, and whether a schema of a dialect holds such a case.
type Exception = (&'static str, fn(&str, &Value) -> bool);

/// Schemas the validator judges as ajv does and the meta-schema does not (a schema holding such
/// a member anywhere is left out of the comparison, even where neither would look).
const META_SCHEMA_EXCEPTIONS: &[Exception] = &[
    (
        "an empty `enum` (ajv refuses it; the meta-schemas allow it)",
        |_, s| {
            members(s)
                .iter()
                .any(|(k, v)| *k == "enum" && *v == &json!([]))
        },
    ),
    (
        "two schemas with one `$id` (ajv cannot tell which one a reference names)",
        |_, s| {
            let ids: Vec<&Value> = members(s)
                .into_iter()
                .filter(|(k, _)| *k == "$id")
                .map(|(_, v)| v)
                .collect();
            ids.iter().enumerate().any(|(i, id)| ids[..i].contains(id))
        },
    ),
    (
        "2020-12: a `$dynamicRef` to another document (ajv cannot resolve it)",
        |dialect, s| {
            !dialect.contains("draft-07")
                && members(s).iter().any(|(k, v)| {
                    *k == "$dynamicRef" && !v.as_str().is_some_and(|r| r.starts_with('#'))
                })
        },
    ),
    (
        "draft-07: a `writeOnly` that is not a boolean (ajv's draft-07 meta-schema has no `writeOnly`)",
        |dialect, s| {
            dialect.contains("draft-07")
                && members(s)
                    .iter()
                    .any(|(k, v)| *k == "writeOnly" && !v.is_boolean())
        },
    ),
];

/// Whether `name` is an anchor's name (`^[A-Za-z_][-A-Za-z0-9._]*$`).
fn is_anchor(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-._".contains(c))
}

/// Schemas the validator judges as the meta-schema does and ajv does not.
const AJV_EXCEPTIONS: &[Exception] = &[
    (
        "an `anyOf` with an always-valid branch (`true`, `{}`): ajv does not compile the others, \
         so the references and patterns in them are not followed; the validator follows them",
        |_, s| {
            members(s).iter().any(|(k, v)| {
                *k == "anyOf"
                    && v.as_array()
                        .is_some_and(|b| b.iter().any(|b| *b == json!(true) || *b == json!({})))
            })
        },
    ),
    (
        "an `$anchor` or `$dynamicAnchor` that is no anchor name where the dialect defines no \
     keyword (ajv walks every keyword of every draft looking for anchors and refuses it there \
     too; the meta-schema does not look)",
        |_, s| {
            members(s).iter().any(|(k, v)| {
                matches!(*k, "$anchor" | "$dynamicAnchor")
                    && v.as_str().is_some_and(|n| !is_anchor(n))
            })
        },
    ),
];

#[test]
fn tool_schemas_are_judged_as_the_2020_12_meta_schema_judges_them() {
    agree_over_corpus(
        "https://json-schema.org/draft/2020-12/schema",
        jsonschema::Draft::Draft202012,
        0x9e37_79b9_7f4a_7c15,
    );
}

#[test]
fn tool_schemas_are_judged_as_the_draft_07_meta_schema_judges_them() {
    agree_over_corpus(
        "http://json-schema.org/draft-07/schema#",
        jsonschema::Draft::Draft7,
        0x2545_f491_4f6c_dd1d,
    );
}

/// The `invalid-tool-schema` problems of a tool's input schema that are about its references.
fn reference_problems(input: &Value) -> Vec<String> {
    let document = json!({
        "mcpdesc": "0.9.0",
        "info": {"name": "t", "version": "1.0.0"},
        "protocolVersions": ["2026-07-28"],
        "tools": [{"name": "t", "inputSchema": input}],
    });
    validate(&document)
        .diagnostics()
        .iter()
        .filter(|d| {
            d.code == "invalid-tool-schema"
                && (d.path.ends_with("/$ref") || d.path.ends_with("/$dynamicRef"))
        })
        .map(|d| format!("{}: {}", d.path, d.message))
        .collect()
}

/// A problem that hides nothing a reference could name (a bound of the wrong type) changes
/// nothing about the references: over the corpus, each schema given a reference to a place that
/// may or may not be in it, the references' problems are the same with such a problem and
/// without. (They were held back by any other problem.)
#[test]
fn a_problem_that_hides_nothing_does_not_hold_back_the_references() {
    // Places a generated schema may or may not have: in its `$defs` or `definitions`, at an
    // anchor (2020-12 only), in an applicator.
    let modern: &[&str] = &[
        "#/$defs/b",
        "#/$defs/%5Ea",
        "#a",
        "#_a.b-c",
        "#/allOf/0",
        "#/nowhere",
    ];
    let draft_07: &[&str] = &[
        "#/definitions/b",
        "#/definitions/%5Ea",
        "#/allOf/0",
        "#/anyOf/1",
        "#/not",
        "#/nowhere",
    ];
    for (dialect, seed, targets) in [
        (
            "https://json-schema.org/draft/2020-12/schema",
            0x51_7cc1_b727_220a,
            modern,
        ),
        (
            "http://json-schema.org/draft-07/schema#",
            0x3c6e_f372_fe94_f82b,
            draft_07,
        ),
    ] {
        let (mut broken, mut sound) = (0, 0);
        for (i, root) in corpus(dialect, seed, 2000).into_iter().enumerate() {
            let Value::Object(mut root) = root else {
                continue;
            };
            let target = targets[i % targets.len()];
            root.insert("propertyNames".to_owned(), json!({"$ref": target}));
            root.remove("minProperties");
            let root = Value::Object(root);
            let mut spoiled = root.clone();
            spoiled["minProperties"] = json!("two");
            let before = reference_problems(&root);
            assert_eq!(reference_problems(&spoiled), before, "{root}");
            if before.is_empty() {
                sound += 1;
            } else {
                broken += 1;
            }
        }
        // Both kinds are many: references that lead somewhere and references that do not.
        assert!(
            broken > 150 && sound > 150,
            "{dialect}: {broken} broken, {sound} sound"
        );
    }
}

/// The reference validator's own verdict, from ajv (`tests/ts_client/check_tool_schemas.mjs`):
/// the meta-schema, formats, and compiling, which resolves every `$ref`.
fn ajv_agrees_over_corpus(dialect: &str, seed: u64) {
    let dir = node::ts_client_dir();
    let schemas = corpus(dialect, seed, 2000);
    let theirs = node::run_verdicts(
        &dir,
        "check_tool_schemas.mjs",
        &Value::Array(schemas.clone()),
        schemas.len(),
    );
    let mut seen = std::collections::BTreeMap::new();
    let mut disagreements = Vec::new();
    let mut excepted = vec![0; AJV_EXCEPTIONS.len()];
    for (schema, theirs) in schemas.iter().zip(&theirs) {
        let theirs = theirs.as_str().unwrap_or_default();
        if is_excepted(AJV_EXCEPTIONS, dialect, schema, &mut excepted) {
            continue;
        }
        *seen.entry(theirs).or_insert(0) += 1;
        let ours = verdict(schema);
        if ours != theirs {
            disagreements.push(format!("ajv: {theirs}, ours: {ours}: {schema}"));
        }
    }
    assert_no_disagreement(dialect, &disagreements);
    // Plenty of each verdict (a warning needs a schema valid but for its references elsewhere,
    // the rarest).
    for (kind, least) in [("valid", 100), ("warning", 5), ("invalid", 100)] {
        assert!(seen.get(kind).is_some_and(|n| *n >= least), "{seen:?}");
    }
    for ((reason, _), n) in AJV_EXCEPTIONS.iter().zip(excepted) {
        assert!(n > 0, "no case of: {reason}");
    }
}

#[mcpdesc_needs::needs(node)]
#[test]
fn tool_schemas_are_judged_as_the_reference_validators_ajv_judges_them_2020_12() {
    ajv_agrees_over_corpus(
        "https://json-schema.org/draft/2020-12/schema",
        0x1234_5678_9abc_def1,
    );
}

#[mcpdesc_needs::needs(node)]
#[test]
fn tool_schemas_are_judged_as_the_reference_validators_ajv_judges_them_draft_07() {
    ajv_agrees_over_corpus(
        "http://json-schema.org/draft-07/schema#",
        0x0fed_cba9_8765_4321,
    );
}

/// Random strings of the characters regular expressions are made of, up to 8 long.
fn patterns(seed: u64, n: usize) -> Vec<String> {
    const ALPHABET: &[&str] = &[
        "a", "b", "(", ")", "[", "]", "{", "}", "?", "*", "+", "|", "^", "$", "\\", "d", "k", "<",
        ">", "-", ",", "0", "1", "2", ":", "=", "!", "u", "x", "c", ".", "/", "A", "z", "w", "_",
    ];
    let mut rng = Picker::new(seed);
    (0..n)
        .map(|_| (0..rng.below(9)).map(|_| rng.pick(ALPHABET)).collect())
        .collect()
}

#[mcpdesc_needs::needs(node)]
#[test]
fn patterns_are_read_as_javascript_reads_them_in_unicode_mode() {
    let dir = node::ts_client_dir();
    let corpus = patterns(0x005e_ed0f_7e57, 20_000);
    let theirs = node::run_verdicts(&dir, "check_regexes.mjs", &json!(corpus), corpus.len());
    let (mut valid, mut invalid) = (0, 0);
    let mut disagreements = Vec::new();
    for (pattern, theirs) in corpus.iter().zip(theirs) {
        let theirs = theirs.as_bool().expect("a verdict");
        if theirs {
            valid += 1;
        } else {
            invalid += 1;
        }
        let schema = json!({
            "type": "object",
            "properties": {"a": {"type": "string", "pattern": pattern}},
        });
        let ours = verdict(&schema) != "invalid";
        if ours != theirs {
            disagreements.push(format!("JavaScript says valid = {theirs}: {pattern:?}"));
        }
    }
    assert_no_disagreement("ECMAScript regular expressions", &disagreements);
    assert!(
        valid > 2000 && invalid > 2000,
        "{valid} valid, {invalid} invalid"
    );
}

/// Whether the validator takes each pattern of `corpus` (in a tool schema's `pattern`).
fn pattern_verdicts(corpus: &[String]) -> Vec<bool> {
    corpus
        .iter()
        .map(|pattern| {
            let schema = json!({
                "type": "object",
                "properties": {"a": {"type": "string", "pattern": pattern}},
            });
            verdict(&schema) != "invalid"
        })
        .collect()
}

/// The patterns of `corpus` on which JavaScript's `new RegExp(pattern, "u")` and `ours` disagree,
/// each told (a long one by its start and length); `None` when Node.js is not to be had.
fn javascript_disagreements(corpus: &[String], ours: &[bool]) -> Vec<String> {
    let dir = node::ts_client_dir();
    let theirs = node::run_verdicts(&dir, "check_regexes.mjs", &json!(corpus), corpus.len());
    corpus
        .iter()
        .zip(ours)
        .zip(theirs)
        .filter(|((_, ours), theirs)| theirs.as_bool() != Some(**ours))
        .map(|((pattern, ours), _)| {
            let length = pattern.chars().count();
            if length <= 60 {
                format!("here valid = {ours}: {pattern:?}")
            } else {
                let start: String = pattern.chars().take(40).collect();
                format!("here valid = {ours}: {start:?}... ({length} characters)")
            }
        })
        .collect()
}

/// Patterns at the extremes a file can reach: groups nested tens of thousands deep (read here
/// without recursion), unclosed ones, thousands of named groups and references to them, and
/// V8's count of capturing groups, judged as JavaScript judges them.
#[mcpdesc_needs::needs(node)]
#[test]
fn extreme_patterns_are_read_as_javascript_reads_them() {
    let nested = |open: &str, n: usize| format!("{}a{}", open.repeat(n), ")".repeat(n));
    let named: String = (0..5_000).map(|i| format!("(?<n{i}>a)")).collect();
    let corpus = vec![
        nested("(", 20_000),
        nested("(?:", 100_000),
        nested("(?=", 20_000),
        nested("(?<!", 20_000),
        "(".repeat(100_000),
        format!("{}a", "(?:".repeat(100_000)),
        format!("{named}\\k<n4999>\\k<n0>"),
        format!("{named}\\k<n5000>"),
        format!("{named}(?<n17>b)"),
        "()".repeat(32_767),
        "()".repeat(32_768),
        format!("{}\\32767", "()".repeat(32_767)),
        format!("{}\\32768", "()".repeat(32_767)),
    ];
    let ours = pattern_verdicts(&corpus);
    assert_eq!(
        ours,
        [
            true, true, true, true, false, false, true, false, false, true, false, true, false
        ]
    );
    let disagreements = javascript_disagreements(&corpus, &ours);
    assert_no_disagreement("extreme patterns", &disagreements);
}

/// A 2020-12 object schema with `$id` `id` (if any), `$defs` and `properties`.
fn nesting(id: Option<&str>, defs: Value, properties: Value) -> Value {
    let mut schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "$defs": defs,
        "properties": properties,
    });
    if let Some(id) = id {
        schema["$id"] = json!(id);
    }
    schema
}

/// Schemas whose `$id`s nest and whose `$ref`s name them by relative and absolute URIs, each
/// with what ajv (as the reference validator runs it) says of it.
fn nested_ids() -> Vec<(&'static str, Value, &'static str)> {
    let root = Some("https://x/a/root.json");
    let c = || json!({"c": {"$id": "c.json", "type": "string"}});
    let c_with_d = || json!({"c": {"$id": "c.json", "$defs": {"d": {"type": "string"}}}});
    let p = |reference: &str| json!({"p": {"$ref": reference}});
    vec![
        (
            "an absolute `$ref` to a nested `$id` resolved against the root's",
            nesting(root, c(), p("https://x/a/c.json")),
            "valid",
        ),
        (
            "a relative `$ref` to the same",
            nesting(root, c(), p("c.json")),
            "valid",
        ),
        (
            "a `$ref` inside a nested resource, resolved against that resource's `$id`",
            nesting(
                root,
                json!({
                    "c": {"$id": "b/c.json", "type": "object", "properties": {"q": {"$ref": "d.json"}}},
                    "d": {"$id": "b/d.json", "type": "string"},
                }),
                p("b/c.json"),
            ),
            "valid",
        ),
        (
            "the same relative `$id` under two different bases: two schemas",
            nesting(
                Some("https://x/root.json"),
                json!({
                    "a": {"$id": "a/x.json", "$defs": {"i": {"$id": "item.json", "type": "string"}}},
                    "b": {"$id": "b/y.json", "$defs": {"i": {"$id": "item.json", "type": "number"}}},
                }),
                json!({}),
            ),
            "valid",
        ),
        (
            "the same relative `$id` twice under one base: one URI for two schemas",
            nesting(
                Some("https://x/root.json"),
                json!({"a": {"$id": "a/x.json", "$defs": {
                    "i": {"$id": "item.json", "type": "string"},
                    "j": {"$id": "item.json", "type": "number"},
                }}}),
                json!({}),
            ),
            "invalid",
        ),
        (
            "a nested resource named by URI, with a fragment that points at nothing (a warning, as the reference validator gives)",
            nesting(root, c(), p("https://x/a/c.json#/$defs/missing")),
            "warning",
        ),
        (
            "a relative `$id` in a root without one",
            nesting(None, c(), p("c.json")),
            "valid",
        ),
        (
            "a document that is not this one",
            nesting(root, json!({}), p("other.json")),
            "warning",
        ),
        ("dot segments", nesting(root, c(), p("./c.json")), "valid"),
        (
            "a scheme and host in another case",
            nesting(Some("HTTPS://X/a/root.json"), c(), p("https://x/a/c.json")),
            "valid",
        ),
        (
            "an escaped unreserved character, which ajv does not decode",
            nesting(
                root,
                json!({"c": {"$id": "c%2Ejson", "type": "string"}}),
                p("c.json"),
            ),
            "warning",
        ),
        (
            "`..` above the root's directory",
            nesting(
                Some("https://x/a/"),
                json!({"c": {"$id": "../b.json", "type": "string"}}),
                p("https://x/b.json"),
            ),
            "valid",
        ),
        (
            "the root by its absolute URI",
            nesting(root, c(), p("https://x/a/root.json#/$defs/c")),
            "valid",
        ),
        (
            "a pointer into a nested resource named by its URI",
            nesting(root, c_with_d(), p("c.json#/$defs/d")),
            "valid",
        ),
        (
            "a pointer into a nested resource that leads nowhere (a warning, as above)",
            nesting(root, c_with_d(), p("c.json#/$defs/e")),
            "warning",
        ),
        (
            "draft-07, an absolute `$ref` to a nested `$id`",
            json!({"$schema": "http://json-schema.org/draft-07/schema#", "$id": "https://x/a/root.json", "type": "object", "definitions": {"c": {"$id": "c.json", "type": "string"}}, "properties": {"p": {"$ref": "https://x/a/c.json"}}}),
            "valid",
        ),
        (
            "draft-07, an `$id` with a fragment beside the same URI without one",
            json!({"$schema": "http://json-schema.org/draft-07/schema#", "$id": "https://example.com/s#", "type": "object", "properties": {"a": {"$id": "https://example.com/s#frag", "type": "string"}}}),
            "valid",
        ),
        (
            "draft-07, a plain-name `$id` reached by the root's URI",
            json!({"$schema": "http://json-schema.org/draft-07/schema#", "$id": "https://example.com/s", "type": "object", "properties": {"a": {"$id": "#frag", "type": "string"}, "b": {"$ref": "https://example.com/s#frag"}}}),
            "valid",
        ),
    ]
}

#[mcpdesc_needs::needs(node)]
#[test]
fn nested_ids_and_references_resolve_as_ajv_resolves_them() {
    let cases = nested_ids();
    for (what, schema, expected) in &cases {
        assert_eq!(verdict(schema), *expected, "{what}: {schema}");
    }
    let dir = node::ts_client_dir();
    let schemas: Vec<Value> = cases.iter().map(|(_, s, _)| s.clone()).collect();
    let theirs = node::run_verdicts(
        &dir,
        "check_tool_schemas.mjs",
        &Value::Array(schemas),
        cases.len(),
    );
    for ((what, schema, expected), theirs) in cases.iter().zip(&theirs) {
        assert_eq!(theirs.as_str(), Some(*expected), "ajv, {what}: {schema}");
    }
}

/// `\p{...}` and `\P{...}` with names and values of every kind, known or not, in every form.
fn property_escapes() -> Vec<String> {
    const NAMES: &[&str] = &[
        // General_Category values, short, long and other aliases.
        "L",
        "Lu",
        "LC",
        "Nd",
        "Zs",
        "Cn",
        "Letter",
        "Uppercase_Letter",
        "Cased_Letter",
        "Decimal_Number",
        "digit",
        "punct",
        "cntrl",
        "Combining_Mark",
        "Other",
        // Scripts, short and long, and aliases.
        "Latn",
        "Latin",
        "Grek",
        "Greek",
        "Cyrl",
        "Zyyy",
        "Common",
        "Zinh",
        "Inherited",
        "Qaai",
        "Copt",
        "Qaac",
        "Hani",
        "Han",
        "Zzzz",
        "Unknown",
        "Adlm",
        "Nkoo",
        "Nko",
        // Binary properties and aliases.
        "ASCII",
        "Any",
        "Assigned",
        "Alpha",
        "Alphabetic",
        "White_Space",
        "space",
        "Emoji",
        "Extended_Pictographic",
        "ExtPict",
        "ID_Start",
        "IDS",
        "XIDC",
        "Dash",
        "Math",
        "RI",
        // Unknown: wrong case, other properties, properties of strings, no such name.
        "lu",
        "latin",
        "LATIN",
        "alphabetic",
        "Hrkt",
        "Katakana_Or_Hiragana",
        "Block",
        "Basic_Latin",
        "InBasic_Latin",
        "RGI_Emoji",
        "Basic_Emoji",
        "Lowercase_Letters",
        "Foo",
        "Yes",
        "IsLatin",
        "Line_Break",
    ];
    const FORMS: &[&str] = &[
        "\\p{X}",
        "\\P{X}",
        "\\p{General_Category=X}",
        "\\p{gc=X}",
        "\\p{Script=X}",
        "\\p{sc=X}",
        "\\P{Script_Extensions=X}",
        "\\p{scx=X}",
        "[\\p{X}a]",
        "\\p{Block=X}",
        "\\p{X=Y}",
    ];
    FORMS
        .iter()
        .flat_map(|form| NAMES.iter().map(move |name| form.replace('X', name)))
        .collect()
}

#[mcpdesc_needs::needs(node)]
#[test]
fn property_escapes_are_read_as_javascript_reads_them() {
    let corpus = property_escapes();
    let ours = pattern_verdicts(&corpus);
    let known = ours.iter().filter(|ok| **ok).count();
    assert!(
        known > 150 && corpus.len() - known > 300,
        "{known} of {} known",
        corpus.len()
    );
    let disagreements = javascript_disagreements(&corpus, &ours);
    assert_no_disagreement("Unicode property escapes", &disagreements);
}
