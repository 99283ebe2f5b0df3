//! What a running server lists, held to its description: [`compare`].
//!
//! A server lists its tools, prompts, resources and resource templates (`tools/list`,
//! `prompts/list`, `resources/list`, `resources/templates/list`). [`compare`] reads that listing
//! as a description and compares it with the description's own primitives on one protocol
//! version, through [`diff`](crate::diff::diff)'s rules: one rule set for a change between two
//! releases and for a server that differs from what it documents. The description is the old
//! side and the listing the new, so a primitive documented but not served is a removal
//! (breaking), one served but not documented an addition, and a changed input schema, output
//! schema, annotation or prompt argument is the change `diff` names.
//!
//! Only what a listing can hold is compared: the members each MCP version defines for a
//! primitive (`name`, `title`, `description`, `inputSchema`, `outputSchema`, `annotations`,
//! `icons`, `execution`; `arguments` of a prompt; `uri`, `uriTemplate`, `mimeType` and `size` of
//! a resource). What only a description says (declarations, examples, tags, security, `x-`
//! extensions) is left out on both sides, and so is `_meta`, which a server fills as it runs.
//! A member the description leaves out is not compared: a description may say less than the
//! server lists, never something else.
//!
//! ```
//! use mcpdesc_check::listing::{Listing, compare};
//! use mcpdesc_format::ProtocolVersion;
//! use serde_json::json;
//!
//! let description = json!({
//!     "mcpdesc": "0.9.0",
//!     "info": {"name": "tracker", "version": "1.0.0"},
//!     "protocolVersions": ["2025-11-25"],
//!     "tools": [{
//!         "name": "close_issue",
//!         "description": "Close an issue.",
//!         "inputSchema": {"type": "object", "properties": {"issue": {"type": "integer"}}},
//!         "tags": ["issues"]
//!     }]
//! });
//! let served = Listing {
//!     tools: vec![json!({
//!         "name": "close_issue",
//!         "description": "Close an issue.",
//!         "inputSchema": {
//!             "type": "object",
//!             "properties": {"issue": {"type": "integer"}},
//!             "required": ["issue"]
//!         }
//!     })],
//!     ..Listing::default()
//! };
//! let changes = compare(&description, ProtocolVersion::V2025_11_25, &served);
//! assert_eq!(changes.changes()[0].rule.id, "input-required-added");
//! ```

use mcpdesc_format::ProtocolVersion;
use mcpdesc_format::diagnostics::toolbox::{Cx, root_scope_of, scope_within_at};
use mcpdesc_format::members;
use serde_json::{Map, Value};

use crate::diff::Diff;

/// What a server lists: the `tools`, `prompts`, `resources` and `resourceTemplates` of its list
/// results, every page joined.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Listing {
    /// The `tools` of `tools/list`.
    pub tools: Vec<Value>,
    /// The `prompts` of `prompts/list`.
    pub prompts: Vec<Value>,
    /// The `resources` of `resources/list`.
    pub resources: Vec<Value>,
    /// The `resourceTemplates` of `resources/templates/list`.
    pub resource_templates: Vec<Value>,
}

/// The collections, with the members a listing of each holds on some MCP version.
const COLLECTIONS: [(&str, &[&str]); 4] = [
    (
        "tools",
        &[
            "name",
            "title",
            "description",
            "inputSchema",
            "outputSchema",
            "annotations",
            "icons",
            "execution",
        ],
    ),
    (
        "prompts",
        &["name", "title", "description", "arguments", "icons"],
    ),
    (
        "resources",
        &[
            "uri",
            "name",
            "title",
            "description",
            "mimeType",
            "size",
            "annotations",
            "icons",
        ],
    ),
    (
        "resourceTemplates",
        &[
            "uriTemplate",
            "name",
            "title",
            "description",
            "mimeType",
            "annotations",
            "icons",
        ],
    ),
];

