//! [`StdioTransport`]: MCP over a byte stream of newline-delimited JSON (stdio), where every line the
//! server cannot read is answered, or fails the request it answers, at once.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use rmcp::model::{
    ClientJsonRpcMessage, ElicitResult, ErrorCode, ErrorData, GetExtensions as _, JsonRpcMessage,
    RequestId, ServerJsonRpcMessage, ServerRequest,
};
use rmcp::service::RoleServer;
use rmcp::transport::Transport;
use serde::Deserialize as _;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt as _, AsyncRead, AsyncWrite, AsyncWriteExt as _, BufReader};

/// The longest line read whole, unless told otherwise: 16 MiB, as rmcp's stdio transport.
pub const DEFAULT_MAX_LINE_LENGTH: usize = 16 * 1024 * 1024;

/// Put in the extensions of every request [`StdioTransport`] and [`HttpService`](super::HttpService) hand to
/// rmcp: [`AskingServer`](super::AskingServer) tells by it that the transport answers what it cannot read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Answering;

/// `message`, a request marked as handed on by a transport that answers what it cannot read.
fn marked(mut message: ClientJsonRpcMessage) -> ClientJsonRpcMessage {
    if let ClientJsonRpcMessage::Request(request) = &mut message {
        request.request.extensions_mut().insert(Answering);
    }
    message
}

/// How much of a line too long to read is kept, to find its `id`.
const HEAD: usize = 64 * 1024;

/// How many of the server's questions are remembered, awaiting their answers.
const REMEMBERED: usize = 1024;

/// The `data` member of the errors this transport makes for rmcp in place of a client's answer
/// it could not read: `{"mcpdesc": KIND, ...}`.
pub(crate) const MARKER: &str = "mcpdesc";
/// An answer that is not JSON, or not a JSON-RPC message.
pub(crate) const UNREADABLE: &str = "unreadable-answer";
/// An answer to `elicitation/create` that is JSON-RPC, but not an elicitation result: the
/// `result` is kept beside the marker, so that it is read as a retried call's answer is.
pub(crate) const NOT_AN_ELICIT_RESULT: &str = "not-an-elicit-result";
/// Beside [`UNREADABLE`], why the answer could not be read.
pub(crate) const REASON: &str = "reason";

/// MCP over a byte stream of newline-delimited JSON, as `rmcp::transport::stdio()` speaks it, and
/// every line answered. Serve with [`stdio()`] (or [`StdioTransport::new`] over any reader and writer):
/// `AskingServer::new(server, policy).serve(mcpdesc_runtime::session::stdio())`.
///
/// rmcp's own line transport drops a line it cannot read, with a log line at the debug level.
/// A request on such a line is never answered, and a request of the server's that such a line
/// answers waits for its timeout. This transport reads the line's `id` and kind where it can
/// (it scans the top-level members, so `NaN`, `1e400`, a lone surrogate or a cut-off line still
/// give theirs):
///
/// - **A request** (it has `method`) is answered at once with the JSON-RPC error "Parse error"
///   (`-32700`), its `id` when it could be read, else `null`.
/// - **An answer to one of the server's questions** (it has `result` or `error`, and the `id`
///   of an `elicitation/create` the server sent) fails that question at once. A line with no `id` to be read
///   and no `method` is taken for the answer to the one `elicitation/create` that awaits one,
///   when one alone does. An `ask!` waiting on it ends with
///   [`ElicitError::UnreadableAnswer`](super::ElicitError::UnreadableAnswer). An answer to
///   `elicitation/create` that is JSON-RPC but not an elicitation result ends with
///   [`ElicitError::NotAnElicitResult`](super::ElicitError::NotAnElicitResult), the same error,
///   code and message as such an answer in a retried call of MCP 2026-07-28.
/// - **Anything else** is not answered: answering a line that is no request could start an
///   exchange of errors with a peer that echoes them (rmcp's reason for dropping such lines).
///
/// Each line it cannot read is a `tracing` event at the warning level (target
/// `mcpdesc_runtime::session`): why, how long, and the `id`. The line itself is never logged;
/// it may hold what a user typed.
///
/// On MCP 2026-07-28 it also leaves out of each URL-mode input request the member
/// `elicitationId`, which that version removed and rmcp's model writes empty.
pub struct StdioTransport<R, W> {
    read: BufReader<R>,
    /// The line read so far (kept across cancelled reads: `receive` is polled in a `select!`).
    line: Vec<u8>,
    /// Dropping the rest of a line too long to read.
    discarding: bool,
    max_line_length: usize,
    write: Arc<tokio::sync::Mutex<W>>,
    questions: Questions,
}

