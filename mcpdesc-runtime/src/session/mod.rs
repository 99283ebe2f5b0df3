//! Asking a derived form over an rmcp session, and reading the answer checked (feature `rmcp`).
//!
//! ```no_run
//! use mcpdesc_runtime::session::{Answer, elicit};
//! use mcpdesc_runtime::ElicitationForm;
//! # use rmcp::service::{Peer, RoleServer};
//!
//! #[derive(ElicitationForm)]
//! struct Assign {
//!     #[form(min_length = 1)]
//!     assignee: String,
//! }
//!
//! # async fn tool(peer: Peer<RoleServer>) -> Result<(), Box<dyn std::error::Error>> {
//! match elicit::<Assign>(&peer, "Who should own this issue?").await? {
//!     Answer::Accepted(assign) => println!("assigning {}", assign.assignee),
//!     Answer::Declined | Answer::Cancelled => println!("left unassigned"),
//! }
//! # Ok(())
//! # }
//! ```
//!
//! The request carries exactly the form's wire schema (no root `title` or `$schema`), is not sent
//! to a client whose negotiated protocol version lacks the form's vocabulary or whose
//! capabilities lack form elicitation, and the answer goes through
//! [`ElicitationForm::from_content`], so every problem of it is reported.
//!
//! MCP 2026-07-28 has no server-initiated requests: there, rmcp refuses the request
//! ([`ElicitError::Service`]). The server answers the tool call with an input-required result
//! instead: [`input_request`] builds its `inputRequests` entry for a form, and
//! [`read_input_response`] reads the client's answer from the retried call's `inputResponses`.
//! [`Call`] does either, as the request's version asks. There the client's capabilities come
//! with each request, and a primitive that cannot go on without asking answers a request that
//! lacks the mode with [`Call::missing_capability`]'s error (`-32021`), which names it.
//!
//! A form with run-time choices ([`crate::fill`]) is not a [`StaticForm`], so these helpers do not
//! take it: it goes through [`elicit_filled`], [`Call::form_filled`] or
//! [`filled_input_request`] / [`read_filled_input_response`] with its filled run-time part, and
//! its answer is read against the choices that were sent.

use std::fmt;

use std::sync::atomic::{AtomicU64, Ordering};

use rmcp::model::{
    ClientCapabilities, CustomNotification, ElicitRequest, ElicitRequestParams, ElicitResult,
    ElicitationAction, ElicitationCapability, ElicitationSchema, ErrorCode, ErrorData,
    InputRequest, InputRequiredResult, InputResponses, RequestStateCodec, SealOptions,
    ServerNotification,
};
use rmcp::service::{ElicitationMode, Peer, RequestContext, RoleServer, ServiceError};
use serde_json::{Map, Value};

use crate::fill::{Filled, FormFill};
use crate::registry::{Declaration, Mode, Primitive};

mod asker;
mod policy;
mod served;

use crate::version::{ProtocolVersion, VersionSet};
use crate::{ContentError, ElicitationForm, RequestedSchema, StaticForm};
pub use asker::{__input_required, Ask, Asked, Asker, InputRequiredResponse, PromptReply};
pub use policy::{
    DEFAULT_STATE_TTL, DEFAULT_TIMEOUT, KeyError, MemorySpentStates, Policy, SpendFuture,
    SpentStates, StateKeys,
};
pub use served::Served;

/// What the user did with a URL-mode request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlAnswer {
    /// The user agreed to visit the URL (the interaction itself happens on the page).
    Accepted,
    /// The user declined explicitly.
    Declined,
    /// The user dismissed the request.
    Cancelled,
}

/// What the user did with a form.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer<F> {
    /// The user filled in the form; the answer fits it.
    Accepted(F),
    /// The user declined explicitly.
    Declined,
    /// The user dismissed the request.
    Cancelled,
}

/// The outcome of asking within one primitive call ([`Call`]).
#[derive(Debug, Clone)]
pub enum Step<T> {
    /// The user answered.
    Answered(T),
    /// MCP 2026-07-28: nothing was sent. Answer the call with this input-required result (its
    /// `inputRequests` holds the request under the declaration's name, and its `requestState`
    /// is sealed when the call is); the client retries the call with the answer in
    /// `inputResponses`, which the same [`Call`] method then reads.
    InputRequired(Box<InputRequiredResult>),
}

/// Why a form could not be asked, or its answer not read.
#[derive(Debug)]
#[non_exhaustive]
pub enum ElicitError {
    /// The negotiated protocol version cannot carry the request (nothing was sent): it lacks
    /// the form's vocabulary, or URL mode, or (for [`Call::url_required`] and
    /// [`notify_elicitation_complete`]) the error or the notification, which only 2025-11-25
    /// has.
    UnsupportedVersion {
        /// The negotiated version.
        version: ProtocolVersion,
        /// The versions that can carry it.
        supported: VersionSet,
    },
    /// The client did not declare the elicitation mode the request needs (nothing was sent).
    ClientCannotElicit {
        /// The mode the request needs.
        mode: ElicitationMode,
    },
    /// A URL-mode request without a URL: the declaration has no static URL and none was given,
    /// or the URL is not an absolute URI (nothing was sent).
    InvalidUrl,
    /// The declaration is not a form-mode declaration of this form type.
    NotThisForm {
        /// The declaration's name.
        declaration: &'static str,
    },
    /// The declaration is not a URL-mode declaration.
    NotUrlMode {
        /// The declaration's name.
        declaration: &'static str,
    },
    /// rmcp could not represent the schema.
    Schema(serde_json::Error),
    /// The request failed in the session.
    Service(ServiceError),
    /// The accepted content is not a JSON object.
    ContentNotAnObject,
    /// The accepted content does not fit the form.
    Content(ContentError),
    /// An `inputResponses` entry is not an elicitation result.
    NotAnElicitResult(serde_json::Error),
    /// The negotiated version is outside the declaration's explicit scope (nothing was sent):
    /// the primitive goes on without asking, as it does for a client that cannot be asked.
    OutOfScope {
        /// The declaration's name.
        declaration: &'static str,
        /// The negotiated version.
        version: ProtocolVersion,
        /// The declaration's scope.
        scope: VersionSet,
    },
    /// A retried call (MCP 2026-07-28) brought a `requestState` that is missing, forged,
    /// expired or sealed for another call. `requestState` comes back from the client and is
    /// untrusted; a server that relies on it verifies it before reading the answers.
    InvalidRequestState,
    /// A guarded [`Call`] refused a request that the registry does not declare for its
    /// primitive (nothing was sent).
    Undeclared(crate::contract::ContractError),
    /// The run-time part of a form (its choices or defaults) does not fit it (nothing was
    /// sent).
    Fill(crate::fill::FillError),
    /// The request did not come through [`Served`], so the call's round (its arguments, its
    /// `inputResponses` and `requestState`) and the server's policy are not known (nothing was
    /// sent).
    NotServed,
    /// The handle's declaration belongs to another primitive than the one being called
    /// (nothing was sent).
    OtherPrimitive {
        /// The declaration's name.
        declaration: &'static str,
        /// The primitive it belongs to.
        declared: Primitive,
        /// The primitive being called, as the protocol names it.
        called: String,
    },
    /// A retried call (MCP 2026-07-28) brought back a sealed `requestState` that was already
    /// brought back once: each state opens once.
    ReplayedState,
    /// The store of spent states failed, so the state was not opened.
    SpentStore(Box<dyn std::error::Error + Send + Sync>),
    /// The client did not answer the `elicitation/create` request in time; the request was
    /// cancelled.
    Timeout {
        /// How long the request waited.
        timeout: std::time::Duration,
    },
    /// The client cancelled the call while it was asking; the request was cancelled too.
    CallCancelled,
}

