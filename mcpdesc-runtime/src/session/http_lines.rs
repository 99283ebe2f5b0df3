//! [`HttpLines`]: rmcp's Streamable HTTP service, with every body it cannot read answered, or
//! failing the question it answers, at once (feature `http`).

use std::collections::VecDeque;
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use bytes::Bytes;
use http::{HeaderValue, Method, Request, Response, StatusCode, header};
use http_body::{Body, Frame};
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt as _, Full, Limited};
use rmcp::model::{ClientJsonRpcMessage, ErrorCode, ErrorData, JsonRpcMessage, RequestId};
use serde_json::{Value, json};

use super::lines::{Found, MARKER, UNREADABLE, not_an_elicit_result, scan};

/// The largest request body read, unless told otherwise: 4 MiB, rmcp's own limit.
pub const DEFAULT_MAX_BODY_BYTES: usize = 4 * 1024 * 1024;

/// How many questions (`elicitation/create` requests awaiting answers) are remembered.
const REMEMBERED: usize = 4096;

/// The questions awaiting answers: the session each was asked on, and its `id`.
type Questions = Arc<Mutex<VecDeque<(Option<String>, RequestId)>>>;

/// The response type of rmcp's Streamable HTTP service, and of [`HttpLines`].
pub type HttpResponse = Response<BoxBody<Bytes, Infallible>>;

/// rmcp's Streamable HTTP service (`StreamableHttpService`), with what [`Lines`](super::Lines)
/// does for stdio done for HTTP: mount `HttpLines::new(service)` where you would mount
/// `service`.
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
/// Each body it cannot read is a `tracing` event at the warning level, without the body.
#[derive(Clone)]
pub struct HttpLines<S> {
    inner: S,
    max_body_bytes: usize,
    /// The questions awaiting answers: the session they were asked on, and their `id`.
    questions: Questions,
}

impl<S> std::fmt::Debug for HttpLines<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpLines")
            .field("max_body_bytes", &self.max_body_bytes)
            .finish_non_exhaustive()
    }
}

impl<S> HttpLines<S> {
    /// `inner`, rmcp's `StreamableHttpService`, answering what it cannot read.
    pub fn new(inner: S) -> Self {
        HttpLines {
            inner,
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            questions: Arc::new(Mutex::new(VecDeque::new())),
        }
    }

    /// Reads request bodies of at most `bytes` ([`DEFAULT_MAX_BODY_BYTES`] unless set); a larger
    /// one is answered `413 Payload Too Large`. Keep it at most rmcp's
    /// `max_request_body_bytes`.
    #[must_use]
    pub fn max_body_bytes(mut self, bytes: usize) -> Self {
        self.max_body_bytes = bytes;
        self
    }
}

/// What to do with a request's body.
enum Checked {
    /// Hand rmcp these bytes.
    Forward(Bytes),
    /// Answer the client with this, rmcp not asked.
    Reply(HttpResponse),
}

fn take_question(questions: &Questions, session: &Option<String>, id: &RequestId) -> bool {
    let mut questions = questions.lock().unwrap_or_else(|e| e.into_inner());
    match questions.iter().position(|(s, q)| s == session && q == id) {
        Some(at) => questions.remove(at).is_some(),
        None => false,
    }
}

