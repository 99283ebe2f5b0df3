//! Serving the tracker over Streamable HTTP (`serve --http ADDR`), with rmcp's
//! `StreamableHttpService` mounted on axum.
//!
//! In front of rmcp, two layers: the caller's bearer token is checked against the tokens the
//! server was given, and the caller's name becomes the request's `Principal`, which every sealed
//! `requestState` is bound to; and every response names the replica that served it
//! (`Mcp-Replica`), so that a test behind a load balancer can tell which one did.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use mcpdesc_runtime::session::{AskingServer, Policy, Principal};
use rmcp::transport::streamable_http_server::StreamableHttpServerConfig;

use super::IssueTracker;

/// How the HTTP server is set up: from flags or environment variables (see `main`).
#[derive(Debug)]
pub struct HttpConfig {
    /// The address to listen on.
    pub addr: SocketAddr,
    /// The name of this replica, sent back in `Mcp-Replica`.
    pub replica: String,
    /// The `Host` values accepted (DNS rebinding protection); loopback names by default.
    pub allowed_hosts: Vec<String>,
    /// The `Origin` values accepted; a request with another `Origin` is refused.
    pub allowed_origins: Vec<String>,
    /// The bearer tokens accepted, each with the caller it names; `None` accepts every caller
    /// (allowed on a loopback address only).
    pub tokens: Option<Tokens>,
}

/// Bearer tokens and the callers they name.
#[derive(Debug)]
pub struct Tokens(Vec<(String, String)>);

impl Tokens {
    /// Reads `caller:token` entries, separated by commas or lines. A token is at least 16
    /// characters; a caller's name and a token appear once each.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut tokens: Vec<(String, String)> = Vec::new();
        let mut problems = Vec::new();
        let entries = text
            .split([',', '\n'])
            .map(str::trim)
            .filter(|e| !e.is_empty() && !e.starts_with('#'));
        for (index, entry) in entries.enumerate() {
            let n = index + 1;
            match entry.split_once(':') {
                Some((caller, token)) if !caller.trim().is_empty() => {
                    let (caller, token) = (caller.trim(), token.trim());
                    if token.len() < 16 {
                        problems.push(format!(
                            "entry {n}: the token of {caller:?} is shorter than 16 characters"
                        ));
                    } else if tokens.iter().any(|(c, t)| c == caller || t == token) {
                        problems.push(format!(
                            "entry {n}: {caller:?} or its token is listed twice"
                        ));
                    } else {
                        tokens.push((caller.to_owned(), token.to_owned()));
                    }
                }
                _ => problems.push(format!("entry {n} is not `caller:token`")),
            }
        }
        if !problems.is_empty() {
            return Err(problems.join("; "));
        }
        if tokens.is_empty() {
            return Err("no `caller:token` entry is given".to_owned());
        }
        Ok(Tokens(tokens))
    }

    /// The caller `token` names. Every token is compared whole, so how long the comparison
    /// takes does not tell how much of a token was right.
    fn caller(&self, token: &str) -> Option<&str> {
        let mut found = None;
        for (caller, known) in &self.0 {
            let same = known.len() == token.len()
                && known
                    .bytes()
                    .zip(token.bytes())
                    .fold(0u8, |diff, (a, b)| diff | (a ^ b))
                    == 0;
            if same {
                found = Some(caller.as_str());
            }
        }
        found
    }
}

/// Checks the request's bearer token and names its caller, or answers 401.
async fn authenticate(
    State(tokens): State<Arc<Tokens>>,
    mut request: Request,
    next: Next,
) -> Response {
    let token = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    match token.and_then(|t| tokens.caller(t)) {
        Some(caller) => {
            let principal = Principal::new(caller);
            request.extensions_mut().insert(principal);
            next.run(request).await
        }
        None => (
            StatusCode::UNAUTHORIZED,
            [(header::WWW_AUTHENTICATE, "Bearer")],
            "a valid bearer token is required",
        )
            .into_response(),
    }
}

/// Names the replica in every response.
async fn name_replica(
    State(replica): State<HeaderValue>,
    request: Request,
    next: Next,
) -> Response {
    let mut response = next.run(request).await;
    response.headers_mut().insert("mcp-replica", replica);
    response
}

/// Serves `tracker` at `http://ADDR/mcp` until the process is stopped.
pub async fn serve(config: HttpConfig, tracker: IssueTracker, policy: Policy) -> ExitCode {
    if config.tokens.is_none() && !config.addr.ip().is_loopback() {
        eprintln!(
            "refusing to serve {} without authentication: give the callers' bearer tokens \
             (--tokens or ISSUE_TRACKER_TOKENS, `caller:token`), or listen on a loopback address",
            config.addr
        );
        return ExitCode::FAILURE;
    }
    let replica = match HeaderValue::from_str(&config.replica) {
        Ok(v) => v,
        Err(_) => {
            eprintln!(
                "the replica's name {:?} is not a header value",
                config.replica
            );
            return ExitCode::FAILURE;
        }
    };
    let http_config = StreamableHttpServerConfig::default()
        .with_allowed_hosts(config.allowed_hosts)
        .with_allowed_origins(config.allowed_origins)
        .enforce_origin_validation();
    // rmcp's service in `HttpService`: every body the tracker cannot read is answered, or fails the
    // question it answers.
    let service = AskingServer::new(tracker, policy).streamable_http(http_config);
    let mut router = axum::Router::new().nest_service("/mcp", service);
    if let Some(tokens) = config.tokens {
        router = router.layer(middleware::from_fn_with_state(
            Arc::new(tokens),
            authenticate,
        ));
    }
    let router = router.layer(middleware::from_fn_with_state(replica, name_replica));
    let listener = match tokio::net::TcpListener::bind(config.addr).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("cannot listen on {}: {e}", config.addr);
            return ExitCode::FAILURE;
        }
    };
    let addr = listener.local_addr().unwrap_or(config.addr);
    eprintln!(
        "issue_tracker ({}) serves MCP at http://{addr}/mcp",
        config.replica
    );
    match axum::serve(listener, router).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("the HTTP server stopped: {e}");
            ExitCode::FAILURE
        }
    }
}
