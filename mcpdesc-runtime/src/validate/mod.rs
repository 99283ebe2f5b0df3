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

// The layers, lowest first: `kind` and `references` read only the document; `form_schema` checks
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
mod form_schema;
mod interactions;
pub(crate) mod kind;
mod metadata;
mod primitives;
mod references;
mod regex;
mod seen;
pub(crate) mod surface;
mod tool_schema;
mod unicode_properties;

use std::fmt;

use serde::Serialize;
use serde_json::Value;

use crate::version::{ProtocolVersion, VersionSet};

pub use code::Code;
pub use form_schema::parse_requested_schema;
pub(crate) use form_schema::request_problems;
pub(crate) use references::resolve_requested_schema;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Severity {
    /// The document does not conform.
    Error,
    /// The document conforms, but something deserves attention.
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// One finding of the validator.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// The specification's rule id, such as `mcpdesc.elicitation.members`.
    pub rule: &'static str,
    /// The code, whose string is stable kebab-case, such as `duplicate-elicitation-name`.
    pub code: Code,
    /// Error or warning.
    pub severity: Severity,
    /// The JSON Pointer of the offending value (`""` for the whole document).
    pub path: String,
    /// What is wrong and what to write instead.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = if self.path.is_empty() {
            "/"
        } else {
            &self.path
        };
        write!(
            f,
            "{} [{}] at {}: {} ({})",
            self.severity, self.code, path, self.message, self.rule
        )
    }
}

/// The result of validating one document.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    diagnostics: Vec<Diagnostic>,
}

impl Report {
    /// Every diagnostic, in document order within each area.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The errors.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
    }

    /// The warnings.
    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Warning)
    }

    /// Whether the document has no error (warnings allowed).
    pub fn is_valid(&self) -> bool {
        self.errors().next().is_none()
    }

    /// Whether the report holds nothing at all.
    pub fn is_empty(&self) -> bool {
        self.diagnostics.is_empty()
    }

    /// Consumes the report into its diagnostics.
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.diagnostics
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.diagnostics {
            writeln!(f, "{d}")?;
        }
        Ok(())
    }
}

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
                    &interactions::required_modes(object),
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

/// The most diagnostics a [`Report`] lists. Past them, validation goes on counting what it finds
/// and ends the report with one diagnostic, [`Code::TooManyDiagnostics`], that says at least
/// how many more there were (an error when one of them was). The count is exact unless a shared
/// form or declaration was first checked past the limit: its later uses repeat only what was kept
/// of it, so that they cost nothing more. A document's problems are otherwise at most
/// a few per member, but a form shared through `components.schemas` has its problems repeated at
/// every declaration that uses it (as the reference validator reports them): a 300 kB file of a
/// form with 2,000 problems used by 2,000 declarations made four million, 1.2 GB.
pub const MAX_DIAGNOSTICS: usize = 10_000;

/// The most bytes of paths and messages a [`Report`] lists (16 MiB): past them, as past
/// [`MAX_DIAGNOSTICS`], validation only counts what it finds. A path names every key above its
/// problem, so a long key is written again in the path of every problem below it, and a form
/// shared through `components.schemas` repeats its problems, paths and all, at every
/// declaration that uses it: a 330 kB file (a form property named by 100,000 characters, used
/// by 2,000 declarations) made a 200 MB report.
pub const MAX_REPORT_BYTES: usize = 16 * 1024 * 1024;

/// The diagnostics of a validation so far, up to [`MAX_DIAGNOSTICS`] and [`MAX_REPORT_BYTES`],
/// and a count of those past them. Read as the list kept.
#[derive(Default)]
pub(crate) struct Diagnostics {
    kept: Vec<Diagnostic>,
    /// The bytes of the paths and messages kept.
    bytes: usize,
    /// Whether a diagnostic did not fit: every later one is counted, not kept, so that the list
    /// is the first ones found.
    full: bool,
    /// How many were found past the limit, and whether one of them was an error.
    dropped: usize,
    dropped_error: bool,
}