impl fmt::Display for ElicitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElicitError::UnsupportedVersion { version, supported } => write!(
                f,
                "the session speaks MCP {version}, but this request needs {supported}; nothing was sent"
            ),
            ElicitError::ClientCannotElicit { mode } => write!(
                f,
                "the client did not declare the {} elicitation mode; nothing was sent",
                mode_name(*mode)
            ),
            ElicitError::InvalidUrl => f.write_str(
                "a URL-mode request needs an absolute URL (the declaration's static one, or one chosen now); nothing was sent",
            ),
            ElicitError::NotThisForm { declaration } => write!(
                f,
                "the declaration `{declaration}` is not a form-mode declaration of this form type"
            ),
            ElicitError::NotUrlMode { declaration } => {
                write!(f, "the declaration `{declaration}` is not a URL-mode declaration")
            }
            ElicitError::Schema(e) => write!(f, "rmcp cannot represent the form's schema: {e}"),
            ElicitError::Service(ServiceError::McpError(e)) => write!(
                f,
                "the client answered the elicitation request with an error: {e}"
            ),
            ElicitError::Service(e) => write!(f, "the elicitation request failed: {e}"),
            ElicitError::ContentNotAnObject => {
                f.write_str("the client accepted with content that is not a JSON object")
            }
            ElicitError::Content(e) => e.fmt(f),
            ElicitError::NotAnElicitResult(e) => {
                write!(f, "the input response is not an elicitation result: {e}")
            }
            ElicitError::OutOfScope {
                declaration,
                version,
                scope,
            } => write!(
                f,
                "the declaration `{declaration}` applies to {scope}, not to MCP {version}; nothing was sent"
            ),
            ElicitError::Undeclared(e) => write!(f, "{e}; nothing was sent"),
            ElicitError::Fill(e) => write!(f, "{e}; nothing was sent"),
            ElicitError::InvalidRequestState => f.write_str(
                "the retried call's requestState is missing, forged, expired or sealed for another call",
            ),
            ElicitError::NotServed => f.write_str(
                "this request did not come through `mcpdesc_runtime::session::Served`, so its arguments, inputResponses and requestState are not known: serve `Served::new(server, policy)` instead of `server`; nothing was sent",
            ),
            ElicitError::OtherPrimitive {
                declaration,
                declared,
                called,
            } => write!(
                f,
                "the declaration `{declaration}` belongs to the {declared}, not to the {called} being called; nothing was sent"
            ),
            ElicitError::ReplayedState => f.write_str(
                "the retried call's requestState was already brought back once; a state opens once",
            ),
            ElicitError::SpentStore(e) => {
                write!(f, "the store of spent requestStates failed: {e}")
            }
            ElicitError::Timeout { timeout } => write!(
                f,
                "the client did not answer the elicitation request within {} s; the request was cancelled",
                timeout.as_secs_f64()
            ),
            ElicitError::CallCancelled => f.write_str(
                "the client cancelled the call while it was asking; the request was cancelled",
            ),
        }
    }
}

impl ElicitError {
    /// Nothing was sent because this session cannot take the request: the version is outside
    /// the declaration's scope or lacks the form's vocabulary (or URL mode), or the client did
    /// not declare the mode. A primitive may go on without asking, or tell the caller what it
    /// needs; every other error is a failure (a bad answer, a forged state, a broken session).
    pub fn is_unavailable(&self) -> bool {
        matches!(
            self,
            ElicitError::OutOfScope { .. }
                | ElicitError::UnsupportedVersion { .. }
                | ElicitError::ClientCannotElicit { .. }
        )
    }

    /// The user was never asked: the session cannot take the request
    /// ([`is_unavailable`](Self::is_unavailable)), or the client refused it with an error
    /// ([`client_error`](Self::client_error)). A primitive whose question is optional goes on
    /// without the answer; every other error is a failure.
    pub fn unasked(&self) -> bool {
        self.is_unavailable() || self.client_error().is_some()
    }

    /// The JSON-RPC error the client answered the request with, instead of an answer. Some
    /// clients declare elicitation and then answer every `elicitation/create` with "Method not
    /// found" (`-32601`) or "Invalid request" (`-32600`, "Elicitation not supported") when no
    /// handler is set: as for [`is_unavailable`](Self::is_unavailable), the primitive may go on
    /// without asking, but here the request was sent, and the error's code and message say why
    /// the client refused it. `None` for every other error, including a session that broke.
    ///
    /// ```
    /// # use mcpdesc_runtime::session::ElicitError;
    /// fn may_go_on_without_asking(err: &ElicitError) -> bool {
    ///     err.is_unavailable() || err.client_error().is_some()
    /// }
    /// # use rmcp::service::ElicitationMode;
    /// # let form = ElicitError::ClientCannotElicit { mode: ElicitationMode::Form };
    /// # assert!(may_go_on_without_asking(&form));
    /// # assert!(!may_go_on_without_asking(&ElicitError::InvalidRequestState));
    /// ```
    pub fn client_error(&self) -> Option<&ErrorData> {
        match self {
            ElicitError::Service(ServiceError::McpError(error)) => Some(error),
            _ => None,
        }
    }
}

/// The message of an `ElicitError` already holds the message of the error it wraps, so its
/// `source` is that error's own source, not the error itself: a report that prints every error
/// of the chain (anyhow's `{:#}` and `{:?}`, eyre's) says each thing once. The wrapped error
/// itself is in the variant, for a `match`.
impl std::error::Error for ElicitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ElicitError::Schema(e) | ElicitError::NotAnElicitResult(e) => e.source(),
            ElicitError::Service(e) => e.source(),
            ElicitError::Content(e) => e.source(),
            ElicitError::Undeclared(e) => e.source(),
            ElicitError::Fill(e) => e.source(),
            _ => None,
        }
    }
}

/// The JSON-RPC error a handler answers with when it cannot go on: for a request it could not
/// take or that the client broke (`-32602` for an answer, state or arguments that do not fit,
/// `-32600` for a session that cannot be asked), else an internal error (`-32603`). The message
/// is the error's.
impl From<ElicitError> for ErrorData {
    fn from(error: ElicitError) -> Self {
        let message = error.to_string();
        match error {
            ElicitError::Content(_)
            | ElicitError::ContentNotAnObject
            | ElicitError::NotAnElicitResult(_)
            | ElicitError::InvalidRequestState
            | ElicitError::ReplayedState => ErrorData::invalid_params(message, None),
            ElicitError::UnsupportedVersion { .. }
            | ElicitError::ClientCannotElicit { .. }
            | ElicitError::OutOfScope { .. } => ErrorData::invalid_request(message, None),
            ElicitError::Service(ServiceError::McpError(e)) => e,
            _ => ErrorData::internal_error(message, None),
        }
    }
}

