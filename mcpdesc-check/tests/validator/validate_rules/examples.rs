//! Examples, security schemes and extension identifiers: for every code, a document that must
//! pass and the same document broken in one place.

use mcpdesc_check::{Severity, validate};
use serde_json::{Value, json};

/// A description of `versions` whose `collection` holds `primitive`.
fn with(versions: &[&str], collection: &str, primitive: Value) -> Value {
    json!({
        "mcpdesc": "0.8.0",
        "info": {"name": "t", "version": "1.0.0"},
        "protocolVersions": versions,
        collection: [primitive],
    })
}

/// `valid` has no error (and no diagnostic unless `quiet` is false, for documents scoped to a
/// legacy version, which always warn), and `invalid` has a diagnostic of exactly this rule,
/// code, path and severity.
fn check(valid: &Value, invalid: &Value, rule: &str, code: &str, path: &str, severity: Severity) {
    let report = validate(valid);
    assert!(
        report.is_valid() && report.diagnostics().iter().all(|d| d.code != code),
        "valid document for {code} reported:\n{report}"
    );
    let report = validate(invalid);
    assert!(
        report
            .diagnostics()
            .iter()
            .any(|d| d.rule == rule && d.code == code && d.path == path && d.severity == severity),
        "expected {severity} {rule} / {code} at {path}, got:\n{report}"
    );
}

fn error(valid: &Value, invalid: &Value, rule: &str, code: &str, path: &str) {
    check(valid, invalid, rule, code, path, Severity::Error);
}

/// `valid` with `pointer` set to `value` (a pointer ending in a new member adds it).
fn set(valid: &Value, pointer: &str, value: Value) -> Value {
    let mut out = valid.clone();
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    let key = key.replace("~1", "/").replace("~0", "~");
    match out.pointer_mut(parent).unwrap() {
        Value::Object(map) => {
            map.insert(key, value);
        }
        Value::Array(items) => items[key.parse::<usize>().unwrap()] = value,
        other => panic!("{parent} is {other}"),
    }
    out
}

/// `valid` without the member at `pointer`.
fn remove(valid: &Value, pointer: &str) -> Value {
    let mut out = valid.clone();
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    let key = key.replace("~1", "/").replace("~0", "~");
    out.pointer_mut(parent)
        .unwrap()
        .as_object_mut()
        .unwrap()
        .remove(&key)
        .unwrap();
    out
}

const TOOL: &str = "mcpdesc.tool.examples";
const PROMPT: &str = "mcpdesc.prompt.examples";
const RESOURCE: &str = "mcpdesc.resource.examples";
const COMPLETION: &str = "mcpdesc.completion.examples";
const SHAPE: &str = "schema-validation";

fn tool(versions: &[&str]) -> Value {
    let latest = versions.contains(&"2026-07-28");
    let mut result =
        json!({"content": [{"type": "text", "text": "3"}], "structuredContent": {"total": 3}});
    if latest {
        result["resultType"] = json!("complete");
    }
    with(
        versions,
        "tools",
        json!({
            "name": "count",
            "inputSchema": {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]},
            "outputSchema": {"type": "object", "properties": {"total": {"type": "integer"}}},
            "examples": {"three": {"input": {"n": 3}, "result": result}}
        }),
    )
}

