//! Asking over an rmcp session, and reading the answer checked (feature `rmcp`).
//!
//! A server asks through its declarations. `#[elicitation(...)]` writes a typed handle beside the
//! function ([`FormHandle`](crate::registry::FormHandle)); the call's [`Asker`] (an rmcp
//! extractor in `#[tool]` and `#[prompt]` functions, [`Asker::new`] in `read_resource`) asks it
//! with [`ask!`](crate::ask), on every protocol version; the server is served as [`AskingServer`],
//! with a [`Policy`] set once for it.
//!
//! ```no_run
//! use mcpdesc_runtime::session::{Asked, Asker, Policy, AskingServer};
//! use mcpdesc_runtime::{ElicitationForm, ask, elicitation};
//! use rmcp::handler::server::wrapper::Parameters;
//! use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
//! use rmcp::{ErrorData, ServerHandler, ServiceExt, tool, tool_handler, tool_router};
//!
//! #[derive(ElicitationForm)]
//! struct Confirm {
//!     /// Go ahead.
//!     confirm: bool,
//! }
//!
//! #[derive(serde::Deserialize, schemars::JsonSchema)]
//! struct IssueArgs {
//!     issue: u64,
//! }
//!
//! #[derive(Clone)]
//! struct Tracker;
//!
//! #[tool_router]
//! impl Tracker {
//!     #[elicitation(name = "confirm", form = Confirm, message = "Close this issue?",
//!                   on_decline = "The issue stays open.")]
//!     #[tool(description = "Close an issue.")]
//!     async fn close_issue(
//!         &self,
//!         Parameters(args): Parameters<IssueArgs>,
//!         asker: Asker,
//!     ) -> Result<CallToolResponse, ErrorData> {
//!         let said = match ask!(asker, Self::CLOSE_ISSUE_CONFIRM)? {
//!             Asked::Accepted(c) if c.confirm => format!("Closed #{}.", args.issue),
//!             other => other.follow_up().unwrap_or("Nothing changed.").to_owned(),
//!         };
//!         Ok(CallToolResult::success(vec![ContentBlock::text(said)]).into())
//!     }
//! }
//!
//! #[tool_handler]
//! impl ServerHandler for Tracker {}
//!
//! # async fn serve() -> Result<(), Box<dyn std::error::Error>> {
//! let policy = Policy::from_env("TRACKER_STATE_KEYS")?; // `id:key`, newest first
//! AskingServer::new(Tracker, policy).serve(mcpdesc_runtime::session::stdio()).await?.waiting().await?;
//! # Ok(())
//! # }
//! ```
//!
//! What `ask!` does, by the request's version:
//! - **2025-06-18 and 2025-11-25**: an `elicitation/create` request, sent only when a registered
//!   declaration of this primitive matches it (the guard), when the version has the form's
//!   vocabulary and the client declared the mode; awaited at most [`Policy::timeout`]
//!   ([`DEFAULT_TIMEOUT`]), and no longer than the call: a client that cancels the call ends the
//!   wait, and the request is cancelled with the client either way.
//! - **2026-07-28**: no server-initiated request exists. `ask!` returns an input-required result
//!   from the handler; its `requestState` is sealed with the policy's key ring, bound to the
//!   caller, the primitive and the exact arguments the client sent
//!   ([`json::exact`](mcpdesc_format::json::exact)), holds the answers of the earlier rounds (so a
//!   call can ask several times), expires ([`Policy::state_ttl`]), and opens once
//!   ([`SpentStates`]). The client retries with the answer, and the same `ask!` reads it.
//!
//! The answer is read as [`ElicitationForm::from_content`] reads it, every problem reported; a
//! form with run-time choices is read against the choices of the round that asked.
//! A session that cannot take the question (a version outside the declaration's scope, a client
//! without its mode, a client that refused it) is the outcome [`Asked::NotAsked`], not an error:
//! `ask!(asker, HANDLE)?` goes on, and the primitive decides. A primitive that cannot go on
//! without the answer returns
//! [`Asker::missing_capability`]'s error on 2026-07-28, which tells the client what to declare.
//!
//! [`Asker::unguarded`] and [`Asker::unsealed`] opt out of the guard and the seal, visibly.