/// Asks the client to fill in the form `F` with `message`, and reads the answer.
///
/// # Errors
///
/// Nothing is sent, and the error says why, when the negotiated version lacks the form's vocabulary
/// ([`ElicitError::UnsupportedVersion`]) or the client did not declare form mode
/// ([`ElicitError::ClientCannotElicit`]). [`ElicitError::Service`] when the request fails in the
/// session or the client answers it with an error ([`ElicitError::client_error`]). An accepted
/// answer that does not fit the form is [`ElicitError::Content`] with every problem, and one that
/// is not a JSON object [`ElicitError::ContentNotAnObject`].
pub async fn elicit<F: StaticForm>(
    peer: &Peer<RoleServer>,
    message: impl Into<String>,
) -> Result<Answer<F>, ElicitError> {
    check_session::<F>(peer)?;
    let result = peer
        .create_elicitation(form_params::<F>(message.into())?)
        .await
        .map_err(ElicitError::Service)?;
    read_result(result)
}

/// Asks the client to fill in a form whose run-time parts (choices, defaults) are given now, and
/// reads the answer against what was sent: a value outside the run-time choices is a problem of
/// its field.
///
/// The schema is filled for the negotiated protocol version (see [`crate::fill`]); a run-time
/// part that does not fit the form is [`ElicitError::Fill`], before anything is sent.
///
/// # Errors
///
/// As [`elicit`], and [`ElicitError::Fill`] (nothing sent) when the run-time part does not fit the
/// form.
pub async fn elicit_filled<P: FormFill>(
    peer: &Peer<RoleServer>,
    message: impl Into<String>,
    fill: P,
) -> Result<Answer<P::Form>, ElicitError> {
    check_session::<P::Form>(peer)?;
    let filled = fill.fill(negotiated(peer)).map_err(ElicitError::Fill)?;
    let result = peer
        .create_elicitation(filled_params(message.into(), &filled)?)
        .await
        .map_err(ElicitError::Service)?;
    read_filled_result(result, &filled)
}

/// The request parameters of a filled form: its schema is new per request, so rmcp's typed
/// schema is built from it each time (from the model, not by reading its JSON).
fn filled_params<F: ElicitationForm>(
    message: String,
    filled: &Filled<F>,
) -> Result<ElicitRequestParams, ElicitError> {
    let requested_schema =
        crate::rmcp_schema::typed(filled.requested_schema()).map_err(ElicitError::Schema)?;
    Ok(ElicitRequestParams::FormElicitationParams {
        meta: None,
        message,
        requested_schema,
    })
}

fn read_filled_result<F: ElicitationForm>(
    result: ElicitResult,
    filled: &Filled<F>,
) -> Result<Answer<F>, ElicitError> {
    read_result_with(result, |content| filled.read(content))
}

fn form_params<F: ElicitationForm>(message: String) -> Result<ElicitRequestParams, ElicitError> {
    let requested_schema = rmcp_schema(F::requested_schema())?;
    Ok(ElicitRequestParams::FormElicitationParams {
        meta: None,
        message,
        requested_schema,
    })
}

/// The form's schema as rmcp's typed `ElicitationSchema`, which rmcp's request parameters hold.
/// Built from the model (reading it from the wire JSON would cost tens of microseconds: rmcp's
/// schema types are untagged enums) once per form and process, kept by the address of the
/// form's `static` schema in the same kind of table as the wire JSON, and cloned per request; it
/// serializes back to exactly the wire JSON (tested in `tests/serve_stdio.rs`).
fn rmcp_schema(schema: &'static RequestedSchema) -> Result<ElicitationSchema, ElicitError> {
    static KEPT: crate::schema::KeptTable<Option<ElicitationSchema>> = std::sync::RwLock::new(None);
    let key = std::ptr::from_ref(schema) as usize;
    match crate::schema::kept(&KEPT, key, || {
        Box::new(crate::rmcp_schema::typed(schema).ok())
    }) {
        Some(typed) => Ok(typed.clone()),
        // Never kept as an error: made again to say what it is.
        None => crate::rmcp_schema::typed(schema).map_err(ElicitError::Schema),
    }
}

fn read_result<F: ElicitationForm>(result: ElicitResult) -> Result<Answer<F>, ElicitError> {
    read_result_with(result, F::from_content)
}

/// The user's answer, its accepted content read by `read`.
fn read_result_with<F>(
    result: ElicitResult,
    read: impl FnOnce(&Map<String, Value>) -> Result<F, ContentError>,
) -> Result<Answer<F>, ElicitError> {
    match result.action {
        ElicitationAction::Accept => {
            let content = match result.content {
                Some(Value::Object(map)) => map,
                None => Map::new(),
                Some(_) => return Err(ElicitError::ContentNotAnObject),
            };
            read(&content)
                .map(Answer::Accepted)
                .map_err(ElicitError::Content)
        }
        ElicitationAction::Decline => Ok(Answer::Declined),
        _ => Ok(Answer::Cancelled),
    }
}

/// The `inputRequests` entry of an input-required result (MCP 2026-07-28 multi round-trip
/// requests) that asks the form `F` with `message`.
///
/// Put it under a key of your choice; the client answers under the same key in the retried
/// call's `inputResponses`, which [`read_input_response`] reads.
///
/// # Errors
///
/// [`ElicitError::Schema`] when rmcp's typed schema cannot represent the form's.
pub fn input_request<F: StaticForm>(
    message: impl Into<String>,
) -> Result<InputRequest, ElicitError> {
    Ok(InputRequest::Elicitation(ElicitRequest::new(
        form_params::<F>(message.into())?,
    )))
}

/// The client's answer to the `inputRequests` entry `key`, from a retried call's
/// `inputResponses`; `Ok(None)` when it holds no answer under `key` (the first round).
///
/// `inputResponses` come from the client: they are read as untrusted input, checked like any
/// other answer.
///
/// # Errors
///
/// [`ElicitError::NotAnElicitResult`] when the entry is not an elicitation result;
/// [`ElicitError::Content`] (every problem) or [`ElicitError::ContentNotAnObject`] when an accepted
/// answer does not fit the form.
pub fn read_input_response<F: StaticForm>(
    responses: Option<&InputResponses>,
    key: &str,
) -> Result<Option<Answer<F>>, ElicitError> {
    let Some(value) = responses.and_then(|r| r.get(key)) else {
        return Ok(None);
    };
    let result: ElicitResult =
        serde_json::from_value(value.clone()).map_err(ElicitError::NotAnElicitResult)?;
    read_result(result).map(Some)
}

/// The `inputRequests` entry (MCP 2026-07-28) that asks a filled form with `message`: like
/// [`input_request`], for a form whose run-time parts were given ([`FormFill::fill`]). Read the
/// retried call's answer with [`read_filled_input_response`] against the same [`Filled`] (keep
/// its [`runtime_choices`](Filled::runtime_choices) in your sealed state when they can change
/// between the rounds).
///
/// # Errors
///
/// [`ElicitError::Schema`] when rmcp's typed schema cannot represent the filled one.
pub fn filled_input_request<F: ElicitationForm>(
    message: impl Into<String>,
    filled: &Filled<F>,
) -> Result<InputRequest, ElicitError> {
    Ok(InputRequest::Elicitation(ElicitRequest::new(
        filled_params(message.into(), filled)?,
    )))
}

