//! Resource and resource template examples: the completed `resources/read` result (and, for a
//! template, the URI read).

use serde_json::{Map, Value};

use super::super::kind::{self, Kind};
use super::super::metadata::{MetaContext, reserved_meta_keys};
use super::super::toolbox::{Cx, describe, plain, pointer};
use super::super::{Code, Rule};
use super::{
    ResultCodes, completed_result, content, members, object, required, result_object, typed,
};
use crate::JsonType;
use crate::object::Members as _;
use crate::shown::Shown;
use crate::uri_template::UriTemplate;
use crate::version::{Fact, VersionSet};

const RULE: Rule = Rule::ResourceExamples;

const CODES: ResultCodes = ResultCodes {
    envelope: Code::ResourceExampleEnvelope,
    incomplete: Code::ResourceExampleIncomplete,
    version: Code::ResourceExampleResultVersion,
};

/// The shape of a resource example (`result`) or a resource template example (`uri` and
/// `result`).
pub(super) fn shape(cx: &mut Cx, kind: Kind, value: &Value, at: &str) {
    let template = kind == kind::RESOURCE_TEMPLATE;
    let what = if template {
        "a resource template example"
    } else {
        "a resource example"
    };
    let Some(example) = object(cx, RULE, value, at, what) else {
        return;
    };
    let allowed: &[&str] = if template {
        &["uri", "result"]
    } else {
        &["result"]
    };
    members(cx, RULE, example, at, allowed, true, what);
    if template {
        match required(
            cx,
            RULE,
            example,
            at,
            "uri",
            what,
            "the URI read, an expansion of the template",
        ) {
            Some(Value::String(uri)) if crate::text::is_absolute_uri(uri) => {}
            Some(other) => cx.structural(
                RULE,
                &pointer(at, "uri"),
                format!(
                    "`uri` must be the absolute URI read, not {}",
                    describe(other)
                ),
            ),
            None => {}
        }
    }
    let Some((result, result_at)) = result_object(
        cx,
        RULE,
        example,
        at,
        (
            what,
            "the completed result of `resources/read`",
            "a resource read's result",
        ),
    ) else {
        return;
    };
    match required(
        cx,
        RULE,
        result,
        &result_at,
        "contents",
        "a resource read's result",
        "the contents read, at least one",
    ) {
        Some(Value::Array(contents)) => {
            let contents_at = pointer(&result_at, "contents");
            if contents.is_empty() {
                cx.structural(
                    RULE,
                    &contents_at,
                    "`contents` holds at least one resource's contents",
                );
            }
            for (i, item) in contents.iter().enumerate() {
                content::resource_contents(cx, RULE, item, &pointer(&contents_at, i));
            }
        }
        Some(other) => cx.structural(
            RULE,
            &pointer(&result_at, "contents"),
            format!(
                "`contents` must be an array of resource contents, not {}",
                describe(other)
            ),
        ),
        None => {}
    }
    if let Some(scope) = result.member("cacheScope")
        && !matches!(scope.as_str(), Some("public" | "private"))
    {
        cx.structural(
            RULE,
            &pointer(&result_at, "cacheScope"),
            format!(
                "`cacheScope` is \"public\" or \"private\", not {}",
                describe(scope)
            ),
        );
    }
    if let Some(ttl) = result.member("ttlMs") {
        typed(cx, RULE, result, &result_at, "ttlMs", JsonType::Number);
        if ttl.as_f64().is_some_and(|ttl| ttl < 0.0) {
            cx.structural(
                RULE,
                &pointer(&result_at, "ttlMs"),
                format!(
                    "`ttlMs` is how many milliseconds the contents stay fresh, 0 or more, not {ttl}"
                ),
            );
        }
    }
}

/// A resource or resource template, as its examples are checked against it.
pub(super) struct Owner<'a> {
    kind: Kind,
    /// A resource's URI.
    uri: Option<&'a str>,
    /// A resource template's template, when RFC 6570 reads it.
    template: Option<UriTemplate<'a>>,
    mime_type: Option<&'a str>,
    size: Option<f64>,
}

impl<'a> Owner<'a> {
    /// The primitive `object` of `kind` at `path`; a template RFC 6570 does not read is reported
    /// (its examples' URIs cannot be checked).
    pub(super) fn new(cx: &mut Cx, kind: Kind, object: &'a Map<String, Value>, path: &str) -> Self {
        let mut template = None;
        if kind == kind::RESOURCE_TEMPLATE
            && let Some(text) = object.member("uriTemplate").and_then(Value::as_str)
        {
            template = UriTemplate::parse(text);
            if template.is_none() {
                cx.error(
                    RULE,
                    Code::ResourceTemplateExampleInvalidTemplate,
                    &pointer(path, "uriTemplate"),
                    format!(
                        "{text} is not an RFC 6570 URI template, so no example URI can be checked against it: close every `{{`, and name variables with letters, digits, `_` and `.`",
                        text = Shown::quoted(text)
                    ),
                );
            }
        }
        Owner {
            kind,
            uri: object.member("uri").and_then(Value::as_str),
            template,
            mime_type: object.member("mimeType").and_then(Value::as_str),
            size: object.member("size").and_then(Value::as_f64),
        }
    }

