//! Validation of MCP Description documents: every elicitation rule of section 12, and the rest
//! of the format as its published JSON Schema and the reference validator check it.
//!
//! [`validate`] takes any parsed document and returns a [`Report`] of [`Diagnostic`]s. Each
//! diagnostic carries the specification's rule id, a stable kebab-case code (the reference
//! validator's where one exists), a severity, a JSON Pointer and a message that says what is
//! wrong and what to write instead. Validation never fetches a URL.
//!
//! ```
//! use mcpdesc_runtime::validate::{validate, Severity};
//!
//! let doc = serde_json::json!({
//!     "mcpdesc": "0.9.0",
//!     "info": {"name": "demo", "version": "1.0.0"},
//!     "protocolVersions": ["2025-06-18"],
//!     "tools": [{
//!         "name": "sign_in",
//!         "inputSchema": {"type": "object"},
//!         "elicitations": [{"name": "login", "mode": "url", "message": "Sign in."}]
//!     }]
//! });
//! let report = validate(&doc);
//! let error = report.errors().next().unwrap();
//! assert_eq!(error.code, "elicitation-mode-not-supported-by-version");
//! assert_eq!(error.path, "/tools/0/elicitations/0/mode");
//! assert_eq!(error.severity, Severity::Error);
//! ```

// The layers, lowest first. Below every check: `report` (diagnostics and their limits), `code`
// (the table of codes), `followed` (the memo of references followed), `toolbox` (the context,
// scopes, pointers and shared member shapes); this file is only the driver on top. Then: `kind`
// and `references` read only the document; `form_schema` checks
// one form; `primitives` and `metadata` one primitive's own members; `declarations` the
// declarations a primitive carries (using `form_schema` and `references`); `interactions` a
// tool's examples against those declarations. `tool_schema` checks a tool's JSON Schemas (using
// `references` and `metadata`'s wording); `examples` a primitive's examples (using
// `references`, `metadata` and `tool_schema`'s reading of a dialect); `surface` what the
// document says around the primitives (transports, capabilities, tags, security schemes and
// requirements), after `document`. `validate` below drives them in that order, so no layer
// calls one above it.
mod code;
pub(crate) mod declarations;
mod document;
mod examples;
mod followed;
mod form_schema;
mod interactions;
pub(crate) mod kind;
mod metadata;
mod primitives;
mod references;
mod regex;
mod report;
mod seen;
pub(crate) mod surface;
mod tool_schema;
mod toolbox;
mod unicode_properties;

use serde_json::Value;

use crate::object::Members as _;
pub use code::Code;
pub use form_schema::parse_requested_schema;
pub(crate) use form_schema::request_problems;
pub(crate) use references::resolve_requested_schema;
pub use report::{Diagnostic, MAX_DIAGNOSTICS, MAX_REPORT_BYTES, Report, Severity};
use toolbox::{Cx, pointer, write_item_pointer};
pub(crate) use toolbox::{root_scope_of, scope_within_at};

/// Validates an MCP Description document.
pub fn validate(document: &Value) -> Report {
    let mut cx = Cx::new(document);
    document::check(&mut cx);
    surface::check(&mut cx);
    references::check_components(&mut cx);
    examples::check_components(&mut cx);
    check_primitives(&mut cx);
    Report {
        diagnostics: cx.diagnostics.finish(),
    }
}

/// Validates a document whose elicitation declarations are given beside it rather than inside
/// it, as the [description builder](crate::description) keeps them: `document` holds no
/// `elicitations` member, and `listed` says which of its distinct declaration objects each
/// primitive carries. The report is the one [`validate`] gives for the document with those
/// declarations written into it (`elicitations` as each primitive's last member), with every
/// path the same; a declaration object listed by several primitives of the same scope is checked
/// once, and its diagnostics are repeated where it is listed.
pub(crate) fn validate_listed(document: &Value, listed: &declarations::Listed<'_>) -> Report {
    let mut cx = Cx::new(document);
    document::check(&mut cx);
    surface::check(&mut cx);
    references::check_components(&mut cx);
    examples::check_components(&mut cx);
    let mut memo = declarations::Memo::default();
    check_primitives_with(&mut cx, Some((listed, &mut memo)));
    Report {
        diagnostics: cx.diagnostics.finish(),
    }
}

/// Every primitive of every kind: its own members, then the declarations it carries, then (for
/// a tool) its interaction examples against those declarations; last, identities per collection.
fn check_primitives(cx: &mut Cx) {
    check_primitives_with(cx, None);
}

/// [`check_primitives`], with the declarations read from `listed` when given.
fn check_primitives_with<'a>(
    cx: &mut Cx<'a>,
    mut listed: Option<(&declarations::Listed<'a>, &mut declarations::Memo<'a>)>,
) {
    let document = cx.document;
    for (k, kind) in kind::KINDS.into_iter().enumerate() {
        let Some(Value::Array(items)) = document.get(kind.collection) else {
            continue;
        };
        let mut identities = primitives::Identities::with_capacity(items.len());
        let mut shared_tool_schemas = tool_schema::Shared::default();
        let mut path = String::new();
        for (i, item) in items.iter().enumerate() {
            write_item_pointer(&mut path, kind.collection, i);
            let Some(object) = item.as_object() else {
                cx.structural(kind.rule, &path, format!("{} must be an object", kind.what));
                continue;
            };
            let scope = primitives::check(cx, kind, object, &path);
            metadata::check(cx, kind, object, &path, scope);
            if kind == kind::TOOL {
                tool_schema::check(cx, object, &path, scope, &mut shared_tool_schemas);
            }
            examples::check(cx, kind, object, &path, scope);
            let declared = match listed.as_mut() {
                Some((listed, memo)) => {
                    declarations::check_listed(cx, listed, memo, (k, i), kind, &path, scope)
                }
                None => declarations::check(cx, kind, object, &path, scope),
            };
            if kind == kind::TOOL
                && let Some(examples) = object.member("interactionExamples")
            {
                interactions::check(
                    cx,
                    examples,
                    &pointer(&path, "interactionExamples"),
                    &declared,
                    &interactions::Requirements::of(object),
                    scope,
                );
            }
            identities.check(cx, kind, object, &path, i, scope);
        }
    }
}