#[test]
fn tool_examples() {
    let v = tool(&["2026-07-28"]);
    let at = "/tools/0/examples/three";
    let result = format!("{at}/result");
    error(&v, &remove(&v, &format!("{at}/input")), TOOL, SHAPE, at);
    error(
        &v,
        &set(&v, &format!("{at}/input"), json!([])),
        TOOL,
        SHAPE,
        &format!("{at}/input"),
    );
    error(
        &v,
        &set(&v, "/tools/0/examples/two words", json!({})),
        TOOL,
        SHAPE,
        "/tools/0/examples/two words",
    );
    error(
        &v,
        &set(&v, "/tools/0/examples", json!({})),
        TOOL,
        SHAPE,
        "/tools/0/examples",
    );
    error(
        &v,
        &set(&v, &format!("{result}/content/0/x-style"), json!("brief")),
        TOOL,
        SHAPE,
        &format!("{result}/content/0/x-style"),
    );
    error(
        &v,
        &set(&v, &format!("{result}/content/0/type"), json!("video")),
        TOOL,
        SHAPE,
        &format!("{result}/content/0/type"),
    );
    error(
        &v,
        &set(&v, &format!("{result}/resultType"), json!("incomplete")),
        TOOL,
        SHAPE,
        &format!("{result}/resultType"),
    );
    error(
        &v,
        &set(&v, &format!("{result}/jsonrpc"), json!("2.0")),
        TOOL,
        "tool-example-json-rpc-envelope",
        &format!("{result}/jsonrpc"),
    );
    error(
        &v,
        &set(&v, &format!("{result}/inputRequests"), json!({})),
        TOOL,
        "incomplete-tool-example-result",
        &format!("{result}/inputRequests"),
    );
    error(
        &v,
        &remove(&v, &format!("{result}/resultType")),
        TOOL,
        "tool-example-result-version-mismatch",
        &format!("{result}/resultType"),
    );
    let before = tool(&["2025-11-25"]);
    error(
        &before,
        &set(&before, &format!("{result}/resultType"), json!("complete")),
        TOOL,
        "tool-example-result-version-mismatch",
        &format!("{result}/resultType"),
    );
    error(
        &before,
        &set(&before, &format!("{result}/structuredContent"), json!([3])),
        TOOL,
        "tool-example-result-version-mismatch",
        &format!("{result}/structuredContent"),
    );
    let link = json!({"type": "resource_link", "uri": "file:///a", "name": "a", "icons": [{"src": "https://example.com/a.png"}]});
    let older = tool(&["2025-06-18"]);
    error(
        &set(
            &older,
            &format!("{result}/content/0"),
            remove(&link, "/icons"),
        ),
        &set(&older, &format!("{result}/content/0"), link),
        TOOL,
        "tool-example-content-version-mismatch",
        &format!("{result}/content/0/icons"),
    );
    let failed = set(
        &remove(&v, &format!("{result}/structuredContent")),
        &format!("{result}/isError"),
        json!(true),
    );
    error(
        &failed,
        &set(
            &failed,
            &format!("{result}/structuredContent"),
            json!({"total": 0}),
        ),
        TOOL,
        "structured-tool-error-example",
        &format!("{result}/structuredContent"),
    );
    error(
        &v,
        &remove(&v, &format!("{result}/structuredContent")),
        TOOL,
        "missing-tool-example-structured-content",
        &format!("{result}/structuredContent"),
    );
    error(
        &v,
        &set(&v, &format!("{at}/input/n"), json!("three")),
        TOOL,
        "tool-example-schema-mismatch",
        &format!("{at}/input"),
    );
    error(
        &v,
        &set(
            &v,
            &format!("{result}/structuredContent/total"),
            json!("three"),
        ),
        TOOL,
        "tool-example-schema-mismatch",
        &format!("{result}/structuredContent"),
    );
    // Before tool schemas name a dialect, only the object, required and closed properties.
    let legacy = tool(&["2025-03-26"]);
    let legacy = remove(
        &remove(&legacy, "/tools/0/outputSchema"),
        &format!("{result}/structuredContent"),
    );
    error(
        &legacy,
        &remove(&legacy, &format!("{at}/input/n")),
        TOOL,
        "tool-example-schema-mismatch",
        &format!("{at}/input/n"),
    );
    // A schema that refers to another document: the example cannot be checked in full.
    let external = set(
        &v,
        "/tools/0/inputSchema/properties/n",
        json!({"$ref": "https://example.com/n.json"}),
    );
    check(
        &v,
        &external,
        TOOL,
        "incomplete-tool-example-validation",
        &format!("{at}/input"),
        Severity::Warning,
    );
}