impl<R, W> std::fmt::Debug for StdioTransport<R, W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StdioTransport")
            .field("max_line_length", &self.max_line_length)
            .finish_non_exhaustive()
    }
}

/// [`StdioTransport`] over standard input and output.
pub fn stdio() -> StdioTransport<tokio::io::Stdin, tokio::io::Stdout> {
    StdioTransport::new(tokio::io::stdin(), tokio::io::stdout())
}

impl<R, W> StdioTransport<R, W>
where
    R: AsyncRead + Send + Unpin + 'static,
    W: AsyncWrite + Send + Unpin + 'static,
{
    /// MCP read from `read` and written to `write`, a JSON message a line.
    pub fn new(read: R, write: W) -> Self {
        StdioTransport {
            read: BufReader::new(read),
            line: Vec::new(),
            discarding: false,
            max_line_length: DEFAULT_MAX_LINE_LENGTH,
            write: Arc::new(tokio::sync::Mutex::new(write)),
            questions: Questions::default(),
        }
    }

    /// Reads lines of at most `bytes` whole ([`DEFAULT_MAX_LINE_LENGTH`] unless set). A longer
    /// line is not read into memory; it is answered as a line that cannot be read.
    #[must_use]
    pub fn max_line_length(mut self, bytes: usize) -> Self {
        self.max_line_length = bytes;
        self
    }

    /// Reads the next line into `self.line`; `Ok(false)` at the end of the stream. A line too
    /// long is `Err(its head)`, its rest dropped.
    async fn read_line(&mut self) -> std::io::Result<Result<bool, Vec<u8>>> {
        loop {
            let available = self.read.fill_buf().await?;
            if available.is_empty() {
                return Ok(Ok(false));
            }
            let newline = available.iter().position(|b| *b == b'\n');
            let take = newline.map_or(available.len(), |at| at + 1);
            let chunk = available.get(..take).unwrap_or_default();
            let mut outcome = None;
            if self.discarding {
                if newline.is_some() {
                    self.discarding = false;
                }
            } else if self.line.len().saturating_add(take) > self.max_line_length {
                // Keep the head, to find the line's id; drop the rest as it comes.
                let room = HEAD.saturating_sub(self.line.len());
                self.line
                    .extend_from_slice(chunk.get(..room.min(chunk.len())).unwrap_or_default());
                self.line.truncate(HEAD);
                self.discarding = newline.is_none();
                outcome = Some(Err(std::mem::take(&mut self.line)));
            } else {
                self.line.extend_from_slice(chunk);
                if newline.is_some() {
                    outcome = Some(Ok(true));
                }
            }
            self.read.consume(take);
            if let Some(outcome) = outcome {
                return Ok(outcome);
            }
        }
    }

    /// Writes `text` as a line, after whatever is being written (a reply made while reading).
    fn write_later(&self, mut text: String) {
        text.push('\n');
        let write = Arc::clone(&self.write);
        tokio::spawn(async move {
            let mut write = write.lock().await;
            let _ = write.write_all(text.as_bytes()).await;
            let _ = write.flush().await;
        });
    }

    /// Hands rmcp what `read` says to, and answers the client where it says to.
    fn hand(&self, read: Read) -> Option<ClientJsonRpcMessage> {
        match read {
            Read::Message(message) => Some(message),
            // The rewritten text is the message with marks added: read as the message was.
            Read::Rewritten { read, text } => {
                Some(serde_json::from_slice::<ClientJsonRpcMessage>(&text).unwrap_or(read))
            }
            Read::Instead { error, id } => Some(JsonRpcMessage::error(error, Some(id))),
            Read::Reply(reply) => {
                self.write_later(reply.to_string());
                None
            }
            Read::Drop => None,
        }
    }
}

/// The server's questions (`elicitation/create` requests) awaiting answers: the session each was
/// asked on (`None` over stdio), and its `id`. At most [`REMEMBERED`]; the oldest is forgotten.
#[derive(Clone, Default)]
pub(crate) struct Questions(Arc<Mutex<VecDeque<Question>>>);

