//! Holding a running server to its description (feature `tester`): the engine of
//! `mcpdesc test`, for a server run as a command that speaks MCP over stdio, one served over
//! Streamable HTTP at a URL, or a server's handler run in process by its own tests.
//!
//! [`Test`] runs the server once for each protocol version its description lists and holds it
//! to the description there, by the [`Check`]s, each with a stable code:
//!
//! 1. the version is negotiated, and what the server lists is what the description documents
//!    ([`listing::compare`](crate::listing::compare), `diff`'s rules);
//! 2. each tool is called with the description's examples, then the boundary cases of its
//!    `inputSchema`, then inputs generated from it with a seed, valid and invalid
//!    ([`inputs`](crate::inputs)); a generated input that fails is shrunk to the smallest that
//!    still fails the same check;
//! 3. each resource is read, each resource template at URIs it produces, each prompt got with
//!    its arguments;
//! 4. every question the server asks is checked against the declarations of its primitive on
//!    that version ([`contract::check_description`](mcpdesc_runtime::contract::check_description)),
//!    and answered: accept with answers made from its form, then decline, then cancel. On MCP
//!    2026-07-28 the answers complete the input-required round trip with the state the server
//!    sent.
//!
//! Each finding carries the call, the version, the seed and every message of the exchange;
//! [`Test::replay`] sends one call again. Over stdio and in process the exchange is kept as it
//! was on the wire; over HTTP, as rmcp's client read it (an empty `elicitationId`, which rmcp's
//! model writes where none was sent, is left out).
//!
//! **The tester calls what it finds.** Point it at a test instance, never at a server whose
//! tools change data you keep; [`Test::skip`] and [`Test::skip_destructive`] leave tools out.
//! Every step has a time limit: a server that answers nothing within it is reported, never
//! waited on.
//!
//! ```no_run
//! # async fn run() {
//! use mcpdesc_check::tester::{Server, Test};
//!
//! let description = mcpdesc_check::yaml::from_str(
//!     &std::fs::read_to_string("notes.mcpdesc.yaml").unwrap(),
//! )
//! .unwrap();
//! let report = Test::new(&description)
//!     .seed(7)
//!     .run(&Server::command("python3").arg("notes.py"))
//!     .await;
//! println!("{report}");
//! std::process::exit(report.status().exit_code().into());
//! # }
//! ```

mod check;
mod report;
mod run;
mod session;

pub use check::{Check, Level};
pub use report::{Call, Finding, Kind, Known, Phase, Report, Status, VersionSummary};
pub use run::Test;
pub use session::{Answer, Message};

use std::ffi::OsString;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use mcpdesc_format::ProtocolVersion;
use rmcp::service::{RoleClient, RunningService};
use serde_json::Value;

use crate::diff::Diff;
use crate::listing::{Listing, compare};
use session::{NotOpened, Session};

/// A server to test: a program that speaks MCP over its standard input and output
/// ([`command`](Server::command)), one that serves Streamable HTTP at a URL
/// ([`http`](Server::http)), or an rmcp server handler served in this process
/// ([`in_process`](Server::in_process)).
#[derive(Clone, Debug)]
pub struct Server {
    program: OsString,
    args: Vec<OsString>,
    envs: Vec<(OsString, OsString)>,
    dir: Option<PathBuf>,
    quiet: bool,
    in_process: Option<InProcess>,
    http: Option<Http>,
}

/// A server at a URL, over Streamable HTTP.
#[derive(Clone)]
pub(crate) struct Http {
    pub(crate) url: String,
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) bearer: Option<String>,
}

impl fmt::Debug for Http {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Neither the token nor a header's value is shown: either may be a credential.
        f.debug_struct("Http")
            .field("url", &self.url)
            .field(
                "headers",
                &self.headers.iter().map(|(n, _)| n).collect::<Vec<_>>(),
            )
            .field("bearer", &self.bearer.as_ref().map(|_| "(set)"))
            .finish()
    }
}

