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
//! ([`ElicitError::Service`]) and the server answers with an input-required result instead.

use std::fmt;

use rmcp::model::{ElicitRequestParams, ElicitationAction, ElicitationSchema};
use rmcp::service::{ElicitationMode, Peer, RoleServer, ServiceError};
use serde_json::{Map, Value};

use crate::registry::{Declaration, Mode};
use crate::version::{ProtocolVersion, VersionSet};
use crate::{ContentError, ElicitationForm};

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
    /// The client did not declare form elicitation (nothing was sent).
    ClientCannotElicit,
    /// The declaration is not a form-mode declaration of this form type.
    NotThisForm {
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
}

impl fmt::Display for ElicitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElicitError::UnsupportedVersion { version, supported } => write!(
                f,
                "the session speaks MCP {version}, but the form fits only {supported}; nothing was sent"
            ),
            ElicitError::ClientCannotElicit => {
                f.write_str("the client did not declare form elicitation; nothing was sent")
            }
            ElicitError::NotThisForm { declaration } => write!(
                f,
                "the declaration `{declaration}` is not a form-mode declaration of this form type"
            ),
            ElicitError::Schema(e) => write!(f, "rmcp cannot represent the form's schema: {e}"),
            ElicitError::Service(e) => write!(f, "the elicitation request failed: {e}"),
            ElicitError::ContentNotAnObject => {
                f.write_str("the client accepted with content that is not a JSON object")
            }
            ElicitError::Content(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ElicitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ElicitError::Schema(e) => Some(e),
            ElicitError::Service(e) => Some(e),
            ElicitError::Content(e) => Some(e),
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
    let requested_schema: ElicitationSchema =
        serde_json::from_value(F::requested_schema().to_value()).map_err(ElicitError::Schema)?;
    let params = ElicitRequestParams::FormElicitationParams {
        meta: None,
        message: message.into(),
        requested_schema,
    };
    let result = peer
        .create_elicitation(params)
        .await
        .map_err(ElicitError::Service)?;
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
    let negotiated = peer.peer_info().and_then(|info| {
        info.protocol_version
            .to_string()
            .parse::<ProtocolVersion>()
            .ok()
    });
    if let Some(version) = negotiated
        && !F::PROTOCOL_VERSIONS.contains(version)
    {
        return Err(ElicitError::UnsupportedVersion {
            version,
            supported: F::PROTOCOL_VERSIONS,
        });
    }
    if !peer
        .supported_elicitation_modes()
        .contains(&ElicitationMode::Form)
    {
        return Err(ElicitError::ClientCannotElicit);
    }
    Ok(())
}
