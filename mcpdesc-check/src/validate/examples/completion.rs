//! Completion examples of prompts and resource templates: the argument completed, the context
//! around it and the completed `completion/complete` result.

use serde_json::{Map, Value};

use super::super::kind::{self, Kind};
use super::super::toolbox::{Cx, describe, plain, pointer};
use super::super::{Code, Rule};
use super::{
    ResultCodes, completed_result, members, named_map, object, required, result_object, strings,
    typed,
};
use crate::JsonType;
use crate::object::Members as _;
use crate::shown::Shown;
use crate::uri_template::UriTemplate;
use crate::version::{Fact, VersionSet};

const RULE: Rule = Rule::CompletionExamples;

const CODES: ResultCodes = ResultCodes {
    envelope: Code::CompletionExampleEnvelope,
    incomplete: Code::CompletionExampleIncomplete,
    version: Code::CompletionExampleResultVersion,
};

/// The most values a completion result lists.
const MAX_VALUES: usize = 100;

/// Checks `completionExamples` (`value`) of the prompt or resource template `owner` at `path`.
pub(super) fn check(
    cx: &mut Cx,
    kind: Kind,
    owner: &Map<String, Value>,
    path: &str,
    value: &Value,
    scope: VersionSet,
) {
    let at = pointer(path, "completionExamples");
    let Some(examples) = named_map(cx, RULE, value, &at, "`completionExamples`") else {
        return;
    };
    let template = kind == kind::RESOURCE_TEMPLATE;
    // The names an example may complete: the prompt's arguments, or the template's variables
    // (`None` when the template cannot be read, which is reported once).
    let names: Option<Vec<&str>> = if template {
        let text = owner.member("uriTemplate").and_then(Value::as_str);
        let parsed = text.and_then(UriTemplate::parse);
        if let (Some(text), None) = (text, &parsed) {
            cx.error(
                RULE,
                Code::ResourceTemplateCompletionExampleInvalidTemplate,
                &pointer(path, "uriTemplate"),
                format!(
                    "{text} is not an RFC 6570 URI template, so the variables its completion examples complete are unknown: close every `{{`, and name variables with letters, digits, `_` and `.`",
                    text = Shown::quoted(text)
                ),
            );
        }
        parsed.map(|t| t.variables())
    } else {
        Some(
            owner
                .member("arguments")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|a| a.member("name").and_then(Value::as_str))
                .collect(),
        )
    };
    let (unknown, context_unknown, noun) = if template {
        (
            Code::ResourceTemplateCompletionExampleUnknownVariable,
            Code::ResourceTemplateCompletionExampleContextUnknownVariable,
            "the template has no variable",
        )
    } else {
        (
            Code::PromptCompletionExampleUnknownArgument,
            Code::PromptCompletionExampleContextUnknownArgument,
            "the prompt declares no argument",
        )
    };
    for (name, example) in examples {
        let example_at = pointer(&at, name);
        shape(cx, example, &example_at);
        let Some(example) = example.as_object() else {
            continue;
        };
        let target = example
            .member("argument")
            .and_then(|a| a.member("name"))
            .and_then(Value::as_str);
        if let (Some(target), Some(names)) = (target, &names)
            && !names.contains(&target)
        {
            cx.error(
                RULE,
                unknown,
                &pointer(&pointer(&example_at, "argument"), "name"),
                format!(
                    "{noun} {target}: complete one of {}",
                    if names.is_empty() {
                        "none: it has none".to_owned()
                    } else {
                        names.join(", ")
                    },
                    target = Shown::quoted(target)
                ),
            );
        }
        let context_at = pointer(&pointer(&example_at, "context"), "arguments");
        let context = example
            .member("context")
            .and_then(|c| c.member("arguments"))
            .and_then(Value::as_object);
        for key in context.into_iter().flat_map(Map::keys) {
            if let Some(names) = &names
                && !names.contains(&key.as_str())
            {
                cx.error(
                    RULE,
                    context_unknown,
                    &pointer(&context_at, key),
                    format!(
                        "{noun} {key}: the context holds values of the others",
                        key = Shown::quoted(key)
                    ),
                );
            }
            if Some(key.as_str()) == target {
                cx.error(
                    RULE,
                    Code::CompletionExampleDuplicateTargetContext,
                    &pointer(&context_at, key),
                    format!(
                        "{key} is the argument being completed, whose value is `argument.value`: leave it out of the context",
                        key = Shown::quoted(key)
                    ),
                );
            }
        }
        let without = scope.difference(Fact::Completion.versions());
        if !without.is_empty() {
            cx.error(
                RULE,
                Code::CompletionExampleVersion,
                &example_at,
                format!(
                    "MCP {} has no argument completion: show completion examples only for {}, through the primitive's `protocolVersions`",
                    plain(without),
                    plain(Fact::Completion.versions())
                ),
            );
        }
        let scope = scope.intersection(Fact::Completion.versions());
        let before_context = scope.difference(Fact::CompletionContext.versions());
        if example.member("context").is_some() && !before_context.is_empty() {
            cx.error(
                RULE,
                Code::CompletionExampleContextVersion,
                &pointer(&example_at, "context"),
                format!(
                    "a completion request of MCP {} has no `context`: leave it out, or show the example only for {}",
                    plain(before_context),
                    plain(Fact::CompletionContext.versions())
                ),
            );
        }
        if let Some(result) = example.member("result").and_then(Value::as_object) {
            completed_result(
                cx,
                RULE,
                &CODES,
                result,
                &pointer(&example_at, "result"),
                scope,
            );
        }
    }
}