/// Starts a server in this process, serving on the end of a pipe it is given.
#[derive(Clone)]
struct InProcess(std::sync::Arc<dyn Fn(tokio::io::DuplexStream) + Send + Sync>);

impl fmt::Debug for InProcess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("InProcess")
    }
}

impl Server {
    /// The server `program`, run with no argument.
    pub fn command(program: impl Into<OsString>) -> Self {
        Server {
            program: program.into(),
            args: Vec::new(),
            envs: Vec::new(),
            dir: None,
            quiet: false,
            in_process: None,
            http: None,
        }
    }

    /// The server at `url`, over Streamable HTTP (`http://` only: the tester speaks no TLS; test
    /// an instance on loopback, or behind a proxy that ends TLS). Each session is a new MCP
    /// session; a server that stops is not started again.
    pub fn http(url: impl Into<String>) -> Self {
        let url = url.into();
        Server {
            http: Some(Http {
                url: url.clone(),
                headers: Vec::new(),
                bearer: None,
            }),
            ..Server::command(url)
        }
    }

    /// An HTTP header sent with every request (for [`http`](Server::http) servers).
    #[must_use]
    pub fn header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        if let Some(http) = &mut self.http {
            http.headers.push((name.into(), value.into()));
        }
        self
    }

    /// The bearer token sent as `Authorization: Bearer TOKEN` with every request (for
    /// [`http`](Server::http) servers). Read it from the environment or a secret store, never
    /// from a command line: `mcpdesc test --bearer-token-env VAR` reads the variable `VAR`.
    #[must_use]
    pub fn bearer_token(mut self, token: impl Into<String>) -> Self {
        if let Some(http) = &mut self.http {
            http.bearer = Some(token.into());
        }
        self
    }

    /// A server made by `factory` for each session, served in this process over the runtime's
    /// stdio transport, as a server's own tests run it: no process, no build of a binary. The
    /// handler is the server's whole `ServerHandler`, such as its `AskingServer`.
    ///
    /// ```no_run
    /// # async fn run(description: serde_json::Value) {
    /// # #[derive(Clone)] struct Tracker;
    /// # impl rmcp::ServerHandler for Tracker {}
    /// use mcpdesc_check::tester::{Server, Test};
    /// use mcpdesc_runtime::session::{AskingServer, Policy};
    ///
    /// let server = Server::in_process(|| AskingServer::new(Tracker, Policy::development()));
    /// let report = Test::new(&description).run(&server).await;
    /// assert!(report.passed(), "{report}");
    /// # }
    /// ```
    pub fn in_process<F, H>(factory: F) -> Self
    where
        F: Fn() -> H + Send + Sync + 'static,
        H: rmcp::ServerHandler + Send + 'static,
    {
        let serve = move |io: tokio::io::DuplexStream| {
            let handler = factory();
            tokio::spawn(async move {
                let (read, write) = tokio::io::split(io);
                let transport = mcpdesc_runtime::session::StdioTransport::new(read, write);
                if let Ok(running) = rmcp::ServiceExt::serve(handler, transport).await {
                    let _ = running.waiting().await;
                }
            });
        };
        Server {
            in_process: Some(InProcess(std::sync::Arc::new(serve))),
            ..Server::command("(in process)")
        }
    }

    /// One more argument.
    #[must_use]
    pub fn arg(mut self, arg: impl Into<OsString>) -> Self {
        self.args.push(arg.into());
        self
    }

    /// More arguments.
    #[must_use]
    pub fn args<I: IntoIterator<Item = A>, A: Into<OsString>>(mut self, args: I) -> Self {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// An environment variable for the server.
    #[must_use]
    pub fn env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> Self {
        self.envs.push((key.into(), value.into()));
        self
    }

    /// The folder the server runs in.
    #[must_use]
    pub fn current_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.dir = Some(dir.into());
        self
    }

    /// Discards what the server writes to its standard error (by default it is passed through).
    #[must_use]
    pub fn quiet(mut self) -> Self {
        self.quiet = true;
        self
    }
}