/// The client's answer to the `inputRequests` entry `key` of a filled form, read against the
/// choices of `filled`; `Ok(None)` when the retried call holds no answer under `key`.
///
/// # Errors
///
/// As [`read_input_response`], a value outside the choices of `filled` being a problem of its
/// field.
pub fn read_filled_input_response<F: ElicitationForm>(
    responses: Option<&InputResponses>,
    key: &str,
    filled: &Filled<F>,
) -> Result<Option<Answer<F>>, ElicitError> {
    let Some(value) = responses.and_then(|r| r.get(key)) else {
        return Ok(None);
    };
    let result: ElicitResult =
        serde_json::from_value(value.clone()).map_err(ElicitError::NotAnElicitResult)?;
    read_filled_result(result, filled).map(Some)
}

/// `Ok` when `declaration` is a form-mode declaration of the form `F` (the same static schema).
fn declares_form<F: StaticForm>(declaration: &Declaration) -> Result<(), ElicitError> {
    match declaration.mode() {
        Mode::Form { schema, .. } if std::ptr::eq(schema(), F::requested_schema()) => Ok(()),
        _ => Err(ElicitError::NotThisForm {
            declaration: declaration.name(),
        }),
    }
}

/// Asks a registered form-mode declaration of the form `F`, with its documented message.
///
/// # Errors
///
/// [`ElicitError::NotThisForm`] when `declaration` is not a form-mode declaration of `F`; otherwise
/// as [`elicit`].
pub async fn elicit_declared<F: StaticForm>(
    peer: &Peer<RoleServer>,
    declaration: &Declaration,
) -> Result<Answer<F>, ElicitError> {
    declares_form::<F>(declaration)?;
    elicit::<F>(peer, declaration.message()).await
}

fn check_session<F: ElicitationForm>(peer: &Peer<RoleServer>) -> Result<(), ElicitError> {
    check_mode(peer, F::PROTOCOL_VERSIONS, ElicitationMode::Form)
}

/// The protocol version negotiated with the client, when known.
fn negotiated(peer: &Peer<RoleServer>) -> Option<ProtocolVersion> {
    peer.peer_info().and_then(|info| {
        info.protocol_version
            .to_string()
            .parse::<ProtocolVersion>()
            .ok()
    })
}

fn check_mode(
    peer: &Peer<RoleServer>,
    supported: VersionSet,
    mode: ElicitationMode,
) -> Result<(), ElicitError> {
    if let Some(version) = negotiated(peer)
        && !supported.contains(version)
    {
        return Err(ElicitError::UnsupportedVersion { version, supported });
    }
    if !peer.supported_elicitation_modes().contains(&mode) {
        return Err(ElicitError::ClientCannotElicit { mode });
    }
    Ok(())
}

/// Asks the client to send the user to `url` (URL mode, MCP 2025-11-25), with the
/// `elicitation_id` the completion notification will name.
///
/// Not sent when the negotiated version has no URL mode, the client did not declare it, or the URL
/// is not absolute. The URL is never fetched here.
///
/// # Errors
///
/// Nothing is sent when `url` is not an absolute URI ([`ElicitError::InvalidUrl`]), the negotiated
/// version has no URL mode ([`ElicitError::UnsupportedVersion`]) or the client did not declare it
/// ([`ElicitError::ClientCannotElicit`]). [`ElicitError::Service`] when the request fails in the
/// session or the client answers it with an error ([`ElicitError::client_error`]).
pub async fn elicit_url(
    peer: &Peer<RoleServer>,
    message: impl Into<String>,
    url: impl Into<String>,
    elicitation_id: impl Into<String>,
) -> Result<UrlAnswer, ElicitError> {
    let url = url.into();
    if !crate::text::is_absolute_uri(&url) {
        return Err(ElicitError::InvalidUrl);
    }
    check_mode(peer, VersionSet::URL_MODE, ElicitationMode::Url)?;
    let params = ElicitRequestParams::UrlElicitationParams {
        meta: None,
        message: message.into(),
        url,
        elicitation_id: elicitation_id.into(),
    };
    let result = peer
        .create_elicitation(params)
        .await
        .map_err(ElicitError::Service)?;
    Ok(url_answer(&result))
}

/// The URL a URL-mode declaration is sent with: `given` when there is one, else the
/// declaration's static URL.
fn declared_url<'a>(
    declaration: &'a Declaration,
    given: Option<&'a str>,
) -> Result<&'a str, ElicitError> {
    let Mode::Url { url: static_url } = declaration.mode() else {
        return Err(ElicitError::NotUrlMode {
            declaration: declaration.name(),
        });
    };
    given.or(static_url).ok_or(ElicitError::InvalidUrl)
}

/// Asks a registered URL-mode declaration with its documented message: at its static URL, or at
/// `url` when the declaration leaves the URL to run time (a given `url` wins).
///
/// # Errors
///
/// [`ElicitError::NotUrlMode`] when `declaration` is not a URL-mode declaration,
/// [`ElicitError::InvalidUrl`] when it has no static URL and `url` is `None`; otherwise as
/// [`elicit_url`].
pub async fn elicit_declared_url(
    peer: &Peer<RoleServer>,
    declaration: &Declaration,
    url: Option<&str>,
    elicitation_id: impl Into<String>,
) -> Result<UrlAnswer, ElicitError> {
    let url = declared_url(declaration, url)?;
    elicit_url(peer, declaration.message(), url, elicitation_id).await
}

/// The JSON-RPC error code of "URL elicitation required" (MCP 2025-11-25): the request cannot
/// go on until the user completes the URL-mode elicitations in the error's `data`. See
/// [`Call::url_required`].
pub const URL_ELICITATION_REQUIRED: i32 = -32042;

/// The versions with the error [`URL_ELICITATION_REQUIRED`] and the notification
/// `notifications/elicitation/complete`: 2025-11-25 added them with URL mode, and 2026-07-28
/// removed them.
const URL_REQUIRED_VERSIONS: VersionSet = VersionSet::single(ProtocolVersion::V2025_11_25);

/// Tells the client that the out-of-band interaction of the URL-mode elicitation
/// `elicitation_id` completed (`notifications/elicitation/complete`, MCP 2025-11-25): the
/// `elicitationId` of a request sent with [`elicit_url`] or [`Call::url_with_id`], or of an
/// error made with [`Call::url_required`], whose call the client may now retry. Send it when
/// the server learns that the user finished on the page (its own callback, say); nothing here
/// knows when that is.
///
/// # Errors
///
/// Nothing is sent when the negotiated version is not 2025-11-25
/// ([`ElicitError::UnsupportedVersion`]: 2025-06-18 has no URL mode, and 2026-07-28 removed the
/// notification, where the client retries the call when the user is done) or the client did not
/// declare URL mode ([`ElicitError::ClientCannotElicit`]). [`ElicitError::Service`] when the
/// notification cannot be sent.
pub async fn notify_elicitation_complete(
    peer: &Peer<RoleServer>,
    elicitation_id: &str,
) -> Result<(), ElicitError> {
    check_mode(peer, URL_REQUIRED_VERSIONS, ElicitationMode::Url)?;
    let notification = CustomNotification::new(
        "notifications/elicitation/complete",
        Some(serde_json::json!({ "elicitationId": elicitation_id })),
    );
    peer.send_notification(ServerNotification::CustomNotification(notification))
        .await
        .map_err(ElicitError::Service)
}

