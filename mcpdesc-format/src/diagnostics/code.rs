//! The codes of the validator's diagnostics: one table, [`Code`], of each code's string,
//! severity and rule id. A new rule is one row of the table.

use std::fmt;

use serde::Serialize;

use super::{Rule, Severity};

/// Writes [`Code`] from its table: each row is a variant's documentation, its name, its string,
/// its severity (`Error`, `Warning`, or `Either` for the one that can be both) and the constant
/// of [`rules`] it is reported under (`*` for a code reported under the rule of whatever it
/// checks).
macro_rules! codes {
    ($($(#[doc = $doc:literal])* $name:ident = $text:literal, $severity:ident, $rule:tt;)*) => {
        /// The code of a [`Diagnostic`](super::Diagnostic): a stable kebab-case string (the
        /// reference validator's where it has one), and the severity it is reported with.
        ///
        /// `Display` and serde write the string; a code compares equal to its string.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum Code {
            $($(#[doc = $doc])* $name,)*
        }

        impl Code {
            /// Every code, in the order of the table.
            pub const ALL: &'static [Code] = &[$(Code::$name,)*];

            /// The code's string, such as `"duplicate-elicitation-name"`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$name => $text,)*
                }
            }

            /// The severity a diagnostic of this code has; `None` for
            /// [`TooManyDiagnostics`](Code::TooManyDiagnostics), an error when an error was
            /// among those it counts, else a warning.
            pub const fn severity(self) -> Option<Severity> {
                match self {
                    $(Code::$name => codes!(@severity $severity),)*
                }
            }

            /// The specification's rule id every diagnostic of this code is reported under,
            /// such as [`Rule::ElicitationNameUnique`]; `None` for the codes reported under
            /// the rule of the member they check
            /// ([`SchemaValidation`](Code::SchemaValidation),
            /// [`FieldNotSupported`](Code::FieldNotSupported),
            /// [`ClientRequirementsVersion`](Code::ClientRequirementsVersion),
            /// [`UnknownReservedExtension`](Code::UnknownReservedExtension)), whose
            /// [`Diagnostic::rule`](super::Diagnostic::rule) says which.
            pub const fn rule(self) -> Option<Rule> {
                match self {
                    $(Code::$name => codes!(@rule $rule),)*
                }
            }
        }
    };
    (@rule *) => { None };
    (@rule $rule:ident) => { Some(Rule::$rule) };
    (@severity Error) => { Some(Severity::Error) };
    (@severity Warning) => { Some(Severity::Warning) };
    (@severity Either) => { None };
}

codes! {
    /// A structural problem (the reference validator's JSON Schema).
    SchemaValidation = "schema-validation", Error, *;
    /// A text member that is only whitespace.
    BlankText = "whitespace-only-text", Warning, ElicitationMembers;
    /// A form property's `default` that does not fit the property: outside its bounds, lengths,
    /// format or item counts (a warning; the derive and `prepare` refuse it).
    DefaultDoesNotFit = "default-does-not-fit", Warning, FormSchemaConsistency;
    /// A member that a protocol version in scope does not define (the reference's code).
    FieldNotSupported = "field-not-supported-by-version", Error, *;
    /// A resource's or resource template's annotation that a protocol version in scope does not
    /// define (`lastModified` before 2025-06-18).
    ResourceAnnotationNotSupported = "resource-annotation-not-supported-by-version", Error, PrimitiveProtocolMembers;
    /// Two declarations of one primitive share a name.
    DuplicateElicitationName = "duplicate-elicitation-name", Error, ElicitationNameUnique;
    /// A form uses vocabulary a version in scope lacks.
    FormVersionMismatch = "elicitation-form-schema-version-mismatch", Error, FormSchemaProtocolShape;
    /// `required` names an undeclared property.
    FormRequiredUnknown = "elicitation-form-required-property-unknown", Error, FormSchemaConsistency;
    /// `enumNames` does not match `enum`.
    FormEnumNamesMismatch = "elicitation-form-enum-names-mismatch", Error, FormSchemaConsistency;
    /// A default outside the choices.
    FormDefaultOutsideEnum = "elicitation-form-default-outside-enum", Error, FormSchemaConsistency;
    /// A minimum above its maximum.
    FormInvalidRange = "elicitation-form-invalid-range", Error, FormSchemaConsistency;
    /// An explicit scope outside its parent's.
    ProtocolScopeOutsideParent = "protocol-scope-outside-parent", Error, ProtocolScopeConsistency;
    /// URL mode where a version in scope lacks it.
    ModeNotSupported = "elicitation-mode-not-supported-by-version", Error, ElicitationProtocolVersion;
    /// A reference to a missing component.
    MissingComponent = "missing-component-reference-target", Error, ComponentReferences;
    /// A reference into the wrong component namespace.
    WrongNamespace = "wrong-component-reference-namespace", Error, ComponentReferences;
    /// References that loop.
    ComponentCycle = "component-reference-cycle", Error, ComponentReferences;
    /// Legacy versions in scope.
    LegacyIncomplete = "legacy-protocol-validation-incomplete", Warning, LegacyScope;
    /// Two primitives with one identity in overlapping scopes.
    DuplicatePrimitive = "primitive-scope-overlap", Error, PrimitiveUnique;
    /// A client requirement a version in scope cannot express (a capability or member it does
    /// not define).
    ClientRequirementsVersion = "client-requirement-version-mismatch", Error, *;
    /// A client requirement's member that is not the value it must be (an object, or a boolean
    /// for `roots.listChanged`).
    InvalidClientRequirement = "invalid-client-requirement-value", Error, ClientCapabilities;
    /// A requirement of a client capability a version in scope deprecates.
    DeprecatedClientRequirement = "deprecated-client-requirement", Warning, ClientCapabilities;
    /// An interaction step names a declaration the tool does not have.
    InteractionUnknownDeclaration = "unknown-elicitation-declaration", Error, InteractionExamples;
    /// An interaction step's request does not match its declaration (mode, form or URL).
    InteractionRequestMismatch = "interaction-example-elicitation-declaration-mismatch", Error, InteractionExamples;
    /// An interaction step's response has the wrong shape for its request.
    InteractionResponseShape = "interaction-example-elicitation-response-mismatch", Error, InteractionExamples;
    /// An accepted form answer that does not fit the form.
    InteractionContentInvalid = "interaction-example-elicitation-content-schema-mismatch", Error, InteractionExamples;
    /// An interaction step a version in scope does not define: an elicitation step where
    /// elicitation is not defined, a URL-mode request before URL mode, a sampling request with
    /// tools before sampling tool use.
    InteractionVersionMismatch = "interaction-example-version-mismatch", Error, InteractionExamples;
    /// A roots step whose answer lists a root that is not a `file://` URI.
    InteractionRootsUri = "interaction-example-roots-uri", Error, InteractionExamples;
    /// An interaction step shows client input the tool's client requirements do not require.
    InteractionClientRequirements = "interaction-example-client-requirements-contradiction", Warning, InteractionExamples;
    /// A tool schema that is not valid JSON Schema of its dialect, or whose `$ref` leads
    /// nowhere.
    InvalidToolSchema = "invalid-tool-schema", Error, ToolSchemas;
    /// A tool schema in scope of a version before 2025-11-25 whose `properties` or `required`
    /// clients cannot read.
    InvalidLegacyToolSchemaShape = "invalid-legacy-tool-schema-shape", Error, ToolSchemas;
    /// A tool schema's `$schema` names a dialect the format does not describe tools in.
    UnsupportedToolSchemaDialect = "unsupported-tool-schema-dialect", Error, ToolSchemas;
    /// A tool schema refers to another document, which validation does not fetch.
    UnresolvedExternalToolSchemaReference = "unresolved-external-tool-schema-reference", Warning, ToolSchemas;
    /// A reserved `_meta` key where the protocol does not define it.
    MetaReservedKeyContext = "meta-reserved-key-context", Error, ReservedMetaKeys;
    /// A reserved `_meta` key with a value the protocol does not allow.
    MetaReservedKeyValue = "meta-reserved-key-value", Error, ReservedMetaKeys;
    /// A `_meta` key under a prefix the protocol reserves that it does not define.
    MetaUnknownReservedKey = "meta-unknown-reserved-key", Warning, ReservedMetaKeys;
    /// An `x-mcp-header` annotation that is misplaced, not a header name, or on a property a
    /// header cannot carry.
    InvalidMcpHeader = "invalid-x-mcp-header", Error, ToolSchemas;
    /// Two `x-mcp-header` annotations naming one header.
    DuplicateMcpHeader = "duplicate-x-mcp-header", Error, ToolSchemas;
    /// A root version no transport serves.
    TransportCoverageGap = "transport-coverage-gap", Error, Transports;
    /// A transport a version in its scope does not define (Streamable HTTP before 2025-03-26).
    TransportNotSupported = "transport-not-supported-by-version", Error, Transports;
    /// Legacy HTTP+SSE for a version that has Streamable HTTP.
    LegacySse = "legacy-sse-for-modern-version", Warning, Transports;
    /// Two capability sets for one version.
    CapabilityScopeOverlap = "capability-scope-overlap", Error, Capabilities;
    /// `logging` on 2026-07-28, where it is deprecated.
    LoggingDeprecated = "logging-deprecated-in-2026", Warning, Capabilities;
    /// A capability set's `extensions` for a version before 2026-07-28.
    ExtensionsNotSupported = "extensions-not-supported-by-version", Warning, Capabilities;
    /// An extension identifier under MCP's reserved prefix that the catalogue does not list (a
    /// warning).
    UnknownReservedExtension = "unknown-reserved-extension-identifier", Warning, *;
    /// A root tag declared twice.
    DuplicateRootTag = "duplicate-root-tag", Error, Tags;
    /// A primitive's tag the root does not declare.
    UnknownTagReference = "unknown-tag-reference", Error, Tags;
    /// A security requirement naming no declared scheme.
    UnknownSecurityScheme = "unknown-security-scheme", Error, Security;
    /// A scope listed twice in one requirement.
    DuplicateSecurityScope = "duplicate-security-scope", Error, Security;
    /// Scopes for an `http` or `apiKey` scheme.
    NonOauthScope = "non-oauth-scope-misuse", Error, Security;
    /// An OAuth scope no flow of its scheme lists.
    UncataloguedOauthScope = "uncatalogued-oauth-scope", Warning, Security;
    /// A tool example's result holds a JSON-RPC envelope member.
    ToolExampleEnvelope = "tool-example-json-rpc-envelope", Error, ToolExamples;
    /// A tool example's result holds a member of a result that is not complete.
    ToolExampleIncomplete = "incomplete-tool-example-result", Error, ToolExamples;
    /// A tool example's result lacks a member a version in scope requires, or holds one it
    /// does not define.
    ToolExampleResultVersion = "tool-example-result-version-mismatch", Error, ToolExamples;
    /// A tool example's content a version in scope does not define.
    ToolExampleContentVersion = "tool-example-content-version-mismatch", Error, ToolExamples;
    /// A tool example's error result with `structuredContent`.
    StructuredToolErrorExample = "structured-tool-error-example", Error, ToolExamples;
    /// A tool example's successful result without the `structuredContent` its tool's
    /// `outputSchema` calls for.
    MissingToolExampleStructuredContent = "missing-tool-example-structured-content", Error, ToolExamples;
    /// A tool example's input or structured content that its tool's schema refuses.
    ToolExampleSchemaMismatch = "tool-example-schema-mismatch", Error, ToolExamples;
    /// A tool example that could not be checked against its tool's schema in full.
    IncompleteToolExampleValidation = "incomplete-tool-example-validation", Warning, ToolExamples;
    /// A prompt example's argument the prompt does not declare.
    PromptExampleUnknownArgument = "prompt-example-unknown-argument", Error, PromptExamples;
    /// A prompt example without an argument the prompt requires.
    PromptExampleMissingArgument = "prompt-example-missing-required-argument", Error, PromptExamples;
    /// A prompt example's result holds a JSON-RPC envelope member.
    PromptExampleEnvelope = "prompt-example-json-rpc-envelope", Error, PromptExamples;
    /// A prompt example's result holds a member of a result that is not complete.
    PromptExampleIncomplete = "incomplete-prompt-example-result", Error, PromptExamples;
    /// A prompt example's result lacks a member a version in scope requires, or holds one it
    /// does not define.
    PromptExampleResultVersion = "prompt-example-result-version-mismatch", Error, PromptExamples;
    /// A prompt example's content a version in scope does not define.
    PromptExampleContentVersion = "prompt-example-content-version-mismatch", Error, PromptExamples;
    /// A resource example's result holds a JSON-RPC envelope member.
    ResourceExampleEnvelope = "resource-example-json-rpc-envelope", Error, ResourceExamples;
    /// A resource example's result holds a member of a result that is not complete.
    ResourceExampleIncomplete = "incomplete-resource-example-result", Error, ResourceExamples;
    /// A resource example's result lacks a member a version in scope requires, or holds one it
    /// does not define.
    ResourceExampleResultVersion = "resource-example-result-version-mismatch", Error, ResourceExamples;
    /// A resource example's cache hints (`ttlMs`, `cacheScope`) missing where a version in
    /// scope requires them, or present where one does not define them.
    ResourceExampleCacheFields = "resource-example-cache-fields-version-mismatch", Error, ResourceExamples;
    /// A resource example's contents with a member a version in scope does not define.
    ResourceExampleContentVersion = "resource-example-content-version-mismatch", Error, ResourceExamples;
    /// A resource example's contents of another media type than the resource's.
    ResourceExampleMimeTypeMismatch = "resource-example-mime-type-mismatch", Warning, ResourceExamples;
    /// A resource example's contents of another size than the resource's.
    ResourceExampleSizeMismatch = "resource-example-size-mismatch", Warning, ResourceExamples;
    /// A resource example's `blob` that is not canonical base64.
    InvalidResourceExampleBase64 = "invalid-resource-example-base64", Error, ResourceExamples;
    /// A resource example that returns no contents of the URI read.
    ResourceExampleUriNotReturned = "resource-example-requested-uri-not-returned", Warning, ResourceExamples;
    /// A resource template with examples whose `uriTemplate` RFC 6570 does not read.
    ResourceTemplateExampleInvalidTemplate = "resource-template-example-invalid-template", Error, ResourceExamples;
    /// A resource template example's `uri` that its template does not expand to.
    ResourceTemplateExampleInvalidExpansion = "resource-template-example-invalid-expansion", Error, ResourceExamples;
    /// A resource template with completion examples whose `uriTemplate` RFC 6570 does not read.
    ResourceTemplateCompletionExampleInvalidTemplate = "resource-template-completion-example-invalid-template", Error, CompletionExamples;
    /// A prompt completion example that completes an argument the prompt does not declare.
    PromptCompletionExampleUnknownArgument = "prompt-completion-example-unknown-argument", Error, CompletionExamples;
    /// A resource template completion example that completes a variable the template lacks.
    ResourceTemplateCompletionExampleUnknownVariable = "resource-template-completion-example-unknown-variable", Error, CompletionExamples;
    /// A prompt completion example's context names an argument the prompt does not declare.
    PromptCompletionExampleContextUnknownArgument = "prompt-completion-example-context-unknown-argument", Error, CompletionExamples;
    /// A resource template completion example's context names a variable the template lacks.
    ResourceTemplateCompletionExampleContextUnknownVariable = "resource-template-completion-example-context-unknown-variable", Error, CompletionExamples;
    /// A completion example's context repeats the argument it completes.
    CompletionExampleDuplicateTargetContext = "completion-example-duplicate-target-context", Error, CompletionExamples;
    /// A completion example in scope of a version without argument completion.
    CompletionExampleVersion = "completion-example-version-mismatch", Error, CompletionExamples;
    /// A completion example's `context` in scope of a version whose requests have none.
    CompletionExampleContextVersion = "completion-example-context-version-mismatch", Error, CompletionExamples;
    /// A completion example's result holds a JSON-RPC envelope member.
    CompletionExampleEnvelope = "completion-example-json-rpc-envelope", Error, CompletionExamples;
    /// A completion example's result holds a member of a result that is not complete.
    CompletionExampleIncomplete = "incomplete-completion-example-result", Error, CompletionExamples;
    /// A completion example's result lacks a member a version in scope requires, or holds one
    /// it does not define.
    CompletionExampleResultVersion = "completion-example-result-version-mismatch", Error, CompletionExamples;
    /// More diagnostics than a report lists ([`MAX_DIAGNOSTICS`](super::MAX_DIAGNOSTICS),
    /// [`MAX_REPORT_BYTES`](super::MAX_REPORT_BYTES)): how many more, and whether an error was
    /// among them. This crate's own.
    TooManyDiagnostics = "too-many-diagnostics", Either, ReportLimit;
}

impl Code {
    /// The code whose string is `text`.
    pub fn from_text(text: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.as_str() == text)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<Code> for &str {
    fn eq(&self, other: &Code) -> bool {
        *self == other.as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::Code;

    #[test]
    fn each_code_is_written_once_and_reads_back() {
        for (i, code) in Code::ALL.iter().enumerate() {
            assert_eq!(Code::from_text(code.as_str()), Some(*code));
            assert!(
                Code::ALL
                    .iter()
                    .skip(i + 1)
                    .all(|c| c.as_str() != code.as_str()),
                "{code} is written twice"
            );
            assert!(
                code.as_str()
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            );
        }
        assert_eq!(
            serde_json::to_value(Code::SchemaValidation).unwrap(),
            "schema-validation"
        );
        assert!(Code::SchemaValidation == "schema-validation");
    }

    /// A code's rule id, where the table gives one, is the format's (`mcp.`, `mcpdesc.`) or this
    /// crate's own (`mcpdesc-rs.`); the codes without one are those reported under the rule of
    /// what they check.
    #[test]
    fn each_code_has_its_rule_or_takes_the_one_of_what_it_checks() {
        let mut varying = Vec::new();
        for code in Code::ALL {
            match code.rule() {
                Some(rule) => assert!(
                    ["mcp.", "mcpdesc.", "mcpdesc-rs."]
                        .iter()
                        .any(|prefix| rule.id().starts_with(prefix))
                        && rule
                            .id()
                            .bytes()
                            .all(|b| b.is_ascii_lowercase() || b == b'.' || b == b'-'),
                    "{code}: {rule}"
                ),
                None => varying.push(*code),
            }
        }
        assert_eq!(
            varying,
            [
                Code::SchemaValidation,
                Code::FieldNotSupported,
                Code::ClientRequirementsVersion,
                Code::UnknownReservedExtension,
            ]
        );
        assert_eq!(
            Code::DuplicateElicitationName.rule().map(super::Rule::id),
            Some("mcpdesc.elicitation.name-unique")
        );
    }
}
