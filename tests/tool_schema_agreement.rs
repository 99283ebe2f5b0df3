//! The validator's check of tool schemas (`invalid-tool-schema`) next to an independent one: the
//! `jsonschema` crate validating the same schemas against the 2020-12 and draft-07 meta-schemas,
//! formats asserted (as ajv does for the reference validator). Over a generated corpus of schemas
//! (every keyword the meta-schemas constrain, with values that fit and values that do not, nested
//! through every applicator, and keywords they do not define), the two must agree on which
//! schemas are valid.
//!
//! The corpus leaves out what the validator does not check on purpose (see
//! `validate::tool_schema`): `pattern` values that are not regular expressions. Its `$ref`s
//! resolve (`#`) or point to other documents, so that resolving them, which a meta-schema cannot
//! do, does not decide a case.

use mcpdesc_runtime::validate::validate;
use serde_json::{Map, Value, json};

/// A small deterministic generator (xorshift), so the corpus is the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())].clone()
    }
}

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
        "enum" | "examples" => vec![json!([1, "a"]), json!([]), json!("a")],
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
fn schema(rng: &mut Rng, depth: usize) -> Value {
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

/// Whether the validator finds the schema, as a tool's input schema, valid JSON Schema.
fn ours(input: &Value) -> bool {
    let document = json!({
        "mcpdesc": "0.9.0",
        "info": {"name": "t", "version": "1.0.0"},
        "protocolVersions": ["2026-07-28"],
        "tools": [{"name": "t", "inputSchema": input}],
    });
    !validate(&document)
        .errors()
        .any(|d| d.code == "invalid-tool-schema")
}

fn agree_over_corpus(dialect: &str, draft: jsonschema::Draft, seed: u64) {
    let meta = jsonschema::options()
        .with_draft(draft)
        .should_validate_formats(true)
        .build(&json!({"$schema": dialect, "$ref": dialect}))
        .unwrap_or_else(|e| panic!("the {dialect} meta-schema: {e}"));
    let mut rng = Rng(seed);
    let (mut valid, mut invalid) = (0, 0);
    let mut disagreements = Vec::new();
    for _ in 0..3000 {
        let mut root = match schema(&mut rng, 3) {
            Value::Object(root) => root,
            _ => continue,
        };
        root.insert("$schema".to_owned(), json!(dialect));
        let root = Value::Object(root);
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
    assert!(
        disagreements.is_empty(),
        "{} disagreements over {dialect}, the first:\n{}",
        disagreements.len(),
        disagreements[..disagreements.len().min(5)].join("\n")
    );
    // The corpus holds plenty of both.
    assert!(
        valid > 300 && invalid > 300,
        "{valid} valid, {invalid} invalid"
    );
}

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