#[test]
fn a_shared_example_is_checked_where_it_is_used_and_shaped_where_it_is_written() {
    let example = json!({"result": {"resultType": "complete", "ttlMs": 0, "cacheScope": "public", "contents": [{"uri": "data://s", "text": "ok"}]}});
    let resource = |versions: &[&str]| json!({"protocolVersions": versions, "uri": "data://s", "name": "s", "examples": {"now": {"$componentRef": "#/components/resourceExamples/now"}}});
    let mut valid = with(
        &["2025-11-25", "2026-07-28"],
        "resources",
        resource(&["2026-07-28"]),
    );
    valid["components"] = json!({"resourceExamples": {"now": example}});
    let mut invalid = valid.clone();
    invalid["resources"] = json!([resource(&["2025-11-25"]), resource(&["2026-07-28"])]);
    error(
        &valid,
        &invalid,
        RESOURCE,
        "resource-example-cache-fields-version-mismatch",
        "/resources/0/examples/now/result/ttlMs",
    );
    assert!(
        validate(&invalid)
            .diagnostics()
            .iter()
            .all(|d| !d.path.starts_with("/resources/1"))
    );
    error(
        &valid,
        &remove(&valid, "/components/resourceExamples/now/result"),
        "mcpdesc.resource.examples",
        SHAPE,
        "/components/resourceExamples/now",
    );
    error(
        &valid,
        &set(&valid, "/resources/0/examples/now/note", json!("x")),
        RESOURCE,
        SHAPE,
        "/resources/0/examples/now/note",
    );
}

/// The reserved `_meta` keys of an example's result and content are held to where the
/// protocol places them: a result's key on a result, not on content; a request's on neither.
#[test]
fn example_meta_keys_where_the_protocol_places_them() {
    let rule = "mcp.meta.reserved-keys";
    let code = "meta-reserved-key-context";
    let v = &["2025-11-25"];
    let task = json!({"taskId": "t-1"});
    let related = "io.modelcontextprotocol~1related-task";
    // A tool result may carry a result's key; its content may not, nor a request's key.
    let tool_result = "/tools/0/examples/three/result";
    let valid = set(
        &tool(v),
        &format!("{tool_result}/_meta"),
        json!({"io.modelcontextprotocol/related-task": task}),
    );
    error(
        &valid,
        &set(
            &valid,
            &format!("{tool_result}/_meta/progressToken"),
            json!("p"),
        ),
        rule,
        code,
        &format!("{tool_result}/_meta/progressToken"),
    );
    error(
        &valid,
        &set(
            &valid,
            &format!("{tool_result}/content/0/_meta"),
            json!({"io.modelcontextprotocol/related-task": task}),
        ),
        rule,
        code,
        &format!("{tool_result}/content/0/_meta/{related}"),
    );
    let embedded = set(
        &valid,
        &format!("{tool_result}/content/0"),
        json!({"type": "resource", "resource": {"uri": "file:///a.txt", "text": "a", "_meta": {"progressToken": 1}}}),
    );
    error(
        &valid,
        &embedded,
        rule,
        code,
        &format!("{tool_result}/content/0/resource/_meta/progressToken"),
    );
    // A resource read alike: its result and its contents.
    let read = "/resources/0/examples/now/result";
    let valid = set(
        &resource(v),
        &format!("{read}/_meta"),
        json!({"io.modelcontextprotocol/related-task": task}),
    );
    error(
        &valid,
        &set(
            &valid,
            &format!("{read}/contents/0/_meta"),
            json!({"progressToken": "p"}),
        ),
        rule,
        code,
        &format!("{read}/contents/0/_meta/progressToken"),
    );
    // A value the key does not allow, where the key belongs, said with what it holds.
    let wrong = set(
        &valid,
        &format!("{read}/_meta/io.modelcontextprotocol~1related-task"),
        json!({}),
    );
    error(
        &valid,
        &wrong,
        rule,
        "meta-reserved-key-value",
        &format!("{read}/_meta/{related}"),
    );
    let report = validate(&wrong);
    let message = &report
        .diagnostics()
        .iter()
        .find(|d| d.code == "meta-reserved-key-value")
        .unwrap()
        .message;
    assert!(
        message.contains("an object with a string `taskId`, not an object"),
        "{message}"
    );
}

