//! One session with the server under test: the process, a tap that keeps every message as it
//! was on the wire, and rmcp's client, which answers the server's questions as the engine says.

use std::process::Stdio;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use mcpdesc_format::ProtocolVersion;
use mcpdesc_format::version::Fact;
use proptest::strategy::{Strategy, ValueTree};
use rmcp::model::{
    ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult, ElicitationAction,
    ErrorData, Implementation,
};
use rmcp::service::{
    ClientInitializeError, ClientLifecycleMode, ClientServiceExt, RequestContext, RoleClient,
    RunningService,
};
use rmcp::{ClientHandler, ServiceExt};
use serde_json::{Map, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt};

use super::Server;
use crate::inputs::ToolInputs;

/// How the client answers every question of the call under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Answer {
    /// `accept`, with answers made from the form the question was asked with: its valid
    /// boundary cases in turn (each bound, each choice), so that successive calls give
    /// different answers. A URL-mode question is accepted without content.
    Accept,
    /// `decline`.
    Decline,
    /// `cancel`.
    Cancel,
}

impl Answer {
    /// `accept`, `decline`, `cancel`.
    pub fn as_str(self) -> &'static str {
        match self {
            Answer::Accept => "accept",
            Answer::Decline => "decline",
            Answer::Cancel => "cancel",
        }
    }

    /// The answer named `name`.
    pub fn from_name(name: &str) -> Option<Answer> {
        [Answer::Accept, Answer::Decline, Answer::Cancel]
            .into_iter()
            .find(|a| a.as_str() == name)
    }
}

/// One message of the exchange, as it was on the wire: `sent` by the tester or written by the
/// server. A line that is not JSON is kept as a string.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Message {
    /// Whether the tester sent it (else the server wrote it).
    pub sent: bool,
    /// The message.
    pub message: Value,
}

/// What the tap has seen in one session.
#[derive(Default)]
pub(crate) struct Log {
    pub(crate) messages: Vec<Message>,
}

/// What the client does with the questions of the call under way.
pub(crate) struct Answering {
    pub(crate) answer: Answer,
    /// How many accepted answers were made: the next takes the next valid case of its form.
    made: usize,
    /// The primitive called: the questions are its.
    primitive: Option<(super::Kind, String)>,
}

/// Answers chosen for some declarations ([`Test::answer`](super::Test::answer)): the
/// description the questions are matched against, and each chosen answer by primitive and
/// declaration.
pub(crate) struct Chosen {
    pub(crate) description: Value,
    pub(crate) version: ProtocolVersion,
    pub(crate) answers: Vec<(String, String, Map<String, Value>)>,
}

impl Chosen {
    /// The answer chosen for the question `params` of `primitive`, if it matches a declaration
    /// that has one.
    fn answer(
        &self,
        primitive: &(super::Kind, String),
        params: &Value,
    ) -> Option<Map<String, Value>> {
        use mcpdesc_format::primitive::PrimitiveName;
        let (kind, name) = primitive;
        let named = match kind {
            super::Kind::Tool => PrimitiveName::Tool(name),
            super::Kind::Prompt => PrimitiveName::Prompt(name),
            super::Kind::Resource => PrimitiveName::Resource(name),
            super::Kind::ResourceTemplate => PrimitiveName::ResourceTemplate(name),
        };
        let matched = mcpdesc_runtime::contract::check_description(
            &self.description,
            named,
            self.version,
            params,
        )
        .ok()?;
        self.answers
            .iter()
            .find(|(p, d, _)| p == name && d == matched.name())
            .map(|(_, _, content)| content.clone())
    }
}

/// The client the tester connects as: it asks for one version, offers both elicitation modes,
/// and answers as [`Answering`] says.
#[derive(Clone)]
pub(crate) struct Client {
    version: rmcp::model::ProtocolVersion,
    answering: Arc<Mutex<Answering>>,
    chosen: Option<Arc<Chosen>>,
    /// The answers made for each form asked in this session, by the form's JSON.
    made: Arc<Mutex<Made>>,
}

