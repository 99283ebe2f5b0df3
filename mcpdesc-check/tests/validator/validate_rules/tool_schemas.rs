//! Tool schemas (`inputSchema`, `outputSchema`) and reserved `_meta` keys.

#[allow(unused_imports)]
use super::*;

#[test]
fn invalid_tool_schema() {
    let valid = doc(
        json!(MODERN),
        tool_with_schema(json!({
            "type": "object",
            "properties": {"id": {"$ref": "#/$defs/id"}, "tags": {"type": ["array", "null"], "items": {"type": "string"}}},
            "required": ["id"],
            "$defs": {"id": {"type": "string", "minLength": 1.0}},
        })),
    );
    let invalid = doc(
        json!(MODERN),
        tool_with_schema(json!({"type": "object", "required": "id"})),
    );
    case(
        valid,
        invalid,
        "mcpdesc.tool.schemas",
        "invalid-tool-schema",
        "/tools/0/inputSchema/required",
    );
    // Every problem, each where it is; the legacy shape is not asked of a modern scope.
    let report = validate(&doc(
        json!(MODERN),
        tool_with_schema(json!({
            "type": "object",
            "properties": {
                "a": {"type": "text"},
                "b": {"minLength": -1, "anyOf": []},
                "c": {"$ref": "#/$defs/missing"},
                "d": true,
            },
        })),
    ));
    let at = "/tools/0/inputSchema/properties";
    assert_eq!(
        of_code(&report, "invalid-tool-schema"),
        [
            (Severity::Error, format!("{at}/a/type").as_str()),
            (Severity::Error, format!("{at}/b/minLength").as_str()),
            (Severity::Error, format!("{at}/b/anyOf").as_str()),
            // A broken reference too: none of the problems hides what it could name.
            (Severity::Error, format!("{at}/c/$ref").as_str()),
        ],
        "{report}"
    );
    // An empty `enum` is refused, as the reference's ajv refuses it (the meta-schema allows it).
    let report = validate(&doc(
        json!(MODERN),
        tool_with_schema(json!({"type": "object", "properties": {"a": {"enum": []}}})),
    ));
    only(
        &report,
        "invalid-tool-schema",
        Severity::Error,
        "/tools/0/inputSchema/properties/a/enum",
    );
    // References are resolved once the schema is well-formed.
    let report = validate(&doc(
        json!(MODERN),
        tool_with_schema(
            json!({"type": "object", "properties": {"c": {"$ref": "#/$defs/missing"}}}),
        ),
    ));
    only(
        &report,
        "invalid-tool-schema",
        Severity::Error,
        "/tools/0/inputSchema/properties/c/$ref",
    );
    // ... and wait while a problem may hide what a reference names: schemas written where they
    // are not read (an array for `$defs`, an object for `allOf`, an array for a schema), or an
    // anchor or `$id` written wrong. Each problem is reported alone; the reference, which finds
    // nothing because of it, is checked once it is mended.
    let hiding = [
        (
            json!({"$defs": [{"$anchor": "id"}], "properties": {"c": {"$ref": "#id"}}}),
            "/$defs",
        ),
        (
            json!({"allOf": {"x": {"$anchor": "id"}}, "properties": {"c": {"$ref": "#id"}}}),
            "/allOf",
        ),
        (
            json!({"not": [{"$anchor": "id"}], "properties": {"c": {"$ref": "#id"}}}),
            "/not",
        ),
        (
            json!({"$defs": {"x": {"$anchor": "1d"}}, "properties": {"c": {"$ref": "#1d"}}}),
            "/$defs/x/$anchor",
        ),
        (
            json!({"$defs": {"x": {"$id": 7}}, "properties": {"c": {"$ref": "#/$defs/y"}}}),
            "/$defs/x/$id",
        ),
        (
            json!({"$defs": {"x": {"$id": "x.json#f", "$anchor": "id"}}, "properties": {"c": {"$ref": "x.json#id"}}}),
            "/$defs/x/$id",
        ),
    ];
    for (schema, problem) in hiding {
        let report = validate(&doc(json!(MODERN), tool_with_schema(schema.clone())));
        only(
            &report,
            "invalid-tool-schema",
            Severity::Error,
            &format!("/tools/0/inputSchema{problem}"),
        );
    }
    // A problem that hides nothing (a scalar for a schema, a bound of the wrong type) does not
    // hold the references back.
    let report = validate(&doc(
        json!(MODERN),
        tool_with_schema(json!({
            "not": "x",
            "minProperties": "2",
            "properties": {"c": {"$ref": "#/$defs/missing"}},
        })),
    ));
    assert_eq!(
        of_code(&report, "invalid-tool-schema"),
        [
            (Severity::Error, "/tools/0/inputSchema/not"),
            (Severity::Error, "/tools/0/inputSchema/minProperties"),
            (Severity::Error, "/tools/0/inputSchema/properties/c/$ref"),
        ],
        "{report}"
    );
}