/// Every difference between what `description` documents for `version` and what a server
/// `listing` holds, as [`diff`](crate::diff::diff) reports changes from the description to the
/// listing. A primitive the description scopes to other versions is left out of it; `$componentRef`s
/// are followed, since a listing holds its schemas whole.
pub fn compare(description: &Value, version: ProtocolVersion, listing: &Listing) -> Diff {
    let (root_scope, _) = root_scope_of(description);
    let cx = Cx::new(description);
    let mut documented = skeleton(description, version);
    let mut served = skeleton(description, version);
    for (collection, kept) in COLLECTIONS {
        let listed = match collection {
            "tools" => &listing.tools,
            "prompts" => &listing.prompts,
            "resources" => &listing.resources,
            _ => &listing.resource_templates,
        };
        let defined = |member: &str| {
            members::of(collection)
                .filter(|m| m.member == member && m.place == members::Place::Primitive)
                .all(|m| m.versions().contains(version))
        };
        let mine: Vec<Value> = description
            .get(collection)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
            .filter_map(|(i, primitive)| {
                let object = primitive.as_object()?;
                let path = format!("/{collection}/{i}");
                let (scope, _) = scope_within_at(object, &path, root_scope, "the primitive");
                scope
                    .contains(version)
                    .then(|| view(object, kept, &defined, Some(&cx)))
            })
            .collect();
        let theirs: Vec<Value> = listed
            .iter()
            .filter_map(Value::as_object)
            .map(|object| {
                // Only the members the description states are compared.
                let mut stated = view(object, kept, &defined, None);
                if let (Value::Object(stated), Some(documented)) =
                    (&mut stated, twin(&mine, collection, object))
                {
                    stated.retain(|key, _| {
                        documented.contains_key(key) || identity(collection) == key
                    });
                }
                stated
            })
            .collect();
        if !mine.is_empty() || !theirs.is_empty() {
            documented.insert(collection.to_owned(), Value::Array(mine));
            served.insert(collection.to_owned(), Value::Array(theirs));
        }
    }
    crate::diff::diff(&Value::Object(documented), &Value::Object(served))
}

/// The root both sides share: the description's `mcpdesc` and `info`, on `version` alone.
fn skeleton(description: &Value, version: ProtocolVersion) -> Map<String, Value> {
    let mut root = Map::new();
    for key in ["mcpdesc", "info"] {
        if let Some(value) = description.get(key) {
            root.insert(key.to_owned(), value.clone());
        }
    }
    root.insert(
        "protocolVersions".to_owned(),
        Value::Array(vec![Value::String(version.as_str().to_owned())]),
    );
    root
}

/// The member that identifies a primitive of `collection`.
fn identity(collection: &str) -> &'static str {
    match collection {
        "resources" => "uri",
        "resourceTemplates" => "uriTemplate",
        _ => "name",
    }
}

/// The documented primitive the listed `object` is paired with, by its identity.
fn twin<'a>(
    mine: &'a [Value],
    collection: &str,
    object: &Map<String, Value>,
) -> Option<&'a Map<String, Value>> {
    let key = identity(collection);
    let id = object.get(key)?;
    mine.iter()
        .filter_map(Value::as_object)
        .find(|m| m.get(key) == Some(id))
}

/// `object`'s members a listing holds on the version (`defined`), schemas read through their
/// `$componentRef` in the description (`cx`, on the description's side).
fn view<'a>(
    object: &'a Map<String, Value>,
    kept: &[&str],
    defined: &dyn Fn(&str) -> bool,
    cx: Option<&Cx<'a>>,
) -> Value {
    let mut out = Map::new();
    for key in kept {
        let Some(value) = object.get(*key) else {
            continue;
        };
        if !defined(key) {
            continue;
        }
        let value = match (cx, *key) {
            (Some(cx), "inputSchema" | "outputSchema") => {
                mcpdesc_format::diagnostics::references::schema_target(cx, value)
                    .map_or(value, |(target, _)| target)
            }
            _ => value,
        };
        let value = match *key {
            "inputSchema" | "outputSchema" => default_dialect_unsaid(value),
            _ => value.clone(),
        };
        out.insert((*key).to_owned(), value);
    }
    Value::Object(out)
}

