//! One valid and one invalid document for every diagnostic code, checking rule, code and path.

use mcpdesc_runtime::validate::{Severity, validate};
use serde_json::{Map, Value, json};

fn doc(versions: Value, tool: Value) -> Value {
    json!({
        "mcpdesc": "0.9.0",
        "$schema": "https://mcpdesc.org/schema/mcp-description/0.9.0-rc.3.json",
        "info": {"name": "t", "version": "1.0.0"},
        "protocolVersions": versions,
        "tools": [tool],
    })
}

fn tool(elicitations: Value) -> Value {
    json!({"name": "t", "inputSchema": {"type": "object"}, "elicitations": elicitations})
}

fn form(properties: Value) -> Value {
    json!({"name": "f", "mode": "form", "message": "m", "requestedSchema": {"type": "object", "properties": properties}})
}

const MODERN: &[&str] = &["2025-11-25", "2026-07-28"];
const ALL: &[&str] = &["2025-06-18", "2025-11-25", "2026-07-28"];

/// Where each diagnostic of `report` is.
fn paths(report: &mcpdesc_runtime::validate::Report) -> Vec<&str> {
    report
        .diagnostics()
        .iter()
        .map(|d| d.path.as_str())
        .collect()
}

/// Asserts `valid` is clean and `invalid` has an error with exactly this rule, code and path.
fn case(valid: Value, invalid: Value, rule: &str, code: &str, path: &str) {
    let report = validate(&valid);
    assert!(
        report.is_empty(),
        "valid document for {code} reported:\n{report}"
    );
    let report = validate(&invalid);
    assert!(
        report.diagnostics().iter().any(|d| d.rule == rule
            && d.code == code
            && d.path == path
            && d.severity == Severity::Error),
        "expected {rule} / {code} at {path}, got:\n{report}"
    );
    for d in report.diagnostics() {
        assert!(!d.message.is_empty());
    }
}

#[test]
fn document_members() {
    let valid = doc(json!(ALL), tool(json!([form(json!({}))])));
    let mut invalid = valid.clone();
    invalid["servers"] = json!([]);
    case(
        valid.clone(),
        invalid,
        "mcpdesc.document.members",
        "schema-validation",
        "/servers",
    );
    let mut invalid = valid.clone();
    invalid["protocolVersions"] = json!(["2027-01-01"]);
    case(
        valid.clone(),
        invalid,
        "mcpdesc.document.members",
        "schema-validation",
        "/protocolVersions/0",
    );
    let mut invalid = valid.clone();
    invalid["info"]["version"] = json!("");
    case(
        valid.clone(),
        invalid,
        "mcpdesc.document.members",
        "schema-validation",
        "/info/version",
    );
    let mut invalid = valid;
    invalid["prompts"] = json!([]);
    case(
        doc(json!(ALL), tool(json!([form(json!({}))]))),
        invalid,
        "mcpdesc.document.members",
        "schema-validation",
        "/prompts",
    );
}

#[test]
fn tool_members() {
    let valid = doc(json!(ALL), tool(json!([form(json!({}))])));
    case(
        valid.clone(),
        doc(json!(ALL), tool(json!([]))),
        "mcpdesc.tool.members",
        "schema-validation",
        "/tools/0/elicitations",
    );
    case(
        valid.clone(),
        doc(json!(ALL), json!({"name": "t"})),
        "mcpdesc.tool.members",
        "schema-validation",
        "/tools/0",
    );
    case(
        valid,
        doc(
            json!(ALL),
            json!({"name": "t", "inputSchema": {"type": "string"}}),
        ),
        "mcpdesc.tool.members",
        "schema-validation",
        "/tools/0/inputSchema",
    );
}

#[test]
fn root_schema_keyword_needs_2025_11_25() {
    let mut with_schema = form(json!({}));
    with_schema["requestedSchema"]["$schema"] =
        json!("https://json-schema.org/draft/2020-12/schema");
    case(
        doc(json!(MODERN), tool(json!([with_schema.clone()]))),
        doc(json!(ALL), tool(json!([with_schema]))),
        "mcp.elicitation.form-schema.protocol-shape",
        "elicitation-form-schema-version-mismatch",
        "/tools/0/elicitations/0/requestedSchema/$schema",
    );
}

#[test]
fn elicitation_members() {
    let valid = doc(json!(ALL), tool(json!([form(json!({}))])));
    for (bad, path) in [
        (
            json!({"name": "a b", "mode": "form", "message": "m", "requestedSchema": {"type": "object", "properties": {}}}),
            "/tools/0/elicitations/0/name",
        ),
        (
            json!({"name": "a", "mode": "form", "message": "", "requestedSchema": {"type": "object", "properties": {}}}),
            "/tools/0/elicitations/0/message",
        ),
        (
            json!({"name": "a", "mode": "form", "message": "m", "when": "", "requestedSchema": {"type": "object", "properties": {}}}),
            "/tools/0/elicitations/0/when",
        ),
        (
            json!({"name": "a", "mode": "form", "message": "m"}),
            "/tools/0/elicitations/0",
        ),
        (
            json!({"name": "a", "mode": "url", "message": "m", "url": "not a uri", "protocolVersions": MODERN}),
            "/tools/0/elicitations/0/url",
        ),
        (
            json!({"name": "a", "mode": "url", "message": "m", "requestedSchema": {"type": "object", "properties": {}}, "protocolVersions": MODERN}),
            "/tools/0/elicitations/0/requestedSchema",
        ),
        (
            json!({"name": "a", "message": "m"}),
            "/tools/0/elicitations/0",
        ),
    ] {
        case(
            valid.clone(),
            doc(json!(ALL), tool(json!([bad]))),
            "mcpdesc.elicitation.members",
            "schema-validation",
            path,
        );
    }
}

#[test]
fn duplicate_elicitation_name() {
    let a = form(json!({}));
    let mut b = form(json!({}));
    b["name"] = json!("F");
    case(
        doc(json!(ALL), tool(json!([a.clone(), b]))),
        doc(json!(ALL), tool(json!([a.clone(), a]))),
        "mcpdesc.elicitation.name-unique",
        "duplicate-elicitation-name",
        "/tools/0/elicitations/1/name",
    );
}

#[test]
fn form_schema_members() {
    case(
        doc(
            json!(ALL),
            tool(json!([form(json!({"a": {"type": "string"}}))])),
        ),
        doc(
            json!(ALL),
            tool(json!([form(json!({"a": {"type": "object"}}))])),
        ),
        "mcp.elicitation.form-schema.members",
        "schema-validation",
        "/tools/0/elicitations/0/requestedSchema/properties/a/type",
    );
    case(
        doc(
            json!(ALL),
            tool(json!([form(json!({"a": {"type": "string"}}))])),
        ),
        doc(
            json!(ALL),
            tool(json!([form(
                json!({"a": {"type": "string", "pattern": "x"}})
            )])),
        ),
        "mcp.elicitation.form-schema.members",
        "schema-validation",
        "/tools/0/elicitations/0/requestedSchema/properties/a/pattern",
    );
    let mut titled = form(json!({}));
    titled["requestedSchema"]["title"] = json!("Root title");
    case(
        doc(json!(ALL), tool(json!([form(json!({}))]))),
        doc(json!(ALL), tool(json!([titled]))),
        "mcp.elicitation.form-schema.members",
        "schema-validation",
        "/tools/0/elicitations/0/requestedSchema/title",
    );
}

#[test]
fn form_schema_version_mismatch() {
    let multi = json!({"a": {"type": "array", "items": {"type": "string", "enum": ["x"]}}});
    let mut scoped = form(multi.clone());
    scoped["protocolVersions"] = json!(MODERN);
    case(
        doc(json!(ALL), tool(json!([scoped]))),
        doc(json!(ALL), tool(json!([form(multi)]))),
        "mcp.elicitation.form-schema.protocol-shape",
        "elicitation-form-schema-version-mismatch",
        "/tools/0/elicitations/0/requestedSchema/properties/a",
    );
    let default = json!({"a": {"type": "string", "default": "x"}});
    case(
        doc(json!(MODERN), tool(json!([form(default.clone())]))),
        doc(json!(["2025-06-18"]), tool(json!([form(default)]))),
        "mcp.elicitation.form-schema.protocol-shape",
        "elicitation-form-schema-version-mismatch",
        "/tools/0/elicitations/0/requestedSchema/properties/a",
    );
}

