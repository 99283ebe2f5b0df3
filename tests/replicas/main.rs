//! The issue tracker served over Streamable HTTP as replicas: a real Redis server as the shared
//! store, two or three `issue_tracker serve --http` processes, and HAProxy in front of them, all
//! on loopback, started and stopped by each test (`cluster.rs`). Every response names the
//! replica that served it (`Mcp-Replica`), so a test shows which one did.
//!
//! - MCP 2026-07-28 has no sessions: the balancer sends each request round-robin, a retry lands
//!   on another replica than the round that asked, and must finish there; a state opens once
//!   across replicas, only with the key ring that sealed it, and only for the caller it was
//!   sealed for.
//! - MCP 2025-06-18 and 2025-11-25 keep a session on the replica that created it, where its
//!   pending `elicitation/create` lives: the balancer learns the session id from the response
//!   that carries it and routes the session's later requests by it. Without that rule, the
//!   session's second request reaches a replica that does not know it.
//! - Faults: a replica killed after applying an answer, before answering; a replica killed while
//!   a 2025-11-25 question is pending; the store stopped and started again.
//! - The tracker's data: a change one replica makes between another's read of an issue and its
//!   write is kept (`tracker_store.rs`).
//!
//! On CI (`MCPDESC_REQUIRE_SERVICES`) a part that cannot start is a failure, not a skip.

#[path = "../support/client.rs"]
mod client;
#[path = "../support/example.rs"]
#[allow(dead_code)]
mod example;

mod attacks;
mod cluster;
mod durability;
#[path = "../support/gate.rs"]
mod gate;
mod load;
#[path = "../support/said.rs"]
mod said;
mod spent_store;
mod state_size;
#[path = "../../examples/issue_tracker/store.rs"]
#[allow(dead_code)]
mod store;
mod tester;
mod tracker_store;
mod wire;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};

use cluster::{Cluster, ReplicaSpec, Routing, key_ring};
use wire::{post, post_text, request_2026};

/// The answer each declaration of the tracker gets in these tests.
fn answer_for(declaration: &str) -> Value {
    let content = match declaration {
        "confirm_close" | "confirm_delete" => json!({"confirm": true}),
        "choose_assignee" => json!({"assignee": "octocat", "notify": true}),
        "choose_owner" => json!({"assignee": "hubot", "notify": false}),
        "edit_title" => json!({"title": "Renamed across replicas"}),
        "triage" => json!({"labels": ["bug"], "kind": "defect", "estimate": 3}),
        "choose_release" => json!({"channel": "stable", "internal": false}),
        "report_scope" => json!({"state": "all", "assignees": true}),
        // URL mode: the user agreed to visit the page.
        "authorize_code_host" => return json!({"action": "accept"}),
        other => panic!("no answer for the declaration {other}"),
    };
    json!({"action": "accept", "content": content})
}

/// One round of a 2026-07-28 call: what was sent, and what came back from which replica.
struct Round {
    replica: String,
    result: Value,
}

/// Calls `method` with `params` at `addr` on 2026-07-28, answering every input request with
/// `answer_for`, until the call completes (at most five rounds); every round's replica and
/// result.
fn complete_2026(addr: SocketAddr, method: &str, params: Value, auth: Option<&str>) -> Vec<Round> {
    let mut rounds = Vec::new();
    let mut params = params;
    for id in 1..=5 {
        let (mut headers, body) = request_2026(id, method, params.clone());
        if let Some(token) = auth {
            headers.push(("Authorization", format!("Bearer {token}")));
        }
        let mut response = post(addr, &headers, &body);
        assert_eq!(response.status, 200, "{method} {params}");
        let replica = response.replica();
        let answer = response.answer();
        let result = answer["result"].clone();
        assert!(result.is_object(), "{method} {params}: {answer}");
        let input_required = result["resultType"] == "input_required";
        rounds.push(Round {
            replica,
            result: result.clone(),
        });
        if !input_required {
            return rounds;
        }
        let mut responses = Map::new();
        for key in result["inputRequests"]
            .as_object()
            .expect("inputRequests")
            .keys()
        {
            responses.insert(key.clone(), answer_for(key));
        }
        params["inputResponses"] = Value::Object(responses);
        params["requestState"] = result["requestState"].clone();
    }
    panic!("{method} did not complete in five rounds");
}