impl Client {
    /// The `turn`th answer to `form`, its answers made the first time it is asked.
    fn answer(&self, form: &Value, turn: usize) -> Map<String, Value> {
        let mut made = self.made.lock().unwrap_or_else(PoisonError::into_inner);
        let answers = made
            .entry(form.to_string())
            .or_insert_with(|| answers_for(form));
        match answers.len() {
            0 => Map::new(),
            n => answers.get(turn % n).cloned().unwrap_or_default(),
        }
    }
}

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation =
            serde_json::from_value(serde_json::json!({"form": {}, "url": {}})).ok();
        ClientConfig::new(
            capabilities,
            Implementation::new("mcpdesc-test", env!("CARGO_PKG_VERSION")),
        )
        .with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let params = serde_json::to_value(&request).unwrap_or_default();
        let (answer, made, primitive) = {
            let mut answering = self
                .answering
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            let made = answering.made;
            if answering.answer == Answer::Accept {
                answering.made += 1;
            }
            (answering.answer, made, answering.primitive.clone())
        };
        let chosen = match (&self.chosen, &primitive) {
            (Some(chosen), Some(primitive)) if answer == Answer::Accept => {
                chosen.answer(primitive, &params)
            }
            _ => None,
        };
        Ok(match answer {
            Answer::Decline => ElicitResult::new(ElicitationAction::Decline),
            Answer::Cancel => ElicitResult::new(ElicitationAction::Cancel),
            Answer::Accept => {
                let result = ElicitResult::new(ElicitationAction::Accept);
                match (chosen, params.get("requestedSchema")) {
                    (Some(content), _) => result.with_content(Value::Object(content)),
                    (None, Some(form)) => {
                        result.with_content(Value::Object(self.answer(form, made)))
                    }
                    (None, None) => result,
                }
            }
        })
    }
}

/// The answers made for each form, by the form's JSON.
type Made = std::collections::HashMap<String, Vec<Map<String, Value>>>;

/// The answers made for `form`: its valid boundary cases, each an object its form allows
/// (checked by the `jsonschema` crate); a generated one when it has none. Made once per form and
/// session, and taken in turn.
fn answers_for(form: &Value) -> Vec<Map<String, Value>> {
    let Ok(inputs) = ToolInputs::new(form) else {
        return Vec::new();
    };
    let valid: Vec<Map<String, Value>> = inputs
        .boundaries()
        .into_iter()
        .filter(|case| case.valid)
        .filter_map(|case| match case.input {
            Value::Object(answers) => Some(answers),
            _ => None,
        })
        .collect();
    if !valid.is_empty() {
        return valid;
    }
    inputs
        .valid()
        .new_tree(&mut proptest::test_runner::TestRunner::deterministic())
        .ok()
        .and_then(|tree| match tree.current() {
            Value::Object(answers) => Some(answers),
            _ => None,
        })
        .into_iter()
        .collect()
}

/// A session with the server under test, on one version.
pub(crate) struct Session {
    pub(crate) service: RunningService<RoleClient, Client>,
    pub(crate) log: Arc<Mutex<Log>>,
    answering: Arc<Mutex<Answering>>,
    /// Dropped with the session: the server is killed.
    _child: Option<tokio::process::Child>,
}

/// Why a session did not open.
pub(crate) enum NotOpened {
    /// The server does not take the version: it answered with another (`Some`), or has none in
    /// common with the client.
    Refused(Option<String>),
    /// What went wrong.
    Failed(String),
}

impl Session {
    /// Starts `server` and asks it for `version`, waiting at most `within` for the handshake.
    pub(crate) async fn open(
        server: &Server,
        version: ProtocolVersion,
        within: Duration,
        chosen: Option<Arc<Chosen>>,
    ) -> Result<Session, NotOpened> {
        let asked: rmcp::model::ProtocolVersion =
            serde_json::from_value(Value::String(version.as_str().to_owned()))
                .map_err(|e| NotOpened::Failed(format!("rmcp does not know {version}: {e}")))?;
        let log = Arc::new(Mutex::new(Log::default()));
        let answering = Arc::new(Mutex::new(Answering {
            answer: Answer::Accept,
            made: 0,
            primitive: None,
        }));
        let client = Client {
            version: asked.clone(),
            answering: Arc::clone(&answering),
            chosen,
            made: Arc::default(),
        };
        let (connected, child) = match (&server.http, &server.in_process) {
            (Some(http), _) => {
                let transport = Logged {
                    inner: http_transport(http)?,
                    log: Arc::clone(&log),
                };
                (
                    connect(client, version, asked, transport, within).await,
                    None,
                )
            }
            (None, in_process) => {
                let (rmcp_end, tap_end) = tokio::io::duplex(1 << 20);
                let (to_client_read, to_client_write) = tokio::io::split(tap_end);
                let child = match in_process {
                    Some(start) => {
                        let (ours, theirs) = tokio::io::duplex(1 << 20);
                        (start.0)(theirs);
                        let (stdout, stdin) = tokio::io::split(ours);
                        tokio::spawn(tap(stdout, to_client_write, Arc::clone(&log), false));
                        tokio::spawn(tap(to_client_read, stdin, Arc::clone(&log), true));
                        None
                    }
                    None => {
                        let mut child = spawn(server)?;
                        let (Some(stdout), Some(stdin)) = (child.stdout.take(), child.stdin.take())
                        else {
                            return Err(NotOpened::Failed(
                                "the server's standard streams were not given".into(),
                            ));
                        };
                        tokio::spawn(tap(stdout, to_client_write, Arc::clone(&log), false));
                        tokio::spawn(tap(to_client_read, stdin, Arc::clone(&log), true));
                        Some(child)
                    }
                };
                let (read, write) = tokio::io::split(rmcp_end);
                (
                    connect(client, version, asked, (read, write), within).await,
                    child,
                )
            }
        };
        let service = connected?;
        let answered = service
            .peer_info()
            .map(|info| info.protocol_version.to_string());
        if answered.as_deref() != Some(version.as_str()) {
            service.cancel().await.ok();
            return Err(NotOpened::Refused(answered));
        }
        Ok(Session {
            service,
            log,
            answering,
            _child: child,
        })
    }