#[test]
fn tool_schema_references_resolve_by_pointer_anchor_and_id() {
    let schema = json!({
        "type": "object",
        "properties": {
            "a": {"$ref": "#/$defs/a%20b"},
            "b": {"$ref": "#named"},
            "c": {"$ref": "https://example.com/inner#/$defs/x"},
            "d": {"$ref": "#"},
            "e": {"$ref": "#/properties/d"},
        },
        "$defs": {
            "a b": {"$anchor": "named", "type": "string"},
            "inner": {"$id": "https://example.com/inner", "$defs": {"x": {"$ref": "#/$defs/y"}, "y": {}}},
        },
    });
    let report = validate(&doc(json!(MODERN), tool_with_schema(schema)));
    assert!(report.is_empty(), "{report}");
    // A `#/...` reference inside a resource with its own `$id` is read against that resource.
    let schema = json!({
        "type": "object",
        "properties": {"x": {"$id": "https://example.com/x", "$ref": "#/$defs/y"}},
        "$defs": {"y": {}},
    });
    let report = validate(&doc(json!(MODERN), tool_with_schema(schema)));
    only(
        &report,
        "invalid-tool-schema",
        Severity::Error,
        "/tools/0/inputSchema/properties/x/$ref",
    );
    // Two schemas may not share an `$id`; a `$dynamicRef` is not left to another document.
    let schema = json!({
        "type": "object",
        "properties": {"a": {"$id": "https://example.com/a"}, "b": {"$id": "https://example.com/a#"}, "c": {"$dynamicRef": "https://example.com/elsewhere"}},
    });
    let report = validate(&doc(json!(MODERN), tool_with_schema(schema)));
    only(
        &report,
        "invalid-tool-schema",
        Severity::Error,
        "/tools/0/inputSchema/properties/b/$id",
    );
    let schema = json!({"type": "object", "properties": {"c": {"$dynamicRef": "https://example.com/elsewhere"}}});
    let report = validate(&doc(json!(MODERN), tool_with_schema(schema)));
    only(
        &report,
        "invalid-tool-schema",
        Severity::Error,
        "/tools/0/inputSchema/properties/c/$dynamicRef",
    );
    // References and patterns where the schema is never used are not followed, as ajv never
    // compiles them: in `then` without `if`, and in draft-07's `additionalItems` without an
    // array of `items`. Beside a draft-07 `$ref` they are: ajv compiles the siblings too.
    let schema = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {"a": {"additionalItems": {"$ref": "#/nowhere", "pattern": "(?i)x"}}},
        "then": {"$ref": "#/nowhere"},
    });
    let report = validate(&doc(json!(MODERN), tool_with_schema(schema)));
    assert!(report.is_empty(), "{report}");
    let schema = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {"a": {"$ref": "#", "items": {"$ref": "#/nowhere"}}},
    });
    let report = validate(&doc(json!(MODERN), tool_with_schema(schema)));
    only(
        &report,
        "invalid-tool-schema",
        Severity::Error,
        "/tools/0/inputSchema/properties/a/items/$ref",
    );
    // Patterns are ECMAScript regular expressions (Unicode mode), keys of `patternProperties` too.
    let schema = json!({
        "type": "object",
        "properties": {"a": {"type": "string", "pattern": "(?i)^[a-z]+$"}},
        "patternProperties": {"^x-[a-z]+$": {}, "(?P<n>y)": {}},
    });
    let report = validate(&doc(json!(MODERN), tool_with_schema(schema)));
    assert_eq!(
        of_code(&report, "invalid-tool-schema"),
        [
            (Severity::Error, "/tools/0/inputSchema/properties/a/pattern"),
            (
                Severity::Error,
                "/tools/0/inputSchema/patternProperties/(?P<n>y)"
            ),
        ],
        "{report}"
    );
    // draft-07: `$id: "#name"` is a plain-name fragment; `items` may be an array of schemas.
    let schema = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {"a": {"$ref": "#n"}, "b": {"type": "array", "items": [{"type": "string"}]}},
        "definitions": {"n": {"$id": "#n", "type": "string"}},
    });
    let report = validate(&doc(json!(MODERN), tool_with_schema(schema)));
    assert!(report.is_empty(), "{report}");
}