fn prompt(versions: &[&str]) -> Value {
    let mut result =
        json!({"messages": [{"role": "user", "content": {"type": "text", "text": "Paris"}}]});
    if versions.contains(&"2026-07-28") {
        result["resultType"] = json!("complete");
    }
    with(
        versions,
        "prompts",
        json!({
            "name": "brief",
            "arguments": [{"name": "city", "required": true}, {"name": "tone"}],
            "examples": {"paris": {"arguments": {"city": "Paris"}, "result": result}}
        }),
    )
}

#[test]
fn prompt_examples() {
    let v = prompt(&["2026-07-28"]);
    let at = "/prompts/0/examples/paris";
    let result = format!("{at}/result");
    error(&v, &remove(&v, &format!("{at}/result")), PROMPT, SHAPE, at);
    error(
        &v,
        &set(&v, &format!("{at}/arguments/city"), json!(1)),
        PROMPT,
        SHAPE,
        &format!("{at}/arguments/city"),
    );
    error(
        &v,
        &set(&v, &format!("{result}/messages/0/role"), json!("system")),
        PROMPT,
        SHAPE,
        &format!("{result}/messages/0/role"),
    );
    error(
        &v,
        &set(&v, &format!("{at}/arguments/mood"), json!("calm")),
        PROMPT,
        "prompt-example-unknown-argument",
        &format!("{at}/arguments/mood"),
    );
    error(
        &v,
        &set(&v, &format!("{at}/arguments"), json!({"tone": "calm"})),
        PROMPT,
        "prompt-example-missing-required-argument",
        &format!("{at}/arguments/city"),
    );
    error(
        &v,
        &set(&v, &format!("{result}/error"), json!({})),
        PROMPT,
        "prompt-example-json-rpc-envelope",
        &format!("{result}/error"),
    );
    error(
        &v,
        &set(&v, &format!("{result}/requestState"), json!("s")),
        PROMPT,
        "incomplete-prompt-example-result",
        &format!("{result}/requestState"),
    );
    error(
        &v,
        &remove(&v, &format!("{result}/resultType")),
        PROMPT,
        "prompt-example-result-version-mismatch",
        &format!("{result}/resultType"),
    );
    let older = prompt(&["2025-06-18"]);
    let block = format!("{result}/messages/0/content");
    let link = json!({"type": "resource_link", "uri": "file:///a", "name": "a"});
    error(
        &set(&older, &block, link.clone()),
        &set(
            &older,
            &block,
            set(
                &link,
                "/icons",
                json!([{"src": "https://example.com/a.png"}]),
            ),
        ),
        PROMPT,
        "prompt-example-content-version-mismatch",
        &format!("{block}/icons"),
    );
}

fn resource(versions: &[&str]) -> Value {
    let mut result =
        json!({"contents": [{"uri": "file:///notes.txt", "mimeType": "text/plain", "text": "hi"}]});
    if versions.contains(&"2026-07-28") {
        result["resultType"] = json!("complete");
        result["ttlMs"] = json!(1000);
        result["cacheScope"] = json!("private");
    }
    with(
        versions,
        "resources",
        json!({
            "uri": "file:///notes.txt",
            "name": "notes",
            "mimeType": "text/plain",
            "size": 2,
            "examples": {"now": {"result": result}}
        }),
    )
}

