//! The primitive members that not every MCP version defines: one table, read by the description
//! builder (which leaves such members out or refuses them) and by the validator (which reports
//! them as `field-not-supported-by-version`); and the name of the specification extension that
//! both write and read on declarations, [`RUNTIME_CHOICES`].

use crate::version::{ProtocolVersion, VersionSet};

/// The specification extension on a form-mode declaration that lists the properties whose
/// choices are given when the form is sent (`#[form(runtime_choices)]`), written by the builder
/// for every form that has any: `"x-mcpdesc-runtime-choices": ["assignee"]`.
///
/// A reader learns from it which choices come at run time; `validate` checks that it names
/// string or string-array properties of the form; and [`crate::contract::check_description`]
/// accepts choices filled into those properties only (without it, into any such property).
pub const RUNTIME_CHOICES: &str = "x-mcpdesc-runtime-choices";

/// Where a version-dependent member sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// A member of the primitive itself.
    Primitive,
    /// A member of each entry of a prompt's `arguments`.
    PromptArgument,
    /// A member at the root of a tool's `inputSchema` or `outputSchema`.
    ToolSchemaRoot,
    /// A member of a resource's or resource template's `annotations`.
    ResourceAnnotations,
}

/// One member, the first version that defines it and, when a later version dropped it, the
/// first version without it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct VersionedMember {
    /// The collection of the primitives it belongs to (`tools`, `prompts`, ...).
    pub(crate) collection: &'static str,
    pub(crate) place: Place,
    pub(crate) member: &'static str,
    pub(crate) since: ProtocolVersion,
    pub(crate) until: Option<ProtocolVersion>,
}

impl VersionedMember {
    /// Whether `version` defines the member.
    pub(crate) fn defined_in(&self, version: ProtocolVersion) -> bool {
        version >= self.since && self.until.is_none_or(|until| version < until)
    }

    /// The versions of `scope` that do not define the member.
    pub(crate) fn missing_from(&self, scope: VersionSet) -> VersionSet {
        scope.iter().filter(|v| !self.defined_in(*v)).collect()
    }

    /// What the member needs, for messages: "it requires 2025-11-25 or later", "MCP 2026-07-28
    /// removed it".
    pub(crate) fn requirement(&self) -> String {
        match self.until {
            Some(until) => format!(
                "it is defined from {} and MCP {until} removed it",
                self.since
            ),
            None => format!("it requires {} or later", self.since),
        }
    }
}

const fn m(
    collection: &'static str,
    place: Place,
    member: &'static str,
    since: ProtocolVersion,
) -> VersionedMember {
    VersionedMember {
        collection,
        place,
        member,
        since,
        until: None,
    }
}

const fn removed(mut member: VersionedMember, until: ProtocolVersion) -> VersionedMember {
    member.until = Some(until);
    member
}

use Place::{Primitive, PromptArgument, ResourceAnnotations, ToolSchemaRoot};
use ProtocolVersion::{V2025_03_26, V2025_06_18, V2025_11_25, V2026_07_28};

/// The table, from the MCP schema of each version: `annotations` on tools and `size` on resources
/// came with 2025-03-26; `title`, `outputSchema`, `_meta` and the annotation `lastModified` with
/// 2025-06-18; `icons`, `execution` and a tool schema's own `$schema` dialect with 2025-11-25;
/// 2026-07-28 removed `execution` (tasks left the tool definition).
pub(crate) const VERSIONED: &[VersionedMember] = &[
    m("tools", Primitive, "annotations", V2025_03_26),
    m("tools", Primitive, "title", V2025_06_18),
    m("tools", Primitive, "outputSchema", V2025_06_18),
    m("tools", Primitive, "_meta", V2025_06_18),
    m("tools", Primitive, "icons", V2025_11_25),
    removed(m("tools", Primitive, "execution", V2025_11_25), V2026_07_28),
    m("tools", ToolSchemaRoot, "$schema", V2025_11_25),
    m("resources", Primitive, "size", V2025_03_26),
    m(
        "resources",
        ResourceAnnotations,
        "lastModified",
        V2025_06_18,
    ),
    m(
        "resourceTemplates",
        ResourceAnnotations,
        "lastModified",
        V2025_06_18,
    ),
    m("resources", Primitive, "title", V2025_06_18),
    m("resources", Primitive, "_meta", V2025_06_18),
    m("resources", Primitive, "icons", V2025_11_25),
    m("resourceTemplates", Primitive, "title", V2025_06_18),
    m("resourceTemplates", Primitive, "_meta", V2025_06_18),
    m("resourceTemplates", Primitive, "icons", V2025_11_25),
    m("prompts", Primitive, "title", V2025_06_18),
    m("prompts", Primitive, "_meta", V2025_06_18),
    m("prompts", Primitive, "icons", V2025_11_25),
    m("prompts", PromptArgument, "title", V2025_06_18),
];

/// The versioned members of the primitives of `collection`.
pub(crate) fn of(collection: &str) -> impl Iterator<Item = &'static VersionedMember> + '_ {
    VERSIONED.iter().filter(move |v| v.collection == collection)
}