    /// Answers the questions of the next calls with `answer`.
    pub(crate) fn answer_with(&self, answer: Answer, kind: super::Kind, primitive: &str) {
        let mut answering = self
            .answering
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        answering.answer = answer;
        answering.primitive = Some((kind, primitive.to_owned()));
    }

    /// How many messages the tap has seen: where the next call's exchange begins.
    pub(crate) fn mark(&self) -> usize {
        self.log
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .messages
            .len()
    }

    /// The messages seen since `mark`.
    pub(crate) fn since(&self, mark: usize) -> Vec<Message> {
        self.log
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .messages
            .get(mark..)
            .map(<[Message]>::to_vec)
            .unwrap_or_default()
    }

    /// Ends the session and stops the server.
    pub(crate) async fn close(self) {
        self.service.cancel().await.ok();
    }
}

/// rmcp's client on `version`, connected through `transport` by `initialize`, or by
/// `server/discover` where the version table says; at most `within`.
async fn connect<T, E, A>(
    client: Client,
    version: ProtocolVersion,
    asked: rmcp::model::ProtocolVersion,
    transport: T,
    within: Duration,
) -> Result<RunningService<RoleClient, Client>, NotOpened>
where
    T: rmcp::transport::IntoTransport<RoleClient, E, A>,
    E: std::error::Error + Send + Sync + 'static,
{
    let connecting = async {
        if Fact::Discovery.versions().contains(version) {
            client
                .serve_with_lifecycle(
                    transport,
                    ClientLifecycleMode::Discover {
                        preferred_versions: vec![asked],
                    },
                )
                .await
        } else {
            client.serve(transport).await
        }
    };
    match tokio::time::timeout(within, connecting).await {
        Err(_) => Err(NotOpened::Failed(format!(
            "the server did not answer the {} within {} s",
            handshake(version),
            within.as_secs_f64()
        ))),
        Ok(Err(error)) => Err(refused_or_failed(version, &error)),
        Ok(Ok(service)) => Ok(service),
    }
}

/// rmcp's Streamable HTTP client for `http`: its URL, headers and bearer token.
fn http_transport(
    http: &super::Http,
) -> Result<rmcp::transport::StreamableHttpClientTransport<reqwest::Client>, NotOpened> {
    use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;

    if !http.url.starts_with("http://") {
        return Err(NotOpened::Failed(format!(
            "`{}` is not an http:// URL: the tester speaks no TLS",
            http.url
        )));
    }
    let mut headers = std::collections::HashMap::new();
    for (name, value) in &http.headers {
        let parsed = (
            reqwest::header::HeaderName::from_bytes(name.as_bytes()),
            reqwest::header::HeaderValue::from_str(value),
        );
        let (Ok(name), Ok(value)) = parsed else {
            return Err(NotOpened::Failed(format!(
                "the header `{name}` cannot be sent: its name or value is not one HTTP allows"
            )));
        };
        headers.insert(name, value);
    }
    let mut config =
        StreamableHttpClientTransportConfig::with_uri(http.url.clone()).custom_headers(headers);
    if let Some(token) = &http.bearer {
        config = config.auth_header(token.clone());
    }
    Ok(rmcp::transport::StreamableHttpClientTransport::from_config(
        config,
    ))
}

/// A transport that keeps every message it sends and receives, as rmcp writes it (over HTTP
/// there is no line to keep as it was).
struct Logged<T> {
    inner: T,
    log: Arc<Mutex<Log>>,
}

