//! What the session says as `tracing` events (target `mcpdesc_runtime::session`): refused
//! states, answers that do not fit, timeouts, questions not asked, lines that cannot be read;
//! each with the primitive, the declaration, the version and the reason, and never an answer's
//! content or a state's bytes. Its own test binary: it installs the process's subscriber.

use std::sync::OnceLock;
use std::time::Duration;

use mcpdesc_runtime::session::{AskingServer, Policy, StateKeys, StdioTransport};
use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResponse, ProtocolVersion as RmcpVersion};
use rmcp::service::RoleClient;
use serde_json::{Value, json};
use tracing::Level;

#[path = "support/client.rs"]
mod client;
#[path = "support/gate.rs"]
mod gate;
#[path = "support/said.rs"]
mod said;
use gate::Gate;
use said::{Collected, Said};

/// What a secret in an answer looks like; no event may hold it.
const SECRET: &str = "s3cret-answer-value";

/// The events said so far, installing the collector on first use.
fn said() -> &'static Collected {
    static COLLECT: OnceLock<Collected> = OnceLock::new();
    COLLECT.get_or_init(|| {
        let collect = Collected::default();
        tracing::subscriber::set_global_default(collect.clone()).expect("the only subscriber");
        collect
    })
}

/// The events about `declaration`.
fn about(declaration: &str) -> Vec<Said> {
    said()
        .0
        .lock()
        .unwrap()
        .iter()
        .filter(|s| s.fields.get("declaration").map(String::as_str) == Some(declaration))
        .cloned()
        .collect()
}

/// The gate served over `StdioTransport` on an in-memory pipe, and `client` connected to it.
async fn connect(
    client: client::Answering,
    policy: Policy,
) -> rmcp::service::RunningService<RoleClient, client::Answering> {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let (read, write) = tokio::io::split(server_io);
    tokio::spawn(async move {
        let running = AskingServer::new(Gate, policy)
            .serve(StdioTransport::new(read, write))
            .await
            .expect("serves");
        running.waiting().await.ok();
    });
    client.connect(client_io).await
}

/// The warning events so far whose field `field` holds `text`.
fn warnings_where(field: &str, text: &str) -> Vec<Said> {
    said()
        .0
        .lock()
        .unwrap()
        .iter()
        .filter(|s| s.level == Level::WARN && s.fields.get(field).is_some_and(|v| v.contains(text)))
        .cloned()
        .collect()
}

fn assert_no_secret(events: &[Said]) {
    for event in events {
        for value in event.fields.values() {
            assert!(!value.contains(SECRET), "{event:?}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_session_says_what_it_refused_and_why() {
    said();
    // 2026-07-28: asked, then a tampered state, a replay, and an answer that does not fit.
    let client = connect(
        client::Answering::silent(RmcpVersion::V_2026_07_28),
        Policy::development(),
    )
    .await;
    let call = CallToolRequestParams::new("gate");
    let Ok(CallToolResponse::InputRequired(first)) = client.call_tool_once(call.clone()).await
    else {
        panic!("asked with an input-required result");
    };
    let state = first.request_state.clone().unwrap();
    let retry = |content: Value, state: &str| {
        let responses: rmcp::model::InputResponses = [(
            "go_ahead".to_owned(),
            json!({"action": "accept", "content": content}),
        )]
        .into();
        call.clone()
            .with_input_responses(responses)
            .with_request_state(state.to_owned())
    };
    let mut tampered = state.clone().into_bytes();
    let middle = tampered.len() / 2;
    tampered[middle] = if tampered[middle] == b'A' { b'B' } else { b'A' };
    let tampered = String::from_utf8(tampered).unwrap();
    assert!(
        client
            .call_tool_once(retry(json!({"go": true}), &tampered))
            .await
            .is_err()
    );
    // An answer that does not fit is asked again, in a new input-required result.
    let wrong = json!({"go": SECRET});
    let Ok(CallToolResponse::InputRequired(again)) =
        client.call_tool_once(retry(wrong, &state)).await
    else {
        panic!("an answer that does not fit is asked again");
    };
    assert!(
        client
            .call_tool_once(retry(json!({"go": true}), &state))
            .await
            .is_err()
    );
    let again = again.request_state.clone().unwrap();
    assert!(matches!(
        client
            .call_tool_once(retry(json!({"go": true}), &again))
            .await,
        Ok(CallToolResponse::Complete(_))
    ));
    client.cancel().await.ok();

    // 2025-11-25: a client that never answers (a short timeout), one that cannot be asked.
    let silent = connect(
        client::Answering::silent(RmcpVersion::V_2025_11_25),
        Policy::development().timeout(Duration::from_millis(200)),
    )
    .await;
    assert!(
        silent
            .call_tool(CallToolRequestParams::new("gate"))
            .await
            .is_err()
    );
    silent.cancel().await.ok();
    let unable = connect(
        client::Answering::silent(RmcpVersion::V_2025_11_25).without_form(),
        Policy::development(),
    )
    .await;
    // Not asked is an outcome the tool sees (`ask!(..)?` goes on), not an error.
    let went_on = unable
        .call_tool(CallToolRequestParams::new("gate"))
        .await
        .unwrap();
    assert_eq!(
        serde_json::to_value(&went_on.content).unwrap()[0]["text"],
        "stayed"
    );
    unable.cancel().await.ok();

    let events = about("go_ahead");
    let reasons: Vec<(Level, &str, Option<&str>)> = events
        .iter()
        .map(|e| {
            (
                e.level,
                e.fields
                    .get("reason")
                    .or(e.fields.get("outcome"))
                    .map_or("", String::as_str),
                e.fields.get("version").map(String::as_str),
            )
        })
        .collect();
    assert_eq!(
        reasons,
        [
            (Level::DEBUG, "input required", Some("2026-07-28")),
            (Level::WARN, "invalid-request-state", Some("2026-07-28")),
            (Level::INFO, "content", Some("2026-07-28")),
            (Level::DEBUG, "input required", Some("2026-07-28")),
            (Level::WARN, "replayed-state", Some("2026-07-28")),
            (Level::DEBUG, "accepted", Some("2026-07-28")),
            (Level::INFO, "timeout", Some("2025-11-25")),
            (Level::DEBUG, "client-cannot-elicit", Some("2025-11-25")),
        ]
    );
    for event in &events {
        assert_eq!(
            event.fields.get("primitive").map(String::as_str),
            Some("tool `gate`")
        );
    }
    // The answer that did not fit names its field, not what it held.
    assert_eq!(
        events[2].fields.get("fields").map(String::as_str),
        Some("go")
    );
    assert_no_secret(&events);
}

/// A line the transport cannot read is said, without the line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_line_that_cannot_be_read_is_said_without_the_line() {
    use tokio::io::{AsyncBufReadExt as _, AsyncWriteExt as _};
    said();
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let (read, write) = tokio::io::split(server_io);
    tokio::spawn(async move {
        if let Ok(running) = AskingServer::new(Gate, Policy::development())
            .serve(StdioTransport::new(read, write))
            .await
        {
            running.waiting().await.ok();
        }
    });
    let (client_read, mut client_write) = tokio::io::split(client_io);
    let line = format!(
        r#"{{"jsonrpc":"2.0","id":41,"method":"initialize","params":{{"x":"{SECRET}","n":NaN}}}}"#
    );
    client_write.write_all(line.as_bytes()).await.unwrap();
    client_write.write_all(b"\n").await.unwrap();
    let mut reply = String::new();
    tokio::io::BufReader::new(client_read)
        .read_line(&mut reply)
        .await
        .unwrap();
    let reply: Value = serde_json::from_str(&reply).unwrap();
    assert_eq!(
        (reply["id"].clone(), reply["error"]["code"].clone()),
        (json!(41), json!(-32700))
    );
    let events: Vec<Said> = said()
        .0
        .lock()
        .unwrap()
        .iter()
        .filter(|s| s.fields.get("id").map(String::as_str) == Some("41"))
        .cloned()
        .collect();
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].level, Level::WARN);
    assert!(
        events[0].fields["reason"].starts_with("expected value"),
        "{events:?}"
    );
    assert_no_secret(&events);
}