/// A question awaiting its answer: the session it was asked on, and its `id`.
type Question = (Option<String>, RequestId);

impl Questions {
    /// The question `id` was asked on `session`.
    pub(crate) fn asked(&self, session: Option<&str>, id: RequestId) {
        let mut questions = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if questions.len() >= REMEMBERED {
            questions.pop_front();
        }
        questions.push_back((session.map(str::to_owned), id));
    }

    /// Forgets the question `id` of `session`: whether it was awaiting an answer.
    fn answered(&self, session: Option<&str>, id: &RequestId) -> bool {
        let mut questions = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match questions
            .iter()
            .position(|(s, q)| s.as_deref() == session && q == id)
        {
            Some(at) => questions.remove(at).is_some(),
            None => false,
        }
    }

    /// The `id` of the one question awaiting an answer on `session`, if one alone does.
    fn only(&self, session: Option<&str>) -> Option<RequestId> {
        let questions = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let mut on_session = questions.iter().filter(|(s, _)| s.as_deref() == session);
        match (on_session.next(), on_session.next()) {
            (Some((_, id)), None) => Some(id.clone()),
            _ => None,
        }
    }
}

// Input-required results exist only where `elicitationId` does not: see `without_elicitation_ids`.
const _: () = assert!(
    crate::version::Fact::MultiRoundTrip
        .versions()
        .intersection(crate::version::Fact::ElicitationId.versions())
        .is_empty(),
    "a version has both input-required results and `elicitationId`: the transports must keep it there"
);

/// The `id` of the question `message` asks, when it is an `elicitation/create` request.
pub(crate) fn question_id(message: &ServerJsonRpcMessage) -> Option<RequestId> {
    match message {
        JsonRpcMessage::Request(request)
            if matches!(request.request, ServerRequest::ElicitRequest(_)) =>
        {
            Some(request.id.clone())
        }
        _ => None,
    }
}

/// What a transport does with one message from the client (a line, or a request's body).
pub(crate) enum Read {
    /// Hand rmcp the message as it was read.
    Message(ClientJsonRpcMessage),
    /// Hand rmcp the message `read`, rewritten as `text`: an answer marked with the numbers as
    /// the client wrote them ([`WRITTEN_NUMBERS`]). The rewrite is JSON text, which each
    /// transport reads as it reads a message (so that rmcp's message types are read in one way
    /// only, and written never: each way is code generated for every one of those types).
    Rewritten {
        /// The message as read.
        read: ClientJsonRpcMessage,
        /// The message rewritten.
        text: Vec<u8>,
    },
    /// Hand rmcp this error in place of the answer to the question `id` that could not be read,
    /// or that is not an elicitation result: it fails the question at once.
    Instead {
        /// The error.
        error: ErrorData,
        /// The question's id.
        id: RequestId,
    },
    /// Answer the client with this JSON-RPC error; rmcp is not told.
    Reply(Value),
    /// Nothing to hand rmcp and no one to answer.
    Drop,
}

/// Reads one message from the client on `session`, as [`StdioTransport`] and
/// [`HttpService`](super::HttpService) both do: what it is, or what to do in its place.
pub(crate) fn read_message(text: &[u8], session: Option<&str>, questions: &Questions) -> Read {
    match serde_json::from_slice::<ClientJsonRpcMessage>(text) {
        Ok(JsonRpcMessage::Response(response)) => {
            if questions.answered(session, &response.id) {
                if let Some(error) = not_an_elicit_result(text) {
                    return Read::Instead {
                        error,
                        id: response.id,
                    };
                }
                if let Some(marked) = with_written_numbers(text) {
                    return Read::Rewritten {
                        read: JsonRpcMessage::Response(response),
                        text: marked,
                    };
                }
            }
            Read::Message(JsonRpcMessage::Response(response))
        }
        Ok(message @ JsonRpcMessage::Request(_)) => {
            // A retried call (MCP 2026-07-28) brings its answers in `inputResponses`.
            let retried = text.windows(14).any(|w| w == b"inputResponses");
            match with_written_numbers(text).filter(|_| retried) {
                Some(marked) => Read::Rewritten {
                    read: message,
                    text: marked,
                },
                None => Read::Message(message),
            }
        }
        Ok(message) => {
            if let JsonRpcMessage::Error(error) = &message
                && let Some(id) = &error.id
            {
                questions.answered(session, id);
            }
            Read::Message(message)
        }
        Err(e) => {
            let found = scan(text);
            // Notifications outside MCP (an editor's, say), JSON with a `method` and no `id`,
            // are passed over, as rmcp passes them over.
            if found.method
                && found.id.is_none()
                && serde_json::from_slice::<serde::de::IgnoredAny>(text).is_ok()
            {
                return Read::Drop;
            }
            unreadable(found, text.len(), &e.to_string(), session, questions)
        }
    }
}

