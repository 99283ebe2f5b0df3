//! Spent `requestState`s in Redis, shared by every replica of a server (feature `redis`).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use redis::aio::{ConnectionManager, ConnectionManagerConfig};

use super::policy::{SpendFuture, SpentStates};

/// Spent states kept in Redis, so that a state spent on one replica is refused on every other.
///
/// Spending a state is one command, `SET <prefix><nonce> 1 NX PXAT <expiry>`: Redis sets the key
/// only when it is absent, and forgets it when the state expires. Replicas that share the
/// Redis server and the key ring therefore open each state once between them, whatever the
/// order in which their retries arrive.
///
/// Use it when the server runs as more than one process, or must refuse a replay across a
/// restart. A server that runs as one process can keep [`MemorySpentStates`], the default.
///
/// **When Redis cannot answer**, the state is refused: the retry ends with
/// [`ElicitError::SpentStore`], nothing is read from the state, and the primitive's code does not
/// run past its `ask!`. A state is never accepted unchecked. The client may retry the same
/// state once Redis is back: a state that was never spent still opens. Every command waits at
/// most [`DEFAULT_TIMEOUT`](Self::DEFAULT_TIMEOUT), or the time given to
/// [`timeout`](Self::timeout).
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
#[derive(Clone)]
pub struct RedisSpentStates {
    connection: ConnectionManager,
    prefix: String,
    timeout: Duration,
}

impl std::fmt::Debug for RedisSpentStates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisSpentStates")
            .field("prefix", &self.prefix)
            .field("timeout", &self.timeout)
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
}

/// Why Redis did not record a spent state.
#[derive(Debug)]
enum StoreError {
    Redis(redis::RedisError),
    Timeout(Duration),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Redis(e) => write!(f, "Redis did not record the state: {e}"),
            StoreError::Timeout(t) => {
                write!(f, "Redis did not answer within {} s", t.as_secs_f64())
            }
        }
    }
}

impl std::error::Error for StoreError {}

impl SpentStates for RedisSpentStates {
    fn spend<'a>(&'a self, id: &'a str, expires: SystemTime) -> SpendFuture<'a> {
        // A state is remembered at least until it expires (a moment past it, rounded up to the
        // millisecond), and at least one millisecond: `PXAT` in the past would set no key.
        let until = expires
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_millis().saturating_add(1))
            .max(1);
        let until = u64::try_from(until).unwrap_or(u64::MAX);
        let mut connection = self.connection.clone();
        let key = format!("{}{id}", self.prefix);
        let timeout = self.timeout;
        Box::pin(async move {
            let mut set = redis::cmd("SET");
            set.arg(&key).arg(1).arg("NX").arg("PXAT").arg(until);
            let reply =
                tokio::time::timeout(timeout, set.query_async::<Option<String>>(&mut connection))
                    .await;
            match reply {
                // `OK` when the key was set: the state was not spent before.
                Ok(Ok(reply)) => Ok(reply.is_some()),
                Ok(Err(e)) => Err(Box::new(StoreError::Redis(e)) as _),
                Err(_) => Err(Box::new(StoreError::Timeout(timeout)) as _),
            }
        })
    }
}
