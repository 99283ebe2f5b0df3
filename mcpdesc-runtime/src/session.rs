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

use std::fmt;

use rmcp::model::{
    ElicitRequest, ElicitRequestParams, ElicitResult, ElicitationAction, ElicitationSchema,
    InputRequest, InputResponses,
};
use rmcp::service::{ElicitationMode, Peer, RoleServer, ServiceError};
use serde_json::{Map, Value};

use crate::registry::{Declaration, Mode};
use crate::version::{ProtocolVersion, VersionSet};
use crate::{ContentError, ElicitationForm};

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

/// Why a form could not be asked, or its answer not read.
#[derive(Debug)]
#[non_exhaustive]
pub enum ElicitError {
    /// The negotiated protocol version lacks the form's vocabulary (nothing was sent).
    UnsupportedVersion {
        /// The negotiated version.
        version: ProtocolVersion,
        /// The versions the form fits.
        supported: VersionSet,
    },
    /// The client did not declare the elicitation mode (nothing was sent).
    ClientCannotElicit,
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
}

impl fmt::Display for ElicitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElicitError::UnsupportedVersion { version, supported } => write!(
                f,
                "the session speaks MCP {version}, but the form fits only {supported}; nothing was sent"
            ),
            ElicitError::ClientCannotElicit => f.write_str(
                "the client did not declare this elicitation mode; nothing was sent",
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
            ElicitError::Service(e) => write!(f, "the elicitation request failed: {e}"),
            ElicitError::ContentNotAnObject => {
                f.write_str("the client accepted with content that is not a JSON object")
            }
            ElicitError::Content(e) => e.fmt(f),
            ElicitError::NotAnElicitResult(e) => {
                write!(f, "the input response is not an elicitation result: {e}")
            }
        }
    }
}

impl std::error::Error for ElicitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ElicitError::Schema(e) => Some(e),
            ElicitError::Service(e) => Some(e),
            ElicitError::Content(e) => Some(e),
            ElicitError::NotAnElicitResult(e) => Some(e),
            _ => None,
        }
    }
}

/// Asks the client to fill in the form `F` with `message`, and reads the answer.
pub async fn elicit<F: ElicitationForm>(
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

fn form_params<F: ElicitationForm>(message: String) -> Result<ElicitRequestParams, ElicitError> {
    let requested_schema: ElicitationSchema =
        serde_json::from_value(F::requested_schema().to_value()).map_err(ElicitError::Schema)?;
    Ok(ElicitRequestParams::FormElicitationParams {
        meta: None,
        message,
        requested_schema,
    })
}

fn read_result<F: ElicitationForm>(result: ElicitResult) -> Result<Answer<F>, ElicitError> {
    match result.action {
        ElicitationAction::Accept => {
            let content = match result.content {
                Some(Value::Object(map)) => map,
                None => Map::new(),
                Some(_) => return Err(ElicitError::ContentNotAnObject),
            };
            F::from_content(&content)
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
pub fn input_request<F: ElicitationForm>(
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
pub fn read_input_response<F: ElicitationForm>(
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

/// Asks a registered form-mode declaration of the form `F`, with its documented message.
pub async fn elicit_declared<F: ElicitationForm>(
    peer: &Peer<RoleServer>,
    declaration: &Declaration,
) -> Result<Answer<F>, ElicitError> {
    let same_form = match declaration.mode() {
        Mode::Form { schema, .. } => std::ptr::eq(schema(), F::requested_schema()),
        Mode::Url { .. } => false,
    };
    if !same_form {
        return Err(ElicitError::NotThisForm {
            declaration: declaration.name(),
        });
    }
    elicit::<F>(peer, declaration.message()).await
}

fn check_session<F: ElicitationForm>(peer: &Peer<RoleServer>) -> Result<(), ElicitError> {
    check_mode(peer, F::PROTOCOL_VERSIONS, ElicitationMode::Form)
}

fn check_mode(
    peer: &Peer<RoleServer>,
    supported: VersionSet,
    mode: ElicitationMode,
) -> Result<(), ElicitError> {
    let negotiated = peer.peer_info().and_then(|info| {
        info.protocol_version
            .to_string()
            .parse::<ProtocolVersion>()
            .ok()
    });
    if let Some(version) = negotiated
        && !supported.contains(version)
    {
        return Err(ElicitError::UnsupportedVersion { version, supported });
    }
    if !peer.supported_elicitation_modes().contains(&mode) {
        return Err(ElicitError::ClientCannotElicit);
    }
    Ok(())
}

/// Asks the client to send the user to `url` (URL mode, MCP 2025-11-25), with the
/// `elicitation_id` the completion notification will name.
///
/// Not sent when the negotiated version has no URL mode, the client did not declare it, or the URL
/// is not absolute. The URL is never fetched here.
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
    Ok(match result.action {
        ElicitationAction::Accept => UrlAnswer::Accepted,
        ElicitationAction::Decline => UrlAnswer::Declined,
        _ => UrlAnswer::Cancelled,
    })
}

/// Asks a registered URL-mode declaration with its documented message: at its static URL, or at
/// `url` when the declaration leaves the URL to run time (a given `url` wins).
pub async fn elicit_declared_url(
    peer: &Peer<RoleServer>,
    declaration: &Declaration,
    url: Option<&str>,
    elicitation_id: impl Into<String>,
) -> Result<UrlAnswer, ElicitError> {
    let static_url = match declaration.mode() {
        Mode::Url { url } => url,
        Mode::Form { .. } => {
            return Err(ElicitError::NotUrlMode {
                declaration: declaration.name(),
            });
        }
    };
    let url = url.or(static_url).ok_or(ElicitError::InvalidUrl)?;
    elicit_url(peer, declaration.message(), url, elicitation_id).await
}
