//! Holding a running server to its description: is an elicitation request it sent declared?
//!
//! MCP Description §12.6 says validation "does not inspect or certify runtime behavior"; this
//! module is the toolkit's own addition, for a server's tests and for an opt-in guard before
//! sending (the guard of `session::Asker`, feature `rmcp`). It is not stricter than the document
//! promises: §12.2 lets the runtime `message` be "representative or default wording", so a
//! request whose wording differs from every declaration still matches one by mode, schema, URL
//! and scope, with a [`Matched::wording_differs`] note.
//!
//! ```standalone_crate
//! use mcpdesc_runtime::contract;
//! use mcpdesc_runtime::registry::Primitive;
//! use mcpdesc_runtime::{ElicitationForm, ProtocolVersion, elicitation};
//!
//! #[derive(ElicitationForm)]
//! struct Confirm {
//!     confirm: bool,
//! }
//!
//! #[elicitation(name = "confirm_close", form = Confirm, message = "Close this issue?")]
//! fn close_issue() {}
//!
//! // What a client saw in `elicitation/create` (or in an `inputRequests` entry).
//! let params = serde_json::json!({
//!     "mode": "form",
//!     "message": "Close this issue?",
//!     "requestedSchema": Confirm::requested_schema(),
//! });
//! let tool = Primitive::Tool("close_issue");
//! let matched = contract::check_registered(tool, ProtocolVersion::V2025_11_25, &params).unwrap();
//! assert_eq!(matched.name(), "confirm_close");
//!
//! // A schema that is not the declared one matches nothing, and says why.
//! let other = serde_json::json!({
//!     "mode": "form",
//!     "message": "Close this issue?",
//!     "requestedSchema": {"type": "object", "properties": {}},
//! });
//! let err = contract::check_registered(tool, ProtocolVersion::V2025_11_25, &other).unwrap_err();
//! assert!(err.to_string().contains("requestedSchema differs"));
//! # close_issue();
//! ```

use std::fmt;

use serde_json::{Map, Value};

use crate::registry::{self, Declaration, Mode, Primitive, PrimitiveName};
use crate::shown::Shown;
use crate::version::{ProtocolVersion, VersionSet};

/// The declaration an observed request matched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matched {
    name: String,
    wording_differs: bool,
}

impl Matched {
    /// The declaration's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The request's `message` is not the declaration's. §12.2 allows representative wording, so
    /// this is a note, not a mismatch.
    pub fn wording_differs(&self) -> bool {
        self.wording_differs
    }
}

/// Why an observed request matches a declaration of its primitive, or none.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reason {
    /// The primitive is not in the description (or has no registered declaration).
    UnknownPrimitive,
    /// The request's params are not an elicitation request (no `message`, an unknown `mode`, a
    /// form without `requestedSchema`, a URL request without `url`, or with `elicitationId`
    /// where its version does not define it, or without it where its version requires it).
    Malformed(String),
    /// No declaration of the primitive has the request's mode (and message).
    NoSuchDeclaration {
        /// `"form"` or `"url"`.
        mode: String,
        /// The request's message.
        message: String,
    },
    /// The request's `requestedSchema` is not the declared one (after resolving
    /// `$componentRef`).
    SchemaDiffers {
        /// The declaration.
        declaration: String,
        /// JSON Pointer into the request's `requestedSchema` of the first difference.
        pointer: String,
    },
    /// The negotiated version is outside the declaration's effective scope.
    VersionOutOfScope {
        /// The declaration.
        declaration: String,
        /// The negotiated version.
        version: ProtocolVersion,
        /// The declaration's effective scope.
        scope: VersionSet,
    },
    /// The request's URL is not the declaration's static URL.
    UrlDiffers {
        /// The declaration.
        declaration: String,
        /// The declared URL.
        declared: String,
        /// The URL sent.
        sent: String,
    },
    /// The request's `requestedSchema` is not a form request of the negotiated version: its
    /// structure, or vocabulary that version does not have, or choices that offer nothing.
    NotAFormRequest {
        /// The negotiated version.
        version: ProtocolVersion,
        /// Each problem: the JSON Pointer into the `requestedSchema`, and what is wrong there.
        problems: Vec<(String, String)>,
    },
    /// The declaration's `requestedSchema` is a `$componentRef` that does not resolve: to
    /// nothing, into another namespace, or through a chain that comes back to itself. Said as
    /// the validator says it, with its code at its pointer.
    UnresolvedReference {
        /// The declaration.
        declaration: String,
        /// The validator's code (`MissingComponent`, `ComponentCycle`, ...).
        code: crate::diagnostics::Code,
        /// The JSON Pointer into the description where the reference breaks.
        pointer: String,
        /// What is wrong there.
        message: String,
    },
    /// A scope the declaration depends on is broken as the validator reads it: its own
    /// `protocolVersions`, its primitive's or the document's cannot be read (missing at the
    /// root, a version it does not know, one listed twice, an empty list), or the declaration's
    /// or its primitive's leaves its parent's scope. Said as the validator says it, with its code
    /// at its pointer.
    InvalidScope {
        /// The declaration.
        declaration: String,
        /// The validator's code.
        code: crate::diagnostics::Code,
        /// The JSON Pointer into the description.
        pointer: String,
        /// What is wrong there.
        message: String,
    },
    /// The primitive has no registered declaration, but one registered for another primitive
    /// of the same kind matches the request ([`check_registered`] only). Typically that other
    /// name is the function of this tool or prompt, renamed by an rmcp `#[tool(name = ...)]`
    /// or `#[prompt(name = ...)]` written above `#[elicitation]`, which an attribute cannot see.
    RegisteredUnder {
        /// The primitive the declaration is registered for.
        primitive: String,
        /// Its name alone (the function's name).
        identity: String,
        /// The name of the tool or prompt that asked.
        asked: String,
        /// The declaration.
        declaration: String,
        /// `"tool"` or `"prompt"`: rmcp's attribute (and this crate's key) for the kind.
        attribute: &'static str,
    },
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::UnknownPrimitive => {
                f.write_str("the primitive has no elicitation declarations")
            }
            Reason::Malformed(what) => {
                write!(f, "the request is not an elicitation request: {what}")
            }
            Reason::NoSuchDeclaration { mode, message } => {
                write!(
                    f,
                    "no declaration in {mode} mode (message {message})",
                    message = Shown::quoted(message)
                )
            }
            Reason::SchemaDiffers {
                declaration,
                pointer,
            } => write!(
                f,
                "`{declaration}`: the requestedSchema differs from the declared one at {:?}",
                if pointer.is_empty() { "/" } else { pointer }
            ),
            Reason::VersionOutOfScope {
                declaration,
                version,
                scope,
            } => write!(
                f,
                "`{declaration}`: MCP {version} is outside the declaration's scope {scope}"
            ),
            Reason::UrlDiffers {
                declaration,
                declared,
                sent,
            } => write!(
                f,
                "`{declaration}`: the URL {sent} is not the declared static URL {declared}",
                sent = Shown::quoted(sent),
                declared = Shown::quoted(declared)
            ),
            Reason::NotAFormRequest { version, problems } => {
                write!(
                    f,
                    "the requestedSchema is not a form request of MCP {version}:"
                )?;
                for (i, (pointer, message)) in problems.iter().enumerate() {
                    let pointer = if pointer.is_empty() { "/" } else { pointer };
                    let sep = if i == 0 { " " } else { "; " };
                    write!(f, "{sep}at {pointer:?}, {message}")?;
                }
                Ok(())
            }
            Reason::InvalidScope {
                declaration,
                code,
                pointer,
                message,
            } => write!(
                f,
                "`{declaration}`: a scope it depends on is broken: {message} (at {pointer:?}, {code})"
            ),
            Reason::UnresolvedReference {
                declaration,
                code,
                pointer,
                message,
            } => write!(
                f,
                "`{declaration}`: its requestedSchema does not resolve: {message} (at {pointer:?}, {code})"
            ),
            Reason::RegisteredUnder {
                primitive,
                identity,
                asked,
                declaration,
                attribute: key,
            } => {
                write!(
                    f,
                    "`{declaration}`, registered for the {primitive}, matches this request: if `{identity}` is the function of the {key} `{asked}`, renamed by an rmcp `#[{key}(name = ...)]` written above `#[elicitation]` (an attribute cannot see the attribute macros expanded before it), move `#[elicitation]` above `#[{key}]` or write `{key} = \"{asked}\"` in it"
                )
            }
        }
    }
}