/// The text of a tool result.
fn text_of(result: &Value) -> String {
    result["content"][0]["text"]
        .as_str()
        .map(str::to_owned)
        .unwrap_or_else(|| result.to_string())
}

/// On 2026-07-28, round-robin: every declaring tool, the prompt and the resource read complete
/// when their retries land on other replicas than the rounds that asked, and the changes are in
/// the shared store.
#[mcpdesc_needs::needs(services)]
#[test]
fn every_asking_primitive_completes_when_the_retry_lands_on_another_replica() {
    let cluster = Cluster::start(2);
    let calls = [
        (
            "tools/call",
            json!({"name": "close_issue", "arguments": {"issue": 1}}),
        ),
        (
            "tools/call",
            json!({"name": "assign_issue", "arguments": {"issue": 3}}),
        ),
        (
            "tools/call",
            json!({"name": "edit_issue", "arguments": {"issue": 3}}),
        ),
        (
            "tools/call",
            json!({"name": "create_issue", "arguments": {"title": "From a replica"}}),
        ),
        (
            "tools/call",
            json!({"name": "link_repository", "arguments": {"repository": "octo/tracker"}}),
        ),
        (
            "tools/call",
            json!({"name": "delete_issue", "arguments": {"issue": 2}}),
        ),
        (
            "prompts/get",
            json!({"name": "release_notes", "arguments": {}}),
        ),
        ("resources/read", json!({"uri": "tracker://reports/2026"})),
    ];
    let mut finals = Vec::new();
    for (method, params) in calls {
        let rounds = complete_2026(cluster.addr(), method, params.clone(), None);
        assert!(rounds.len() >= 2, "{params} asked nothing");
        // Each retry was served by another replica than the round before it.
        for pair in rounds.windows(2) {
            assert_ne!(pair[0].replica, pair[1].replica, "{params}");
        }
        let last = rounds.last().expect("a round");
        assert_eq!(last.result["resultType"], "complete", "{params}");
        assert_ne!(last.result["isError"], true, "{params}: {}", last.result);
        finals.push(last.result.clone());
    }
    let texts: Vec<String> = finals[..6].iter().map(text_of).collect();
    assert_eq!(texts[0], "Closed issue #1");
    assert_eq!(
        texts[1],
        "Assigned issue #3 to octocat (priority unset, notify true)"
    );
    assert_eq!(texts[2], "Renamed issue #3 to \"Renamed across replicas\"");
    assert_eq!(
        texts[3],
        "Created issue #4 \"From a replica\" [bug] (kind Defect, estimate 3), owned by hubot"
    );
    assert!(texts[4].starts_with("Linked octo/tracker"), "{}", texts[4]);
    assert_eq!(texts[5], "Deleted issue #2");
    let prompt = finals[6]["messages"][0]["content"]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(prompt.contains("the latest Stable release"), "{prompt}");
    assert!(prompt.contains("#1 Crash on start"), "{prompt}");
    let report = finals[7]["contents"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(
        report.contains("#3 Renamed across replicas (octocat)"),
        "{report}"
    );
    assert!(
        report.contains("#4 From a replica [bug] (hubot)"),
        "{report}"
    );
    // What the replicas applied is in the shared store.
    assert!(
        cluster
            .redis
            .cli(&["HGET", "tracker:issues", "1"])
            .contains("\"open\":false"),
        "issue #1 closed in the store"
    );
    assert_eq!(cluster.redis.cli(&["HEXISTS", "tracker:issues", "2"]), "0");
    assert_eq!(
        cluster
            .redis
            .cli(&["SISMEMBER", "tracker:linked", "octo/tracker"]),
        "1"
    );
}

/// The first round of `create_issue` with labels (so it asks only `choose_owner`), and the
/// retry that answers it: its headers and body, to send wherever a test likes.
fn create_issue_retry(addr: SocketAddr) -> (Vec<(&'static str, String)>, Value) {
    let params =
        json!({"name": "create_issue", "arguments": {"title": "Once", "labels": ["docs"]}});
    let (headers, body) = request_2026(1, "tools/call", params.clone());
    let result = post(addr, &headers, &body).answer()["result"].clone();
    assert_eq!(result["resultType"], "input_required", "{result}");
    let mut retry = params;
    retry["inputResponses"] = json!({"choose_owner": answer_for("choose_owner")});
    retry["requestState"] = result["requestState"].clone();
    request_2026(2, "tools/call", retry)
}

/// The same state brought back twice at once, to two replicas: one applies it, the other refuses
/// it as spent, and the store holds one new issue.
#[mcpdesc_needs::needs(services)]
#[test]
fn a_state_brought_back_twice_to_two_replicas_is_applied_once() {
    let cluster = Cluster::start(2);
    let (headers, body) = create_issue_retry(cluster.addr());
    let replicas: Vec<SocketAddr> = cluster.replicas.iter().map(|r| r.addr()).collect();
    let results: Vec<Value> = std::thread::scope(|s| {
        let sent: Vec<_> = replicas
            .iter()
            .map(|addr| s.spawn(|| post(*addr, &headers, &body).answer()["result"].clone()))
            .collect();
        sent.into_iter()
            .map(|h| h.join().expect("a result"))
            .collect()
    });
    let texts: Vec<String> = results.iter().map(text_of).collect();
    let applied: Vec<&String> = texts
        .iter()
        .filter(|t| t.starts_with("Created issue #4"))
        .collect();
    let refused: Vec<&String> = texts
        .iter()
        .filter(|t| t.contains("requestState was already brought back once"))
        .collect();
    assert_eq!((applied.len(), refused.len()), (1, 1), "{texts:?}");
    assert_eq!(cluster.redis.cli(&["HLEN", "tracker:issues"]), "4");
}

/// A retry that reaches a replica with another key ring is refused, as the docs say; a replica
/// whose ring still holds the old key for opening (a rotation) opens it.
#[mcpdesc_needs::needs(services)]
#[test]
fn a_retry_on_a_replica_with_other_keys_is_refused() {
    let specs = vec![
        ReplicaSpec::new("old", key_ring("k1", 1)),
        ReplicaSpec::new("other", key_ring("k2", 2)),
        ReplicaSpec::new(
            "rotated",
            format!("{},{}", key_ring("k2", 2), key_ring("k1", 1)),
        ),
    ];
    let cluster = Cluster::start_with(specs, Routing::Sticky);
    let at = |i: usize| cluster.replicas[i].addr();
    let (headers, body) = create_issue_retry(at(0));
    let refused = text_of(&post(at(1), &headers, &body).answer()["result"]);
    assert_eq!(
        refused,
        "Nothing was changed: the retried call's requestState is missing, forged, expired or sealed for another call"
    );
    assert_eq!(cluster.redis.cli(&["HLEN", "tracker:issues"]), "3");
    let opened = text_of(&post(at(2), &headers, &body).answer()["result"]);
    assert!(
        opened.starts_with("Created issue #4 \"Once\" [docs]"),
        "{opened}"
    );
}

/// With bearer tokens, a state is bound to the caller it was sealed for: another caller's retry
/// with it is refused, the caller's own retry is applied, and a request without a valid token
/// is refused before rmcp.
#[mcpdesc_needs::needs(services)]
#[test]
fn another_callers_state_is_refused() {
    let tokens = "alice:alice-token-0123456789,bob:bob-token-0123456789";
    let specs = (0..2)
        .map(|i| ReplicaSpec {
            tokens: Some(tokens.to_owned()),
            ..ReplicaSpec::new(&format!("r{i}"), key_ring("k1", 1))
        })
        .collect();
    let cluster = Cluster::start_with(specs, Routing::Sticky);
    let params = json!({"name": "close_issue", "arguments": {"issue": 1}});
    let (mut headers, body) = request_2026(1, "tools/call", params.clone());
    // No token, or a wrong one: 401 with the scheme to use.
    let response = post(cluster.addr(), &headers, &body);
    assert_eq!(response.status, 401);
    assert_eq!(response.header("www-authenticate"), Some("Bearer"));
    let bearer = |t: &str| ("Authorization", format!("Bearer {t}"));
    let wrong = [headers.clone(), vec![bearer("alice-token-0123456780")]].concat();
    assert_eq!(post(cluster.addr(), &wrong, &body).status, 401);

    headers.push(bearer("alice-token-0123456789"));
    let first = post(cluster.addr(), &headers, &body).answer()["result"].clone();
    assert_eq!(first["resultType"], "input_required", "{first}");
    let mut retry = params;
    retry["inputResponses"] = json!({"confirm_close": answer_for("confirm_close")});
    retry["requestState"] = first["requestState"].clone();
    let (retry_headers, retry_body) = request_2026(2, "tools/call", retry);
    let as_bob = [retry_headers.clone(), vec![bearer("bob-token-0123456789")]].concat();
    let refused = text_of(&post(cluster.addr(), &as_bob, &retry_body).answer()["result"]);
    assert!(refused.contains("sealed for another call"), "{refused}");
    assert!(
        !cluster
            .redis
            .cli(&["HGET", "tracker:issues", "1"])
            .contains("\"open\":false")
    );
    let as_alice = [retry_headers, vec![bearer("alice-token-0123456789")]].concat();
    let closed = text_of(&post(cluster.addr(), &as_alice, &retry_body).answer()["result"]);
    assert_eq!(closed, "Closed issue #1");
}

/// A session of MCP 2025-06-18 or 2025-11-25, through the balancer.
struct Session {
    addr: SocketAddr,
    version: &'static str,
    id: String,
    next: u64,
    /// The bearer token every request carries, if any.
    token: Option<String>,
}

impl Session {
    /// `initialize` and `notifications/initialized`, declaring form and URL mode.
    fn open(addr: SocketAddr, version: &'static str) -> Result<Self, String> {
        Self::open_as(addr, version, None)
    }

    /// [`open`](Self::open), every request with the bearer token `token`.
    fn open_as(
        addr: SocketAddr,
        version: &'static str,
        token: Option<&str>,
    ) -> Result<Self, String> {
        let capabilities = match version {
            "2025-06-18" => json!({"elicitation": {}}),
            _ => json!({"elicitation": {"form": {}, "url": {}}}),
        };
        let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": version,
            "capabilities": capabilities,
            "clientInfo": {"name": "replicas-test", "version": "1"}
        }});
        let auth: Vec<(&str, String)> = token
            .iter()
            .map(|t| ("Authorization", format!("Bearer {t}")))
            .collect();
        let mut response = post(addr, &auth, &init);
        let id = response
            .header("mcp-session-id")
            .ok_or_else(|| format!("no session id ({})", response.status))?
            .to_owned();
        let answer = response.answer();
        assert_eq!(answer["result"]["protocolVersion"], version, "{answer}");
        let session = Session {
            addr,
            version,
            id,
            next: 1,
            token: token.map(str::to_owned),
        };
        let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        let status = post(addr, &session.headers(), &initialized).status;
        if status != 202 {
            return Err(format!("notifications/initialized: {status}"));
        }
        Ok(session)
    }

    fn headers(&self) -> Vec<(&'static str, String)> {
        let mut headers = vec![
            ("Mcp-Session-Id", self.id.clone()),
            ("MCP-Protocol-Version", self.version.to_owned()),
        ];
        if let Some(token) = &self.token {
            headers.push(("Authorization", format!("Bearer {token}")));
        }
        headers
    }

    /// Calls `method`, answers every `elicitation/create` that comes on the call's stream (each
    /// answer posted as a request of its own, which the balancer routes), and returns the
    /// call's result, or a description of what failed.
    fn call(&mut self, method: &str, params: Value) -> Result<Value, String> {
        self.call_with(method, params, &|request| {
            answer_for(declaration_of(request["message"].as_str().unwrap_or("")))
        })
    }

    /// As [`call`](Self::call), each question answered with `answer(its params)`.
    fn call_with(
        &mut self,
        method: &str,
        params: Value,
        answer: &dyn Fn(&Value) -> Value,
    ) -> Result<Value, String> {
        let id = self.next;
        self.next += 1;
        let body = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        let mut stream = post(self.addr, &self.headers(), &body);
        if stream.status != 200 {
            return Err(format!("{method}: HTTP {}", stream.status));
        }
        while let Some(message) = stream.next_message() {
            if message["method"] == "elicitation/create" {
                let result = answer(&message["params"]);
                let reply = json!({"jsonrpc": "2.0", "id": message["id"], "result": result});
                let status = post(self.addr, &self.headers(), &reply).status;
                if status != 202 {
                    return Err(format!(
                        "the answer to {}: HTTP {status}",
                        message["params"]["message"]
                    ));
                }
            } else if message["id"] == id {
                return match message.get("result") {
                    Some(result) => Ok(result.clone()),
                    None => Err(format!("{method}: {message}")),
                };
            }
        }
        Err(format!("{method}: the stream ended without a result"))
    }
}

