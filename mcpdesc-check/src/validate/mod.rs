//! The whole-format validator: the format's checks (`mcpdesc_format::diagnostics`: identities,
//! scopes, declarations and their forms, references, client requirements) with this crate's
//! layers on top, in one pass in document order.

// The layers, lowest first, above the runtime's: `metadata` checks one primitive's own members
// beyond its identity; `tool_schema` a tool's JSON Schemas (using `references` and `metadata`'s
// wording); `examples` a primitive's examples (using `references`, `metadata` and
// `tool_schema`'s reading of a dialect); `interactions` a tool's examples against its
// declarations; `surface` what the document says around the primitives (capabilities, tags,
// security schemes and requirements). `validate` below drives them with the runtime's, in
// document order, so no layer calls one above it.
mod examples;
mod interactions;
mod metadata;
mod regex;
mod surface;
pub(crate) mod tool_schema;
mod unicode_properties;

use serde_json::{Map, Value};

use mcpdesc_format::diagnostics::check_document;
pub(crate) use mcpdesc_format::diagnostics::{
    Code, Report, Rule, declarations, document, extensions, form_schema, kind, references, seen,
    toolbox,
};

use crate::object::Members as _;
use crate::version::VersionSet;
use kind::Kind;
use toolbox::{Cx, pointer};

/// Validates an MCP Description document: every rule of the format this crate knows, each
/// problem a [`Diagnostic`](crate::Diagnostic) with its rule id, code, severity, JSON Pointer and
/// message. Never fetches a URL.
pub fn validate(document: &Value) -> Report {
    let mut cx = Cx::new(document);
    check_document(&mut cx, None, &mut Layers::default());
    Report::from_diagnostics(cx.diagnostics.finish())
}

/// This crate's checks, between the runtime's.
#[derive(Default)]
struct Layers<'a> {
    /// The JSON Schemas the tools of the document share, checked once.
    shared_tool_schemas: tool_schema::Shared<'a>,
    /// The schemas examples are checked against, and the document's budget for their patterns.
    instances: crate::instances::Instances,
}

impl<'a> mcpdesc_format::diagnostics::Layers<'a> for Layers<'a> {
    fn surface(&mut self, cx: &mut Cx<'a>) {
        surface::check(cx);
    }

    fn components(&mut self, cx: &mut Cx<'a>) {
        examples::check_components(cx);
    }

    fn collection(&mut self, _: Kind) {
        self.shared_tool_schemas = tool_schema::Shared::default();
    }

    fn members(
        &mut self,
        cx: &mut Cx<'a>,
        kind: Kind,
        object: &'a Map<String, Value>,
        path: &str,
        scope: VersionSet,
    ) {
        metadata::check(cx, kind, object, path, scope);
        if kind == kind::TOOL {
            tool_schema::check(cx, object, path, scope, &mut self.shared_tool_schemas);
        }
        examples::check(cx, kind, object, path, scope, &mut self.instances);
    }

    fn declared(
        &mut self,
        cx: &mut Cx<'a>,
        kind: Kind,
        object: &'a Map<String, Value>,
        path: &str,
        scope: VersionSet,
        declared: &[declarations::Declared<'a>],
    ) {
        if kind == kind::TOOL
            && let Some(examples) = object.member("interactionExamples")
        {
            interactions::check(
                cx,
                examples,
                &pointer(path, "interactionExamples"),
                declared,
                &interactions::Requirements::of(object),
                scope,
            );
        }
    }
}