/// One primitive call's view of the session: the negotiated protocol version and the client's
/// capabilities *of this request*, the peer, and on MCP 2026-07-28 the round's
/// `inputResponses` and `requestState`. Its methods ask a registered declaration the way the
/// version asks:
///
/// - 2025-06-18 and 2025-11-25: an `elicitation/create` request, awaited
///   ([`Step::Answered`]);
/// - 2026-07-28: no server-initiated request exists. The first round returns
///   [`Step::InputRequired`], the result to answer the call with; the retried call, whose
///   `inputResponses` this `Call` is given, returns [`Step::Answered`].
///
/// Nothing is sent when the version is outside the declaration's scope
/// ([`ElicitError::OutOfScope`]), lacks the form's vocabulary or URL mode
/// ([`ElicitError::UnsupportedVersion`]), or the client did not declare the mode
/// ([`ElicitError::ClientCannotElicit`]); [`ElicitError::is_unavailable`] tells these apart from
/// real failures. A [`guarded`](Call::guarded) call also refuses any request the registry does
/// not declare for its primitive.
///
/// `requestState` comes back from the client and is untrusted (MCP 2026-07-28). A
/// [`sealed`](Call::sealed) call signs the state of the result it returns, bound to the
/// primitive, the declaration and the call's arguments, and reads a retry's answer only when the
/// state it brings back opens ([`ElicitError::InvalidRequestState`] otherwise).
///
/// ```no_run
/// use mcpdesc_runtime::registry::{self, Primitive};
/// use mcpdesc_runtime::session::{Answer, Call, Step};
/// use mcpdesc_runtime::ElicitationForm;
/// # use rmcp::model::{InputResponses, RequestStateCodec};
/// # use rmcp::service::{RequestContext, RoleServer};
///
/// #[derive(ElicitationForm)]
/// struct Confirm {
///     confirm: bool,
/// }
///
/// # async fn tool(ctx: RequestContext<RoleServer>, issue: u64, responses: Option<InputResponses>,
/// #     state: Option<String>, codec: RequestStateCodec)
/// # -> Result<(), Box<dyn std::error::Error>> {
/// let declaration = registry::find(Primitive::Tool("close_issue"), "confirm_close").unwrap();
/// let call = Call::new(&ctx, Primitive::Tool("close_issue"))
///     .input_responses(responses.as_ref())
///     .sealed(&codec, state.as_deref(), &issue)
///     .guarded();
/// match call.form::<Confirm>(declaration).await? {
///     Step::Answered(Answer::Accepted(c)) if c.confirm => { /* close it */ }
///     Step::Answered(_) => { /* keep it open, as `on_decline` says */ }
///     Step::InputRequired(result) => {
///         // return `*result` from the tool; the client retries with the answer
///     }
/// }
/// # Ok(())
/// # }
/// ```
pub struct Call<'a> {
    context: &'a RequestContext<RoleServer>,
    primitive: Primitive,
    input_responses: Option<&'a InputResponses>,
    guarded: bool,
    seal: Option<Seal<'a>>,
}

/// Shows what the call asks for and how: its primitive, protocol version, and whether it is
/// guarded, sealed and carries a retry's answers. Never the sealing key, the state or the call's
/// arguments, which can hold what a user typed.
impl fmt::Debug for Call<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Call")
            .field("primitive", &self.primitive)
            .field("protocol_version", &self.protocol_version())
            .field("guarded", &self.guarded)
            .field("sealed", &self.seal.is_some())
            .field("input_responses", &self.input_responses.is_some())
            .finish_non_exhaustive()
    }
}

/// How a [`Call`] seals and opens `requestState`.
struct Seal<'a> {
    codec: &'a RequestStateCodec,
    /// The state the retried call brought back.
    request_state: Option<&'a str>,
    /// The call's arguments, serialized: part of what a state is bound to.
    arguments: Vec<u8>,
}

/// How long a sealed `requestState` stays valid.
const STATE_TTL: std::time::Duration = std::time::Duration::from_secs(600);

impl<'a> Call<'a> {
    /// A call of `primitive`, handled with `context`.
    pub fn new(context: &'a RequestContext<RoleServer>, primitive: Primitive) -> Self {
        Call {
            context,
            primitive,
            input_responses: None,
            guarded: false,
            seal: None,
        }
    }

    /// The `inputResponses` of this round (MCP 2026-07-28 retries), as the request carried them.
    #[must_use]
    pub fn input_responses(mut self, responses: Option<&'a InputResponses>) -> Self {
        self.input_responses = responses;
        self
    }

    /// Seal the `requestState` of the input-required results this call returns with `codec`,
    /// bound to the primitive, the declaration and `arguments` (serialized as JSON), and read a
    /// retry's answer only when `request_state`, the state the retry brought back, opens with the
    /// same binding and has not expired (ten minutes). A state forged, missing, expired, or
    /// sealed for another primitive, declaration or arguments is
    /// [`ElicitError::InvalidRequestState`].
    ///
    /// Without sealing, a retry's answers are still checked against the form, but nothing ties
    /// them to the round that asked for them.
    #[must_use]
    pub fn sealed(
        mut self,
        codec: &'a RequestStateCodec,
        request_state: Option<&'a str>,
        arguments: &impl serde::Serialize,
    ) -> Self {
        self.seal = Some(Seal {
            codec,
            request_state,
            arguments: serde_json::to_vec(arguments).unwrap_or_default(),
        });
        self
    }

    /// Refuse, before sending, any elicitation that the registry does not declare for this
    /// primitive with this mode, schema, URL and version (see [`contract::check_registered`]).
    ///
    /// [`contract::check_registered`]: crate::contract::check_registered
    #[must_use]
    pub fn guarded(mut self) -> Self {
        self.guarded = true;
        self
    }

    /// The primitive being called.
    pub fn primitive(&self) -> Primitive {
        self.primitive
    }

    /// The protocol version of this request, when the session knows it.
    pub fn protocol_version(&self) -> Option<ProtocolVersion> {
        self.context
            .protocol_version()
            .and_then(|v| v.as_str().parse().ok())
    }

    /// Whether the client declared `mode` for this request (an empty `elicitation` capability
    /// means form only).
    pub fn client_supports(&self, mode: ElicitationMode) -> bool {
        let Some(capability) = self
            .context
            .client_capabilities()
            .and_then(|c| c.elicitation)
        else {
            return false;
        };
        match mode {
            ElicitationMode::Form => capability.form.is_some() || capability.url.is_none(),
            ElicitationMode::Url => capability.url.is_some(),
            _ => false,
        }
    }

    /// Asks the form-mode `declaration` (of the form `F`) with its documented message.
    ///
    /// # Errors
    ///
    /// [`ElicitError::NotThisForm`] when `declaration` is not a form-mode declaration of `F`;
    /// otherwise as [`ask_form`](Call::ask_form), and [`ElicitError::OutOfScope`] (nothing sent)
    /// when the negotiated version is outside the declaration's explicit scope.
    pub async fn form<F: StaticForm>(
        &self,
        declaration: &'static Declaration,
    ) -> Result<Step<Answer<F>>, ElicitError> {
        declares_form::<F>(declaration)?;
        self.form_with_message::<F>(declaration.name(), declaration.message(), Some(declaration))
            .await
    }

