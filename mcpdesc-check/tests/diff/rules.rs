//! One change pair (at least) for every rule: its class, its consumer, where it is in both
//! documents, and for a break a witness that holds against both schemas.

use std::collections::BTreeSet;

use mcpdesc_check::diff::{Class, Consumer, RULES, diff};
use serde_json::{Value, json};

use super::{base, of, with, witness_holds};

use Class::{Breaking as B, Info as I, Warning as W};
use Consumer::{Answerer, Caller, Reader};

/// Where a schema of each role sits in a description built around it.
#[derive(Clone, Copy, Debug)]
enum Role {
    Input,
    Output,
    Form,
}

impl Role {
    fn at(self) -> &'static str {
        match self {
            Role::Input => "/tools/0/inputSchema",
            Role::Output => "/tools/0/outputSchema",
            Role::Form => "/tools/0/elicitations/0/requestedSchema",
        }
    }

    fn document(self, schema: &Value) -> Value {
        match self {
            Role::Input => with(base(), &[("/tools/0/inputSchema", schema.clone())]),
            Role::Output => with(base(), &[("/tools/0/outputSchema", schema.clone())]),
            Role::Form => with(
                base(),
                &[(
                    "/tools/0/elicitations",
                    json!([{"name": "ask", "mode": "form", "message": "Which?", "requestedSchema": schema}]),
                )],
            ),
        }
    }

    fn consumer(self) -> Consumer {
        match self {
            Role::Form => Answerer,
            _ => Caller,
        }
    }
}

fn object(properties: Value) -> Value {
    json!({"type": "object", "properties": properties})
}