/// The `id` of the one question awaiting an answer on `session`, if one alone does.
fn only_question(questions: &Questions, session: &Option<String>) -> Option<RequestId> {
    let questions = questions.lock().unwrap_or_else(|e| e.into_inner());
    let mut on_session = questions.iter().filter(|(s, _)| s == session);
    match (on_session.next(), on_session.next()) {
        (Some((_, id)), None) => Some(id.clone()),
        _ => None,
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

/// A JSON-RPC error in place of an answer, as rmcp reads a client's message.
fn error_body(error: ErrorData, id: RequestId) -> Bytes {
    let message: ClientJsonRpcMessage = JsonRpcMessage::error(error, Some(id));
    Bytes::from(serde_json::to_vec(&message).unwrap_or_default())
}

fn check_body(bytes: Bytes, session: &Option<String>, questions: &Questions) -> Checked {
    match serde_json::from_slice::<ClientJsonRpcMessage>(&bytes) {
        Ok(JsonRpcMessage::Response(response)) => {
            if take_question(questions, session, &response.id)
                && let Some(error) = not_an_elicit_result(&bytes)
            {
                return Checked::Forward(error_body(error, response.id));
            }
            Checked::Forward(bytes)
        }
        Ok(JsonRpcMessage::Error(error)) => {
            if let Some(id) = &error.id {
                take_question(questions, session, id);
            }
            Checked::Forward(bytes)
        }
        Ok(_) => Checked::Forward(bytes),
        Err(e) => {
            let found: Found = scan(&bytes);
            let why = e.to_string();
            tracing::warn!(
                target: "mcpdesc_runtime::session",
                reason = %why,
                bytes = bytes.len(),
                id = found.id.as_ref().map(ToString::to_string),
                "a body from the client could not be read"
            );
            if found.method {
                let id = found.id.as_ref().map_or(Value::Null, |id| json!(id));
                let reply = json!({"jsonrpc": "2.0", "id": id, "error": {
                    "code": ErrorCode::PARSE_ERROR.0, "message": format!("Parse error: {why}")}});
                return Checked::Reply(json_response(StatusCode::BAD_REQUEST, &reply));
            }
            let id = match found.id {
                Some(id) if found.answer => Some(id),
                None => only_question(questions, session),
                Some(_) => None,
            };
            match id.filter(|id| take_question(questions, session, id)) {
                Some(id) => {
                    let error = ErrorData::new(
                        ErrorCode::PARSE_ERROR,
                        format!("the client's answer could not be read: {why}"),
                        Some(json!({ MARKER: UNREADABLE })),
                    );
                    Checked::Forward(error_body(error, id))
                }
                // Nothing to answer and no question it answers: rmcp says what it says.
                None => Checked::Forward(bytes),
            }
        }
    }
}

/// One server-sent event as it goes out: its questions remembered, and a 2026-07-28 URL-mode
/// input request without `elicitationId`.
fn outgoing_event(event: &[u8], session: &Option<String>, questions: &Questions) -> Bytes {
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

/// Remembers the question a message sent to the client asks, if it is `elicitation/create`.
fn remember_question(message: &str, session: &Option<String>, questions: &Questions) {
    if !message.contains("\"elicitation/create\"") {
        return;
    }
    let Ok(value) = serde_json::from_str::<Value>(message) else {
        return;
    };
    if value.get("method").and_then(Value::as_str) != Some("elicitation/create") {
        return;
    }
    let id = match value.get("id") {
        Some(Value::Number(n)) => n.as_i64().map(RequestId::Number),
        Some(Value::String(s)) => Some(RequestId::String(s.as_str().into())),
        _ => None,
    };
    if let Some(id) = id {
        let mut questions = questions.lock().unwrap_or_else(|e| e.into_inner());
        if questions.len() >= REMEMBERED {
            questions.pop_front();
        }
        questions.push_back((session.clone(), id));
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
                let event = outgoing_event(&event, &this.session, &this.questions);
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

impl<S, B> tower_service::Service<Request<B>> for HttpLines<S>
where
    S: tower_service::Service<Request<Full<Bytes>>, Response = HttpResponse, Error = Infallible>
        + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
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
        let questions = Arc::clone(&self.questions);
        let max = self.max_body_bytes;
        Box::pin(async move {
            let (parts, body) = request.into_parts();
            let session = |headers: &http::HeaderMap| {
                headers
                    .get("mcp-session-id")
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_owned)
            };
            let asked_on = session(&parts.headers);
            let bytes = match Limited::new(body, max).collect().await {
                Ok(collected) => collected.to_bytes(),
                Err(_) => {
                    let mut response = Response::new(
                        Full::new(Bytes::from(format!(
                            "Payload Too Large: request body exceeds {max} bytes"
                        )))
                        .boxed(),
                    );
                    *response.status_mut() = StatusCode::PAYLOAD_TOO_LARGE;
                    return Ok(response);
                }
            };
            let bytes = match parts.method {
                Method::POST => match check_body(bytes, &asked_on, &questions) {
                    Checked::Forward(bytes) => bytes,
                    Checked::Reply(response) => return Ok(response),
                },
                _ => bytes,
            };
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
