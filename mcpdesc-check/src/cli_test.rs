//! `mcpdesc test DESCRIPTION -- COMMAND [ARGS...]`: holds a running server to its description.

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use mcpdesc_check::tester::{Call, Check, Known, Level, Report, Server, Status, Test};
use serde_json::Value;

/// Runs a server and holds it to its description.
///
/// Starts COMMAND (or opens a session with the server at --url) once per protocol version the
/// description lists, and checks there: the version
/// is negotiated; the listing is what the description documents; each tool is called with the
/// description's examples, boundary cases of its inputSchema and generated inputs (valid and
/// invalid, failures shrunk); each resource is read and each prompt got; every elicitation the
/// server asks is checked against its declarations and answered accept, decline and cancel.
///
/// The tester calls every tool it finds, with many inputs: run it against a test instance, never
/// against a server whose tools change data you keep. --skip and --skip-destructive leave tools
/// out.
#[derive(clap::Args)]
#[command(
    after_help = "Checks (their codes, for --warn, --error, --ignore and the known-failures file):
  version-refused, listing-differs, server-error, valid-input-refused, invalid-input-accepted,
  invalid-input-coerced (a warning unless --error makes it a failure), output-schema,
  no-answer, resource-unreadable, resource-mime-type, elicitation-drift, never-asked,
  answer-refused, invalid-message

Exit status:
  0  something was called and no check failed
  1  a check failed, or a known failure no longer happens
  2  the description is invalid or unreadable, the server could not be run, nothing was
     called, or the command line is wrong"
)]
pub(crate) struct TestArgs {
    /// The server's description (.json, .yaml, .yml).
    description: PathBuf,
    /// The server: a program and its arguments, after `--`. It speaks MCP over its standard
    /// input and output.
    #[arg(
        last = true,
        required_unless_present = "url",
        conflicts_with = "url",
        value_name = "COMMAND"
    )]
    command: Vec<OsString>,
    /// The server at this URL, over Streamable HTTP (http:// only), instead of a COMMAND.
    #[arg(long, value_name = "URL")]
    url: Option<String>,
    /// An HTTP header sent with every request to --url, as `Name: value`. Repeatable.
    #[arg(long, value_name = "NAME: VALUE", requires = "url")]
    header: Vec<String>,
    /// The environment variable that holds the bearer token sent to --url (a token is never
    /// given on the command line, where other users and logs can read it).
    #[arg(long, value_name = "VAR", requires = "url")]
    bearer_token_env: Option<String>,
    /// How many generated valid inputs, and as many invalid ones, each tool gets per version.
    #[arg(long, default_value_t = 20, value_name = "N")]
    cases: u32,
    /// The seed of the generated inputs (random when not given; the report says which).
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// How long one call may take, in seconds.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    timeout: f64,
    /// Does not call this tool (its listing is still compared). Repeatable.
    #[arg(long, value_name = "TOOL")]
    skip: Vec<String>,
    /// Does not call a tool that may be destructive: `destructiveHint: true`, or not said and
    /// not `readOnlyHint: true`.
    #[arg(long)]
    skip_destructive: bool,
    /// Reports this check's findings without failing the run. Repeatable.
    #[arg(long, value_name = "CHECK")]
    warn: Vec<String>,
    /// Makes this check's findings fail the run (every check's do but
    /// invalid-input-coerced's). Repeatable.
    #[arg(long, value_name = "CHECK")]
    error: Vec<String>,
    /// Does not make this check. Repeatable.
    #[arg(long, value_name = "CHECK")]
    ignore: Vec<String>,
    /// Calls this tool or prompt with these arguments first, as `NAME=JSON`: arguments the
    /// server must recognize, such as `close_issue={"issue": 1}` for an issue that exists.
    /// Repeatable.
    #[arg(long, value_name = "NAME=JSON")]
    arguments: Vec<String>,
    /// Accepts this question with this answer, as `PRIMITIVE:DECLARATION=JSON`, where the tester
    /// would make one from the form: for a branch the server takes on one answer only.
    /// Repeatable.
    #[arg(long, value_name = "PRIMITIVE:DECLARATION=JSON")]
    answer: Vec<String>,
    /// Reads this resource template at this URI first, as `TEMPLATE=URI`. Repeatable.
    #[arg(long, value_name = "TEMPLATE=URI")]
    uri: Vec<String>,
    /// Lets this question be asked in other words than declared (§12.2 allows representative
    /// wording). Repeatable.
    #[arg(long, value_name = "PRIMITIVE:DECLARATION")]
    allow_reworded: Vec<String>,
    /// A question asked only in circumstances the tester does not make: not asked, it is not a
    /// never-asked finding. PRIMITIVE is a tool's or prompt's name or a resource's URI (template).
    /// Repeatable.
    #[arg(long, value_name = "PRIMITIVE:DECLARATION")]
    conditional: Vec<String>,
    /// A YAML or JSON list of findings that do not fail the run (`check`, `primitive`, and
    /// `version` when only one). An entry that matches nothing fails the run: remove it.
    #[arg(long, value_name = "FILE")]
    known_failures: Option<PathBuf>,
    /// Sends the calls of a `--format json` report's findings (or of one finding) again, three
    /// times each: fixed when none fails, flaky when the runs differ.
    #[arg(long, value_name = "REPORT.json")]
    replay: Option<PathBuf>,
    /// How the report is written.
    #[arg(long, value_enum, default_value_t = Output::Human)]
    format: Output,
    /// Discards the server's standard error.
    #[arg(long)]
    quiet_server: bool,
}

