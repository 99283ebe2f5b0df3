//! Tool examples: an `input` and the completed result the tool returns for it.

use serde_json::{Map, Value};

use super::super::metadata::{MetaContext, reserved_meta_keys};
use super::super::references::schema_target;
use super::super::tool_schema::{Dialect, dialect_of};
use super::super::toolbox::{Cx, describe, plain, pointer};
use super::super::{Code, Rule};
use super::{
    ResultCodes, completed_result, content, members, object, required, result_members, typed,
};
use crate::JsonType;
use crate::instances::Instances;
use crate::object::Members as _;
use crate::version::{Fact, VersionSet};

const RULE: Rule = Rule::ToolExamples;

const CODES: ResultCodes = ResultCodes {
    envelope: Code::ToolExampleEnvelope,
    incomplete: Code::ToolExampleIncomplete,
    version: Code::ToolExampleResultVersion,
};

/// The shape of a tool example: `input`, the tool's arguments, and `result`.
pub(super) fn shape(cx: &mut Cx, value: &Value, at: &str) {
    let Some(example) = object(cx, RULE, value, at, "a tool example") else {
        return;
    };
    members(
        cx,
        RULE,
        example,
        at,
        &["input", "result"],
        true,
        "a tool example",
    );
    if let Some(input) = required(
        cx,
        RULE,
        example,
        at,
        "input",
        "a tool example",
        "the tool's arguments, an object",
    ) {
        object(
            cx,
            RULE,
            input,
            &pointer(at, "input"),
            "`input` (the tool's arguments)",
        );
    }
    if let Some(result) = required(
        cx,
        RULE,
        example,
        at,
        "result",
        "a tool example",
        "the completed result the tool returns",
    ) {
        result_shape(cx, RULE, result, &pointer(at, "result"));
    }
}

/// The shape of a completed tool result: `content`, and optionally `structuredContent`,
/// `isError`, `_meta` and `resultType`.
pub(super) fn result_shape(cx: &mut Cx, rule: Rule, value: &Value, at: &str) {
    let Some(result) = object(cx, rule, value, at, "a tool result") else {
        return;
    };
    result_members(cx, rule, result, at);
    typed(cx, rule, result, at, "isError", JsonType::Boolean);
    match required(
        cx,
        rule,
        result,
        at,
        "content",
        "a tool result",
        "its content blocks, an array (`[]` for none)",
    ) {
        Some(Value::Array(blocks)) => {
            let content_at = pointer(at, "content");
            for (i, block) in blocks.iter().enumerate() {
                content::block(cx, rule, block, &pointer(&content_at, i));
            }
        }
        Some(other) => cx.structural(
            rule,
            &pointer(at, "content"),
            format!(
                "`content` must be an array of content blocks, not {}",
                describe(other)
            ),
        ),
        None => {}
    }
}

/// A tool, as its examples are checked against it: its schemas, followed through component
/// references.
pub(super) struct Tool<'a, 'i> {
    input: Option<&'a Value>,
    output: Option<&'a Value>,
    /// The schemas compiled for checking instances, once per tool: input, then output.
    #[cfg(feature = "jsonschema")]
    compiled: [Option<Option<crate::instances::Compiled>>; 2],
    /// The document's compiled schemas and budget.
    #[cfg_attr(not(feature = "jsonschema"), allow(dead_code))]
    instances: &'i mut Instances,
}

impl<'a, 'i> Tool<'a, 'i> {
    pub(super) fn new(
        cx: &Cx<'a>,
        tool: &'a Map<String, Value>,
        instances: &'i mut Instances,
    ) -> Self {
        let schema = |key| {
            tool.member(key)
                .and_then(|v| schema_target(cx, v))
                .map(|(schema, _)| schema)
        };
        Tool {
            input: schema("inputSchema"),
            output: schema("outputSchema"),
            #[cfg(feature = "jsonschema")]
            compiled: [None, None],
            instances,
        }
    }