    /// Asks the form `F` with a message of the server's choosing, under the `inputRequests` key
    /// `key` on 2026-07-28. A [`guarded`](Call::guarded) call sends it only when it matches a
    /// registered declaration of this primitive (§12.2 allows a runtime message to differ from
    /// the documented wording).
    ///
    /// # Errors
    ///
    /// Nothing is sent when the negotiated version lacks the form's vocabulary
    /// ([`ElicitError::UnsupportedVersion`]), the client did not declare form mode
    /// ([`ElicitError::ClientCannotElicit`]), or a guarded call's request matches no registered
    /// declaration ([`ElicitError::Undeclared`]); [`ElicitError::is_unavailable`] tells the first
    /// two from failures. [`ElicitError::Service`] when the request fails in the session or the
    /// client answers it with an error ([`ElicitError::client_error`]). A retry's `requestState`
    /// that does not open on a sealed call is [`ElicitError::InvalidRequestState`], and its entry
    /// [`ElicitError::NotAnElicitResult`] when it is not an elicitation result. An accepted answer
    /// that does not fit the form is [`ElicitError::Content`] with every problem.
    pub async fn ask_form<F: StaticForm>(
        &self,
        key: &str,
        message: &str,
    ) -> Result<Step<Answer<F>>, ElicitError> {
        self.form_with_message::<F>(key, message, None).await
    }

    async fn form_with_message<F: ElicitationForm>(
        &self,
        key: &str,
        message: &str,
        declaration: Option<&'static Declaration>,
    ) -> Result<Step<Answer<F>>, ElicitError> {
        let version = self.protocol_version();
        if let (Some(d), Some(v)) = (declaration, version) {
            check_scope(d, v)?;
        }
        if let Some(v) = version
            && !F::PROTOCOL_VERSIONS.contains(v)
        {
            return Err(ElicitError::UnsupportedVersion {
                version: v,
                supported: F::PROTOCOL_VERSIONS,
            });
        }
        let params = || form_params::<F>(message.to_owned());
        match self
            .round(key, version, ElicitationMode::Form, params, Vec::new)
            .await?
        {
            Step::Answered((result, _)) => read_result(result).map(Step::Answered),
            Step::InputRequired(result) => Ok(Step::InputRequired(result)),
        }
    }

    /// Asks the form-mode `declaration` with its documented message, its form's run-time parts
    /// (choices, defaults) given by `fill`, and reads the answer against the choices of the
    /// round that asked.
    ///
    /// On MCP 2026-07-28 the retried call's answer is checked against the choices the first
    /// round sent: a [`sealed`](Call::sealed) call keeps their values in the sealed
    /// `requestState` (not in server memory), so choices that changed in between do not let
    /// an answer through that the user was never offered; an unsealed call checks against the
    /// choices `fill` gives on the retry.
    ///
    /// # Errors
    ///
    /// As [`form`](Call::form), and [`ElicitError::Fill`] (nothing sent) when the run-time part
    /// does not fit the form; a value outside the choices of the round that asked is a problem of
    /// its field in [`ElicitError::Content`].
    pub async fn form_filled<P: FormFill>(
        &self,
        declaration: &'static Declaration,
        fill: P,
    ) -> Result<Step<Answer<P::Form>>, ElicitError> {
        let same_form = match declaration.mode() {
            Mode::Form { schema, .. } => std::ptr::eq(schema(), P::Form::requested_schema()),
            Mode::Url { .. } => false,
        };
        if !same_form {
            return Err(ElicitError::NotThisForm {
                declaration: declaration.name(),
            });
        }
        let version = self.protocol_version();
        if let Some(v) = version {
            check_scope(declaration, v)?;
            if !P::Form::PROTOCOL_VERSIONS.contains(v) {
                return Err(ElicitError::UnsupportedVersion {
                    version: v,
                    supported: P::Form::PROTOCOL_VERSIONS,
                });
            }
        }
        let filled = fill.fill(version).map_err(ElicitError::Fill)?;
        let key = declaration.name();
        let params = || filled_params(declaration.message().to_owned(), &filled);
        let keep = || serde_json::to_vec(&filled.runtime_choices()).unwrap_or_default();
        match self
            .round(key, version, ElicitationMode::Form, params, keep)
            .await?
        {
            Step::Answered((result, None)) => {
                read_filled_result(result, &filled).map(Step::Answered)
            }
            // A sealed retry: the choices of the round that asked, from the verified state.
            Step::Answered((result, Some(state))) => {
                let asked = serde_json::from_slice::<Map<String, Value>>(&state)
                    .ok()
                    .and_then(|choices| Filled::from_runtime_choices(&choices).ok())
                    .ok_or(ElicitError::InvalidRequestState)?;
                read_filled_result(result, &asked).map(Step::Answered)
            }
            Step::InputRequired(result) => Ok(Step::InputRequired(result)),
        }
    }

    /// Asks the URL-mode `declaration` with its documented message, at its static URL or at
    /// `url` when the declaration leaves the URL to run time (a given `url` wins). On
    /// 2025-11-25 the request carries a fresh `elicitationId` (to name one of your own, for
    /// [`notify_elicitation_complete`], use [`url_with_id`](Call::url_with_id)).
    ///
    /// # Errors
    ///
    /// [`ElicitError::NotUrlMode`] when `declaration` is not a URL-mode declaration, and
    /// [`ElicitError::InvalidUrl`] when there is no URL or it is not absolute. Nothing is sent when
    /// the negotiated version is outside the declaration's scope ([`ElicitError::OutOfScope`]) or
    /// has no URL mode ([`ElicitError::UnsupportedVersion`]), the client did not declare it
    /// ([`ElicitError::ClientCannotElicit`]), or a guarded call's request matches no registered
    /// declaration ([`ElicitError::Undeclared`]). [`ElicitError::Service`] when the request fails
    /// in the session or the client answers it with an error ([`ElicitError::client_error`]). A
    /// retry's `requestState` that does not open on a sealed call is
    /// [`ElicitError::InvalidRequestState`].
    pub async fn url(
        &self,
        declaration: &'static Declaration,
        url: Option<&str>,
    ) -> Result<Step<UrlAnswer>, ElicitError> {
        self.url_asked(declaration, url, None).await
    }

    /// [`url`](Call::url), the request carrying `elicitation_id` on 2025-11-25: the server's
    /// own name for the interaction, which [`notify_elicitation_complete`] gives the client
    /// when the interaction completes. MCP 2026-07-28 has no `elicitationId`; there it is not
    /// sent.
    ///
    /// # Errors
    ///
    /// As [`url`](Call::url).
    pub async fn url_with_id(
        &self,
        declaration: &'static Declaration,
        url: Option<&str>,
        elicitation_id: &str,
    ) -> Result<Step<UrlAnswer>, ElicitError> {
        self.url_asked(declaration, url, Some(elicitation_id)).await
    }