/// What to do in place of a message of `bytes` bytes that the client sent and that cannot be
/// read (`why`), whose top-level members are `found`: a request is answered with "Parse error";
/// an answer fails the question it answers; anything else is dropped. Said as a warning event,
/// without the message.
pub(crate) fn unreadable(
    found: Found,
    bytes: usize,
    why: &str,
    session: Option<&str>,
    questions: &Questions,
) -> Read {
    tracing::warn!(
        target: "mcpdesc_runtime::session",
        reason = why,
        bytes,
        id = found.id.as_ref().map(ToString::to_string),
        "a message from the client could not be read"
    );
    if found.method {
        let id = found.id.as_ref().map_or(Value::Null, |id| json!(id));
        let error =
            json!({"code": ErrorCode::PARSE_ERROR.0, "message": format!("Parse error: {why}")});
        return Read::Reply(error_message(&id, &error));
    }
    let id = match found.id {
        Some(id) if found.answer => Some(id),
        // No id to be read: when one question alone awaits an answer, this is taken for its
        // answer (nothing else was to come from the client).
        None => questions.only(session),
        Some(_) => None,
    };
    match id.filter(|id| questions.answered(session, id)) {
        Some(id) => {
            let error = ErrorData::new(
                ErrorCode::PARSE_ERROR,
                format!("the client's answer could not be read: {why}"),
                Some(json!({ MARKER: UNREADABLE, REASON: why })),
            );
            Read::Instead { error, id }
        }
        None => Read::Drop,
    }
}

/// A JSON-RPC error response to the message `id`, as the transports write one themselves.
pub(crate) fn error_message(id: &impl serde::Serialize, error: &impl serde::Serialize) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": error})
}

/// What the top-level members of a line say, read without reading it as JSON.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Found {
    pub(crate) id: Option<RequestId>,
    /// It has `method`: a request or a notification.
    pub(crate) method: bool,
    /// It has `result` or `error`: an answer.
    pub(crate) answer: bool,
}