/// How `test` writes its report.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Output {
    /// Each finding with its call, seed and exchange, then a summary.
    Human,
    /// One JSON document; its findings' `call`s are what --replay reads.
    Json,
    /// JUnit XML, one test case per check and version.
    Junit,
    /// GitHub Actions workflow commands.
    Github,
}

pub(crate) fn run(args: TestArgs) -> ExitCode {
    let side = match super::cli_diff::read(&args.description) {
        Ok(side) => side,
        Err(message) => return super::refuse(format_args!("{message}")),
    };
    if let Some(refused) = super::cli_diff::refuse_invalid(&side, "test") {
        return refused;
    }
    let mut test = Test::new(side.document.value()).cases(args.cases);
    if let Some(seed) = args.seed {
        test = test.seed(seed);
    }
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        return super::refuse(format_args!(
            "mcpdesc test: --timeout must be a number of seconds above 0"
        ));
    }
    test = test.timeout(Duration::from_secs_f64(args.timeout));
    for tool in &args.skip {
        test = test.skip(tool.clone());
    }
    if args.skip_destructive {
        test = test.skip_destructive();
    }
    for (codes, level, flag) in [
        (&args.warn, Level::Warning, "--warn"),
        (&args.error, Level::Failure, "--error"),
        (&args.ignore, Level::Ignored, "--ignore"),
    ] {
        for code in codes {
            let Some(check) = Check::from_code(code) else {
                return super::refuse(format_args!(
                    "mcpdesc test: {flag} {code}: no check has that code (`mcpdesc test --help` lists them)"
                ));
            };
            test = test.level(check, level);
        }
    }
    for (flag, given, conditional) in args
        .conditional
        .iter()
        .map(|g| ("--conditional", g, true))
        .chain(
            args.allow_reworded
                .iter()
                .map(|g| ("--allow-reworded", g, false)),
        )
    {
        let Some((primitive, declaration)) = given.rsplit_once(':') else {
            return super::refuse(format_args!(
                "mcpdesc test: {flag} {given}: write PRIMITIVE:DECLARATION"
            ));
        };
        test = if conditional {
            test.conditional(primitive, declaration)
        } else {
            test.allow_reworded(primitive, declaration)
        };
    }
    for given in &args.arguments {
        let parsed = given
            .split_once('=')
            .map(|(name, json)| (name, serde_json::from_str::<Value>(json)));
        match parsed {
            Some((name, Ok(arguments @ Value::Object(_)))) => {
                test = test.arguments(name, arguments);
            }
            _ => {
                return super::refuse(format_args!(
                    "mcpdesc test: --arguments {given}: write NAME={{...}}, the arguments a JSON object"
                ));
            }
        }
    }
    for given in &args.answer {
        let parsed = given.split_once('=').and_then(|(which, json)| {
            let (primitive, declaration) = which.rsplit_once(':')?;
            Some((primitive, declaration, serde_json::from_str::<Value>(json)))
        });
        match parsed {
            Some((primitive, declaration, Ok(content @ Value::Object(_)))) => {
                test = test.answer(primitive, declaration, content);
            }
            _ => {
                return super::refuse(format_args!(
                    "mcpdesc test: --answer {given}: write PRIMITIVE:DECLARATION={{...}}, the answer a JSON object"
                ));
            }
        }
    }
    for given in &args.uri {
        let Some((template, uri)) = given.split_once('=') else {
            return super::refuse(format_args!(
                "mcpdesc test: --uri {given}: write TEMPLATE=URI"
            ));
        };
        test = test.uri(template, uri);
    }
    let known = match &args.known_failures {
        None => Vec::new(),
        Some(path) => {
            let read = std::fs::read_to_string(path)
                .map_err(|e| e.to_string())
                .and_then(|text| Known::read_all(&text));
            match read {
                Ok(known) => known,
                Err(e) => {
                    return super::refuse(format_args!(
                        "mcpdesc test: --known-failures {}: {e}",
                        path.display()
                    ));
                }
            }
        }
    };
    let mut server = match &args.url {
        Some(url) => {
            let mut server = Server::http(url.clone());
            for header in &args.header {
                let Some((name, value)) = header.split_once(':') else {
                    return super::refuse(format_args!(
                        "mcpdesc test: --header {header:?}: write `Name: value`"
                    ));
                };
                server = server.header(name.trim(), value.trim());
            }
            if let Some(var) = &args.bearer_token_env {
                match std::env::var(var) {
                    Ok(token) if !token.is_empty() => server = server.bearer_token(token),
                    _ => {
                        return super::refuse(format_args!(
                            "mcpdesc test: --bearer-token-env {var}: the variable is not set, or empty"
                        ));
                    }
                }
            }
            server
        }
        None => {
            let mut command = args.command.iter();
            let Some(program) = command.next() else {
                return super::refuse(format_args!(
                    "mcpdesc test: give the server's command after `--`, or its --url"
                ));
            };
            Server::command(program).args(command)
        }
    };
    if args.quiet_server {
        server = server.quiet();
    }
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => return super::refuse(format_args!("mcpdesc test: cannot start: {e}")),
    };
    if let Some(path) = &args.replay {
        let calls = match read_calls(path) {
            Ok(calls) => calls,
            Err(e) => {
                return super::refuse(format_args!(
                    "mcpdesc test: --replay {}: {e}",
                    path.display()
                ));
            }
        };
        return runtime.block_on(replay(&test, &server, &calls, args.format));
    }
    let mut report = runtime.block_on(test.run(&server));
    report.apply_known(&known);
    write(&report, args.format, &side.name);
    ExitCode::from(report.status().exit_code())
}