/// The declaration a request's message belongs to (the tracker's messages are distinct).
fn declaration_of(message: &str) -> &'static str {
    [
        ("Close this issue?", "confirm_close"),
        ("Delete this issue", "confirm_delete"),
        ("Who should own this issue?", "choose_assignee"),
        ("Who should own the new issue?", "choose_owner"),
        ("What should the issue be called?", "edit_title"),
        ("How should this issue be triaged?", "triage"),
        ("Which release are the notes for?", "choose_release"),
        ("Which issues should the report list?", "report_scope"),
        ("Authorize the issue tracker", "authorize_code_host"),
    ]
    .iter()
    .find(|(start, _)| message.starts_with(start))
    .map(|(_, d)| *d)
    .unwrap_or_else(|| panic!("no declaration asks {message:?}"))
}

/// On 2025-06-18 and 2025-11-25, with the balancer keeping each session on its replica, every
/// asking primitive completes: its `elicitation/create` is answered on the replica that waits
/// for it.
#[mcpdesc_needs::needs(services)]
#[test]
fn sessions_stay_on_their_replica_and_every_asking_primitive_completes() {
    let cluster = Cluster::start(2);
    for version in ["2025-06-18", "2025-11-25"] {
        // Two sessions, which round-robin puts on different replicas.
        let mut sessions = [
            Session::open(cluster.addr(), version).expect("a session"),
            Session::open(cluster.addr(), version).expect("a session"),
        ];
        let mut calls = vec![
            (
                "tools/call",
                json!({"name": "assign_issue", "arguments": {"issue": 3}}),
            ),
            (
                "tools/call",
                json!({"name": "edit_issue", "arguments": {"issue": 3}}),
            ),
            (
                "tools/call",
                json!({"name": "create_issue", "arguments": {"title": version}}),
            ),
            (
                "tools/call",
                json!({"name": "close_issue", "arguments": {"issue": 1}}),
            ),
            (
                "prompts/get",
                json!({"name": "release_notes", "arguments": {}}),
            ),
            ("resources/read", json!({"uri": "tracker://reports/all"})),
        ];
        if version == "2025-11-25" {
            calls.push((
                "tools/call",
                json!({"name": "link_repository", "arguments": {"repository": "octo/a"}}),
            ));
        }
        for (i, (method, params)) in calls.into_iter().enumerate() {
            let session = &mut sessions[i % 2];
            let result = session
                .call(method, params.clone())
                .unwrap_or_else(|e| panic!("{version} {params}: {e}"));
            assert_ne!(result["isError"], true, "{version} {params}: {result}");
            if params["name"] == "create_issue" {
                let text = text_of(&result);
                let triaged = if version == "2025-11-25" {
                    " [bug] (kind Defect"
                } else {
                    " []"
                };
                assert!(text.contains(triaged), "{version}: {text}");
                assert!(text.ends_with("owned by hubot"), "{version}: {text}");
            }
        }
    }
}

