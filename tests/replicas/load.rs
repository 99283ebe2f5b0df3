//! Under load, through the balancer, on 2026-07-28: concurrent clients complete elicitation
//! round trips beside plain tool calls, while tampered, expired, replayed and other-key states
//! are sent in the same run. Bounded: `CLIENTS` clients of `CALLS` calls each, on loopback, and
//! every read time-limited. It asserts what happened, never how fast (BENCHMARKS.md has the
//! figures, from `benches/replicas.rs`).
//!
//! No answer is lost (every round trip completes with the owner its client chose), none is
//! applied twice or to another call (the store holds each title once, with its own owner), and
//! every hostile state is refused with nothing applied.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::cluster::{Cluster, ReplicaSpec, Routing, key_ring};
use crate::wire::{post, request_2026};

/// Concurrent clients: two per core of the machine this runs on (2 cores), so that the replicas,
/// HAProxy and Redis are busy while no client waits long for a core.
const CLIENTS: usize = 4;
/// Calls per client: half elicitation round trips, half plain calls.
const CALLS: usize = 20;
/// How long a sealed state opens, in this run.
const TTL: Duration = Duration::from_secs(4);

const OWNERS: [&str; 3] = ["hubot", "monalisa", "octocat"];

/// The first round of `create_issue` titled `title` (labels given, so only `choose_owner` is
/// asked): the state, and the retry's params answered with `owner`.
fn first_round(addr: std::net::SocketAddr, title: &str, owner: &str) -> (String, Value) {
    let params = json!({"name": "create_issue", "arguments": {"title": title, "labels": ["docs"]}});
    let (headers, body) = request_2026(1, "tools/call", params.clone());
    let result = post(addr, &headers, &body).answer()["result"].clone();
    assert_eq!(result["resultType"], "input_required", "{title}: {result}");
    let state = result["requestState"].as_str().expect("a state").to_owned();
    let mut retry = params;
    retry["inputResponses"] = json!({"choose_owner": {"action": "accept",
        "content": {"assignee": owner, "notify": false}}});
    retry["requestState"] = Value::String(state.clone());
    (state, retry)
}

/// Sends a retry; the result's text and whether it is an error.
fn retry(addr: std::net::SocketAddr, params: &Value) -> (bool, String) {
    let (headers, body) = request_2026(2, "tools/call", params.clone());
    let answer = post(addr, &headers, &body).answer();
    let result = &answer["result"];
    let text = result["content"][0]["text"]
        .as_str()
        .map(str::to_owned)
        .unwrap_or_else(|| answer.to_string());
    (result["isError"] == true || result.is_null(), text)
}

#[mcpdesc_needs::needs(services)]
#[test]
fn under_load_no_answer_is_lost_or_applied_twice_and_hostile_states_are_refused() {
    let ttl = TTL.as_millis().to_string();
    let specs = (0..2)
        .map(|i| ReplicaSpec {
            env: vec![("ISSUE_TRACKER_STATE_TTL_MS", ttl.clone())],
            ..ReplicaSpec::new(&format!("r{i}"), key_ring("k1", 1))
        })
        .collect();
    let cluster = Cluster::start_with(specs, Routing::Sticky);
    let outsider = cluster.start_outside(ReplicaSpec::new("outsider", key_ring("k9", 9)));
    let addr = cluster.addr();
    let started = Instant::now();

    // A state that will have expired by the end of the run, asked now.
    let (_, expired) = first_round(addr, "hostile-expired", "hubot");

    let hostile = std::thread::scope(|s| {
        let clients: Vec<_> = (0..CLIENTS)
            .map(|c| {
                s.spawn(move || {
                    let mut made = Vec::new();
                    for i in 0..CALLS {
                        if i % 2 == 0 {
                            let title = format!("load-{c}-{i}");
                            let owner = OWNERS[(c + i) % OWNERS.len()];
                            let (_, params) = first_round(addr, &title, owner);
                            let (error, text) = retry(addr, &params);
                            assert!(!error, "{title}: {text}");
                            assert!(
                                text.starts_with("Created issue #")
                                    && text.contains(&format!("\"{title}\" [docs]"))
                                    && text.ends_with(&format!(", owned by {owner}")),
                                "{title}: {text}"
                            );
                            made.push((title, owner));
                        } else {
                            let (headers, body) = request_2026(
                                1,
                                "tools/call",
                                json!({"name": "edit_issue",
                                    "arguments": {"issue": 3, "title": format!("plain-{c}-{i}")}}),
                            );
                            let text = post(addr, &headers, &body).answer()["result"]["content"][0]
                                ["text"]
                                .as_str()
                                .unwrap_or_default()
                                .to_owned();
                            assert_eq!(text, format!("Renamed issue #3 to \"plain-{c}-{i}\""));
                        }
                    }
                    made
                })
            })
            .collect();

        // The hostile client, in the same run.
        let mut refused = Vec::new();
        // Tampered: one character of the state changed.
        let (state, mut params) = first_round(addr, "hostile-tampered", "hubot");
        let mut bytes = state.into_bytes();
        let middle = bytes.len() / 2;
        bytes[middle] = if bytes[middle] == b'A' { b'B' } else { b'A' };
        params["requestState"] = Value::String(String::from_utf8(bytes).expect("ASCII"));
        refused.push(("tampered", retry(addr, &params)));
        // Sealed by a replica with other keys.
        let (_, params) = first_round(outsider.addr(), "hostile-other-key", "hubot");
        refused.push(("other key", retry(addr, &params)));
        // Replayed: applied once, then refused.
        let (_, params) = first_round(addr, "replayed-once", "monalisa");
        let (error, text) = retry(addr, &params);
        assert!(!error, "{text}");
        refused.push(("replayed", retry(addr, &params)));
        let made: Vec<(String, &str)> = clients
            .into_iter()
            .flat_map(|h| h.join().expect("a client"))
            .collect();
        (refused, made)
    });
    let (mut refused, made) = hostile;
    // Expired: sent once its time has passed.
    let wait = TTL.saturating_sub(started.elapsed()) + Duration::from_millis(500);
    std::thread::sleep(wait);
    refused.push(("expired", retry(addr, &expired)));
    for (what, (error, text)) in &refused {
        assert!(error, "the {what} state was accepted: {text}");
        let expected = match *what {
            "replayed" => "requestState was already brought back once",
            _ => "requestState is missing, forged, expired or sealed for another call",
        };
        assert!(text.contains(expected), "{what}: {text}");
    }

    // What the store holds: each round trip's issue once, with the owner its client chose; no
    // hostile state applied; the replayed one once.
    assert_eq!(made.len(), CLIENTS * CALLS / 2);
    let all: Vec<Value> = cluster
        .redis
        .cli(&["HVALS", "tracker:issues"])
        .lines()
        .map(|l| serde_json::from_str(l).expect("an issue"))
        .collect();
    let titled = |t: &str| all.iter().filter(|i| i["title"] == t).count();
    for (title, owner) in &made {
        let issues: Vec<&Value> = all
            .iter()
            .filter(|i| i["title"] == title.as_str())
            .collect();
        assert_eq!(issues.len(), 1, "{title}");
        assert_eq!(issues[0]["assignee"], *owner, "{title}");
    }
    assert!(
        all.iter()
            .all(|i| !i["title"].as_str().unwrap_or("").starts_with("hostile-"))
    );
    assert_eq!(titled("replayed-once"), 1);
    assert_eq!(all.len(), 3 + made.len() + 1);
}