#[test]
fn form_consistency() {
    let mut required = form(json!({"a": {"type": "string"}}));
    required["requestedSchema"]["required"] = json!(["a"]);
    let mut unknown = required.clone();
    unknown["requestedSchema"]["required"] = json!(["b"]);
    case(
        doc(json!(ALL), tool(json!([required]))),
        doc(json!(ALL), tool(json!([unknown]))),
        "mcpdesc.elicitation.form-schema.consistency",
        "elicitation-form-required-property-unknown",
        "/tools/0/elicitations/0/requestedSchema/required/0",
    );
    case(
        doc(
            json!(ALL),
            tool(json!([form(
                json!({"a": {"type": "string", "enum": ["x", "y"], "enumNames": ["X", "Y"]}})
            )])),
        ),
        doc(
            json!(ALL),
            tool(json!([form(
                json!({"a": {"type": "string", "enum": ["x", "y"], "enumNames": ["X"]}})
            )])),
        ),
        "mcpdesc.elicitation.form-schema.consistency",
        "elicitation-form-enum-names-mismatch",
        "/tools/0/elicitations/0/requestedSchema/properties/a/enumNames",
    );
    case(
        doc(
            json!(MODERN),
            tool(json!([form(
                json!({"a": {"type": "string", "enum": ["x"], "default": "x"}})
            )])),
        ),
        doc(
            json!(MODERN),
            tool(json!([form(
                json!({"a": {"type": "string", "enum": ["x"], "default": "z"}})
            )])),
        ),
        "mcpdesc.elicitation.form-schema.consistency",
        "elicitation-form-default-outside-enum",
        "/tools/0/elicitations/0/requestedSchema/properties/a/default",
    );
    case(
        doc(
            json!(MODERN),
            tool(json!([form(
                json!({"a": {"type": "array", "items": {"anyOf": [{"const": "x", "title": "X"}]}, "default": ["x"]}})
            )])),
        ),
        doc(
            json!(MODERN),
            tool(json!([form(
                json!({"a": {"type": "array", "items": {"anyOf": [{"const": "x", "title": "X"}]}, "default": ["y"]}})
            )])),
        ),
        "mcpdesc.elicitation.form-schema.consistency",
        "elicitation-form-default-outside-enum",
        "/tools/0/elicitations/0/requestedSchema/properties/a/default/0",
    );
    for (good, bad, key) in [
        (
            json!({"type": "string", "minLength": 1, "maxLength": 1}),
            json!({"type": "string", "minLength": 2, "maxLength": 1}),
            "minLength",
        ),
        (
            json!({"type": "integer", "minimum": -1, "maximum": 0.5}),
            json!({"type": "number", "minimum": 1, "maximum": 0.5}),
            "minimum",
        ),
    ] {
        case(
            doc(json!(ALL), tool(json!([form(json!({"a": good}))]))),
            doc(json!(ALL), tool(json!([form(json!({"a": bad}))]))),
            "mcpdesc.elicitation.form-schema.consistency",
            "elicitation-form-invalid-range",
            &format!("/tools/0/elicitations/0/requestedSchema/properties/a/{key}"),
        );
    }
}

#[test]
fn scope_outside_parent() {
    let mut inside = form(json!({}));
    inside["protocolVersions"] = json!(["2025-11-25"]);
    let mut outside = form(json!({}));
    outside["protocolVersions"] = json!(["2025-06-18"]);
    case(
        doc(json!(MODERN), tool(json!([inside]))),
        doc(json!(MODERN), tool(json!([outside]))),
        "mcpdesc.protocol-scope.consistency",
        "protocol-scope-outside-parent",
        "/tools/0/elicitations/0/protocolVersions",
    );
}

#[test]
fn url_mode_per_version() {
    let url = json!({"name": "u", "mode": "url", "message": "m"});
    let mut scoped = url.clone();
    scoped["protocolVersions"] = json!(MODERN);
    case(
        doc(json!(ALL), tool(json!([scoped]))),
        doc(json!(ALL), tool(json!([url]))),
        "mcp.elicitation.protocol-version",
        "elicitation-mode-not-supported-by-version",
        "/tools/0/elicitations/0/mode",
    );
}

#[test]
fn component_references() {
    let mut valid = doc(
        json!(ALL),
        tool(
            json!([{"name": "f", "mode": "form", "message": "m", "requestedSchema": {"$componentRef": "#/components/schemas/Form"}}]),
        ),
    );
    valid["components"] = json!({"schemas": {"Form": {"type": "object", "properties": {}}, "Alias": {"$componentRef": "#/components/schemas/Form"}}});
    for (target, code) in [
        (
            "#/components/schemas/Nope",
            "missing-component-reference-target",
        ),
        (
            "#/components/toolExamples/Form",
            "wrong-component-reference-namespace",
        ),
        ("#/components/schemas/Loop", "component-reference-cycle"),
    ] {
        let mut invalid = valid.clone();
        invalid["tools"][0]["elicitations"][0]["requestedSchema"]["$componentRef"] = json!(target);
        invalid["components"]["schemas"]["Loop"] =
            json!({"$componentRef": "#/components/schemas/Loop"});
        case(
            valid.clone(),
            invalid.clone(),
            "mcpdesc.components.references",
            code,
            "/tools/0/elicitations/0/requestedSchema/$componentRef",
        );
        if code == "component-reference-cycle" {
            let report = validate(&invalid);
            assert!(
                report.errors().any(|d| d
                    .message
                    .contains("a loop without reaching a schema (Loop -> Loop)")),
                "{report}"
            );
        }
    }
}

#[test]
fn referenced_forms_are_checked_in_the_declarations_scope() {
    let mut invalid = doc(
        json!(ALL),
        tool(
            json!([{"name": "f", "mode": "form", "message": "m", "requestedSchema": {"$componentRef": "#/components/schemas/Multi"}}]),
        ),
    );
    invalid["components"] = json!({"schemas": {"Multi": {"type": "object", "properties": {"a": {"type": "array", "items": {"type": "string", "enum": ["x"]}}}}}});
    let report = validate(&invalid);
    let d = report.errors().next().unwrap();
    assert_eq!(d.code, "elicitation-form-schema-version-mismatch");
    assert!(d.message.contains("2025-06-18"), "{}", d.message);
}

#[test]
fn duplicate_primitive_identity() {
    let mut valid = doc(
        json!(ALL),
        json!({"name": "t", "inputSchema": {"type": "object"}, "protocolVersions": ["2025-06-18"]}),
    );
    valid["tools"]
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "t", "inputSchema": {"type": "object"}, "protocolVersions": MODERN}));
    let mut invalid = valid.clone();
    invalid["tools"][1]["protocolVersions"] = json!(ALL);
    // A third description is compared with both before it: here it overlaps the second only.
    let mut third = valid.clone();
    third["tools"].as_array_mut().unwrap().push(
        json!({"name": "t", "inputSchema": {"type": "object"}, "protocolVersions": ["2026-07-28"]}),
    );
    case(
        valid,
        invalid,
        "mcpdesc.primitive.identity-unique",
        "duplicate-primitive-identity",
        "/tools/1/name",
    );
    let report = validate(&third);
    let errors: Vec<_> = report.errors().collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].path, "/tools/2/name");
    assert!(
        errors[0]
            .message
            .contains("is already described at /tools/1 for [2026-07-28]"),
        "{}",
        errors[0].message
    );
}

#[test]
fn client_requirements() {
    let mut valid = doc(json!(MODERN), tool(json!([form(json!({}))])));
    valid["tools"][0]["clientRequirements"] = json!({"elicitation": {"form": {}}});
    let mut invalid = doc(json!(ALL), tool(json!([form(json!({}))])));
    invalid["tools"][0]["clientRequirements"] = json!({"elicitation": {"form": {}}});
    case(
        valid,
        invalid,
        "mcpdesc.client-requirements.elicitation",
        "client-requirement-version-mismatch",
        "/tools/0/clientRequirements/elicitation",
    );
    let mut empty = doc(json!(ALL), tool(json!([form(json!({}))])));
    empty["tools"][0]["clientRequirements"] = json!({});
    let mut plain = empty.clone();
    plain["tools"][0]["clientRequirements"] = json!({"elicitation": {}});
    case(
        plain,
        empty,
        "mcpdesc.tool.members",
        "schema-validation",
        "/tools/0/clientRequirements",
    );
}

