//! A raw Streamable HTTP client: JSON-RPC messages posted as the transport says, the answer
//! read as JSON or as server-sent events, and the response's headers kept (which replica
//! served it, the session id). Blocking, one connection a request, every read time-limited.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use serde_json::{Value, json};

/// How long any read may wait.
const READ_TIMEOUT: Duration = Duration::from_secs(30);

/// A response as read so far: its status and headers, and a reader of its body.
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    body: Body,
}

enum Body {
    Fixed(BufReader<TcpStream>, usize),
    Chunked(BufReader<TcpStream>, Vec<u8>),
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The replica that served it (`Mcp-Replica`).
    pub fn replica(&self) -> String {
        self.header("mcp-replica").unwrap_or("?").to_owned()
    }

    fn is_sse(&self) -> bool {
        self.header("content-type")
            .is_some_and(|c| c.starts_with("text/event-stream"))
    }

    /// The next line of the body, without its end; `None` at the end of the body.
    fn line(&mut self) -> Option<String> {
        match &mut self.body {
            Body::Fixed(reader, left) => {
                if *left == 0 {
                    return None;
                }
                let mut line = String::new();
                let n = reader.read_line(&mut line).ok()?;
                if n == 0 {
                    return None;
                }
                *left = left.saturating_sub(n);
                Some(line.trim_end_matches(['\r', '\n']).to_owned())
            }
            Body::Chunked(reader, pending) => loop {
                if let Some(end) = pending.iter().position(|b| *b == b'\n') {
                    let line: Vec<u8> = pending.drain(..=end).collect();
                    let line = String::from_utf8_lossy(&line);
                    return Some(line.trim_end_matches(['\r', '\n']).to_owned());
                }
                let mut size = String::new();
                if reader.read_line(&mut size).ok()? == 0 {
                    return None;
                }
                let size = usize::from_str_radix(size.trim(), 16).ok()?;
                if size == 0 {
                    if pending.is_empty() {
                        return None;
                    }
                    let line = String::from_utf8_lossy(&std::mem::take(pending)).into_owned();
                    return Some(line);
                }
                let mut chunk = vec![0; size + 2];
                reader.read_exact(&mut chunk).ok()?;
                chunk.truncate(size);
                pending.extend_from_slice(&chunk);
            },
        }
    }

    /// The next JSON-RPC message of the body: the next event's data when it is a stream of
    /// events, else the body itself; `None` at the end.
    pub fn next_message(&mut self) -> Option<Value> {
        if self.is_sse() {
            let mut data = String::new();
            loop {
                let line = self.line()?;
                if line.is_empty() {
                    if !data.is_empty() {
                        return serde_json::from_str(&data).ok();
                    }
                    continue;
                }
                if let Some(d) = line.strip_prefix("data:") {
                    data.push_str(d.trim_start());
                }
            }
        }
        let mut text = String::new();
        while let Some(line) = self.line() {
            text.push_str(&line);
        }
        if text.is_empty() {
            return None;
        }
        serde_json::from_str(&text)
            .ok()
            .or(Some(Value::String(text)))
    }

    /// The body's first JSON-RPC response: the message with an `id` and a `result` or an
    /// `error` (notifications before it are passed over).
    pub fn answer(&mut self) -> Value {
        while let Some(message) = self.next_message() {
            if message.get("result").is_some() || message.get("error").is_some() {
                return message;
            }
            if message.is_string() {
                return message;
            }
        }
        Value::Null
    }
}

/// Posts `body` to `/mcp` at `addr` with `headers`, and reads the status and headers (status 0
/// when the server closed the connection without answering).
pub fn post(addr: SocketAddr, headers: &[(&str, String)], body: &Value) -> Response {
    post_text(
        addr,
        &format!("127.0.0.1:{}", addr.port()),
        headers,
        &body.to_string(),
    )
}

/// [`post`] with the `Host` header `host` and the body `body` as it is.
pub fn post_text(addr: SocketAddr, host: &str, headers: &[(&str, String)], body: &str) -> Response {
    let stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).expect("connects");
    stream
        .set_read_timeout(Some(READ_TIMEOUT))
        .expect("a read timeout");
    let mut request = format!(
        "POST /mcp HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(body);
    // A server that refuses a large body may close before reading it all.
    let _ = (&stream).write_all(request.as_bytes());
    let mut reader = BufReader::new(stream);
    let mut status_line = String::new();
    // A server that closes the connection before it answers: status 0, no body.
    if reader.read_line(&mut status_line).unwrap_or(0) == 0 {
        return Response {
            status: 0,
            headers: Vec::new(),
            body: Body::Fixed(reader, 0),
        };
    }
    let status = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {status_line:?}"));
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).expect("a header line");
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
        }
    }
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.eq_ignore_ascii_case("chunked"));
    let length = headers
        .iter()
        .find(|(n, _)| n == "content-length")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let body = if chunked {
        Body::Chunked(reader, Vec::new())
    } else {
        Body::Fixed(reader, length)
    };
    Response {
        status,
        headers,
        body,
    }
}

/// The per-request `_meta` of MCP 2026-07-28: the version, the client's capabilities (form and
/// URL mode) and its info.
pub fn meta_2026() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}, "url": {}}},
        "io.modelcontextprotocol/clientInfo": {"name": "replicas-test", "version": "1"}
    })
}

/// A 2026-07-28 request: `method` with `params` (their `_meta` added), and the headers the
/// transport wants (`Mcp-Method`, `Mcp-Name` for the primitive it names).
pub fn request_2026(
    id: u64,
    method: &str,
    mut params: Value,
) -> (Vec<(&'static str, String)>, Value) {
    let name = params
        .get("name")
        .or_else(|| params.get("uri"))
        .and_then(Value::as_str)
        .map(str::to_owned);
    params["_meta"] = meta_2026();
    let mut headers = vec![
        ("MCP-Protocol-Version", "2026-07-28".to_owned()),
        ("Mcp-Method", method.to_owned()),
    ];
    if let Some(name) = name {
        headers.push(("Mcp-Name", name));
    }
    let body = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
    (headers, body)
}