use std::fmt;

use rmcp::model::{
    CustomNotification, ElicitRequestParams, ElicitationSchema, ErrorData, InputRequiredResult,
    ServerNotification,
};
use rmcp::service::{ElicitationMode, Peer, RoleServer, ServiceError};

use crate::choices::Prepared;
use crate::registry::{Declaration, Mode, Primitive};

mod asker;
#[cfg(feature = "http")]
mod http_lines;
mod lines;
mod policy;
#[cfg(feature = "redis")]
mod redis;
mod served;

pub use crate::rmcp_schema::rmcp_schema;
use crate::version::{ProtocolVersion, VersionSet};
use crate::{ContentError, ElicitationForm, RequestedSchema};
pub use asker::{
    __input_required, AskFuture, AskWithoutChoices, Asked, Asker, InputRequiredResponse,
    PromptReply, Whole, without_choices,
};
#[allow(deprecated)]
#[cfg(feature = "http")]
pub use http_lines::{HttpResponse, HttpService};
pub use lines::{DEFAULT_MAX_LINE_LENGTH, StdioTransport, stdio};
pub use policy::{
    DEFAULT_ANSWER_TRIES, DEFAULT_CLOCK_SKEW, DEFAULT_STATE_TTL, DEFAULT_TIMEOUT, KeyError,
    MemorySpentStates, PROBLEMS_META, Policy, SpendFuture, SpentStates, StateKeys,
};
#[cfg(feature = "redis")]
pub use redis::{Durability, RedisSpentStates};
pub use served::{AskingServer, Principal};

/// Why a question was not asked in this session: nothing was sent, and the primitive goes on
/// without the answer ([`Asked::NotAsked`]). It is the outcome, not an error, so that the
/// shortest code (`ask!(asker, HANDLE)?`) handles a version or a client that cannot take the
/// question; what it says is what the matching [`ElicitError`] says.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum NotAsked {
    /// The version is outside the declaration's explicit scope.
    OutOfScope {
        /// The declaration's name.
        declaration: &'static str,
        /// The request's version.
        version: ProtocolVersion,
        /// The declaration's scope.
        scope: VersionSet,
    },
    /// The version lacks the form's vocabulary, or URL mode.
    UnsupportedVersion {
        /// The request's version.
        version: ProtocolVersion,
        /// The versions that can carry the question.
        supported: VersionSet,
    },
    /// The client did not declare the mode the question needs.
    ClientCannotElicit {
        /// The mode the question needs.
        mode: ElicitationMode,
    },
    /// The client answered the request with a JSON-RPC error instead of asking the user (some
    /// clients refuse elicitation this way).
    ClientRefused {
        /// The client's error.
        error: ErrorData,
    },
}

impl NotAsked {
    /// The outcome `error` stands for, when the user was never asked
    /// ([`ElicitError::unasked`]).
    pub fn of(error: &ElicitError) -> Option<NotAsked> {
        if let Some(e) = error.client_error() {
            return Some(NotAsked::ClientRefused { error: e.clone() });
        }
        match *error {
            ElicitError::OutOfScope {
                declaration,
                version,
                scope,
            } => Some(NotAsked::OutOfScope {
                declaration,
                version,
                scope,
            }),
            ElicitError::UnsupportedVersion { version, supported } => {
                Some(NotAsked::UnsupportedVersion { version, supported })
            }
            ElicitError::ClientCannotElicit { mode } => Some(NotAsked::ClientCannotElicit { mode }),
            _ => None,
        }
    }
}

impl fmt::Display for NotAsked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotAsked::OutOfScope {
                declaration,
                version,
                scope,
            } => write!(
                f,
                "the declaration `{declaration}` applies to {scope}, not to MCP {version}; nothing was sent"
            ),
            NotAsked::UnsupportedVersion { version, supported } => write!(
                f,
                "the session speaks MCP {version}, but this request needs {supported}; nothing was sent"
            ),
            NotAsked::ClientCannotElicit { mode } => write!(
                f,
                "the client did not declare the {} elicitation mode; nothing was sent",
                mode_name(*mode)
            ),
            NotAsked::ClientRefused { error } => client_refused(f, error),
        }
    }
}