fn with_example(steps: Value) -> Value {
    let mut confirm = form(json!({"approved": {"type": "boolean"}}));
    confirm["name"] = json!("confirm");
    confirm["requestedSchema"]["required"] = json!(["approved"]);
    let mut t = tool(
        json!([confirm, {"name": "link", "mode": "url", "message": "Link.", "url": "https://example.com/link"}]),
    );
    t["interactionExamples"] =
        json!({"one": {"input": {}, "steps": steps, "result": {"content": []}}});
    // One version: a completed result of 2026-07-28 carries `resultType`, which 2025-11-25
    // does not define, so no result fits both.
    doc(json!(["2025-11-25"]), t)
}

fn form_step(content: Value) -> Value {
    json!({"type": "elicitation", "declaration": "confirm",
        "request": {"mode": "form", "message": "Approve?", "requestedSchema": {"type": "object", "properties": {"approved": {"type": "boolean"}}, "required": ["approved"]}},
        "response": {"action": "accept", "content": content}})
}

#[test]
fn interaction_examples() {
    let valid = with_example(json!([form_step(json!({"approved": true})),
        {"type": "elicitation", "declaration": "link", "request": {"mode": "url", "message": "Link.", "url": "https://example.com/link"}, "response": {"action": "accept"}},
        {"type": "elicitation", "declaration": "confirm", "request": {"mode": "form", "message": "Approve?", "requestedSchema": {"type": "object", "properties": {"approved": {"type": "boolean"}}, "required": ["approved"]}}, "response": {"action": "decline"}}]));
    let rule = "mcpdesc.tool.interaction-examples";
    let mut unknown = form_step(json!({"approved": true}));
    unknown["declaration"] = json!("nope");
    case(
        valid.clone(),
        with_example(json!([unknown])),
        rule,
        "interaction-elicitation-unknown-declaration",
        "/tools/0/interactionExamples/one/steps/0/declaration",
    );
    let report = validate(&with_example(json!([unknown])));
    let message = &report.diagnostics()[0].message;
    assert_eq!(
        message,
        r#"the tool has no elicitation declaration named "nope"; its declarations are ["confirm", "link"]"#
    );
    let url_mismatch = json!({"type": "elicitation", "declaration": "link", "request": {"mode": "url", "message": "Link.", "url": "https://example.com/other"}, "response": {"action": "accept"}});
    case(
        valid.clone(),
        with_example(json!([url_mismatch])),
        rule,
        "interaction-elicitation-request-mismatch",
        "/tools/0/interactionExamples/one/steps/0/request/url",
    );
    let mut mode_mismatch = form_step(json!({"approved": true}));
    mode_mismatch["declaration"] = json!("link");
    case(
        valid.clone(),
        with_example(json!([mode_mismatch])),
        rule,
        "interaction-elicitation-request-mismatch",
        "/tools/0/interactionExamples/one/steps/0/request/mode",
    );
    let mut no_content = form_step(json!({}));
    no_content["response"] = json!({"action": "accept"});
    case(
        valid.clone(),
        with_example(json!([no_content])),
        rule,
        "interaction-elicitation-response-shape",
        "/tools/0/interactionExamples/one/steps/0/response",
    );
    case(
        valid.clone(),
        with_example(json!([form_step(json!({"approved": "yes"}))])),
        rule,
        "interaction-elicitation-content-invalid",
        "/tools/0/interactionExamples/one/steps/0/response/content/approved",
    );
    case(
        valid,
        with_example(json!([form_step(json!({}))])),
        rule,
        "interaction-elicitation-content-invalid",
        "/tools/0/interactionExamples/one/steps/0/response/content/approved",
    );
}

#[test]
fn legacy_versions_warn() {
    let valid = doc(json!(ALL), tool(json!([form(json!({}))])));
    assert!(validate(&valid).is_empty());
    let legacy = doc(
        json!(["2025-03-26", "2025-06-18"]),
        json!({"name": "t", "inputSchema": {"type": "object"}}),
    );
    let report = validate(&legacy);
    assert!(report.is_valid());
    let w = report.warnings().next().unwrap();
    assert_eq!(
        (w.rule, w.code.as_str(), w.path.as_str()),
        (
            "mcpdesc.legacy-protocol.validation-scope",
            "legacy-protocol-validation-incomplete",
            "/protocolVersions"
        )
    );
}

#[test]
fn a_form_scoped_only_to_legacy_versions_gets_structural_checks_only() {
    let multi = json!({"a": {"type": "array", "items": {"type": "string", "enum": ["x"]}}});
    let report = validate(&doc(json!(["2025-03-26"]), tool(json!([form(multi)]))));
    assert!(report.is_valid(), "{report}");
    let report = validate(&doc(
        json!(["2025-03-26"]),
        tool(json!([form(json!({"a": {"type": "object"}}))])),
    ));
    assert!(!report.is_valid());
}

#[test]
fn validation_never_fetches_and_reports_json_output() {
    // A URL on an unreachable host validates by syntax alone.
    let d = doc(
        json!(MODERN),
        tool(
            json!([{"name": "u", "mode": "url", "message": "m", "url": "https://unreachable.invalid/x"}]),
        ),
    );
    let report = validate(&d);
    assert!(report.is_empty());
    let bad = doc(
        json!(["2025-06-18"]),
        tool(json!([{"name": "u", "mode": "url", "message": "m"}])),
    );
    let json = serde_json::to_value(validate(&bad).diagnostics()).unwrap();
    assert_eq!(json[0]["severity"], "error");
    assert_eq!(json[0]["rule"], "mcp.elicitation.protocol-version");
}

#[test]
fn interaction_contradicting_client_requirements_warns() {
    let url_step = json!({"type": "elicitation", "declaration": "link", "request": {"mode": "url", "message": "Link.", "url": "https://example.com/link"}, "response": {"action": "accept"}});
    let mut both = with_example(json!([url_step.clone()]));
    both["tools"][0]["clientRequirements"] = json!({"elicitation": {"form": {}, "url": {}}});
    assert!(validate(&both).is_empty(), "{}", validate(&both));
    let mut form_only = with_example(json!([url_step]));
    form_only["tools"][0]["clientRequirements"] = json!({"elicitation": {}});
    let report = validate(&form_only);
    assert!(report.is_valid());
    let w = report.warnings().next().unwrap();
    assert_eq!(
        (w.rule, w.code.as_str(), w.path.as_str()),
        (
            "mcpdesc.tool.interaction-examples",
            "interaction-elicitation-client-requirements-contradiction",
            "/tools/0/interactionExamples/one/steps/0/request/mode"
        )
    );
}

#[test]
fn tool_schema_dialect_is_not_defined_before_2025_11_25() {
    let dialect = json!("https://json-schema.org/draft/2020-12/schema");
    let by_reference =
        json!({"name": "t", "inputSchema": {"$componentRef": "#/components/schemas/In"}});
    // (tool, components, where the dialect is reported)
    let cases = [
        (
            json!({"name": "t", "inputSchema": {"$schema": dialect, "type": "object"}}),
            None,
            "/tools/0/inputSchema/$schema",
        ),
        (
            json!({"name": "t", "inputSchema": {"type": "object"},
                "outputSchema": {"$schema": dialect, "type": "object"}}),
            None,
            "/tools/0/outputSchema/$schema",
        ),
        // Through a component reference, at the component's dialect.
        (
            by_reference.clone(),
            Some(json!({"schemas": {"In": {"$schema": dialect, "type": "object"}}})),
            "/components/schemas/In/$schema",
        ),
        // Through a chain of references, at the component the chain ends in.
        (
            by_reference,
            Some(json!({"schemas": {
                "In": {"$componentRef": "#/components/schemas/Base"},
                "Base": {"$schema": dialect, "type": "object"}
            }})),
            "/components/schemas/Base/$schema",
        ),
    ];
    for (tool, components, at) in cases {
        let mut valid = doc(json!(MODERN), tool);
        if let Some(components) = components {
            valid["components"] = components;
        }
        let mut invalid = valid.clone();
        invalid["protocolVersions"] = json!(ALL);
        case(
            valid,
            invalid,
            "mcp.primitive.protocol-members",
            "field-not-supported-by-version",
            at,
        );
    }
}

