//! The tracker's data in a real Redis server, as replicas share it: a change made by one replica
//! between another's read of an issue and its write is not written over.

use redis::aio::ConnectionManager;

use crate::cluster::{Redis, services};
use crate::store::{Data, MOST_UPDATE_TRIES, StoreError};

/// The tracker's data in `redis`, as a replica opens it.
async fn open(redis: &Redis) -> Data {
    let client = redis::Client::open(redis.url()).expect("a Redis URL");
    let connection = ConnectionManager::new(client).await.expect("Redis answers");
    Data::redis(connection).await.expect("Redis answers")
}

/// A Redis server, and the tracker's data in it as one replica opens it; `None` when the
/// services cannot be had (see [`services`]).
async fn started() -> (Redis, Data) {
    services();
    let redis = Redis::start();
    let data = open(&redis).await;
    (redis, data)
}

/// What another replica does, on a thread and a runtime of its own, while this one waits in the
/// middle of a change: renames issue `number` to `title`.
fn other_replica_renames(redis: &Redis, number: u64, title: &str) {
    std::thread::scope(|s| {
        s.spawn(|| {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime");
            runtime.block_on(async {
                let other = open(redis).await;
                let renamed = other
                    .update(number, |issue| issue.title = title.to_owned())
                    .await
                    .expect("Redis answers");
                assert!(renamed, "issue #{number} exists");
            });
        })
        .join()
        .expect("the other replica's change");
    });
}

#[mcpdesc_needs::needs(services)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_made_between_a_read_and_a_write_is_kept() {
    let (redis, data) = started().await;
    let mut tries = 0;
    let assigned = data
        .update(2, |issue| {
            tries += 1;
            if tries == 1 {
                // Read by this replica, renamed by the other before this one writes.
                other_replica_renames(&redis, 2, "Renamed by the other replica");
            }
            issue.assignee = Some("octocat".to_owned());
        })
        .await
        .expect("Redis answers");
    assert!(assigned);
    // The first write was refused, and the change made again on the renamed issue.
    assert_eq!(tries, 2);
    let issue = data
        .issue(2)
        .await
        .expect("Redis answers")
        .expect("issue #2");
    assert_eq!(issue.title, "Renamed by the other replica");
    assert_eq!(issue.assignee.as_deref(), Some("octocat"));
}

#[mcpdesc_needs::needs(services)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_contended_every_time_gives_up_and_writes_nothing() {
    let (redis, data) = started().await;
    let mut tries = 0;
    let refused = data
        .update(3, |issue| {
            tries += 1;
            other_replica_renames(&redis, 3, &format!("Renamed {tries} times"));
            issue.open = false;
        })
        .await
        .expect_err("contended every time");
    assert!(
        matches!(refused, StoreError::Contended { issue: 3 }),
        "{refused}"
    );
    assert_eq!(tries, MOST_UPDATE_TRIES);
    assert_eq!(
        rmcp::ErrorData::from(refused).message,
        format!(
            "issue #3 was changed by other calls each of the {MOST_UPDATE_TRIES} times this call \
             tried to change it; nothing was changed"
        )
    );
    let issue = data
        .issue(3)
        .await
        .expect("Redis answers")
        .expect("issue #3");
    assert_eq!(issue.title, format!("Renamed {MOST_UPDATE_TRIES} times"));
    assert!(issue.open, "the contended change was not written");
}

#[mcpdesc_needs::needs(services)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_issue_deleted_between_a_read_and_a_write_is_not_written_back() {
    let (redis, data) = started().await;
    let changed = data
        .update(1, |issue| {
            assert_eq!(redis.cli(&["HDEL", "tracker:issues", "1"]), "1");
            issue.open = false;
        })
        .await
        .expect("Redis answers");
    assert!(!changed);
    assert!(data.issue(1).await.expect("Redis answers").is_none());
}
