//! One valid and one invalid document for every diagnostic code, checking rule, code and path.

use mcpdesc_check::{Severity, validate};
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
fn paths(report: &mcpdesc_check::Report) -> Vec<&str> {
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
        "primitive-scope-overlap",
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
        "unknown-elicitation-declaration",
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
        "interaction-example-elicitation-declaration-mismatch",
        "/tools/0/interactionExamples/one/steps/0/request/url",
    );
    let mut mode_mismatch = form_step(json!({"approved": true}));
    mode_mismatch["declaration"] = json!("link");
    case(
        valid.clone(),
        with_example(json!([mode_mismatch])),
        rule,
        "interaction-example-elicitation-declaration-mismatch",
        "/tools/0/interactionExamples/one/steps/0/request/mode",
    );
    let mut no_content = form_step(json!({}));
    no_content["response"] = json!({"action": "accept"});
    case(
        valid.clone(),
        with_example(json!([no_content])),
        rule,
        "interaction-example-elicitation-response-mismatch",
        "/tools/0/interactionExamples/one/steps/0/response",
    );
    case(
        valid.clone(),
        with_example(json!([form_step(json!({"approved": "yes"}))])),
        rule,
        "interaction-example-elicitation-content-schema-mismatch",
        "/tools/0/interactionExamples/one/steps/0/response/content/approved",
    );
    case(
        valid,
        with_example(json!([form_step(json!({}))])),
        rule,
        "interaction-example-elicitation-content-schema-mismatch",
        "/tools/0/interactionExamples/one/steps/0/response/content/approved",
    );
}

fn roots_step(uri: &str) -> Value {
    json!({"type": "roots", "request": {}, "response": {"roots": [{"uri": uri}]}})
}

fn sampling_step(request: Value) -> Value {
    let mut request_with = json!({"messages": [{"role": "user", "content": {"type": "text", "text": "Sum up."}}], "maxTokens": 100});
    for (key, value) in request.as_object().unwrap() {
        request_with[key] = value.clone();
    }
    json!({"type": "sampling", "request": request_with,
        "response": {"role": "assistant", "content": {"type": "text", "text": "Done."}, "model": "m", "stopReason": "endTurn"}})
}

/// An interaction step a version of the tool's scope does not define; a root that is not a
/// `file://` URI.
#[test]
fn interaction_steps_per_version_and_roots_uris() {
    let rule = "mcpdesc.tool.interaction-examples";
    let scoped = |mut d: Value, versions: Value| {
        d["protocolVersions"] = versions;
        d
    };
    let url_step = json!({"type": "elicitation", "declaration": "link",
        "request": {"mode": "url", "message": "Link.", "url": "https://example.com/link"},
        "response": {"action": "accept"}});
    case(
        with_example(json!([url_step.clone()])),
        scoped(
            with_example(json!([url_step])),
            json!(["2025-06-18", "2025-11-25"]),
        ),
        rule,
        "interaction-example-version-mismatch",
        "/tools/0/interactionExamples/one/steps/0/request/mode",
    );
    let form = form_step(json!({"approved": true}));
    case(
        with_example(json!([form.clone()])),
        scoped(
            with_example(json!([form])),
            json!(["2025-03-26", "2025-11-25"]),
        ),
        rule,
        "interaction-example-version-mismatch",
        "/tools/0/interactionExamples/one/steps/0/type",
    );
    let tools =
        sampling_step(json!({"tools": [{"name": "look", "inputSchema": {"type": "object"}}]}));
    case(
        with_example(json!([tools.clone()])),
        scoped(
            with_example(json!([tools])),
            json!(["2025-06-18", "2025-11-25"]),
        ),
        rule,
        "interaction-example-version-mismatch",
        "/tools/0/interactionExamples/one/steps/0/request/tools",
    );
    case(
        with_example(json!([roots_step("file:///workspace")])),
        with_example(json!([roots_step("https://example.com/workspace")])),
        rule,
        "interaction-example-roots-uri",
        "/tools/0/interactionExamples/one/steps/0/response/roots/0/uri",
    );
}

