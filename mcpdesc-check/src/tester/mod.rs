//! Holding a running server to its description (feature `tester`): the first checks of
//! `mcpdesc test`, for a server run as a command that speaks MCP over stdio.
//!
//! [`hold_listing`] runs the server once for each protocol version its description lists, asks
//! for that version, and holds what the server lists to what the description documents there
//! ([`listing::compare`](crate::listing::compare)). A version the description lists and the
//! server does not take is a failure: it answered with another version, or it has no version in
//! common with the client.
//!
//! The server is a program it runs: meant for test instances, since later checks call what the
//! server offers. Every step has a time limit; a server that answers nothing within it is
//! reported, never waited on.
//!
//! ```no_run
//! # async fn run() {
//! use std::time::Duration;
//! use mcpdesc_check::tester::{Outcome, Server, hold_listing};
//!
//! let description = mcpdesc_check::yaml::from_str(
//!     &std::fs::read_to_string("notes.mcpdesc.yaml").unwrap(),
//! )
//! .unwrap();
//! let server = Server::command("python3").arg("notes.py");
//! for report in hold_listing(&description, &server, Duration::from_secs(10)).await {
//!     match report.outcome {
//!         Outcome::Listed(changes) if changes.is_empty() => {}
//!         outcome => println!("{}: {outcome}", report.version),
//!     }
//! }
//! # }
//! ```

use std::ffi::OsString;
use std::fmt;
use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

use mcpdesc_format::ProtocolVersion;
use mcpdesc_format::version::Fact;
use rmcp::model::{ClientCapabilities, ClientConfig, Implementation};
use rmcp::service::{
    ClientInitializeError, ClientLifecycleMode, ClientServiceExt, RoleClient, RunningService,
};
use rmcp::{ClientHandler, ServiceExt};
use serde_json::Value;

use crate::diff::Diff;
use crate::listing::{Listing, compare};

/// A server to test: a program that speaks MCP over its standard input and output.
#[derive(Clone, Debug)]
pub struct Server {
    program: OsString,
    args: Vec<OsString>,
    envs: Vec<(OsString, OsString)>,
    dir: Option<PathBuf>,
}

impl Server {
    /// The server `program`, run with no argument.
    pub fn command(program: impl Into<OsString>) -> Self {
        Server {
            program: program.into(),
            args: Vec::new(),
            envs: Vec::new(),
            dir: None,
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

/// The client the tester connects as, asking for one version.
#[derive(Clone)]
struct Client(rmcp::model::ProtocolVersion);

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            ClientCapabilities::default(),
            Implementation::new("mcpdesc-test", env!("CARGO_PKG_VERSION")),
        )
        .with_protocol_version(self.0.clone())
    }
}

/// What `server` lists on `version`; the outcome to report when it does not come to that.
async fn listing_on(
    server: &Server,
    version: ProtocolVersion,
    within: Duration,
) -> Result<Listing, Outcome> {
    let asked: rmcp::model::ProtocolVersion =
        serde_json::from_value(Value::String(version.as_str().to_owned()))
            .map_err(|e| Outcome::Failed(format!("rmcp does not know {version}: {e}")))?;
    let mut command = tokio::process::Command::new(&server.program);
    command
        .args(&server.args)
        .envs(server.envs.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true);
    if let Some(dir) = &server.dir {
        command.current_dir(dir);
    }
    let mut child = command
        .spawn()
        .map_err(|e| Outcome::Failed(format!("the server did not start: {e}")))?;
    let (Some(stdout), Some(stdin)) = (child.stdout.take(), child.stdin.take()) else {
        return Err(Outcome::Failed(
            "the server's standard streams were not given".into(),
        ));
    };
    let client = Client(asked.clone());
    let connecting = async {
        if Fact::Discovery.versions().contains(version) {
            client
                .serve_with_lifecycle(
                    (stdout, stdin),
                    ClientLifecycleMode::Discover {
                        preferred_versions: vec![asked.clone()],
                    },
                )
                .await
        } else {
            client.serve((stdout, stdin)).await
        }
    };
    let service: RunningService<RoleClient, Client> =
        match tokio::time::timeout(within, connecting).await {
            Err(_) => {
                return Err(Outcome::Failed(format!(
                    "the server did not answer the {} within {} s",
                    handshake(version),
                    within.as_secs_f64()
                )));
            }
            Ok(Err(error)) => return Err(refused_or_failed(version, &error)),
            Ok(Ok(service)) => service,
        };
    let answered = service
        .peer_info()
        .map(|info| info.protocol_version.to_string());
    if answered.as_deref() != Some(version.as_str()) {
        service.cancel().await.ok();
        return Err(Outcome::Refused { answered });
    }
    let listing = listing_of(&service, within).await;
    service.cancel().await.ok();
    drop(child);
    listing
}

/// How a client learns the server on `version`: `initialize`, or `server/discover`.
fn handshake(version: ProtocolVersion) -> &'static str {
    if Fact::Discovery.versions().contains(version) {
        "`server/discover` request"
    } else {
        "`initialize` request"
    }
}

/// A failed handshake as an outcome: no version in common, or a server without
/// `server/discover` on a version that has it, is a refusal; anything else a failure.
fn refused_or_failed(version: ProtocolVersion, error: &ClientInitializeError) -> Outcome {
    match error {
        ClientInitializeError::NoCompatibleProtocolVersion { .. } => {
            Outcome::Refused { answered: None }
        }
        ClientInitializeError::JsonRpcError(data)
            if data.code == rmcp::model::ErrorCode::METHOD_NOT_FOUND
                && Fact::Discovery.versions().contains(version) =>
        {
            Outcome::Refused { answered: None }
        }
        other => Outcome::Failed(format!("the {} failed: {other}", handshake(version))),
    }
}

/// Every page of the server's four lists, each list within `within`.
async fn listing_of(
    service: &RunningService<RoleClient, Client>,
    within: Duration,
) -> Result<Listing, Outcome> {
    Ok(Listing {
        tools: listed("tools", within, service.list_all_tools()).await?,
        prompts: listed("prompts", within, service.list_all_prompts()).await?,
        resources: listed("resources", within, service.list_all_resources()).await?,
        resource_templates: listed(
            "resource templates",
            within,
            service.list_all_resource_templates(),
        )
        .await?,
    })
}

/// One list (`what`), every page, within `within`, as JSON.
async fn listed<T: serde::Serialize>(
    what: &str,
    within: Duration,
    list: impl std::future::Future<Output = Result<Vec<T>, rmcp::ServiceError>>,
) -> Result<Vec<Value>, Outcome> {
    let items = match tokio::time::timeout(within, list).await {
        Err(_) => {
            return Err(Outcome::Failed(format!(
                "the server did not list its {what} within {} s",
                within.as_secs_f64()
            )));
        }
        Ok(Err(error)) => {
            return Err(Outcome::Failed(format!(
                "listing the {what} failed: {error}"
            )));
        }
        Ok(Ok(items)) => items,
    };
    match serde_json::to_value(items) {
        Ok(Value::Array(items)) => Ok(items),
        Ok(_) | Err(_) => Err(Outcome::Failed(format!("the {what} could not be read"))),
    }
}