/// Without the routing rule (round-robin for every request), a session's second request reaches
/// the replica that did not create it, which answers 404: why the balancer needs the rule.
#[mcpdesc_needs::needs(services)]
#[test]
fn without_the_routing_rule_a_session_reaches_a_replica_that_does_not_know_it() {
    let specs = (0..2)
        .map(|i| ReplicaSpec::new(&format!("r{i}"), key_ring("k1", 1)))
        .collect();
    let cluster = Cluster::start_with(specs, Routing::RoundRobin);
    let failure = Session::open(cluster.addr(), "2025-11-25").err();
    assert_eq!(failure.as_deref(), Some("notifications/initialized: 404"));
}

/// A replica killed after it applied an answer and before it answered: the client, retrying the
/// same request, reaches another replica, which refuses the spent state with a clear answer;
/// the change was applied once.
#[mcpdesc_needs::needs(services)]
#[test]
fn a_replica_killed_after_applying_leaves_the_change_applied_once() {
    // One replica stops at the fault point, after closing the issue; the other serves on.
    let specs = vec![
        ReplicaSpec {
            fault: Some("after-close"),
            ..ReplicaSpec::new("faulty", key_ring("k1", 1))
        },
        ReplicaSpec::new("healthy", key_ring("k1", 1)),
    ];
    let cluster = Cluster::start_with(specs, Routing::Sticky);
    let (fault, healthy, redis) = (&cluster.replicas[0], &cluster.replicas[1], &cluster.redis);
    let params = json!({"name": "close_issue", "arguments": {"issue": 1}});
    let (headers, body) = request_2026(1, "tools/call", params.clone());
    let first = post(healthy.addr(), &headers, &body).answer()["result"].clone();
    let mut retry = params;
    retry["inputResponses"] = json!({"confirm_close": answer_for("confirm_close")});
    retry["requestState"] = first["requestState"].clone();
    let (headers, body) = request_2026(2, "tools/call", retry);
    let mut cut = post(fault.addr(), &headers, &body);
    assert_eq!(cut.status, 0, "the faulty replica died before answering");
    assert_eq!(cut.answer(), Value::Null);
    assert!(
        redis
            .cli(&["HGET", "tracker:issues", "1"])
            .contains("\"open\":false")
    );
    // The client retries the same request on the other replica.
    let again = text_of(&post(healthy.addr(), &headers, &body).answer()["result"]);
    assert_eq!(
        again,
        "Cannot ask for confirmation: the retried call's requestState was already brought back once; a state opens once. Nothing was changed."
    );
}

