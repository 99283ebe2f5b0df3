//! `mcpdesc test` over Streamable HTTP: the tracker as two replicas behind HAProxy, each asking
//! for a bearer token, held to its description on every version as `mcpdesc test --url` holds it.

use mcpdesc_check::tester::{Server, Status, Test};
use serde_json::json;

use super::cluster::{Cluster, ReplicaSpec, Routing, key_ring};
use super::example;

const TOKENS: &str = "alice:alice-token-0123456789";

fn block_on<F: std::future::Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(future)
}

/// The engine, as a user points it at a deployed test instance: the destructive tool left out
/// (the data is shared by every session of the run), issue 1 given for the tools that act on
/// one.
fn test() -> Test {
    Test::new(example::description())
        .seed(20261206)
        .cases(5)
        .skip("delete_issue")
        .arguments("assign_issue", json!({"issue": 1}))
        .arguments("edit_issue", json!({"issue": 1}))
        .arguments("close_issue", json!({"issue": 1}))
}

#[mcpdesc_needs::needs(services)]
#[test]
fn the_replicas_keep_their_description_over_http_with_a_bearer_token() {
    let specs = (0..2)
        .map(|i| ReplicaSpec {
            tokens: Some(TOKENS.to_owned()),
            ..ReplicaSpec::new(&format!("r{i}"), key_ring("k1", 1))
        })
        .collect();
    let cluster = Cluster::start_with(specs, Routing::Sticky);
    let url = format!("http://{}/mcp", cluster.addr());

    let server = Server::http(url.clone()).bearer_token("alice-token-0123456789");
    let report = block_on(test().run(&server));
    assert_eq!(report.status(), Status::Passed, "{report}");
    assert_eq!(report.versions.len(), 3);
    assert!(
        report.versions.iter().all(|v| v.served && v.calls > 0),
        "{report}"
    );

    // Without the token every session is refused: the run cannot be made.
    let report = block_on(test().run(&Server::http(url)));
    assert_eq!(report.status(), Status::NotRun, "{report}");
    assert_eq!(report.calls, 0);
}