/// An observed request matched no declaration: every reason, per candidate declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContractError {
    primitive: String,
    reasons: Vec<Reason>,
}

impl ContractError {
    /// Every reason, never empty.
    pub fn reasons(&self) -> &[Reason] {
        &self.reasons
    }
}

impl fmt::Display for ContractError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the elicitation request of the {} matches no declaration:",
            self.primitive
        )?;
        for r in &self.reasons {
            write!(f, "\n  - {r}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ContractError {}

/// A declaration as the check sees it, from a document or from the registry.
struct Candidate<'a> {
    name: &'a str,
    mode: &'a str,
    message: &'a str,
    schema: Option<&'a Value>,
    url: Option<&'a str>,
    scope: VersionSet,
    /// The form's run-time fields: a registered form says which they are, and a declaration
    /// lists them in `x-mcpdesc-runtime-choices` (none when it has no such member).
    runtime: Option<&'a [&'a str]>,
    /// Why its schema's `$componentRef` does not resolve: the validator's code, pointer and
    /// message.
    unresolved: Option<(crate::diagnostics::Code, String, String)>,
    /// Why its `protocolVersions` cannot be read: the validator's code, pointer and message.
    invalid_scope: Option<(crate::diagnostics::Code, String, String)>,
}

/// Checks an observed elicitation request (its `params`) of `primitive`, sent on the negotiated
/// `version`, against the declarations of a description document (JSON, as read or built).
///
/// `$componentRef` schemas are resolved before comparing. Scopes are read as the validator
/// reads them: the document's `protocolVersions`; a primitive's own within it, else the
/// document's; a declaration's own within its primitive's, else its primitive's. A scope that
/// cannot be read, or that leaves its parent's, is a [`Reason::InvalidScope`].
///
/// # Errors
///
/// [`ContractError`] when the request matches no declaration of `primitive` in the document that
/// applies to `version`; its [`reasons`](ContractError::reasons) say, for each declaration of the
/// primitive, where it differs.
pub fn check_description<'p>(
    document: &Value,
    primitive: impl Into<PrimitiveName<'p>>,
    version: ProtocolVersion,
    params: &Value,
) -> Result<Matched, ContractError> {
    let primitive = primitive.into();
    // Scopes are read as the validator reads them: a root, primitive or declaration scope that
    // cannot be read, or one that leaves its parent's, is a reason of its own.
    let (root_scope, root_problems) = crate::diagnostics::root_scope_of(document);
    let kind = crate::diagnostics::kind::Kind::of_name(primitive);
    // Each declaration with its effective scope and the fields it says take run-time choices.
    // The lists are kept here, as the candidates borrow them.
    type Declared<'d> = (
        &'d Map<String, Value>,
        VersionSet,
        Vec<&'d str>,
        String,
        Option<(crate::diagnostics::Code, String, String)>,
    );
    let declared: Vec<Declared<'_>> =
        declarations_in(document, kind, root_scope, Some(primitive.identity()))
            .into_iter()
            .map(|d| {
                // The declaration's own problem first, then its primitive's, then the document's.
                let invalid_scope = d
                    .problems
                    .iter()
                    .chain(&root_problems)
                    .next()
                    .map(|p| (p.code, p.path.clone(), p.message.clone()));
                let runtime: Vec<&str> = d
                    .declaration
                    .get(crate::members::RUNTIME_CHOICES)
                    .and_then(Value::as_array)
                    .map(|names| names.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                let path = format!("{}/requestedSchema", d.path);
                (d.declaration, d.scope, runtime, path, invalid_scope)
            })
            .collect();
    let candidates: Vec<Candidate<'_>> = declared
        .iter()
        .filter_map(|(d, scope, runtime, path, invalid_scope)| {
            let resolved = d
                .get("requestedSchema")
                .map(|s| crate::diagnostics::resolve_requested_schema(document, s, path));
            let unresolved = match &resolved {
                Some(Err(diagnostics)) => Some(diagnostics.first().map_or_else(
                    || {
                        (
                            crate::diagnostics::Code::MissingComponent,
                            path.clone(),
                            String::new(),
                        )
                    },
                    |d| (d.code, d.path.clone(), d.message.clone()),
                )),
                _ => None,
            };
            Some(Candidate {
                name: d.get("name")?.as_str()?,
                mode: d.get("mode")?.as_str()?,
                message: d.get("message")?.as_str()?,
                schema: resolved.and_then(Result::ok),
                url: d.get("url").and_then(Value::as_str),
                scope: *scope,
                runtime: Some(runtime.as_slice()),
                unresolved,
                invalid_scope: invalid_scope.clone(),
            })
        })
        .collect();
    check(primitive, &candidates, version, params)
}

