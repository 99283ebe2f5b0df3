//! Content an example shows: the content blocks of tool results and prompt messages, and the
//! contents of a resource read. These are the protocol's own objects, so they take no `x-`
//! extensions.

use serde_json::{Map, Value};

use super::super::document::icons;
use super::super::metadata::{meta_shape, resource_annotations};
use super::super::toolbox::{Cx, describe, plain, pointer};
use super::super::{Code, Rule};
use super::{members, object, required, typed};
use crate::JsonType;
use crate::object::Members as _;
use crate::version::{Fact, VersionSet};

/// The members of each type of content block, `type` first.
const TEXT: &[&str] = &["type", "text", "annotations", "_meta"];
const MEDIA: &[&str] = &["type", "data", "mimeType", "annotations", "_meta"];
const RESOURCE: &[&str] = &["type", "resource", "annotations", "_meta"];
const RESOURCE_LINK: &[&str] = &[
    "type",
    "uri",
    "name",
    "title",
    "description",
    "mimeType",
    "size",
    "icons",
    "annotations",
    "_meta",
];

/// The shape of a content block: by its `type`, the members that type has.
pub(in crate::validate) fn block(cx: &mut Cx, rule: Rule, value: &Value, at: &str) {
    let Some(block) = object(cx, rule, value, at, "a content block") else {
        return;
    };
    let kind = block.member("type").and_then(Value::as_str);
    let (allowed, needs): (&[&str], &[(&str, &str)]) = match kind {
        Some("text") => (TEXT, &[("text", "the text")]),
        Some("image" | "audio") => (
            MEDIA,
            &[
                ("data", "the bytes in base64"),
                ("mimeType", "the media type, such as \"image/png\""),
            ],
        ),
        Some("resource") => (
            RESOURCE,
            &[("resource", "the embedded resource's contents")],
        ),
        Some("resource_link") => (
            RESOURCE_LINK,
            &[
                ("uri", "the resource's URI"),
                ("name", "the resource's name"),
            ],
        ),
        _ => {
            cx.structural(
                rule,
                &pointer(at, "type"),
                match block.member("type") {
                    Some(other) => format!(
                        "a content block's `type` is \"text\", \"image\", \"audio\", \"resource\" or \"resource_link\", not {}",
                        describe(other)
                    ),
                    None => "a content block needs `type`: \"text\", \"image\", \"audio\", \"resource\" or \"resource_link\"".to_owned(),
                },
            );
            return;
        }
    };
    let what = format!("{} content", kind.unwrap_or_default());
    members(cx, rule, block, at, allowed, false, &what);
    for (key, holds) in needs {
        required(cx, rule, block, at, key, &what, holds);
    }
    for key in ["text", "data", "mimeType", "name", "title", "description"] {
        if allowed.contains(&key) {
            typed(cx, rule, block, at, key, JsonType::String);
        }
    }
    if allowed.contains(&"size") {
        typed(cx, rule, block, at, "size", JsonType::Number);
    }
    if allowed.contains(&"uri") {
        uri(cx, rule, block, at);
    }
    if allowed.contains(&"icons")
        && let Some(value) = block.member("icons")
    {
        icons(cx, rule, value, &pointer(at, "icons"));
    }
    if let Some(value) = block.member("annotations") {
        resource_annotations(cx, rule, value, &pointer(at, "annotations"));
    }
    if let Some(meta) = block.member("_meta") {
        meta_shape(cx, rule, meta, &pointer(at, "_meta"));
    }
    if let Some(resource) = block.member("resource") {
        resource_contents(cx, rule, resource, &pointer(at, "resource"));
    }
}

/// The shape of one resource's contents: a URI, and its text or its bytes in base64.
pub(super) fn resource_contents(cx: &mut Cx, rule: Rule, value: &Value, at: &str) {
    let what = "a resource's contents";
    let Some(contents) = object(cx, rule, value, at, what) else {
        return;
    };
    members(
        cx,
        rule,
        contents,
        at,
        &["uri", "mimeType", "text", "blob", "_meta"],
        false,
        what,
    );
    required(cx, rule, contents, at, "uri", what, "the resource's URI");
    uri(cx, rule, contents, at);
    match (contents.member("text"), contents.member("blob")) {
        (Some(_), Some(_)) => cx.structural(
            rule,
            at,
            "a resource's contents hold `text` or `blob` (its bytes in base64), not both: keep the one the resource is read as",
        ),
        (None, None) => cx.structural(
            rule,
            at,
            "a resource's contents need `text`, or `blob` for bytes in base64",
        ),
        _ => {}
    }
    for key in ["text", "blob", "mimeType"] {
        typed(cx, rule, contents, at, key, JsonType::String);
    }
    if let Some(meta) = contents.member("_meta") {
        meta_shape(cx, rule, meta, &pointer(at, "_meta"));
    }
}

/// `uri`, when present: an absolute URI.
fn uri(cx: &mut Cx, rule: Rule, object: &Map<String, Value>, at: &str) {
    match object.member("uri") {
        None => {}
        Some(Value::String(uri)) if crate::text::is_absolute_uri(uri) => {}
        Some(other) => cx.structural(
            rule,
            &pointer(at, "uri"),
            format!(
                "`uri` must be an absolute URI, such as \"file:///notes.txt\" or \"https://example.com/a\", not {}",
                describe(other)
            ),
        ),
    }
}

/// What a content block uses that a version of `scope` does not define: audio, resource links
/// and their icons, `_meta`, `annotations.lastModified`.
pub(super) fn versions(
    cx: &mut Cx,
    rule: Rule,
    code: Code,
    value: &Value,
    at: &str,
    scope: VersionSet,
) {
    let Some(block) = value.as_object() else {
        return;
    };
    let kind = block.member("type").and_then(Value::as_str);
    let report = |cx: &mut Cx, defined: VersionSet, at: String, what: &str| {
        let missing = scope.difference(defined);
        if !missing.is_empty() {
            cx.error(
                rule,
                code,
                &at,
                format!(
                    "{what} is not defined by MCP {}: show it only for {}, through the primitive's `protocolVersions`",
                    plain(missing),
                    plain(defined)
                ),
            );
        }
    };
    match kind {
        Some("audio") => report(
            cx,
            Fact::AudioContent.versions(),
            pointer(at, "type"),
            "audio content",
        ),
        Some("resource_link") => {
            report(
                cx,
                Fact::ResourceLinkContent.versions(),
                pointer(at, "type"),
                "resource-link content",
            );
            if block.member("icons").is_some_and(Value::is_array) {
                report(
                    cx,
                    Fact::Icons.versions(),
                    pointer(at, "icons"),
                    "`icons` on a resource link",
                );
            }
        }
        _ => {}
    }
    if block.member("_meta").is_some() {
        report(
            cx,
            Fact::ResultMeta.versions(),
            pointer(at, "_meta"),
            "`_meta` on content",
        );
    }
    if kind == Some("resource")
        && block
            .member("resource")
            .and_then(|r| r.member("_meta"))
            .is_some()
    {
        report(
            cx,
            Fact::ResultMeta.versions(),
            pointer(&pointer(at, "resource"), "_meta"),
            "`_meta` on an embedded resource",
        );
    }
    if block
        .member("annotations")
        .and_then(|a| a.member("lastModified"))
        .is_some()
    {
        report(
            cx,
            Fact::LastModified.versions(),
            pointer(&pointer(at, "annotations"), "lastModified"),
            "`annotations.lastModified`",
        );
    }
}
