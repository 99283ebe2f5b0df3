//! Every rule `diff` applies: its id, its class, the client it affects, and what the author can
//! do instead. The table in [`reference`](crate::reference::diff) shows each with an example pair.

use std::fmt;

/// How much a change matters to the clients of the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// Nothing a client relied on changed: a tool added, a description reworded.
    Info,
    /// A client may behave differently, or the compatibility cannot be decided: a default
    /// changed, a schema keyword outside the compared subset changed.
    Warning,
    /// A client that worked with the old description fails with the new one: a tool removed, a
    /// new required argument, a choice withdrawn.
    Breaking,
}

impl Class {
    /// The word the reports use: `breaking`, `warning`, `info`.
    pub fn as_str(self) -> &'static str {
        match self {
            Class::Info => "info",
            Class::Warning => "warning",
            Class::Breaking => "breaking",
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Class {
    type Err = UnknownClass;

    /// `breaking`, `warning` or `info`, as the reports write them.
    fn from_str(s: &str) -> Result<Self, UnknownClass> {
        match s {
            "info" => Ok(Class::Info),
            "warning" => Ok(Class::Warning),
            "breaking" => Ok(Class::Breaking),
            other => Err(UnknownClass(other.to_owned())),
        }
    }
}

/// A word that names no [`Class`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownClass(String);

impl fmt::Display for UnknownClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown class {:?}: breaking, warning or info", self.0)
    }
}

impl std::error::Error for UnknownClass {}

/// The client a change affects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Consumer {
    /// A client that lists and calls tools, gets prompts, reads resources: what it sends and
    /// what it gets back.
    Caller,
    /// A client that answers the server's elicitation requests: the forms it fills, the URLs it
    /// opens.
    Answerer,
    /// A client or a person that reads the description: names, descriptions, examples.
    Reader,
}

impl Consumer {
    /// The word the reports use: `caller`, `answerer`, `reader`.
    pub fn as_str(self) -> &'static str {
        match self {
            Consumer::Caller => "caller",
            Consumer::Answerer => "answerer",
            Consumer::Reader => "reader",
        }
    }

    /// Who that is, in a sentence.
    pub fn who(self) -> &'static str {
        match self {
            Consumer::Caller => "clients calling tools, prompts and resources",
            Consumer::Answerer => "clients answering the server's forms",
            Consumer::Reader => "clients and people reading the description",
        }
    }
}

impl fmt::Display for Consumer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One rule of [`diff`](crate::diff::diff): a kind of change, how much it matters, to whom, and
/// what to do instead.
#[derive(Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Rule {
    /// The rule's id, as the reports and the reference name it: `tool-removed`.
    pub id: &'static str,
    /// How much a change of this kind matters.
    pub class: Class,
    /// The client it affects.
    pub consumer: Consumer,
    /// What the author can do instead, or do next; empty for a change that needs nothing.
    pub help: &'static str,
}

macro_rules! rules {
    ($($name:ident = $id:literal, $class:ident, $consumer:ident, $help:literal;)*) => {
        $(
            #[doc = concat!("`", $id, "`")]
            pub static $name: Rule = Rule {
                id: $id,
                class: Class::$class,
                consumer: Consumer::$consumer,
                help: $help,
            };
        )*
        /// Every rule, in the order of the reference's table.
        pub static ALL: &[&Rule] = &[$(&$name),*];
    };
}