/// Rule ids.
pub mod rules {
    /// Root members, versions and collections.
    pub const DOCUMENT_MEMBERS: &str = "mcpdesc.document.members";
    /// A tool's members (and `elicitations` non-empty).
    pub const TOOL_MEMBERS: &str = "mcpdesc.tool.members";
    /// A resource's members.
    pub const RESOURCE_MEMBERS: &str = "mcpdesc.resource.members";
    /// A resource template's members.
    pub const RESOURCE_TEMPLATE_MEMBERS: &str = "mcpdesc.resource-template.members";
    /// A prompt's members.
    pub const PROMPT_MEMBERS: &str = "mcpdesc.prompt.members";
    /// Primitive identities (tool and prompt names, resource URIs) unique where scopes overlap.
    pub const PRIMITIVE_UNIQUE: &str = "mcpdesc.primitive.identity-unique";
    /// An elicitation declaration's members.
    pub const ELICITATION_MEMBERS: &str = "mcpdesc.elicitation.members";
    /// Declaration names unique per primitive.
    pub const ELICITATION_NAME_UNIQUE: &str = "mcpdesc.elicitation.name-unique";
    /// A flat form schema of the MCP vocabulary.
    pub const FORM_SCHEMA_MEMBERS: &str = "mcp.elicitation.form-schema.members";
    /// The form vocabulary of every version in scope.
    pub const FORM_SCHEMA_PROTOCOL_SHAPE: &str = "mcp.elicitation.form-schema.protocol-shape";
    /// Required names, enumNames, defaults and ranges consistent.
    pub const FORM_SCHEMA_CONSISTENCY: &str = "mcpdesc.elicitation.form-schema.consistency";
    /// Explicit scopes are non-empty subsets of their parent's.
    pub const PROTOCOL_SCOPE_CONSISTENCY: &str = "mcpdesc.protocol-scope.consistency";
    /// URL mode only where every version in scope has it.
    pub const ELICITATION_PROTOCOL_VERSION: &str = "mcp.elicitation.protocol-version";
    /// Component references resolve, to the right namespace, without cycles.
    pub const COMPONENT_REFERENCES: &str = "mcpdesc.components.references";
    /// `clientRequirements.elicitation` fits every version in scope.
    pub const CLIENT_REQUIREMENTS: &str = "mcpdesc.client-requirements.elicitation";
    /// The other client capabilities a primitive requires: defined by every version in scope.
    pub const CLIENT_CAPABILITIES: &str = "mcpdesc.client-requirements.capabilities";
    /// Tool examples: their shape, a completed result of every version in scope, input and
    /// structured content that fit the tool's schemas.
    pub const TOOL_EXAMPLES: &str = "mcpdesc.tool.examples";
    /// Prompt examples: their shape, declared and required arguments, a completed result of
    /// every version in scope.
    pub const PROMPT_EXAMPLES: &str = "mcpdesc.prompt.examples";
    /// Resource and resource template examples: their shape, the URI read, a completed result
    /// of every version in scope, with its cache hints, that returns that URI's contents.
    pub const RESOURCE_EXAMPLES: &str = "mcpdesc.resource.examples";
    /// Completion examples: their shape, the arguments or variables they name, the versions
    /// that complete.
    pub const COMPLETION_EXAMPLES: &str = "mcpdesc.completion.examples";
    /// Security schemes: their names, types and OAuth flows.
    pub const SECURITY_SCHEMES: &str = "mcpdesc.security.schemes";
    /// Tool interaction examples' elicitation steps.
    pub const INTERACTION_EXAMPLES: &str = "mcpdesc.tool.interaction-examples";
    /// A primitive's members are defined by every protocol version in its scope.
    pub const PRIMITIVE_PROTOCOL_MEMBERS: &str = "mcp.primitive.protocol-members";
    /// Legacy versions: validation is incomplete.
    pub const LEGACY_SCOPE: &str = "mcpdesc.legacy-protocol.validation-scope";
    /// A tool's `inputSchema` and `outputSchema`: the legacy shape, the dialect, the dialect's
    /// meta-schema, and references that resolve.
    pub const TOOL_SCHEMAS: &str = "mcpdesc.tool.schemas";
    /// `_meta` keys the protocol reserves, where and as the versions in scope define them.
    pub const RESERVED_META_KEYS: &str = "mcp.meta.reserved-keys";
    /// Transports: every root version served, each transport defined by its versions.
    pub const TRANSPORTS: &str = "mcpdesc.transports.coverage";
    /// Capability sets: one per version.
    pub const CAPABILITIES: &str = "mcpdesc.capabilities.scope";
    /// Tags: declared once, referenced only when declared.
    pub const TAGS: &str = "mcpdesc.tags.references";
    /// Security requirements: schemes that exist, scopes where the scheme has them.
    pub const SECURITY: &str = "mcpdesc.security.requirements";
    /// This crate's own, not a rule of the format: a report lists at most
    /// [`MAX_DIAGNOSTICS`](super::MAX_DIAGNOSTICS) diagnostics and
    /// [`MAX_REPORT_BYTES`](super::MAX_REPORT_BYTES) of paths and messages.
    pub const REPORT_LIMIT: &str = "mcpdesc-rs.report.limit";
}
