//! How fast `mcpdesc test` calls a server, beside an existing MCP fuzzer, and how a run's time
//! grows with the number of tools.
//!
//! 1. **Calls per second against the example over stdio**: the engine (`tester::Test`) against
//!    the optimized `issue_tracker serve`, every version, a fixed seed; and the PyPI package
//!    `mcp-fuzzer` (installed here, pinned, in a virtual environment under `target/`) against
//!    the same binary, its tools mode, the same number of calls per tool. Each reports how many
//!    calls it made; the table gives calls per second, and what each reported. The engine's run
//!    is made again against `mcpdesc mock` of the example's description.
//! 2. **Growth with the number of tools**: a server of `n` tools, each `{"n": integer 0..100}`
//!    and checking it, served in process; the same cases per tool; the time of one run for each
//!    `n`.
//!
//! Run with `cargo bench --bench tester`; it prints Markdown tables (BENCHMARKS.md §11 keeps
//! them). divan is not used: one run is seconds long and makes hundreds of calls, and the
//! fuzzer beside it is another program.

#[path = "../tests/support/example.rs"]
#[allow(dead_code)]
mod example;
#[path = "../tests/support/mcpdesc_command.rs"]
mod mcpdesc_command;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use mcpdesc_check::tester::{Server, Test};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData, ServerHandler};
use serde_json::{Value, json};

const SEED: u64 = 7;
/// The generated valid and invalid inputs per tool and version of the engine's runs.
const CASES: u32 = 20;
/// The pinned fuzzer.
const FUZZER: &str = "mcp-fuzzer==0.7.0";

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// The fuzzer's command, installed once into `target/mcp-fuzzer-venv`.
fn fuzzer() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let venv = root.join("target/mcp-fuzzer-venv");
    let bin = venv.join("bin/mcp-fuzzer");
    if !bin.exists() {
        let made = Command::new("python3")
            .args(["-m", "venv"])
            .arg(&venv)
            .status()
            .is_ok_and(|s| s.success());
        let installed = made
            && Command::new(venv.join("bin/pip"))
                .args(["install", "-q", FUZZER])
                .status()
                .is_ok_and(|s| s.success());
        if !installed {
            eprintln!("{FUZZER} could not be installed: its row is left out");
            return None;
        }
    }
    Some(bin)
}

/// The number after `label` in the fuzzer's summary.
fn figure(text: &str, label: &str) -> Option<u64> {
    text.lines()
        .find_map(|l| l.trim().strip_prefix(label))
        .and_then(|rest| rest.trim().parse().ok())
}