#[test]
fn a_message_names_the_versions_lacking_a_member_and_the_fix() {
    let dialect = json!("https://json-schema.org/draft/2020-12/schema");
    let tool = json!({"name": "t", "inputSchema": {"$schema": dialect, "type": "object"}});
    let report = validate(&doc(json!(ALL), tool));
    let d = report.errors().next().unwrap();
    assert_eq!(
        d.message,
        "`$schema` is not defined for MCP 2025-06-18; it requires 2025-11-25 or later: remove it, or scope the tool to 2025-11-25 and 2026-07-28 with `protocolVersions`"
    );
}

#[test]
fn execution_is_not_defined_for_2026_07_28() {
    let tool = json!({"name": "t", "inputSchema": {"type": "object"},
        "execution": {"taskSupport": "optional"}});
    case(
        doc(json!(["2025-11-25"]), tool.clone()),
        doc(json!(MODERN), tool),
        "mcp.primitive.protocol-members",
        "field-not-supported-by-version",
        "/tools/0/execution",
    );
}

#[test]
fn members_older_versions_lack_are_reported_where_they_stand() {
    let root = |versions: Value, key: &str, primitive: Value| {
        json!({
            "mcpdesc": "0.9.0",
            "info": {"name": "t", "version": "1.0.0"},
            "protocolVersions": versions,
            key: [primitive],
        })
    };
    let cases = [
        (
            "tools",
            json!({"name": "t", "inputSchema": {"type": "object"}, "title": "T"}),
            "2025-06-18",
            "/tools/0/title",
        ),
        (
            "tools",
            json!({"name": "t", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true}}),
            "2025-03-26",
            "/tools/0/annotations",
        ),
        (
            "tools",
            json!({"name": "t", "inputSchema": {"type": "object"}, "icons": [{"src": "https://example.com/i.png"}]}),
            "2025-11-25",
            "/tools/0/icons",
        ),
        (
            "resources",
            json!({"uri": "file:///r", "name": "r", "size": 10}),
            "2025-03-26",
            "/resources/0/size",
        ),
        (
            "resources",
            json!({"uri": "file:///r", "name": "r", "annotations": {"lastModified": "2025-01-12T15:00:58Z"}}),
            "2025-06-18",
            "/resources/0/annotations/lastModified",
        ),
        (
            "resourceTemplates",
            json!({"uriTemplate": "file:///r/{x}", "name": "r", "_meta": {"a": 1}}),
            "2025-06-18",
            "/resourceTemplates/0/_meta",
        ),
        (
            "prompts",
            json!({"name": "p", "arguments": [{"name": "a", "title": "A"}]}),
            "2025-06-18",
            "/prompts/0/arguments/0/title",
        ),
    ];
    for (key, primitive, since, path) in cases {
        let valid = root(json!([since]), key, primitive.clone());
        let invalid = root(json!(["2024-11-05", since]), key, primitive);
        let report = validate(&valid);
        assert!(report.errors().next().is_none(), "{path}: {report}");
        let report = validate(&invalid);
        assert!(
            report
                .errors()
                .any(|d| d.code == "field-not-supported-by-version"
                    && d.rule == "mcp.primitive.protocol-members"
                    && d.path == path),
            "{path}: {report}"
        );
    }
}

#[test]
fn output_schema_is_object_rooted_before_2026_07_28() {
    let tool = json!({"name": "t", "inputSchema": {"type": "object"},
        "outputSchema": {"type": "array", "items": {"type": "string"}}});
    case(
        doc(json!(["2026-07-28"]), tool.clone()),
        doc(json!(MODERN), tool),
        "mcpdesc.tool.members",
        "schema-validation",
        "/tools/0/outputSchema",
    );
}

#[test]
fn metadata_members_have_the_format_shapes() {
    let base = json!({"name": "t", "inputSchema": {"type": "object"}});
    let bad = [
        ("title", json!(3), "/tools/0/title"),
        (
            "annotations",
            json!({"readOnlyHint": "yes"}),
            "/tools/0/annotations/readOnlyHint",
        ),
        ("annotations", json!([]), "/tools/0/annotations"),
        (
            "icons",
            json!([{"mimeType": "image/png"}]),
            "/tools/0/icons/0",
        ),
        (
            "icons",
            json!([{"src": "icon.png"}]),
            "/tools/0/icons/0/src",
        ),
        (
            "icons",
            json!([{"src": "https://e.com/i.png", "theme": "blue"}]),
            "/tools/0/icons/0/theme",
        ),
        (
            "icons",
            json!([{"src": "https://e.com/i.png", "size": "48"}]),
            "/tools/0/icons/0/size",
        ),
        ("_meta", json!({"bad key": true}), "/tools/0/_meta/bad key"),
        (
            "execution",
            json!({"taskSupport": "sometimes"}),
            "/tools/0/execution/taskSupport",
        ),
        ("outputSchema", json!(true), "/tools/0/outputSchema"),
    ];
    for (key, value, path) in bad {
        let mut valid_tool = base.clone();
        let good = match key {
            "title" => json!("T"),
            "annotations" => json!({"readOnlyHint": true, "title": "T"}),
            "icons" => json!([{"src": "https://e.com/i.png", "theme": "dark", "sizes": ["48x48"]}]),
            "_meta" => json!({"com.example/trace": true}),
            "execution" => json!({"taskSupport": "required"}),
            _ => json!({"type": "object"}),
        };
        valid_tool[key] = good;
        let mut invalid_tool = base.clone();
        invalid_tool[key] = value;
        case(
            doc(json!(["2025-11-25"]), valid_tool),
            doc(json!(["2025-11-25"]), invalid_tool),
            "mcpdesc.tool.members",
            "schema-validation",
            path,
        );
    }
    // A prompt argument is closed, named, and `required` is a boolean.
    let prompts = |argument: Value| {
        json!({
            "mcpdesc": "0.9.0",
            "info": {"name": "t", "version": "1.0.0"},
            "protocolVersions": ["2025-11-25"],
            "prompts": [{"name": "p", "arguments": [argument]}],
        })
    };
    case(
        prompts(json!({"name": "a", "required": true})),
        prompts(json!({"name": "a", "required": "yes"})),
        "mcpdesc.prompt.members",
        "schema-validation",
        "/prompts/0/arguments/0/required",
    );
    case(
        prompts(json!({"name": "a"})),
        prompts(json!({"name": "a", "default": "x"})),
        "mcpdesc.prompt.members",
        "schema-validation",
        "/prompts/0/arguments/0/default",
    );
    // Resource annotations: audience roles and a priority from 0 to 1.
    let resource = |annotations: Value| {
        json!({
            "mcpdesc": "0.9.0",
            "info": {"name": "t", "version": "1.0.0"},
            "protocolVersions": ["2025-11-25"],
            "resources": [{"uri": "file:///r", "name": "r", "annotations": annotations}],
        })
    };
    case(
        resource(json!({"audience": ["user"], "priority": 1})),
        resource(json!({"audience": ["operator"]})),
        "mcpdesc.resource.members",
        "schema-validation",
        "/resources/0/annotations/audience/0",
    );
    case(
        resource(json!({"priority": 0.5})),
        resource(json!({"priority": 2})),
        "mcpdesc.resource.members",
        "schema-validation",
        "/resources/0/annotations/priority",
    );
}

#[test]
fn a_shared_form_is_reported_at_every_declaration_that_uses_it() {
    let decl = |name: &str| {
        json!({"name": name, "mode": "form", "message": "m",
               "requestedSchema": {"$componentRef": "#/components/schemas/Shared"}})
    };
    let mut document = doc(json!(ALL), tool(json!([decl("a"), decl("b")])));
    document["tools"]
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "u", "inputSchema": {"type": "object"}, "elicitations": [decl("c")]}));
    document["components"] = json!({"schemas": {"Shared": {"type": "object", "properties": {
        "labels": {"type": "array", "items": {"type": "string", "enum": ["bug"]}}
    }}}});
    let report = validate(&document);
    let paths: Vec<&str> = report
        .errors()
        .filter(|d| d.code == "elicitation-form-schema-version-mismatch")
        .map(|d| d.path.as_str())
        .collect();
    assert_eq!(
        paths,
        [
            "/tools/0/elicitations/0/requestedSchema/properties/labels",
            "/tools/0/elicitations/1/requestedSchema/properties/labels",
            "/tools/1/elicitations/0/requestedSchema/properties/labels",
        ],
        "{report}"
    );
    // In a scope without 2025-06-18 the same form is clean everywhere.
    document["protocolVersions"] = json!(MODERN);
    assert!(validate(&document).is_empty());
}