    /// Answers the call with "URL elicitation required" (the JSON-RPC error
    /// [`URL_ELICITATION_REQUIRED`], MCP 2025-11-25) for the URL-mode `declaration`, at its
    /// static URL or at `url` (a given `url` wins), instead of asking and waiting: return the
    /// error from the handler. The client sends the user to the URL and may retry the call once
    /// the interaction completes, which [`notify_elicitation_complete`] with `elicitation_id`
    /// tells it. The error's `data` is `{"elicitations": [<the URL request>]}`, as the
    /// TypeScript and Python SDKs' clients read it.
    ///
    /// # Errors
    ///
    /// [`ElicitError::NotUrlMode`] when `declaration` is not a URL-mode declaration, and
    /// [`ElicitError::InvalidUrl`] when there is no URL or it is not absolute. No error is made
    /// when the negotiated version is outside the declaration's scope
    /// ([`ElicitError::OutOfScope`]) or is not 2025-11-25 ([`ElicitError::UnsupportedVersion`]:
    /// 2025-06-18 has no URL mode, and 2026-07-28 removed the error, where
    /// [`url`](Call::url) answers with an input-required result instead), when the client did
    /// not declare URL mode ([`ElicitError::ClientCannotElicit`]), or when a guarded call's
    /// request matches no registered declaration ([`ElicitError::Undeclared`]).
    pub fn url_required(
        &self,
        declaration: &'static Declaration,
        url: Option<&str>,
        elicitation_id: &str,
    ) -> Result<ErrorData, ElicitError> {
        let (url, version) = self.url_of(declaration, url, URL_REQUIRED_VERSIONS)?;
        if !self.client_supports(ElicitationMode::Url) {
            return Err(ElicitError::ClientCannotElicit {
                mode: ElicitationMode::Url,
            });
        }
        let params = ElicitRequestParams::UrlElicitationParams {
            meta: None,
            message: declaration.message().to_owned(),
            url: url.to_owned(),
            elicitation_id: elicitation_id.to_owned(),
        };
        self.guard(&params, version)?;
        let request = serde_json::to_value(&params).map_err(ElicitError::Schema)?;
        Ok(ErrorData::new(
            ErrorCode(URL_ELICITATION_REQUIRED),
            "URL elicitation required",
            Some(serde_json::json!({ "elicitations": [request] })),
        ))
    }

    /// The error "Missing required client capability" (`-32021`, MCP 2026-07-28) for
    /// `declaration`, when this request cannot be asked it only because its client capabilities
    /// lack the declaration's mode. Return it from a primitive that cannot go on without the
    /// answer, for example a confirmation: the spec has a server that cannot fulfil a request
    /// for a capability the client did not declare answer with this error, which tells the
    /// client what to declare when it retries.
    ///
    /// Its `data` is `{"requiredCapabilities": {"elicitation": {"form": {}}}}` (or `"url"`),
    /// made with rmcp's [`ErrorData::missing_required_client_capability`], as the TypeScript
    /// SDK's `MissingRequiredClientCapabilityError` reads it. Nothing is sent.
    ///
    /// `None` when a capability is not what is missing:
    /// - the request declares the mode, or it is a retry that brings the declaration's answer;
    /// - the version is not 2026-07-28: 2025-06-18 and 2025-11-25 agree on capabilities once per
    ///   session and have no such error, so ask, and answer [`ElicitError::ClientCannotElicit`]
    ///   as the primitive does without the answer;
    /// - the version is outside the declaration's scope, or lacks its form's vocabulary;
    /// - the session does not know the request's version.
    ///
    /// ```no_run
    /// # use mcpdesc_runtime::registry::{self, Primitive};
    /// # use mcpdesc_runtime::session::Call;
    /// # use rmcp::model::ErrorData;
    /// # use rmcp::service::{RequestContext, RoleServer};
    /// # fn tool(ctx: RequestContext<RoleServer>) -> Result<(), ErrorData> {
    /// let declaration = registry::find(Primitive::Tool("delete_issue"), "confirm_delete").unwrap();
    /// let call = Call::new(&ctx, Primitive::Tool("delete_issue"));
    /// if let Some(error) = call.missing_capability(declaration) {
    ///     return Err(error); // nothing is deleted unconfirmed
    /// }
    /// // ask `call.form::<Confirm>(declaration)` …
    /// # Ok(())
    /// # }
    /// ```
    pub fn missing_capability(&self, declaration: &'static Declaration) -> Option<ErrorData> {
        let version = self.protocol_version()?;
        let applies = is_multi_round_trip(Some(version))
            && declaration.supported_versions().contains(version)
            && declaration
                .protocol_versions()
                .is_none_or(|scope| scope.contains(version));
        let answered = self
            .input_responses
            .is_some_and(|r| r.contains_key(declaration.name()));
        let (mode, elicitation) = match declaration.mode() {
            Mode::Form { .. } => (
                ElicitationMode::Form,
                ElicitationCapability::new().with_form(Default::default()),
            ),
            Mode::Url { .. } => (
                ElicitationMode::Url,
                ElicitationCapability::new().with_url(Default::default()),
            ),
        };
        if !applies || answered || self.client_supports(mode) {
            return None;
        }
        let mut required = ClientCapabilities::default();
        required.elicitation = Some(elicitation);
        Some(ErrorData::missing_required_client_capability(required))
    }

