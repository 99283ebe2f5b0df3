//! Attacks and faults against the tracker served as replicas: each test shows one promise of
//! `reference::replicas` held against a hostile caller or a failing part.

use serde_json::json;

use super::Session;
use super::cluster::{Cluster, ReplicaSpec, Routing, key_ring};
use super::wire::post;

const TOKENS: &str = "alice:alice-token-0123456789,bob:bob-token-0123456789";

/// Two replicas behind the balancer, sticky, each with the callers' bearer tokens.
fn cluster_with_tokens() -> Option<Cluster> {
    let specs = (0..2)
        .map(|i| ReplicaSpec {
            tokens: Some(TOKENS.to_owned()),
            ..ReplicaSpec::new(&format!("r{i}"), key_ring("k1", 1))
        })
        .collect();
    Cluster::start_with(specs, Routing::Sticky)
}

/// Whether issue 1 is still in the shared store.
fn issue_1_exists(cluster: &Cluster) -> bool {
    !cluster
        .redis
        .cli(&["HGET", "tracker:issues", "1"])
        .is_empty()
}

/// MCP 2025-06-18 and 2025-11-25: a session belongs to the caller who created it. Bob, with
/// his own valid token and the id of Alice's session, cannot answer Alice's pending question,
/// open the session's stream or close it: each gets 404, as an unknown session does, and
/// nothing reaches the question. Alice's own answer then completes her call.
#[test]
fn another_caller_cannot_answer_or_use_a_session() {
    let Some(cluster) = cluster_with_tokens() else {
        return;
    };
    for version in ["2025-06-18", "2025-11-25"] {
        let alice = Session::open_as(cluster.addr(), version, Some("alice-token-0123456789"))
            .expect("Alice's session");
        let bob_headers = |session: &Session| {
            let mut headers = session.headers();
            headers.retain(|(name, _)| *name != "Authorization");
            headers.push(("Authorization", "Bearer bob-token-0123456789".to_owned()));
            headers
        };
        let call = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
            "params": {"name": "delete_issue", "arguments": {"issue": 1}}});
        let mut stream = post(cluster.addr(), &alice.headers(), &call);
        assert_eq!(stream.status, 200, "{version}");
        let question = stream.next_message().expect("Alice's question");
        assert_eq!(question["method"], "elicitation/create", "{question}");

        // Bob answers Alice's question with a guessed id and the one she was asked with.
        for id in [json!(0), question["id"].clone()] {
            let forged = json!({"jsonrpc": "2.0", "id": id,
                "result": {"action": "accept", "content": {"confirm": true}}});
            let refused = post(cluster.addr(), &bob_headers(&alice), &forged);
            assert_eq!(refused.status, 404, "{version}: Bob's answer");
        }
        // Bob's own call on Alice's session, and his attempt to close it.
        let ping = json!({"jsonrpc": "2.0", "id": 8, "method": "ping"});
        assert_eq!(
            post(cluster.addr(), &bob_headers(&alice), &ping).status,
            404
        );
        assert!(
            issue_1_exists(&cluster),
            "{version}: Bob's answer deleted the issue"
        );

        // Without a token at all: refused before the session is looked at.
        let mut anonymous = alice.headers();
        anonymous.retain(|(name, _)| *name != "Authorization");
        assert_eq!(post(cluster.addr(), &anonymous, &ping).status, 401);

        // Alice declines: her answer reaches her question, and the issue is kept.
        let decline =
            json!({"jsonrpc": "2.0", "id": question["id"], "result": {"action": "decline"}});
        assert_eq!(post(cluster.addr(), &alice.headers(), &decline).status, 202);
        let result = stream.answer();
        assert_eq!(
            result["result"]["content"][0]["text"], "Keep the issue.",
            "{version}: {result}"
        );
        assert!(issue_1_exists(&cluster));
        // Her session goes on.
        assert_eq!(post(cluster.addr(), &alice.headers(), &ping).status, 200);
    }
}

/// Past the balancer, straight to each replica: neither opens Alice's session to Bob (the one
/// that created it knows it is hers; the other never made it).
#[test]
fn a_session_is_refused_to_another_caller_on_every_replica() {
    let Some(cluster) = cluster_with_tokens() else {
        return;
    };
    let alice = Session::open_as(cluster.addr(), "2025-11-25", Some("alice-token-0123456789"))
        .expect("Alice's session");
    let ping = json!({"jsonrpc": "2.0", "id": 8, "method": "ping"});
    // Past the balancer, straight to each replica: neither opens Alice's session to Bob.
    for replica in &cluster.replicas {
        let mut headers = alice.headers();
        headers.retain(|(name, _)| *name != "Authorization");
        headers.push(("Authorization", "Bearer bob-token-0123456789".to_owned()));
        assert_eq!(post(replica.addr(), &headers, &ping).status, 404);
    }
}