#[test]
fn unresolved_external_tool_schema_reference() {
    let external = tool_with_schema(json!({
        "type": "object",
        "properties": {"a": {"$ref": "https://schemas.example.com/common.json#/$defs/a"}, "b": {"$ref": "other.json"}},
    }));
    let report = validate(&doc(json!(MODERN), external));
    only(
        &report,
        "unresolved-external-tool-schema-reference",
        Severity::Warning,
        "/tools/0/inputSchema",
    );
    assert!(report.is_valid(), "{report}");
    // A schema that is invalid anyway is reported as invalid, without the warning.
    let broken = tool_with_schema(json!({
        "type": "object",
        "required": 1,
        "properties": {"a": {"$ref": "https://schemas.example.com/common.json"}},
    }));
    let report = validate(&doc(json!(MODERN), broken));
    assert!(of_code(&report, "unresolved-external-tool-schema-reference").is_empty());
    assert_eq!(of_code(&report, "invalid-tool-schema").len(), 1, "{report}");
}

#[test]
fn unsupported_tool_schema_dialect() {
    let with = |dialect: &str| {
        doc(
            json!(MODERN),
            tool_with_schema(json!({"$schema": dialect, "type": "object"})),
        )
    };
    for known in [
        "https://json-schema.org/draft/2020-12/schema",
        "https://json-schema.org/draft/2020-12/schema#",
        "http://json-schema.org/draft-07/schema#",
        "http://json-schema.org/draft-07/schema",
    ] {
        let report = validate(&with(known));
        assert!(report.is_empty(), "{known}: {report}");
    }
    // The dialect by another URI than its meta-schema's: the reference's ajv cannot find it.
    for other_scheme in [
        "http://json-schema.org/draft/2020-12/schema",
        "https://json-schema.org/draft-07/schema#",
    ] {
        let report = validate(&with(other_scheme));
        only(
            &report,
            "invalid-tool-schema",
            Severity::Error,
            "/tools/0/inputSchema/$schema",
        );
    }
    case(
        with("https://json-schema.org/draft/2020-12/schema"),
        with("http://json-schema.org/draft-04/schema#"),
        "mcpdesc.tool.schemas",
        "unsupported-tool-schema-dialect",
        "/tools/0/inputSchema/$schema",
    );
}

#[test]
fn invalid_legacy_tool_schema_shape() {
    let legacy = json!(["2025-03-26"]);
    let valid = doc(
        legacy.clone(),
        tool_with_schema(
            json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}),
        ),
    );
    let invalid = doc(
        legacy.clone(),
        tool_with_schema(json!({"type": "object", "properties": {"a": true}})),
    );
    let report = validate(&valid);
    assert!(report.is_valid(), "{report}");
    let report = validate(&invalid);
    only(
        &report,
        "invalid-legacy-tool-schema-shape",
        Severity::Error,
        "/tools/0/inputSchema/properties/a",
    );
    // The meta-schema is not asked of versions before 2025-11-25, whose schemas name no dialect.
    let report = validate(&doc(
        json!(["2025-06-18"]),
        tool_with_schema(json!({"type": "object", "properties": {"a": {"type": "text"}}})),
    ));
    assert!(report.is_empty(), "{report}");
    // A component shared by several tools is reported once, where it is.
    let mut shared = doc(
        legacy,
        json!({"name": "a", "inputSchema": {"$componentRef": "#/components/schemas/In"}}),
    );
    shared["tools"]
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "b", "inputSchema": {"$componentRef": "#/components/schemas/In"}}));
    shared["components"] = json!({"schemas": {"In": {"type": "object", "required": [1]}}});
    let report = validate(&shared);
    only(
        &report,
        "invalid-legacy-tool-schema-shape",
        Severity::Error,
        "/components/schemas/In/required",
    );
}

