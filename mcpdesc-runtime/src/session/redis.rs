//! Spent `requestState`s in Redis, shared by every replica of a server (feature `redis`).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime};

use redis::aio::{ConnectionManager, ConnectionManagerConfig};

use super::policy::{SpendFuture, SpentStates};

/// Spent states kept in Redis, so that a state spent on one replica is refused on every other.
///
/// Spending a state is one command, `SET <prefix><nonce> <token> NX PX <ms>`: Redis sets the key
/// only when it is absent, and forgets it once no replica can open the state any more (the
/// expiry sealed in it plus [`Policy::clock_skew`], counted from when Redis sets the key, so
/// Redis's own clock does not shorten it). Replicas that share the Redis server and the key
/// ring therefore open each state once between them, whatever the order in which their
/// retries arrive.
///
/// **What Redis must keep.** A spent state that Redis forgets early opens again. Run the
/// server with `maxmemory-policy noeviction` (any other policy may evict these keys under
/// memory pressure; `volatile-*` evicts exactly them), with the append-only file on
/// (`appendonly yes`; `appendfsync always` loses nothing in a crash, `everysec` up to a
/// second), and, where Redis has replicas that a failover promotes, require each write on
/// them with [`acknowledged_by`](Self::acknowledged_by). On its first command the store reads
/// Redis's settings and logs a warning event (target `mcpdesc_runtime::session`) for each way
/// spent states could be lost; [`durability`](Self::durability) says the same when called.
///
/// Use it when the server runs as more than one process, or must refuse a replay across a
/// restart. A server that runs as one process can keep [`MemorySpentStates`], the default.
///
/// **When Redis cannot answer**, the state is refused: the retry ends with
/// [`ElicitError::SpentStore`], nothing is read from the state, and the primitive's code does not
/// run past its `ask!`. A state is never accepted unchecked. The client may retry the same
/// state once Redis is back: a state that was never spent still opens. Every command waits at
/// most [`DEFAULT_TIMEOUT`](Self::DEFAULT_TIMEOUT), or the time given to
/// [`timeout`](Self::timeout). A command that meets a broken connection (Redis restarted, say)
/// is sent once more on a new one; the key's token tells whether the first one set it.
///
/// ```no_run
/// use mcpdesc_runtime::session::{Policy, RedisSpentStates};
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let spent = RedisSpentStates::open("redis://127.0.0.1:6379/")?;
/// let policy = Policy::from_env("TRACKER_STATE_KEYS")?.spent_states(spent);
/// # Ok(())
/// # }
/// ```
///
/// [`MemorySpentStates`]: super::MemorySpentStates
/// [`ElicitError::SpentStore`]: super::ElicitError::SpentStore
/// [`Policy::clock_skew`]: super::Policy::clock_skew
#[derive(Clone)]
pub struct RedisSpentStates {
    connection: ConnectionManager,
    prefix: String,
    timeout: Duration,
    /// The replicas that must acknowledge a spent state, and how long to wait for them.
    acknowledgements: Option<(u32, Duration)>,
    /// Whether Redis's settings were read and their risks logged.
    durability_read: Arc<AtomicBool>,
}

impl std::fmt::Debug for RedisSpentStates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisSpentStates")
            .field("prefix", &self.prefix)
            .field("timeout", &self.timeout)
            .field("acknowledgements", &self.acknowledgements)
            .finish_non_exhaustive()
    }
}

impl RedisSpentStates {
    /// The prefix of the keys it sets, unless told otherwise ([`prefix`](Self::prefix)).
    pub const DEFAULT_PREFIX: &'static str = "mcpdesc:spent:";

    /// How long one command may take, connecting included, unless told otherwise
    /// ([`timeout`](Self::timeout)).
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(2);

