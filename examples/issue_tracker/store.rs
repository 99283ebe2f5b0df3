//! Where the tracker keeps its issues, teammates and linked repositories: in this process's
//! memory when it runs alone, in Redis when it runs as replicas (`--store redis://…`).
//!
//! Every change is one atomic step in the store (one command, or one script), so a store that
//! fails mid-call leaves nothing half-applied: the call fails and says so.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::{Arc, Mutex};

use redis::aio::ConnectionManager;
use serde::{Deserialize, Serialize};

/// One issue.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Issue {
    pub title: String,
    pub labels: Vec<String>,
    pub assignee: Option<String>,
    pub open: bool,
}

/// The tracker's data.
#[derive(Clone)]
pub enum Data {
    /// In this process.
    Memory(Arc<Mutex<Memory>>),
    /// In Redis, under keys that start with `tracker:`.
    Redis(ConnectionManager),
}

/// The data of a tracker that runs alone.
#[derive(Default)]
pub struct Memory {
    issues: BTreeMap<u64, Issue>,
    team: BTreeMap<String, String>,
    linked: BTreeSet<String>,
}

/// Why a change was not made.
#[derive(Debug)]
pub enum StoreError {
    /// The store did not answer, or answered with something the tracker did not write.
    Unavailable(String),
    /// Other replicas changed the issue between each of this call's reads and its write, every
    /// time it tried.
    Contended { issue: u64 },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Unavailable(why) => {
                write!(f, "the tracker's store is unavailable ({why})")
            }
            StoreError::Contended { issue } => write!(
                f,
                "issue #{issue} was changed by other calls each of the {MOST_UPDATE_TRIES} times this call tried to change it"
            ),
        }
    }
}

impl From<redis::RedisError> for StoreError {
    fn from(e: redis::RedisError) -> Self {
        StoreError::Unavailable(e.to_string())
    }
}

impl From<serde_json::Error> for StoreError {
    fn from(e: serde_json::Error) -> Self {
        StoreError::Unavailable(format!("an issue in the store cannot be read: {e}"))
    }
}

/// What the client is told. What the store said names the server's setup (`NOAUTH`,
/// `READONLY`, a host), so it goes to the server's standard error instead.
impl From<StoreError> for rmcp::ErrorData {
    fn from(e: StoreError) -> Self {
        let told = match &e {
            StoreError::Unavailable(why) => {
                eprintln!("the tracker's store failed: {why}");
                "the tracker's store is unavailable; nothing was changed".to_owned()
            }
            StoreError::Contended { .. } => format!("{e}; nothing was changed"),
        };
        rmcp::ErrorData::internal_error(told, None)
    }
}

/// The teammates a new tracker starts with: login and display name.
type Team = Vec<(&'static str, &'static str)>;

/// The issues and teammates a new tracker starts with.
fn seed() -> (Vec<(u64, Issue)>, Team) {
    let issues = [
        (1, "Crash on start", Some("hubot")),
        (2, "Typo in README", None),
        (3, "Slow search", None),
    ]
    .into_iter()
    .map(|(n, title, assignee)| {
        let issue = Issue {
            title: title.to_owned(),
            labels: Vec::new(),
            assignee: assignee.map(str::to_owned),
            open: true,
        };
        (n, issue)
    })
    .collect();
    let team = vec![
        ("hubot", "Hubot"),
        ("monalisa", "Mona Lisa Octocat"),
        ("octocat", "The Octocat"),
    ];
    (issues, team)
}

/// Seeds an empty store once, whichever replica comes first: `KEYS[1]` marks it seeded,
/// `ARGV[1]` is the issues as `[[number, json], ...]`, `ARGV[2]` the team as `[[login, name]]`.
const SEED: &str = r#"
if redis.call('SET', KEYS[1], '1', 'NX') then
  for _, pair in ipairs(cjson.decode(ARGV[1])) do
    redis.call('HSET', 'tracker:issues', pair[1], pair[2])
    redis.call('SET', 'tracker:next', pair[1])
  end
  for _, pair in ipairs(cjson.decode(ARGV[2])) do
    redis.call('HSET', 'tracker:team', pair[1], pair[2])
  end
end
return 1
"#;

/// Creates an issue under the next number, in one step: `ARGV[1]` is the issue, `ARGV[2]` a
/// token of this creation, so that the same creation sent again (its connection broke before
/// the answer came) returns the number it got instead of filing the issue twice.
const CREATE: &str = r#"
local done = redis.call('GET', 'tracker:created:' .. ARGV[2])
if done then
  return tonumber(done)
