//! The results the mock makes when no example gives one: generated from the primitive's schema
//! and the request, the same bytes for the same request and seed.

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use rmcp::model::{
    CallToolResult, ContentBlock as Content, ErrorData, GetPromptResult, PromptMessage,
    ReadResourceResult, ResourceContents, Role as PromptMessageRole,
};
use serde_json::Value;

use super::Entry;

/// An example's `result` as rmcp's type, a complete result: rmcp leaves its `resultType` out
/// for a version without one.
pub(super) fn example_result<T: serde::de::DeserializeOwned>(
    result: &Value,
) -> Result<T, ErrorData> {
    let mut result = result.clone();
    if let Some(object) = result.as_object_mut() {
        object
            .entry("resultType")
            .or_insert_with(|| Value::String("complete".to_owned()));
    }
    serde_json::from_value(result).map_err(|e| {
        ErrorData::internal_error(format!("rmcp cannot send an example's result: {e}"), None)
    })
}

/// A random-number generator for one request: seeded from the mock's seed, the primitive and
/// the request's exact JSON, so that the same request gets the same bytes.
fn runner(seed: u64, entry: &Entry, request: &Value) -> TestRunner {
    let exact = mcpdesc_format::json::exact(request);
    let parts = entry
        .kind
        .collection()
        .bytes()
        .chain([0])
        .chain(entry.identity.bytes())
        .chain([0])
        .chain(exact.bytes());
    crate::inputs::seeded_runner(seed, parts)
}

/// A word the request's generator gives: what varies a text result with the seed.
fn word(runner: &mut TestRunner) -> String {
    let n = proptest::num::u32::ANY
        .new_tree(runner)
        .map_or(0, |tree| tree.current());
    format!("{n:08x}")
}

/// A tool's result: `structuredContent` generated to validate against its `outputSchema`, with
/// its JSON as text; a text without one.
pub(super) fn tool_result(
    entry: &Entry,
    arguments: &Value,
    seed: u64,
) -> Result<CallToolResult, ErrorData> {
    let mut runner = runner(seed, entry, arguments);
    let Some(output) = &entry.output else {
        return Ok(CallToolResult::success(vec![Content::text(format!(
            "`{}` ran (mock result {})",
            entry.identity,
            word(&mut runner)
        ))]));
    };
    let structured = output
        .valid()
        .new_tree(&mut runner)
        .map(|tree| tree.current())
        .map_err(|e| {
            ErrorData::internal_error(
                format!(
                    "no value could be made that fits the outputSchema of `{}`: {e}",
                    entry.identity
                ),
                None,
            )
        })?;
    let text = serde_json::to_string(&structured).unwrap_or_default();
    let mut result = CallToolResult::success(vec![Content::text(text)]);
    result.structured_content = Some(structured);
    Ok(result)
}

/// A prompt's messages: one user message that names the prompt and its arguments.
pub(super) fn prompt_result(entry: &Entry, arguments: &Value, seed: u64) -> GetPromptResult {
    let mut runner = runner(seed, entry, arguments);
    let about = entry
        .object
        .get("description")
        .and_then(Value::as_str)
        .unwrap_or(entry.identity);
    let given = match arguments.as_object() {
        Some(arguments) if !arguments.is_empty() => format!(
            " with {}",
            arguments
                .iter()
                .map(|(k, v)| match v.as_str() {
                    Some(s) => format!("{k} = {s}"),
                    None => format!("{k} = {v}"),
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
        _ => String::new(),
    };
    GetPromptResult::new(vec![PromptMessage::new_text(
        PromptMessageRole::User,
        format!("{about}{given} (mock message {})", word(&mut runner)),
    )])
}

/// A resource's contents at `uri`, of its `mimeType`: text for a textual type, else bytes.
pub(super) fn resource_result(entry: &Entry, uri: &str, seed: u64) -> ReadResourceResult {
    let mut runner = runner(seed, entry, &Value::String(uri.to_owned()));
    let mime_type = entry.object.get("mimeType").and_then(Value::as_str);
    let word = word(&mut runner);
    let contents = vec![match mime_type {
        Some(m) if !is_textual(m) => {
            use base64::Engine as _;
            ResourceContents::BlobResourceContents {
                uri: uri.to_owned(),
                mime_type: Some(m.to_owned()),
                blob: base64::engine::general_purpose::STANDARD.encode(word.as_bytes()),
                meta: None,
            }
        }
        Some(m) if is_json(m) => text_contents(
            uri,
            mime_type,
            serde_json::json!({ "uri": uri, "mock": word }).to_string(),
        ),
        _ => text_contents(uri, mime_type, format!("Contents of {uri} (mock {word})")),
    }];
    ReadResourceResult::new(contents)
}

/// Text contents at `uri`, of `mime_type`.
pub(super) fn text_contents(uri: &str, mime_type: Option<&str>, text: String) -> ResourceContents {
    ResourceContents::TextResourceContents {
        uri: uri.to_owned(),
        mime_type: mime_type.map(str::to_owned),
        text,
        meta: None,
    }
}

/// Whether a media type is JSON (`application/json`, `application/*+json`).
fn is_json(media_type: &str) -> bool {
    let essence = media_type.split(';').next().unwrap_or_default().trim();
    essence.eq_ignore_ascii_case("application/json") || essence.ends_with("+json")
}

/// Whether contents of a media type are text: `text/*`, JSON, XML, YAML, JavaScript, and a
/// directory listing.
fn is_textual(media_type: &str) -> bool {
    let essence = media_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    essence.starts_with("text/")
        || is_json(&essence)
        || essence.ends_with("+xml")
        || essence.ends_with("/xml")
        || essence.ends_with("yaml")
        || essence == "application/javascript"
        || essence == "inode/directory"
}