fn client_refused(f: &mut fmt::Formatter<'_>, error: &ErrorData) -> fmt::Result {
    write!(
        f,
        "the client answered the elicitation request with an error: {error}"
    )
}

/// The outcome of asking within one primitive call ([`Asker`]'s methods).
#[derive(Debug, Clone)]
#[doc(hidden)]
pub enum Step<T> {
    /// The user answered.
    Answered(T),
    /// MCP 2026-07-28: nothing was sent. Answer the call with this input-required result (its
    /// `inputRequests` holds the request under the declaration's name, and its `requestState`
    /// is sealed when the call is); the client retries the call with the answer in
    /// `inputResponses`, which the same method then reads.
    InputRequired(Box<InputRequiredResult>),
}

/// Why a form could not be asked, or its answer not read.
#[derive(Debug)]
#[non_exhaustive]
pub enum ElicitError {
    /// The negotiated protocol version cannot carry the request (nothing was sent): it lacks
    /// the form's vocabulary, or URL mode, or (for [`Asker::url_required`] and
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
    /// A guarded call refused a request that the registry does not declare for its
    /// primitive (nothing was sent).
    Undeclared(crate::contract::ContractError),
    /// The run-time part of a form (its choices or defaults) does not fit it (nothing was
    /// sent).
    Choices(crate::choices::ChoicesError),
    /// The request did not come through [`AskingServer`], so the call's round (its arguments, its
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
    /// The store of spent states failed, so the state was not opened. What the store said is
    /// this error's [`source`](std::error::Error::source) and a warning event (target
    /// `mcpdesc_runtime::session`); `Display` does not say it, because it names the server's
    /// setup and the error may reach the client.
    SpentStore(Box<dyn std::error::Error + Send + Sync>),
    /// The client did not answer the `elicitation/create` request in time; the request was
    /// cancelled.
    Timeout {
        /// How long the request waited.
        timeout: std::time::Duration,
    },
    /// The client cancelled the call while it was asking; the request was cancelled too.
    CallCancelled,
    /// The client's answer to the request could not be read: not JSON, or not a JSON-RPC
    /// message ([`StdioTransport`] fails the request at once with it).
    UnreadableAnswer {
        /// Why, as the JSON reader says it (never the line itself).
        reason: String,
    },
}

impl fmt::Display for ElicitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Said as the outcome they become (`NotAsked`) says them.
            &ElicitError::UnsupportedVersion { version, supported } => {
                NotAsked::UnsupportedVersion { version, supported }.fmt(f)
            }
            &ElicitError::ClientCannotElicit { mode } => NotAsked::ClientCannotElicit { mode }.fmt(f),
            &ElicitError::OutOfScope {
                declaration,
                version,
                scope,
            } => NotAsked::OutOfScope {
                declaration,
                version,
                scope,
            }
            .fmt(f),
            ElicitError::Service(ServiceError::McpError(e)) => client_refused(f, e),
            ElicitError::InvalidUrl => f.write_str(
                "a URL-mode request needs an absolute URL (the declaration's static one, or one chosen now); nothing was sent",
            ),
            ElicitError::NotUrlMode { declaration } => {
                write!(f, "the declaration `{declaration}` is not a URL-mode declaration")
            }
            ElicitError::Schema(e) => write!(f, "rmcp cannot represent the form's schema: {e}"),
            ElicitError::Service(e) => write!(f, "the elicitation request failed: {e}"),
            ElicitError::ContentNotAnObject => {
                f.write_str("the client accepted with content that is not a JSON object")
            }
            ElicitError::Content(e) => e.fmt(f),
            ElicitError::NotAnElicitResult(e) => {
                write!(f, "the client's answer is not an elicitation result: {e}")
            }
            ElicitError::Undeclared(e) => write!(f, "{e}; nothing was sent"),
            ElicitError::Choices(e) => write!(f, "{e}; nothing was sent"),
            ElicitError::InvalidRequestState => f.write_str(
                "the retried call's requestState is missing, forged, expired or sealed for another call",
            ),
            ElicitError::NotServed => f.write_str(
                "this request did not come through `mcpdesc_runtime::session::AskingServer`, so its arguments, inputResponses and requestState are not known: serve `AskingServer::new(server, policy)` instead of `server`; nothing was sent",
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
            // What the store said names the server's setup (`NOAUTH`, `READONLY`, a host): it
            // is logged where it happens, and is this error's `source`, never said here.
            ElicitError::SpentStore(_) => f.write_str(
                "the server could not check the retried call's requestState (its store of spent states failed), so nothing was read from it; retry the call later",
            ),
            ElicitError::Timeout { timeout } => write!(
                f,
                "the client did not answer the elicitation request within {} s; the request was cancelled",
                timeout.as_secs_f64()
            ),
            ElicitError::CallCancelled => f.write_str(
                "the client cancelled the call while it was asking; the request was cancelled",
            ),
            ElicitError::UnreadableAnswer { reason } => write!(
                f,
                "the client's answer could not be read ({reason}); nothing was read from it"
            ),
        }
    }
}