    /// What `example` (at `at`) shows, for every version of `scope`.
    pub(super) fn example(
        &mut self,
        cx: &mut Cx,
        example: &Map<String, Value>,
        at: &str,
        scope: VersionSet,
    ) {
        if let (Some(input), Some(schema)) = (example.member("input"), self.input)
            && input.is_object()
        {
            self.instance(cx, 0, schema, input, &pointer(at, "input"), "input", scope);
        }
        let Some(result) = example.member("result").and_then(Value::as_object) else {
            return;
        };
        let result_at = pointer(at, "result");
        completed_result(cx, RULE, &CODES, result, &result_at, scope);
        if let Some(meta) = result.member("_meta") {
            reserved_meta_keys(
                cx,
                meta,
                &pointer(&result_at, "_meta"),
                scope,
                MetaContext::Result,
            );
        }
        let structured = result.member("structuredContent");
        if let Some(structured) = structured {
            super::unsupported(
                cx,
                RULE,
                CODES.version,
                result,
                &result_at,
                "structuredContent",
                scope,
                Fact::StructuredContent.versions(),
            );
            let object_only = scope
                .intersection(Fact::StructuredContent.versions())
                .difference(Fact::AnyStructuredContent.versions());
            if !structured.is_object() && !object_only.is_empty() {
                cx.error(
                    RULE,
                    CODES.version,
                    &pointer(&result_at, "structuredContent"),
                    format!(
                        "`structuredContent` is an object in MCP {}, not {}",
                        plain(object_only),
                        describe(structured)
                    ),
                );
            }
        }
        if let Some(Value::Array(blocks)) = result.member("content") {
            let content_at = pointer(&result_at, "content");
            for (i, block) in blocks.iter().enumerate() {
                let block_at = pointer(&content_at, i);
                content::versions(
                    cx,
                    RULE,
                    Code::ToolExampleContentVersion,
                    block,
                    &block_at,
                    scope,
                );
                if let Some(meta) = block.member("_meta") {
                    reserved_meta_keys(
                        cx,
                        meta,
                        &pointer(&block_at, "_meta"),
                        scope,
                        MetaContext::Content,
                    );
                }
                if block.member("type").and_then(Value::as_str) == Some("resource")
                    && let Some(meta) = block.member("resource").and_then(|r| r.member("_meta"))
                {
                    let at = pointer(&pointer(&block_at, "resource"), "_meta");
                    reserved_meta_keys(cx, meta, &at, scope, MetaContext::Content);
                }
            }
        }
        let failed = result.member("isError") == Some(&Value::Bool(true));
        match (failed, structured) {
            (true, Some(_)) => cx.error(
                RULE,
                Code::StructuredToolErrorExample,
                &pointer(&result_at, "structuredContent"),
                "a result with `isError: true` reports the error in `content`: leave `structuredContent` out",
            ),
            (false, None) if self.output.is_some() => cx.error(
                RULE,
                Code::MissingToolExampleStructuredContent,
                &pointer(&result_at, "structuredContent"),
                "the tool declares `outputSchema`, so a successful result carries `structuredContent` that fits it: add it",
            ),
            (false, Some(structured)) => {
                if let Some(schema) = self.output {
                    let structured_at = pointer(&result_at, "structuredContent");
                    self.instance(cx, 1, schema, structured, &structured_at, "structuredContent", scope);
                }
            }
            _ => {}
        }
    }

    /// `value` (the example's `what`, at `at`) against the tool's schema `which` (0 input, 1
    /// output): for versions before tool schemas name a dialect, what every client reads of
    /// the schema (an object, its required and closed properties), which leaves the check
    /// incomplete; for the others, the schema itself.
    #[allow(clippy::too_many_arguments)]
    fn instance(
        &mut self,
        cx: &mut Cx,
        which: usize,
        schema: &Value,
        value: &Value,
        at: &str,
        what: &str,
        scope: VersionSet,
    ) {
        let legacy = scope.difference(Fact::ToolSchemaDialects.versions());
        if !legacy.is_empty() {
            legacy_instance(cx, schema, value, at, what);
            cx.push(
                RULE,
                Code::IncompleteToolExampleValidation,
                at,
                format!(
                    "MCP {} names no JSON Schema dialect for tool schemas, so `{what}` was checked only for the object, the required and the closed properties its schema names",
                    plain(legacy)
                ),
            );
        }
        if scope
            .intersection(Fact::ToolSchemaDialects.versions())
            .is_empty()
        {
            return;
        }
        // A schema in no dialect tools use is reported by `tool_schema`.
        let Some(dialect) = dialect_of(schema) else {
            return;
        };
        let external = external_references(schema);
        if !external.is_empty() {
            cx.push(
                RULE,
                Code::IncompleteToolExampleValidation,
                at,
                format!(
                    "`{what}` was not checked against the tool's schema, which refers to other documents that validation does not fetch ({})",
                    external.join(", ")
                ),
            );
            return;
        }
        self.against(cx, which, dialect, schema, value, at, what);
    }