/// A mistake in a `protocolVersions` list is reported where it is, and the rest of the document
/// is checked against the versions the list does name, not against every version (which
/// buried the one mistake under reports about versions the document never named).
#[test]
fn a_bad_item_in_protocol_versions_is_the_only_report() {
    let multi =
        form(json!({"labels": {"type": "array", "items": {"type": "string", "enum": ["bug"]}}}));
    for (versions, at) in [
        (json!(["2025-11-25", "2025-11-25"]), "/protocolVersions/1"),
        (json!(["2025-11-25", "2099-01-01"]), "/protocolVersions/1"),
        (json!(["2025-11-25", 7]), "/protocolVersions/1"),
    ] {
        let report = validate(&doc(versions.clone(), tool(json!([multi.clone()]))));
        let paths = paths(&report);
        assert_eq!(paths, [at], "{versions}: {report}");
        assert!(
            report.errors().all(|d| d.code == "schema-validation"),
            "{report}"
        );
    }
}

/// Without a readable root `protocolVersions` the document names no version: that is the one
/// report, not every member and form checked against every version, and not every explicit
/// scope reported as outside it.
#[test]
fn an_unreadable_root_scope_is_the_only_report() {
    let multi =
        form(json!({"labels": {"type": "array", "items": {"type": "string", "enum": ["bug"]}}}));
    let mut scoped = tool(json!([multi]));
    scoped["title"] = json!("Triage");
    scoped["protocolVersions"] = json!(["2025-11-25"]);
    for versions in [
        json!({}),
        json!("2025-11-25"),
        json!([]),
        json!(["2099-01-01"]),
    ] {
        let report = validate(&doc(versions.clone(), scoped.clone()));
        let paths = paths(&report);
        assert_eq!(paths.len(), 1, "{versions}: {report}");
        assert!(
            paths[0].starts_with("/protocolVersions"),
            "{versions}: {report}"
        );
    }
    let mut missing = doc(json!(["2025-11-25"]), scoped);
    missing.as_object_mut().unwrap().remove("protocolVersions");
    let report = validate(&missing);
    let paths = paths(&report);
    assert_eq!(paths, [""], "{report}");
}

/// A form whose `properties` cannot be read is reported there once; its `required` names are not
/// then each reported as unknown.
#[test]
fn required_names_are_checked_only_against_readable_properties() {
    let mut bad = form(json!({}));
    bad["requestedSchema"]["properties"] = json!("x");
    bad["requestedSchema"]["required"] = json!(["a", "b"]);
    let report = validate(&doc(json!(MODERN), tool(json!([bad]))));
    let paths = paths(&report);
    assert_eq!(
        paths,
        ["/tools/0/elicitations/0/requestedSchema/properties"],
        "{report}"
    );
}

/// `x-mcpdesc-runtime-choices` on a form-mode declaration names distinct string or string-array
/// properties of its form; anything else is reported where it is.
#[test]
fn run_time_choices_name_string_properties_of_the_form() {
    let key = mcpdesc_runtime::description::RUNTIME_CHOICES;
    let with = |listed: Value| {
        let mut decl = form(json!({
            "who": {"type": "string"},
            "tags": {"type": "array", "items": {"type": "string", "enum": []}},
            "n": {"type": "integer"},
        }));
        decl[key] = listed;
        validate(&doc(json!(MODERN), tool(json!([decl]))))
    };
    let report = with(json!(["who", "tags"]));
    assert!(report.is_empty(), "{report}");
    let at = |i: Option<usize>| {
        let base = format!("/tools/0/elicitations/0/{key}");
        i.map_or(base.clone(), |i| format!("{base}/{i}"))
    };
    for (listed, path) in [
        (json!("who"), at(None)),
        (json!([1]), at(Some(0))),
        (json!(["who", "who"]), at(Some(1))),
        (json!(["nobody"]), at(Some(0))),
        (json!(["n"]), at(Some(0))),
    ] {
        let report = with(listed.clone());
        let paths = paths(&report);
        assert_eq!(paths, [path.as_str()], "{listed}: {report}");
        assert!(
            report.errors().all(|d| d.code == "schema-validation"),
            "{report}"
        );
    }
    // A URL-mode declaration has no form, so no run-time choices.
    let mut url =
        json!({"name": "u", "mode": "url", "message": "Go.", "url": "https://example.com"});
    url[key] = json!(["who"]);
    let report = validate(&doc(json!(MODERN), tool(json!([url]))));
    let paths = paths(&report);
    assert_eq!(paths, [at(None).as_str()], "{report}");
}

/// A tool with `input` as its input schema.
fn tool_with_schema(input: Value) -> Value {
    json!({"name": "t", "inputSchema": input})
}

/// Asserts that `report` has exactly one diagnostic of `code`, of this severity and path.
fn only(report: &mcpdesc_runtime::validate::Report, code: &str, severity: Severity, path: &str) {
    assert_eq!(of_code(report, code), [(severity, path)], "{report}");
}

/// The diagnostics of one code, as (severity, path).
fn of_code<'r>(
    report: &'r mcpdesc_runtime::validate::Report,
    code: &str,
) -> Vec<(Severity, &'r str)> {
    report
        .diagnostics()
        .iter()
        .filter(|d| d.code == code)
        .map(|d| (d.severity, d.path.as_str()))
        .collect()
}

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

/// A document with `extra` root members (and no primitives).
fn server(extra: Value) -> Value {
    let mut document = json!({
        "mcpdesc": "0.9.0",
        "info": {"name": "t", "version": "1.0.0"},
        "protocolVersions": ["2025-06-18", "2025-11-25"],
    });
    for (key, value) in extra.as_object().into_iter().flatten() {
        document[key] = value.clone();
    }
    document
}

#[test]
fn transports() {
    let http = json!({"type": "streamable-http", "url": "https://example.com/mcp"});
    case(
        server(json!({"transports": [http]})),
        server(
            json!({"transports": [{"type": "stdio", "command": "s", "protocolVersions": ["2025-11-25"]}]}),
        ),
        "mcpdesc.transports.coverage",
        "transport-coverage-gap",
        "/protocolVersions",
    );
    let mut legacy = server(json!({"transports": [http]}));
    legacy["protocolVersions"] = json!(["2024-11-05"]);
    let report = validate(&legacy);
    only(
        &report,
        "transport-not-supported-by-version",
        Severity::Error,
        "/transports/0/type",
    );
    let sse = server(json!({"transports": [{"type": "sse", "url": "https://example.com/sse"}]}));
    let report = validate(&sse);
    only(
        &report,
        "legacy-sse-for-modern-version",
        Severity::Warning,
        "/transports/0/type",
    );
    assert!(report.is_valid(), "{report}");
    // A transport's scope is a subset of the root's, read and reported once.
    let report = validate(&server(
        json!({"transports": [http, {"type": "stdio", "command": "s", "protocolVersions": ["2026-07-28"]}]}),
    ));
    only(
        &report,
        "protocol-scope-outside-parent",
        Severity::Error,
        "/transports/1/protocolVersions",
    );
    // Versions outside the root are reported there alone, not again by the transport's rules.
    let report = validate(&server(json!({"transports": [
        http,
        {"type": "streamable-http", "url": "https://example.com/old", "protocolVersions": ["2024-11-05", "2025-06-18"]},
    ]})));
    only(
        &report,
        "protocol-scope-outside-parent",
        Severity::Error,
        "/transports/1/protocolVersions",
    );
    assert_eq!(report.errors().count(), 1, "{report}");
    let report = validate(&server(
        json!({"transports": [{"type": "stdio", "command": "s", "protocolVersions": []}]}),
    ));
    only(
        &report,
        "schema-validation",
        Severity::Error,
        "/transports/0/protocolVersions",
    );
    // No `transports` at all (as the builder writes): nothing to cover.
    assert!(validate(&server(json!({}))).is_empty());
}

#[test]
fn capabilities() {
    let scoped = |a: Value, b: Value| {
        server(json!({"capabilities": [
            {"protocolVersions": a, "tools": {}},
            {"protocolVersions": b, "logging": {}},
        ]}))
    };
    case(
        scoped(json!(["2025-06-18"]), json!(["2025-11-25"])),
        scoped(json!(["2025-06-18", "2025-11-25"]), json!(["2025-11-25"])),
        "mcpdesc.capabilities.scope",
        "capability-scope-overlap",
        "/capabilities/1/protocolVersions",
    );
    let mut latest = server(json!({"capabilities": [{"logging": {}}]}));
    latest["protocolVersions"] = json!(["2026-07-28"]);
    let report = validate(&latest);
    only(
        &report,
        "logging-deprecated-in-2026",
        Severity::Warning,
        "/capabilities/0/logging",
    );
}

