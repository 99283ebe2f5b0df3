//! `RedisSpentStates` against a real Redis server: each state opens once, a state is refused
//! when Redis cannot answer (within the store's time limit, nothing read from it), and the same
//! state opens once Redis is back, since it was never spent.

use std::time::{Duration, Instant, SystemTime};

use mcpdesc_runtime::session::{AskingServer, Policy, RedisSpentStates, SpentStates, StateKeys};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ClientCapabilities, ClientConfig, Implementation,
    ProtocolVersion as RmcpVersion,
};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt};
use rmcp::{ClientHandler, ServiceExt};
use serde_json::json;

use crate::cluster::{Redis, key_ring, services};
use crate::gate::Gate;

#[derive(Clone)]
struct FormClient;

impl ClientHandler for FormClient {
    fn get_info(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation = serde_json::from_value(json!({"form": {}})).ok();
        ClientConfig::new(capabilities, Implementation::new("gate-client", "1.0.0"))
            .with_protocol_version(RmcpVersion::V_2026_07_28)
    }
}

#[mcpdesc_needs::needs(services)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_state_is_spent_once_and_refused_while_redis_is_down() {
    services();
    let mut redis = Redis::start();
    let spent = RedisSpentStates::open(&redis.url()).expect("a Redis URL");
    let later = SystemTime::now() + Duration::from_secs(60);
    assert!(spent.spend("n1", later).await.expect("Redis answers"));
    assert!(!spent.spend("n1", later).await.expect("Redis answers"));
    assert!(spent.spend("n2", later).await.expect("Redis answers"));
    // Remembered until the state expires, and no longer.
    let ttl: i64 = redis
        .cli(&["PTTL", "mcpdesc:spent:n1"])
        .parse()
        .expect("a number");
    assert!((55_000..=60_001).contains(&ttl), "{ttl}");
    // Another prefix is another store.
    let other = RedisSpentStates::open(&redis.url())
        .expect("a Redis URL")
        .prefix("other:");
    assert!(other.spend("n1", later).await.expect("Redis answers"));

    redis.stop();
    let started = Instant::now();
    let error = spent.spend("n3", later).await.expect_err("Redis is down");
    assert!(error.to_string().starts_with("Redis did not"), "{error}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    redis.restart();
    let deadline = Instant::now() + Duration::from_secs(20);
    let first = loop {
        match spent.spend("n3", later).await {
            Ok(first) => break first,
            Err(_) if Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(100)).await
            }
            Err(e) => panic!("Redis is back, and still: {e}"),
        }
    };
    assert!(first, "n3 was never spent");
    // The states spent before the restart are still spent (Redis kept them on disk).
    assert!(!spent.spend("n1", later).await.expect("Redis answers"));
}

/// Through `AskingServer` and `ask!` on 2026-07-28: the retry is refused while the store is down, with
/// what failed in the server's log only; the same retry is applied once the store is back, and
/// refused after that.
#[mcpdesc_needs::needs(services)]
#[tokio::test(flavor = "current_thread")]
async fn a_retry_is_refused_while_the_store_is_down_and_applied_when_it_is_back() {
    services();
    // The server runs on this thread: its warning events are collected here.
    let warnings = crate::said::Collected::default();
    let _collect = tracing::subscriber::set_default(warnings.clone());
    let mut redis = Redis::start();
    let keys = StateKeys::parse(&key_ring("k1", 1)).expect("a key ring");
    let policy = Policy::with_keys(keys)
        .spent_states(RedisSpentStates::open(&redis.url()).expect("a Redis URL"));
    let (server, client, retry) = asked(policy).await;

    redis.stop();
    let refused = client
        .call_tool_once(retry.clone())
        .await
        .expect_err("refused");
    let message = refused.to_string();
    assert!(
        message.contains("its store of spent states failed"),
        "{message}"
    );
    // What Redis said names the server's setup; it stays in the server's log.
    assert!(!message.contains("Redis"), "{message}");
    let logged = warnings.0.lock().unwrap().iter().any(|w| {
        w.level == tracing::Level::WARN
            && w.fields
                .get("error")
                .is_some_and(|e| e.starts_with("Redis did not"))
            && w.fields
                .get("message")
                .is_some_and(|m| m.contains("the state was refused"))
    });
    assert!(logged, "{:?}", warnings.0.lock().unwrap());
    redis.restart();
    let deadline = Instant::now() + Duration::from_secs(20);
    let done = loop {
        match client.call_tool_once(retry.clone()).await {
            Ok(CallToolResponse::Complete(result)) => break result,
            Err(_) if Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(100)).await
            }
            other => panic!("{other:?}"),
        }
    };
    let text = serde_json::to_value(&done.content).expect("JSON")[0]["text"].clone();
    assert_eq!(text, "went ahead");
    let again = client.call_tool_once(retry).await.expect_err("spent");
    assert!(
        again.to_string().contains("already brought back once"),
        "{again}"
    );
    client.cancel().await.ok();
    server.abort();
}

/// A state lifetime as long as `Duration` holds seals and opens: nothing overflows (it
/// panicked on every retry, and the client then waited for ever).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_longest_state_lifetime_seals_and_opens() {
    let policy = Policy::development()
        .state_ttl(std::time::Duration::MAX)
        .clock_skew(std::time::Duration::MAX);
    let (_server, client, retry) = asked(policy).await;
    let done = tokio::time::timeout(
        std::time::Duration::from_secs(10),
        client.call_tool_once(retry.clone()),
    )
    .await
    .expect("answered, not hung");
    assert!(
        matches!(done, Ok(CallToolResponse::Complete(_))),
        "{done:?}"
    );
    let again = client.call_tool_once(retry).await;
    assert!(
        again.is_err()
            || matches!(again, Ok(CallToolResponse::Complete(ref r)) if r.is_error == Some(true)),
        "{again:?}"
    );
}

/// The gate served with `policy` on 2026-07-28, a client connected to it, and the gate's call
/// asked once: the server's task, the client, and the retry that answers it.
async fn asked(
    policy: Policy,
) -> (
    tokio::task::JoinHandle<()>,
    rmcp::service::RunningService<rmcp::RoleClient, FormClient>,
    CallToolRequestParams,
) {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let server = tokio::spawn(async move {
        let running = AskingServer::new(Gate, policy)
            .serve(server_io)
            .await
            .expect("serves");
        running.waiting().await.ok();
    });
    let client = FormClient
        .serve_with_lifecycle(
            client_io,
            ClientLifecycleMode::Discover {
                preferred_versions: vec![RmcpVersion::V_2026_07_28],
            },
        )
        .await
        .expect("the client connects");
    let call = CallToolRequestParams::new("gate");
    let Ok(CallToolResponse::InputRequired(first)) = client.call_tool_once(call.clone()).await
    else {
        panic!("2026-07-28 asks with an input-required result");
    };
    let responses: rmcp::model::InputResponses = [(
        "go_ahead".to_owned(),
        json!({"action": "accept", "content": {"go": true}}),
    )]
    .into();
    let retry = call
        .with_input_responses(responses)
        .with_request_state(first.request_state.clone().expect("a state"));
    (server, client, retry)
}
