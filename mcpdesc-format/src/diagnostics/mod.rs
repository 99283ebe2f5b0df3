//! What the description builder, the contract check and the whole-format checker report: a
//! [`Report`] of [`Diagnostic`]s, each with the specification's rule ([`Rule`]), a stable
//! kebab-case [`Code`], a [`Severity`], a JSON Pointer and a message that says what is wrong and
//! what to write instead.
//!
//! The checks here are the ones the runtime's description builder runs on what it builds
//! ([`check_built`]): the root's members, `info` and versions, the transports, the primitives'
//! names and identities, scopes, declarations and their forms, component references, and what
//! each declaration requires of its primitive. The whole-format validator, `mcpdesc-check`'s
//! `validate`, runs them through [`check_document`] with its own checks between them (examples,
//! tool schemas, metadata, capabilities, tags, security), given as [`Layers`].
//!
//! ```
//! use mcpdesc_format::diagnostics::parse_requested_schema;
//!
//! let problems = parse_requested_schema(&serde_json::json!({
//!     "type": "object",
//!     "properties": {"address": {"type": "object"}}
//! }))
//! .unwrap_err();
//! assert_eq!(problems[0].path, "/properties/address/type");
//! ```
//!
//! # The layers, lowest first
//!
//! - Below every check: [`report`] (diagnostics and their limits), [`code`] (the table of
//!   codes), [`followed`] (the memo of references followed), [`seen`], [`toolbox`] (the context,
//!   scopes, pointers and shared member shapes).
//! - [`kind`], [`extensions`] and [`references`] read only the document.
//! - [`document`] checks the root (its members, `info`, the versions) and sets the root scope;
//!   [`transports`] the transports within it.
//! - [`form_schema`] checks one form.
//! - [`primitives`] checks one primitive's identity, scope and client requirements;
//!   [`declarations`] the declarations a primitive carries.
//!
//! [`check_document`] drives them in that order; no layer calls one above it.

pub mod code;
pub mod declarations;
pub mod document;
pub mod extensions;
pub mod followed;
pub mod form_schema;
pub mod kind;
pub mod primitives;
pub mod references;
pub mod report;
mod rule;
pub mod seen;
pub mod toolbox;
pub mod transports;

use serde_json::{Map, Value};

pub use code::Code;
pub use form_schema::parse_requested_schema;
pub use form_schema::request_problems;
pub use references::resolve_requested_schema;
pub use report::{Diagnostic, MAX_DIAGNOSTICS, MAX_REPORT_BYTES, Report, Severity};
pub use rule::Rule;
use toolbox::{Cx, write_item_pointer};
pub use toolbox::{root_scope_of, scope_within_at};

use crate::version::VersionSet;

/// What the builder checks of a document whose elicitation declarations are given beside it
/// rather than inside it, as the runtime's description builder keeps them:
/// `document` holds no `elicitations` member, and `listed` says which of its distinct
/// declaration objects each primitive carries. Its diagnostics are the ones the checker gives
/// for these rules on the document with those declarations written into it (`elicitations` as
/// each primitive's last member), with every path the same; a declaration object listed by
/// several primitives of the same scope is checked once, and its diagnostics are repeated where
/// it is listed.
///
/// Without `listed`, the declarations are read from the document.
pub fn check_built(document: &Value, listed: Option<&declarations::Listed<'_>>) -> Report {
    let mut cx = Cx::new(document);
    let mut memo = declarations::Memo::default();
    check_document(&mut cx, listed.map(|l| (l, &mut memo)), &mut ());
    Report {
        diagnostics: cx.diagnostics.finish(),
    }
}

/// The checks a validator runs beside this crate's, in the order [`check_document`] calls
/// them. Every method does nothing unless implemented.
pub trait Layers<'a> {
    /// After the root members and the transports, before the components' references.
    fn surface(&mut self, cx: &mut Cx<'a>) {
        let _ = cx;
    }

    /// After the components' references, before the primitives.
    fn components(&mut self, cx: &mut Cx<'a>) {
        let _ = cx;
    }

    /// Before the primitives of one collection.
    fn collection(&mut self, kind: kind::Kind) {
        let _ = kind;
    }

    /// After a primitive's identity, scope and client requirements, before its declarations.
    fn members(
        &mut self,
        cx: &mut Cx<'a>,
        kind: kind::Kind,
        object: &'a Map<String, Value>,
        path: &str,
        scope: VersionSet,
    ) {
        let _ = (cx, kind, object, path, scope);
    }

    /// After a primitive's declarations (`declared`), before its identity is compared with the
    /// others'.
    fn declared(
        &mut self,
        cx: &mut Cx<'a>,
        kind: kind::Kind,
        object: &'a Map<String, Value>,
        path: &str,
        scope: VersionSet,
        declared: &[declarations::Declared<'a>],
    ) {
        let _ = (cx, kind, object, path, scope, declared);
    }
}

/// Only this crate's checks.
impl Layers<'_> for () {}

/// A whole document, in document order: the root (its members, `info`, the versions), the
/// transports, `layers`' surface, the components' references, `layers`' components, then every
/// primitive. The one place that order is written: the builder's
/// checks and the checker's `validate` both run it.
pub fn check_document<'a>(
    cx: &mut Cx<'a>,
    listed: Option<(&declarations::Listed<'a>, &mut declarations::Memo<'a>)>,
    layers: &mut dyn Layers<'a>,
) {
    document::check(cx);
    transports::check(cx);
    layers.surface(cx);
    references::check_components(cx);
    layers.components(cx);
    check_primitives(cx, listed, layers);
}

/// Every primitive of every kind: its identity, scope and client requirements, `layers`'
/// members, the declarations it carries (read from `listed` when given), `layers`' checks of
/// what it declares; last, identities per collection.
fn check_primitives<'a>(
    cx: &mut Cx<'a>,
    mut listed: Option<(&declarations::Listed<'a>, &mut declarations::Memo<'a>)>,
    layers: &mut dyn Layers<'a>,
) {
    let document = cx.document;
    for (k, kind) in kind::KINDS.into_iter().enumerate() {
        let Some(Value::Array(items)) = document.get(kind.collection) else {
            continue;
        };
        layers.collection(kind);
        let mut identities = primitives::Identities::with_capacity(items.len());
        let mut path = String::new();
        for (i, item) in items.iter().enumerate() {
            write_item_pointer(&mut path, kind.collection, i);
            let Some(object) = item.as_object() else {
                cx.structural(kind.rule, &path, format!("{} must be an object", kind.what));
                continue;
            };
            let scope = primitives::check(cx, kind, object, &path);
            layers.members(cx, kind, object, &path, scope);
            let declared = match listed.as_mut() {
                Some((listed, memo)) => {
                    declarations::check_listed(cx, listed, memo, (k, i), kind, &path, scope)
                }
                None => declarations::check(cx, kind, object, &path, scope),
            };
            layers.declared(cx, kind, object, &path, scope, &declared);
            identities.check(cx, kind, object, &path, i, scope);
        }
    }
}