fn write(report: &Report, format: Output, file: &str) {
    let mut out = std::io::stdout().lock();
    let _ = match format {
        Output::Human => writeln!(out, "{report}"),
        Output::Json => writeln!(out, "{:#}", report.to_json()),
        Output::Junit => write!(out, "{}", report.to_junit()),
        Output::Github => write!(out, "{}", report.to_github(file)),
    };
}

/// The calls of a report's findings, or of one finding, or one call.
fn read_calls(path: &std::path::Path) -> Result<Vec<Call>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let value: Value = serde_json::from_str(&text).map_err(|e| format!("not JSON: {e}"))?;
    let findings: Vec<&Value> = match value.get("findings").and_then(Value::as_array) {
        Some(findings) => findings.iter().collect(),
        None => vec![&value],
    };
    let calls: Vec<Call> = findings
        .into_iter()
        .filter_map(|f| f.get("call").or(Some(f)))
        .filter_map(|c| serde_json::from_value(c.clone()).ok())
        .collect();
    if calls.is_empty() {
        return Err("no finding with a call to send again".to_owned());
    }
    Ok(calls)
}

/// How many times a replayed call is sent.
const REPLAYS: usize = 3;

/// Each call sent [`REPLAYS`] times: fixed when no run finds anything, failing when every run
/// does, flaky when they differ.
async fn replay(test: &Test, server: &Server, calls: &[Call], format: Output) -> ExitCode {
    let mut status = Status::Passed;
    let mut results = Vec::new();
    for call in calls {
        let mut runs = Vec::new();
        let mut problem = None;
        for _ in 0..REPLAYS {
            let report = test.replay(server, call).await;
            if let Some(p) = report.problems.first() {
                problem = Some(p.clone());
                break;
            }
            runs.push(report);
        }
        let failing = runs.iter().filter(|r| !r.passed()).count();
        let verdict = match (problem, failing) {
            (Some(p), _) => {
                status = Status::NotRun;
                format!("not run: {p}")
            }
            (None, 0) => "fixed: three runs passed".to_owned(),
            (None, n) if n == REPLAYS => {
                if status != Status::NotRun {
                    status = Status::Failed;
                }
                "still failing in every run".to_owned()
            }
            (None, n) => {
                if status != Status::NotRun {
                    status = Status::Failed;
                }
                format!("flaky: failed in {n} of {REPLAYS} runs")
            }
        };
        results.push((call, verdict, runs.into_iter().find(|r| !r.passed())));
    }
    let mut out = std::io::stdout().lock();
    match format {
        Output::Json => {
            let list: Vec<Value> = results
                .iter()
                .map(|(call, verdict, failed)| {
                    serde_json::json!({
                        "call": call,
                        "verdict": verdict,
                        "report": failed.as_ref().map(Report::to_json),
                    })
                })
                .collect();
            let _ = writeln!(out, "{:#}", Value::Array(list));
        }
        _ => {
            for (call, verdict, failed) in &results {
                let _ = writeln!(
                    out,
                    "{} `{}` on {} with {}: {verdict}",
                    match call.kind {
                        mcpdesc_check::tester::Kind::Tool => "tool",
                        mcpdesc_check::tester::Kind::Prompt => "prompt",
                        mcpdesc_check::tester::Kind::Resource => "resource",
                        mcpdesc_check::tester::Kind::ResourceTemplate => "resource template",
                    },
                    call.name,
                    call.version,
                    call.input
                );
                if let Some(report) = failed {
                    let _ = writeln!(out, "{report}\n");
                }
            }
        }
    }
    ExitCode::from(status.exit_code())
}
