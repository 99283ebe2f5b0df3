//! The tracker as replicas under load, on loopback: two `issue_tracker serve --http` processes
//! (optimized), Redis and HAProxy, and `n` concurrent clients through the balancer on MCP
//! 2026-07-28. For each `n`, plain tool calls and elicitation round trips (the first round, then
//! the retry with the answer, on whichever replicas the balancer picks), side by side: calls
//! per second, and the median and 99th-percentile latency of one call or one round trip.
//!
//! Run with `cargo bench --bench replicas`; it prints a Markdown table (BENCHMARKS.md §8 keeps
//! it). Bounded: `OPS` operations per client and kind, every read time-limited. divan is not
//! used here: it measures one function at a time and reports no percentiles of a concurrent
//! load.

#[path = "../tests/support/example.rs"]
#[allow(dead_code)]
mod example;

#[path = "../tests/replicas/cluster.rs"]
#[allow(dead_code)]
mod cluster;

#[path = "../tests/replicas/wire.rs"]
#[allow(dead_code)]
mod wire;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use wire::{post, request_2026};

/// Operations per client and kind.
const OPS: usize = 150;
/// Warm-up operations per client, not counted.
const WARM_UP: usize = 10;

/// One plain call: `edit_issue` with its title (one request, one write to the store).
fn plain(addr: SocketAddr, c: usize, i: usize) {
    let (headers, body) = request_2026(
        1,
        "tools/call",
        json!({"name": "edit_issue", "arguments": {"issue": 3, "title": format!("plain-{c}-{i}")}}),
    );
    let answer = post(addr, &headers, &body).answer();
    assert!(
        answer["result"]["content"][0]["text"]
            .as_str()
            .is_some_and(|t| t.starts_with("Renamed")),
        "{answer}"
    );
}

/// One elicitation round trip: `create_issue` asks `choose_owner`, the retry answers it (two
/// requests; the state spent in Redis, the issue written).
fn round_trip(addr: SocketAddr, c: usize, i: usize) {
    let params = json!({"name": "create_issue",
        "arguments": {"title": format!("load-{c}-{i}"), "labels": ["docs"]}});
    let (headers, body) = request_2026(1, "tools/call", params.clone());
    let first = post(addr, &headers, &body).answer()["result"].clone();
    let mut retry = params;
    retry["inputResponses"] = json!({"choose_owner": {"action": "accept", "content": {"assignee": "hubot", "notify": false}}});
    retry["requestState"] = first["requestState"].clone();
    let (headers, body) = request_2026(2, "tools/call", retry);
    let answer = post(addr, &headers, &body).answer();
    assert!(
        answer["result"]["content"][0]["text"]
            .as_str()
            .is_some_and(|t| t.starts_with("Created")),
        "{answer}"
    );
}

/// `clients` clients doing `op` `OPS` times each: operations per second, and every latency.
fn run(addr: SocketAddr, clients: usize, op: fn(SocketAddr, usize, usize)) -> (f64, Vec<Duration>) {
    let started = Instant::now();
    let mut latencies: Vec<Duration> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..clients)
            .map(|c| {
                s.spawn(move || {
                    for i in 0..WARM_UP {
                        op(addr, c, 1_000_000 + i);
                    }
                    (0..OPS)
                        .map(|i| {
                            let t = Instant::now();
                            op(addr, c, i);
                            t.elapsed()
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a client"))
            .collect()
    });
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort();
    ((clients * (OPS + WARM_UP)) as f64 / elapsed, latencies)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(index).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

fn main() {
    // `cargo test --benches` runs benchmarks once as tests: nothing to measure there.
    if std::env::args().any(|a| a == "--test") {
        return;
    }
    let cluster = cluster::Cluster::start(2);
    let addr = cluster.addr();
    println!("| clients | kind | per second | p50 (ms) | p99 (ms) | p50 ratio | p99 ratio |");
    println!("|---:|---|---:|---:|---:|---:|---:|");
    for clients in [1, 2, 4, 8] {
        let (plain_rate, plain_lat) = run(addr, clients, plain);
        let (trip_rate, trip_lat) = run(addr, clients, round_trip);
        let (p50, p99) = (percentile(&plain_lat, 0.5), percentile(&plain_lat, 0.99));
        let (t50, t99) = (percentile(&trip_lat, 0.5), percentile(&trip_lat, 0.99));
        println!("| {clients} | plain call | {plain_rate:.0} | {p50:.2} | {p99:.2} | | |");
        println!(
            "| {clients} | round trip | {trip_rate:.0} | {t50:.2} | {t99:.2} | {:.2}x | {:.2}x |",
            t50 / p50,
            t99 / p99
        );
    }
    let issues: Value = Value::String(cluster.redis.cli(&["HLEN", "tracker:issues"]));
    eprintln!("issues in the store: {issues}");
}
