//! [`HttpService`]: rmcp's Streamable HTTP service, with every body it cannot read answered, or
//! failing the question it answers, at once (feature `http`).

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http::{HeaderValue, Method, Request, Response, StatusCode, header};
use http_body::{Body, Frame};
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt as _, Full, Limited};
use rmcp::ServerHandler;
use rmcp::transport::streamable_http_server::session::SessionManager;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::Value;

use super::lines::{Questions, Read, error_message, read_message};
use super::{AskingServer, Principal};

/// The response type of rmcp's Streamable HTTP service, and of [`HttpService`].
pub type HttpResponse = Response<BoxBody<Bytes, Infallible>>;

/// rmcp's Streamable HTTP service (`StreamableHttpService`), with what [`StdioTransport`](super::StdioTransport)
/// does for stdio done for HTTP. [`AskingServer::streamable_http`] makes one; mount it where you would
/// mount rmcp's service.
///
/// rmcp answers a body it cannot read with `415 Unsupported Media Type` and a line of text, and
/// a question whose answer it could not read waits for its timeout. Through `HttpService`:
///
/// - **A request** it cannot read is answered at once with HTTP 400 and the JSON-RPC error
///   "Parse error" (`-32700`), with the request's `id` when it can be read (the scan of the
///   top-level members that `StdioTransport` does), else `null`.
/// - **An answer to one of the server's questions** (an `elicitation/create` sent on the same
///   session) that it cannot read fails that question at once with
///   [`ElicitError::UnreadableAnswer`](super::ElicitError::UnreadableAnswer); one that is not
///   an elicitation result, with
///   [`ElicitError::NotAnElicitResult`](super::ElicitError::NotAnElicitResult), as on MCP
///   2026-07-28 and over `StdioTransport`.
/// - **On MCP 2026-07-28** the URL-mode input requests of its input-required results are sent
///   without `elicitationId`, which that version removed (rmcp's model writes it empty).
///
/// Before a byte of a body is read:
///
/// - **`Host` and `Origin`** are checked by rmcp's own check, with the service's configuration:
///   a request it refuses gets its answer (`403 Forbidden`, or `400` for a `Host` that cannot be
///   read), and its body is never read.
/// - **A declared `Content-Length`** above the service's `max_request_body_bytes` is answered
///   `413 Payload Too Large`. A body without one is read up to the limit, and refused with 413
///   past it.
/// - **A session belongs to the caller who created it** (MCP 2025-06-18 and 2025-11-25): the
///   [`Principal`](super::Principal) of the request that created it, or none. A request that
///   names the session with another caller, or names a session this service did not create,
///   gets `404 Not Found`, as an unknown session does, and nothing of it reaches the session
///   or its pending questions. Authenticate in a layer outside this service, which puts the
///   `Principal` in the request's extensions.
///
/// Each body it cannot read is a `tracing` event at the warning level, without the body.
pub struct HttpService<S, M = LocalSessionManager> {
    inner: StreamableHttpService<S, M>,
    questions: Questions,
    sessions: Sessions,
}

impl<S, M> Clone for HttpService<S, M> {
    fn clone(&self) -> Self {
        HttpService {
            inner: self.inner.clone(),
            questions: self.questions.clone(),
            sessions: self.sessions.clone(),
        }
    }
}

/// The sessions this service created, each with the caller who created it.
#[derive(Clone, Default)]
struct Sessions(Arc<Mutex<crate::hash::HashMap<Box<str>, Owner>>>);

/// Who created a session, and when it was last used.
struct Owner {
    principal: Option<Principal>,
    used: Instant,
}

/// How long a session may go unused before it is forgotten here, once many are remembered:
/// rmcp has closed it by then, and a session forgotten here is refused, never opened to another
/// caller.
const SESSION_IDLE: Duration = Duration::from_secs(60 * 60);

impl Sessions {
    /// Whether `principal` may use `session`: it created it here.
    fn belongs(&self, session: &str, principal: Option<&Principal>) -> bool {
        let mut sessions = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match sessions.get_mut(session) {
            Some(owner) if owner.principal.as_ref() == principal => {
                owner.used = Instant::now();
                true
            }
            _ => false,
        }
    }

    /// `principal` created `session`.
    fn created(&self, session: &str, principal: Option<Principal>) {
        let mut sessions = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if sessions.len() >= 1024 && sessions.len().is_power_of_two() {
            sessions.retain(|_, owner| owner.used.elapsed() < SESSION_IDLE);
        }
        sessions.insert(
            session.into(),
            Owner {
                principal,
                used: Instant::now(),
            },
        );
    }

    /// `session` is closed, or rmcp no longer knows it.
    fn ended(&self, session: &str) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(session);
    }
}

impl<S, M> std::fmt::Debug for HttpService<S, M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpService")
            .field("max_body_bytes", &self.inner.config.max_request_body_bytes)
            .finish_non_exhaustive()
    }
}

