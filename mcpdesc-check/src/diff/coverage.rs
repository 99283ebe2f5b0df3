//! What [`diff`](super::diff) compares of each member of the format, by the format's own names
//! (`tool.inputSchema`: the member `inputSchema` of the format's `tool`).

/// How a member of the format is compared.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Coverage {
    /// By the rules whose ids start with these (`input-` is every rule of tool input schemas),
    /// the member as a whole.
    By(&'static [&'static str]),
    /// Member by member: each of its members has an entry of its own.
    Within,
    /// Not compared, and why.
    NotCompared(&'static str),
}

use Coverage::{By, Within};

/// Every member of the format and how it is compared, keyed `object.member` by the names of the
/// format's JSON Schema (`$root` is the document; `x-*` a specification extension).
pub static COVERAGE: &[(&str, Coverage)] = &[
    ("$root.$schema", By(&["documentation-changed"])),
    ("$root.mcpdesc", By(&["documentation-changed"])),
    ("$root.instructions", By(&["documentation-changed"])),
    ("$root.info", Within),
    ("info.name", By(&["server-name-changed"])),
    ("info.version", By(&["documentation-changed"])),
    ("info.title", By(&["documentation-changed"])),
    ("info.description", By(&["documentation-changed"])),
    ("info.id", By(&["documentation-changed"])),
    ("info.icons", By(&["documentation-changed"])),
    ("info.contact", By(&["documentation-changed"])),
    ("info.license", By(&["documentation-changed"])),
    ("info.websiteUrl", By(&["documentation-changed"])),
    ("info.x-*", By(&["extension-changed"])),
    ("$root.protocolVersions", By(&["protocol-version-"])),
    ("$root.transports", By(&["transport-"])),
    ("$root.capabilities", By(&["capability-"])),
    (
        "$root.security",
        By(&[
            "security-required",
            "security-lifted",
            "security-alternative-",
        ]),
    ),
    ("$root.securitySchemes", By(&["security-scheme-"])),
    ("$root.tags", By(&["documentation-changed"])),
    ("$root.components", Within),
    (
        "components.schemas",
        By(&["input-", "output-", "form-", "documentation-changed"]),
    ),
    ("components.toolExamples", By(&["example-changed"])),
    ("components.promptExamples", By(&["example-changed"])),
    ("components.resourceExamples", By(&["example-changed"])),
    (
        "components.resourceTemplateExamples",
        By(&["example-changed"]),
    ),
    ("components.x-*", By(&["extension-changed"])),
    ("$root.x-*", By(&["extension-changed"])),
    // Tools.
    ("$root.tools", Within),
    (
        "tool.name",
        By(&["tool-added", "tool-removed", "tool-renamed"]),
    ),
    ("tool.title", By(&["documentation-changed"])),
    ("tool.description", By(&["documentation-changed"])),
    ("tool.icons", By(&["documentation-changed"])),
    ("tool.tags", By(&["documentation-changed"])),
    ("tool._meta", By(&["documentation-changed"])),
    ("tool.inputSchema", By(&["input-"])),
    ("tool.outputSchema", By(&["output-"])),
    ("tool.annotations", Within),
    (
        "toolAnnotations.readOnlyHint",
        By(&["tool-no-longer-read-only", "tool-hints-relaxed"]),
    ),
    (
        "toolAnnotations.destructiveHint",
        By(&["tool-now-destructive", "tool-hints-relaxed"]),
    ),
    (
        "toolAnnotations.idempotentHint",
        By(&["tool-no-longer-idempotent", "tool-hints-relaxed"]),
    ),
    (
        "toolAnnotations.openWorldHint",
        By(&["tool-now-open-world", "tool-hints-relaxed"]),
    ),
    ("toolAnnotations.title", By(&["documentation-changed"])),
    ("tool.execution", Within),
    ("execution.taskSupport", By(&["tool-task-support-"])),
    ("tool.examples", By(&["example-changed"])),
    ("tool.interactionExamples", By(&["example-changed"])),
    ("tool.x-*", By(&["extension-changed"])),
    // Prompts.
    ("$root.prompts", Within),
    (
        "prompt.name",
        By(&["prompt-added", "prompt-removed", "prompt-renamed"]),
    ),
    ("prompt.title", By(&["documentation-changed"])),
    ("prompt.description", By(&["documentation-changed"])),
    ("prompt.icons", By(&["documentation-changed"])),
    ("prompt.tags", By(&["documentation-changed"])),
    ("prompt._meta", By(&["documentation-changed"])),
    ("prompt.arguments", Within),
    (
        "promptArgument.name",
        By(&[
            "prompt-argument-added",
            "prompt-argument-required-added",
            "prompt-argument-removed",
        ]),
    ),
    ("promptArgument.required", By(&["prompt-argument-made-"])),
    ("promptArgument.title", By(&["documentation-changed"])),
    ("promptArgument.description", By(&["documentation-changed"])),
    ("promptArgument.x-*", By(&["extension-changed"])),
    ("prompt.examples", By(&["example-changed"])),
    ("prompt.completionExamples", By(&["example-changed"])),
    ("prompt.x-*", By(&["extension-changed"])),
    // Resources.
    ("$root.resources", Within),
    (
        "resource.uri",
        By(&["resource-added", "resource-removed", "resource-uri-changed"]),
    ),
    ("resource.name", By(&["resource-renamed"])),
    ("resource.mimeType", By(&["resource-mime-type-changed"])),
    ("resource.size", By(&["documentation-changed"])),
    ("resource.annotations", By(&["documentation-changed"])),
    ("resource.title", By(&["documentation-changed"])),
    ("resource.description", By(&["documentation-changed"])),
    ("resource.icons", By(&["documentation-changed"])),
    ("resource.tags", By(&["documentation-changed"])),
    ("resource._meta", By(&["documentation-changed"])),
    ("resource.examples", By(&["example-changed"])),
    ("resource.x-*", By(&["extension-changed"])),
    // Resource templates.
    ("$root.resourceTemplates", Within),
    (
        "resourceTemplate.uriTemplate",
        By(&[
            "resource-template-added",
            "resource-template-removed",
            "resource-template-uri-changed",
        ]),
    ),
    ("resourceTemplate.name", By(&["resource-template-renamed"])),
    (
        "resourceTemplate.mimeType",
        By(&["resource-template-mime-type-changed"]),
    ),
    (
        "resourceTemplate.annotations",
        By(&["documentation-changed"]),
    ),
    ("resourceTemplate.title", By(&["documentation-changed"])),
    (
        "resourceTemplate.description",
        By(&["documentation-changed"]),
    ),
    ("resourceTemplate.icons", By(&["documentation-changed"])),
    ("resourceTemplate.tags", By(&["documentation-changed"])),
    ("resourceTemplate._meta", By(&["documentation-changed"])),
    ("resourceTemplate.examples", By(&["example-changed"])),
    (
        "resourceTemplate.completionExamples",
        By(&["example-changed"]),
    ),
    ("resourceTemplate.x-*", By(&["extension-changed"])),
    // What every primitive has.
    ("tool.protocolVersions", By(&["scope-"])),
    ("prompt.protocolVersions", By(&["scope-"])),
    ("resource.protocolVersions", By(&["scope-"])),
    ("resourceTemplate.protocolVersions", By(&["scope-"])),
    (
        "tool.deprecated",
        By(&["deprecated", "deprecation-withdrawn"]),
    ),
    (
        "prompt.deprecated",
        By(&["deprecated", "deprecation-withdrawn"]),
    ),
    (
        "resource.deprecated",
        By(&["deprecated", "deprecation-withdrawn"]),
    ),
    (
        "resourceTemplate.deprecated",
        By(&["deprecated", "deprecation-withdrawn"]),
    ),
    (
        "tool.security",
        By(&[
            "security-required",
            "security-lifted",
            "security-alternative-",
        ]),
    ),
    (
        "prompt.security",
        By(&[
            "security-required",
            "security-lifted",
            "security-alternative-",
        ]),
    ),
    (
        "resource.security",
        By(&[
            "security-required",
            "security-lifted",
            "security-alternative-",
        ]),
    ),
    (
        "resourceTemplate.security",
        By(&[
            "security-required",
            "security-lifted",
            "security-alternative-",
        ]),
    ),
    ("tool.clientRequirements", By(&["client-requirement-"])),
    ("prompt.clientRequirements", By(&["client-requirement-"])),
    ("resource.clientRequirements", By(&["client-requirement-"])),
    (
        "resourceTemplate.clientRequirements",
        By(&["client-requirement-"]),
    ),
    ("tool.elicitations", Within),
    ("prompt.elicitations", Within),
    ("resource.elicitations", Within),
    ("resourceTemplate.elicitations", Within),
    // Elicitation declarations.
    (
        "elicitationDeclaration.name",
        By(&["elicitation-added", "elicitation-removed"]),
    ),
    (
        "elicitationDeclaration.mode",
        By(&["elicitation-mode-changed"]),
    ),
    (
        "elicitationDeclaration.message",
        By(&["elicitation-text-changed"]),
    ),
    (
        "elicitationDeclaration.when",
        By(&["elicitation-text-changed"]),
    ),
    (
        "elicitationDeclaration.url",
        By(&["elicitation-url-changed"]),
    ),
    ("elicitationDeclaration.requestedSchema", By(&["form-"])),
    (
        "elicitationDeclaration.protocolVersions",
        By(&["elicitation-scope-"]),
    ),
    (
        "elicitationDeclaration.onDecline",
        By(&["elicitation-on-decline-changed"]),
    ),
    (
        "elicitationDeclaration.onCancel",
        By(&["elicitation-on-cancel-changed"]),
    ),
    ("elicitationDeclaration.x-*", By(&["extension-changed"])),
];