fn keep(log: &Mutex<Log>, sent: bool, message: &impl serde::Serialize) {
    let mut message = serde_json::to_value(message).unwrap_or(Value::Null);
    if !sent {
        without_empty_elicitation_ids(&mut message);
    }
    log.lock()
        .unwrap_or_else(PoisonError::into_inner)
        .messages
        .push(Message { sent, message });
}

impl<T: rmcp::transport::Transport<RoleClient>> rmcp::transport::Transport<RoleClient>
    for Logged<T>
{
    type Error = T::Error;

    fn send(
        &mut self,
        item: rmcp::service::TxJsonRpcMessage<RoleClient>,
    ) -> impl std::future::Future<Output = Result<(), Self::Error>> + Send + 'static {
        keep(&self.log, true, &item);
        self.inner.send(item)
    }

    fn receive(
        &mut self,
    ) -> impl std::future::Future<Output = Option<rmcp::service::RxJsonRpcMessage<RoleClient>>> + Send
    {
        let log = Arc::clone(&self.log);
        let received = self.inner.receive();
        async move {
            let message = received.await;
            if let Some(message) = &message {
                keep(&log, false, message);
            }
            message
        }
    }

    fn close(&mut self) -> impl std::future::Future<Output = Result<(), Self::Error>> + Send {
        self.inner.close()
    }
}

/// Leaves out of each URL-mode elicitation request of `message` an empty `elicitationId`: rmcp's
/// model writes one where none was sent (MCP 2026-07-28 has none), and an empty one is never
/// sent, so it is rmcp's and not the server's.
fn without_empty_elicitation_ids(message: &mut Value) {
    fn clean(params: Option<&mut Value>) {
        if let Some(Value::Object(params)) = params
            && params.get("elicitationId").and_then(Value::as_str) == Some("")
        {
            params.remove("elicitationId");
        }
    }
    if message.get("method").and_then(Value::as_str) == Some("elicitation/create") {
        clean(message.get_mut("params"));
    }
    if let Some(Value::Object(requests)) = message
        .get_mut("result")
        .and_then(|r| r.get_mut("inputRequests"))
    {
        for request in requests.values_mut() {
            clean(request.get_mut("params"));
        }
    }
}

/// Starts the server's program with its standard input and output piped.
fn spawn(server: &Server) -> Result<tokio::process::Child, NotOpened> {
    let mut command = tokio::process::Command::new(&server.program);
    command
        .args(&server.args)
        .envs(server.envs.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(if server.quiet {
            Stdio::null()
        } else {
            Stdio::inherit()
        })
        .kill_on_drop(true);
    if let Some(dir) = &server.dir {
        command.current_dir(dir);
    }
    command
        .spawn()
        .map_err(|e| NotOpened::Failed(format!("the server did not start: {e}")))
}

/// Copies lines from `from` to `to`, keeping each in `log` (as JSON, else as a string), until
/// either end closes.
async fn tap(
    from: impl tokio::io::AsyncRead + Unpin,
    mut to: impl tokio::io::AsyncWrite + Unpin,
    log: Arc<Mutex<Log>>,
    sent: bool,
) {
    let mut lines = tokio::io::BufReader::new(from).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        let message = serde_json::from_str::<Value>(&line).ok();
        // A line from the server that is not JSON is kept for the report and not passed on.
        let forward = sent || message.is_some();
        let message = message.unwrap_or_else(|| Value::String(line.clone()));
        log.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .messages
            .push(Message { sent, message });
        if !forward {
            continue;
        }
        if to.write_all(line.as_bytes()).await.is_err()
            || to.write_all(b"\n").await.is_err()
            || to.flush().await.is_err()
        {
            break;
        }
    }
    to.shutdown().await.ok();
}

/// How a client learns the server on `version`: `initialize`, or `server/discover`.
fn handshake(version: ProtocolVersion) -> &'static str {
    if Fact::Discovery.versions().contains(version) {
        "`server/discover` request"
    } else {
        "`initialize` request"
    }
}

/// A failed handshake: no version in common, or a server without `server/discover` on a
/// version that has it, is a refusal; anything else a failure.
fn refused_or_failed(version: ProtocolVersion, error: &ClientInitializeError) -> NotOpened {
    match error {
        ClientInitializeError::NoCompatibleProtocolVersion { .. } => NotOpened::Refused(None),
        ClientInitializeError::JsonRpcError(data)
            if data.code == rmcp::model::ErrorCode::METHOD_NOT_FOUND
                && Fact::Discovery.versions().contains(version) =>
        {
            NotOpened::Refused(None)
        }
        other => NotOpened::Failed(format!("the {} failed: {other}", handshake(version))),
    }
}