/// Steps that show client input the tool's `clientRequirements` leave out are warnings where
/// the tool has requirements, and nothing where it has none.
#[test]
fn interaction_steps_against_client_requirements() {
    let steps = json!([
        roots_step("file:///workspace"),
        sampling_step(json!({"includeContext": "thisServer",
            "toolChoice": {"mode": "auto"}, "tools": [{"name": "look", "inputSchema": {"type": "object"}}]})),
        form_step(json!({"approved": true})),
    ]);
    let contradictions = |requirements: Option<Value>| {
        let mut d = with_example(steps.clone());
        if let Some(requirements) = requirements {
            d["tools"][0]["clientRequirements"] = requirements;
        }
        let report = validate(&d);
        assert!(report.is_valid(), "{report}");
        let mut found: Vec<String> = report
            .warnings()
            .filter(|w| w.code == "interaction-example-client-requirements-contradiction")
            .map(|w| {
                w.path
                    .replace("/tools/0/interactionExamples/one/steps/", "")
            })
            .collect();
        found.sort_unstable();
        found
    };
    assert_eq!(contradictions(None), Vec::<String>::new());
    assert_eq!(
        contradictions(Some(json!({"elicitation": {"form": {}, "url": {}}}))),
        ["0/type", "1/type"]
    );
    assert_eq!(
        contradictions(Some(json!({"roots": {}, "sampling": {}}))),
        ["1/request/includeContext", "1/request/tools", "2/type"]
    );
    assert_eq!(
        contradictions(Some(
            json!({"roots": {}, "sampling": {"context": {}, "tools": {}}, "elicitation": {"form": {}, "url": {}}})
        )),
        Vec::<String>::new()
    );
}