impl Diagnostics {
    /// Whether a diagnostic of `bytes` of path and message is kept; if so, counts its bytes.
    fn keeps(&mut self, bytes: usize) -> bool {
        self.full = self.full
            || self.kept.len() >= MAX_DIAGNOSTICS
            || self.bytes.saturating_add(bytes) > MAX_REPORT_BYTES;
        if !self.full {
            self.bytes += bytes;
        }
        !self.full
    }

    fn drop_one(&mut self, severity: Severity) {
        self.dropped += 1;
        self.dropped_error |= severity == Severity::Error;
    }

    fn push(&mut self, diagnostic: Diagnostic) {
        if self.keeps(diagnostic.path.len() + diagnostic.message.len()) {
            self.kept.push(diagnostic);
        } else {
            self.drop_one(diagnostic.severity);
        }
    }

    /// Repeats `relative` (diagnostics whose paths are relative to a place) at `base`, as far as
    /// the limits leave room; past them, they are only counted.
    pub(crate) fn replay(&mut self, relative: &[Diagnostic], base: &str) {
        for d in relative {
            if self.keeps(base.len() + d.path.len() + d.message.len()) {
                self.kept.push(Diagnostic {
                    path: format!("{base}{}", d.path),
                    ..d.clone()
                });
            } else {
                self.drop_one(d.severity);
            }
        }
    }

    /// The diagnostics kept since there were `before` of them.
    pub(crate) fn since(&self, before: usize) -> &[Diagnostic] {
        self.kept.get(before..).unwrap_or_default()
    }

    /// The list, ended by a count of those past the limit if there were any.
    pub(crate) fn finish(mut self) -> Vec<Diagnostic> {
        if self.dropped > 0 {
            let severity = if self.dropped_error {
                Severity::Error
            } else {
                Severity::Warning
            };
            self.kept.push(Diagnostic {
                rule: rules::REPORT_LIMIT,
                code: Code::TooManyDiagnostics,
                severity,
                path: String::new(),
                message: format!(
                    "at least {} more {} not listed: a report lists {}; correct those and validate again (a form shared through `components.schemas` repeats its problems at every declaration that uses it)",
                    self.dropped,
                    match (self.dropped_error, self.dropped == 1) {
                        (true, true) => "error is",
                        (true, false) => "diagnostics, errors among them, are",
                        (false, true) => "warning is",
                        (false, false) => "warnings are",
                    },
                    if self.kept.len() >= MAX_DIAGNOSTICS {
                        format!("the first {MAX_DIAGNOSTICS}")
                    } else {
                        format!(
                            "the first ones up to {} MiB of paths and messages (a long key is in the path of every problem below it)",
                            MAX_REPORT_BYTES / (1024 * 1024)
                        )
                    },
                ),
            });
        }
        self.kept
    }
}

impl std::ops::Deref for Diagnostics {
    type Target = [Diagnostic];

    fn deref(&self) -> &[Diagnostic] {
        &self.kept
    }
}

/// The validation context: the document, the root scope, and the diagnostics so far.
pub(crate) struct Cx<'a> {
    pub(crate) document: &'a Value,
    pub(crate) root_scope: VersionSet,
    pub(crate) diagnostics: Diagnostics,
    /// Forms reached through a component reference, already checked: by the form's address in
    /// the document and the scope, the diagnostics it gave, relative to the form.
    pub(crate) checked_forms: crate::hash::HashMap<(usize, VersionSet), Vec<Diagnostic>>,
    /// Component references already followed to what they stand for, by namespace and name
    /// (see `references::follow`).
    pub(crate) resolved: references::Resolved<'a>,
}

impl<'a> Cx<'a> {
    fn new(document: &'a Value) -> Self {
        Cx {
            document,
            root_scope: VersionSet::ALL,
            diagnostics: Diagnostics::default(),
            checked_forms: crate::hash::HashMap::default(),
            resolved: references::Resolved::default(),
        }
    }

    /// Reports `code` under `rule` at `path`: an error (the codes reported through here are
    /// errors in [`Code`]'s table).
    pub(crate) fn error(
        &mut self,
        rule: &'static str,
        code: Code,
        path: &str,
        message: impl Into<String>,
    ) {
        self.push(rule, code, path, message);
    }