impl<S, M> HttpService<S, M> {
    /// `inner`, rmcp's Streamable HTTP service, answering what it cannot read.
    pub fn new(inner: StreamableHttpService<S, M>) -> Self {
        HttpService {
            inner,
            questions: Questions::default(),
            sessions: Sessions::default(),
        }
    }
}

impl<S: ServerHandler + Clone + Send + 'static> AskingServer<S> {
    /// This server as rmcp's Streamable HTTP service with `config` (its `Host` and `Origin`
    /// checks, its body limit), each session and each stateless request served by a copy of it,
    /// in [`HttpService`]. Mount the result at the endpoint, as
    /// `axum::Router::new().nest_service("/mcp", served.streamable_http(config))`.
    pub fn streamable_http(self, config: StreamableHttpServerConfig) -> HttpService<Self> {
        let service = StreamableHttpService::new(
            move || Ok(self.clone()),
            Arc::new(LocalSessionManager::default()),
            config,
        );
        HttpService::new(service)
    }
}

/// rmcp's answer when it refuses the request's `Host` or `Origin`, asked with the request's
/// headers and no body: rmcp checks them before anything else, and answers a method it does not
/// serve with 405, which here means the headers pass.
async fn refused_headers<S, M>(
    inner: &mut StreamableHttpService<S, M>,
    parts: &http::request::Parts,
) -> Option<HttpResponse>
where
    S: ServerHandler + Send + 'static,
    M: SessionManager,
{
    let mut probe = Request::new(Full::new(Bytes::new()));
    *probe.method_mut() = Method::from_bytes(b"MCPDESC-CHECK").unwrap_or(Method::TRACE);
    *probe.uri_mut() = parts.uri.clone();
    *probe.headers_mut() = parts.headers.clone();
    probe.headers_mut().remove(header::CONTENT_LENGTH);
    let Ok(response) = tower_service::Service::call(inner, probe).await;
    match response.status() {
        StatusCode::FORBIDDEN | StatusCode::BAD_REQUEST => Some(response),
        _ => None,
    }
}

/// `413 Payload Too Large`, naming the limit.
fn too_large(max: usize) -> HttpResponse {
    let message = format!("Payload Too Large: request body exceeds {max} bytes");
    let mut response = Response::new(Full::new(Bytes::from(message)).boxed());
    *response.status_mut() = StatusCode::PAYLOAD_TOO_LARGE;
    response
}

/// `404 Not Found`, as rmcp answers a session it does not know.
fn session_not_found() -> HttpResponse {
    let mut response =
        Response::new(Full::new(Bytes::from_static(b"Not Found: Session not found")).boxed());
    *response.status_mut() = StatusCode::NOT_FOUND;
    response
}

fn json_response(status: StatusCode, body: &Value) -> HttpResponse {
    let mut response = Response::new(Full::new(Bytes::from(body.to_string())).boxed());
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

/// The `id` of the question a message written as JSON `text` asks: its `id`, when its
/// `method` is `elicitation/create`. Reads only those two members, not the whole message.
fn question_id_in(text: &str) -> Option<rmcp::model::RequestId> {
    #[derive(serde::Deserialize)]
    struct Envelope<'a> {
        #[serde(borrow, default)]
        method: Option<std::borrow::Cow<'a, str>>,
        #[serde(default)]
        id: Option<rmcp::model::RequestId>,
    }
    let envelope: Envelope<'_> = serde_json::from_str(text).ok()?;
    use rmcp::model::ConstString as _;
    if envelope.method.as_deref() == Some(rmcp::model::ElicitationCreateRequestMethod::VALUE) {
        envelope.id
    } else {
        None
    }
}

/// Remembers the question a message sent to the client asks, if it is `elicitation/create`.
fn remember_question(message: &str, session: Option<&str>, questions: &Questions) {
    // Most events are no question: only those that name the method are read.
    if !message.contains("\"elicitation/create\"") {
        return;
    }
    if let Some(id) = question_id_in(message) {
        questions.asked(session, id);
    }
}

/// One server-sent event as it goes out: its questions remembered, and a 2026-07-28 URL-mode
/// input request without `elicitationId`.
fn outgoing_event(event: &[u8], session: Option<&str>, questions: &Questions) -> Bytes {
    let Ok(text) = std::str::from_utf8(event) else {
        return Bytes::copy_from_slice(event);
    };
    let mut changed = false;
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let Some(data) = line.strip_prefix("data:") else {
            out.push_str(line);
            continue;
        };
        let (body, end) = match data.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (data, ""),
        };
        let body = body.strip_prefix(' ').unwrap_or(body);
        remember_question(body, session, questions);
        match super::lines::without_elicitation_ids(body) {
            Some(fixed) => {
                changed = true;
                out.push_str("data: ");
                out.push_str(&fixed);
                out.push_str(end);
            }
            None => out.push_str(line),
        }
    }
    if changed {
        Bytes::from(out)
    } else {
        Bytes::copy_from_slice(event)
    }
}