/// A configured key ring (shared by design with other processes and restarts) with spent states
/// in this process's memory is said at start-up as a warning, naming the fix; a development key,
/// or a shared store, is not.
#[test]
fn a_shared_key_ring_with_spent_states_in_memory_is_warned_about() {
    said();
    let warned = || warnings_where("keys", "ring-warning").len();
    let keys = StateKeys::parse(&format!("ring-warning:{}", "07".repeat(32))).unwrap();
    let _ = AskingServer::new(Gate, Policy::with_keys(keys.clone()));
    assert_eq!(warned(), 1);
    let message = said()
        .0
        .lock()
        .unwrap()
        .iter()
        .find(|s| {
            s.fields
                .get("keys")
                .is_some_and(|k| k.contains("ring-warning"))
        })
        .and_then(|s| s.fields.get("message").cloned())
        .unwrap();
    assert!(message.contains("opens a spent state again"), "{message}");
    assert!(message.contains("Policy::spent_states"), "{message}");
    let _ = AskingServer::new(Gate, Policy::development());
    let _ = AskingServer::new(
        Gate,
        Policy::with_keys(keys)
            .spent_states(mcpdesc_runtime::session::MemorySpentStates::default()),
    );
    assert_eq!(warned(), 1);
}

/// A server served over a transport that drops what it cannot read (rmcp's own byte-stream
/// transport here, as `rmcp::transport::stdio()` is) says so once, on its first request, naming
/// the transport to serve with; over `StdioTransport` it says nothing of the kind.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_transport_that_drops_what_it_cannot_read_is_said_at_start_up() {
    said();
    let dropping = || warnings_where("message", "drops what it cannot read");
    let before = dropping().len();
    let client = connect(
        client::Answering::silent(RmcpVersion::V_2025_11_25),
        Policy::development(),
    )
    .await;
    client.list_all_tools().await.unwrap();
    client.cancel().await.ok();
    assert_eq!(dropping().len(), before, "over StdioTransport");

    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let served = AskingServer::new(Gate, Policy::development());
    let server = tokio::spawn(async move {
        let running = served.serve(server_io).await.expect("serves");
        running.waiting().await.ok();
    });
    let client = client::Answering::silent(RmcpVersion::V_2025_11_25)
        .connect(client_io)
        .await;
    for _ in 0..3 {
        client.list_all_tools().await.unwrap();
    }
    client.cancel().await.ok();
    server.await.ok();
    let said = dropping();
    assert_eq!(said.len(), before + 1, "said once: {said:?}");
    let message = &said[before].fields["message"];
    assert!(
        message.contains("mcpdesc_runtime::session::stdio()")
            && message.contains("session::HttpService"),
        "{message}"
    );
}