    pub(crate) fn structural(
        &mut self,
        rule: &'static str,
        path: &str,
        message: impl Into<String>,
    ) {
        self.error(rule, Code::SchemaValidation, path, message);
    }

    /// Reports `code` under `rule` at `path`, with the severity [`Code`]'s table gives it.
    pub(crate) fn push(
        &mut self,
        rule: &'static str,
        code: Code,
        path: &str,
        message: impl Into<String>,
    ) {
        self.diagnostics.push(Diagnostic {
            rule,
            code,
            severity: code.severity().unwrap_or(Severity::Error),
            path: path.to_owned(),
            message: message.into(),
        });
    }

    /// Reads an optional `protocolVersions` member: `Some(set)` when present and well-formed.
    /// Malformed scopes are reported under `rule`.
    pub(crate) fn scope(
        &mut self,
        rule: &'static str,
        object: &serde_json::Map<String, Value>,
        path: &str,
    ) -> Option<VersionSet> {
        let value = object.member("protocolVersions")?;
        read_scope(self, rule, value, path)
    }

    /// The scope of the object at `path` (`what`, for a report) within its parent's: its
    /// `protocolVersions` where present and well-formed, reported where it leaves `parent` and
    /// kept to `parent`; else `parent`'s.
    pub(crate) fn scope_within(
        &mut self,
        rule: &'static str,
        object: &serde_json::Map<String, Value>,
        path: &str,
        parent: VersionSet,
        what: &str,
    ) -> VersionSet {
        match self.scope(rule, object, path) {
            Some(scope) => {
                self.check_subset(scope, parent, path, what);
                scope.intersection(parent)
            }
            None => parent,
        }
    }

    /// Checks that an explicit scope is a subset of its parent's.
    pub(crate) fn check_subset(
        &mut self,
        scope: VersionSet,
        parent: VersionSet,
        path: &str,
        what: &str,
    ) {
        // An empty parent is one that could not be read, which is reported where it is.
        let outside = scope.difference(parent);
        if !outside.is_empty() && !parent.is_empty() {
            self.error(
                rules::PROTOCOL_SCOPE_CONSISTENCY,
                Code::ProtocolScopeOutsideParent,
                &pointer(path, "protocolVersions"),
                format!(
                    "{what} is scoped to {outside}, outside its parent's scope {parent}; an explicit scope must be a subset of its parent's: remove {outside} or add it to the parent"
                ),
            );
        }
    }
}

/// The scope a `protocolVersions` member gives, as the validator reads it ([`read_scope`]), its
/// problems left to the validator: the contract check reads scopes here.
pub(crate) fn scope_of(value: Option<&Value>) -> Option<VersionSet> {
    scope_at(value, "").0
}

/// [`scope_of`] the `protocolVersions` of the object at `parent`, with the validator's
/// diagnostics of it (a version it does not know, one listed twice, an empty list).
pub(crate) fn scope_at(
    value: Option<&Value>,
    parent: &str,
) -> (Option<VersionSet>, Vec<Diagnostic>) {
    let Some(value) = value else {
        return (None, Vec::new());
    };
    let document = Value::Null;
    let mut cx = Cx::new(&document);
    let scope = read_scope(&mut cx, rules::PROTOCOL_SCOPE_CONSISTENCY, value, parent);
    (scope, cx.diagnostics.finish())
}

/// Reads the `protocolVersions` array of the object at `parent` (its pointer is only written for
/// a report).
pub(crate) fn read_scope(
    cx: &mut Cx,
    rule: &'static str,
    value: &Value,
    parent: &str,
) -> Option<VersionSet> {
    let path = || pointer(parent, "protocolVersions");
    let Some(items) = value.as_array() else {
        cx.structural(
            rule,
            &path(),
            "`protocolVersions` must be an array of MCP protocol versions",
        );
        return None;
    };
    if items.is_empty() {
        cx.structural(
            rule,
            &path(),
            "`protocolVersions` must not be empty: list the versions it applies to, or leave it out to inherit",
        );
        return None;
    }
    // A version listed twice or an item that is no version is reported, and the scope is the
    // versions that are listed: checking the rest against every version instead would bury the
    // one mistake under reports about versions the document never named.
    let mut set = VersionSet::EMPTY;
    for (i, item) in items.iter().enumerate() {
        match item
            .as_str()
            .and_then(|s| s.parse::<ProtocolVersion>().ok())
        {
            Some(v) if set.contains(v) => {
                cx.structural(rule, &pointer(&path(), i), format!("`{v}` is listed twice"));
            }
            Some(v) => set = set.with(v),
            None => {
                cx.structural(
                    rule,
                    &pointer(&path(), i),
                    format!(
                        "{item} is not an MCP protocol version; the versions are {}",
                        VersionSet::ALL
                    ),
                );
            }
        }
    }
    (!set.is_empty()).then_some(set)
}