/// `interactionExamples` and `examples` are maps of named examples alike: an object, not
/// empty, its names `^[A-Za-z0-9._-]+$`; each is reported under its own rule.
#[test]
fn maps_of_named_examples_share_one_shape() {
    let valid = with_example(json!([form_step(json!({"approved": true}))]));
    let rule = "mcpdesc.tool.interaction-examples";
    let named = |value: Value| {
        let mut d = valid.clone();
        d["tools"][0]["interactionExamples"] = value;
        d
    };
    let one = valid["tools"][0]["interactionExamples"]["one"].clone();
    let mut found = Vec::new();
    for (broken, path, says) in [
        (
            json!([]),
            "/tools/0/interactionExamples",
            "must be an object of named examples, not an array",
        ),
        (
            json!({}),
            "/tools/0/interactionExamples",
            "must not be empty when present: leave it out instead",
        ),
        (
            json!({"bad name": one}),
            "/tools/0/interactionExamples/bad name",
            "must match ^[A-Za-z0-9._-]+$",
        ),
    ] {
        let report = validate(&named(broken));
        let d = report
            .diagnostics()
            .iter()
            .find(|d| d.path == path)
            .unwrap_or_else(|| panic!("nothing at {path}: {report:#?}"));
        assert_eq!((d.rule.id(), d.code.as_str()), (rule, "schema-validation"));
        assert!(d.message.contains(says), "{}", d.message);
        found.push(d.message.replace("`interactionExamples`", "`examples`"));
    }
    assert!(validate(&valid).is_valid());
    // The same messages, word for word, for a tool's `examples`.
    let mut d = doc(json!(["2025-11-25"]), tool(json!([form(json!({}))])));
    for (broken, message) in [json!([]), json!({})].into_iter().zip(&found) {
        d["tools"][0]["examples"] = broken;
        let report = validate(&d);
        assert!(
            report
                .diagnostics()
                .iter()
                .any(|x| x.path == "/tools/0/examples"
                    && &x.message == message
                    && x.rule == "mcpdesc.tool.examples"),
            "{message}: {report:#?}"
        );
    }
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
        (w.rule.id(), w.code.as_str(), w.path.as_str()),
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
        (w.rule.id(), w.code.as_str(), w.path.as_str()),
        (
            "mcpdesc.tool.interaction-examples",
            "interaction-example-client-requirements-contradiction",
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
        // As the reference validator, a resource annotation's version has a code of its own.
        let code = if path.contains("/annotations/") {
            "resource-annotation-not-supported-by-version"
        } else {
            "field-not-supported-by-version"
        };
        assert!(
            report.errors().any(|d| d.code == code
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
fn only(report: &mcpdesc_check::Report, code: &str, severity: Severity, path: &str) {
    assert_eq!(of_code(report, code), [(severity, path)], "{report}");
}

/// The diagnostics of one code, as (severity, path).
fn of_code<'r>(report: &'r mcpdesc_check::Report, code: &str) -> Vec<(Severity, &'r str)> {
    report
        .diagnostics()
        .iter()
        .filter(|d| d.code == code)
        .map(|d| (d.severity, d.path.as_str()))
        .collect()
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

#[path = "validate_rules/examples.rs"]
mod examples;
#[path = "validate_rules/scale.rs"]
mod scale;
#[path = "validate_rules/surface.rs"]
mod surface;
#[path = "validate_rules/tool_schemas.rs"]
mod tool_schemas;

/// Specification extensions stand where the format's schema lets them (in a client capability's
/// settings, at any depth, and on a step), and nowhere in the protocol's own objects an example
/// shows (a step's request and response, a tool's `execution`, a server's `tasks` capability).
/// `format_schema::specification_extensions_stand_where_the_formats_schema_lets_them` holds
/// every place of every valid fixture to the format's schema.
#[test]
fn extensions_stand_where_the_format_lets_them() {
    let mut t = tool(json!([]));
    t.as_object_mut().unwrap().remove("elicitations");
    t["clientRequirements"] = json!({
        "sampling": {"x-vendor": true},
        "elicitation": {"x-vendor": true},
        "x-vendor": {},
    });
    let accepted = doc(json!(["2025-11-25"]), t.clone());
    assert!(validate(&accepted).is_empty(), "{}", validate(&accepted));

    t["clientRequirements"] = json!({"experimental": {"vendor.feature": true}});
    let report = validate(&doc(json!(["2025-11-25"]), t));
    assert_eq!(
        paths(&report),
        ["/tools/0/clientRequirements/experimental/vendor.feature"]
    );
    assert_eq!(
        report.errors().next().unwrap().code,
        "invalid-client-requirement-value"
    );

    let mut step = form_step(json!({"approved": true}));
    step["x-vendor"] = json!(1);
    assert!(validate(&with_example(json!([step.clone()]))).is_valid());
    step["request"]["x-vendor"] = json!(1);
    step["response"]["x-vendor"] = json!(1);
    let report = validate(&with_example(json!([step])));
    assert_eq!(
        paths(&report),
        [
            "/tools/0/interactionExamples/one/steps/0/request/x-vendor",
            "/tools/0/interactionExamples/one/steps/0/response/x-vendor"
        ]
    );
    let said = report.errors().next().unwrap();
    assert_eq!(
        said.message,
        "\"x-vendor\" is not a member of a form request, which takes no extensions; its members are mode, message, requestedSchema"
    );

    let mut t = tool(json!([]));
    t.as_object_mut().unwrap().remove("elicitations");
    t["execution"] = json!({"taskSupport": "optional", "x-vendor": 1});
    let mut d = doc(json!(["2025-11-25"]), t);
    d["capabilities"] = json!([{"tasks": {"list": {}, "x-vendor": 1, "requests": {"tools": {"call": {}, "x-vendor": 1}}}}]);
    assert_eq!(
        paths(&validate(&d)),
        [
            "/capabilities/0/tasks/x-vendor",
            "/capabilities/0/tasks/requests/tools/x-vendor",
            "/tools/0/execution/x-vendor"
        ]
    );
}