/// Which prefixes MCP reserves in `_meta` keys changed: 2025-06-18 reads any label before the
/// last, later versions the second label only.
#[test]
fn reserved_meta_prefixes_by_version() {
    let warned = |version: &str, key: &str| {
        let document = doc(
            json!([version]),
            json!({"name": "t", "inputSchema": {"type": "object"}, "_meta": {key: 1}}),
        );
        !of_code(&validate(&document), "meta-unknown-reserved-key").is_empty()
    };
    for (key, on_2025_06_18, later) in [
        ("mcp.example.com/x", true, false),
        ("com.mcp/x", false, true),
        ("com.example.MCP/x", false, false),
        ("io.ModelContextProtocol/x", false, true),
        ("mcp/x", false, false),
    ] {
        assert_eq!(
            warned("2025-06-18", key),
            on_2025_06_18,
            "{key} on 2025-06-18"
        );
        assert_eq!(warned("2025-11-25", key), later, "{key} on 2025-11-25");
    }
}

#[test]
fn reserved_meta_keys() {
    let with_meta = |versions: Value, meta: Value| {
        doc(
            versions,
            json!({"name": "t", "inputSchema": {"type": "object"}, "_meta": meta}),
        )
    };
    let clean = with_meta(
        json!(ALL),
        json!({"com.example/x": 1, "display_hint": "compact"}),
    );
    let report = validate(&clean);
    assert!(report.is_empty(), "{report}");
    case(
        clean,
        with_meta(json!(ALL), json!({"progressToken": "t"})),
        "mcp.meta.reserved-keys",
        "meta-reserved-key-context",
        "/tools/0/_meta/progressToken",
    );
    let report = validate(&with_meta(
        json!(["2026-07-28"]),
        json!({"traceparent": "", "tracestate": "ok", "io.modelcontextprotocol/serverInfo": {"name": "s", "version": "1"}}),
    ));
    only(
        &report,
        "meta-reserved-key-value",
        Severity::Error,
        "/tools/0/_meta/traceparent",
    );
    only(
        &report,
        "meta-reserved-key-context",
        Severity::Error,
        "/tools/0/_meta/io.modelcontextprotocol~1serverInfo",
    );
    // Defined only by some versions: trace context is 2026-07-28's, so 2025-11-25 has no rule
    // for it; an unknown key under a reserved prefix warns.
    let report = validate(&with_meta(
        json!(["2025-11-25"]),
        json!({"traceparent": "", "com.mcp/next": 1, "io.modelcontextprotocol/related-task": {"taskId": "1"}}),
    ));
    only(
        &report,
        "meta-unknown-reserved-key",
        Severity::Warning,
        "/tools/0/_meta/com.mcp~1next",
    );
    only(
        &report,
        "meta-reserved-key-context",
        Severity::Error,
        "/tools/0/_meta/io.modelcontextprotocol~1related-task",
    );
    assert!(of_code(&report, "meta-reserved-key-value").is_empty());
    // Legacy versions reserve nothing (they have no `_meta` on primitives at all, which is
    // reported as such).
    let report = validate(&with_meta(
        json!(["2025-03-26"]),
        json!({"progressToken": "t"}),
    ));
    assert!(
        report
            .diagnostics()
            .iter()
            .all(|d| !d.code.as_str().starts_with("meta-")),
        "{report}"
    );
    assert_eq!(
        of_code(&report, "field-not-supported-by-version"),
        [(Severity::Error, "/tools/0/_meta")]
    );
}
