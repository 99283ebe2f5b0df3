//! The root of a description: its members, versions and collections.

use serde_json::{Map, Value};

use super::toolbox::{Cx, closed_members, describe, expect, nonempty_string, not_object, pointer};
use super::{Code, Rule};
use crate::JsonType;
use crate::object::Members as _;
use crate::version::VersionSet;

/// The root members of the format.
pub const ROOT_MEMBERS: &[&str] = &[
    "$schema",
    "mcpdesc",
    "info",
    "protocolVersions",
    "instructions",
    "transports",
    "capabilities",
    "tools",
    "resources",
    "resourceTemplates",
    "prompts",
    "components",
    "security",
    "securitySchemes",
    "tags",
];

const INFO_MEMBERS: &[&str] = &[
    "name",
    "version",
    "title",
    "description",
    "id",
    "icons",
    "contact",
    "license",
    "websiteUrl",
];

/// The spec versions a document may declare in `mcpdesc`.
pub const SPEC_VERSIONS: &[&str] = &["0.8.0", "0.9.0"];

/// Checks the root: its members, `mcpdesc`, `info` and the versions, and sets the root scope.
pub fn check(cx: &mut Cx) {
    let document = cx.document;
    let Some(root) = document.as_object() else {
        cx.structural(
            Rule::DocumentMembers,
            "",
            "an MCP Description is a JSON object with `mcpdesc`, `info` and `protocolVersions`",
        );
        return;
    };
    closed_members(
        cx,
        Rule::DocumentMembers,
        root,
        "",
        ROOT_MEMBERS,
        "an MCP Description",
    );

    match root.member("mcpdesc") {
        None => cx.structural(
            Rule::DocumentMembers,
            "",
            "the document needs `mcpdesc`, the specification version it follows (\"0.9.0\" or \"0.8.0\")",
        ),
        Some(Value::String(v)) if SPEC_VERSIONS.contains(&v.as_str()) => {}
        Some(other) => cx.structural(
            Rule::DocumentMembers,
            "/mcpdesc",
            format!(
                "`mcpdesc` is {other}; write the specification version, \"0.9.0\" (release candidates keep the release's number) or \"0.8.0\""
            ),
        ),
    }
    if let Some(schema) = root.member("$schema")
        && !schema.is_string()
    {
        cx.structural(
            Rule::DocumentMembers,
            "/$schema",
            "`$schema` must be a string such as \"https://mcpdesc.org/schema/mcp-description/0.9.0-rc.3.json\"",
        );
    }

    match root.member("info") {
        None => cx.structural(
            Rule::DocumentMembers,
            "",
            "the document needs `info` with the server's `name` and `version`",
        ),
        Some(Value::Object(info)) => {
            closed_members(
                cx,
                Rule::DocumentMembers,
                info,
                "/info",
                INFO_MEMBERS,
                "`info`",
            );
            nonempty_string(
                cx,
                Rule::DocumentMembers,
                info,
                "name",
                "/info",
                true,
                "`info`",
            );
            nonempty_string(
                cx,
                Rule::DocumentMembers,
                info,
                "version",
                "/info",
                true,
                "`info`",
            );
            self::info(cx, info);
        }
        Some(_) => cx.structural(
            Rule::DocumentMembers,
            "/info",
            "`info` must be an object with `name` and `version`",
        ),
    }

    // Without a readable list the document names no version: nothing is checked per version
    // (checking against every version would report members and forms for versions the author
    // never meant), and no explicit scope is held to it.
    cx.root_scope = super::toolbox::root_scope(cx, root);
    let legacy: VersionSet = cx.root_scope.iter().filter(|v| v.is_legacy()).collect();
    if !legacy.is_empty() && root.contains_key("protocolVersions") {
        cx.push(
            Rule::LegacyScope,
            Code::LegacyIncomplete,
            "/protocolVersions",
            format!(
                "{legacy} predate complete protocol validation: only structural checks were applied for them, so this report does not establish complete MCP conformance"
            ),
        );
    }

    for key in [
        "transports",
        "capabilities",
        "tools",
        "resources",
        "resourceTemplates",
        "prompts",
        "tags",
        "security",
    ] {
        match root.member(key) {
            None => {}
            Some(Value::Array(items)) if items.is_empty() && key != "security" => {
                cx.structural(
                    Rule::DocumentMembers,
                    &pointer("", key),
                    format!("`{key}` must not be empty when present: leave it out instead"),
                );
            }
            Some(Value::Array(_)) => {}
            Some(_) => cx.structural(
                Rule::DocumentMembers,
                &pointer("", key),
                format!("`{key}` must be an array"),
            ),
        }
    }
    for key in ["securitySchemes", "components"] {
        match root.member(key) {
            Some(Value::Object(m)) if m.is_empty() => cx.structural(
                Rule::DocumentMembers,
                &pointer("", key),
                format!("`{key}` must not be empty when present: leave it out instead"),
            ),
            Some(Value::Object(_)) | None => {}
            Some(_) => cx.structural(
                Rule::DocumentMembers,
                &pointer("", key),
                format!("`{key}` must be an object"),
            ),
        }
    }
}