/// A replica killed while a 2025-11-25 question is pending: the client's stream ends at once,
/// and its answer is refused at once; nothing waits for the question's timeout.
#[mcpdesc_needs::needs(services)]
#[test]
fn a_replica_killed_while_a_question_is_pending_ends_the_call_at_once() {
    let mut cluster = Cluster::start(2);
    let mut session = Session::open(cluster.addr(), "2025-11-25").expect("a session");
    let id = session.next;
    let body = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
        "params": {"name": "close_issue", "arguments": {"issue": 1}}});
    let mut stream = post(cluster.addr(), &session.headers(), &body);
    let replica = stream.replica();
    let question = stream.next_message().expect("the question");
    assert_eq!(question["method"], "elicitation/create", "{question}");
    let started = Instant::now();
    let index = cluster
        .replicas
        .iter()
        .position(|r| r.spec.name == replica)
        .expect("the replica that asked");
    cluster.replicas[index].kill();
    assert_eq!(
        stream.next_message(),
        None,
        "the stream ends with the replica"
    );
    let reply =
        json!({"jsonrpc": "2.0", "id": question["id"], "result": answer_for("confirm_close")});
    let status = post(cluster.addr(), &session.headers(), &reply).status;
    assert!(
        status == 404 || status == 503,
        "the answer reaches no one who asked: {status}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    session.next += 1;
    assert!(
        !cluster
            .redis
            .cli(&["HGET", "tracker:issues", "1"])
            .contains("\"open\":false")
    );
}

