//! The rules of the format, each with its id in the specification.

use std::fmt;

/// The table of rules: each variant with its id.
macro_rules! rules {
    ($($(#[$doc:meta])* $variant:ident = $id:literal,)*) => {
        /// The rule of the format a [`Diagnostic`](super::Diagnostic) belongs to, such as `mcpdesc.elicitation.members`:
        /// [`id`](Rule::id) is its id in the specification, which `Display` and serde write.
        ///
        /// ```
        /// use mcpdesc_format::diagnostics::Rule;
        ///
        /// assert_eq!(Rule::ElicitationMembers.id(), "mcpdesc.elicitation.members");
        /// assert_eq!(Rule::from_id("mcpdesc.tool.members"), Some(Rule::ToolMembers));
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Rule {
            $($(#[$doc])* $variant,)*
        }

        impl Rule {
            /// Every rule, in the order of this list.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant,)*];

            /// The rule's id in the specification.
            pub const fn id(self) -> &'static str {
                match self {
                    $(Rule::$variant => $id,)*
                }
            }
        }
    };
}

rules! {
    /// Root members, versions and collections.
    DocumentMembers = "mcpdesc.document.members",
    /// A tool's members (and `elicitations` non-empty).
    ToolMembers = "mcpdesc.tool.members",
    /// A resource's members.
    ResourceMembers = "mcpdesc.resource.members",
    /// A resource template's members.
    ResourceTemplateMembers = "mcpdesc.resource-template.members",
    /// A prompt's members.
    PromptMembers = "mcpdesc.prompt.members",
    /// Primitive identities (tool and prompt names, resource URIs) unique where scopes overlap.
    PrimitiveUnique = "mcpdesc.primitive.identity-unique",
    /// An elicitation declaration's members.
    ElicitationMembers = "mcpdesc.elicitation.members",
    /// Declaration names unique per primitive.
    ElicitationNameUnique = "mcpdesc.elicitation.name-unique",
    /// A flat form schema of the MCP vocabulary.
    FormSchemaMembers = "mcp.elicitation.form-schema.members",
    /// The form vocabulary of every version in scope.
    FormSchemaProtocolShape = "mcp.elicitation.form-schema.protocol-shape",
    /// Required names, enumNames, defaults and ranges consistent.
    FormSchemaConsistency = "mcpdesc.elicitation.form-schema.consistency",
    /// Explicit scopes are non-empty subsets of their parent's.
    ProtocolScopeConsistency = "mcpdesc.protocol-scope.consistency",
    /// URL mode only where every version in scope has it.
    ElicitationProtocolVersion = "mcp.elicitation.protocol-version",
    /// Component references resolve, to the right namespace, without cycles.
    ComponentReferences = "mcpdesc.components.references",
    /// `clientRequirements.elicitation` fits every version in scope.
    ClientRequirements = "mcpdesc.client-requirements.elicitation",
    /// The other client capabilities a primitive requires: defined by every version in scope.
    ClientCapabilities = "mcpdesc.client-requirements.capabilities",
    /// Tool examples: their shape, a completed result of every version in scope, input and
    /// structured content that fit the tool's schemas.
    ToolExamples = "mcpdesc.tool.examples",
    /// Prompt examples: their shape, declared and required arguments, a completed result of
    /// every version in scope.
    PromptExamples = "mcpdesc.prompt.examples",
    /// Resource and resource template examples: their shape, the URI read, a completed result
    /// of every version in scope, with its cache hints, that returns that URI's contents.
    ResourceExamples = "mcpdesc.resource.examples",
    /// Completion examples: their shape, the arguments or variables they name, the versions
    /// that complete.
    CompletionExamples = "mcpdesc.completion.examples",
    /// Security schemes: their names, types and OAuth flows.
    SecuritySchemes = "mcpdesc.security.schemes",
    /// Tool interaction examples' elicitation steps.
    InteractionExamples = "mcpdesc.tool.interaction-examples",
    /// A primitive's members are defined by every protocol version in its scope.
    PrimitiveProtocolMembers = "mcp.primitive.protocol-members",
    /// Legacy versions: validation is incomplete.
    LegacyScope = "mcpdesc.legacy-protocol.validation-scope",
    /// A tool's `inputSchema` and `outputSchema`: the legacy shape, the dialect, the dialect's
    /// meta-schema, and references that resolve.
    ToolSchemas = "mcpdesc.tool.schemas",
    /// `_meta` keys the protocol reserves, where and as the versions in scope define them.
    ReservedMetaKeys = "mcp.meta.reserved-keys",
    /// Transports: every root version served, each transport defined by its versions.
    Transports = "mcpdesc.transports.coverage",
    /// Capability sets: one per version.
    Capabilities = "mcpdesc.capabilities.scope",
    /// Tags: declared once, referenced only when declared.
    Tags = "mcpdesc.tags.references",
    /// Security requirements: schemes that exist, scopes where the scheme has them.
    Security = "mcpdesc.security.requirements",
    /// This crate's own, not a rule of the format: a report lists at most
    /// [`MAX_DIAGNOSTICS`](super::MAX_DIAGNOSTICS) diagnostics and
    /// [`MAX_REPORT_BYTES`](super::MAX_REPORT_BYTES) of paths and messages.
    ReportLimit = "mcpdesc-rs.report.limit",
}

impl Rule {
    /// The rule with the id `id`, if this crate knows it.
    pub fn from_id(id: &str) -> Option<Rule> {
        Rule::ALL.iter().copied().find(|r| r.id() == id)
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl serde::Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl PartialEq<str> for Rule {
    fn eq(&self, other: &str) -> bool {
        self.id() == other
    }
}

impl PartialEq<&str> for Rule {
    fn eq(&self, other: &&str) -> bool {
        self.id() == *other
    }
}

impl PartialEq<Rule> for &str {
    fn eq(&self, other: &Rule) -> bool {
        *self == other.id()
    }
}