/// The server's `info` beyond `name` and `version` (which the document's check requires): the
/// members the description builder writes from a server's implementation details, shaped as
/// the format's JSON Schema states them.
pub fn info(cx: &mut Cx, info: &Map<String, Value>) {
    let rule = Rule::DocumentMembers;
    for key in ["title", "description", "id"] {
        if let Some(value) = info.member(key) {
            expect(cx, rule, value, JsonType::String, "/info", key);
        }
    }
    match info.member("websiteUrl") {
        None => {}
        Some(Value::String(url)) if crate::text::is_absolute_uri(url) => {}
        Some(url) => cx.structural(
            rule,
            "/info/websiteUrl",
            format!(
                "`websiteUrl` must be a URI such as https://example.com, not {}",
                describe(url)
            ),
        ),
    }
    if let Some(value) = info.member("icons") {
        icons(cx, rule, value, "/info/icons");
    }
}

/// Checks an `icons` array at `at`, reporting under `rule`.
pub fn icons(cx: &mut Cx, rule: Rule, value: &Value, at: &str) {
    let Some(icons) = value.as_array() else {
        cx.structural(
            rule,
            at,
            format!("`icons` must be an array of icons, not {}", describe(value)),
        );
        return;
    };
    if icons.is_empty() {
        cx.structural(
            rule,
            at,
            "`icons` must not be empty when present: leave it out instead",
        );
    }
    for (i, icon) in icons.iter().enumerate() {
        let icon_at = pointer(at, i);
        let Some(icon) = icon.as_object() else {
            not_object(cx, rule, icon, &icon_at, "an icon");
            continue;
        };
        closed_members(
            cx,
            rule,
            icon,
            &icon_at,
            &["src", "mimeType", "sizes", "theme"],
            "an icon",
        );
        match icon.member("src") {
            None => cx.structural(rule, &icon_at, "an icon needs a `src`: the icon's URI"),
            Some(Value::String(src)) if crate::text::is_absolute_uri(src) => {}
            Some(src) => cx.structural(
                rule,
                &pointer(&icon_at, "src"),
                format!(
                    "`src` must be an absolute URI (such as https://example.com/icon.png or a data: URI), not {}",
                    describe(src)
                ),
            ),
        }
        if let Some(value) = icon.member("mimeType") {
            expect(cx, rule, value, JsonType::String, &icon_at, "mimeType");
        }
        if let Some(sizes) = icon.member("sizes")
            && !sizes
                .as_array()
                .is_some_and(|s| s.iter().all(Value::is_string))
        {
            cx.structural(
                rule,
                &pointer(&icon_at, "sizes"),
                "`sizes` must be an array of strings such as \"48x48\" or \"any\"",
            );
        }
        if let Some(theme) = icon.member("theme")
            && !matches!(theme.as_str(), Some("light" | "dark"))
        {
            cx.structural(
                rule,
                &pointer(&icon_at, "theme"),
                format!("`theme` is \"light\" or \"dark\", not {}", describe(theme)),
            );
        }
    }
}