fn against_the_example() {
    let binary = example::server_binary();
    let server = Server::command(binary).arg("serve").quiet();
    let test = Test::new(example::description())
        .seed(SEED)
        .cases(CASES)
        .arguments("assign_issue", json!({"issue": 1}))
        .arguments("edit_issue", json!({"issue": 1}))
        .arguments("close_issue", json!({"issue": 1}))
        .arguments("delete_issue", json!({"issue": 1}));
    let runtime = runtime();
    // One run to warm the page cache and the binary, not counted.
    runtime.block_on(test.clone().cases(1).run(&server));
    let started = Instant::now();
    let report = runtime.block_on(test.run(&server));
    let ours = started.elapsed();
    let tools = report.versions.first().map_or(0, |v| v.tools);
    let per_tool = report.calls / (tools * report.versions.len()).max(1);

    println!("| tool | server | calls | seconds | calls per second | what it reported |");
    println!("|---|---|---:|---:|---:|---|");
    println!(
        "| `mcpdesc test` ({} versions) | example, stdio | {} | {:.2} | {:.0} | {} failures, {} known or warnings |",
        report.versions.len(),
        report.calls,
        ours.as_secs_f64(),
        report.calls as f64 / ours.as_secs_f64(),
        report.failures().count(),
        report.findings.len() - report.failures().count(),
    );
    // The same run against `mcpdesc mock` of the example's description: what a client author
    // gets from the mock before the server exists.
    let mock = Server::command(mcpdesc_command::mcpdesc())
        .arg("mock")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/issue_tracker.mcpdesc.yaml"))
        .quiet();
    runtime.block_on(test.clone().cases(1).run(&mock));
    let started = Instant::now();
    let mocked = runtime.block_on(test.run(&mock));
    let elapsed = started.elapsed();
    println!(
        "| `mcpdesc test` ({} versions) | `mcpdesc mock` of the example's description, stdio | {} | {:.2} | {:.0} | {} failures, {} known or warnings |",
        mocked.versions.len(),
        mocked.calls,
        elapsed.as_secs_f64(),
        mocked.calls as f64 / elapsed.as_secs_f64(),
        mocked.failures().count(),
        mocked.findings.len() - mocked.failures().count(),
    );
    let Some(fuzzer) = fuzzer() else {
        return;
    };
    let out_dir = tempfile::tempdir().expect("a folder");
    let endpoint = format!("{} serve", binary.display());
    let started = Instant::now();
    let out = Command::new(&fuzzer)
        .args([
            "--mode",
            "tools",
            "--protocol",
            "stdio",
            "--endpoint",
            &endpoint,
        ])
        .args(["--runs", &per_tool.to_string(), "--phase", "both"])
        .args(["--seed", &SEED.to_string(), "--no-safety", "--output-dir"])
        .arg(out_dir.path())
        .output()
        .expect("the fuzzer runs");
    let theirs = started.elapsed();
    let text = String::from_utf8_lossy(&out.stdout);
    let calls = figure(&text, "Total Fuzzing Runs:").unwrap_or(0);
    let malformed = figure(&text, "Total Accepted-Malformed Findings:").unwrap_or(0);
    let crashes = figure(&text, "Total Crashes:").unwrap_or(0);
    println!(
        "| `{FUZZER}` (tools, both phases) | example, stdio | {calls} | {:.2} | {:.0} | {malformed} accepted-malformed, {crashes} crashes |",
        theirs.as_secs_f64(),
        calls as f64 / theirs.as_secs_f64(),
    );
}

/// A server of `n` tools, each taking `{"n": integer 0..100}` and checking it.
#[derive(Clone)]
struct Tools(usize);

fn schema() -> Value {
    json!({
        "type": "object",
        "properties": {"n": {"type": "integer", "minimum": 0, "maximum": 100}},
        "required": ["n"],
        "additionalProperties": false
    })
}

impl ServerHandler for Tools {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn list_tools(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let schema = std::sync::Arc::new(schema().as_object().cloned().unwrap_or_default());
        Ok(ListToolsResult::with_all_items(
            (0..self.0)
                .map(|i| Tool::new(format!("tool_{i}"), "A tool.", schema.clone()))
                .collect(),
        ))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let arguments = request.arguments.unwrap_or_default();
        let fits = arguments.len() == 1
            && arguments
                .get("n")
                .and_then(Value::as_i64)
                .is_some_and(|n| (0..=100).contains(&n))
            && !arguments.get("n").is_some_and(Value::is_f64);
        let text = ContentBlock::text(if fits { "ok" } else { "invalid arguments" });
        Ok(if fits {
            CallToolResult::success(vec![text])
        } else {
            CallToolResult::error(vec![text])
        }
        .into())
    }
}

fn description_of(n: usize) -> Value {
    json!({
        "mcpdesc": "0.9.0",
        "info": {"name": "tools", "version": "1.0.0"},
        "protocolVersions": ["2025-11-25"],
        "tools": (0..n).map(|i| json!({
            "name": format!("tool_{i}"),
            "description": "A tool.",
            "inputSchema": schema(),
        })).collect::<Vec<_>>(),
    })
}

fn growth() {
    println!();
    println!("| tools | calls | seconds | seconds per tool |");
    println!("|---:|---:|---:|---:|");
    let runtime = runtime();
    for n in [1, 4, 16, 64] {
        let server = Server::in_process(move || Tools(n));
        let test = Test::new(&description_of(n)).seed(SEED).cases(CASES);
        let mut best = Duration::MAX;
        let mut calls = 0;
        for _ in 0..3 {
            let started = Instant::now();
            let report = runtime.block_on(test.run(&server));
            best = best.min(started.elapsed());
            calls = report.calls;
            assert!(report.passed(), "{report}");
        }
        println!(
            "| {n} | {calls} | {:.3} | {:.4} |",
            best.as_secs_f64(),
            best.as_secs_f64() / n as f64
        );
    }
}

fn main() {
    against_the_example();
    growth();
}