rules! {
    // The document.
    PROTOCOL_VERSION_REMOVED = "protocol-version-removed", Breaking, Caller, "keep the version in `protocolVersions` until its clients have moved; scope what changed to the newer versions instead";
    PROTOCOL_VERSION_ADDED = "protocol-version-added", Info, Caller, "";
    TRANSPORT_REMOVED = "transport-removed", Breaking, Caller, "keep the old transport beside the new one until its clients have moved";
    TRANSPORT_ADDED = "transport-added", Info, Caller, "";
    TRANSPORT_CHANGED = "transport-changed", Warning, Caller, "say in the release notes how clients configured for the old transport connect now";
    CAPABILITY_REMOVED = "capability-removed", Breaking, Caller, "keep the capability until its clients have moved; scope its removal to a newer protocol version";
    CAPABILITY_ADDED = "capability-added", Info, Caller, "";
    CAPABILITY_NARROWED = "capability-narrowed", Breaking, Caller, "keep sending the notifications (`listChanged`, `subscribe`) clients were told to expect";
    CAPABILITY_WIDENED = "capability-widened", Info, Caller, "";
    CAPABILITY_CHANGED = "capability-changed", Warning, Caller, "check that clients of the old capability still work with the new one";
    SECURITY_REQUIRED = "security-required", Breaking, Caller, "add the requirement as an alternative beside `{}` (no authentication) first, then require it in a later release";
    SECURITY_LIFTED = "security-lifted", Info, Caller, "";
    SECURITY_ALTERNATIVE_REMOVED = "security-alternative-removed", Breaking, Caller, "keep the old way to authenticate beside the new one until its clients have moved";
    SECURITY_ALTERNATIVE_ADDED = "security-alternative-added", Info, Caller, "";
    SECURITY_SCHEME_REMOVED = "security-scheme-removed", Warning, Caller, "keep the scheme while a requirement or a client uses it";
    SECURITY_SCHEME_ADDED = "security-scheme-added", Info, Caller, "";
    SECURITY_SCHEME_CHANGED = "security-scheme-changed", Warning, Caller, "say in the release notes how clients configured for the old scheme authenticate now";
    SERVER_NAME_CHANGED = "server-name-changed", Warning, Reader, "keep `info.name`: clients and registries know the server by it; change `info.title` instead";
    DOCUMENTATION_CHANGED = "documentation-changed", Info, Reader, "";
    EXAMPLE_CHANGED = "example-changed", Info, Reader, "";
    EXTENSION_CHANGED = "extension-changed", Info, Reader, "";
    MEMBER_CHANGED = "member-changed", Warning, Caller, "this member is not compared by a rule: check what it means for clients by hand";
    // Primitives.
    TOOL_REMOVED = "tool-removed", Breaking, Caller, "keep the old tool beside the new one until its callers have moved, and mark it `deprecated`";
    TOOL_ADDED = "tool-added", Info, Caller, "";
    TOOL_RENAMED = "tool-renamed", Breaking, Caller, "keep the old name as a tool of its own that does the same, marked `deprecated`, until its callers have moved";
    PROMPT_REMOVED = "prompt-removed", Breaking, Caller, "keep the old prompt beside the new one until its clients have moved, and mark it `deprecated`";
    PROMPT_ADDED = "prompt-added", Info, Caller, "";
    PROMPT_RENAMED = "prompt-renamed", Breaking, Caller, "keep the old name as a prompt of its own, marked `deprecated`, until its clients have moved";
    RESOURCE_REMOVED = "resource-removed", Breaking, Caller, "keep the old resource beside the new one until its clients have moved, and mark it `deprecated`";
    RESOURCE_ADDED = "resource-added", Info, Caller, "";
    RESOURCE_URI_CHANGED = "resource-uri-changed", Breaking, Caller, "serve the resource at its old URI too until its clients have moved";
    RESOURCE_RENAMED = "resource-renamed", Warning, Caller, "clients read resources by URI, which is kept; a client that looks the resource up by name finds it no more";
    RESOURCE_MIME_TYPE_CHANGED = "resource-mime-type-changed", Breaking, Caller, "serve the new type at a new URI and keep the old one until its clients have moved";
    RESOURCE_TEMPLATE_REMOVED = "resource-template-removed", Breaking, Caller, "keep the old template beside the new one until its clients have moved, and mark it `deprecated`";
    RESOURCE_TEMPLATE_ADDED = "resource-template-added", Info, Caller, "";
    RESOURCE_TEMPLATE_URI_CHANGED = "resource-template-uri-changed", Breaking, Caller, "keep serving URIs of the old template until its clients have moved";
    RESOURCE_TEMPLATE_RENAMED = "resource-template-renamed", Warning, Caller, "clients expand the template, which is kept; a client that looks it up by name finds it no more";
    RESOURCE_TEMPLATE_MIME_TYPE_CHANGED = "resource-template-mime-type-changed", Breaking, Caller, "serve the new type under a new template and keep the old one until its clients have moved";
    SCOPE_NARROWED = "scope-narrowed", Breaking, Caller, "keep the primitive on the versions it had; scope a replacement to the newer versions instead";
    SCOPE_WIDENED = "scope-widened", Info, Caller, "";
    DEPRECATED = "deprecated", Warning, Caller, "say in `description` what replaces it and when it goes";
    DEPRECATION_WITHDRAWN = "deprecation-withdrawn", Info, Caller, "";
    CLIENT_REQUIREMENT_ADDED = "client-requirement-added", Breaking, Caller, "declare what needs the capability as an elicitation scoped to where it is asked, or keep working without it and say so in `when`";
    CLIENT_REQUIREMENT_REMOVED = "client-requirement-removed", Info, Caller, "";
    CLIENT_REQUIREMENT_CHANGED = "client-requirement-changed", Warning, Caller, "check that clients that met the old requirement meet the new one";
    TOOL_NO_LONGER_READ_ONLY = "tool-no-longer-read-only", Breaking, Caller, "clients may run read-only tools without asking the user: add the writing behaviour as a new tool and keep this one read-only";
    TOOL_NOW_DESTRUCTIVE = "tool-now-destructive", Breaking, Caller, "clients may run non-destructive tools without asking the user: add the destructive behaviour as a new tool";
    TOOL_NO_LONGER_IDEMPOTENT = "tool-no-longer-idempotent", Warning, Caller, "clients may retry idempotent tools: say what a repeated call does now";
    TOOL_NOW_OPEN_WORLD = "tool-now-open-world", Warning, Caller, "say in the description which outside systems the tool reaches now";
    TOOL_HINTS_RELAXED = "tool-hints-relaxed", Info, Caller, "";
    TOOL_TASK_SUPPORT_NARROWED = "tool-task-support-narrowed", Breaking, Caller, "keep `execution.taskSupport` `optional` until clients call the tool as they must now";
    TOOL_TASK_SUPPORT_WIDENED = "tool-task-support-widened", Info, Caller, "";
    PROMPT_ARGUMENT_ADDED = "prompt-argument-added", Info, Caller, "";
    PROMPT_ARGUMENT_REQUIRED_ADDED = "prompt-argument-required-added", Breaking, Caller, "make the new argument optional and say in its description what the prompt does without it";
    PROMPT_ARGUMENT_REMOVED = "prompt-argument-removed", Warning, Caller, "clients that still send the argument get a prompt that ignores it: say so in the release notes";
    PROMPT_ARGUMENT_MADE_REQUIRED = "prompt-argument-made-required", Breaking, Caller, "keep the argument optional and say what the prompt does without it";
    PROMPT_ARGUMENT_MADE_OPTIONAL = "prompt-argument-made-optional", Info, Caller, "";
    // Tool input schemas (what a caller sends): accepting less breaks.
    INPUT_REQUIRED_ADDED = "input-required-added", Breaking, Caller, "make the new argument optional with a `default`, and require it in a later, announced release";
    INPUT_REQUIRED_REMOVED = "input-required-removed", Info, Caller, "";
    INPUT_PROPERTY_ADDED = "input-property-added", Info, Caller, "";
    INPUT_PROPERTY_REMOVED = "input-property-removed", Breaking, Caller, "keep the property (marked `deprecated`) or let `additionalProperties` accept it, and ignore it";
    INPUT_PROPERTY_IGNORED = "input-property-ignored", Warning, Caller, "callers that still send the property get a tool that ignores it: mark it `deprecated` for a release first";
    INPUT_TYPE_NARROWED = "input-type-narrowed", Breaking, Caller, "keep accepting the old type and convert it, or add the new type beside it";
    INPUT_TYPE_WIDENED = "input-type-widened", Info, Caller, "";
    INPUT_CHOICE_REMOVED = "input-choice-removed", Breaking, Caller, "keep accepting the old value (mark it deprecated in the description) and map it to its replacement";
    INPUT_CHOICE_ADDED = "input-choice-added", Info, Caller, "";
    INPUT_BOUND_TIGHTENED = "input-bound-tightened", Breaking, Caller, "keep the old bound and clamp or refuse with a clear error in the tool; tighten it in an announced release";
    INPUT_BOUND_LOOSENED = "input-bound-loosened", Info, Caller, "";
    INPUT_FORMAT_ADDED = "input-format-added", Breaking, Caller, "keep accepting free text and check the format in the tool, with an error that says what to send";
    INPUT_FORMAT_REMOVED = "input-format-removed", Info, Caller, "";
    INPUT_FORMAT_CHANGED = "input-format-changed", Breaking, Caller, "accept both formats for a release, or add a new property in the new format";
    INPUT_CLOSED = "input-closed", Breaking, Caller, "leave `additionalProperties` open and ignore what the tool does not read";
    INPUT_OPENED = "input-opened", Info, Caller, "";
    INPUT_DEFAULT_CHANGED = "input-default-changed", Warning, Caller, "callers that leave the argument out get the new default: say so in the release notes";
    INPUT_KEYWORD_CHANGED = "input-keyword-changed", Warning, Caller, "this keyword is outside the compared subset: check by hand that the old arguments are still accepted";
    INPUT_ANNOTATION_CHANGED = "input-annotation-changed", Info, Reader, "";
    // Tool output schemas (what a caller gets back): promising less breaks.
    OUTPUT_SCHEMA_ADDED = "output-schema-added", Info, Caller, "";
    OUTPUT_SCHEMA_REMOVED = "output-schema-removed", Breaking, Caller, "keep `outputSchema` and the `structuredContent` it describes until callers have moved";
    OUTPUT_REQUIRED_REMOVED = "output-required-removed", Breaking, Caller, "keep returning the member; mark it `deprecated` and remove it in an announced release";
    OUTPUT_REQUIRED_ADDED = "output-required-added", Info, Caller, "";
    OUTPUT_PROPERTY_ADDED = "output-property-added", Info, Caller, "";
    OUTPUT_PROPERTY_REMOVED = "output-property-removed", Breaking, Caller, "keep describing the member while results carry it; mark it `deprecated` first";
    OUTPUT_PROPERTY_FORBIDDEN = "output-property-forbidden", Info, Caller, "";
    OUTPUT_TYPE_WIDENED = "output-type-widened", Breaking, Caller, "return the new type in a new member and keep the old member as it was";
    OUTPUT_TYPE_NARROWED = "output-type-narrowed", Info, Caller, "";
    OUTPUT_CHOICE_ADDED = "output-choice-added", Breaking, Caller, "callers that switch on the value meet one they do not know: add it in an announced release, or in a new member";
    OUTPUT_CHOICE_REMOVED = "output-choice-removed", Info, Caller, "";
    OUTPUT_BOUND_LOOSENED = "output-bound-loosened", Breaking, Caller, "keep results within the old bound, or return the wider value in a new member";
    OUTPUT_BOUND_TIGHTENED = "output-bound-tightened", Info, Caller, "";
    OUTPUT_FORMAT_REMOVED = "output-format-removed", Breaking, Caller, "keep returning the format callers parse";
    OUTPUT_FORMAT_ADDED = "output-format-added", Info, Caller, "";
    OUTPUT_FORMAT_CHANGED = "output-format-changed", Breaking, Caller, "return the new format in a new member and keep the old one";
    OUTPUT_OPENED = "output-opened", Breaking, Caller, "keep `additionalProperties: false`, and add the new members to `properties`";
    OUTPUT_CLOSED = "output-closed", Info, Caller, "";
    OUTPUT_DEFAULT_CHANGED = "output-default-changed", Info, Reader, "";
    OUTPUT_KEYWORD_CHANGED = "output-keyword-changed", Warning, Caller, "this keyword is outside the compared subset: check by hand that results still keep the old promise";
    OUTPUT_ANNOTATION_CHANGED = "output-annotation-changed", Info, Reader, "";
    // Elicitation declarations (what an answering client sees and sends).
    ELICITATION_ADDED = "elicitation-added", Warning, Answerer, "calls may now stop and ask: scope the declaration to a new protocol version, or say in `when` which calls ask";
    ELICITATION_REMOVED = "elicitation-removed", Warning, Answerer, "a question users answered before the call (a confirmation, say) is gone: say so in the release notes, and check that the call does nothing its users were asked to agree to";
    ELICITATION_MODE_CHANGED = "elicitation-mode-changed", Breaking, Answerer, "keep the old declaration and scope the new one to a newer protocol version";
    ELICITATION_URL_CHANGED = "elicitation-url-changed", Warning, Answerer, "clients that allow only known origins must learn the new URL: say so in the release notes";
    ELICITATION_SCOPE_WIDENED = "elicitation-scope-widened", Warning, Answerer, "clients on the added versions are now asked: say so in the release notes";
    ELICITATION_SCOPE_NARROWED = "elicitation-scope-narrowed", Warning, Answerer, "clients on the versions left out are no longer asked before the call: say so in the release notes, and check that the call does nothing they were asked to agree to";
    ELICITATION_ON_DECLINE_CHANGED = "elicitation-on-decline-changed", Warning, Answerer, "a client that declines gets another outcome: say so in the release notes";
    ELICITATION_ON_CANCEL_CHANGED = "elicitation-on-cancel-changed", Warning, Answerer, "a client that cancels gets another outcome: say so in the release notes";
    ELICITATION_TEXT_CHANGED = "elicitation-text-changed", Info, Reader, "";
    // Forms (what an answering client sends back): accepting less breaks.
    FORM_REQUIRED_ADDED = "form-required-added", Breaking, Answerer, "make the new field optional with a `default`; an automated client does not send a field it does not know";
    FORM_REQUIRED_REMOVED = "form-required-removed", Info, Answerer, "";
    FORM_PROPERTY_ADDED = "form-property-added", Info, Answerer, "";
    FORM_PROPERTY_REMOVED = "form-property-removed", Warning, Answerer, "answers that still carry the field have it ignored: say so in the release notes";
    FORM_TYPE_NARROWED = "form-type-narrowed", Breaking, Answerer, "keep the field's type and add a new field of the new type";
    FORM_TYPE_WIDENED = "form-type-widened", Info, Answerer, "";
    FORM_CHOICE_REMOVED = "form-choice-removed", Breaking, Answerer, "keep accepting the old choice in answers and map it to its replacement";
    FORM_CHOICE_ADDED = "form-choice-added", Info, Answerer, "";
    FORM_BOUND_TIGHTENED = "form-bound-tightened", Breaking, Answerer, "keep the old bound and check the stricter one in the handler, asking again with a clear message";
    FORM_BOUND_LOOSENED = "form-bound-loosened", Info, Answerer, "";
    FORM_FORMAT_ADDED = "form-format-added", Breaking, Answerer, "keep the field free text and check the format in the handler";
    FORM_FORMAT_REMOVED = "form-format-removed", Info, Answerer, "";
    FORM_FORMAT_CHANGED = "form-format-changed", Breaking, Answerer, "add a new field in the new format and keep the old one";
    FORM_DEFAULT_CHANGED = "form-default-changed", Info, Answerer, "";
    FORM_KEYWORD_CHANGED = "form-keyword-changed", Warning, Answerer, "this keyword is outside the compared subset: check by hand that old answers are still accepted";
    FORM_ANNOTATION_CHANGED = "form-annotation-changed", Info, Reader, "";
}

/// The rule with `id`.
pub fn by_id(id: &str) -> Option<&'static Rule> {
    ALL.iter().copied().find(|rule| rule.id == id)
}