end
local n = redis.call('INCR', 'tracker:next')
redis.call('HSET', 'tracker:issues', n, ARGV[1])
redis.call('SET', 'tracker:created:' .. ARGV[2], n, 'EX', 600)
return n
"#;

/// A token no other creation of any replica has: this process's random hasher seed, and a
/// count.
fn creation_token() -> String {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNT: AtomicU64 = AtomicU64::new(0);
    static SEED: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    let seed = SEED.get_or_init(|| {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u32(std::process::id());
        h.finish()
    });
    format!("{seed:016x}-{}", COUNT.fetch_add(1, Ordering::Relaxed))
}

/// Sends `command` on `connection`, and once more when the connection broke (Redis restarted,
/// say): the connection manager has reconnected by then. Every command sent here changes nothing
/// more when sent twice: reads, writes that compare first, creations with their token, and
/// deletes and adds (whose second reply, if the first took effect before the connection broke,
/// says there was nothing left to change).
async fn send<T: redis::FromRedisValue>(
    connection: &ConnectionManager,
    command: &redis::Cmd,
) -> Result<T, StoreError> {
    match command.query_async(&mut connection.clone()).await {
        Err(e) if e.is_connection_dropped() || e.is_io_error() => {
            Ok(command.query_async(&mut connection.clone()).await?)
        }
        other => Ok(other?),
    }
}

/// Replaces an issue if it is still as it was read, in one step: `ARGV[1]` is its number,
/// `ARGV[2]` the issue as read, `ARGV[3]` the issue changed. Returns 1 when written, 0 when the
/// issue is gone, -1 when another call changed it since it was read.
const UPDATE: &str = r#"
local current = redis.call('HGET', 'tracker:issues', ARGV[1])
if not current then
  return 0
end
if current ~= ARGV[2] then
  return -1
end
redis.call('HSET', 'tracker:issues', ARGV[1], ARGV[3])
return 1
"#;

/// How many times [`Data::update`] reads and changes an issue again that another call changed
/// between its read and its write, before it gives up with [`StoreError::Contended`].
pub const MOST_UPDATE_TRIES: u32 = 16;

impl Data {
    /// A tracker in memory, seeded.
    pub fn memory() -> Self {
        let (issues, team) = seed();
        let memory = Memory {
            issues: issues.into_iter().collect(),
            team: team
                .into_iter()
                .map(|(l, n)| (l.to_owned(), n.to_owned()))
                .collect(),
            linked: BTreeSet::new(),
        };
        Data::Memory(Arc::new(Mutex::new(memory)))
    }

    /// The tracker in the Redis server behind `connection` (the spent states' connection, with
    /// its time limits and reconnection), seeded when it is empty.
    pub async fn redis(mut connection: ConnectionManager) -> Result<Self, StoreError> {
        let (issues, team) = seed();
        let issues: Vec<(u64, String)> = issues
            .iter()
            .map(|(n, i)| serde_json::to_string(i).map(|json| (*n, json)))
            .collect::<Result<_, _>>()?;
        redis::cmd("EVAL")
            .arg(SEED)
            .arg(1)
            .arg("tracker:seeded")
            .arg(serde_json::to_string(&issues)?)
            .arg(serde_json::to_string(&team)?)
            .query_async::<i64>(&mut connection)
            .await?;
        Ok(Data::Redis(connection))
    }

    fn memory_of(memory: &Mutex<Memory>) -> std::sync::MutexGuard<'_, Memory> {
        memory.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The issue numbered `number`, if there is one.
    pub async fn issue(&self, number: u64) -> Result<Option<Issue>, StoreError> {
        match self {
            Data::Memory(m) => Ok(Self::memory_of(m).issues.get(&number).cloned()),
            Data::Redis(c) => Ok(Self::issue_text(c, number)
                .await?
                .map(|j| serde_json::from_str(&j))
                .transpose()?),
        }
    }

    /// The issue numbered `number` as the store holds it (JSON), if there is one.
    async fn issue_text(
        connection: &ConnectionManager,
        number: u64,
    ) -> Result<Option<String>, StoreError> {
        send(
            connection,
            redis::cmd("HGET").arg("tracker:issues").arg(number),
        )
        .await
    }

