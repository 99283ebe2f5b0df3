//! Prompt examples: the `arguments` a client sends and the completed `prompts/get` result.

use serde_json::{Map, Value};

use super::super::toolbox::{Cx, describe, pointer};
use super::super::{Code, Rule};
use super::{
    ResultCodes, completed_result, content, members, object, required, result_object, strings,
    typed,
};
use crate::JsonType;
use crate::object::Members as _;
use crate::shown::Shown;
use crate::version::VersionSet;

const RULE: Rule = Rule::PromptExamples;

const CODES: ResultCodes = ResultCodes {
    envelope: Code::PromptExampleEnvelope,
    incomplete: Code::PromptExampleIncomplete,
    version: Code::PromptExampleResultVersion,
};

/// The shape of a prompt example: optional `arguments` (strings by name) and `result`.
pub(super) fn shape(cx: &mut Cx, value: &Value, at: &str) {
    let what = "a prompt example";
    let Some(example) = object(cx, RULE, value, at, what) else {
        return;
    };
    members(cx, RULE, example, at, &["arguments", "result"], true, what);
    strings(cx, RULE, example, at, "arguments");
    let Some((result, result_at)) = result_object(
        cx,
        RULE,
        example,
        at,
        (
            what,
            "the completed result of `prompts/get`",
            "a prompt result",
        ),
    ) else {
        return;
    };
    typed(
        cx,
        RULE,
        result,
        &result_at,
        "description",
        JsonType::String,
    );
    match required(
        cx,
        RULE,
        result,
        &result_at,
        "messages",
        "a prompt result",
        "its messages, an array",
    ) {
        Some(Value::Array(messages)) => {
            let messages_at = pointer(&result_at, "messages");
            for (i, message) in messages.iter().enumerate() {
                message_shape(cx, message, &pointer(&messages_at, i));
            }
        }
        Some(other) => cx.structural(
            RULE,
            &pointer(&result_at, "messages"),
            format!(
                "`messages` must be an array of messages, not {}",
                describe(other)
            ),
        ),
        None => {}
    }
}

/// A prompt message: a `role` and one content block.
fn message_shape(cx: &mut Cx, value: &Value, at: &str) {
    let what = "a prompt message";
    let Some(message) = object(cx, RULE, value, at, what) else {
        return;
    };
    members(cx, RULE, message, at, &["role", "content"], false, what);
    if let Some(role) = required(
        cx,
        RULE,
        message,
        at,
        "role",
        what,
        "\"user\" or \"assistant\"",
    ) && !matches!(role.as_str(), Some("user" | "assistant"))
    {
        cx.structural(
            RULE,
            &pointer(at, "role"),
            format!(
                "`role` is \"user\" or \"assistant\", not {}",
                describe(role)
            ),
        );
    }
    if let Some(block) = required(cx, RULE, message, at, "content", what, "one content block") {
        content::block(cx, RULE, block, &pointer(at, "content"));
    }
}

/// What `example` shows of `prompt`: the arguments it declares, every required one, and a
/// completed result of each version of `scope`.
pub(super) fn example(
    cx: &mut Cx,
    prompt: &Map<String, Value>,
    example: &Map<String, Value>,
    at: &str,
    scope: VersionSet,
) {
    let declared: Vec<(&str, bool)> = prompt
        .member("arguments")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|argument| {
            let name = argument.member("name")?.as_str()?;
            Some((
                name,
                argument.member("required") == Some(&Value::Bool(true)),
            ))
        })
        .collect();
    let arguments = example.member("arguments").and_then(Value::as_object);
    let arguments_at = pointer(at, "arguments");
    for name in arguments.into_iter().flat_map(Map::keys) {
        if !declared.iter().any(|(declared, _)| declared == name) {
            cx.error(
                RULE,
                Code::PromptExampleUnknownArgument,
                &pointer(&arguments_at, name),
                format!(
                    "the prompt declares no argument {name}: declare it in the prompt's `arguments`, or leave it out of the example",
                    name = Shown::quoted(name)
                ),
            );
        }
    }
    for (name, _) in declared.iter().filter(|(_, required)| *required) {
        if !arguments.is_some_and(|a| a.contains_key(*name)) {
            cx.error(
                RULE,
                Code::PromptExampleMissingArgument,
                &pointer(&arguments_at, name),
                format!(
                    "the prompt requires the argument {name}, so a client always sends it: add it to the example's `arguments`",
                    name = Shown::quoted(name)
                ),
            );
        }
    }
    let Some(result) = example.member("result").and_then(Value::as_object) else {
        return;
    };
    let result_at = pointer(at, "result");
    completed_result(cx, RULE, &CODES, result, &result_at, scope);
    if let Some(Value::Array(messages)) = result.member("messages") {
        let messages_at = pointer(&result_at, "messages");
        for (i, message) in messages.iter().enumerate() {
            if let Some(block) = message.member("content") {
                let block_at = pointer(&pointer(&messages_at, i), "content");
                content::versions(
                    cx,
                    RULE,
                    Code::PromptExampleContentVersion,
                    block,
                    &block_at,
                    scope,
                );
            }
        }
    }
}
