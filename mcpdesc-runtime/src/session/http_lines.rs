//! [`HttpLines`]: rmcp's Streamable HTTP service, with every body it cannot read answered, or
//! failing the question it answers, at once (feature `http`).

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

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

use super::Served;
use super::lines::{Questions, Read, error_message, read_message};

/// The response type of rmcp's Streamable HTTP service, and of [`HttpLines`].
pub type HttpResponse = Response<BoxBody<Bytes, Infallible>>;

/// rmcp's Streamable HTTP service (`StreamableHttpService`), with what [`Lines`](super::Lines)
/// does for stdio done for HTTP. [`Served::streamable_http`] makes one; mount it where you would
/// mount rmcp's service.
///
/// rmcp answers a body it cannot read with `415 Unsupported Media Type` and a line of text, and
/// a question whose answer it could not read waits for its timeout. Through `HttpLines`:
///
/// - **A request** it cannot read is answered at once with HTTP 400 and the JSON-RPC error
///   "Parse error" (`-32700`), with the request's `id` when it can be read (the scan of the
///   top-level members that `Lines` does), else `null`.
/// - **An answer to one of the server's questions** (an `elicitation/create` sent on the same
///   session) that it cannot read fails that question at once with
///   [`ElicitError::UnreadableAnswer`](super::ElicitError::UnreadableAnswer); one that is not
///   an elicitation result, with
///   [`ElicitError::NotAnElicitResult`](super::ElicitError::NotAnElicitResult), as on MCP
///   2026-07-28 and over `Lines`.
/// - **On MCP 2026-07-28** the URL-mode input requests of its input-required results are sent
///   without `elicitationId`, which that version removed (rmcp's model writes it empty).
///
/// Bodies are read up to the service's own `max_request_body_bytes` (`413 Payload Too Large`
/// above). Each body it cannot read is a `tracing` event at the warning level, without the body.
pub struct HttpLines<S, M = LocalSessionManager> {
    inner: StreamableHttpService<S, M>,
    questions: Questions,
}

impl<S, M> Clone for HttpLines<S, M> {
    fn clone(&self) -> Self {
        HttpLines {
            inner: self.inner.clone(),
            questions: self.questions.clone(),
        }
    }
}

impl<S, M> std::fmt::Debug for HttpLines<S, M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpLines")
            .field("max_body_bytes", &self.inner.config.max_request_body_bytes)
            .finish_non_exhaustive()
    }
}

impl<S, M> HttpLines<S, M> {
    /// `inner`, rmcp's Streamable HTTP service, answering what it cannot read.
    pub fn new(inner: StreamableHttpService<S, M>) -> Self {
        HttpLines {
            inner,
            questions: Questions::default(),
        }
    }
}

impl<S: ServerHandler + Clone + Send + 'static> Served<S> {
    /// This server as rmcp's Streamable HTTP service with `config` (its `Host` and `Origin`
    /// checks, its body limit), each session and each stateless request served by a copy of it,
    /// in [`HttpLines`]. Mount the result at the endpoint, as
    /// `axum::Router::new().nest_service("/mcp", served.streamable_http(config))`.
    pub fn streamable_http(self, config: StreamableHttpServerConfig) -> HttpLines<Self> {
        let service = StreamableHttpService::new(
            move || Ok(self.clone()),
            Arc::new(LocalSessionManager::default()),
            config,
        );
        HttpLines::new(service)
    }
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

impl<S, M, B> tower_service::Service<Request<B>> for HttpLines<S, M>
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
        let max = self.inner.config.max_request_body_bytes;
        Box::pin(async move {
            let (parts, body) = request.into_parts();
            let session = |headers: &http::HeaderMap| {
                headers
                    .get("mcp-session-id")
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_owned)
            };
            let asked_on = session(&parts.headers);
            let Ok(collected) = Limited::new(body, max).collect().await else {
                let message = format!("Payload Too Large: request body exceeds {max} bytes");
                let mut response = Response::new(Full::new(Bytes::from(message)).boxed());
                *response.status_mut() = StatusCode::PAYLOAD_TOO_LARGE;
                return Ok(response);
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
            let response = inner
                .call(Request::from_parts(parts, Full::new(bytes)))
                .await?;
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