/// Scans the top-level members of what should be a JSON object: their names, and the value of
/// `id` when it is a string or an integer. Strings are skipped whole (their escapes unread), so
/// what a nested member or a string holds is never taken for a top-level member.
pub(crate) fn scan(line: &[u8]) -> Found {
    let mut found = Found::default();
    let mut depth = 0usize;
    let mut key: Option<Vec<u8>> = None;
    let mut at = 0usize;
    while let Some(&byte) = line.get(at) {
        match byte {
            b'"' => {
                let Some(end) = string_end(line, at) else {
                    break;
                };
                let token = line.get(at..=end).unwrap_or_default();
                let after = skip_space(line, end + 1);
                if depth == 1 && key.is_none() && line.get(after) == Some(&b':') {
                    let name = serde_json::from_slice::<String>(token).unwrap_or_default();
                    match name.as_str() {
                        "method" => found.method = true,
                        "result" | "error" => found.answer = true,
                        _ => {}
                    }
                    key = Some(name.into_bytes());
                    at = after + 1;
                    continue;
                }
                if depth == 1 && key.as_deref() == Some(b"id") {
                    found.id = serde_json::from_slice::<String>(token)
                        .ok()
                        .map(|s| RequestId::String(s.into()));
                }
                if depth == 1 {
                    key = None;
                }
                at = end + 1;
            }
            b'{' | b'[' => {
                if depth == 1 {
                    key = None;
                }
                depth += 1;
                at += 1;
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                at += 1;
            }
            b',' | b':' | b' ' | b'\t' | b'\r' | b'\n' => at += 1,
            _ => {
                // A bare token: a number, `true`, `NaN`, ...
                let end = line
                    .iter()
                    .skip(at)
                    .position(|b| matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\r' | b'\n'))
                    .map_or(line.len(), |n| at + n);
                if depth == 1 && key.as_deref() == Some(b"id") {
                    found.id = std::str::from_utf8(line.get(at..end).unwrap_or_default())
                        .ok()
                        .and_then(|t| t.parse::<i64>().ok())
                        .map(RequestId::Number);
                }
                if depth == 1 {
                    key = None;
                }
                at = end.max(at + 1);
            }
        }
    }
    found
}

/// The index of the quote that ends the string starting at `start`, escapes skipped.
fn string_end(line: &[u8], start: usize) -> Option<usize> {
    let mut at = start + 1;
    while let Some(&byte) = line.get(at) {
        match byte {
            b'\\' => at += 2,
            b'"' => return Some(at),
            _ => at += 1,
        }
    }
    None
}

fn skip_space(line: &[u8], mut at: usize) -> usize {
    while line
        .get(at)
        .is_some_and(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
    {
        at += 1;
    }
    at
}

/// A URL-mode input request of an input-required result written without `elicitationId`, which
/// MCP 2026-07-28 removed (rmcp's model writes it empty): `Some(the line)` when there was one.
///
/// A transport does not know a message's version; it needs none here, because no version has
/// both input-required results and `elicitationId` (the assertion below reads the version table).
pub(crate) fn without_elicitation_ids(text: &str) -> Option<String> {
    if !text.contains("\"input_required\"") || !text.contains("\"elicitationId\"") {
        return None;
    }
    let mut message: Value = serde_json::from_str(text).ok()?;
    let requests = message
        .get_mut("result")?
        .get_mut("inputRequests")?
        .as_object_mut()?;
    let mut changed = false;
    for request in requests.values_mut() {
        if let Some(params) = request.get_mut("params").and_then(Value::as_object_mut)
            && params.get("mode").and_then(Value::as_str) == Some("url")
        {
            changed |= params.remove("elicitationId").is_some();
        }
    }
    changed.then(|| message.to_string())
}

impl<R, W> Transport<RoleServer> for StdioTransport<R, W>
where
    R: AsyncRead + Send + Unpin + 'static,
    W: AsyncWrite + Send + Unpin + 'static,
{
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: ServerJsonRpcMessage,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        if let Some(id) = question_id(&item) {
            self.questions.asked(None, id);
        }
        let write = Arc::clone(&self.write);
        async move {
            let mut text = serde_json::to_string(&item).map_err(std::io::Error::other)?;
            if let Some(fixed) = without_elicitation_ids(&text) {
                text = fixed;
            }
            text.push('\n');
            let mut write = write.lock().await;
            write.write_all(text.as_bytes()).await?;
            write.flush().await
        }
    }

    async fn receive(&mut self) -> Option<ClientJsonRpcMessage> {
        loop {
            let read = match self.read_line().await {
                Ok(read) => read,
                Err(e) => {
                    tracing::error!(target: "mcpdesc_runtime::session", error = %e, "cannot read from the client");
                    return None;
                }
            };
            let line = match read {
                Ok(true) => std::mem::take(&mut self.line),
                Ok(false) => return None,
                Err(head) => {
                    let why = format!("the line is longer than {} bytes", self.max_line_length);
                    let read = unreadable(scan(&head), head.len(), &why, None, &self.questions);
                    match self.hand(read) {
                        Some(message) => return Some(marked(message)),
                        None => continue,
                    }
                }
            };
            let text = line.strip_suffix(b"\n").unwrap_or(&line);
            let text = text.strip_suffix(b"\r").unwrap_or(text);
            let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
            if text.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            if let Some(message) = self.hand(read_message(text, None, &self.questions)) {
                return Some(marked(message));
            }
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.write.lock().await.shutdown().await
    }
}

/// The `_meta` member in which an elicitation result passed on to rmcp holds the numbers of its
/// `content` as the client wrote them, by property, where reading them changed how they read
/// (`99999999999999999999999999` reads as the double `1e26`): the asker then says the number
/// as written in a problem ([`crate::ContentProblem::as_written`]). The client's own member of
/// this name is dropped.
pub(crate) const WRITTEN_NUMBERS: &str = "io.github.mcpdesc-rs/writtenNumbers";

/// The message `text` with each elicitation result it carries (a response's `result`, each
/// entry of a request's `params.inputResponses`) marked with [`WRITTEN_NUMBERS`]; `None` when
/// there is nothing to mark or drop, and the message is handed on as it was read.
pub(crate) fn with_written_numbers(text: &[u8]) -> Option<Vec<u8>> {
    use serde_json::value::RawValue;

    #[derive(serde::Deserialize)]
    struct Message<'a> {
        #[serde(borrow, default)]
        result: Option<&'a RawValue>,
        #[serde(borrow, default)]
        params: Option<Params<'a>>,
    }
    #[derive(serde::Deserialize)]
    struct Params<'a> {
        #[serde(borrow, default, rename = "inputResponses")]
        input_responses: Option<std::collections::BTreeMap<String, &'a RawValue>>,
    }
    #[derive(serde::Deserialize)]
    struct Answer<'a> {
        #[serde(borrow, default)]
        content: Option<&'a RawValue>,
        #[serde(borrow, default, rename = "_meta")]
        meta: Option<&'a RawValue>,
    }

    /// What to mark one result with, and whether the client sent a member of that name.
    type Marks = (serde_json::Map<String, Value>, bool);

    fn marks(result: &RawValue) -> Marks {
        let Ok(answer) = serde_json::from_str::<Answer<'_>>(result.get()) else {
            return (serde_json::Map::new(), false);
        };
        let forged = answer
            .meta
            .is_some_and(|m| m.get().contains(WRITTEN_NUMBERS));
        let content = answer.content.and_then(|c| {
            serde_json::from_str::<std::collections::BTreeMap<String, &RawValue>>(c.get()).ok()
        });
        let mut written = serde_json::Map::new();
        for (name, raw) in content.iter().flatten() {
            let text = raw.get().trim();
            if !text.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
                continue;
            }
            // As serde_json writes the number it read (not `Value == str`, which compares a
            // JSON string with the text).
            let printed = serde_json::from_str::<Value>(text).map(|v| v.to_string());
            if printed.is_ok_and(|printed| printed != text) {
                written.insert(name.clone(), Value::from(text));
            }
        }
        (written, forged)
    }

    fn mark(result: &mut Value, written: serde_json::Map<String, Value>) {
        let Some(result) = result.as_object_mut() else {
            return;
        };
        if let Some(meta) = result.get_mut("_meta").and_then(Value::as_object_mut) {
            meta.shift_remove(WRITTEN_NUMBERS);
        }
        if written.is_empty() {
            return;
        }
        let meta = result
            .entry("_meta")
            .or_insert_with(|| Value::Object(serde_json::Map::new()));
        if let Some(meta) = meta.as_object_mut() {
            meta.insert(WRITTEN_NUMBERS.to_owned(), Value::Object(written));
        }
    }

    let message: Message<'_> = serde_json::from_slice(text).ok()?;
    let in_result = message.result.map(marks);
    let in_responses: Vec<(String, Marks)> = message
        .params
        .and_then(|p| p.input_responses)
        .into_iter()
        .flatten()
        .map(|(key, raw)| (key, marks(raw)))
        .collect();
    let changes =
        |(written, forged): &(serde_json::Map<String, Value>, bool)| !written.is_empty() || *forged;
    if !in_result.as_ref().is_some_and(changes) && !in_responses.iter().any(|(_, m)| changes(m)) {
        return None;
    }
    let mut value: Value = serde_json::from_slice(text).ok()?;
    if let Some((written, _)) = in_result
        && let Some(result) = value.get_mut("result")
    {
        mark(result, written);
    }
    for (key, (written, _)) in in_responses {
        if let Some(entry) = value
            .get_mut("params")
            .and_then(|p| p.get_mut("inputResponses"))
            .and_then(|r| r.get_mut(&key))
        {
            mark(entry, written);
        }
    }
    serde_json::to_vec(&value).ok()
}

