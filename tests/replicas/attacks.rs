//! Attacks and faults against the tracker served as replicas: each test shows one promise of
//! `reference::replicas` held against a hostile caller or a failing part.

use std::time::Duration;

use serde_json::json;

use super::cluster::{Cluster, ReplicaSpec, Routing, key_ring};
use super::wire::{post, request_2026};
use super::{Session, answer_for, text_of};

const TOKENS: &str = "alice:alice-token-0123456789,bob:bob-token-0123456789";

/// Two replicas behind the balancer, sticky, each with the callers' bearer tokens.
fn cluster_with_tokens() -> Cluster {
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
#[mcpdesc_needs::needs(services)]
#[test]
fn another_caller_cannot_answer_or_use_a_session() {
    let cluster = cluster_with_tokens();
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
#[mcpdesc_needs::needs(services)]
#[test]
fn a_session_is_refused_to_another_caller_on_every_replica() {
    let cluster = cluster_with_tokens();
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

/// A kernel figure of process `pid` from `/proc/<pid>/status`, in KiB (`VmHWM`, the peak
/// resident memory; `VmRSS`, the resident memory now).
fn memory_kib(pid: u32, figure: &str) -> u64 {
    let status =
        std::fs::read_to_string(format!("/proc/{pid}/status")).expect("the replica's status");
    status
        .lines()
        .find_map(|l| l.strip_prefix(figure)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("no {figure} in /proc/{pid}/status"))
}

/// Sends `head` (a request line and headers, ended by the blank line), then up to `body` bytes
/// of `1,` in pieces while the server reads them, and reads the status the server answers with
/// (0 when it closed without one). Bounded in time: every read and write waits at most 10 s.
fn raw_request(addr: std::net::SocketAddr, head: &str, body: usize) -> u16 {
    use std::io::{BufRead, BufReader, Write};
    let stream = std::net::TcpStream::connect(addr).expect("connects");
    stream
        .set_write_timeout(Some(std::time::Duration::from_secs(10)))
        .expect("a timeout");
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .expect("a timeout");
    let _ = (&stream).write_all(head.as_bytes());
    // Framed as chunks when the head says so.
    let chunked = head.contains("Transfer-Encoding: chunked");
    let piece = b"1,".repeat(32 * 1024);
    let mut sent = 0;
    while sent < body {
        let n = piece.len().min(body - sent);
        let framed = match chunked {
            true => [format!("{n:x}\r\n").as_bytes(), &piece[..n], b"\r\n"].concat(),
            false => piece[..n].to_vec(),
        };
        if (&stream).write_all(&framed).is_err() {
            break;
        }
        sent += n;
    }
    if chunked && sent >= body {
        let _ = (&stream).write_all(b"0\r\n\r\n");
    }
    let mut line = String::new();
    let _ = BufReader::new(&stream).read_line(&mut line);
    line.split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// `Host` and `Origin` are checked before a byte of the body is read: a `text/plain` POST with
/// a foreign `Host` and `Origin` (what a page in the user's browser can send to a loopback
/// server without a preflight) gets 403, not a JSON-RPC error; a declared `Content-Length`
/// over the limit gets 413 unread. Eight such requests at once, each with 4 MiB of body, and
/// eight chunked bodies past the limit, leave the replica's peak resident memory within a
/// bound measured here.
#[mcpdesc_needs::needs(services, faketime)]
#[test]
fn the_origin_is_checked_before_the_body_is_read_and_memory_stays_bounded() {
    let cluster = Cluster::start(1);
    let replica = &cluster.replicas[0];
    let (addr, pid) = (replica.addr(), replica.pid().expect("the replica runs"));
    const MIB: usize = 1024 * 1024;
    let foreign = |length: usize, content_type: &str| {
        format!(
            "POST /mcp HTTP/1.1\r\nHost: evil.example\r\nOrigin: https://evil.example\r\n\
             Content-Type: {content_type}\r\nAccept: application/json, text/event-stream\r\n\
             Content-Length: {length}\r\nConnection: close\r\n\r\n"
        )
    };
    // A request cut short, which the transport would answer with "Parse error" were it read.
    let cut = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"delete_issue""#;
    let mut text_plain = foreign(cut.len(), "text/plain");
    text_plain.push_str(cut);
    assert_eq!(raw_request(addr, &text_plain, 0), 403);
    let own_host = format!("Host: 127.0.0.1:{}", addr.port());
    let declared = format!(
        "POST /mcp HTTP/1.1\r\n{own_host}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        64 * MIB
    );
    // Nothing of the body is sent: the answer comes from the headers alone.
    assert_eq!(raw_request(addr, &declared, 0), 413);

    let before = memory_kib(pid, "VmHWM");
    let flood = |head: String, body: usize| {
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let head = head.clone();
                std::thread::spawn(move || raw_request(addr, &head, body))
            })
            .collect();
        threads
            .into_iter()
            .map(|t| t.join().expect("a sender"))
            .collect::<Vec<u16>>()
    };
    // Each body a request whose arguments hold a million numbers, which a JSON reader would
    // make into a million values.
    let opening =
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"a":["#;
    let numbers = 4 * MIB - opening.len() - 1024;
    let mut many_numbers = foreign(opening.len() + numbers, "application/json");
    many_numbers.push_str(opening);
    let statuses = flood(many_numbers, numbers);
    assert!(statuses.iter().all(|s| *s == 403), "{statuses:?}");
    let after_foreign = memory_kib(pid, "VmHWM");
    let statuses = flood(declared.clone(), 0);
    assert!(statuses.iter().all(|s| *s == 413), "{statuses:?}");
    let chunked = format!(
        "POST /mcp HTTP/1.1\r\n{own_host}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    );
    // A chunked body declares no length: it is read up to the 4 MiB limit and refused past it.
    let statuses = flood(chunked, 6 * MIB);
    assert!(statuses.iter().all(|s| *s == 413), "{statuses:?}");
    let after_all = memory_kib(pid, "VmHWM");
    let grew = |kib: u64| (kib.saturating_sub(before)) / 1024;
    eprintln!(
        "peak resident memory: {} MiB before, +{} MiB after foreign bodies, +{} MiB in all",
        before / 1024,
        grew(after_foreign),
        grew(after_all)
    );
    // Refused unread, eight 4 MiB bodies cost nothing like their size; read up to the limit,
    // eight bodies cost at most their 32 MiB and the reader's buffers.
    assert!(
        grew(after_foreign) < 16,
        "+{} MiB for refused bodies",
        grew(after_foreign)
    );
    assert!(grew(after_all) < 64, "+{} MiB in all", grew(after_all));
}

/// The first round of `create_issue` with `arguments` at `addr` (they hold labels, so it asks
/// only `choose_owner`), and the retry that answers it with `retried` as its arguments.
fn sealed_then_retried(
    addr: std::net::SocketAddr,
    arguments: serde_json::Value,
    retried: serde_json::Value,
) -> (Vec<(&'static str, String)>, serde_json::Value) {
    let params = json!({"name": "create_issue", "arguments": arguments});
    let (headers, body) = request_2026(1, "tools/call", params);
    let result = post(addr, &headers, &body).answer()["result"].clone();
    assert_eq!(result["resultType"], "input_required", "{result}");
    let retry = json!({"name": "create_issue", "arguments": retried,
        "inputResponses": {"choose_owner": answer_for("choose_owner")},
        "requestState": result["requestState"]});
    request_2026(2, "tools/call", retry)
}

/// The text of the tool result `addr` answers the request with.
fn result_text(
    addr: std::net::SocketAddr,
    request: &(Vec<(&'static str, String)>, serde_json::Value),
) -> String {
    text_of(&post(addr, &request.0, &request.1).answer()["result"])
}

/// A state is bound to the arguments exactly: sealed for a number above `i64::MAX`, it does
/// not open for another number that rounds to the same double, nor for ones near -2^53; it
/// opens for the same arguments with their members in another order.
#[mcpdesc_needs::needs(services)]
#[test]
fn a_state_opens_only_for_the_same_numbers() {
    let cluster = Cluster::start(1);
    let addr = cluster.replicas[0].addr();
    let pairs = [
        (
            json!(18446744073709551614_u64),
            json!(18446744073709550615_u64),
        ),
        (json!(-9007199254740993_i64), json!(-9007199254740992_i64)),
        (
            json!(9223372036854775807_i64),
            json!(9223372036854775808_u64),
        ),
        (json!(1), json!(1.0)),
    ];
    for (sealed, other) in pairs {
        let arguments = json!({"title": "Exact", "labels": ["docs"], "n": sealed});
        let forged = json!({"title": "Exact", "labels": ["docs"], "n": other});
        let retry = sealed_then_retried(addr, arguments, forged);
        let refused = result_text(addr, &retry);
        assert!(
            refused.contains("sealed for another call"),
            "{sealed} -> {other}: {refused}"
        );
    }
    let before = cluster.redis.cli(&["HLEN", "tracker:issues"]);
    assert_eq!(before, "3", "a forged retry created an issue");
    // The same arguments, written in another order: opened.
    let arguments = json!({"title": "Exact", "labels": ["docs"], "n": 18446744073709551614_u64});
    let reordered = json!({"n": 18446744073709551614_u64, "labels": ["docs"], "title": "Exact"});
    let retry = sealed_then_retried(addr, arguments, reordered);
    assert!(result_text(addr, &retry).starts_with("Created issue #4"));
}

/// Replicas with different state lifetimes (5 s and 1 s): a state sealed on the first and
/// spent on the second is still refused as spent after the second's lifetime, on both.
#[mcpdesc_needs::needs(services)]
#[test]
fn a_spent_state_is_remembered_as_long_as_it_opens_whatever_the_replica() {
    let specs = [("r0", "5000"), ("r1", "1000")]
        .iter()
        .map(|(name, ttl)| ReplicaSpec {
            env: vec![("ISSUE_TRACKER_STATE_TTL_MS", (*ttl).to_owned())],
            ..ReplicaSpec::new(name, key_ring("k1", 1))
        })
        .collect();
    let cluster = Cluster::start_with(specs, Routing::RoundRobin);
    let (long, short) = (cluster.replicas[0].addr(), cluster.replicas[1].addr());
    let arguments = json!({"title": "Once", "labels": ["docs"]});
    let retry = sealed_then_retried(long, arguments.clone(), arguments);
    assert!(result_text(short, &retry).starts_with("Created issue #4"));
    std::thread::sleep(Duration::from_millis(1500));
    for addr in [short, long] {
        let replayed = result_text(addr, &retry);
        assert!(replayed.contains("already brought back once"), "{replayed}");
    }
    assert_eq!(cluster.redis.cli(&["HLEN", "tracker:issues"]), "4");
}

/// A replica whose clock is 3 s behind opens a state 3 s past its sealed expiry. With a
/// clock-skew allowance of 5 s, a state spent on a replica with the right time is still
/// remembered then, and refused; with no allowance it is forgotten and applied again, which is
/// what the allowance is for.
#[mcpdesc_needs::needs(services, faketime)]
#[test]
fn a_spent_state_is_remembered_past_a_skewed_replicas_view_of_its_expiry() {
    let faketime = super::cluster::faketime_library();
    for (allowance, refused) in [("5000", true), ("0", false)] {
        let replica = |name: &str, behind: bool| {
            let mut env = vec![
                ("ISSUE_TRACKER_STATE_TTL_MS", "2000".to_owned()),
                ("ISSUE_TRACKER_CLOCK_SKEW_MS", allowance.to_owned()),
            ];
            if behind {
                env.push(("LD_PRELOAD", faketime.display().to_string()));
                env.push(("FAKETIME", "-3s".to_owned()));
                env.push(("FAKETIME_DONT_FAKE_MONOTONIC", "1".to_owned()));
            }
            ReplicaSpec {
                env,
                ..ReplicaSpec::new(name, key_ring("k1", 1))
            }
        };
        let specs = vec![replica("on-time", false), replica("behind", true)];
        let cluster = Cluster::start_with(specs, Routing::RoundRobin);
        let (on_time, behind) = (cluster.replicas[0].addr(), cluster.replicas[1].addr());
        let arguments = json!({"title": "Skewed", "labels": ["docs"]});
        let retry = sealed_then_retried(on_time, arguments.clone(), arguments);
        assert!(result_text(on_time, &retry).starts_with("Created issue #4"));
        // Past the sealed expiry by the right clock, before it by the late one.
        std::thread::sleep(Duration::from_millis(3000));
        let replayed = result_text(behind, &retry);
        let issues = cluster.redis.cli(&["HLEN", "tracker:issues"]);
        if refused {
            assert!(replayed.contains("already brought back once"), "{replayed}");
            assert_eq!(issues, "4");
        } else {
            assert!(replayed.starts_with("Created issue #5"), "{replayed}");
            assert_eq!(issues, "5");
        }
    }
}

/// Redis restarted between two round trips: each replica's connection broke, and its first
/// retry after the restart (the state's spend, then the tracker's write) succeeds, sent again
/// on a new connection, without the client retrying.
#[mcpdesc_needs::needs(services)]
#[test]
fn the_first_retry_after_redis_restarts_succeeds_on_every_replica() {
    let specs = (0..2)
        .map(|i| ReplicaSpec::new(&format!("r{i}"), key_ring("k1", 1)))
        .collect();
    let mut cluster = Cluster::start_with(specs, Routing::RoundRobin);
    let replicas: Vec<std::net::SocketAddr> = cluster.replicas.iter().map(|r| r.addr()).collect();
    let arguments = json!({"title": "Before", "labels": ["docs"]});
    for addr in &replicas {
        let retry = sealed_then_retried(*addr, arguments.clone(), arguments.clone());
        assert!(result_text(*addr, &retry).starts_with("Created issue #"));
    }
    cluster.redis.stop();
    cluster.redis.restart();
    // Back for a while, as a user would find it.
    std::thread::sleep(Duration::from_secs(2));
    let arguments = json!({"title": "After", "labels": ["docs"]});
    for addr in &replicas {
        let retry = sealed_then_retried(*addr, arguments.clone(), arguments.clone());
        let text = result_text(*addr, &retry);
        assert!(text.starts_with("Created issue #"), "{addr}: {text}");
    }
    // Four issues more than the three seeded, each filed once.
    assert_eq!(cluster.redis.cli(&["HLEN", "tracker:issues"]), "7");
}

/// On 2026-07-28, the replica that asked is killed: the client's retry, and every request after
/// it, go through the balancer to the replica left (the reference's `option redispatch`), at
/// once, before any health check has marked the dead one down.
#[mcpdesc_needs::needs(services)]
#[test]
fn a_killed_replicas_requests_go_to_another_at_once() {
    let specs = (0..2)
        .map(|i| ReplicaSpec::new(&format!("r{i}"), key_ring("k1", 1)))
        .collect();
    let mut cluster = Cluster::start_with(specs, Routing::RoundRobin);
    let params =
        json!({"name": "create_issue", "arguments": {"title": "Redispatched", "labels": ["docs"]}});
    let (headers, body) = request_2026(1, "tools/call", params.clone());
    let mut first = post(cluster.addr(), &headers, &body);
    let asked_on = first.replica();
    let result = first.answer()["result"].clone();
    assert_eq!(result["resultType"], "input_required", "{result}");
    let dead = cluster
        .replicas
        .iter()
        .position(|r| r.spec.name == asked_on)
        .expect("a replica asked");
    cluster.replicas[dead].kill();
    let mut retry = params;
    retry["inputResponses"] = json!({"choose_owner": answer_for("choose_owner")});
    retry["requestState"] = result["requestState"].clone();
    let (retry_headers, retry_body) = request_2026(2, "tools/call", retry);
    let mut answered = post(cluster.addr(), &retry_headers, &retry_body);
    assert_ne!(answered.replica(), asked_on);
    assert!(text_of(&answered.answer()["result"]).starts_with("Created issue #4"));
    // Round-robin would send every other request to the dead replica.
    for id in 3..7 {
        let list = json!({"jsonrpc": "2.0", "id": id, "method": "tools/list", "params": {"_meta": super::wire::meta_2026()}});
        let headers = vec![
            ("MCP-Protocol-Version", "2026-07-28".to_owned()),
            ("Mcp-Method", "tools/list".to_owned()),
        ];
        let response = post(cluster.addr(), &headers, &list);
        assert_eq!(response.status, 200, "request {id}");
    }
}

/// Rotating keys while replicas roll, as the reference says: with the new key second on some
/// replicas and absent on others, then first on some and second on the others, every state
/// sealed on one opens on the other. Putting it first while others lack it refuses their
/// retries: why the reference says otherwise.
#[mcpdesc_needs::needs(services)]
#[test]
fn keys_rotate_while_replicas_roll() {
    let (old, new) = (key_ring("k1", 1), key_ring("k2", 2));
    let both = |first: &str, second: &str| format!("{first},{second}");
    for (a, b, opens) in [
        (old.clone(), both(&old, &new), true),
        (both(&old, &new), both(&new, &old), true),
        (old.clone(), both(&new, &old), false),
    ] {
        let specs = vec![
            ReplicaSpec::new("a", a.clone()),
            ReplicaSpec::new("b", b.clone()),
        ];
        let cluster = Cluster::start_with(specs, Routing::RoundRobin);
        let (at_a, at_b) = (cluster.replicas[0].addr(), cluster.replicas[1].addr());
        let arguments = json!({"title": "Rotated", "labels": ["docs"]});
        // Sealed on b, brought back to a; and sealed on a, brought back to b.
        let from_b = sealed_then_retried(at_b, arguments.clone(), arguments.clone());
        let text = result_text(at_a, &from_b);
        assert_eq!(
            text.starts_with("Created issue #"),
            opens,
            "{a} <- {b}: {text}"
        );
        let from_a = sealed_then_retried(at_a, arguments.clone(), arguments);
        let text = result_text(at_b, &from_a);
        assert!(text.starts_with("Created issue #"), "{b} <- {a}: {text}");
    }
}