impl ElicitError {
    /// A short name of what went wrong, for logs and metrics: `out-of-scope`,
    /// `invalid-request-state`, `content`, `timeout`, ...; the name of the variant in kebab case.
    pub fn reason(&self) -> &'static str {
        match self {
            ElicitError::UnsupportedVersion { .. } => "unsupported-version",
            ElicitError::ClientCannotElicit { .. } => "client-cannot-elicit",
            ElicitError::InvalidUrl => "invalid-url",
            ElicitError::NotUrlMode { .. } => "not-url-mode",
            ElicitError::Schema(_) => "schema",
            ElicitError::Service(_) => "service",
            ElicitError::ContentNotAnObject => "content-not-an-object",
            ElicitError::Content(_) => "content",
            ElicitError::NotAnElicitResult(_) => "not-an-elicit-result",
            ElicitError::OutOfScope { .. } => "out-of-scope",
            ElicitError::InvalidRequestState => "invalid-request-state",
            ElicitError::Undeclared(_) => "undeclared",
            ElicitError::Choices(_) => "choices",
            ElicitError::NotServed => "not-served",
            ElicitError::OtherPrimitive { .. } => "other-primitive",
            ElicitError::ReplayedState => "replayed-state",
            ElicitError::SpentStore(_) => "spent-store",
            ElicitError::Timeout { .. } => "timeout",
            ElicitError::CallCancelled => "call-cancelled",
            ElicitError::UnreadableAnswer { .. } => "unreadable-answer",
        }
    }

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
            ElicitError::Choices(e) => e.source(),
            ElicitError::SpentStore(e) => Some(e.as_ref()),
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
            | ElicitError::UnreadableAnswer { .. }
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

/// The request parameters of a filled form: its schema is new per request, so rmcp's typed
/// schema is built from it each time (from the model, not by reading its JSON).
fn filled_params<F: ElicitationForm>(
    message: String,
    filled: &Prepared<F>,
) -> Result<ElicitRequestParams, ElicitError> {
    let requested_schema =
        crate::rmcp_schema::typed(filled.requested_schema()).map_err(ElicitError::Schema)?;
    Ok(ElicitRequestParams::FormElicitationParams {
        meta: None,
        message,
        requested_schema,
    })
}