/// The error that takes the place of an answer to `elicitation/create` whose `result` is not an
/// elicitation result (rmcp reads it as another kind of result), with that `result`.
pub(crate) fn not_an_elicit_result(line: &[u8]) -> Option<ErrorData> {
    let message: Value = serde_json::from_slice(line).ok()?;
    let result = message.get("result")?;
    let error = ElicitResult::deserialize(result).err()?;
    Some(ErrorData::new(
        ErrorCode::INVALID_PARAMS,
        format!("the client's answer is not an elicitation result: {error}"),
        Some(json!({ MARKER: NOT_AN_ELICIT_RESULT, "result": result })),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: i64) -> Option<RequestId> {
        Some(RequestId::Number(n))
    }

    #[test]
    fn numbers_that_read_otherwise_are_passed_on_as_written() {
        let marked = |line: &str| {
            with_written_numbers(line.as_bytes())
                .map(|m| serde_json::from_slice::<Value>(&m).unwrap())
        };
        let line = r#"{"jsonrpc":"2.0","id":3,"result":{"action":"accept","content":{"n":99999999999999999999999999,"m":12,"f":1.5,"e":1E2,"s":"7"}}}"#;
        assert_eq!(
            marked(line).unwrap()["result"]["_meta"][WRITTEN_NUMBERS],
            json!({"n": "99999999999999999999999999", "e": "1E2"})
        );
        // Nothing to say: the message is handed on as read.
        let plain = r#"{"jsonrpc":"2.0","id":3,"result":{"action":"accept","content":{"m":12}}}"#;
        assert!(marked(plain).is_none());
        // A client's own member is dropped.
        let forged = r#"{"jsonrpc":"2.0","id":3,"result":{"action":"accept","content":{"m":12},"_meta":{"io.github.mcpdesc-rs/writtenNumbers":{"m":"13"},"k":1}}}"#;
        assert_eq!(marked(forged).unwrap()["result"]["_meta"], json!({"k": 1}));
        // A retried call's answers.
        let retry = r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"t","inputResponses":{"a":{"action":"accept","content":{"n":-0}},"b":{"action":"decline"}}}}"#;
        let marked = marked(retry).unwrap();
        assert_eq!(
            marked["params"]["inputResponses"]["a"]["_meta"][WRITTEN_NUMBERS],
            json!({"n": "-0"})
        );
        assert!(
            marked["params"]["inputResponses"]["b"]
                .get("_meta")
                .is_none()
        );
    }

    #[test]
    fn the_top_level_members_are_found_in_lines_that_are_not_json() {
        let cases: [(&[u8], Found); 7] = [
            (
                br#"{"jsonrpc":"2.0","id":7,"result":{"action":"accept","content":{"n":NaN}}}"#,
                Found {
                    id: id(7),
                    method: false,
                    answer: true,
                },
            ),
            (
                br#"{"jsonrpc":"2.0","result":{"content":{"s":"\ud800","id":9}},"id":"a\"b"}"#,
                Found {
                    id: Some(RequestId::String("a\"b".into())),
                    method: false,
                    answer: true,
                },
            ),
            (
                br#"{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"x":1e400}}"#,
                Found {
                    id: id(12),
                    method: true,
                    answer: false,
                },
            ),
            (
                br#"{"params":{"id":3,"method":"x"},"method":"tools/call","id":-4}"#,
                Found {
                    id: id(-4),
                    method: true,
                    answer: false,
                },
            ),
            (b"not json at all", Found::default()),
            (
                br#"{"id":{"nested":1},"error":{}}"#,
                Found {
                    id: None,
                    method: false,
                    answer: true,
                },
            ),
            (
                br#"{"jsonrpc":"2.0","id":5,"res"#,
                Found {
                    id: id(5),
                    method: false,
                    answer: false,
                },
            ),
        ];
        for (line, expected) in cases {
            assert_eq!(scan(line), expected, "{}", String::from_utf8_lossy(line));
        }
    }

    #[test]
    fn url_mode_input_requests_lose_their_elicitation_id() {
        let line = r#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{"a":{"method":"elicitation/create","params":{"mode":"url","message":"m","url":"https://x","elicitationId":""}},"b":{"method":"elicitation/create","params":{"mode":"form","message":"m","requestedSchema":{"type":"object","properties":{}}}}},"requestState":"s"}}"#;
        let fixed: Value = serde_json::from_str(&without_elicitation_ids(line).unwrap()).unwrap();
        let params = &fixed["result"]["inputRequests"]["a"]["params"];
        assert!(params.get("elicitationId").is_none(), "{fixed}");
        assert_eq!(params["url"], "https://x");
        assert!(without_elicitation_ids(r#"{"result":{"content":[]}}"#).is_none());
    }
}