#[test]
fn resource_examples() {
    let v = resource(&["2026-07-28"]);
    let result = "/resources/0/examples/now/result";
    let contents = format!("{result}/contents/0");
    error(
        &v,
        &set(&v, &format!("{result}/contents"), json!([])),
        RESOURCE,
        SHAPE,
        &format!("{result}/contents"),
    );
    error(
        &v,
        &set(&v, &format!("{contents}/blob"), json!("aGk=")),
        RESOURCE,
        SHAPE,
        &contents,
    );
    error(
        &v,
        &set(&v, &format!("{result}/ttlMs"), json!(-1)),
        RESOURCE,
        SHAPE,
        &format!("{result}/ttlMs"),
    );
    error(
        &v,
        &set(&v, &format!("{result}/cacheScope"), json!("shared")),
        RESOURCE,
        SHAPE,
        &format!("{result}/cacheScope"),
    );
    error(
        &v,
        &set(&v, &format!("{result}/id"), json!(1)),
        RESOURCE,
        "resource-example-json-rpc-envelope",
        &format!("{result}/id"),
    );
    error(
        &v,
        &set(&v, &format!("{result}/task"), json!({})),
        RESOURCE,
        "incomplete-resource-example-result",
        &format!("{result}/task"),
    );
    error(
        &v,
        &set(&v, &format!("{result}/resultType"), json!(null)),
        RESOURCE,
        SHAPE,
        &format!("{result}/resultType"),
    );
    error(
        &v,
        &remove(&v, &format!("{result}/resultType")),
        RESOURCE,
        "resource-example-result-version-mismatch",
        &format!("{result}/resultType"),
    );
    error(
        &v,
        &remove(&v, &format!("{result}/cacheScope")),
        RESOURCE,
        "resource-example-cache-fields-version-mismatch",
        &format!("{result}/cacheScope"),
    );
    let before = resource(&["2025-11-25"]);
    error(
        &before,
        &set(&before, &format!("{result}/ttlMs"), json!(5)),
        RESOURCE,
        "resource-example-cache-fields-version-mismatch",
        &format!("{result}/ttlMs"),
    );
    let legacy = resource(&["2025-03-26"]);
    error(
        &legacy,
        &set(&legacy, &format!("{contents}/_meta"), json!({})),
        RESOURCE,
        "resource-example-content-version-mismatch",
        &format!("{contents}/_meta"),
    );
    let binary = set(
        &remove(&v, &format!("{contents}/text")),
        &format!("{contents}/blob"),
        json!("aGk="),
    );
    error(
        &binary,
        &set(&binary, &format!("{contents}/blob"), json!("aGl=")),
        RESOURCE,
        "invalid-resource-example-base64",
        &format!("{contents}/blob"),
    );
    let warn = |invalid: &Value, code: &str, path: &str| {
        check(&v, invalid, RESOURCE, code, path, Severity::Warning)
    };
    warn(
        &set(&v, &format!("{contents}/mimeType"), json!("text/html")),
        "resource-example-mime-type-mismatch",
        &format!("{contents}/mimeType"),
    );
    warn(
        &set(&v, &format!("{contents}/text"), json!("hello")),
        "resource-example-size-mismatch",
        &contents,
    );
    warn(
        &set(&v, &format!("{contents}/uri"), json!("file:///other.txt")),
        "resource-example-requested-uri-not-returned",
        &format!("{result}/contents"),
    );
}

#[test]
fn resource_template_examples() {
    let v = with(
        &["2025-11-25"],
        "resourceTemplates",
        json!({
            "uriTemplate": "chess://games/{id}",
            "name": "game",
            "examples": {"one": {"uri": "chess://games/1", "result": {"contents": [{"uri": "chess://games/1", "text": "e4"}]}}}
        }),
    );
    let at = "/resourceTemplates/0/examples/one";
    error(&v, &remove(&v, &format!("{at}/uri")), RESOURCE, SHAPE, at);
    error(
        &v,
        &set(&v, &format!("{at}/uri"), json!("chess://players/1")),
        RESOURCE,
        "resource-template-example-invalid-expansion",
        &format!("{at}/uri"),
    );
    error(
        &v,
        &set(
            &v,
            "/resourceTemplates/0/uriTemplate",
            json!("chess://games/{id"),
        ),
        RESOURCE,
        "resource-template-example-invalid-template",
        "/resourceTemplates/0/uriTemplate",
    );
}