    /// The store at `url` (`redis://host:port/db`, `rediss://` with TLS where the `redis`
    /// crate's TLS feature is on). It connects on first use, not now, so a server starts while
    /// Redis is down; it reconnects by itself, and each command waits at most
    /// [`DEFAULT_TIMEOUT`](Self::DEFAULT_TIMEOUT).
    ///
    /// # Errors
    ///
    /// The `redis` crate's error when `url` cannot be read.
    pub fn open(url: &str) -> Result<Self, redis::RedisError> {
        let client = redis::Client::open(url)?;
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(Self::DEFAULT_TIMEOUT))
            .set_response_timeout(Some(Self::DEFAULT_TIMEOUT))
            .set_number_of_retries(1)
            .set_max_delay(Duration::from_millis(200));
        let connection = ConnectionManager::new_lazy_with_config(client, config)?;
        Ok(Self::with_connection(connection))
    }

    /// The store behind a connection the server already has (its own time limits and
    /// reconnection apply, and each command still waits at most
    /// [`DEFAULT_TIMEOUT`](Self::DEFAULT_TIMEOUT)).
    pub fn with_connection(connection: ConnectionManager) -> Self {
        RedisSpentStates {
            connection,
            prefix: Self::DEFAULT_PREFIX.to_owned(),
            timeout: Self::DEFAULT_TIMEOUT,
            acknowledgements: None,
            durability_read: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The connection it spends states on: a server that keeps its own data in the same Redis
    /// shares it (and its time limits and reconnection) this way.
    pub fn connection(&self) -> ConnectionManager {
        self.connection.clone()
    }

    /// Sets keys under `prefix` instead of [`DEFAULT_PREFIX`](Self::DEFAULT_PREFIX): servers
    /// that share one Redis database and do not share a key ring keep apart this way.
    #[must_use]
    pub fn prefix(mut self, prefix: impl Into<String>) -> Self {
        self.prefix = prefix.into();
        self
    }

    /// How long one command may take before the state is refused.
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Requires each spent state to reach `replicas` of Redis's replicas within `within`
    /// (`WAIT`) before the state opens; when fewer acknowledge it in time, the state is refused
    /// ([`ElicitError::SpentStore`](super::ElicitError::SpentStore)), and the client may retry.
    ///
    /// Use it where a failover promotes a replica: a write the old primary acknowledged alone
    /// can be lost with it, and the state would open again. `within` counts toward the call's
    /// wait, not toward [`timeout`](Self::timeout).
    #[must_use]
    pub fn acknowledged_by(mut self, replicas: u32, within: Duration) -> Self {
        self.acknowledgements = Some((replicas, within));
        self
    }

    /// Reads Redis's settings and says each way they could lose a spent state, which would then
    /// open again: an eviction policy other than `noeviction`, no persistence or persistence
    /// that loses the last writes, replicas that a write is not required to reach.
    ///
    /// The store does this on its first command and logs each risk as a warning event, unless
    /// this was called first: call it at start-up to refuse to start, or to show the risks
    /// your own way, and the store does not read them again.
    ///
    /// # Errors
    ///
    /// The `redis` crate's error when Redis cannot be reached or refuses `CONFIG GET` (managed
    /// services often do: check the settings there).
    pub async fn durability(&self) -> Result<Durability, redis::RedisError> {
        let mut connection = self.connection.clone();
        let mut config = redis::cmd("CONFIG");
        config
            .arg("GET")
            .arg("maxmemory-policy")
            .arg("appendonly")
            .arg("appendfsync")
            .arg("save");
        let settings: std::collections::HashMap<String, String> =
            config.query_async(&mut connection).await?;
        let info: String = redis::cmd("INFO")
            .arg("replication")
            .query_async(&mut connection)
            .await?;
        let setting = |name: &str| settings.get(name).cloned().unwrap_or_default();
        let connected_replicas = info
            .lines()
            .find_map(|line| line.strip_prefix("connected_slaves:"))
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or(0);
        self.durability_read.store(true, Ordering::Release);
        Ok(Durability::judge(
            &setting("maxmemory-policy"),
            &setting("appendonly"),
            &setting("appendfsync"),
            &setting("save"),
            connected_replicas,
            self.acknowledgements.map_or(0, |(n, _)| n),
        ))
    }

    /// On the first command: reads the settings and logs each risk, once per store.
    async fn warn_once_about_durability(&self) {
        if self.durability_read.swap(true, Ordering::AcqRel) {
            return;
        }
        // Within the store's time limit, as every command of a spend.
        let Ok(read) = tokio::time::timeout(self.timeout, self.durability()).await else {
            self.durability_read.store(false, Ordering::Release);
            return;
        };
        match read {
            Ok(durability) => {
                for risk in durability.risks() {
                    tracing::warn!(target: "mcpdesc_runtime::session", risk = risk.as_str(), "spent states could be lost");
                }
            }
            Err(e) if connection_broke(&e) => self.durability_read.store(false, Ordering::Release),
            Err(e) => {
                tracing::warn!(target: "mcpdesc_runtime::session", error = %e, "Redis's settings could not be read; make sure it keeps spent states (noeviction, appendonly)");
            }
        }
    }
}

/// What Redis's settings mean for the spent states it keeps
/// ([`RedisSpentStates::durability`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Durability {
    risks: Vec<String>,
}