/// The store stopped: a call that needs it fails at once with an error that says so, and a retry
/// whose state cannot be spent changes nothing; once the store is back, the same retry is
/// applied (its state was never spent).
#[mcpdesc_needs::needs(services)]
#[test]
fn the_store_stopped_fails_calls_clearly_and_the_server_recovers() {
    let mut cluster = Cluster::start(2);
    let params = json!({"name": "close_issue", "arguments": {"issue": 1}});
    let (headers, body) = request_2026(1, "tools/call", params.clone());
    let first = post(cluster.addr(), &headers, &body).answer()["result"].clone();
    let mut retry = params;
    retry["inputResponses"] = json!({"confirm_close": answer_for("confirm_close")});
    retry["requestState"] = first["requestState"].clone();
    let (retry_headers, retry_body) = request_2026(2, "tools/call", retry);

    cluster.redis.stop();
    let started = Instant::now();
    let error = post(cluster.addr(), &headers, &body).answer();
    assert_eq!(error["error"]["code"], -32603, "{error}");
    let message = error["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with("the tracker's store is unavailable"),
        "{message}"
    );
    assert!(message.ends_with("nothing was changed"), "{message}");
    let refused = post(cluster.addr(), &retry_headers, &retry_body).answer();
    assert!(refused.to_string().contains("unavailable"), "{refused}");
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "{:?}",
        started.elapsed()
    );

    cluster.redis.restart();
    assert!(
        !cluster
            .redis
            .cli(&["HGET", "tracker:issues", "1"])
            .contains("\"open\":false")
    );
    // The replicas reconnect by themselves; the same retry is applied once the store answers.
    let deadline = Instant::now() + Duration::from_secs(20);
    let closed = loop {
        let answer = post(cluster.addr(), &retry_headers, &retry_body).answer();
        let text = text_of(&answer["result"]);
        if text == "Closed issue #1" || Instant::now() > deadline {
            break text;
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    assert_eq!(closed, "Closed issue #1");
}

/// The example's HTTP server checks `Host` against DNS rebinding and `Origin` against pages of
/// other sites (loopback ones by default), and refuses a body over rmcp's limit (4 MiB) before
/// reading it into a request.
#[mcpdesc_needs::needs(services)]
#[test]
fn the_http_server_checks_host_origin_and_body_size() {
    let cluster = Cluster::start(1);
    let addr = cluster.replicas[0].addr();
    let (headers, body) = request_2026(
        1,
        "tools/call",
        json!({"name": "close_issue", "arguments": {"issue": 1}}),
    );
    let body = body.to_string();
    let status = |host: &str, origin: Option<&str>, body: &str| {
        let mut headers = headers.clone();
        if let Some(origin) = origin {
            headers.push(("Origin", origin.to_owned()));
        }
        post_text(addr, host, &headers, body).status
    };
    let loopback = format!("127.0.0.1:{}", addr.port());
    assert_eq!(status(&loopback, None, &body), 200);
    assert_eq!(
        status(&format!("localhost:{}", addr.port()), None, &body),
        200
    );
    assert_eq!(status("tracker.attacker.example", None, &body), 403);
    assert_eq!(status(&loopback, Some("http://localhost:5173"), &body), 200);
    assert_eq!(
        status(&loopback, Some("https://attacker.example"), &body),
        403
    );
    let padding = "x".repeat(4 * 1024 * 1024 + 1);
    let large = json!({"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"pad": padding}});
    assert_eq!(status(&loopback, None, &large.to_string()), 413);
}

/// Over Streamable HTTP, through the balancer: an answer to `elicitation/create` the server
/// cannot read ends the call at once with an error that says so (not the question's timeout);
/// a request it cannot read is answered at once with -32700 and its id.
#[mcpdesc_needs::needs(services)]
#[test]
fn bodies_the_server_cannot_read_end_the_call_at_once() {
    let cluster = Cluster::start(2);
    let addr = cluster.addr();
    let mut session = Session::open(addr, "2025-11-25").expect("a session");
    let host = format!("127.0.0.1:{}", addr.port());
    let answers = [
        (
            r#"{"jsonrpc":"2.0","id":ID,"result":{"action":"accept","content":{"confirm":NaN}}}"#,
            "could not be read",
        ),
        (
            r#"{"jsonrpc":"2.0","id":ID,"result":{"action":"accept","content":{"reason":"\ud800","confirm":true}}}"#,
            "could not be read",
        ),
        ("no JSON at all", "could not be read"),
        (
            r#"{"jsonrpc":"2.0","id":ID,"result":{"action":"maybe"}}"#,
            "is not an elicitation result: unknown variant `maybe`",
        ),
        (
            r#"{"jsonrpc":"2.0","id":ID,"result":{}}"#,
            "is not an elicitation result: missing field `action`",
        ),
    ];
    for (answer, words) in answers {
        let id = session.next;
        session.next += 1;
        let body = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": "close_issue", "arguments": {"issue": 1}}});
        let started = Instant::now();
        let mut stream = post(addr, &session.headers(), &body);
        let question = stream.next_message().expect("the question");
        assert_eq!(question["method"], "elicitation/create", "{question}");
        let line = answer.replace("ID", &question["id"].to_string());
        let status = post_text(addr, &host, &session.headers(), &line).status;
        assert_eq!(status, 202, "{answer}");
        let result = stream.answer();
        let text = text_of(&result["result"]);
        assert_eq!(result["result"]["isError"], true, "{answer}: {result}");
        assert!(text.contains(words), "{answer}: {text}");
        assert!(text.ends_with("Nothing was changed."), "{text}");
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{:?}",
            started.elapsed()
        );
    }
    // 2026-07-28: a request that is not JSON is answered at once, with its id.
    let (headers, _) = request_2026(9, "tools/call", json!({"name": "close_issue"}));
    let line = r#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"close_issue","arguments":{"issue":NaN}}}"#;
    let mut reply = post_text(addr, &host, &headers, line);
    assert_eq!(reply.status, 400);
    let error = reply.answer();
    assert_eq!(
        (error["id"].clone(), error["error"]["code"].clone()),
        (json!(9), json!(-32700)),
        "{error}"
    );
    assert!(
        !cluster
            .redis
            .cli(&["HGET", "tracker:issues", "1"])
            .contains("\"open\":false")
    );
}

/// Over Streamable HTTP (`session::HttpService`), as over stdio: a number the client wrote that
/// reading changes is said as written in the question asked again.
#[mcpdesc_needs::needs(services)]
#[test]
fn numbers_out_of_range_are_said_as_written_over_http() {
    let cluster = Cluster::start(1);
    let addr = cluster.replicas[0].addr();
    let (headers, first) = request_2026(
        1,
        "tools/call",
        json!({"name": "create_issue", "arguments": {"title": "Big"}}),
    );
    let required = post(addr, &headers, &first).answer();
    let state = required["result"]["requestState"]
        .as_str()
        .unwrap_or_else(|| panic!("{required}"))
        .to_owned();
    let (headers, mut retry) = request_2026(
        2,
        "tools/call",
        json!({"name": "create_issue", "arguments": {"title": "Big"}}),
    );
    retry["params"]["requestState"] = json!(state);
    retry["params"]["inputResponses"] = json!({"triage": {"action": "accept",
        "content": {"labels": ["bug"], "kind": "defect", "estimate": "BIG"}}});
    // Written by hand: serde_json would write the number as the double it reads.
    let body = retry
        .to_string()
        .replace(r#""BIG""#, "99999999999999999999999999");
    let host = format!("127.0.0.1:{}", addr.port());
    let again = post_text(addr, &host, &headers, &body).answer();
    assert_eq!(
        again["result"]["inputRequests"]["triage"]["params"]["_meta"]["io.github.mcpdesc-rs/problems"],
        json!(["`estimate` 99999999999999999999999999 is above the maximum 13"]),
        "{again}"
    );
}
