//! What Redis must be set up with for spent states to stay spent, held against real Redis
//! servers: the risks `RedisSpentStates` reads and says of each setup, a spent state kept across
//! a restart only with persistence, and acknowledgement by replicas required when asked for.

use std::time::{Duration, Instant, SystemTime};

use mcpdesc_runtime::session::{RedisSpentStates, SpentStates};
use tracing::Level;

use crate::cluster::{Process, Redis, free_port, services};
use crate::said::Collected;

/// A runtime of one worker for the store: enter it before making the store, whose connection
/// manager spawns its task on the runtime it is made in.
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap()
}

fn later() -> SystemTime {
    SystemTime::now() + Duration::from_secs(60)
}

/// A Redis that evicts keys with an expiry and does not persist: both risks are said, by
/// `durability` and as warning events on the store's first command, each with the setting
/// that fixes it; the setup the replicas reference gives has none.
#[mcpdesc_needs::needs(services)]
#[test]
fn the_store_says_each_way_redis_could_lose_a_spent_state() {
    services();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    // The connection manager spawns its task on the runtime it is made in.
    let _runtime = runtime.enter();
    let risky = Redis::start_with(&["--maxmemory-policy", "volatile-lru", "--appendonly", "no"]);
    let warnings = Collected::default();
    let _guard = tracing::subscriber::set_default(warnings.clone());
    let spent = RedisSpentStates::open(&risky.url()).unwrap();
    let durability = runtime.block_on(spent.durability()).unwrap();
    let risks = durability.risks();
    assert_eq!(risks.len(), 2, "{risks:?}");
    assert!(
        risks[0].starts_with("maxmemory-policy is volatile-lru"),
        "{}",
        risks[0]
    );
    assert!(risks[0].ends_with("set it to noeviction"), "{}", risks[0]);
    assert!(
        risks[1].contains("a restart forgets every spent state"),
        "{}",
        risks[1]
    );
    assert!(risks[1].ends_with("set appendonly yes"), "{}", risks[1]);

    // A store whose settings the server read itself does not read them again.
    assert!(runtime.block_on(spent.spend("n1", later())).unwrap());
    let risks_said = || -> Vec<String> {
        let events = warnings.0.lock().unwrap();
        events
            .iter()
            .filter(|e| e.level == Level::WARN)
            .filter_map(|e| e.fields.get("risk").cloned())
            .collect()
    };
    assert_eq!(risks_said(), Vec::<String>::new());
    // Another store says them as warning events on its first command, once.
    let other = RedisSpentStates::open(&risky.url()).unwrap();
    assert!(runtime.block_on(other.spend("n2", later())).unwrap());
    assert!(runtime.block_on(other.spend("n3", later())).unwrap());
    assert_eq!(risks_said(), risks);

    // Persisted every second: the last second is at risk, and said so.
    let everysec = Redis::start_with(&["--appendonly", "yes", "--appendfsync", "everysec"]);
    let spent = RedisSpentStates::open(&everysec.url()).unwrap();
    let risks = runtime.block_on(spent.durability()).unwrap();
    assert_eq!(risks.risks().len(), 1, "{risks:?}");
    assert!(risks.risks()[0].starts_with("appendfsync is everysec"));
    assert!(risks.risks()[0].contains("the last second"));
    // Left to the operating system: what it has not written yet, said so.
    let unsynced = Redis::start_with(&["--appendonly", "yes", "--appendfsync", "no"]);
    let spent = RedisSpentStates::open(&unsynced.url()).unwrap();
    let risks = runtime.block_on(spent.durability()).unwrap();
    assert_eq!(
        risks.risks(),
        [
            "appendfsync is no: a crash of the machine can lose the spent states the operating system has not yet written; set it to always, or everysec"
        ]
    );

    // The reference's setup (noeviction, the default; appendonly, synced on each write).
    let safe = Redis::start();
    let spent = RedisSpentStates::open(&safe.url()).unwrap();
    assert!(runtime.block_on(spent.durability()).unwrap().is_safe());
}

/// A state spent before Redis restarts is still spent after it with the append-only file, and
/// opens again without persistence: why the reference requires it.
#[mcpdesc_needs::needs(services)]
#[test]
fn a_spent_state_outlives_a_restart_only_when_redis_persists() {
    services();
    let runtime = runtime();
    let _runtime = runtime.enter();
    for (settings, kept) in [
        (
            &["--appendonly", "yes", "--appendfsync", "always"][..],
            true,
        ),
        (&["--appendonly", "no"][..], false),
    ] {
        let mut redis = Redis::start_with(settings);
        let spent = RedisSpentStates::open(&redis.url()).unwrap();
        assert!(runtime.block_on(spent.spend("n1", later())).unwrap());
        redis.stop();
        redis.restart();
        // The first command after the restart meets the broken connection and is sent again.
        let opens_again = runtime.block_on(spent.spend("n1", later())).unwrap();
        assert_eq!(!opens_again, kept, "{settings:?}");
    }
}

/// With `acknowledged_by(1, …)`, a spent state opens only once a replica of Redis holds it: with
/// none, the state is refused within the wait and says so; with one, it opens once.
#[mcpdesc_needs::needs(services)]
#[test]
fn a_spent_state_opens_only_once_the_required_replicas_hold_it() {
    services();
    let runtime = runtime();
    let _runtime = runtime.enter();
    let primary = Redis::start();
    let spent = RedisSpentStates::open(&primary.url())
        .unwrap()
        .acknowledged_by(1, Duration::from_millis(300));
    let started = Instant::now();
    let error = runtime.block_on(spent.spend("n1", later())).unwrap_err();
    assert_eq!(
        error.to_string(),
        "0 of the 1 Redis replicas required acknowledged the spent state in time"
    );
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    // The key was set: the state stays refused as spent even so, which is the safe side.
    assert!(!runtime.block_on(spent.spend("n1", later())).unwrap_or(true));

    // A replica of the primary.
    let port = free_port();
    let dir = tempfile::tempdir().unwrap();
    let replica = std::process::Command::new("redis-server")
        .args([
            "--bind",
            "127.0.0.1",
            "--port",
            &port.to_string(),
            "--save",
            "",
        ])
        .args(["--replicaof", "127.0.0.1", &primary.port.to_string()])
        .arg("--dir")
        .arg(dir.path())
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("redis-server starts");
    let _replica = Process(replica);
    let deadline = Instant::now() + Duration::from_secs(20);
    while !primary
        .cli(&["INFO", "replication"])
        .contains("state=online")
    {
        assert!(Instant::now() < deadline, "the replica did not connect");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(runtime.block_on(spent.spend("n2", later())).unwrap());
    assert!(!runtime.block_on(spent.spend("n2", later())).unwrap());
    // Without the requirement, a replica that a write need not reach is a risk, and said so.
    let unrequired = RedisSpentStates::open(&primary.url()).unwrap();
    let risks = runtime.block_on(unrequired.durability()).unwrap();
    assert!(
        risks
            .risks()
            .iter()
            .any(|r| r.contains("a failover can lose it")),
        "{risks:?}"
    );
    assert!(runtime.block_on(spent.durability()).unwrap().is_safe());
}