    /// `value` against `schema` itself, through the `jsonschema` crate (feature `jsonschema`);
    /// without it, a warning that says the check was left out.
    #[allow(clippy::too_many_arguments)]
    fn against(
        &mut self,
        cx: &mut Cx,
        which: usize,
        dialect: Dialect,
        schema: &Value,
        value: &Value,
        at: &str,
        what: &str,
    ) {
        #[cfg(not(feature = "jsonschema"))]
        {
            let _ = (which, dialect, schema, value);
            cx.push(
                RULE,
                Code::IncompleteToolExampleValidation,
                at,
                format!(
                    "`{what}` was not checked against the tool's schema: this build of mcpdesc-runtime leaves out its `jsonschema` feature, which checks examples against JSON Schemas"
                ),
            );
        }
        #[cfg(feature = "jsonschema")]
        {
            let Some(slot) = self.compiled.get_mut(which) else {
                return;
            };
            let instances = &mut *self.instances;
            let compiled =
                slot.get_or_insert_with(|| instances.compile(schema, dialect.draft()).ok());
            // A schema that does not compile is reported by `tool_schema`.
            let Some(compiled) = compiled else {
                return;
            };
            let errors = match instances.errors(compiled, value) {
                Ok(errors) => errors,
                Err(unchecked) => {
                    cx.push(
                        RULE,
                        Code::IncompleteToolExampleValidation,
                        at,
                        format!(
                            "`{what}` was not checked against the tool's schema: {}",
                            unchecked.reason()
                        ),
                    );
                    return;
                }
            };
            const SHOWN: usize = 5;
            let mut problems = Vec::new();
            let mut more = 0usize;
            for error in errors {
                if problems.len() < SHOWN {
                    let place = error.instance_path().to_string();
                    problems.push(format!(
                        "{}: {}",
                        if place.is_empty() { "/" } else { &place },
                        error.masked()
                    ));
                } else {
                    more += 1;
                }
            }
            if problems.is_empty() {
                return;
            }
            if more > 0 {
                problems.push(format!("{more} more"));
            }
            cx.error(
                RULE,
                Code::ToolExampleSchemaMismatch,
                at,
                format!(
                    "`{what}` does not fit the tool's schema: {}; correct the example or the schema",
                    problems.join("; ")
                ),
            );
        }
    }
}

/// What a client of a version before tool-schema dialects reads of `schema`: `type: object`,
/// `required`, and `additionalProperties: false` with `properties`.
fn legacy_instance(cx: &mut Cx, schema: &Value, value: &Value, at: &str, what: &str) {
    let Some(instance) = value.as_object() else {
        if schema.member("type").and_then(Value::as_str) == Some("object") {
            cx.error(
                RULE,
                Code::ToolExampleSchemaMismatch,
                at,
                format!(
                    "`{what}` must be an object, as the tool's schema says, not {}",
                    describe(value)
                ),
            );
        }
        return;
    };
    for name in schema
        .member("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        if !instance.contains_key(name) {
            cx.error(
                RULE,
                Code::ToolExampleSchemaMismatch,
                &pointer(at, name),
                format!("`{what}` lacks {name:?}, which the tool's schema requires: add it"),
            );
        }
    }
    if schema.member("additionalProperties") == Some(&Value::Bool(false))
        && let Some(properties) = schema.member("properties").and_then(Value::as_object)
    {
        for name in instance.keys().filter(|k| !properties.contains_key(*k)) {
            cx.error(
                RULE,
                Code::ToolExampleSchemaMismatch,
                &pointer(at, name),
                format!("`{what}` holds {name:?}, which the tool's schema does not declare and does not allow: remove it"),
            );
        }
    }
}

/// The `$ref`s of `schema` to other documents (any that does not start with `#`), each once,
/// in order, quoted.
fn external_references(schema: &Value) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    let mut stack = vec![schema];
    while let Some(value) = stack.pop() {
        match value {
            Value::Object(map) => {
                for (key, child) in map {
                    match (key.as_str(), child) {
                        ("$ref", Value::String(target)) if !target.starts_with('#') => {
                            let shown = format!("{target:?}");
                            if !found.contains(&shown) {
                                found.push(shown);
                            }
                        }
                        _ => stack.push(child),
                    }
                }
            }
            Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
    found.sort();
    found
}