impl Durability {
    /// The risks of these settings (as `CONFIG GET` and `INFO replication` give them).
    fn judge(
        eviction: &str,
        append_only: &str,
        fsync: &str,
        save: &str,
        connected_replicas: u32,
        required_acknowledgements: u32,
    ) -> Self {
        let mut risks = Vec::new();
        if !eviction.is_empty() && eviction != "noeviction" {
            risks.push(format!(
                "maxmemory-policy is {eviction}: Redis may evict spent states when its memory is full, and they would open again; set it to noeviction"
            ));
        }
        match (append_only, fsync) {
            ("yes", "always") => {}
            ("yes", "everysec") => risks.push(
                "appendfsync is everysec: a crash of Redis can lose the spent states of the last second; set it to always where that matters".to_owned(),
            ),
            ("yes", fsync) => risks.push(format!(
                "appendfsync is {fsync}: a crash of the machine can lose the spent states the operating system has not yet written; set it to always, or everysec"
            )),
            _ if save.trim().is_empty() => risks.push(
                "Redis does not persist (appendonly no, no save points): a restart forgets every spent state; set appendonly yes".to_owned(),
            ),
            _ => risks.push(
                "Redis persists by snapshots only (appendonly no): a restart forgets the spent states since the last one; set appendonly yes".to_owned(),
            ),
        }
        if connected_replicas > required_acknowledgements {
            risks.push(format!(
                "Redis has {connected_replicas} replicas and a spent state must reach {required_acknowledgements} of them: a failover can lose it; require acknowledgement (RedisSpentStates::acknowledged_by)"
            ));
        }
        Durability { risks }
    }

    /// Each way a spent state could be lost, said with the setting that fixes it; empty when
    /// none is known.
    pub fn risks(&self) -> &[String] {
        &self.risks
    }

    /// Whether no risk is known.
    pub fn is_safe(&self) -> bool {
        self.risks.is_empty()
    }
}

/// Why Redis did not record a spent state.
#[derive(Debug)]
enum StoreError {
    Redis(redis::RedisError),
    Timeout(Duration),
    /// Fewer replicas than required acknowledged the write in time.
    NotAcknowledged {
        wanted: u32,
        acknowledged: u32,
    },
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Redis(e) => write!(f, "Redis did not record the state: {e}"),
            StoreError::Timeout(t) => {
                write!(f, "Redis did not answer within {} s", t.as_secs_f64())
            }
            StoreError::NotAcknowledged {
                wanted,
                acknowledged,
            } => write!(
                f,
                "{acknowledged} of the {wanted} Redis replicas required acknowledged the spent state in time"
            ),
        }
    }
}

impl std::error::Error for StoreError {}