#[test]
fn tags() {
    let with_tags = |declared: Value, used: Value| {
        doc(
            json!(MODERN),
            json!({"name": "t", "inputSchema": {"type": "object"}, "tags": used}),
        )
        .as_object()
        .map(|d| {
            let mut d = d.clone();
            d.insert("tags".into(), declared);
            Value::Object(d)
        })
        .unwrap()
    };
    case(
        with_tags(json!([{"name": "issues"}]), json!(["issues"])),
        with_tags(json!([{"name": "issues"}]), json!(["isues"])),
        "mcpdesc.tags.references",
        "unknown-tag-reference",
        "/tools/0/tags/0",
    );
    let report = validate(&with_tags(
        json!([{"name": "issues"}, {"name": "issues"}]),
        json!(["issues"]),
    ));
    only(
        &report,
        "duplicate-root-tag",
        Severity::Error,
        "/tags/1/name",
    );
}

#[test]
fn security_requirements() {
    let schemes = json!({
        "oauth": {"type": "oauth2", "flows": {"clientCredentials": {"tokenUrl": "https://auth.example.com/token", "scopes": {"issues:read": "Read issues"}}}},
        "key": {"type": "apiKey", "in": "header", "name": "X-Key"},
    });
    let with =
        |security: Value| server(json!({"securitySchemes": schemes.clone(), "security": security}));
    let fine = with(json!([{"oauth": ["issues:read"]}, {"key": []}]));
    case(
        fine.clone(),
        with(json!([{"missing": []}])),
        "mcpdesc.security.requirements",
        "unknown-security-scheme",
        "/security/0/missing",
    );
    case(
        fine.clone(),
        with(json!([{"oauth": ["issues:read", "issues:read"]}])),
        "mcpdesc.security.requirements",
        "duplicate-security-scope",
        "/security/0/oauth",
    );
    case(
        fine,
        with(json!([{"key": ["admin"]}])),
        "mcpdesc.security.requirements",
        "non-oauth-scope-misuse",
        "/security/0/key",
    );
    let report = validate(&with(json!([{"oauth": ["issues:write"]}])));
    only(
        &report,
        "uncatalogued-oauth-scope",
        Severity::Warning,
        "/security/0/oauth/0",
    );
    assert!(report.is_valid(), "{report}");
}

#[test]
fn mcp_header_annotations() {
    let with = |versions: Value, properties: Value| {
        doc(
            versions,
            tool_with_schema(json!({"type": "object", "properties": properties})),
        )
    };
    let region = json!({"type": "string", "x-mcp-header": "X-Region"});
    let fine = with(json!(["2026-07-28"]), json!({"region": region}));
    case(
        fine.clone(),
        with(
            json!(["2026-07-28"]),
            json!({"region": region, "other": {"type": "string", "x-mcp-header": "x-region"}}),
        ),
        "mcpdesc.tool.schemas",
        "duplicate-x-mcp-header",
        "/tools/0/inputSchema/properties/other/x-mcp-header",
    );
    case(
        fine.clone(),
        with(
            json!(["2026-07-28"]),
            json!({"region": {"type": "number", "x-mcp-header": "Region"}}),
        ),
        "mcpdesc.tool.schemas",
        "invalid-x-mcp-header",
        "/tools/0/inputSchema/properties/region/x-mcp-header",
    );
    case(
        fine.clone(),
        with(
            json!(["2026-07-28"]),
            json!({"region": {"type": "string", "x-mcp-header": "Two Words"}}),
        ),
        "mcpdesc.tool.schemas",
        "invalid-x-mcp-header",
        "/tools/0/inputSchema/properties/region/x-mcp-header",
    );
    // Reached through `allOf`: a client reading the arguments would not find it.
    let nested = doc(
        json!(["2026-07-28"]),
        tool_with_schema(json!({"type": "object", "allOf": [{"properties": {"region": region}}]})),
    );
    let report = validate(&nested);
    only(
        &report,
        "invalid-x-mcp-header",
        Severity::Error,
        "/tools/0/inputSchema/allOf/0/properties/region/x-mcp-header",
    );
    // A component shared by tools of different scopes is checked for each scope.
    let mut shared = doc(
        json!(MODERN),
        json!({"name": "a", "protocolVersions": ["2026-07-28"], "inputSchema": {"$componentRef": "#/components/schemas/In"}}),
    );
    shared["tools"]
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "b", "inputSchema": {"$componentRef": "#/components/schemas/In"}}));
    shared["components"] =
        json!({"schemas": {"In": {"type": "object", "properties": {"region": region}}}});
    let report = validate(&shared);
    only(
        &report,
        "field-not-supported-by-version",
        Severity::Error,
        "/components/schemas/In",
    );
    // 2026-07-28 only.
    case(
        fine,
        with(
            json!(["2025-11-25", "2026-07-28"]),
            json!({"region": region}),
        ),
        "mcpdesc.tool.schemas",
        "field-not-supported-by-version",
        "/tools/0/inputSchema",
    );
}

#[test]
fn client_capabilities() {
    let requiring = |versions: Value, requirements: Value| {
        doc(
            versions,
            json!({"name": "t", "inputSchema": {"type": "object"}, "clientRequirements": requirements}),
        )
    };
    // `tasks` is 2025-11-25's; 2026-07-28 has extensions instead.
    case(
        requiring(json!(["2025-11-25"]), json!({"tasks": {"list": {}}})),
        requiring(json!(MODERN), json!({"tasks": {"list": {}}})),
        "mcpdesc.client-requirements.capabilities",
        "client-requirement-version-mismatch",
        "/tools/0/clientRequirements/tasks",
    );
    case(
        requiring(
            json!(["2025-11-25"]),
            json!({"tasks": {"requests": {"elicitation": {"create": {}}}}}),
        ),
        requiring(
            json!(["2025-11-25"]),
            json!({"tasks": {"requests": {"elicitation": {"create": true}}}}),
        ),
        "mcpdesc.client-requirements.capabilities",
        "invalid-client-requirement-value",
        "/tools/0/clientRequirements/tasks/requests/elicitation/create",
    );
    // `roots.listChanged` is gone in 2026-07-28, and roots deprecated there.
    let report = validate(&requiring(
        json!(["2026-07-28"]),
        json!({"roots": {"listChanged": true}}),
    ));
    only(
        &report,
        "client-requirement-version-mismatch",
        Severity::Error,
        "/tools/0/clientRequirements/roots/listChanged",
    );
    only(
        &report,
        "deprecated-client-requirement",
        Severity::Warning,
        "/tools/0/clientRequirements/roots",
    );
    // Unknown capabilities and extension members are left alone.
    let report = validate(&requiring(
        json!(ALL),
        json!({"futureCapability": 1, "x-vendor": {}, "experimental": {"com.example/x": {}}}),
    ));
    assert!(report.is_empty(), "{report}");
}

#[test]
fn extension_identifiers() {
    let with = |versions: Value, extensions: Value| {
        let mut document = server(json!({"capabilities": [{"extensions": extensions}]}));
        document["protocolVersions"] = versions;
        document
    };
    let listed = json!({"io.modelcontextprotocol/ui": {}, "com.example/own": {}});
    assert!(validate(&with(json!(["2026-07-28"]), listed.clone())).is_empty());
    // Before 2026-07-28 the capability is known only as it was before its standardization.
    let report = validate(&with(json!(["2025-11-25", "2026-07-28"]), listed));
    only(
        &report,
        "extensions-not-supported-by-version",
        Severity::Warning,
        "/capabilities/0/extensions",
    );
    assert!(report.is_valid(), "{report}");
    // MCP's prefix, in any case, and not in the catalogue.
    let report = validate(&with(
        json!(["2026-07-28"]),
        json!({"io.MCP/next": {}, "com.mcp-tools/x": {}, "mcp.example/y": {}}),
    ));
    only(
        &report,
        "unknown-reserved-extension-identifier",
        Severity::Warning,
        "/capabilities/0/extensions/io.MCP~1next",
    );
}