/// A schema pair, where the change is in each (relative to the schema), and per role the rule
/// and class it must give (`None`: the form vocabulary has no such change).
struct SchemaCase {
    old: Value,
    new: Value,
    old_at: &'static str,
    new_at: &'static str,
    rules: [Option<(&'static str, Class)>; 3],
    annotation: bool,
}

fn schema_cases() -> Vec<SchemaCase> {
    let x = |s: Value| object(json!({ "x": s }));
    let xy = object(json!({"x": {"type": "string"}, "y": {"type": "string"}}));
    let c = |old: Value, new: Value, old_at, new_at, rules| SchemaCase {
        old,
        new,
        old_at,
        new_at,
        rules,
        annotation: false,
    };
    let mut closed = object(json!({"x": {"type": "string"}}));
    closed["additionalProperties"] = json!(false);
    let mut required = object(json!({"x": {"type": "string"}}));
    required["required"] = json!(["x"]);
    let plain = object(json!({"x": {"type": "string"}}));
    vec![
        c(
            plain.clone(),
            required.clone(),
            "",
            "/required",
            [
                Some(("input-required-added", B)),
                Some(("output-required-added", I)),
                Some(("form-required-added", B)),
            ],
        ),
        c(
            required.clone(),
            plain.clone(),
            "/required",
            "",
            [
                Some(("input-required-removed", I)),
                Some(("output-required-removed", B)),
                Some(("form-required-removed", I)),
            ],
        ),
        c(
            plain.clone(),
            xy.clone(),
            "/properties",
            "/properties/y",
            [
                Some(("input-property-added", I)),
                Some(("output-property-added", I)),
                Some(("form-property-added", I)),
            ],
        ),
        c(
            xy.clone(),
            plain.clone(),
            "/properties/y",
            "/properties",
            [
                Some(("input-property-ignored", W)),
                Some(("output-property-removed", B)),
                Some(("form-property-removed", W)),
            ],
        ),
        c(
            xy.clone(),
            closed.clone(),
            "/properties/y",
            "/properties",
            [
                Some(("input-property-removed", B)),
                Some(("output-property-forbidden", I)),
                None,
            ],
        ),
        c(
            x(json!({"type": "number"})),
            x(json!({"type": "integer"})),
            "/properties/x/type",
            "/properties/x/type",
            [
                Some(("input-type-narrowed", B)),
                Some(("output-type-narrowed", I)),
                Some(("form-type-narrowed", B)),
            ],
        ),
        c(
            x(json!({"type": "integer"})),
            x(json!({"type": "number"})),
            "/properties/x/type",
            "/properties/x/type",
            [
                Some(("input-type-widened", I)),
                Some(("output-type-widened", B)),
                Some(("form-type-widened", I)),
            ],
        ),
        c(
            x(json!({"type": "string", "enum": ["a", "b"]})),
            x(json!({"type": "string", "enum": ["a"]})),
            "/properties/x/enum",
            "/properties/x/enum",
            [
                Some(("input-choice-removed", B)),
                Some(("output-choice-removed", I)),
                Some(("form-choice-removed", B)),
            ],
        ),
        c(
            x(json!({"type": "string", "enum": ["a"]})),
            x(json!({"type": "string", "enum": ["a", "b"]})),
            "/properties/x/enum",
            "/properties/x/enum",
            [
                Some(("input-choice-added", I)),
                Some(("output-choice-added", B)),
                Some(("form-choice-added", I)),
            ],
        ),
        c(
            x(json!({"type": "string", "maxLength": 5})),
            x(json!({"type": "string", "maxLength": 3})),
            "/properties/x/maxLength",
            "/properties/x/maxLength",
            [
                Some(("input-bound-tightened", B)),
                Some(("output-bound-tightened", I)),
                Some(("form-bound-tightened", B)),
            ],
        ),
        c(
            x(json!({"type": "integer", "minimum": 5})),
            x(json!({"type": "integer", "minimum": 1})),
            "/properties/x/minimum",
            "/properties/x/minimum",
            [
                Some(("input-bound-loosened", I)),
                Some(("output-bound-loosened", B)),
                Some(("form-bound-loosened", I)),
            ],
        ),
        c(
            x(json!({"type": "string"})),
            x(json!({"type": "string", "format": "email"})),
            "/properties/x",
            "/properties/x/format",
            [
                Some(("input-format-added", B)),
                Some(("output-format-added", I)),
                Some(("form-format-added", B)),
            ],
        ),
        c(
            x(json!({"type": "string", "format": "email"})),
            x(json!({"type": "string"})),
            "/properties/x/format",
            "/properties/x",
            [
                Some(("input-format-removed", I)),
                Some(("output-format-removed", B)),
                Some(("form-format-removed", I)),
            ],
        ),
        c(
            x(json!({"type": "string", "format": "email"})),
            x(json!({"type": "string", "format": "date"})),
            "/properties/x/format",
            "/properties/x/format",
            [
                Some(("input-format-changed", B)),
                Some(("output-format-changed", B)),
                Some(("form-format-changed", B)),
            ],
        ),
        c(
            plain.clone(),
            closed.clone(),
            "",
            "/additionalProperties",
            [Some(("input-closed", B)), Some(("output-closed", I)), None],
        ),
        c(
            closed.clone(),
            plain.clone(),
            "/additionalProperties",
            "",
            [Some(("input-opened", I)), Some(("output-opened", B)), None],
        ),
        c(
            x(json!({"type": "string", "default": "a"})),
            x(json!({"type": "string", "default": "b"})),
            "/properties/x/default",
            "/properties/x/default",
            [
                Some(("input-default-changed", W)),
                Some(("output-default-changed", I)),
                Some(("form-default-changed", I)),
            ],
        ),
        c(
            x(json!({"type": "string", "pattern": "^a"})),
            x(json!({"type": "string", "pattern": "^b"})),
            "/properties/x/pattern",
            "/properties/x/pattern",
            [
                Some(("input-keyword-changed", W)),
                Some(("output-keyword-changed", W)),
                Some(("form-keyword-changed", W)),
            ],
        ),
        c(
            x(json!({"type": "string", "not": {"const": "a"}})),
            x(json!({"type": "string"})),
            "/properties/x/not",
            "/properties/x",
            [
                Some(("input-keyword-changed", W)),
                Some(("output-keyword-changed", W)),
                None,
            ],
        ),
        SchemaCase {
            annotation: true,
            ..c(
                x(json!({"type": "string", "title": "X"})),
                x(json!({"type": "string", "title": "Ex"})),
                "/properties/x/title",
                "/properties/x/title",
                [
                    Some(("input-annotation-changed", I)),
                    Some(("output-annotation-changed", I)),
                    Some(("form-annotation-changed", I)),
                ],
            )
        },
    ]
}

/// One pair of whole documents, the rule it must give, its class and consumer, and where.
struct Case {
    rule: &'static str,
    class: Class,
    consumer: Consumer,
    old: Value,
    new: Value,
    old_at: &'static str,
    new_at: &'static str,
}

fn case(
    rule: &'static str,
    class: Class,
    consumer: Consumer,
    old: Value,
    new: Value,
    old_at: &'static str,
    new_at: &'static str,
) -> Case {
    Case {
        rule,
        class,
        consumer,
        old,
        new,
        old_at,
        new_at,
    }
}

fn tool(name: &str, properties: Value) -> Value {
    json!({"name": name, "inputSchema": object(properties)})
}

fn document_cases() -> Vec<Case> {
    let b = base;
    let one = with(b(), &[("/protocolVersions", json!(["2025-11-25"]))]);
    let http = with(
        b(),
        &[(
            "/transports",
            json!([{"type": "streamable-http", "url": "https://a.example/mcp"}]),
        )],
    );
    let stdio = with(
        b(),
        &[(
            "/transports",
            json!([{"type": "stdio", "command": "tracker"}]),
        )],
    );
    let http_scoped = with(
        b(),
        &[(
            "/transports",
            json!([{"type": "streamable-http", "url": "https://a.example/mcp", "protocolVersions": ["2025-11-25"]}]),
        )],
    );
    let caps = |c: Value| with(b(), &[("/capabilities", json!([c]))]);
    let secured = |s: Value| with(b(), &[("/security", s)]);
    let schemes = |s: Value| with(b(), &[("/securitySchemes", s)]);
    let bearer = json!({"type": "http", "scheme": "bearer"});
    let tools = |t: Value| with(b(), &[("/tools", t)]);
    let prompts = |p: Value| with(b(), &[("/prompts", p)]);
    let resources = |r: Value| with(b(), &[("/resources", r)]);
    let templates = |r: Value| with(b(), &[("/resourceTemplates", r)]);
    let t0 = |edits: &[(&str, Value)]| {
        let edits: Vec<(String, Value)> = edits
            .iter()
            .map(|(k, v)| (format!("/tools/0/{k}"), v.clone()))
            .collect();
        let edits: Vec<(&str, Value)> =
            edits.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        with(b(), &edits)
    };
    let ask = |d: Value| t0(&[("elicitations", json!([d]))]);
    let form = json!({"name": "ask", "mode": "form", "message": "Which?", "requestedSchema": object(json!({"x": {"type": "string"}}))});
    let url = json!({"name": "ask", "mode": "url", "message": "Sign in.", "url": "https://a.example/login"});
    let form_with = |k: &str, v: Value| {
        let mut d = form.clone();
        d[k] = v;
        d
    };
    let arg = |name: &str, required: bool| json!({"name": name, "required": required});
    vec![
        case(
            "protocol-version-removed",
            B,
            Caller,
            b(),
            one.clone(),
            "/protocolVersions",
            "/protocolVersions",
        ),
        case(
            "protocol-version-added",
            I,
            Caller,
            one.clone(),
            b(),
            "/protocolVersions",
            "/protocolVersions",
        ),
        case(
            "transport-removed",
            B,
            Caller,
            http.clone(),
            stdio.clone(),
            "/transports/0",
            "/transports",
        ),
        case(
            "transport-added",
            I,
            Caller,
            http.clone(),
            stdio.clone(),
            "/transports",
            "/transports/0",
        ),
        case(
            "transport-changed",
            W,
            Caller,
            http.clone(),
            http_scoped,
            "/transports/0",
            "/transports/0",
        ),
        case(
            "capability-removed",
            B,
            Caller,
            caps(json!({"tools": {}, "logging": {}})),
            caps(json!({"tools": {}})),
            "/capabilities/0/logging",
            "/capabilities/0",
        ),
        case(
            "capability-added",
            I,
            Caller,
            caps(json!({"tools": {}})),
            caps(json!({"tools": {}, "logging": {}})),
            "/capabilities/0",
            "/capabilities/0/logging",
        ),
        case(
            "capability-narrowed",
            B,
            Caller,
            caps(json!({"tools": {"listChanged": true}})),
            caps(json!({"tools": {"listChanged": false}})),
            "/capabilities/0/tools/listChanged",
            "/capabilities/0/tools/listChanged",
        ),
        case(
            "capability-widened",
            I,
            Caller,
            caps(json!({"resources": {}})),
            caps(json!({"resources": {"subscribe": true}})),
            "/capabilities/0/resources",
            "/capabilities/0/resources/subscribe",
        ),
        case(
            "capability-changed",
            W,
            Caller,
            caps(json!({"experimental": {"a": {}}})),
            caps(json!({"experimental": {"b": {}}})),
            "/capabilities/0/experimental",
            "/capabilities/0/experimental",
        ),
        case(
            "security-required",
            B,
            Caller,
            b(),
            secured(json!([{"oauth": []}])),
            "",
            "/security",
        ),
        case(
            "security-lifted",
            I,
            Caller,
            secured(json!([{"oauth": []}])),
            secured(json!([{"oauth": []}, {}])),
            "/security",
            "/security",
        ),
        case(
            "security-alternative-removed",
            B,
            Caller,
            secured(json!([{"a": []}, {"b": []}])),
            secured(json!([{"a": []}])),
            "/security",
            "/security",
        ),
        case(
            "security-alternative-added",
            I,
            Caller,
            secured(json!([{"a": []}])),
            secured(json!([{"a": []}, {"b": ["read"]}])),
            "/security",
            "/security",
        ),
        case(
            "security-scheme-removed",
            W,
            Caller,
            schemes(json!({"a": bearer})),
            schemes(json!({"b": bearer})),
            "/securitySchemes/a",
            "/securitySchemes",
        ),
        case(
            "security-scheme-added",
            I,
            Caller,
            schemes(json!({"a": bearer})),
            schemes(json!({"a": bearer, "b": bearer})),
            "/securitySchemes",
            "/securitySchemes/b",
        ),
        case(
            "security-scheme-changed",
            W,
            Caller,
            schemes(json!({"a": bearer})),
            schemes(json!({"a": {"type": "http", "scheme": "basic"}})),
            "/securitySchemes/a",
            "/securitySchemes/a",
        ),
        case(
            "server-name-changed",
            W,
            Reader,
            b(),
            with(b(), &[("/info/name", json!("tracks"))]),
            "/info/name",
            "/info/name",
        ),
        case(
            "documentation-changed",
            I,
            Reader,
            b(),
            t0(&[("description", json!("Does a."))]),
            "/tools/0",
            "/tools/0/description",
        ),
        case(
            "example-changed",
            I,
            Reader,
            t0(&[("examples", json!({"one": {"input": {}}}))]),
            t0(&[("examples", json!({"one": {"input": {"x": "a"}}}))]),
            "/tools/0/examples",
            "/tools/0/examples",
        ),
        case(
            "extension-changed",
            I,
            Reader,
            with(b(), &[("/x-team", json!("a"))]),
            with(b(), &[("/x-team", json!("b"))]),
            "/x-team",
            "/x-team",
        ),
        case(
            "member-changed",
            W,
            Caller,
            t0(&[("later", json!(1))]),
            t0(&[("later", json!(2))]),
            "/tools/0/later",
            "/tools/0/later",
        ),
        case(
            "tool-removed",
            B,
            Caller,
            tools(json!([tool("a", json!({})), tool("b", json!({"y": {}}))])),
            b(),
            "/tools/1",
            "/tools",
        ),
        case(
            "tool-added",
            I,
            Caller,
            b(),
            tools(json!([
                tool("a", json!({"x": {"type": "string"}})),
                tool("b", json!({}))
            ])),
            "/tools",
            "/tools/1",
        ),
        case(
            "tool-renamed",
            B,
            Caller,
            b(),
            with(b(), &[("/tools/0/name", json!("a2"))]),
            "/tools/0",
            "/tools/0",
        ),
        case(
            "prompt-removed",
            B,
            Caller,
            prompts(json!([{"name": "p"}, {"name": "q", "arguments": [arg("z", false)]}])),
            prompts(json!([{"name": "p"}])),
            "/prompts/1",
            "/prompts",
        ),
        case(
            "prompt-added",
            I,
            Caller,
            prompts(json!([{"name": "p"}])),
            prompts(json!([{"name": "p"}, {"name": "q", "arguments": [arg("z", false)]}])),
            "/prompts",
            "/prompts/1",
        ),
        case(
            "prompt-renamed",
            B,
            Caller,
            prompts(json!([{"name": "p", "arguments": [arg("z", true)]}])),
            prompts(json!([{"name": "p2", "arguments": [arg("z", true)]}])),
            "/prompts/0",
            "/prompts/0",
        ),
        case(
            "resource-removed",
            B,
            Caller,
            resources(
                json!([{"uri": "file:///a", "name": "a"}, {"uri": "file:///b", "name": "b"}]),
            ),
            resources(json!([{"uri": "file:///a", "name": "a"}])),
            "/resources/1",
            "/resources",
        ),
        case(
            "resource-added",
            I,
            Caller,
            resources(json!([{"uri": "file:///a", "name": "a"}])),
            resources(
                json!([{"uri": "file:///a", "name": "a"}, {"uri": "file:///b", "name": "b"}]),
            ),
            "/resources",
            "/resources/1",
        ),
        case(
            "resource-uri-changed",
            B,
            Caller,
            resources(json!([{"uri": "file:///a", "name": "a"}])),
            resources(json!([{"uri": "file:///a2", "name": "a"}])),
            "/resources/0",
            "/resources/0",
        ),
        case(
            "resource-renamed",
            W,
            Caller,
            resources(json!([{"uri": "file:///a", "name": "a"}])),
            resources(json!([{"uri": "file:///a", "name": "a2"}])),
            "/resources/0/name",
            "/resources/0/name",
        ),
        case(
            "resource-mime-type-changed",
            B,
            Caller,
            resources(json!([{"uri": "file:///a", "name": "a", "mimeType": "text/plain"}])),
            resources(json!([{"uri": "file:///a", "name": "a", "mimeType": "text/markdown"}])),
            "/resources/0/mimeType",
            "/resources/0/mimeType",
        ),
        case(
            "resource-template-removed",
            B,
            Caller,
            templates(
                json!([{"uriTemplate": "file:///{a}", "name": "a"}, {"uriTemplate": "file:///b/{b}", "name": "b"}]),
            ),
            templates(json!([{"uriTemplate": "file:///{a}", "name": "a"}])),
            "/resourceTemplates/1",
            "/resourceTemplates",
        ),
        case(
            "resource-template-added",
            I,
            Caller,
            templates(json!([{"uriTemplate": "file:///{a}", "name": "a"}])),
            templates(
                json!([{"uriTemplate": "file:///{a}", "name": "a"}, {"uriTemplate": "file:///b/{b}", "name": "b"}]),
            ),
            "/resourceTemplates",
            "/resourceTemplates/1",
        ),
        case(
            "resource-template-uri-changed",
            B,
            Caller,
            templates(json!([{"uriTemplate": "file:///{a}", "name": "a"}])),
            templates(json!([{"uriTemplate": "file:///v2/{a}", "name": "a"}])),
            "/resourceTemplates/0",
            "/resourceTemplates/0",
        ),
        case(
            "resource-template-renamed",
            W,
            Caller,
            templates(json!([{"uriTemplate": "file:///{a}", "name": "a"}])),
            templates(json!([{"uriTemplate": "file:///{a}", "name": "a2"}])),
            "/resourceTemplates/0/name",
            "/resourceTemplates/0/name",
        ),
        case(
            "resource-template-mime-type-changed",
            B,
            Caller,
            templates(
                json!([{"uriTemplate": "file:///{a}", "name": "a", "mimeType": "text/plain"}]),
            ),
            templates(json!([{"uriTemplate": "file:///{a}", "name": "a"}])),
            "/resourceTemplates/0/mimeType",
            "/resourceTemplates/0",
        ),
        case(
            "scope-narrowed",
            B,
            Caller,
            b(),
            t0(&[("protocolVersions", json!(["2025-11-25"]))]),
            "/tools/0",
            "/tools/0/protocolVersions",
        ),
        case(
            "scope-widened",
            I,
            Caller,
            t0(&[("protocolVersions", json!(["2025-11-25"]))]),
            b(),
            "/tools/0/protocolVersions",
            "/tools/0",
        ),
        case(
            "deprecated",
            W,
            Caller,
            b(),
            t0(&[("deprecated", json!(true))]),
            "/tools/0",
            "/tools/0/deprecated",
        ),
        case(
            "deprecation-withdrawn",
            I,
            Caller,
            t0(&[("deprecated", json!(true))]),
            b(),
            "/tools/0/deprecated",
            "/tools/0",
        ),
        case(
            "client-requirement-added",
            B,
            Caller,
            t0(&[("clientRequirements", json!({"elicitation": {}}))]),
            t0(&[("clientRequirements", json!({"elicitation": {"url": {}}}))]),
            "/tools/0/clientRequirements/elicitation",
            "/tools/0/clientRequirements/elicitation/url",
        ),
        case(
            "client-requirement-removed",
            I,
            Caller,
            t0(&[("clientRequirements", json!({"sampling": {}}))]),
            b(),
            "/tools/0/clientRequirements/sampling",
            "/tools/0",
        ),
        case(
            "client-requirement-changed",
            W,
            Caller,
            t0(&[("clientRequirements", json!({"experimental": {"a": 1}}))]),
            t0(&[("clientRequirements", json!({"experimental": {"a": 2}}))]),
            "/tools/0/clientRequirements/experimental/a",
            "/tools/0/clientRequirements/experimental/a",
        ),
        case(
            "tool-no-longer-read-only",
            B,
            Caller,
            t0(&[("annotations", json!({"readOnlyHint": true}))]),
            t0(&[("annotations", json!({"readOnlyHint": false}))]),
            "/tools/0/annotations/readOnlyHint",
            "/tools/0/annotations/readOnlyHint",
        ),
        case(
            "tool-now-destructive",
            B,
            Caller,
            t0(&[("annotations", json!({"destructiveHint": false}))]),
            t0(&[("annotations", json!({}))]),
            "/tools/0/annotations/destructiveHint",
            "/tools/0/annotations",
        ),
        case(
            "tool-no-longer-idempotent",
            W,
            Caller,
            t0(&[("annotations", json!({"idempotentHint": true}))]),
            t0(&[("annotations", json!({"idempotentHint": false}))]),
            "/tools/0/annotations/idempotentHint",
            "/tools/0/annotations/idempotentHint",
        ),
        case(
            "tool-now-open-world",
            W,
            Caller,
            t0(&[("annotations", json!({"openWorldHint": false}))]),
            b(),
            "/tools/0/annotations/openWorldHint",
            "/tools/0",
        ),
        case(
            "tool-hints-relaxed",
            I,
            Caller,
            b(),
            t0(&[("annotations", json!({"readOnlyHint": true}))]),
            "/tools/0",
            "/tools/0/annotations",
        ),
        case(
            "tool-task-support-narrowed",
            B,
            Caller,
            t0(&[("execution", json!({"taskSupport": "optional"}))]),
            t0(&[("execution", json!({"taskSupport": "required"}))]),
            "/tools/0/execution",
            "/tools/0/execution",
        ),
        case(
            "tool-task-support-widened",
            I,
            Caller,
            b(),
            t0(&[("execution", json!({"taskSupport": "optional"}))]),
            "/tools/0",
            "/tools/0/execution",
        ),
        case(
            "prompt-argument-added",
            I,
            Caller,
            prompts(json!([{"name": "p", "arguments": [arg("a", true)]}])),
            prompts(json!([{"name": "p", "arguments": [arg("a", true), arg("b", false)]}])),
            "/prompts/0/arguments",
            "/prompts/0/arguments/1",
        ),
        case(
            "prompt-argument-required-added",
            B,
            Caller,
            prompts(json!([{"name": "p", "arguments": [arg("a", false)]}])),
            prompts(json!([{"name": "p", "arguments": [arg("a", false), arg("b", true)]}])),
            "/prompts/0/arguments",
            "/prompts/0/arguments/1",
        ),
        case(
            "prompt-argument-removed",
            W,
            Caller,
            prompts(json!([{"name": "p", "arguments": [arg("a", false), arg("b", false)]}])),
            prompts(json!([{"name": "p", "arguments": [arg("a", false)]}])),
            "/prompts/0/arguments/1",
            "/prompts/0/arguments",
        ),
        case(
            "prompt-argument-made-required",
            B,
            Caller,
            prompts(json!([{"name": "p", "arguments": [arg("a", false)]}])),
            prompts(json!([{"name": "p", "arguments": [arg("a", true)]}])),
            "/prompts/0/arguments/0",
            "/prompts/0/arguments/0",
        ),
        case(
            "prompt-argument-made-optional",
            I,
            Caller,
            prompts(json!([{"name": "p", "arguments": [arg("a", true)]}])),
            prompts(json!([{"name": "p", "arguments": [arg("a", false)]}])),
            "/prompts/0/arguments/0",
            "/prompts/0/arguments/0",
        ),
        case(
            "output-schema-added",
            I,
            Caller,
            b(),
            t0(&[("outputSchema", object(json!({})))]),
            "/tools/0",
            "/tools/0/outputSchema",
        ),
        case(
            "output-schema-removed",
            B,
            Caller,
            t0(&[("outputSchema", object(json!({})))]),
            b(),
            "/tools/0/outputSchema",
            "/tools/0",
        ),
        case(
            "elicitation-added",
            W,
            Answerer,
            b(),
            ask(form.clone()),
            "/tools/0",
            "/tools/0/elicitations/0",
        ),
        case(
            "elicitation-removed",
            W,
            Answerer,
            ask(form.clone()),
            with(
                ask(form.clone()),
                &[("/tools/0/elicitations/0/name", json!("other"))],
            ),
            "/tools/0/elicitations/0",
            "/tools/0/elicitations",
        ),
        case(
            "elicitation-mode-changed",
            B,
            Answerer,
            ask(form.clone()),
            ask(url.clone()),
            "/tools/0/elicitations/0/mode",
            "/tools/0/elicitations/0/mode",
        ),
        case(
            "elicitation-url-changed",
            W,
            Answerer,
            ask(url.clone()),
            with(
                ask(url.clone()),
                &[(
                    "/tools/0/elicitations/0/url",
                    json!("https://b.example/login"),
                )],
            ),
            "/tools/0/elicitations/0/url",
            "/tools/0/elicitations/0/url",
        ),
        case(
            "elicitation-scope-widened",
            W,
            Answerer,
            ask(form_with("protocolVersions", json!(["2025-11-25"]))),
            ask(form.clone()),
            "/tools/0/elicitations/0/protocolVersions",
            "/tools/0/elicitations/0",
        ),
        case(
            "elicitation-scope-narrowed",
            W,
            Answerer,
            ask(form.clone()),
            ask(form_with("protocolVersions", json!(["2025-11-25"]))),
            "/tools/0/elicitations/0",
            "/tools/0/elicitations/0/protocolVersions",
        ),
        case(
            "elicitation-on-decline-changed",
            W,
            Answerer,
            ask(form.clone()),
            ask(form_with("onDecline", json!("The call fails."))),
            "/tools/0/elicitations/0",
            "/tools/0/elicitations/0/onDecline",
        ),
        case(
            "elicitation-on-cancel-changed",
            W,
            Answerer,
            ask(form_with("onCancel", json!("The call stops."))),
            ask(form_with("onCancel", json!("The call fails."))),
            "/tools/0/elicitations/0/onCancel",
            "/tools/0/elicitations/0/onCancel",
        ),
        case(
            "elicitation-text-changed",
            I,
            Reader,
            ask(form.clone()),
            ask(form_with("message", json!("Which one?"))),
            "/tools/0/elicitations/0/message",
            "/tools/0/elicitations/0/message",
        ),
    ]
}

#[test]
fn every_schema_rule_in_every_role_has_its_class_pointers_consumer_and_witness() {
    for (n, case) in schema_cases().iter().enumerate() {
        for (role, expected) in [Role::Input, Role::Output, Role::Form]
            .into_iter()
            .zip(&case.rules)
        {
            let Some((rule, class)) = expected else {
                continue;
            };
            let (old, new) = (role.document(&case.old), role.document(&case.new));
            let changes = diff(&old, &new);
            let found = of(&changes, rule);
            assert_eq!(
                found.len(),
                1,
                "case {n} {role:?}: {rule} once in\n{changes}"
            );
            let change = found[0];
            assert_eq!(change.class(), *class, "case {n} {role:?} {rule}");
            // What only describes (annotations; an output's default, which no caller sends)
            // is for readers.
            let consumer = if case.annotation || *rule == "output-default-changed" {
                Reader
            } else {
                role.consumer()
            };
            assert_eq!(change.consumer(), consumer, "case {n} {role:?} {rule}");
            assert_eq!(
                change.old,
                format!("{}{}", role.at(), case.old_at),
                "case {n} {role:?} {rule}: old"
            );
            assert_eq!(
                change.new,
                format!("{}{}", role.at(), case.new_at),
                "case {n} {role:?} {rule}: new"
            );
            if *class == B {
                witness_holds(change, &old, &new, role.at(), role.at());
            } else {
                assert!(
                    change.witness.is_none(),
                    "case {n} {role:?} {rule}: a witness for a change that breaks nothing"
                );
            }
        }
    }
}

#[test]
fn every_document_rule_has_its_class_pointers_and_consumer() {
    for case in document_cases() {
        let changes = diff(&case.old, &case.new);
        let found = of(&changes, case.rule);
        assert_eq!(found.len(), 1, "{} once in\n{changes}", case.rule);
        let change = found[0];
        assert_eq!(
            (change.class(), change.consumer()),
            (case.class, case.consumer),
            "{}",
            case.rule
        );
        assert_eq!(
            (change.old.as_str(), change.new.as_str()),
            (case.old_at, case.new_at),
            "{}",
            case.rule
        );
        assert!(!change.message.is_empty());
        assert_eq!(
            change.help().is_empty(),
            case.class == I,
            "{}: help for what needs it",
            case.rule
        );
    }
}

#[test]
fn the_prompt_witnesses_are_arguments_the_old_prompt_took() {
    for case in document_cases()
        .into_iter()
        .filter(|c| c.rule.starts_with("prompt-argument-") && c.class == B)
    {
        let changes = diff(&case.old, &case.new);
        let change = of(&changes, case.rule)[0];
        // The prompt's arguments as the schemas their text describes.
        let schema = |d: &Value| {
            let args = d
                .pointer("/prompts/0/arguments")
                .unwrap()
                .as_array()
                .unwrap();
            let properties: serde_json::Map<String, Value> = args
                .iter()
                .map(|a| {
                    (
                        a["name"].as_str().unwrap().to_owned(),
                        json!({"type": "string"}),
                    )
                })
                .collect();
            let required: Vec<&Value> = args
                .iter()
                .filter(|a| a["required"] == true)
                .map(|a| &a["name"])
                .collect();
            json!({"s": {"type": "object", "properties": properties, "required": required}})
        };
        witness_holds(change, &schema(&case.old), &schema(&case.new), "/s", "/s");
    }
}

#[test]
fn every_rule_has_a_case_and_no_case_names_an_unknown_rule() {
    let mut covered: BTreeSet<&str> = document_cases().iter().map(|c| c.rule).collect();
    for case in schema_cases() {
        covered.extend(case.rules.iter().flatten().map(|(rule, _)| *rule));
    }
    let all: BTreeSet<&str> = RULES.iter().map(|r| r.id).collect();
    let missing: Vec<&&str> = all.difference(&covered).collect();
    let unknown: Vec<&&str> = covered.difference(&all).collect();
    assert!(missing.is_empty(), "rules without a case: {missing:?}");
    assert!(unknown.is_empty(), "cases of no rule: {unknown:?}");
}

#[test]
fn removing_a_tool_names_it_and_says_what_to_do() {
    let old = with(
        base(),
        &[(
            "/tools/1",
            json!({"name": "close", "inputSchema": {"type": "object"}}),
        )],
    );
    let changes = diff(&old, &base());
    let change = of(&changes, "tool-removed")[0];
    assert_eq!(change.message, "tool `close` is gone");
    assert!(
        change
            .help()
            .contains("keep the old tool beside the new one")
    );
    assert_eq!(changes.worst(), Some(B));
}

#[test]
fn the_reference_table_has_every_rule_with_its_class_and_consumer() {
    let page = include_str!("../../docs/diff.md");
    for rule in RULES {
        let row = format!("| `{}` | {} | {} | ", rule.id, rule.class, rule.consumer);
        assert_eq!(
            page.matches(&row).count(),
            1,
            "the reference's row of {}",
            rule.id
        );
    }
    let rows = page
        .lines()
        .filter(|l| l.starts_with("| `") && l.contains("` | "))
        .count();
    // The rules' table, and the catalogue's rows that start with an id.
    assert!(rows >= RULES.len(), "{rows}");
}