    /// What `example` shows: the URI it reads, and a completed result of every version of
    /// `scope` that returns that URI's contents as the primitive describes them.
    pub(super) fn example(
        &self,
        cx: &mut Cx,
        example: &Map<String, Value>,
        at: &str,
        scope: VersionSet,
    ) {
        let requested = if self.kind == kind::RESOURCE_TEMPLATE {
            let uri = example.member("uri").and_then(Value::as_str);
            if let (Some(uri), Some(template)) = (uri, &self.template)
                && !template.matches(uri)
            {
                cx.error(
                    RULE,
                    Code::ResourceTemplateExampleInvalidExpansion,
                    &pointer(at, "uri"),
                    format!(
                        "{uri} is not a URI the template expands to: write one its variables fill in",
                        uri = Shown::quoted(uri)
                    ),
                );
            }
            uri
        } else {
            self.uri
        };
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
        let with_hints = scope.intersection(Fact::CacheHints.versions());
        for (field, what) in [
            ("ttlMs", "how many milliseconds the contents stay fresh"),
            ("cacheScope", "\"public\" or \"private\""),
        ] {
            if !with_hints.is_empty() && result.member(field).is_none() {
                cx.error(
                    RULE,
                    Code::ResourceExampleCacheFields,
                    &pointer(&result_at, field),
                    format!(
                        "a resource read of MCP {} says how to cache it: add `{field}`, {what}",
                        plain(with_hints)
                    ),
                );
            }
            super::unsupported(
                cx,
                RULE,
                Code::ResourceExampleCacheFields,
                result,
                &result_at,
                field,
                scope,
                Fact::CacheHints.versions(),
            );
        }
        let Some(Value::Array(contents)) = result.member("contents") else {
            return;
        };
        let contents_at = pointer(&result_at, "contents");
        let mut returned = false;
        for (i, item) in contents.iter().enumerate() {
            let Some(item) = item.as_object() else {
                continue;
            };
            let item_at = pointer(&contents_at, i);
            super::unsupported(
                cx,
                RULE,
                Code::ResourceExampleContentVersion,
                item,
                &item_at,
                "_meta",
                scope,
                Fact::ResultMeta.versions(),
            );
            if let Some(meta) = item.member("_meta") {
                reserved_meta_keys(
                    cx,
                    meta,
                    &pointer(&item_at, "_meta"),
                    scope,
                    MetaContext::Content,
                );
            }
            let blob = item.member("blob").and_then(Value::as_str);
            let decoded = blob.and_then(decoded_len);
            if blob.is_some() && decoded.is_none() {
                cx.error(
                    RULE,
                    Code::InvalidResourceExampleBase64,
                    &pointer(&item_at, "blob"),
                    "`blob` holds the bytes in canonical base64 (RFC 4648: `A`-`Z`, `a`-`z`, `0`-`9`, `+`, `/`, padded with `=` to a multiple of 4)",
                );
            }
            if requested.is_none() || item.member("uri").and_then(Value::as_str) != requested {
                continue;
            }
            returned = true;
            if let (Some(declared), Some(shown)) = (
                self.mime_type,
                item.member("mimeType").and_then(Value::as_str),
            ) && declared != shown
            {
                cx.push(
                    RULE,
                    Code::ResourceExampleMimeTypeMismatch,
                    &pointer(&item_at, "mimeType"),
                    format!(
                        "the contents are {shown}, but the resource says it is {declared}: make them agree",
                        shown = Shown::quoted(shown),
                        declared = Shown::quoted(declared)
                    ),
                );
            }
            let bytes = match item.member("text").and_then(Value::as_str) {
                Some(text) => Some(text.len()),
                None => decoded,
            };
            if let (Some(declared), Some(bytes)) = (self.size, bytes)
                && declared != bytes as f64
            {
                cx.push(
                    RULE,
                    Code::ResourceExampleSizeMismatch,
                    &item_at,
                    format!("the contents are {bytes} bytes, but the resource's `size` says {declared}: make them agree"),
                );
            }
        }
        if let Some(requested) = requested
            && !returned
        {
            cx.push(
                RULE,
                Code::ResourceExampleUriNotReturned,
                &contents_at,
                format!(
                    "no contents are those of {requested}, the URI read: that is right only for a collection or a redirection the description says it is",
                    requested = Shown::quoted(requested)
                ),
            );
        }
    }
}

/// How many bytes canonical base64 `text` decodes to; `None` when it is not canonical base64
/// (its length a multiple of 4, padded with `=`, the bits past the last byte zero).
fn decoded_len(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    if !bytes.len().is_multiple_of(4) {
        return None;
    }
    let padding = bytes.iter().rev().take_while(|b| **b == b'=').count();
    if padding > 2 {
        return None;
    }
    let (data, _) = bytes.split_at(bytes.len() - padding);
    let alphabet = |b: u8| b.is_ascii_alphanumeric() || b == b'+' || b == b'/';
    if !data.iter().all(|b| alphabet(*b)) {
        return None;
    }
    // The value of the last character before the padding: its low bits are past the data.
    let value = |b: u8| match b {
        b'A'..=b'Z' => b - b'A',
        b'a'..=b'z' => b - b'a' + 26,
        b'0'..=b'9' => b - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let unused_bits = match padding {
        1 => 0b11,
        2 => 0b1111,
        _ => 0,
    };
    if data
        .last()
        .is_some_and(|last| value(*last) & unused_bits != 0)
    {
        return None;
    }
    Some(bytes.len() / 4 * 3 - padding)
}

#[cfg(test)]
mod tests {
    use super::decoded_len;

    #[test]
    fn base64_is_canonical_or_refused() {
        assert_eq!(decoded_len(""), Some(0));
        assert_eq!(decoded_len("dGV4dA=="), Some(4));
        assert_eq!(decoded_len("dGV4dDE="), Some(5));
        assert_eq!(decoded_len("dGV4dDEy"), Some(6));
        for bad in [
            "not base64",
            "dGV4dA=",
            "dGV4dB==",
            "dGV4dDF=",
            "dGV4===",
            "dG-4dA==",
        ] {
            assert_eq!(decoded_len(bad), None, "{bad}");
        }
    }
}