/// `schema` without a `$schema` that names JSON Schema 2020-12, the dialect a tool schema without
/// one has: rmcp writes it on every schema, and a description leaves it out (2025-06-18 defines
/// no `$schema` there), and the two say the same.
fn default_dialect_unsaid(schema: &Value) -> Value {
    use crate::validate::tool_schema::{Dialect, dialect_of};
    let mut schema = schema.clone();
    let said = schema.get("$schema").is_some();
    if said
        && dialect_of(&schema) == Some(Dialect::Draft2020_12)
        && let Some(members) = schema.as_object_mut()
    {
        members.shift_remove("$schema");
    }
    schema
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn rules(
        description: &Value,
        version: ProtocolVersion,
        listing: &Listing,
    ) -> Vec<&'static str> {
        compare(description, version, listing)
            .changes()
            .iter()
            .map(|c| c.rule.id)
            .collect()
    }

    fn document() -> Value {
        json!({
            "mcpdesc": "0.9.0",
            "info": {"name": "tracker", "version": "1.0.0"},
            "protocolVersions": ["2025-06-18", "2025-11-25"],
            "tools": [
                {
                    "name": "close_issue",
                    "inputSchema": {"$componentRef": "#/components/schemas/Issue"},
                    "elicitations": [{"name": "confirm", "mode": "url", "message": "Sure?"}],
                    "x-owner": "triage"
                },
                {
                    "name": "icon_tool",
                    "protocolVersions": ["2025-11-25"],
                    "inputSchema": {"type": "object"}
                }
            ],
            "components": {"schemas": {"Issue": {
                "type": "object",
                "properties": {"issue": {"type": "integer"}},
                "required": ["issue"]
            }}}
        })
    }

    fn listed(extra: Option<Value>) -> Listing {
        let mut tools = vec![json!({
            "name": "close_issue",
            "description": "Listed, not documented: not compared.",
            "_meta": {"served-by": "replica-3"},
            "inputSchema": {
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "type": "object",
                "properties": {"issue": {"type": "integer"}},
                "required": ["issue"]
            }
        })];
        tools.extend(extra);
        Listing {
            tools,
            ..Listing::default()
        }
    }

    #[test]
    fn what_only_a_description_says_and_what_it_leaves_out_are_not_compared() {
        let icon_tool = json!({"name": "icon_tool", "inputSchema": {"type": "object"}});
        assert_eq!(
            rules(
                &document(),
                ProtocolVersion::V2025_11_25,
                &listed(Some(icon_tool))
            ),
            Vec::<&str>::new()
        );
    }

    #[test]
    fn a_primitive_is_compared_on_the_versions_it_is_documented_for() {
        // Not documented on 2025-06-18: not served there is right, served there is an addition.
        assert_eq!(
            rules(&document(), ProtocolVersion::V2025_06_18, &listed(None)),
            Vec::<&str>::new()
        );
        let icon_tool = json!({"name": "icon_tool", "inputSchema": {"type": "object"}});
        assert_eq!(
            rules(
                &document(),
                ProtocolVersion::V2025_06_18,
                &listed(Some(icon_tool))
            ),
            ["tool-added"]
        );
        // Documented on 2025-11-25 and not served there.
        assert_eq!(
            rules(&document(), ProtocolVersion::V2025_11_25, &listed(None)),
            ["tool-removed"]
        );
    }

    #[test]
    fn a_schema_is_compared_through_its_component() {
        let mut listing = listed(None);
        listing.tools[0]["inputSchema"]["properties"]["issue"] = json!({"type": "string"});
        let found = rules(&document(), ProtocolVersion::V2025_06_18, &listing);
        assert!(!found.is_empty(), "{found:?}");
        assert!(found.iter().all(|r| r.starts_with("input-")), "{found:?}");
    }

    #[test]
    fn another_dialect_is_a_difference_the_default_one_is_not() {
        let mut listing = listed(None);
        listing.tools[0]["inputSchema"]["$schema"] =
            json!("http://json-schema.org/draft-07/schema#");
        assert!(!rules(&document(), ProtocolVersion::V2025_06_18, &listing).is_empty());
    }
}