    /// The URL the URL-mode `declaration` is sent with (`given`, else its static one), and
    /// the request's version, checked against the declaration's scope and `supported`.
    fn url_of<'u>(
        &self,
        declaration: &'static Declaration,
        given: Option<&'u str>,
        supported: VersionSet,
    ) -> Result<(&'u str, Option<ProtocolVersion>), ElicitError> {
        let url = declared_url(declaration, given)?;
        if !crate::text::is_absolute_uri(url) {
            return Err(ElicitError::InvalidUrl);
        }
        let version = self.protocol_version();
        if let Some(v) = version {
            check_scope(declaration, v)?;
            if !supported.contains(v) {
                return Err(ElicitError::UnsupportedVersion {
                    version: v,
                    supported,
                });
            }
        }
        Ok((url, version))
    }

    async fn url_asked(
        &self,
        declaration: &'static Declaration,
        url: Option<&str>,
        elicitation_id: Option<&str>,
    ) -> Result<Step<UrlAnswer>, ElicitError> {
        let (url, version) = self.url_of(declaration, url, VersionSet::URL_MODE)?;
        let key = declaration.name();
        let params = || {
            static NEXT_ID: AtomicU64 = AtomicU64::new(1);
            let elicitation_id = if is_multi_round_trip(version) {
                String::new() // 2026-07-28 removed `elicitationId`.
            } else if let Some(id) = elicitation_id {
                id.to_owned()
            } else {
                format!("{key}-{}", NEXT_ID.fetch_add(1, Ordering::Relaxed))
            };
            Ok(ElicitRequestParams::UrlElicitationParams {
                meta: None,
                message: declaration.message().to_owned(),
                url: url.to_owned(),
                elicitation_id,
            })
        };
        let step = self
            .round(key, version, ElicitationMode::Url, params, Vec::new)
            .await?;
        Ok(match step {
            Step::Answered((result, _)) => Step::Answered(url_answer(&result)),
            Step::InputRequired(result) => Step::InputRequired(result),
        })
    }

    /// One round of asking under `key`: on a 2026-07-28 retry, the answer the client brought
    /// (its state verified when sealed, with the `kept` bytes sealed with it); otherwise the
    /// request `params` builds, checked against the client's capabilities and the guard, then
    /// sent (or returned as an input-required result on 2026-07-28, whose sealed state keeps
    /// what `keep` makes; made only then).
    async fn round(
        &self,
        key: &str,
        version: Option<ProtocolVersion>,
        mode: ElicitationMode,
        params: impl FnOnce() -> Result<ElicitRequestParams, ElicitError>,
        keep: impl FnOnce() -> Vec<u8>,
    ) -> Result<Step<(ElicitResult, Option<Vec<u8>>)>, ElicitError> {
        let multi_round_trip = is_multi_round_trip(version);
        if multi_round_trip && let Some(value) = self.input_responses.and_then(|r| r.get(key)) {
            let kept = self.open_state(key)?;
            let result: ElicitResult =
                serde_json::from_value(value.clone()).map_err(ElicitError::NotAnElicitResult)?;
            return Ok(Step::Answered((result, kept)));
        }
        if !self.client_supports(mode) {
            return Err(ElicitError::ClientCannotElicit { mode });
        }
        let params = params()?;
        self.guard(&params, version)?;
        if multi_round_trip {
            let request = InputRequest::Elicitation(ElicitRequest::new(params));
            let result = InputRequiredResult::new(
                Some([(key.to_owned(), request)].into()),
                self.seal_state(key, keep),
            );
            return Ok(Step::InputRequired(Box::new(result)));
        }
        self.context
            .peer
            .create_elicitation(params)
            .await
            .map(|result| Step::Answered((result, None)))
            .map_err(ElicitError::Service)
    }

    /// What a sealed state is bound to: the primitive, the `inputRequests` key and the call's
    /// arguments.
    fn binding(&self, seal: &Seal<'_>, key: &str) -> Vec<u8> {
        let mut binding = format!("{}\u{0}{key}\u{0}", self.primitive).into_bytes();
        binding.extend_from_slice(&seal.arguments);
        binding
    }

    /// The sealed state: `key`, a NUL, then `keep` (what the retry must read its answer
    /// against).
    fn seal_state(&self, key: &str, keep: impl FnOnce() -> Vec<u8>) -> Option<String> {
        let seal = self.seal.as_ref()?;
        let keep = keep();
        let binding = self.binding(seal, key);
        let options = SealOptions::new().associated_data(&binding).ttl(STATE_TTL);
        let mut payload = Vec::with_capacity(key.len() + 1 + keep.len());
        payload.extend_from_slice(key.as_bytes());
        payload.push(0);
        payload.extend_from_slice(&keep);
        Some(seal.codec.seal_with(&payload, &options))
    }

    /// Verifies a retry's state and returns what was kept in it (`None` when the call is not
    /// sealed).
    fn open_state(&self, key: &str) -> Result<Option<Vec<u8>>, ElicitError> {
        let Some(seal) = &self.seal else {
            return Ok(None);
        };
        let binding = self.binding(seal, key);
        let payload = match seal
            .request_state
            .map(|state| seal.codec.open_with(state, &binding))
        {
            Some(Ok(payload)) => payload,
            _ => return Err(ElicitError::InvalidRequestState),
        };
        match payload.strip_prefix(key.as_bytes()) {
            Some([0, kept @ ..]) => Ok(Some(kept.to_vec())),
            _ => Err(ElicitError::InvalidRequestState),
        }
    }

    fn guard(
        &self,
        params: &ElicitRequestParams,
        version: Option<ProtocolVersion>,
    ) -> Result<(), ElicitError> {
        if !self.guarded {
            return Ok(());
        }
        let value = serde_json::to_value(params).map_err(ElicitError::Schema)?;
        // Without a known version, the check uses the newest one (the guard still compares
        // mode, schema and URL).
        let version = version.unwrap_or(ProtocolVersion::V2026_07_28);
        crate::contract::check_registered(self.primitive, version, &value)
            .map(|_| ())
            .map_err(ElicitError::Undeclared)
    }
}

/// The declaration's explicit scope holds `version`.
fn check_scope(declaration: &Declaration, version: ProtocolVersion) -> Result<(), ElicitError> {
    match declaration.protocol_versions() {
        Some(scope) if !scope.contains(version) => Err(ElicitError::OutOfScope {
            declaration: declaration.name(),
            version,
            scope,
        }),
        _ => Ok(()),
    }
}

/// How the protocol names `mode`: `form` or `url` (rmcp's enum is open to modes to come).
fn mode_name(mode: ElicitationMode) -> &'static str {
    match mode {
        ElicitationMode::Form => "`form`",
        ElicitationMode::Url => "`url`",
        _ => "requested",
    }
}

/// MCP 2026-07-28 and later ask through input-required results.
fn is_multi_round_trip(version: Option<ProtocolVersion>) -> bool {
    version.is_some_and(|v| v >= ProtocolVersion::V2026_07_28)
}

fn url_answer(result: &ElicitResult) -> UrlAnswer {
    match result.action {
        ElicitationAction::Accept => UrlAnswer::Accepted,
        ElicitationAction::Decline => UrlAnswer::Declined,
        _ => UrlAnswer::Cancelled,
    }
}

/// Asks a declaration through an [`Asker`], in one expression, on any protocol version.
///
/// - `ask!(asker, HANDLE)`: a static form, or a URL-mode declaration at its static URL;
/// - `ask!(asker, HANDLE, fill)`: a form whose choices or defaults are given at run time (its
///   generated `…Fill`);
/// - `ask!(asker, HANDLE, url = "https://…")`: a URL-mode declaration at a URL chosen now.
///
/// `HANDLE` is the typed handle the `#[elicitation]` attribute emits beside the function
/// ([`FormHandle`](crate::registry::FormHandle)). The expression is
/// `Result<`[`Asked`]`<T>, `[`ElicitError`]`>`: the typed answer, or the user's decline or cancel
/// with the declaration's `on_decline` / `on_cancel`, or why nothing could be asked. On MCP
/// 2026-07-28, when the client must be asked first, it returns the input-required result from
/// the enclosing handler (`return Ok(..)`), whose response type must carry one: rmcp's
/// `CallToolResponse` for a tool, [`PromptReply`] for a prompt, `ReadResourceResponse` for a
/// resource read. The client retries with the answer, and the same `ask!` reads it.
///
/// ```no_run
/// use mcpdesc_runtime::session::{Asked, Asker};
/// use mcpdesc_runtime::{ElicitationForm, ask, elicitation};
/// use rmcp::ErrorData;
/// use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
///
/// #[derive(ElicitationForm)]
/// struct Confirm {
///     confirm: bool,
/// }
///
/// struct Tracker;
///
/// impl Tracker {
///     #[elicitation(name = "confirm", form = Confirm, message = "Close the issue?",
///                   on_decline = "The issue stays open.")]
///     async fn close_issue(&self, asker: Asker) -> Result<CallToolResponse, ErrorData> {
///         let text = match ask!(asker, Self::CLOSE_ISSUE_CONFIRM)? {
///             Asked::Accepted(c) if c.confirm => "Closed.",
///             other => other.follow_up().unwrap_or("Nothing changed."),
///         };
///         Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
///     }
/// }
/// ```
#[macro_export]
macro_rules! ask {
    (@step $asked:expr) => {
        match $asked {
            $crate::__private::Ok($crate::session::Step::Answered(asked)) => {
                $crate::__private::Ok(asked)
            }
            $crate::__private::Ok($crate::session::Step::InputRequired(result)) => {
                return $crate::__private::Ok($crate::session::__input_required(*result));
            }
            $crate::__private::Err(error) => $crate::__private::Err(error),
        }
    };
    ($asker:expr, $handle:expr $(,)?) => {
        $crate::ask!(@step $crate::session::Ask::ask($handle, &$asker).await)
    };
    ($asker:expr, $handle:expr, url = $url:expr $(,)?) => {
        $crate::ask!(@step $crate::session::Asker::url(
            &$asker,
            $handle,
            $crate::__private::Some($url),
        ).await)
    };
    ($asker:expr, $handle:expr, $fill:expr $(,)?) => {
        $crate::ask!(@step $crate::session::Asker::form_filled(&$asker, $handle, $fill).await)
    };
}