/// Asserts that `report` has no diagnostic of `code` when `expected` is `None`, else exactly one,
/// at the path given, whose message holds the text given (where the name was first written).
fn told_once(
    report: &mcpdesc_runtime::validate::Report,
    code: &str,
    expected: Option<(String, String)>,
    context: &str,
) {
    let found: Vec<_> = report
        .diagnostics()
        .iter()
        .filter(|d| d.code == code)
        .collect();
    match expected {
        None => assert!(found.is_empty(), "{context}: {report}"),
        Some((path, text)) => {
            let [d] = found[..] else {
                panic!("{context}: {report}")
            };
            assert_eq!(d.path, path, "{context}");
            assert!(d.message.contains(&text), "{context}: {}", d.message);
        }
    }
}

/// A name written twice is found the same way in a list of a few entries (compared in place) and
/// of many (through a hash map past sixteen): one report at the repeat, naming the first where the
/// message does, and none without a repeat. Declarations, a form's `required` and its run-time
/// choices, root tags, `x-mcp-header` names and a requirement's scopes.
#[test]
fn names_written_twice_are_found_in_long_lists_as_in_short() {
    let key = mcpdesc_runtime::description::RUNTIME_CHOICES;
    for n in [2usize, 16, 17, 40] {
        for repeat in [None, Some(0), Some(n - 1)] {
            let with_repeat = |mut names: Vec<String>| {
                names.extend(repeat.map(|k| names[k].clone()));
                names
            };
            let context = format!("{n} names, repeating {repeat:?}");

            // Declarations of one tool.
            let declarations: Vec<Value> = with_repeat((0..n).map(|i| format!("d{i}")).collect())
                .into_iter()
                .map(|name| json!({"name": name, "mode": "url", "message": "m"}))
                .collect();
            let report = validate(&doc(json!(MODERN), tool(json!(declarations))));
            told_once(
                &report,
                "duplicate-elicitation-name",
                repeat.map(|k| {
                    (
                        format!("/tools/0/elicitations/{n}/name"),
                        format!("(at /tools/0/elicitations/{k})"),
                    )
                }),
                &context,
            );

            // A form's `required` and its run-time choices.
            let properties: serde_json::Map<String, Value> = (0..n)
                .map(|i| (format!("p{i}"), json!({"type": "string"})))
                .collect();
            let names = with_repeat((0..n).map(|i| format!("p{i}")).collect());
            let mut decl = form(Value::Object(properties));
            decl["requestedSchema"]["required"] = json!(names);
            decl[key] = json!(names);
            let report = validate(&doc(json!(MODERN), tool(json!([decl]))));
            let expected: Vec<String> = match repeat {
                None => Vec::new(),
                Some(_) => vec![
                    format!("/tools/0/elicitations/0/requestedSchema/required/{n}"),
                    format!("/tools/0/elicitations/0/{key}/{n}"),
                ],
            };
            let mut twice: Vec<&str> = report
                .diagnostics()
                .iter()
                .filter(|d| d.message.contains("twice"))
                .map(|d| d.path.as_str())
                .collect();
            twice.sort();
            let mut expected_sorted = expected.clone();
            expected_sorted.sort();
            assert_eq!(twice, expected_sorted, "{context}: {report}");
            assert_eq!(
                report.diagnostics().len(),
                expected.len(),
                "{context}: {report}"
            );

            // Root tags.
            let tags: Vec<Value> = with_repeat((0..n).map(|i| format!("t{i}")).collect())
                .into_iter()
                .map(|name| json!({"name": name}))
                .collect();
            let report = validate(&server(json!({"tags": tags})));
            let expected: Vec<(Severity, String)> = repeat
                .map(|_| (Severity::Error, format!("/tags/{n}/name")))
                .into_iter()
                .collect();
            let found: Vec<(Severity, String)> = of_code(&report, "duplicate-root-tag")
                .into_iter()
                .map(|(s, p)| (s, p.to_owned()))
                .collect();
            assert_eq!(found, expected, "{context}: {report}");

            // Header names, compared without case.
            let mut headers: Vec<String> = (0..n).map(|i| format!("X-H{i}")).collect();
            headers.extend(repeat.map(|k| format!("x-h{k}")));
            let properties: serde_json::Map<String, Value> = headers
                .iter()
                .enumerate()
                .map(|(i, h)| {
                    (
                        format!("p{i}"),
                        json!({"type": "string", "x-mcp-header": h}),
                    )
                })
                .collect();
            let report = validate(&doc(
                json!(["2026-07-28"]),
                tool_with_schema(json!({"type": "object", "properties": properties})),
            ));
            told_once(
                &report,
                "duplicate-x-mcp-header",
                repeat.map(|k| {
                    (
                        format!("/tools/0/inputSchema/properties/p{n}/x-mcp-header"),
                        format!(
                            "already named at /tools/0/inputSchema/properties/p{k}/x-mcp-header "
                        ),
                    )
                }),
                &context,
            );

            // A requirement's scopes.
            let scopes = with_repeat((0..n).map(|i| format!("s{i}")).collect());
            let report = validate(&server(json!({
                "securitySchemes": {"oauth": {"type": "oauth2", "flows": {"clientCredentials": {
                    "tokenUrl": "https://auth.example.com/token", "scopes": {}}}}},
                "security": [{"oauth": scopes}],
            })));
            let expected: Vec<(Severity, &str)> = repeat
                .map(|_| (Severity::Error, "/security/0/oauth"))
                .into_iter()
                .collect();
            assert_eq!(
                of_code(&report, "duplicate-security-scope"),
                expected,
                "{context}: {report}"
            );
        }
    }
}

/// A chain of forty schema components, each a reference to the next, is followed the same from
/// wherever it is entered (each component is followed once and remembered): declarations entering
/// it at its start, middle and end all reach the form, and its checks apply in each declaration's
/// scope. Ending the chain on a missing target, or on a loop back to its start, is reported at
/// every declaration and every component that enters it, each with the loop's names.
#[test]
fn a_long_chain_of_references_is_followed_from_wherever_it_is_entered() {
    let n = 40;
    let entries = [0, n / 2, n - 1];
    let with_end = |end: Value| {
        let declarations: Vec<Value> = entries
            .iter()
            .map(|i| {
                json!({"name": format!("f{i}"), "mode": "form", "message": "m",
                "requestedSchema": {"$componentRef": format!("#/components/schemas/s{i}")}})
            })
            .collect();
        let mut document = doc(json!(ALL), tool(json!(declarations)));
        let mut schemas: serde_json::Map<String, Value> = (0..n)
            .map(|i| {
                (
                    format!("s{i}"),
                    json!({"$componentRef": format!("#/components/schemas/s{}", i + 1)}),
                )
            })
            .collect();
        schemas.insert(format!("s{n}"), end);
        document["components"] = json!({ "schemas": schemas });
        validate(&document)
    };
    let report = with_end(json!({"type": "object", "properties": {"a": {"type": "string"}}}));
    assert!(report.is_empty(), "{report}");

    // A multi-select at the end of the chain fits 2025-11-25 on only: every declaration (scoped
    // to 2025-06-18 as well) is told so, however far along the chain it entered.
    let report = with_end(json!({"type": "object", "properties": {
        "a": {"type": "array", "items": {"type": "string", "enum": ["x"]}}}}));
    let mismatched: Vec<&str> = report
        .errors()
        .filter(|d| d.code == "elicitation-form-schema-version-mismatch")
        .map(|d| d.path.as_str())
        .collect();
    assert_eq!(mismatched.len(), entries.len(), "{report}");
    for (d, path) in mismatched.iter().enumerate() {
        assert!(
            path.starts_with(&format!("/tools/0/elicitations/{d}/")),
            "{path}"
        );
    }

    let broken = |report: &mcpdesc_runtime::validate::Report, code: &str| -> Vec<String> {
        report
            .errors()
            .filter(|d| d.code == code)
            .map(|d| d.path.clone())
            .collect()
    };
    let entered: Vec<String> = (0..entries.len())
        .map(|d| format!("/tools/0/elicitations/{d}/requestedSchema/$componentRef"))
        .chain((0..n).map(|i| format!("/components/schemas/s{i}/$componentRef")))
        .collect();
    let mut expected = entered.clone();
    expected.sort();

    let report = with_end(json!({"$componentRef": "#/components/schemas/nowhere"}));
    let mut found = broken(&report, "missing-component-reference-target");
    found.sort();
    let mut with_last = expected.clone();
    with_last.push(format!("/components/schemas/s{n}/$componentRef"));
    with_last.sort();
    assert_eq!(found, with_last, "{report}");

    let report = with_end(json!({"$componentRef": "#/components/schemas/s0"}));
    let mut found = broken(&report, "component-reference-cycle");
    found.sort();
    assert_eq!(found, with_last, "{report}");
    let first = report
        .errors()
        .find(|d| d.path == entered[0])
        .map(|d| d.message.clone())
        .unwrap_or_default();
    // Forty-one names: the first and last three, and how many between.
    assert!(
        first.contains(
            "the references run into a loop without reaching a schema (s0 -> s1 -> s2 -> (36 more) -> s39 -> s40 -> s0)"
        ),
        "{first}"
    );
}