/// A stream of server-sent events, each event rewritten by [`outgoing_event`] as it passes.
struct Events {
    inner: BoxBody<Bytes, Infallible>,
    pending: Vec<u8>,
    ended: bool,
    session: Option<String>,
    questions: Questions,
}

impl Body for Events {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let this = self.get_mut();
        loop {
            if let Some(at) = this.pending.windows(2).position(|w| w == b"\n\n") {
                let event: Vec<u8> = this.pending.drain(..at + 2).collect();
                let event = outgoing_event(&event, this.session.as_deref(), &this.questions);
                return Poll::Ready(Some(Ok(Frame::data(event))));
            }
            if this.ended {
                if this.pending.is_empty() {
                    return Poll::Ready(None);
                }
                let rest = std::mem::take(&mut this.pending);
                return Poll::Ready(Some(Ok(Frame::data(Bytes::from(rest)))));
            }
            match Pin::new(&mut this.inner).poll_frame(cx) {
                Poll::Ready(Some(Ok(frame))) => match frame.into_data() {
                    Ok(data) => this.pending.extend_from_slice(&data),
                    Err(frame) => return Poll::Ready(Some(Ok(frame))),
                },
                Poll::Ready(Some(Err(never))) => match never {},
                Poll::Ready(None) => this.ended = true,
                Poll::Pending => return Poll::Pending,
            }
        }
    }
}

impl<S, M, B> tower_service::Service<Request<B>> for HttpService<S, M>
where
    S: ServerHandler + Send + 'static,
    M: SessionManager,
    B: Body + Send + 'static,
    B::Data: Send,
    B::Error: std::error::Error + Send + Sync + 'static,
{
    type Response = HttpResponse;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<HttpResponse, Infallible>> + Send>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let mut inner = self.inner.clone();
        let questions = self.questions.clone();
        let sessions = self.sessions.clone();
        let max = self.inner.config.max_request_body_bytes;
        Box::pin(async move {
            let (parts, body) = request.into_parts();
            // rmcp checks `Host` and `Origin` first of all; asked with the headers alone, it
            // says whether it refuses them, and the body is not read for a request it refuses.
            if let Some(refused) = refused_headers(&mut inner, &parts).await {
                return Ok(refused);
            }
            let declared = parts
                .headers
                .get(header::CONTENT_LENGTH)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<u64>().ok());
            if declared.is_some_and(|n| n > u64::try_from(max).unwrap_or(u64::MAX)) {
                return Ok(too_large(max));
            }
            let session = |headers: &http::HeaderMap| {
                headers
                    .get("mcp-session-id")
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_owned)
            };
            let asked_on = session(&parts.headers);
            let principal = parts.extensions.get::<Principal>().cloned();
            if let Some(id) = &asked_on
                && !sessions.belongs(id, principal.as_ref())
            {
                return Ok(session_not_found());
            }
            let Ok(collected) = Limited::new(body, max).collect().await else {
                return Ok(too_large(max));
            };
            let mut bytes = collected.to_bytes();
            if parts.method == Method::POST {
                match read_message(&bytes, asked_on.as_deref(), &questions) {
                    // rmcp reads it again (or, when it is no MCP message, says what it says).
                    Read::Message(_) | Read::Drop => {}
                    Read::Rewritten { text, .. } => bytes = Bytes::from(text),
                    Read::Instead { error, id } => {
                        bytes = Bytes::from(error_message(&id, &error).to_string());
                    }
                    Read::Reply(reply) => {
                        return Ok(json_response(StatusCode::BAD_REQUEST, &reply));
                    }
                }
            }
            let closing = parts.method == Method::DELETE;
            let mut parts = parts;
            parts.extensions.insert(super::lines::Answering);
            let response = inner
                .call(Request::from_parts(parts, Full::new(bytes)))
                .await?;
            match (&asked_on, session(response.headers())) {
                (None, Some(created)) => sessions.created(&created, principal),
                (Some(id), _)
                    if response.status() == StatusCode::NOT_FOUND
                        || (closing && response.status().is_success()) =>
                {
                    sessions.ended(id);
                }
                _ => {}
            }
            let session = session(response.headers()).or(asked_on);
            let events = response
                .headers()
                .get(header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|c| c.starts_with("text/event-stream"));
            let json = response
                .headers()
                .get(header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|c| c.starts_with("application/json"));
            let (mut parts, body) = response.into_parts();
            let body = if events {
                Events {
                    inner: body,
                    pending: Vec::new(),
                    ended: false,
                    session,
                    questions,
                }
                .boxed()
            } else if json {
                let bytes = body
                    .collect()
                    .await
                    .map(|c| c.to_bytes())
                    .unwrap_or_default();
                let text = std::str::from_utf8(&bytes).ok();
                match text.and_then(super::lines::without_elicitation_ids) {
                    Some(fixed) => {
                        parts.headers.remove(header::CONTENT_LENGTH);
                        Full::new(Bytes::from(fixed)).boxed()
                    }
                    None => Full::new(bytes).boxed(),
                }
            } else {
                body
            };
            Ok(Response::from_parts(parts, body))
        })
    }
}
