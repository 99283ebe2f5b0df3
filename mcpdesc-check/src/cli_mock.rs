//! `mcpdesc mock DESCRIPTION`: serves a description as a working MCP server.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use mcpdesc_check::mock::Mock;

/// Serves a description as a working MCP server, before the real one exists.
///
/// Serves over standard input and output, or Streamable HTTP at /mcp with --http, on every
/// protocol version the description lists. Lists the tools, prompts, resources and resource
/// templates as described; checks each call's arguments against the tool's inputSchema; answers
/// from the examples whose input matches, else with structuredContent generated from the
/// outputSchema (the same for the same arguments unless --seed changes it); asks every declared
/// question before it answers, in the order of the interaction examples.
///
/// A request's _meta can pick an example by name ("org.mcpdesc/example": NAME) or a tool's error
/// result ("org.mcpdesc/error": true).
#[derive(clap::Args)]
#[command(after_help = "Exit status:
  0  the client closed the session (stdio)
  1  serving failed
  2  the description is invalid or unreadable, or the command line is wrong")]
pub(crate) struct MockArgs {
    /// The description to serve (.json, .yaml, .yml).
    #[arg(value_name = "DESCRIPTION")]
    description: PathBuf,
    /// Serves Streamable HTTP at this address's /mcp instead of stdio: a loopback address such
    /// as 127.0.0.1:8080 (the mock has no authentication).
    #[arg(long, value_name = "ADDR")]
    http: Option<SocketAddr>,
    /// A host name the Host header may give over HTTP, besides the loopback ones (repeatable).
    #[arg(long = "allow-host", value_name = "HOST", requires = "http")]
    allowed_hosts: Vec<String>,
    /// An origin a browser may send over HTTP, besides the loopback ones (repeatable; `*` for
    /// any port).
    #[arg(long = "allow-origin", value_name = "ORIGIN", requires = "http")]
    allowed_origins: Vec<String>,
    /// Varies what is generated; the same seed and arguments give the same bytes.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

pub(crate) fn run(args: MockArgs) -> ExitCode {
    let side = match super::cli_diff::read(&args.description) {
        Ok(side) => side,
        Err(message) => return super::refuse(format_args!("{message}")),
    };
    if let Some(refused) = super::cli_diff::refuse_invalid(&side, "mock") {
        return refused;
    }
    let mock = match Mock::new(side.document.value()) {
        Ok(mock) => mock.seed(args.seed),
        Err(e) => return super::refuse(format_args!("mcpdesc mock: {}: {e}", side.name)),
    };
    for notice in mock.notices() {
        eprintln!("mcpdesc mock: note: {notice}");
    }
    if let Some(addr) = args.http
        && !addr.ip().is_loopback()
    {
        return super::refuse(format_args!(
            "mcpdesc mock: --http {addr} is not a loopback address; the mock has no authentication, so it listens on loopback only (127.0.0.1, [::1])"
        ));
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build();
    let runtime = match runtime {
        Ok(r) => r,
        Err(e) => {
            eprintln!("mcpdesc mock: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let served = runtime.block_on(async {
        match args.http {
            Some(addr) => {
                let listener = tokio::net::TcpListener::bind(addr)
                    .await
                    .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
                let bound = listener.local_addr().map_or(addr, |a| a);
                eprintln!("mcpdesc mock: serving {} at http://{bound}/mcp", side.name);
                mock.serve_http(listener, args.allowed_hosts, args.allowed_origins)
                    .await
                    .map_err(|e| e.to_string())
            }
            None => mock.serve_stdio().await.map_err(|e| e.to_string()),
        }
    });
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mcpdesc mock: {e}");
            ExitCode::FAILURE
        }
    }
}