fn completions(versions: &[&str]) -> Value {
    let mut result = json!({"completion": {"values": ["Ada"], "hasMore": false, "total": 1}});
    if versions.contains(&"2026-07-28") {
        result["resultType"] = json!("complete");
    }
    let mut document = with(
        versions,
        "prompts",
        json!({
            "name": "lead",
            "arguments": [{"name": "team"}, {"name": "name"}],
            "completionExamples": {"a": {"argument": {"name": "name", "value": "A"}, "context": {"arguments": {"team": "core"}}, "result": result}}
        }),
    );
    document["resourceTemplates"] = json!([{
        "uriTemplate": "repo://{owner}/{repo}",
        "name": "repo",
        "completionExamples": {"o": {"argument": {"name": "repo", "value": "m"}, "context": {"arguments": {"owner": "me"}}, "result": result}}
    }]);
    document
}

#[test]
fn completion_examples() {
    let v = completions(&["2026-07-28"]);
    let p = "/prompts/0/completionExamples/a";
    let t = "/resourceTemplates/0/completionExamples/o";
    error(
        &v,
        &remove(&v, &format!("{p}/argument")),
        COMPLETION,
        SHAPE,
        p,
    );
    error(
        &v,
        &set(&v, &format!("{p}/context/arguments"), json!({})),
        COMPLETION,
        SHAPE,
        &format!("{p}/context/arguments"),
    );
    error(
        &v,
        &set(&v, &format!("{p}/result/completion/total"), json!(-1)),
        COMPLETION,
        SHAPE,
        &format!("{p}/result/completion/total"),
    );
    error(
        &v,
        &set(&v, &format!("{p}/result/completion/values/0"), json!(1)),
        COMPLETION,
        SHAPE,
        &format!("{p}/result/completion/values/0"),
    );
    error(
        &v,
        &set(&v, &format!("{p}/$componentRef"), json!("#/components/x/y")),
        COMPLETION,
        SHAPE,
        &format!("{p}/$componentRef"),
    );
    error(
        &v,
        &set(&v, &format!("{p}/argument/name"), json!("nick")),
        COMPLETION,
        "prompt-completion-example-unknown-argument",
        &format!("{p}/argument/name"),
    );
    error(
        &v,
        &set(&v, &format!("{t}/argument/name"), json!("branch")),
        COMPLETION,
        "resource-template-completion-example-unknown-variable",
        &format!("{t}/argument/name"),
    );
    error(
        &v,
        &set(&v, &format!("{p}/context/arguments/region"), json!("x")),
        COMPLETION,
        "prompt-completion-example-context-unknown-argument",
        &format!("{p}/context/arguments/region"),
    );
    error(
        &v,
        &set(&v, &format!("{t}/context/arguments/branch"), json!("x")),
        COMPLETION,
        "resource-template-completion-example-context-unknown-variable",
        &format!("{t}/context/arguments/branch"),
    );
    error(
        &v,
        &set(&v, &format!("{p}/context/arguments/name"), json!("x")),
        COMPLETION,
        "completion-example-duplicate-target-context",
        &format!("{p}/context/arguments/name"),
    );
    error(
        &v,
        &set(
            &v,
            "/resourceTemplates/0/uriTemplate",
            json!("repo://{owner/{repo}"),
        ),
        COMPLETION,
        "resource-template-completion-example-invalid-template",
        "/resourceTemplates/0/uriTemplate",
    );
    error(
        &v,
        &set(&v, &format!("{p}/result/jsonrpc"), json!("2.0")),
        COMPLETION,
        "completion-example-json-rpc-envelope",
        &format!("{p}/result/jsonrpc"),
    );
    error(
        &v,
        &set(&v, &format!("{p}/result/task"), json!({})),
        COMPLETION,
        "incomplete-completion-example-result",
        &format!("{p}/result/task"),
    );
    error(
        &v,
        &remove(&v, &format!("{p}/result/resultType")),
        COMPLETION,
        "completion-example-result-version-mismatch",
        &format!("{p}/result/resultType"),
    );
    // Completion came with 2025-03-26, its context with 2025-06-18.
    let first = remove(
        &remove(&completions(&["2025-03-26"]), &format!("{p}/context")),
        &format!("{t}/context"),
    );
    error(
        &first,
        &set(
            &first,
            &format!("{p}/context"),
            json!({"arguments": {"team": "core"}}),
        ),
        COMPLETION,
        "completion-example-context-version-mismatch",
        &format!("{p}/context"),
    );
    let mut before = first.clone();
    before["protocolVersions"] = json!(["2024-11-05"]);
    error(
        &first,
        &before,
        COMPLETION,
        "completion-example-version-mismatch",
        p,
    );
}