/// What a server did on one protocol version.
#[derive(Debug)]
pub struct VersionReport {
    /// The version asked for.
    pub version: ProtocolVersion,
    /// What came of it.
    pub outcome: Outcome,
}

/// What came of asking a server for one protocol version.
#[derive(Debug)]
#[non_exhaustive]
pub enum Outcome {
    /// The server took the version; what it lists, compared with the description: no change
    /// when it lists exactly what the description documents there.
    Listed(Diff),
    /// The server did not take the version: it answered with `answered` instead, or (`None`)
    /// it has no version in common with the client.
    Refused {
        /// The version the server answered with, if it answered with one.
        answered: Option<String>,
    },
    /// The server could not be run, answered nothing within the time limit, closed the
    /// connection, or answered what cannot be read; what happened.
    Failed(String),
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Listed(changes) if changes.is_empty() => {
                f.write_str("lists what its description documents")
            }
            Outcome::Listed(changes) => write!(f, "lists other than documented:\n{changes}"),
            Outcome::Refused {
                answered: Some(answered),
            } => write!(
                f,
                "the description lists this version, and the server answered with {answered} instead"
            ),
            Outcome::Refused { answered: None } => {
                f.write_str("the description lists this version, and the server does not serve it")
            }
            Outcome::Failed(why) => write!(f, "could not be tested: {why}"),
        }
    }
}

/// Runs `server` once for each protocol version `description` lists, and says what came of it
/// on each: the version refused, or what the server lists compared with the description. Each
/// step (starting, asking for the version, each list) waits at most `within`.
pub async fn hold_listing(
    description: &Value,
    server: &Server,
    within: Duration,
) -> Vec<VersionReport> {
    let (scope, _) = mcpdesc_format::diagnostics::toolbox::root_scope_of(description);
    let mut out = Vec::new();
    for version in scope.iter() {
        let outcome = match listing_on(server, version, within).await {
            Ok(listing) => Outcome::Listed(compare(description, version, &listing)),
            Err(outcome) => outcome,
        };
        out.push(VersionReport { version, outcome });
    }
    out
}

/// What `server` lists on `version`; the outcome to report when it does not come to that.
async fn listing_on(
    server: &Server,
    version: ProtocolVersion,
    within: Duration,
) -> Result<Listing, Outcome> {
    let session = match Session::open(server, version, within, None).await {
        Ok(session) => session,
        Err(NotOpened::Refused(answered)) => return Err(Outcome::Refused { answered }),
        Err(NotOpened::Failed(why)) => return Err(Outcome::Failed(why)),
    };
    let listing = listing_of(&session.service, within)
        .await
        .map(|listing| as_written(listing, &session.since(0)))
        .map_err(Outcome::Failed);
    session.close().await;
    listing
}

/// `listing` with each list the server's messages hold taken as the server wrote it. rmcp's
/// client reads every entry into its model, which has no member for some of what MCP defines (a
/// tool's `execution`) or may add (an annotation hint, an `x-` member of a prompt argument):
/// compared as read, a server that lists them would differ from a description that documents
/// them. Over stdio and in process the messages are the bytes the server wrote; over HTTP they
/// are rmcp's reading of them, the same as `listing`.
pub(crate) fn as_written(mut listing: Listing, messages: &[session::Message]) -> Listing {
    // The list requests the tester sent, by id, with the member their results list under.
    let asked: Vec<(&Value, &str)> = messages
        .iter()
        .filter(|m| m.sent)
        .filter_map(|m| {
            let member = match m.message.get("method")?.as_str()? {
                "tools/list" => "tools",
                "prompts/list" => "prompts",
                "resources/list" => "resources",
                "resources/templates/list" => "resourceTemplates",
                _ => return None,
            };
            Some((m.message.get("id")?, member))
        })
        .collect();
    let mut written: Vec<(&str, Vec<Value>)> = Vec::new();
    for message in messages.iter().filter(|m| !m.sent) {
        let Some(id) = message.message.get("id") else {
            continue;
        };
        let Some((_, member)) = asked.iter().find(|(asked, _)| *asked == id) else {
            continue;
        };
        let Some(items) = message
            .message
            .get("result")
            .and_then(|r| r.get(*member))
            .and_then(Value::as_array)
        else {
            continue;
        };
        match written.iter_mut().find(|(m, _)| m == member) {
            Some((_, all)) => all.extend(items.iter().cloned()),
            None => written.push((member, items.clone())),
        }
    }
    for (member, items) in written {
        match member {
            "tools" => listing.tools = items,
            "prompts" => listing.prompts = items,
            "resources" => listing.resources = items,
            _ => listing.resource_templates = items,
        }
    }
    listing
}