    /// Every issue, by number.
    pub async fn issues(&self) -> Result<BTreeMap<u64, Issue>, StoreError> {
        match self {
            Data::Memory(m) => Ok(Self::memory_of(m).issues.clone()),
            Data::Redis(c) => {
                let all: BTreeMap<u64, String> =
                    send(c, redis::cmd("HGETALL").arg("tracker:issues")).await?;
                all.into_iter()
                    .map(|(n, j)| Ok((n, serde_json::from_str(&j)?)))
                    .collect()
            }
        }
    }

    /// Files `issue` under the next number, and returns the number.
    pub async fn create(&self, issue: Issue) -> Result<u64, StoreError> {
        match self {
            Data::Memory(m) => {
                let mut m = Self::memory_of(m);
                let number = m.issues.keys().next_back().map_or(1, |n| n + 1);
                m.issues.insert(number, issue);
                Ok(number)
            }
            Data::Redis(c) => {
                let mut create = redis::cmd("EVAL");
                create
                    .arg(CREATE)
                    .arg(0)
                    .arg(serde_json::to_string(&issue)?)
                    .arg(creation_token());
                send(c, &create).await
            }
        }
    }

    /// Changes the issue numbered `number` with `change`, when it exists: `Ok(false)` when it
    /// does not. The change is written whole, in one step, and only over the issue it was made
    /// to: in Redis, when another replica changed the issue between this call's read and its
    /// write, the issue is read again and `change` runs again on what the other wrote (at most
    /// [`MOST_UPDATE_TRIES`] times), so neither change is lost.
    pub async fn update(
        &self,
        number: u64,
        mut change: impl FnMut(&mut Issue),
    ) -> Result<bool, StoreError> {
        match self {
            Data::Memory(m) => Ok(Self::memory_of(m)
                .issues
                .get_mut(&number)
                .map(change)
                .is_some()),
            Data::Redis(c) => {
                for _ in 0..MOST_UPDATE_TRIES {
                    let Some(read) = Self::issue_text(c, number).await? else {
                        return Ok(false);
                    };
                    let mut issue: Issue = serde_json::from_str(&read)?;
                    change(&mut issue);
                    let mut write = redis::cmd("EVAL");
                    write
                        .arg(UPDATE)
                        .arg(0)
                        .arg(number)
                        .arg(read)
                        .arg(serde_json::to_string(&issue)?);
                    let written: i64 = send(c, &write).await?;
                    match written {
                        1 => return Ok(true),
                        0 => return Ok(false),
                        _ => continue,
                    }
                }
                Err(StoreError::Contended { issue: number })
            }
        }
    }

    /// Deletes the issue numbered `number`: `Ok(false)` when there was none.
    pub async fn delete(&self, number: u64) -> Result<bool, StoreError> {
        match self {
            Data::Memory(m) => Ok(Self::memory_of(m).issues.remove(&number).is_some()),
            Data::Redis(c) => {
                let removed: i64 =
                    send(c, redis::cmd("HDEL").arg("tracker:issues").arg(number)).await?;
                Ok(removed == 1)
            }
        }
    }

    /// The teammates, login and display name, by login.
    pub async fn team(&self) -> Result<Vec<(String, String)>, StoreError> {
        match self {
            Data::Memory(m) => Ok(Self::memory_of(m)
                .team
                .iter()
                .map(|(l, n)| (l.clone(), n.clone()))
                .collect()),
            Data::Redis(c) => {
                let team: BTreeMap<String, String> =
                    send(c, redis::cmd("HGETALL").arg("tracker:team")).await?;
                Ok(team.into_iter().collect())
            }
        }
    }

    /// Adds a teammate: `Ok(false)` when the login is taken.
    pub async fn add_teammate(&self, login: &str, name: &str) -> Result<bool, StoreError> {
        match self {
            Data::Memory(m) => {
                let mut m = Self::memory_of(m);
                if m.team.contains_key(login) {
                    return Ok(false);
                }
                m.team.insert(login.to_owned(), name.to_owned());
                Ok(true)
            }
            Data::Redis(c) => {
                let added: i64 = send(
                    c,
                    redis::cmd("HSETNX")
                        .arg("tracker:team")
                        .arg(login)
                        .arg(name),
                )
                .await?;
                Ok(added == 1)
            }
        }
    }

    /// Records `repository` as linked.
    pub async fn link(&self, repository: &str) -> Result<(), StoreError> {
        match self {
            Data::Memory(m) => {
                Self::memory_of(m).linked.insert(repository.to_owned());
                Ok(())
            }
            Data::Redis(c) => {
                let _: i64 =
                    send(c, redis::cmd("SADD").arg("tracker:linked").arg(repository)).await?;
                Ok(())
            }
        }
    }
}