/// The shape of a completion example.
fn shape(cx: &mut Cx, value: &Value, at: &str) {
    let what = "a completion example";
    let Some(example) = object(cx, RULE, value, at, what) else {
        return;
    };
    members(
        cx,
        RULE,
        example,
        at,
        &["argument", "context", "result"],
        true,
        what,
    );
    if let Some(argument) = required(
        cx,
        RULE,
        example,
        at,
        "argument",
        what,
        "the `name` and `value` of the argument completed",
    ) {
        let argument_at = pointer(at, "argument");
        if let Some(argument) = object(cx, RULE, argument, &argument_at, "`argument`") {
            members(
                cx,
                RULE,
                argument,
                &argument_at,
                &["name", "value"],
                true,
                "`argument`",
            );
            for (key, holds) in [
                ("name", "the argument's name"),
                ("value", "the text typed so far"),
            ] {
                required(cx, RULE, argument, &argument_at, key, "`argument`", holds);
                typed(cx, RULE, argument, &argument_at, key, JsonType::String);
            }
        }
    }
    if let Some(context) = example.member("context") {
        let context_at = pointer(at, "context");
        if let Some(context) = object(cx, RULE, context, &context_at, "`context`") {
            members(
                cx,
                RULE,
                context,
                &context_at,
                &["arguments"],
                true,
                "`context`",
            );
            if required(
                cx,
                RULE,
                context,
                &context_at,
                "arguments",
                "`context`",
                "the values of the other arguments, by name",
            )
            .is_some()
            {
                strings(cx, RULE, context, &context_at, "arguments");
                if context
                    .member("arguments")
                    .and_then(Value::as_object)
                    .is_some_and(Map::is_empty)
                {
                    cx.structural(
                        RULE,
                        &pointer(&context_at, "arguments"),
                        "`context.arguments` must not be empty: leave `context` out instead",
                    );
                }
            }
        }
    }
    let Some((result, result_at)) = result_object(
        cx,
        RULE,
        example,
        at,
        (
            what,
            "the completed result of `completion/complete`",
            "a completion result",
        ),
    ) else {
        return;
    };
    let Some(completion) = required(
        cx,
        RULE,
        result,
        &result_at,
        "completion",
        "a completion result",
        "the `values` offered",
    ) else {
        return;
    };
    let completion_at = pointer(&result_at, "completion");
    let Some(completion) = object(cx, RULE, completion, &completion_at, "`completion`") else {
        return;
    };
    typed(
        cx,
        RULE,
        completion,
        &completion_at,
        "hasMore",
        JsonType::Boolean,
    );
    if let Some(total) = completion.member("total")
        && !total.as_f64().is_some_and(|t| t >= 0.0 && t.fract() == 0.0)
    {
        cx.structural(
            RULE,
            &pointer(&completion_at, "total"),
            format!(
                "`total` is how many values there are in all, a whole number 0 or more, not {}",
                describe(total)
            ),
        );
    }
    match required(
        cx,
        RULE,
        completion,
        &completion_at,
        "values",
        "`completion`",
        "the values offered, an array of strings",
    ) {
        Some(Value::Array(values)) => {
            let values_at = pointer(&completion_at, "values");
            if values.len() > MAX_VALUES {
                cx.structural(
                    RULE,
                    &values_at,
                    format!("`values` lists at most {MAX_VALUES} values, not {}: list the first {MAX_VALUES} and set `hasMore`", values.len()),
                );
            }
            for (i, value) in values.iter().enumerate() {
                if !value.is_string() {
                    cx.structural(
                        RULE,
                        &pointer(&values_at, i),
                        format!("a completion value is a string, not {}", describe(value)),
                    );
                }
            }
        }
        Some(other) => cx.structural(
            RULE,
            &pointer(&completion_at, "values"),
            format!(
                "`values` must be an array of strings, not {}",
                describe(other)
            ),
        ),
        None => {}
    }
}