/// A declaration of a description, as [`declarations_in`] finds it.
pub(crate) struct DeclaredIn<'d> {
    /// The declaration.
    pub(crate) declaration: &'d Map<String, Value>,
    /// Its JSON Pointer.
    pub(crate) path: String,
    /// Its effective scope: its own `protocolVersions` within its primitive's, within the
    /// document's.
    pub(crate) scope: VersionSet,
    /// Why its scope or its primitive's cannot be read as written (its own first).
    pub(crate) problems: Vec<crate::diagnostics::Diagnostic>,
}

/// The declarations of the primitives of `kind` in `document` (of the one whose identity is
/// `identity`, when given), with their effective scopes read as the validator reads them:
/// what the contract check matches a request against.
pub(crate) fn declarations_in<'d>(
    document: &'d Value,
    kind: crate::diagnostics::kind::Kind,
    root_scope: VersionSet,
    identity: Option<&str>,
) -> Vec<DeclaredIn<'d>> {
    let mut out = Vec::new();
    let entries = document
        .get(kind.collection)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    for (i, entry) in entries.iter().enumerate() {
        let Some(object) = entry.as_object() else {
            continue;
        };
        let Some(id) = object.get(kind.identity).and_then(Value::as_str) else {
            continue;
        };
        if identity.is_some_and(|wanted| wanted != id) {
            continue;
        }
        let entry_path = format!("/{}/{i}", kind.collection);
        let (entry_scope, entry_problems) =
            crate::diagnostics::scope_within_at(object, &entry_path, root_scope, kind.what);
        let declarations = object
            .get("elicitations")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default();
        for (j, d) in declarations.iter().enumerate() {
            let Some(d) = d.as_object() else {
                continue;
            };
            let path = format!("{entry_path}/elicitations/{j}");
            let (scope, mut problems) =
                crate::diagnostics::scope_within_at(d, &path, entry_scope, "this declaration");
            problems.extend(entry_problems.iter().cloned());
            out.push(DeclaredIn {
                declaration: d,
                path,
                scope,
                problems,
            });
        }
    }
    out
}

/// The elicitation requests in one message a server wrote, each as the `params` to check with
/// [`check_description`]: an `elicitation/create` request's, or each `elicitation/create`
/// entry's of an input-required result's `inputRequests` (MCP 2026-07-28).
///
/// ```
/// let written = serde_json::json!({
///     "jsonrpc": "2.0", "id": 1, "method": "elicitation/create",
///     "params": {"mode": "form", "message": "Close it?", "requestedSchema": {}}
/// });
/// let requests = mcpdesc_runtime::contract::requests_in(&written);
/// assert_eq!(requests[0]["message"], "Close it?");
/// ```
pub fn requests_in(message: &Value) -> Vec<Value> {
    if message.get("method").and_then(Value::as_str) == Some("elicitation/create") {
        return message.get("params").cloned().into_iter().collect();
    }
    message
        .get("result")
        .and_then(|r| r.get("inputRequests"))
        .and_then(Value::as_object)
        .map(|requests| {
            requests
                .values()
                .filter(|r| r.get("method").and_then(Value::as_str) == Some("elicitation/create"))
                .filter_map(|r| r.get("params").cloned())
                .collect()
        })
        .unwrap_or_default()
}

