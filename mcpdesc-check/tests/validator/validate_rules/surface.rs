//! Transports, capabilities, tags, security requirements, `x-mcp-header` and client capabilities.

#[allow(unused_imports)]
use super::*;

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