/// A tool schema of many resources and anchors, each `$ref` naming the next: anchors are found in
/// the resource they are defined in and no other, a URI names the first resource with that `$id`,
/// and a second schema with an `$id` is told, at any count (they are looked up, not searched for).
#[test]
fn many_anchors_and_ids_in_a_tool_schema_resolve_as_few_do() {
    for n in [3usize, 40] {
        // Anchors, each defined in the root resource.
        let defs: Map<String, Value> = (0..=n)
            .map(|i| {
                let def = if i < n {
                    json!({"$anchor": format!("x{i}"), "$ref": format!("#x{}", i + 1)})
                } else {
                    json!({"$anchor": format!("x{i}"), "type": "string"})
                };
                (format!("a{i}"), def)
            })
            .collect();
        let mut schema =
            json!({"type": "object", "$defs": defs, "properties": {"p": {"$ref": "#x0"}}});
        let report = validate(&doc(json!(MODERN), tool_with_schema(schema.clone())));
        assert!(report.is_empty(), "{n}: {report}");
        schema["properties"]["q"] = json!({"$ref": format!("#x{}", n + 1)});
        let report = validate(&doc(json!(MODERN), tool_with_schema(schema)));
        only(
            &report,
            "invalid-tool-schema",
            Severity::Error,
            "/tools/0/inputSchema/properties/q/$ref",
        );

        // Resources, each with its `$id` and an anchor of its own, each referring to the next.
        let resources: Map<String, Value> = (0..=n)
            .map(|i| {
                let mut def =
                    json!({"$id": format!("https://example.com/s{i}"), "$anchor": "here"});
                if i < n {
                    def["$ref"] = json!(format!("https://example.com/s{}#here", i + 1));
                }
                (format!("s{i}"), def)
            })
            .collect();
        let mut schema = json!({"type": "object", "$defs": resources, "properties": {"p": {"$ref": "https://example.com/s0"}}});
        let report = validate(&doc(json!(MODERN), tool_with_schema(schema.clone())));
        assert!(report.is_empty(), "{n}: {report}");
        // The root resource has no anchor `here`: each resource's anchors are its own.
        let mut elsewhere = schema.clone();
        elsewhere["properties"]["q"] = json!({"$ref": "#here"});
        let report = validate(&doc(json!(MODERN), tool_with_schema(elsewhere)));
        only(
            &report,
            "invalid-tool-schema",
            Severity::Error,
            "/tools/0/inputSchema/properties/q/$ref",
        );
        // The last `$id` again, on a schema of its own.
        schema["$defs"]["again"] = json!({"$id": format!("https://example.com/s{n}")});
        let report = validate(&doc(json!(MODERN), tool_with_schema(schema)));
        only(
            &report,
            "invalid-tool-schema",
            Severity::Error,
            "/tools/0/inputSchema/$defs/again/$id",
        );
    }
}

/// A form shared through `components.schemas` has its problems repeated at every declaration
/// that uses it; a report lists the first `MAX_DIAGNOSTICS` of them and ends with how many more
/// there were, so that a small file cannot make a report of millions (200 problems × 60 uses).
#[test]
fn a_report_of_a_form_shared_by_many_declarations_stops_listing_at_the_limit() {
    use mcpdesc_runtime::validate::MAX_DIAGNOSTICS;
    let with_uses = |uses: usize| {
        let declarations: Vec<Value> = (0..uses)
            .map(|i| {
                json!({"name": format!("f{i}"), "mode": "form", "message": "m",
                "requestedSchema": {"$componentRef": "#/components/schemas/Bad"}})
            })
            .collect();
        let mut document = doc(json!(MODERN), tool(json!(declarations)));
        let properties: Map<String, Value> = (0..200)
            .map(|i| (format!("p{i}"), json!({"type": "object"})))
            .collect();
        document["components"] =
            json!({"schemas": {"Bad": {"type": "object", "properties": properties}}});
        validate(&document)
    };
    // Under the limit, every use lists every problem.
    let report = with_uses(50);
    assert_eq!(report.diagnostics().len(), 50 * 200);
    assert!(
        report
            .diagnostics()
            .iter()
            .all(|d| d.code == "schema-validation")
    );
    assert_eq!(
        report.diagnostics()[200].path,
        "/tools/0/elicitations/1/requestedSchema/properties/p0/type"
    );

    let report = with_uses(60);
    let listed = report.diagnostics();
    assert_eq!(listed.len(), MAX_DIAGNOSTICS + 1, "{}", listed.len());
    let last = &listed[MAX_DIAGNOSTICS];
    assert_eq!(
        (last.code.as_str(), last.severity, last.path.as_str()),
        ("too-many-diagnostics", Severity::Error, "")
    );
    assert!(
        last.message
            .starts_with("at least 2000 more diagnostics, errors among them, are not listed"),
        "{}",
        last.message
    );
    assert!(!report.is_valid());
}

#[test]
fn long_values_are_cut_in_messages_with_their_length() {
    // A name, a URL, a default and choices as long as a file likes: each message shows the
    // first 80 characters of a value over 100, then how many it has, and the first ten of more
    // than twelve choices.
    let long_name = format!("bad name {}", "n".repeat(5_000));
    let long_url = format!("not a uri {}", "u".repeat(5_000));
    let choices: Vec<String> = (0..40).map(|i| format!("c{i}")).collect();
    let long_default = "d".repeat(300);
    let long_key = "k".repeat(1_000);
    let long_component = "r".repeat(2_000);
    let mut document = doc(
        json!(MODERN),
        tool(json!([
            {"name": long_name, "mode": "url", "message": "m", "url": long_url},
            {"name": "f", "mode": "form", "message": "m", "requestedSchema": {
                "type": "object",
                "properties": {"pick": {"type": "string", "enum": choices, "default": long_default}},
            }},
        ])),
    );
    if let Some(list) = document["tools"][0]["elicitations"].as_array_mut() {
        list.push(
            json!({"name": "g", "mode": "form", "message": "m", "requestedSchema": {
                "$componentRef": "#/components/schemas/A", long_key.clone(): 1,
            }}),
        );
        list.push(
            json!({"name": "h", "mode": "form", "message": "m", "requestedSchema": {
                "$componentRef": format!("#/components/schemas/{long_component}"),
            }}),
        );
    }
    let report = validate(&document);
    let message = |needle: &str| {
        report
            .diagnostics()
            .iter()
            .find(|d| d.message.contains(needle))
            .map(|d| d.message.clone())
            .unwrap_or_else(|| panic!("no message with {needle:?} in:\n{report}"))
    };
    let name = message("must match");
    assert!(
        name.contains(&format!("{:?}\u{2026} (5009 characters)", &long_name[..80])),
        "{name}"
    );
    let url = message("absolute URI");
    assert!(
        url.contains(&format!("{:?}\u{2026} (5010 characters)", &long_url[..80])),
        "{url}"
    );
    let default = message("not one of the choices");
    assert!(
        default.contains(&format!(
            "{:?}\u{2026} (300 characters)",
            &long_default[..80]
        )),
        "{default}"
    );
    assert!(
        default.ends_with(r#""c8", "c9", and 30 more]"#),
        "{default}"
    );
    let siblings = message("no sibling members");
    assert!(
        siblings.contains(&format!("{:?}\u{2026} (1000 characters);", &long_key[..80])),
        "{siblings}"
    );
    // A valid name too long to show is not written out again in the fix.
    let missing = message("names no component");
    assert!(
        missing.starts_with(&format!(
            "{:?}\u{2026} (2021 characters) names no component: add one of that name to `components.schemas`, or fix the name",
            format!("#/components/schemas/{long_component}").get(..80).unwrap_or_default()
        )),
        "{missing}"
    );
    for d in report.diagnostics() {
        assert!(d.message.len() < 1_000, "{}", d.message);
    }
}

#[path = "validate_rules/examples.rs"]
mod examples;