/// Checks an observed elicitation request against the `#[elicitation]` declarations linked into
/// this binary, and returns the registered declaration it matches.
///
/// Without a description, a declaration's effective scope is its explicit `protocol_versions`,
/// else the versions it can serve (its form's vocabulary, or URL mode's).
///
/// # Errors
///
/// [`ContractError`] when the request matches no registered declaration of `primitive` that applies
/// to `version`, with every reason, per declaration.
pub fn check_registered<'p>(
    primitive: impl Into<PrimitiveName<'p>>,
    version: ProtocolVersion,
    params: &Value,
) -> Result<&'static Declaration, ContractError> {
    let primitive = primitive.into();
    // Every registered declaration with its form's schema as a value, made once per process:
    // the guard in `session` runs this before every request it sends.
    // Its run-time fields are listed beside it, so that choices sent on any other field are a
    // difference.
    type Registered = (&'static Declaration, Option<Value>, Vec<&'static str>);
    static REGISTERED: std::sync::OnceLock<Vec<Registered>> = std::sync::OnceLock::new();
    let registered = REGISTERED.get_or_init(|| {
        registry::declarations()
            .into_iter()
            .map(|d| {
                let schema = d.requested_schema();
                let runtime = schema
                    .map(|s| s.runtime_choice_fields().collect())
                    .unwrap_or_default();
                (d, schema.map(|s| s.to_value()), runtime)
            })
            .collect()
    });
    let of = |primitive: PrimitiveName<'_>| -> Vec<&Registered> {
        registered
            .iter()
            .filter(|(d, _, _)| PrimitiveName::from(d.primitive()) == primitive)
            .collect()
    };
    let candidates = |declarations: &[&'static Registered]| -> Vec<Candidate<'static>> {
        declarations
            .iter()
            .map(|(d, schema, runtime)| Candidate {
                name: d.name(),
                mode: d.mode_str(),
                message: d.message(),
                schema: schema.as_ref(),
                url: match d.mode() {
                    Mode::Url { url } => url,
                    Mode::Form { .. } | Mode::Described { .. } => None,
                },
                scope: d.protocol_versions().unwrap_or(d.supported_versions()),
                runtime: Some(runtime.as_slice()),
                unresolved: None,
                invalid_scope: None,
            })
            .collect()
    };
    let declarations = of(primitive);
    if declarations.is_empty() {
        // Nothing registered: name a tool's or prompt's declaration this request matches, renamed above.
        let mut reasons = vec![Reason::UnknownPrimitive];
        let attribute = match primitive {
            PrimitiveName::Tool(_) => Some("tool"),
            PrimitiveName::Prompt(_) => Some("prompt"),
            _ => None,
        };
        if let Some(attribute) = attribute {
            let mut others: Vec<Primitive> = registered
                .iter()
                .map(|(d, _, _)| d.primitive())
                .filter(|p| p.kind() == primitive.kind() && PrimitiveName::from(*p) != primitive)
                .collect();
            others.sort_by_key(|p| p.identity());
            others.dedup();
            for other in others {
                let other_name = PrimitiveName::from(other);
                if let Ok(matched) =
                    check(other_name, &candidates(&of(other_name)), version, params)
                {
                    reasons.push(Reason::RegisteredUnder {
                        primitive: other.to_string(),
                        identity: other.identity().to_owned(),
                        asked: primitive.identity().to_owned(),
                        declaration: matched.name().to_owned(),
                        attribute,
                    });
                }
            }
        }
        return Err(ContractError {
            primitive: primitive.to_string(),
            reasons,
        });
    }
    let matched = check(primitive, &candidates(&declarations), version, params)?;
    declarations
        .into_iter()
        .map(|(d, _, _)| *d)
        .find(|d| d.name() == matched.name())
        .ok_or_else(|| ContractError {
            primitive: primitive.to_string(),
            reasons: vec![Reason::UnknownPrimitive],
        })
}