#[test]
fn security_schemes_and_requirements() {
    let mut v = with(
        &["2025-11-25"],
        "tools",
        json!({"name": "t", "inputSchema": {"type": "object"}}),
    );
    v["securitySchemes"] = json!({
        "oauth": {"type": "oauth2", "flows": {"authorizationCode": {"authorizationUrl": "https://a.example/authorize", "tokenUrl": "https://a.example/token", "scopes": {"read": "Read"}}}},
        "key": {"type": "apiKey", "name": "X-Key", "in": "header"},
        "x-partner": {"type": "http", "scheme": "bearer"}
    });
    v["security"] = json!([{"oauth": ["read"]}, {"key": []}, {"x-partner": []}]);
    let rule = "mcpdesc.security.schemes";
    error(
        &v,
        &set(
            &v,
            "/securitySchemes/with space",
            json!({"type": "http", "scheme": "basic"}),
        ),
        rule,
        SHAPE,
        "/securitySchemes/with space",
    );
    error(
        &v,
        &set(
            &v,
            "/securitySchemes/x-policy",
            json!({"owner": "identity"}),
        ),
        rule,
        SHAPE,
        "/securitySchemes/x-policy/type",
    );
    error(
        &v,
        &remove(&v, "/securitySchemes/key/in"),
        rule,
        SHAPE,
        "/securitySchemes/key",
    );
    error(
        &v,
        &set(&v, "/securitySchemes/key/in", json!("body")),
        rule,
        SHAPE,
        "/securitySchemes/key/in",
    );
    let flow = "/securitySchemes/oauth/flows/authorizationCode";
    error(
        &v,
        &remove(&v, &format!("{flow}/tokenUrl")),
        rule,
        SHAPE,
        flow,
    );
    error(
        &v,
        &set(&v, &format!("{flow}/tokenUrl"), json!("/token")),
        rule,
        SHAPE,
        &format!("{flow}/tokenUrl"),
    );
    error(
        &v,
        &set(&v, "/securitySchemes/oauth/flows", json!({})),
        rule,
        SHAPE,
        "/securitySchemes/oauth/flows",
    );
    error(
        &v,
        &set(&v, "/security/1/key", json!({"owner": "identity"})),
        "mcpdesc.security.requirements",
        SHAPE,
        "/security/1/key",
    );
    error(
        &v,
        &set(&v, "/security/1", json!("key")),
        "mcpdesc.security.requirements",
        SHAPE,
        "/security/1",
    );
}

#[test]
fn extension_identifiers() {
    let mut v = with(
        &["2026-07-28"],
        "tools",
        json!({"name": "t", "inputSchema": {"type": "object"}, "clientRequirements": {"extensions": {"com.example/maps": {}}}}),
    );
    v["capabilities"] = json!([{"extensions": {"com.example/maps": {"zoom": true}}}]);
    let rule = "mcpdesc.capabilities.scope";
    for bad in [
        "missing-prefix",
        "x-policy",
        "com.example/",
        "1com.example/a",
        "com.example/a-",
    ] {
        let at = format!("/capabilities/0/extensions/{}", bad.replace('/', "~1"));
        error(&v, &set(&v, &at, json!({})), rule, SHAPE, &at);
    }
    error(
        &v,
        &set(
            &v,
            "/capabilities/0/extensions/com.example~1maps",
            json!(true),
        ),
        rule,
        SHAPE,
        "/capabilities/0/extensions/com.example~1maps",
    );
    error(
        &v,
        &set(&v, "/tools/0/clientRequirements/extensions/maps", json!({})),
        "mcpdesc.client-requirements.capabilities",
        SHAPE,
        "/tools/0/clientRequirements/extensions/maps",
    );
}