/// Every page of the server's four lists, each list within `within`.
async fn listing_of<C: rmcp::service::Service<RoleClient>>(
    service: &RunningService<RoleClient, C>,
    within: Duration,
) -> Result<Listing, String> {
    // A server lists only what its capabilities offer: a list it does not offer is empty.
    let capabilities = service.peer_info().map(|info| info.capabilities.clone());
    let offers = |capability: fn(&rmcp::model::ServerCapabilities) -> bool| {
        capabilities.as_ref().is_some_and(capability)
    };
    let mut listing = Listing::default();
    if offers(|c| c.tools.is_some()) {
        listing.tools = listed("tools", within, service.list_all_tools()).await?;
    }
    if offers(|c| c.prompts.is_some()) {
        listing.prompts = listed("prompts", within, service.list_all_prompts()).await?;
    }
    if offers(|c| c.resources.is_some()) {
        listing.resources = listed("resources", within, service.list_all_resources()).await?;
        listing.resource_templates = listed(
            "resource templates",
            within,
            service.list_all_resource_templates(),
        )
        .await?;
    }
    Ok(listing)
}

/// One list (`what`), every page, within `within`, as JSON.
async fn listed<T: serde::Serialize>(
    what: &str,
    within: Duration,
    list: impl std::future::Future<Output = Result<Vec<T>, rmcp::ServiceError>>,
) -> Result<Vec<Value>, String> {
    let items = match tokio::time::timeout(within, list).await {
        Err(_) => {
            return Err(format!(
                "the server did not list its {what} within {} s",
                within.as_secs_f64()
            ));
        }
        Ok(Err(error)) => return Err(format!("listing the {what} failed: {error}")),
        Ok(Ok(items)) => items,
    };
    match serde_json::to_value(items) {
        Ok(Value::Array(items)) => Ok(items),
        Ok(_) | Err(_) => Err(format!("the {what} could not be read")),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::as_written;
    use super::session::Message;
    use crate::listing::Listing;

    /// A member rmcp's model has no field for (a tool's `execution`, an `x-` member) is taken
    /// from the bytes the server wrote, every page joined; a list the messages do not hold keeps
    /// rmcp's reading.
    #[test]
    fn a_listing_is_taken_as_the_server_wrote_it() {
        let sent = |id: u64, method: &str| Message {
            sent: true,
            message: json!({"jsonrpc": "2.0", "id": id, "method": method}),
        };
        let wrote = |id: u64, result: serde_json::Value| Message {
            sent: false,
            message: json!({"jsonrpc": "2.0", "id": id, "result": result}),
        };
        let messages = [
            sent(2, "tools/list"),
            wrote(
                2,
                json!({"tools": [{"name": "a", "execution": {"taskSupport": "optional"}}], "nextCursor": "p2"}),
            ),
            sent(3, "tools/list"),
            wrote(3, json!({"tools": [{"name": "b", "x-kept": true}]})),
        ];
        let read = Listing {
            tools: vec![json!({"name": "a"}), json!({"name": "b"})],
            prompts: vec![json!({"name": "p"})],
            ..Listing::default()
        };
        let written = as_written(read, &messages);
        assert_eq!(
            written.tools,
            [
                json!({"name": "a", "execution": {"taskSupport": "optional"}}),
                json!({"name": "b", "x-kept": true})
            ]
        );
        assert_eq!(written.prompts, [json!({"name": "p"})]);
    }
}