fn check(
    primitive: PrimitiveName<'_>,
    candidates: &[Candidate<'_>],
    version: ProtocolVersion,
    params: &Value,
) -> Result<Matched, ContractError> {
    let error = |reasons| ContractError {
        primitive: primitive.to_string(),
        reasons,
    };
    if candidates.is_empty() {
        return Err(error(vec![Reason::UnknownPrimitive]));
    }
    let request = Request::read(params).map_err(|what| error(vec![Reason::Malformed(what)]))?;
    // A URL request carries `elicitationId` where its version defines it, and only there.
    if request.mode == "url" {
        let has_id = params.get("elicitationId").is_some();
        let defined = crate::version::Fact::ElicitationId
            .versions()
            .contains(version);
        if has_id != defined {
            let what = match has_id {
                true => format!(
                    "a URL request with `elicitationId`, which MCP {version} does not define"
                ),
                false => {
                    format!("a URL request without `elicitationId`, which MCP {version} requires")
                }
            };
            return Err(error(vec![Reason::Malformed(what)]));
        }
    }
    // A request is first a valid form request of the version it is sent on.
    if let Some(sent) = request.schema {
        let problems = crate::diagnostics::request_problems(sent, version);
        if !problems.is_empty() {
            return Err(error(vec![Reason::NotAFormRequest {
                version,
                problems: problems.into_iter().map(|d| (d.path, d.message)).collect(),
            }]));
        }
    }
    let mut same_mode: Vec<&Candidate<'_>> = candidates
        .iter()
        .filter(|c| c.mode == request.mode)
        .collect();
    if same_mode.is_empty() {
        return Err(error(vec![Reason::NoSuchDeclaration {
            mode: request.mode.to_owned(),
            message: request.message.to_owned(),
        }]));
    }
    // Declarations with the request's exact wording are tried first: they are the ones the
    // server meant; others may still match (§12.2 allows representative wording).
    same_mode.sort_by_key(|c| c.message != request.message);
    let mut reasons = Vec::new();
    for c in same_mode {
        let before = reasons.len();
        if !c.scope.contains(version) {
            reasons.push(Reason::VersionOutOfScope {
                declaration: c.name.to_owned(),
                version,
                scope: c.scope,
            });
        }
        if let Some((code, pointer, message)) = &c.invalid_scope {
            reasons.push(Reason::InvalidScope {
                declaration: c.name.to_owned(),
                code: *code,
                pointer: pointer.clone(),
                message: message.clone(),
            });
            continue;
        }
        if let Some((code, pointer, message)) = &c.unresolved {
            reasons.push(Reason::UnresolvedReference {
                declaration: c.name.to_owned(),
                code: *code,
                pointer: pointer.clone(),
                message: message.clone(),
            });
            continue;
        }
        match (request.schema, c.schema) {
            (Some(sent), Some(declared)) => {
                if let Some(pointer) = schema_difference(sent, declared, c.runtime) {
                    reasons.push(Reason::SchemaDiffers {
                        declaration: c.name.to_owned(),
                        pointer,
                    });
                }
            }
            (Some(_), None) => reasons.push(Reason::SchemaDiffers {
                declaration: c.name.to_owned(),
                pointer: String::new(),
            }),
            _ => {}
        }
        if let (Some(declared), Some(sent)) = (c.url, request.url)
            && declared != sent
        {
            reasons.push(Reason::UrlDiffers {
                declaration: c.name.to_owned(),
                declared: declared.to_owned(),
                sent: sent.to_owned(),
            });
        }
        if reasons.len() == before {
            return Ok(Matched {
                name: c.name.to_owned(),
                wording_differs: c.message != request.message,
            });
        }
    }
    Err(error(reasons))
}

/// The parts of an elicitation request's params the check reads.
struct Request<'a> {
    mode: &'a str,
    message: &'a str,
    schema: Option<&'a Value>,
    url: Option<&'a str>,
}

