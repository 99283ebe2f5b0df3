//! The primitive members that not every MCP version defines: one table, read by the description
//! builder (which leaves such members out or refuses them) and by the validator (which reports
//! them as `field-not-supported-by-version`); and the name of the specification extension that
//! both write and read on declarations, [`RUNTIME_CHOICES`].

use crate::version::{Fact, ProtocolVersion, VersionSet};

/// The specification extension on a form-mode declaration that lists the properties whose
/// choices are given when the form is sent (`#[form(runtime_choices)]`), written by the builder
/// for every form that has any, and only there: `"x-mcpdesc-runtime-choices": ["assignee"]`.
///
/// A reader learns from it which choices come at run time; `validate` checks that it names
/// string or string-array properties of the form; and the runtime's contract check
/// accepts choices filled into those properties only (into none on a declaration without it).
pub const RUNTIME_CHOICES: &str = "x-mcpdesc-runtime-choices";

/// Where a version-dependent member sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A member of the primitive itself.
    Primitive,
    /// A member of each entry of a prompt's `arguments`.
    PromptArgument,
    /// A member at the root of a tool's `inputSchema` or `outputSchema`.
    ToolSchemaRoot,
    /// A member of a resource's or resource template's `annotations`.
    ResourceAnnotations,
}

/// One member and the fact of the version table ([`Fact`]) that says which versions define it.
#[derive(Clone, Copy, Debug)]
pub struct VersionedMember {
    /// The collection of the primitives it belongs to (`tools`, `prompts`, ...).
    pub collection: &'static str,
    /// Whether it is a member of the primitive or of one of its parts.
    pub place: Place,
    /// The member's name.
    pub member: &'static str,
    fact: Fact,
}

impl VersionedMember {
    /// The versions that define the member.
    pub const fn versions(&self) -> VersionSet {
        self.fact.versions()
    }

    /// The versions of `scope` that do not define the member.
    pub const fn missing_from(&self, scope: VersionSet) -> VersionSet {
        scope.difference(self.versions())
    }

    /// The first version that defines the member (every member of the table has one: a
    /// `const` assertion below holds it).
    pub const fn since(&self) -> ProtocolVersion {
        match self.fact.since() {
            Some(version) => version,
            None => ProtocolVersion::LATEST,
        }
    }

    /// The version that removed the member after it came, if one did.
    pub const fn until(&self) -> Option<ProtocolVersion> {
        self.fact.until()
    }

    /// What the member needs, for messages: "it requires 2025-11-25 or later", "MCP 2026-07-28
    /// removed it".
    pub fn requirement(&self) -> String {
        match self.until() {
            Some(until) => format!(
                "it is defined from {} and MCP {until} removed it",
                self.since()
            ),
            None => format!("it requires {} or later", self.since()),
        }
    }
}

const fn m(
    collection: &'static str,
    place: Place,
    member: &'static str,
    fact: Fact,
) -> VersionedMember {
    VersionedMember {
        collection,
        place,
        member,
        fact,
    }
}

use Fact::{
    Icons, LastModified, OutputSchema, PrimitiveMeta, ResourceSize, Titles, ToolAnnotations,
    ToolExecution, ToolSchemaDialects,
};
use Place::{Primitive, PromptArgument, ResourceAnnotations, ToolSchemaRoot};

/// The members of primitives that not every version defines, each with the fact of the version
/// table that says which do (from the MCP schema of each version). The server's `info` is not
/// held to versions: the format reads it as protocol-independent (the public fixture
/// `protocol-independent-info-metadata` is valid with 2025-11-25's `info` members on
/// 2025-06-18).
pub const VERSIONED: &[VersionedMember] = &[
    m("tools", Primitive, "annotations", ToolAnnotations),
    m("tools", Primitive, "title", Titles),
    m("tools", Primitive, "outputSchema", OutputSchema),
    m("tools", Primitive, "_meta", PrimitiveMeta),
    m("tools", Primitive, "icons", Icons),
    m("tools", Primitive, "execution", ToolExecution),
    m("tools", ToolSchemaRoot, "$schema", ToolSchemaDialects),
    m("resources", Primitive, "size", ResourceSize),
    m(
        "resources",
        ResourceAnnotations,
        "lastModified",
        LastModified,
    ),
    m(
        "resourceTemplates",
        ResourceAnnotations,
        "lastModified",
        LastModified,
    ),
    m("resources", Primitive, "title", Titles),
    m("resources", Primitive, "_meta", PrimitiveMeta),
    m("resources", Primitive, "icons", Icons),
    m("resourceTemplates", Primitive, "title", Titles),
    m("resourceTemplates", Primitive, "_meta", PrimitiveMeta),
    m("resourceTemplates", Primitive, "icons", Icons),
    m("prompts", Primitive, "title", Titles),
    m("prompts", Primitive, "_meta", PrimitiveMeta),
    m("prompts", Primitive, "icons", Icons),
    m("prompts", PromptArgument, "title", Titles),
];

// Every member of the table is defined by some version.
const _: () = {
    let mut rest = VERSIONED;
    while let [member, tail @ ..] = rest {
        assert!(!member.versions().is_empty());
        rest = tail;
    }
};

/// The versioned members of the primitives of `collection`.
pub fn of(collection: &str) -> impl Iterator<Item = &'static VersionedMember> + '_ {
    VERSIONED.iter().filter(move |v| v.collection == collection)
}
