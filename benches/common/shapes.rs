//! Descriptions that grow with `n`, for the benchmarks of the validator (benches/description.rs)
//! and for the test that holds its growth to linear in instructions (mcpdesc-check/tests/growth.rs).

/// A document with `n` URL declarations on one tool, a form of `n` required properties, and `n`
/// tags; valid.
pub fn wide(n: usize) -> serde_json::Value {
    let declarations: Vec<serde_json::Value> = (0..n)
        .map(|i| serde_json::json!({"name": format!("sign_in_{i}"), "mode": "url", "message": "Sign in."}))
        .chain(std::iter::once(serde_json::json!({
            "name": "wide_form",
            "mode": "form",
            "message": "Fill it in.",
            "requestedSchema": {
                "type": "object",
                "properties": (0..n)
                    .map(|i| (format!("p{i}"), serde_json::json!({"type": "string"})))
                    .collect::<serde_json::Map<_, _>>(),
                "required": (0..n).map(|i| format!("p{i}")).collect::<Vec<_>>(),
            },
        })))
        .collect();
    serde_json::json!({
        "mcpdesc": "0.9.0",
        "$schema": "https://mcpdesc.org/schema/mcp-description/0.9.0-rc.3.json",
        "info": {"name": "wide", "version": "1.0.0"},
        "protocolVersions": ["2025-11-25"],
        "tags": (0..n).map(|i| serde_json::json!({"name": format!("tag{i}")})).collect::<Vec<_>>(),
        "tools": [{
            "name": "wide_tool",
            "inputSchema": {"type": "object"},
            "elicitations": declarations,
        }],
    })
}

/// `n` schema components, each a reference to the next, the last a form; `n` declarations, each
/// entering the chain at a different component.
pub fn chain(n: usize) -> serde_json::Value {
    let mut schemas: serde_json::Map<String, serde_json::Value> = (0..n)
        .map(|i| {
            (
                format!("s{i}"),
                serde_json::json!({"$componentRef": format!("#/components/schemas/s{}", i + 1)}),
            )
        })
        .collect();
    schemas.insert(
        format!("s{n}"),
        serde_json::json!({"type": "object", "properties": {"a": {"type": "string"}}}),
    );
    let declarations: Vec<serde_json::Value> = (0..n)
        .map(|i| {
            serde_json::json!({"name": format!("f{i}"), "mode": "form", "message": "m",
                "requestedSchema": {"$componentRef": format!("#/components/schemas/s{i}")}})
        })
        .collect();
    serde_json::json!({
        "mcpdesc": "0.9.0",
        "$schema": "https://mcpdesc.org/schema/mcp-description/0.9.0-rc.3.json",
        "info": {"name": "chain", "version": "1.0.0"},
        "protocolVersions": ["2025-11-25"],
        "tools": [{"name": "t", "inputSchema": {"type": "object"}, "elicitations": declarations}],
        "components": {"schemas": schemas},
    })
}