impl<'a> Request<'a> {
    fn read(params: &'a Value) -> Result<Request<'a>, String> {
        let Some(params) = params.as_object() else {
            return Err("the params are not a JSON object".to_owned());
        };
        // A missing mode means form (2025-06-18 has no `mode`; 2025-11-25 makes it optional).
        let mode = match params.get("mode") {
            None => "form",
            Some(Value::String(m)) if m == "form" || m == "url" => m.as_str(),
            Some(other) => return Err(format!("unknown mode {other}")),
        };
        let Some(message) = params.get("message").and_then(Value::as_str) else {
            return Err("no string `message`".to_owned());
        };
        let schema = params.get("requestedSchema");
        let url = params.get("url").and_then(Value::as_str);
        match mode {
            "form" if schema.is_none() => Err("a form request without `requestedSchema`".into()),
            "url" if url.is_none() => Err("a URL request without a string `url`".into()),
            _ => Ok(Request {
                mode,
                message,
                schema,
                url,
            }),
        }
    }
}

/// The JSON Pointer into a sent `requestedSchema` of its first difference from the declared one
/// that is not a run-time part, if there is one.
///
/// Run-time parts (see [`crate::fill`]): any property may carry a `default` given at send time,
/// as long as it fits the property as sent; a property declared in the static shape of a
/// run-time single-select (`{"type": "string"}` with at most `title` and `description`) may be
/// sent with choices (`enum`, `enumNames` or `oneOf`), and one declared as a multi-select whose
/// `items.enum` is empty may be sent with any non-empty `items`. When the run-time fields are
/// known (`runtime`), only they may.
fn schema_difference(sent: &Value, declared: &Value, runtime: Option<&[&str]>) -> Option<String> {
    let (Some(sent_root), Some(declared_root)) = (sent.as_object(), declared.as_object()) else {
        return first_difference(sent, declared, String::new());
    };
    if let Some(p) = members_difference(sent_root, declared_root, "", |k| {
        k == "properties" || k == "required" || k == "$schema"
    }) {
        return Some(p);
    }
    // A form's schema is read as JSON Schema 2020-12 when it names no dialect: naming that one
    // is the same schema as naming none.
    fn dialect(root: &Map<String, Value>) -> Option<&str> {
        match root.get("$schema") {
            None => Some(DEFAULT_DIALECT),
            Some(v) => v.as_str(),
        }
    }
    if dialect(sent_root) != dialect(declared_root) {
        return Some("/$schema".to_owned());
    }
    if let Some(p) = required_difference(sent_root.get("required"), declared_root.get("required")) {
        return Some(p);
    }
    let (Some(sent_props), Some(declared_props)) = (
        sent_root.get("properties").and_then(Value::as_object),
        declared_root.get("properties").and_then(Value::as_object),
    ) else {
        return first_difference(
            sent_root.get("properties").unwrap_or(&Value::Null),
            declared_root.get("properties").unwrap_or(&Value::Null),
            "/properties".to_owned(),
        );
    };
    if let Some(name) = declared_props.keys().find(|k| !sent_props.contains_key(*k)) {
        return Some(format!("/properties/{}", escape(name)));
    }
    // The sent schema as the model, to check run-time defaults against their property as sent:
    // read only when a default differs (the session guard runs this before every request).
    let mut parsed: Option<Option<crate::schema::RequestedSchema>> = None;
    for (name, sent_p) in sent_props {
        let at = format!("/properties/{}", escape(name));
        let Some(declared_p) = declared_props.get(name) else {
            return Some(at);
        };
        let may_be_runtime = runtime.is_none_or(|r| r.contains(&name.as_str()));
        let is_runtime = runtime.is_some_and(|r| r.contains(&name.as_str()));
        if let Some(p) = property_difference(sent_p, declared_p, &at, may_be_runtime, is_runtime) {
            return Some(p);
        }
        // A default the declaration documents is sent: its value may be given at run time, but
        // a request without it is not what the description promises.
        if declared_p.get("default").is_some() && sent_p.get("default").is_none() {
            return Some(format!("{at}/default"));
        }
        let sent_default = sent_p.get("default");
        if sent_default.is_some() && sent_default != declared_p.get("default") {
            let fits = parsed
                .get_or_insert_with(|| crate::diagnostics::parse_requested_schema(sent).ok())
                .as_ref()
                .and_then(|schema| schema.property(name))
                .zip(sent_default)
                .is_some_and(|(property, default)| {
                    let mut problems = crate::content::Problems::new();
                    problems.check(property, default)
                });
            if !fits {
                return Some(format!("{at}/default"));
            }
        }
    }
    None
}

/// The first difference of one property that is not a run-time part (see [`schema_difference`]);
/// its choices are one only when it `may_be_runtime`, and must be sent when it `is_runtime`.
fn property_difference(
    sent: &Value,
    declared: &Value,
    at: &str,
    may_be_runtime: bool,
    is_runtime: bool,
) -> Option<String> {
    let (Some(sent), Some(declared)) = (sent.as_object(), declared.as_object()) else {
        return first_difference(sent, declared, at.to_owned());
    };
    let is_runtime_single = may_be_runtime
        && declared.get("type").and_then(Value::as_str) == Some("string")
        && declared
            .keys()
            .all(|k| matches!(k.as_str(), "type" | "title" | "description"));
    let is_runtime_multi = may_be_runtime
        && declared.get("type").and_then(Value::as_str) == Some("array")
        && declared
            .get("items")
            .and_then(|i| i.get("enum"))
            .and_then(Value::as_array)
            .is_some_and(Vec::is_empty);
    let runtime: &[&str] = if is_runtime_single {
        &["default", "enum", "enumNames", "oneOf"]
    } else if is_runtime_multi {
        &["default", "items"]
    } else {
        &["default"]
    };
    if let Some(p) = members_difference(sent, declared, at, |k| runtime.contains(&k)) {
        return Some(p);
    }
    // Prepared run-time choices are a non-empty list.
    let non_empty = |v: Option<&Value>| v.and_then(Value::as_array).is_some_and(|a| !a.is_empty());
    if is_runtime_single
        && is_runtime
        && !non_empty(sent.get("enum"))
        && !non_empty(sent.get("oneOf"))
    {
        return Some(format!("{at}/enum"));
    }
    if is_runtime_multi {
        let items = sent.get("items");
        let filled = items.is_some_and(|i| non_empty(i.get("enum")) || non_empty(i.get("anyOf")));
        if !filled {
            return Some(format!("{at}/items"));
        }
    }
    None
}

/// The first difference between two `required` lists, compared as sets of distinct names: a
/// name listed twice, one not declared required, or one declared required and left out.
fn required_difference(sent: Option<&Value>, declared: Option<&Value>) -> Option<String> {
    fn names(v: Option<&Value>) -> Option<Vec<&str>> {
        match v {
            None => Some(Vec::new()),
            Some(v) => v.as_array()?.iter().map(Value::as_str).collect(),
        }
    }
    let (Some(sent), Some(declared)) = (names(sent), names(declared)) else {
        return Some("/required".to_owned());
    };
    for (i, name) in sent.iter().enumerate() {
        if sent.iter().take(i).any(|n| n == name) || !declared.contains(name) {
            return Some(format!("/required/{i}"));
        }
    }
    declared
        .iter()
        .any(|name| !sent.contains(name))
        .then(|| "/required".to_owned())
}

/// The first difference between two objects' members, leaving out the keys `skip` names.
/// The dialect a form's schema is read in when it names none.
const DEFAULT_DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

fn members_difference(
    sent: &Map<String, Value>,
    declared: &Map<String, Value>,
    at: &str,
    skip: impl Fn(&str) -> bool,
) -> Option<String> {
    for (k, va) in sent.iter().filter(|(k, _)| !skip(k)) {
        let here = format!("{at}/{}", escape(k));
        match declared.get(k) {
            Some(vb) => {
                if let Some(p) = first_difference(va, vb, here) {
                    return Some(p);
                }
            }
            None => return Some(here),
        }
    }
    declared
        .keys()
        .find(|k| !skip(k) && !sent.contains_key(*k))
        .map(|k| format!("{at}/{}", escape(k)))
}

fn escape(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}

/// The JSON Pointer of the first place where `sent` and `declared` differ, if they do. Numbers
/// compare by value (`3` equals `3.0`), object members regardless of order.
fn first_difference(sent: &Value, declared: &Value, at: String) -> Option<String> {
    match (sent, declared) {
        (Value::Object(a), Value::Object(b)) => members_difference(a, b, &at, |_| false),
        (Value::Array(a), Value::Array(b)) => {
            for (i, (va, vb)) in a.iter().zip(b).enumerate() {
                if let Some(p) = first_difference(va, vb, format!("{at}/{i}")) {
                    return Some(p);
                }
            }
            (a.len() != b.len()).then(|| format!("{at}/{}", a.len().min(b.len())))
        }
        (Value::Number(a), Value::Number(b)) => (a.as_f64() != b.as_f64()).then_some(at),
        (a, b) => (a != b).then_some(at),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn document() -> Value {
        json!({
            "mcpdesc": "0.9.0",
            "info": {"name": "t", "version": "1"},
            "protocolVersions": ["2025-06-18", "2025-11-25", "2026-07-28"],
            "tools": [{
                "name": "close",
                "inputSchema": {"type": "object"},
                "elicitations": [
                    {"name": "confirm", "mode": "form", "message": "Close it?",
                     "requestedSchema": {"$componentRef": "#/components/schemas/Confirm"}},
                    {"name": "auth", "mode": "url", "message": "Authorize.",
                     "url": "https://example.com/auth", "protocolVersions": ["2025-11-25"]}
                ]
            }],
            "components": {"schemas": {"Confirm": {
                "type": "object",
                "properties": {"confirm": {"type": "boolean"}},
                "required": ["confirm"]
            }}}
        })
    }

    fn form(message: &str, schema: Value) -> Value {
        json!({"mode": "form", "message": message, "requestedSchema": schema})
    }

    fn confirm_schema() -> Value {
        json!({"type": "object", "properties": {"confirm": {"type": "boolean"}}, "required": ["confirm"]})
    }

    const CLOSE: Primitive = Primitive::Tool("close");

    /// A default the description documents and the request leaves out is drift; one sent with
    /// another value fitting the property is a run-time default.
    #[test]
    fn a_documented_default_the_request_leaves_out_is_drift() {
        let mut document = document();
        document["components"]["schemas"]["Confirm"]["properties"]["confirm"]["default"] =
            json!(true);
        let check = |schema: Value| {
            check_description(
                &document,
                CLOSE,
                ProtocolVersion::V2025_06_18,
                &form("Close it?", schema),
            )
        };
        let refused = check(confirm_schema()).unwrap_err();
        assert_eq!(
            refused.reasons(),
            [Reason::SchemaDiffers {
                declaration: "confirm".into(),
                pointer: "/properties/confirm/default".into()
            }]
        );
        let mut sent = confirm_schema();
        sent["properties"]["confirm"]["default"] = json!(false);
        assert!(check(sent).is_ok());
    }

    #[test]
    fn a_form_request_matches_its_declaration_through_a_component_reference() {
        let m = check_description(
            &document(),
            CLOSE,
            ProtocolVersion::V2025_06_18,
            &form("Close it?", confirm_schema()),
        )
        .unwrap();
        assert_eq!(m.name(), "confirm");
        assert!(!m.wording_differs());
    }

    #[test]
    fn a_missing_mode_means_form_and_other_wording_is_a_note() {
        let params = json!({"message": "Close issue 7?", "requestedSchema": confirm_schema()});
        let m =
            check_description(&document(), CLOSE, ProtocolVersion::V2025_06_18, &params).unwrap();
        assert_eq!(m.name(), "confirm");
        assert!(m.wording_differs());
    }

    /// The `confirm` form sent with `member` of its one property set to `value`, checked on
    /// 2025-11-25: the declaration it matches, or its reasons.
    fn with_member(member: &str, value: Value) -> Result<String, Vec<Reason>> {
        let mut schema = confirm_schema();
        schema["properties"]["confirm"][member] = value;
        check_description(
            &document(),
            CLOSE,
            ProtocolVersion::V2025_11_25,
            &form("Close it?", schema),
        )
        .map(|m| m.name().to_owned())
        .map_err(|e| e.reasons().to_vec())
    }

    fn confirm_differs(pointer: &str) -> Result<String, Vec<Reason>> {
        Err(vec![Reason::SchemaDiffers {
            declaration: "confirm".into(),
            pointer: pointer.into(),
        }])
    }

    #[test]
    fn a_different_schema_is_reported_with_its_pointer() {
        assert_eq!(
            with_member("title", json!("Sure?")),
            confirm_differs("/properties/confirm/title")
        );
    }

    #[test]
    fn a_run_time_default_matches_when_it_fits_the_property() {
        assert_eq!(with_member("default", json!(true)), Ok("confirm".into()));
    }

    #[test]
    fn a_run_time_default_that_does_not_fit_is_reported() {
        // The request is not a valid form request of the version: said before any comparison.
        assert_eq!(
            with_member("default", json!("yes")),
            Err(vec![Reason::NotAFormRequest {
                version: ProtocolVersion::V2025_11_25,
                problems: vec![(
                    "/properties/confirm/default".into(),
                    "a boolean's `default` must be true or false".into()
                )],
            }])
        );
    }

    #[test]
    fn run_time_choices_match_the_static_shape_they_fill() {
        let doc = json!({"protocolVersions": ["2025-11-25"], "tools": [{"name": "assign", "elicitations": [
            {"name": "pick", "mode": "form", "message": "Who?", "requestedSchema": {
                "type": "object",
                "properties": {
                    "who": {"type": "string", "description": "Teammate."},
                    "labels": {"type": "array", "items": {"type": "string", "enum": []}},
                    "tag": {"type": "string", "enum": ["a", "b"]}
                },
                "required": ["who"]
            }, "x-mcpdesc-runtime-choices": ["who", "labels"]}
        ]}]});
        let tool = Primitive::Tool("assign");
        let sent = |who: Value, labels: Value, tag: Value| {
            form(
                "Who?",
                json!({"type": "object", "properties": {"who": who, "labels": labels, "tag": tag}, "required": ["who"]}),
            )
        };
        let check = |params: &Value| {
            check_description(&doc, tool, ProtocolVersion::V2025_11_25, params)
                .map(|m| m.name().to_owned())
                .map_err(|e| e.reasons().to_vec())
        };
        let who = json!({"type": "string", "description": "Teammate.",
            "oneOf": [{"const": "al", "title": "Al"}, {"const": "bo", "title": "Bo"}], "default": "bo"});
        let labels = json!({"type": "array", "items": {"type": "string", "enum": ["x", "y"]}, "default": ["y"]});
        let tag = json!({"type": "string", "enum": ["a", "b"]});
        assert_eq!(
            check(&sent(who.clone(), labels.clone(), tag.clone())),
            Ok("pick".into())
        );

        let differs = |pointer: &str| {
            Err(vec![Reason::SchemaDiffers {
                declaration: "pick".into(),
                pointer: pointer.into(),
            }])
        };
        // Choices only where the static shape leaves them to run time.
        let tag_filled = json!({"type": "string", "enum": ["a", "b", "c"]});
        assert_eq!(
            check(&sent(who.clone(), labels.clone(), tag_filled)),
            differs("/properties/tag/enum/2")
        );
        // A default outside the choices sent: not a valid request.
        let mut bad_default = who.clone();
        bad_default["default"] = json!("mallory");
        let refused = check(&sent(bad_default, labels.clone(), tag.clone())).unwrap_err();
        assert!(
            matches!(&refused[..], [Reason::NotAFormRequest { problems, .. }]
                if problems[0].0 == "/properties/who/default"),
            "{refused:?}"
        );
        // A run-time multi-select sent without choices: a request offers at least one.
        let empty = json!({"type": "array", "items": {"type": "string", "enum": []}});
        let refused = check(&sent(who.clone(), empty, tag.clone())).unwrap_err();
        assert!(
            matches!(&refused[..], [Reason::NotAFormRequest { problems, .. }]
                if problems[0].0 == "/properties/labels/items/enum"),
            "{refused:?}"
        );
        // The texts around run-time choices are static.
        let mut retitled = who;
        retitled["description"] = json!("Someone.");
        assert_eq!(
            check(&sent(retitled, labels, tag)),
            differs("/properties/who/description")
        );
    }

    /// `elicitationId` is in a URL request on 2025-11-25, which requires it, and not on
    /// 2026-07-28, which removed it (rmcp's model writes it empty there).
    #[test]
    fn elicitation_id_where_the_version_defines_it() {
        let with = json!({"mode": "url", "message": "Authorize.", "url": "https://example.com/auth", "elicitationId": ""});
        let mut without = with.clone();
        without.as_object_mut().map(|o| o.remove("elicitationId"));
        let on = |v, p: &Value| check_description(&document(), CLOSE, v, p);
        assert!(on(ProtocolVersion::V2025_11_25, &with).is_ok());
        let refused = on(ProtocolVersion::V2026_07_28, &with).unwrap_err();
        assert_eq!(
            refused.reasons(),
            [Reason::Malformed(
                "a URL request with `elicitationId`, which MCP 2026-07-28 does not define".into()
            )]
        );
        let refused = on(ProtocolVersion::V2025_11_25, &without).unwrap_err();
        assert_eq!(
            refused.reasons(),
            [Reason::Malformed(
                "a URL request without `elicitationId`, which MCP 2025-11-25 requires".into()
            )]
        );
    }

    #[test]
    fn every_reason_is_listed() {
        let params =
            json!({"mode": "url", "message": "Authorize.", "url": "https://evil.example/"});
        let e = check_description(&document(), CLOSE, ProtocolVersion::V2026_07_28, &params)
            .unwrap_err();
        assert_eq!(e.reasons().len(), 2, "{e}");
        assert!(matches!(e.reasons()[0], Reason::VersionOutOfScope { .. }));
        assert!(matches!(e.reasons()[1], Reason::UrlDiffers { .. }));
        let ok = json!({"mode": "url", "message": "Authorize.", "url": "https://example.com/auth", "elicitationId": "1"});
        assert_eq!(
            check_description(&document(), CLOSE, ProtocolVersion::V2025_11_25, &ok)
                .unwrap()
                .name(),
            "auth"
        );
    }

    #[test]
    fn no_declaration_with_the_mode_or_on_the_primitive() {
        let e = check_description(
            &document(),
            Primitive::Tool("open"),
            ProtocolVersion::V2025_11_25,
            &form("x", confirm_schema()),
        )
        .unwrap_err();
        assert_eq!(e.reasons(), [Reason::UnknownPrimitive]);
        let doc = json!({"protocolVersions": ["2025-11-25"], "tools": [{"name": "close", "elicitations": [
            {"name": "auth", "mode": "url", "message": "Authorize."}
        ]}]});
        let e = check_description(
            &doc,
            CLOSE,
            ProtocolVersion::V2025_11_25,
            &form("Close it?", confirm_schema()),
        )
        .unwrap_err();
        assert!(matches!(e.reasons(), [Reason::NoSuchDeclaration { .. }]));
    }

    #[test]
    fn malformed_params_are_reported_not_panicked_on() {
        for params in [
            json!(null),
            json!({"mode": 3, "message": "x"}),
            json!({"mode": "form", "message": "x"}),
            json!({"mode": "url", "message": "x"}),
            json!({"mode": "form"}),
        ] {
            let e = check_description(&document(), CLOSE, ProtocolVersion::V2025_11_25, &params)
                .unwrap_err();
            assert!(matches!(e.reasons(), [Reason::Malformed(_)]), "{params}");
        }
    }
}