/// Versions for a message: "2025-06-18", "2024-11-05, 2025-03-26 and 2025-06-18".
pub(crate) fn plain(versions: VersionSet) -> String {
    let names: Vec<&str> = versions.iter().map(ProtocolVersion::as_str).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// A value for a message: its JSON text when short, else its type.
pub(crate) fn describe(value: &Value) -> String {
    match value {
        Value::Object(_) | Value::Array(_) => crate::JsonType::of(value).with_article().to_string(),
        other => {
            let text = other.to_string();
            if text.chars().count() <= 40 {
                text
            } else {
                crate::JsonType::of(value).with_article().to_string()
            }
        }
    }
}

/// `base` + `/token`, with the token escaped per RFC 6901. One allocation: the token is written
/// straight into the result, escaped as it goes.
pub(crate) fn pointer(base: &str, token: impl fmt::Display) -> String {
    struct Escaped<'a>(&'a mut String);
    impl fmt::Write for Escaped<'_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            if !s.contains(['~', '/']) {
                self.0.push_str(s);
                return Ok(());
            }
            for c in s.chars() {
                match c {
                    '~' => self.0.push_str("~0"),
                    '/' => self.0.push_str("~1"),
                    c => self.0.push(c),
                }
            }
            Ok(())
        }
    }
    let mut out = String::with_capacity(base.len() + 24);
    out.push_str(base);
    out.push('/');
    // Writing into a `String` cannot fail.
    let _ = fmt::Write::write_fmt(&mut Escaped(&mut out), format_args!("{token}"));
    out
}

/// `/collection/index`, the pointer of a primitive: written for every primitive, so without the
/// formatting machinery (a collection name needs no escaping).
pub(crate) fn item_pointer(collection: &str, index: usize) -> String {
    let mut out = String::new();
    write_item_pointer(&mut out, collection, index);
    out
}

