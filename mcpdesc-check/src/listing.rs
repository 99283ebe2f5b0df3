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
//! server lists, never something else. Inside a schema the same holds for what only annotates
//! it (`title`, `description`, `default`, `examples`, ...): an SDK writes a `title` on every
//! property, which its author's description need not repeat. And an `anyOf` whose branches each
//! name a type and nothing else reads as that list of types, on both sides: Pydantic writes
//! `anyOf: [{type: string}, {type: "null"}]` where an author writes `type: [string, "null"]`,
//! and the two accept the same values.
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
use mcpdesc_format::diagnostics::kind::{self, Kind};
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

/// Each kind of primitive, with the members a listing of it holds on some MCP version.
const LISTED: [(Kind, &[&str]); 4] = [
    (
        kind::TOOL,
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
        kind::RESOURCE,
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
        kind::RESOURCE_TEMPLATE,
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
    (
        kind::PROMPT,
        &["name", "title", "description", "arguments", "icons"],
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
    for (kind, kept) in LISTED {
        let collection = kind.collection;
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
                    (&mut stated, twin(&mine, kind, object))
                {
                    stated.retain(|key, _| documented.contains_key(key) || kind.identity == key);
                    for key in ["inputSchema", "outputSchema"] {
                        if let (Some(listed), Some(described)) =
                            (stated.get_mut(key), documented.get(key))
                        {
                            unsaid_annotations(described, listed, 0);
                        }
                    }
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

/// What a server lists for the primitive `object` of `collection` on `version`: the members a
/// listing holds that the version defines, as the description writes them, its schemas'
/// `$componentRef`s followed. What `mcpdesc mock` lists.
#[cfg(feature = "mock")]
pub(crate) fn listed(
    description: &Value,
    collection: &str,
    object: &Map<String, Value>,
    version: ProtocolVersion,
) -> Value {
    let cx = Cx::new(description);
    let kept = LISTED
        .iter()
        .find(|(kind, _)| kind.collection == collection)
        .map_or(&[][..], |(_, kept)| *kept);
    let mut out = Map::new();
    for key in kept {
        let Some(value) = object.get(*key) else {
            continue;
        };
        let defined = members::of(collection)
            .filter(|m| m.member == *key && m.place == members::Place::Primitive)
            .all(|m| m.versions().contains(version));
        if !defined {
            continue;
        }
        let value = match *key {
            "inputSchema" | "outputSchema" => {
                mcpdesc_format::diagnostics::references::schema_target(&cx, value)
                    .map_or(value, |(target, _)| target)
            }
            _ => value,
        };
        out.insert((*key).to_owned(), value.clone());
    }
    Value::Object(out)
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

/// The documented primitive the listed `object` is paired with, by its identity.
fn twin<'a>(
    mine: &'a [Value],
    kind: Kind,
    object: &Map<String, Value>,
) -> Option<&'a Map<String, Value>> {
    let key = kind.identity;
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
            "inputSchema" | "outputSchema" => {
                let mut schema = default_dialect_unsaid(value);
                any_of_types_as_a_list(&mut schema, 0);
                schema
            }
            _ => value.clone(),
        };
        out.insert((*key).to_owned(), value);
    }
    Value::Object(out)
}

/// How deep the schema normalizations go; a schema nested deeper is compared as written.
const DEPTH: usize = 64;

/// The keywords that only annotate a schema, which a listed schema is not held to where the
/// description leaves them out: `diff`'s annotations, and `default`.
fn is_annotation(keyword: &str) -> bool {
    keyword == "default" || crate::diff::ANNOTATION_KEYWORDS.contains(&keyword)
}

/// `listed` without the annotations `described` does not state, at every place the two schemas
/// share (the same property, the same `items`, the same branch).
fn unsaid_annotations(described: &Value, listed: &mut Value, depth: usize) {
    let (Some(described), Some(listed)) = (described.as_object(), listed.as_object_mut()) else {
        return;
    };
    if depth > DEPTH {
        return;
    }
    listed.retain(|key, _| !is_annotation(key) || described.contains_key(key));
    for (key, inner) in listed.iter_mut() {
        let Some(theirs) = described.get(key) else {
            continue;
        };
        match (key.as_str(), inner) {
            ("properties" | "patternProperties" | "$defs" | "definitions", Value::Object(map)) => {
                for (name, schema) in map.iter_mut() {
                    if let Some(described) = theirs.get(name) {
                        unsaid_annotations(described, schema, depth + 1);
                    }
                }
            }
            ("items" | "additionalProperties" | "contains" | "not" | "propertyNames", schema) => {
                unsaid_annotations(theirs, schema, depth + 1);
            }
            ("anyOf" | "oneOf" | "allOf" | "prefixItems", Value::Array(branches)) => {
                for (i, schema) in branches.iter_mut().enumerate() {
                    if let Some(described) = theirs.get(i) {
                        unsaid_annotations(described, schema, depth + 1);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Every `anyOf` of `schema` whose branches each name a type and nothing else (annotations
/// aside) written as a `type` list, when the schema names no type of its own.
fn any_of_types_as_a_list(schema: &mut Value, depth: usize) {
    if depth > DEPTH {
        return;
    }
    match schema {
        Value::Object(members) => {
            for value in members.values_mut() {
                any_of_types_as_a_list(value, depth + 1);
            }
            if members.contains_key("type") {
                return;
            }
            let Some(Value::Array(branches)) = members.get("anyOf") else {
                return;
            };
            let mut types = Vec::new();
            for branch in branches {
                let Some(branch) = branch.as_object() else {
                    return;
                };
                if branch.keys().any(|k| k != "type" && !is_annotation(k)) {
                    return;
                }
                match branch.get("type") {
                    Some(Value::String(t)) => types.push(Value::String(t.clone())),
                    _ => return,
                }
            }
            if types.is_empty() {
                return;
            }
            members.shift_remove("anyOf");
            members.insert("type".to_owned(), Value::Array(types));
        }
        Value::Array(items) => {
            for item in items {
                any_of_types_as_a_list(item, depth + 1);
            }
        }
        _ => {}
    }
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

    #[test]
    fn annotations_are_held_only_where_the_description_states_them() {
        let mut listing = listed(None);
        let schema = &mut listing.tools[0]["inputSchema"];
        schema["title"] = json!("close_issueArguments");
        schema["properties"]["issue"]["title"] = json!("Issue");
        schema["properties"]["issue"]["default"] = json!(1);
        assert_eq!(
            rules(&document(), ProtocolVersion::V2025_06_18, &listing),
            Vec::<&str>::new()
        );
        // Stated, and different: compared.
        let mut described = document();
        described["components"]["schemas"]["Issue"]["properties"]["issue"]["title"] =
            json!("Issue number");
        assert_eq!(
            rules(&described, ProtocolVersion::V2025_06_18, &listing),
            ["input-annotation-changed"]
        );
    }

    #[test]
    fn an_any_of_of_bare_types_reads_as_a_type_list() {
        let mut described = document();
        described["components"]["schemas"]["Issue"]["properties"]["issue"] =
            json!({"type": ["integer", "null"]});
        let mut listing = listed(None);
        listing.tools[0]["inputSchema"]["properties"]["issue"] =
            json!({"anyOf": [{"type": "integer"}, {"type": "null", "title": "None"}]});
        assert_eq!(
            rules(&described, ProtocolVersion::V2025_06_18, &listing),
            Vec::<&str>::new()
        );
        // A branch with a constraint of its own is compared as written.
        listing.tools[0]["inputSchema"]["properties"]["issue"] =
            json!({"anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}]});
        assert!(!rules(&described, ProtocolVersion::V2025_06_18, &listing).is_empty());
    }
}
