//! The four kinds of primitive and what the format says of each: its collection, identity,
//! required and allowed members. The lowest layer of the primitive checks: every other module
//! reads it, it reads none of them.

use super::Rule;
use crate::primitive::Primitive;

/// One kind of primitive.
#[derive(Clone, Copy, Debug)]
pub struct Kind {
    /// The root collection.
    pub collection: &'static str,
    /// The member that identifies one (`name`, `uri`, `uriTemplate`).
    pub identity: &'static str,
    /// Required members.
    pub required: &'static [&'static str],
    /// Every member.
    pub members: &'static [&'static str],
    /// The rule its members are checked under.
    pub rule: Rule,
    /// "a tool", for messages.
    pub what: &'static str,
}

/// Tools.
pub const TOOL: Kind = Kind {
    collection: "tools",
    identity: "name",
    required: &["name", "inputSchema"],
    members: &[
        "_meta",
        "annotations",
        "clientRequirements",
        "deprecated",
        "description",
        "elicitations",
        "examples",
        "execution",
        "icons",
        "inputSchema",
        "interactionExamples",
        "name",
        "outputSchema",
        "protocolVersions",
        "security",
        "tags",
        "title",
    ],
    rule: Rule::ToolMembers,
    what: "a tool",
};

/// Resources.
pub const RESOURCE: Kind = Kind {
    collection: "resources",
    identity: "uri",
    required: &["uri", "name"],
    members: &[
        "_meta",
        "annotations",
        "clientRequirements",
        "deprecated",
        "description",
        "elicitations",
        "examples",
        "icons",
        "mimeType",
        "name",
        "protocolVersions",
        "security",
        "size",
        "tags",
        "title",
        "uri",
    ],
    rule: Rule::ResourceMembers,
    what: "a resource",
};

/// Resource templates.
pub const RESOURCE_TEMPLATE: Kind = Kind {
    collection: "resourceTemplates",
    identity: "uriTemplate",
    required: &["uriTemplate", "name"],
    members: &[
        "_meta",
        "annotations",
        "clientRequirements",
        "completionExamples",
        "deprecated",
        "description",
        "elicitations",
        "examples",
        "icons",
        "mimeType",
        "name",
        "protocolVersions",
        "security",
        "tags",
        "title",
        "uriTemplate",
    ],
    rule: Rule::ResourceTemplateMembers,
    what: "a resource template",
};

/// Prompts.
pub const PROMPT: Kind = Kind {
    collection: "prompts",
    identity: "name",
    required: &["name"],
    members: &[
        "_meta",
        "arguments",
        "clientRequirements",
        "completionExamples",
        "deprecated",
        "description",
        "elicitations",
        "examples",
        "icons",
        "name",
        "protocolVersions",
        "security",
        "tags",
        "title",
    ],
    rule: Rule::PromptMembers,
    what: "a prompt",
};

/// The four kinds, in the order a description lists their collections.
pub const KINDS: [Kind; 4] = [TOOL, RESOURCE, RESOURCE_TEMPLATE, PROMPT];

impl Kind {
    /// The kind of `primitive`.
    pub const fn of(primitive: Primitive) -> Kind {
        match primitive {
            Primitive::Tool(_) => TOOL,
            Primitive::Resource(_) => RESOURCE,
            Primitive::ResourceTemplate(_) => RESOURCE_TEMPLATE,
            Primitive::Prompt(_) => PROMPT,
        }
    }

    /// The kind of a primitive named by a borrowed string.
    pub const fn of_name(primitive: crate::primitive::PrimitiveName<'_>) -> Kind {
        use crate::primitive::PrimitiveName;
        match primitive {
            PrimitiveName::Tool(_) => TOOL,
            PrimitiveName::Resource(_) => RESOURCE,
            PrimitiveName::ResourceTemplate(_) => RESOURCE_TEMPLATE,
            PrimitiveName::Prompt(_) => PROMPT,
        }
    }

    /// "tool", "resource template", for messages.
    pub fn noun(self) -> &'static str {
        let what = self.what;
        what.strip_prefix("an ")
            .or_else(|| what.strip_prefix("a "))
            .unwrap_or(what)
    }
}

/// Kinds are told apart by their collection: comparing every member list would make each
/// `kind == TOOL` a loop over strings.
impl PartialEq for Kind {
    fn eq(&self, other: &Self) -> bool {
        self.collection == other.collection
    }
}

impl Eq for Kind {}

impl std::hash::Hash for Kind {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.collection.hash(state);
    }
}