/// [`item_pointer`] written over `out`, so that one buffer serves a whole collection.
pub(crate) fn write_item_pointer(out: &mut String, collection: &str, index: usize) {
    // The digits, last first: at most 20 (`usize::MAX` has 20).
    let mut digits = [0u8; 20];
    let mut len = 0;
    let mut n = index;
    for digit in &mut digits {
        // `n % 10` is below 10, so the cast cannot truncate.
        *digit = b'0' + (n % 10) as u8;
        len += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.clear();
    out.reserve(collection.len() + 2 + len);
    out.push('/');
    out.push_str(collection);
    out.push('/');
    for &d in digits.iter().take(len).rev() {
        out.push(char::from(d));
    }
}

/// How many members an object has at most for [`Members`] to compare keys in order rather than
/// hash the one looked up.
const FEW_MEMBERS: usize = 16;

/// Looking a member up in an object. serde_json's map hashes the key (SipHash) on every lookup;
/// description objects have a handful of members, where comparing keys in order is several times
/// faster, and the validator looks up members on every object of every primitive.
pub(crate) trait Members {
    /// The member named `key`.
    fn member(&self, key: &str) -> Option<&Value>;
}

// Inlined, so that a key the caller names is compared as a constant (a length and a word or two)
// rather than by `memcmp`: every check looks members up, and the compiler's own choice moves
// with how the crate's code is split (it stopped inlining this once, and validation took 16%
// more instructions).
impl Members for serde_json::Map<String, Value> {
    #[inline]
    fn member(&self, key: &str) -> Option<&Value> {
        if self.len() <= FEW_MEMBERS {
            self.iter().find(|(k, _)| k.as_str() == key).map(|(_, v)| v)
        } else {
            self.get(key)
        }
    }
}

impl Members for Value {
    #[inline]
    fn member(&self, key: &str) -> Option<&Value> {
        self.as_object().and_then(|o| o.member(key))
    }
}

/// [`Members`], to change the member found.
pub(crate) trait MembersMut {
    /// The member named `key`.
    fn member_mut(&mut self, key: &str) -> Option<&mut Value>;
}

impl MembersMut for serde_json::Map<String, Value> {
    #[inline]
    fn member_mut(&mut self, key: &str) -> Option<&mut Value> {
        if self.len() <= FEW_MEMBERS {
            self.iter_mut()
                .find(|(k, _)| k.as_str() == key)
                .map(|(_, v)| v)
        } else {
            self.get_mut(key)
        }
    }
}

/// Checks the keys of an object against a closed set (plus `x-` extensions).
pub(crate) fn closed_members(
    cx: &mut Cx,
    rule: &'static str,
    object: &serde_json::Map<String, Value>,
    path: &str,
    allowed: &[&str],
    what: &str,
) {
    for key in object.keys() {
        if !allowed.contains(&key.as_str()) && !key.starts_with("x-") {
            cx.structural(
                rule,
                &pointer(path, key),
                format!(
                    "`{key}` is not a member of {what}; the members are {} (and `x-` extensions)",
                    allowed.join(", ")
                ),
            );
        }
    }
}

/// A non-empty string member, reported when present but not one.
pub(crate) fn nonempty_string<'v>(
    cx: &mut Cx,
    rule: &'static str,
    object: &'v serde_json::Map<String, Value>,
    key: &str,
    path: &str,
    required: bool,
    what: &str,
) -> Option<&'v str> {
    match object.member(key) {
        None => {
            if required {
                cx.structural(rule, path, format!("{what} needs a `{key}`"));
            }
            None
        }
        Some(Value::String(s)) if s.is_empty() => {
            cx.structural(
                rule,
                &pointer(path, key),
                format!("`{key}` of {what} must not be empty"),
            );
            None
        }
        // The format's schema asks for at least one character; a text of spaces has them but
        // shows the user nothing, which is worth a warning, not a refusal.
        Some(Value::String(s)) => {
            if s.chars().all(char::is_whitespace) {
                cx.push(
                    rule,
                    Code::BlankText,
                    &pointer(path, key),
                    format!(
                        "`{key}` of {what} is only whitespace, so a client shows nothing; write the text the user should read"
                    ),
                );
            }
            Some(s)
        }
        Some(other) => {
            cx.structural(
                rule,
                &pointer(path, key),
                format!(
                    "`{key}` of {what} must be a string, not {}",
                    crate::JsonType::of(other).with_article()
                ),
            );
            None
        }
    }
}

/// Whether `name` matches `^[A-Za-z0-9._-]+$`.
pub(crate) fn is_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

#[cfg(test)]
mod tests {
    use super::{
        Code, Diagnostic, Diagnostics, MAX_DIAGNOSTICS, MAX_REPORT_BYTES, Severity, item_pointer,
        pointer,
    };

    fn diagnostic(severity: Severity, path: &str) -> Diagnostic {
        Diagnostic {
            rule: "r",
            code: Code::SchemaValidation,
            severity,
            path: path.to_owned(),
            message: "m".to_owned(),
        }
    }