/// Whether `error` says the connection broke, so that the command never reached the server or
/// its answer never came back: the connection manager reconnects, and the command is sent once
/// more.
fn connection_broke(error: &redis::RedisError) -> bool {
    error.is_connection_dropped() || error.is_io_error() || error.is_unrecoverable_error()
}

/// The longest a spent state is kept with an expiry; one that must be kept longer is kept with
/// none (Redis refuses an expiry too far ahead).
const LONGEST_EXPIRY: Duration = Duration::from_secs(100 * 365 * 24 * 60 * 60);

impl RedisSpentStates {
    /// `SET key token NX [PX ms]`: whether this call set the key. On a broken connection the
    /// command is sent once more; a key found set then is this call's own when it holds
    /// `token`.
    async fn set_once(
        &self,
        connection: &mut ConnectionManager,
        key: &str,
        token: &str,
        keep: Option<u64>,
    ) -> Result<bool, StoreError> {
        let mut set = redis::cmd("SET");
        set.arg(key).arg(token).arg("NX");
        if let Some(ms) = keep {
            set.arg("PX").arg(ms);
        }
        let first = self.query::<Option<String>>(connection, &set).await;
        match first {
            Ok(reply) => Ok(reply.is_some()),
            Err(StoreError::Redis(e)) if connection_broke(&e) => {
                if self
                    .query::<Option<String>>(connection, &set)
                    .await?
                    .is_some()
                {
                    return Ok(true);
                }
                let mut get = redis::cmd("GET");
                get.arg(key);
                let held = self.query::<Option<String>>(connection, &get).await?;
                Ok(held.as_deref() == Some(token))
            }
            Err(e) => Err(e),
        }
    }

    /// One command, within the time limit.
    async fn query<T: redis::FromRedisValue>(
        &self,
        connection: &mut ConnectionManager,
        command: &redis::Cmd,
    ) -> Result<T, StoreError> {
        match tokio::time::timeout(self.timeout, command.query_async::<T>(connection)).await {
            Ok(Ok(reply)) => Ok(reply),
            Ok(Err(e)) => Err(StoreError::Redis(e)),
            Err(_) => Err(StoreError::Timeout(self.timeout)),
        }
    }

    /// `WAIT replicas ms`, when required: `Ok` once enough replicas hold the write.
    async fn acknowledged(&self, connection: &mut ConnectionManager) -> Result<(), StoreError> {
        let Some((wanted, within)) = self.acknowledgements else {
            return Ok(());
        };
        let mut wait = redis::cmd("WAIT");
        wait.arg(wanted)
            .arg(u64::try_from(within.as_millis()).unwrap_or(u64::MAX));
        let acknowledged: u32 = self.query(connection, &wait).await?;
        if acknowledged < wanted {
            return Err(StoreError::NotAcknowledged {
                wanted,
                acknowledged,
            });
        }
        Ok(())
    }
}

impl SpentStates for RedisSpentStates {
    fn spend<'a>(&'a self, id: &'a str, expires: SystemTime) -> SpendFuture<'a> {
        // Kept for the time left until `expires` by this replica's clock, counted by Redis from
        // when it sets the key: Redis's own clock does not shorten it.
        let left = expires
            .duration_since(SystemTime::now())
            .unwrap_or(Duration::ZERO);
        let keep = (left < LONGEST_EXPIRY).then(|| {
            u64::try_from(left.as_millis())
                .unwrap_or(u64::MAX)
                .saturating_add(1)
        });
        let key = format!("{}{id}", self.prefix);
        Box::pin(async move {
            self.warn_once_about_durability().await;
            let mut connection = self.connection.clone();
            let token = super::asker::new_nonce();
            let first = self.set_once(&mut connection, &key, &token, keep).await;
            let outcome = match first {
                Ok(true) => self.acknowledged(&mut connection).await.map(|()| true),
                other => other,
            };
            outcome.map_err(|e| Box::new(e) as _)
        })
    }
}