fn form_params<F: ElicitationForm>(message: String) -> Result<ElicitRequestParams, ElicitError> {
    let requested_schema = kept_rmcp_schema(F::requested_schema())?;
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
fn kept_rmcp_schema(schema: &'static RequestedSchema) -> Result<ElicitationSchema, ElicitError> {
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

/// The JSON-RPC error code of "URL elicitation required" (MCP 2025-11-25): the request cannot
/// go on until the user completes the URL-mode elicitations in the error's `data`. See
/// [`Asker::url_required`].
pub const URL_ELICITATION_REQUIRED: i32 = -32042;

/// The versions with the error [`URL_ELICITATION_REQUIRED`] and the notification
/// `notifications/elicitation/complete`: 2025-11-25 added them with URL mode, and 2026-07-28
/// removed them.
const URL_REQUIRED_VERSIONS: VersionSet = crate::version::Fact::UrlRequiredError.versions();

/// Tells the client that the out-of-band interaction of the URL-mode elicitation
/// `elicitation_id` completed (`notifications/elicitation/complete`, MCP 2025-11-25): the
/// `elicitationId` of an error made with [`Asker::url_required`], whose call the client may now
/// retry. Send it when
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

/// The error "Missing required client capability" (`-32021`) for `declaration` on a request of
/// `version`: `None` unless the version asks through input-required results and is in the
/// declaration's scope and vocabulary, the request does not already bring the answer
/// (`answered`), and the client does not declare the mode (`supports`). `Asker` and `Call` both
/// make it here.
fn missing_capability_error(
    declaration: &Declaration,
    version: ProtocolVersion,
    answered: bool,
    supports: impl FnOnce(ElicitationMode) -> bool,
) -> Option<ErrorData> {
    use rmcp::model::{ClientCapabilities, ElicitationCapability};
    let applies = is_multi_round_trip(Some(version))
        && declaration.supported_versions().contains(version)
        && declaration
            .protocol_versions()
            .is_none_or(|scope| scope.contains(version));
    let (mode, elicitation) = match declaration.mode() {
        Mode::Form { .. } | Mode::Described { .. } => (
            ElicitationMode::Form,
            ElicitationCapability::new().with_form(Default::default()),
        ),
        Mode::Url { .. } => (
            ElicitationMode::Url,
            ElicitationCapability::new().with_url(Default::default()),
        ),
    };
    if !applies || answered || supports(mode) {
        return None;
    }
    let mut required = ClientCapabilities::default();
    required.elicitation = Some(elicitation);
    Some(ErrorData::missing_required_client_capability(required))
}

/// The request "URL elicitation required" carries for `declaration` at `url`, for a client that
/// declared URL mode (`supports_url`); `Asker` and `Call` both make it here.
fn url_required_params(
    declaration: &Declaration,
    url: &str,
    elicitation_id: &str,
    supports_url: bool,
) -> Result<ElicitRequestParams, ElicitError> {
    if !supports_url {
        return Err(ElicitError::ClientCannotElicit {
            mode: ElicitationMode::Url,
        });
    }
    Ok(ElicitRequestParams::UrlElicitationParams {
        meta: None,
        message: declaration.message().to_owned(),
        url: url.to_owned(),
        elicitation_id: elicitation_id.to_owned(),
    })
}

/// The error "URL elicitation required" (`-32042`) carrying `params`, as the TypeScript and
/// Python SDKs' clients read it: `{"elicitations": [params]}`.
fn url_required_error(params: &ElicitRequestParams) -> Result<ErrorData, ElicitError> {
    let request = serde_json::to_value(params).map_err(ElicitError::Schema)?;
    Ok(ErrorData::new(
        rmcp::model::ErrorCode(URL_ELICITATION_REQUIRED),
        "URL elicitation required",
        Some(serde_json::json!({ "elicitations": [request] })),
    ))
}

/// The URL a URL-mode `declaration` is sent with (`given`, else its static one), checked absolute,
/// and the request's `version` checked against the declaration's scope and `supported`. `Asker`
/// and `Call` both check here.
fn checked_url<'u>(
    declaration: &'u Declaration,
    given: Option<&'u str>,
    version: Option<ProtocolVersion>,
    supported: VersionSet,
) -> Result<&'u str, ElicitError> {
    let url = declared_url(declaration, given)?;
    if !crate::text::is_absolute_uri(url) {
        return Err(ElicitError::InvalidUrl);
    }
    if let Some(v) = version {
        check_scope(declaration, v)?;
        if !supported.contains(v) {
            return Err(ElicitError::UnsupportedVersion {
                version: v,
                supported,
            });
        }
    }
    Ok(url)
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
    version.is_some_and(|v| crate::version::Fact::MultiRoundTrip.versions().contains(v))
}

/// Asks a declaration through an [`Asker`], in one expression, on any protocol version.
///
/// - `ask!(asker, HANDLE)`: a static form, or a URL-mode declaration at its static URL;
/// - `ask!(asker, HANDLE, choices)`: a form whose choices or defaults are given at run time (its
///   generated `…Choices`);
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
        $crate::ask!(@step $crate::session::without_choices($handle).ask(&$asker).await)
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