    /// Past the limit, pushed and repeated diagnostics are counted, not kept; the count ends the
    /// list, an error when an error was among them, a warning otherwise; under it nothing is
    /// added.
    #[test]
    fn a_report_lists_up_to_the_limit_then_counts_the_rest() {
        let mut under = Diagnostics::default();
        under.replay(&[diagnostic(Severity::Error, "/a")], "/x");
        assert_eq!(under.finish(), [diagnostic(Severity::Error, "/x/a")]);

        for last in [Severity::Warning, Severity::Error] {
            let mut full = Diagnostics::default();
            for i in 0..MAX_DIAGNOSTICS - 1 {
                full.push(diagnostic(Severity::Warning, &format!("/{i}")));
            }
            // One repeated diagnostic fits; the other two are counted.
            let relative = [
                diagnostic(Severity::Warning, "/a"),
                diagnostic(Severity::Warning, "/b"),
                diagnostic(last, "/c"),
            ];
            full.replay(&relative, "/x");
            full.push(diagnostic(Severity::Warning, "/late"));
            let list = full.finish();
            assert_eq!(list.len(), MAX_DIAGNOSTICS + 1);
            assert_eq!(
                list[MAX_DIAGNOSTICS - 1],
                diagnostic(Severity::Warning, "/x/a")
            );
            let summary = &list[MAX_DIAGNOSTICS];
            assert_eq!(summary.code, Code::TooManyDiagnostics);
            assert_eq!(summary.severity, last);
            let expected = if last == Severity::Error {
                "at least 3 more diagnostics, errors among them, are not listed"
            } else {
                "at least 3 more warnings are not listed"
            };
            assert!(summary.message.starts_with(expected), "{}", summary.message);
        }
    }

    /// Past `MAX_REPORT_BYTES` of paths and messages, diagnostics are counted, not kept, even
    /// short ones found later (the list is the first ones found), and repeated ones too.
    #[test]
    fn a_report_lists_up_to_its_bytes_then_counts_the_rest() {
        let long = "/k".repeat(MAX_REPORT_BYTES / 8);
        let mut report = Diagnostics::default();
        for _ in 0..3 {
            report.push(diagnostic(Severity::Warning, &long));
        }
        // Three quarters of the bytes are used: a fourth long path does not fit.
        report.push(diagnostic(Severity::Warning, &format!("{long}{long}")));
        report.push(diagnostic(Severity::Error, "/short"));
        report.replay(&[diagnostic(Severity::Warning, "/a")], "/x");
        let list = report.finish();
        assert_eq!(list.len(), 4);
        assert!(list.iter().take(3).all(|d| d.path == long));
        let summary = &list[3];
        assert_eq!(summary.code, Code::TooManyDiagnostics);
        assert_eq!(summary.severity, Severity::Error);
        assert!(
            summary.message.starts_with(
                "at least 3 more diagnostics, errors among them, are not listed: a report lists the first ones up to 16 MiB of paths and messages"
            ),
            "{}",
            summary.message
        );

        // Just at the limit, a diagnostic is kept.
        let mut report = Diagnostics::default();
        let message_bytes = 1;
        report.push(diagnostic(
            Severity::Warning,
            &"x".repeat(MAX_REPORT_BYTES - message_bytes),
        ));
        report.push(diagnostic(Severity::Warning, ""));
        let list = report.finish();
        assert_eq!(list.len(), 2, "{:?}", list.last().map(|d| &d.message));
        assert_eq!(list[1].code, Code::TooManyDiagnostics);
    }

    #[test]
    fn item_pointers_are_the_collection_and_the_index_in_decimal() {
        for i in [0, 7, 9, 10, 99, 100, 1234, 1_000_000, usize::MAX] {
            assert_eq!(item_pointer("tools", i), pointer(&pointer("", "tools"), i));
        }
        assert_eq!(
            item_pointer("resourceTemplates", 42),
            "/resourceTemplates/42"
        );
    }

    #[test]
    fn pointers_escape_tilde_and_slash_in_any_token() {
        assert_eq!(pointer("", "tools"), "/tools");
        assert_eq!(pointer("/tools", 12), "/tools/12");
        assert_eq!(pointer("/x", "a/b~c"), "/x/a~1b~0c");
        assert_eq!(pointer("/x", "~/"), "/x/~0~1");
        assert_eq!(pointer("/x", ""), "/x/");
        assert_eq!(pointer("/x", "é/ü"), "/x/é~1ü");
        assert_eq!(pointer("/x", 0), "/x/0");
        assert_eq!(pointer("/x", usize::MAX), format!("/x/{}", usize::MAX));
        assert_eq!(pointer("/x", String::from("a/b")), "/x/a~1b");
    }
}
