//! rmcp's client for the tests that drive a server in memory: it declares form mode (or none), answers
//! each question as told, and connects on any version (by discovery on 2026-07-28, which has no
//! handshake; by `initialize` before).

// Each test crate that includes this module uses the helpers it needs.
#![allow(dead_code)]

use std::sync::Arc;

use rmcp::model::{
    ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult, ElicitationAction,
    Implementation, ProtocolVersion,
};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RequestContext, RoleClient};
use rmcp::transport::IntoTransport;
use rmcp::{ClientHandler, ErrorData, ServiceExt};
use serde_json::{Value, json};

/// How a question is answered: the request's params, as JSON, to the content of an acceptance,
/// or `None` to leave it unanswered.
pub type Answers = Arc<dyn Fn(&Value) -> Option<Value> + Send + Sync>;

/// The client: its version, whether it declares form mode, and how it answers.
#[derive(Clone)]
pub struct Answering {
    pub version: ProtocolVersion,
    pub form: bool,
    pub answers: Answers,
}

impl Answering {
    /// A client on `version` that accepts every question with `answer(params)`.
    pub fn new(
        version: ProtocolVersion,
        answer: impl Fn(&Value) -> Value + Send + Sync + 'static,
    ) -> Self {
        Answering {
            version,
            form: true,
            answers: Arc::new(move |params| Some(answer(params))),
        }
    }

    /// A client on `version` that never answers.
    pub fn silent(version: ProtocolVersion) -> Self {
        Answering {
            version,
            form: true,
            answers: Arc::new(|_| None),
        }
    }

    /// The client, declaring no elicitation mode.
    pub fn without_form(self) -> Self {
        Answering {
            form: false,
            ..self
        }
    }

    /// Connects to the server at the other end of `transport`.
    pub async fn connect<T, E, A>(
        self,
        transport: T,
    ) -> rmcp::service::RunningService<RoleClient, Answering>
    where
        T: IntoTransport<RoleClient, E, A>,
        E: std::error::Error + Send + Sync + 'static,
    {
        // MCP 2026-07-28 has no handshake: the client learns the server by discovery.
        let connected = if self.version.as_str() == "2026-07-28" {
            let preferred = vec![self.version.clone()];
            self.serve_with_lifecycle(
                transport,
                ClientLifecycleMode::Discover {
                    preferred_versions: preferred,
                },
            )
            .await
        } else {
            self.serve(transport).await
        };
        connected.expect("the client connects")
    }
}

impl ClientHandler for Answering {
    fn get_info(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        if self.form {
            capabilities.elicitation = serde_json::from_value(json!({"form": {}})).ok();
        }
        ClientConfig::new(capabilities, Implementation::new("test-client", "1.0.0"))
            .with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let params = serde_json::to_value(&request).unwrap_or_default();
        match (self.answers)(&params) {
            Some(content) => Ok(ElicitResult::new(ElicitationAction::Accept)
                .with_content(serde_json::from_value(content).unwrap_or_default())),
            None => std::future::pending().await,
        }
    }
}
