//! How a served server asks: the keys that seal `requestState`, the store of spent states, and
//! the time limits. Set once for the server ([`Policy`]), given to [`AskingServer`](super::AskingServer).

use std::fmt;
use std::future::Future;
use std::path::Path;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use rmcp::model::RequestStateCodec;

/// How long the client may take to answer an `elicitation/create` request by default: ten
/// minutes, then the request is cancelled and the call ends with [`ElicitError::Timeout`].
///
/// [`ElicitError::Timeout`]: super::ElicitError::Timeout
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(600);

/// How long a sealed `requestState` can be brought back by default (MCP 2026-07-28): ten
/// minutes.
pub const DEFAULT_STATE_TTL: Duration = Duration::from_secs(600);

/// How far apart the clocks of the replicas that open one another's states may be by default:
/// thirty seconds. See [`Policy::clock_skew`].
pub const DEFAULT_CLOCK_SKEW: Duration = Duration::from_secs(30);

/// How many times a form is asked when its answers do not fit it, unless the policy says
/// ([`Policy::answer_tries`]).
pub const DEFAULT_ANSWER_TRIES: u8 = 3;

/// The `_meta` key under which a form asked again says what was wrong with the last answer: an
/// array of strings, one a problem ("`confirm` is not a boolean").
pub const PROBLEMS_META: &str = "io.github.mcpdesc-rs/problems";

/// What the server asks with, set once for the server and handed to [`AskingServer`](super::AskingServer):
/// the key ring that seals `requestState` (MCP 2026-07-28), the store that makes each state
/// single-use, how long a state lives, and how long an `elicitation/create` may wait.
///
/// Every way to make one seals: the keys come from configuration ([`from_env`](Self::from_env),
/// [`from_file`](Self::from_file), [`with_keys`](Self::with_keys)), so that replicas and restarts
/// share them, or are made for this process alone by [`development`](Self::development), which
/// says so on standard error when it is made.
///
/// Keys shared with other processes or restarts need a store of spent states they share too
/// ([`spent_states`](Self::spent_states)): with the default, this process's memory, a state
/// spent here opens again on another process with the same keys, or here after a restart.
/// [`AskingServer::new`](super::AskingServer::new) logs a warning event for such a policy.
///
/// ```
/// use std::time::Duration;
/// use mcpdesc_runtime::session::{Policy, StateKeys};
///
/// let keys = StateKeys::parse("2026-12:000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")?;
/// let policy = Policy::with_keys(keys).timeout(Duration::from_secs(120));
/// # Ok::<(), mcpdesc_runtime::session::KeyError>(())
/// ```
#[derive(Clone)]
pub struct Policy {
    pub(crate) keys: StateKeys,
    pub(crate) spent: Arc<dyn SpentStates>,
    pub(crate) state_ttl: Duration,
    pub(crate) clock_skew: Duration,
    pub(crate) timeout: Duration,
    pub(crate) answer_tries: u8,
}

/// Never the keys.
impl fmt::Debug for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Policy")
            .field("keys", &self.keys)
            .field("state_ttl", &self.state_ttl)
            .field("clock_skew", &self.clock_skew)
            .field("timeout", &self.timeout)
            .field("answer_tries", &self.answer_tries)
            .finish_non_exhaustive()
    }
}

impl Policy {
    /// A policy sealing with `keys`, states spent in this process's memory
    /// ([`MemorySpentStates`]), and the default time limits ([`DEFAULT_STATE_TTL`],
    /// [`DEFAULT_TIMEOUT`]).
    ///
    /// Every policy of a process that is not given a store of its own
    /// ([`spent_states`](Self::spent_states)) spends states in one store of the process, so that
    /// a server made anew for each request (as rmcp's Streamable HTTP service makes one) still
    /// opens each state once. States are told apart by nonces no two share.
    pub fn with_keys(keys: StateKeys) -> Self {
        Policy {
            keys,
            spent: Arc::clone(process_spent_states()) as Arc<dyn SpentStates>,
            state_ttl: DEFAULT_STATE_TTL,
            clock_skew: DEFAULT_CLOCK_SKEW,
            timeout: DEFAULT_TIMEOUT,
            answer_tries: DEFAULT_ANSWER_TRIES,
        }
    }

    /// A policy whose keys are read from the environment variable `variable`, in the form
    /// [`StateKeys::parse`] reads.
    ///
    /// # Errors
    ///
    /// [`KeyError`] when the variable is not set or its keys cannot be read.
    pub fn from_env(variable: &str) -> Result<Self, KeyError> {
        StateKeys::from_env(variable).map(Policy::with_keys)
    }

    /// A policy whose keys are read from the environment variable `variable` when it is set,
    /// else a [`development`](Self::development) policy (which says so on standard error).
    ///
    /// # Errors
    ///
    /// [`KeyError`] when the variable is set and its keys cannot be read.
    pub fn from_env_or_development(variable: &str) -> Result<Self, KeyError> {
        match StateKeys::from_env(variable) {
            Err(KeyError::NotSet(_)) if std::env::var_os(variable).is_none() => {
                Ok(Policy::development())
            }
            keys => keys.map(Policy::with_keys),
        }
    }

    /// A policy whose keys are read from the file at `path`, in the form [`StateKeys::parse`]
    /// reads.
    ///
    /// # Errors
    ///
    /// [`KeyError`] when the file cannot be read or its keys cannot be read.
    pub fn from_file(path: impl AsRef<Path>) -> Result<Self, KeyError> {
        StateKeys::from_file(path).map(Policy::with_keys)
    }

    /// A policy sealing with a key made for this process alone (the same key on every call): a
    /// state sealed here is refused by any other process, a replica or this server restarted.
    /// Use it for development and tests; it says so on standard error.
    pub fn development() -> Self {
        Policy::with_keys(StateKeys::development())
    }

    /// How many times a form is asked when its answers do not fit it ([`DEFAULT_ANSWER_TRIES`]
    /// unless set; at least once). Each answer that does not fit is asked again, the same
    /// question with what was wrong in the request's `_meta` under [`PROBLEMS_META`], until the
    /// last try, whose problems the primitive gets as
    /// [`ElicitError::Content`](super::ElicitError::Content). The same on every version: before
    /// MCP 2026-07-28 within the call, on it in a new input-required result (the old state is
    /// spent; the new one counts the tries).
    #[must_use]
    pub fn answer_tries(mut self, tries: u8) -> Self {
        self.answer_tries = tries.max(1);
        self
    }

    /// How long the client may take to answer an `elicitation/create` request
    /// ([`DEFAULT_TIMEOUT`] unless set); a call can set its own
    /// ([`Asker::timeout`](super::Asker::timeout)).
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// How long a sealed `requestState` can be brought back ([`DEFAULT_STATE_TTL`] unless
    /// set). The expiry is sealed in the state when it is made, so a replica with another
    /// setting opens it as long as the replica that made it said.
    #[must_use]
    pub fn state_ttl(mut self, ttl: Duration) -> Self {
        self.state_ttl = ttl;
        self
    }

    /// How far apart the clocks of the replicas that open one another's states may be
    /// ([`DEFAULT_CLOCK_SKEW`] unless set).
    ///
    /// A replica opens a state until the expiry sealed in it, by its own clock. A spent state is
    /// remembered until that expiry plus this allowance, so a replica whose clock is behind by
    /// up to this much still refuses it as spent. Set it to the largest disagreement your clock
    /// synchronization allows; a larger value costs only memory in the store of spent states.
    #[must_use]
    pub fn clock_skew(mut self, allowance: Duration) -> Self {
        self.clock_skew = allowance;
        self
    }

    /// Where spent states are recorded ([`MemorySpentStates`] unless set): replicas that serve
    /// one another's retries share one store.
    #[must_use]
    pub fn spent_states(mut self, store: impl SpentStates) -> Self {
        self.spent = Arc::new(store);
        self
    }

    /// Whether states are spent in the process's own store, the one every policy without a
    /// store of its own shares.
    pub(crate) fn spends_in_process_memory(&self) -> bool {
        std::ptr::addr_eq(
            Arc::as_ptr(&self.spent),
            Arc::as_ptr(process_spent_states()),
        )
    }
}

/// The spent states of every policy of this process that is not given a store of its own.
fn process_spent_states() -> &'static Arc<MemorySpentStates> {
    static SPENT: std::sync::OnceLock<Arc<MemorySpentStates>> = std::sync::OnceLock::new();
    SPENT.get_or_init(|| Arc::new(MemorySpentStates::default()))
}

/// The key ring that seals `requestState`: it seals with its newest key and opens a state sealed
/// with any of its keys, so keys rotate without refusing the states in flight (rmcp's
/// [`RequestStateCodec`] key ring, HMAC-SHA-256).
#[derive(Clone)]
pub struct StateKeys {
    pub(crate) codec: RequestStateCodec,
    ids: Vec<String>,
    development: bool,
}

/// The key ids and whether the ring was made for development; never the keys.
impl fmt::Debug for StateKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StateKeys")
            .field("ids", &self.ids)
            .field("development", &self.development)
            .finish_non_exhaustive()
    }
}

impl StateKeys {
    /// Reads a key ring: entries separated by commas or new lines, each `id:key`, the newest
    /// first (it seals; every entry opens). A key is at least 32 bytes, written in hexadecimal or
    /// base64 (`openssl rand -hex 32`, `openssl rand -base64 32`); an id is 1 to 64 letters,
    /// digits, `.`, `_` or `-`. Blank entries and lines starting with `#` are skipped.
    ///
    /// To rotate while replicas roll, add the new key second everywhere; once every replica has
    /// it, make it first everywhere; remove the old one when the states it sealed have expired
    /// ([`Policy::state_ttl`] plus [`Policy::clock_skew`]). See
    /// [`reference::replicas`](crate::reference::replicas).
    ///
    /// # Errors
    ///
    /// [`KeyError`] naming every entry that cannot be read, or [`KeyError::Empty`].
    pub fn parse(text: &str) -> Result<Self, KeyError> {
        let mut keys: Vec<(String, Vec<u8>)> = Vec::new();
        let mut problems = Vec::new();
        let entries = text
            .split([',', '\n'])
            .map(str::trim)
            .filter(|e| !e.is_empty() && !e.starts_with('#'));
        for (index, entry) in entries.enumerate() {
            let Some((id, key)) = entry.split_once(':') else {
                problems.push(format!(
                    "entry {} is not `id:key` (its id and its key, separated by a colon)",
                    index + 1
                ));
                continue;
            };
            let (id, key) = (id.trim(), key.trim());
            if id.is_empty()
                || id.len() > 64
                || !id
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
            {
                problems.push(format!(
                    "entry {}: the key id {id:?} is not 1 to 64 letters, digits, `.`, `_` or `-`",
                    index + 1
                ));
                continue;
            }
            if keys.iter().any(|(other, _)| other == id) {
                problems.push(format!(
                    "entry {}: the key id {id:?} is listed twice",
                    index + 1
                ));
                continue;
            }
            match decode_key(key) {
                Some(bytes) if bytes.len() >= RequestStateCodec::MIN_KEY_LENGTH => {
                    keys.push((id.to_owned(), bytes));
                }
                Some(bytes) => problems.push(format!(
                    "entry {}: the key {id:?} is {} bytes; a key is at least {} bytes",
                    index + 1,
                    bytes.len(),
                    RequestStateCodec::MIN_KEY_LENGTH
                )),
                None => problems.push(format!(
                    "entry {}: the key {id:?} is neither hexadecimal nor base64",
                    index + 1
                )),
            }
        }
        if !problems.is_empty() {
            return Err(KeyError::Invalid(problems));
        }
        let Some((active, _)) = keys.first() else {
            return Err(KeyError::Empty);
        };
        let active = active.clone();
        let ids = keys.iter().map(|(id, _)| id.clone()).collect();
        let codec = RequestStateCodec::new_with_keyring(active, keys)
            .map_err(|e| KeyError::Invalid(vec![e.to_string()]))?;
        Ok(StateKeys {
            codec,
            ids,
            development: false,
        })
    }

    /// Reads the key ring from the environment variable `variable` ([`parse`](Self::parse)).
    ///
    /// # Errors
    ///
    /// [`KeyError::NotSet`] when the variable is not set (or not Unicode), else as
    /// [`parse`](Self::parse).
    pub(crate) fn from_env(variable: &str) -> Result<Self, KeyError> {
        let text = std::env::var(variable).map_err(|_| KeyError::NotSet(variable.to_owned()))?;
        Self::parse(&text)
    }

    /// Reads the key ring from the file at `path` ([`parse`](Self::parse)).
    ///
    /// # Errors
    ///
    /// [`KeyError::File`] when the file cannot be read, else as [`parse`](Self::parse).
    pub(crate) fn from_file(path: impl AsRef<Path>) -> Result<Self, KeyError> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|e| {
            KeyError::File(format!("cannot read the key file {}: {e}", path.display()))
        })?;
        Self::parse(&text)
    }

    /// The key made for this process alone, from the operating system's randomness: the same
    /// key on every call, so that a server built anew for each request (as rmcp's Streamable
    /// HTTP service builds one) opens its own states. A state sealed with it opens nowhere else:
    /// not on a replica, not after a restart. Making it says so on standard error, once.
    pub(crate) fn development() -> Self {
        static KEYS: std::sync::OnceLock<StateKeys> = std::sync::OnceLock::new();
        KEYS.get_or_init(|| {
            use std::io::Write as _;
            let _ = writeln!(
                std::io::stderr(),
                "mcpdesc: sealing requestState with a key made for this process (development); \
                 replicas and restarts need a shared key ring (Policy::from_env, Policy::from_file)"
            );
            let mut key = vec![0u8; 32];
            let bytes = match getrandom::fill(&mut key) {
                Ok(()) => key,
                // Without the operating system's randomness, the process's hasher seed makes the key.
                Err(_) => fallback_key(),
            };
            let codec =
                RequestStateCodec::new_with_keyring("development", [("development", bytes)])
                    .unwrap_or_else(|_| RequestStateCodec::new_unchecked(fallback_key()));
            StateKeys {
                codec,
                ids: vec!["development".to_owned()],
                development: true,
            }
        })
        .clone()
    }

    /// The key ids, the sealing one first.
    pub(crate) fn ids(&self) -> &[String] {
        &self.ids
    }

    /// Whether the keys were made for this process alone ([`development`](Self::development)).
    pub(crate) fn is_development(&self) -> bool {
        self.development
    }
}

/// 32 bytes from the standard library's randomly seeded hasher.
pub(super) fn fallback_key() -> Vec<u8> {
    use std::hash::{BuildHasher, Hasher};
    let mut bytes = Vec::with_capacity(32);
    for i in 0..4u64 {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(i);
        bytes.extend_from_slice(&h.finish().to_le_bytes());
    }
    bytes
}

/// A key written in hexadecimal (an even number of hex digits) or base64 (standard or URL-safe,
/// padded or not).
fn decode_key(text: &str) -> Option<Vec<u8>> {
    use base64::Engine as _;
    if text.len().is_multiple_of(2) && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return text
            .as_bytes()
            .chunks(2)
            .map(|pair| {
                std::str::from_utf8(pair)
                    .ok()
                    .and_then(|s| u8::from_str_radix(s, 16).ok())
            })
            .collect();
    }
    let unpadded = text.trim_end_matches('=');
    let engines = [
        base64::engine::general_purpose::STANDARD_NO_PAD,
        base64::engine::general_purpose::URL_SAFE_NO_PAD,
    ];
    engines.iter().find_map(|e| e.decode(unpadded).ok())
}

/// Why a key ring could not be read.
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum KeyError {
    /// The environment variable is not set.
    NotSet(String),
    /// The key file could not be read.
    File(String),
    /// The ring lists no key.
    Empty,
    /// Entries that cannot be read, each said.
    Invalid(Vec<String>),
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyError::NotSet(variable) => write!(
                f,
                "the environment variable {variable} is not set: it holds the key ring that seals requestState (`id:key`, newest first)"
            ),
            KeyError::File(message) => f.write_str(message),
            KeyError::Empty => f.write_str(
                "the key ring lists no key: write at least one `id:key`, the key 32 bytes or more in hexadecimal or base64",
            ),
            KeyError::Invalid(problems) => {
                write!(f, "the key ring cannot be read: {}", problems.join("; "))
            }
        }
    }
}

/// As `Display`: a server's `main` that returns `Result<(), Box<dyn Error>>` prints the error
/// with `Debug`, and what it says there is what is wrong with the key ring and how to fix it.
impl fmt::Debug for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for KeyError {}

/// A boxed future, as [`SpentStates`] returns one.
pub type SpendFuture<'a> = Pin<
    Box<dyn Future<Output = Result<bool, Box<dyn std::error::Error + Send + Sync>>> + Send + 'a>,
>;

/// Where spent `requestState`s are recorded, so that each opens once: a retry that brings back
/// a state already brought back is refused ([`ElicitError::ReplayedState`]).
///
/// [`MemorySpentStates`] keeps them in this process; replicas that serve one another's retries
/// share one store (a database, a cache with expiry) through this trait.
///
/// [`ElicitError::ReplayedState`]: super::ElicitError::ReplayedState
pub trait SpentStates: Send + Sync + 'static {
    /// Records the state `id` as spent, to be remembered at least until `expires` (after which
    /// the state no longer opens anyway): `Ok(true)` when it was not spent before, `Ok(false)`
    /// when it was. An error refuses the state (nothing is read from it).
    fn spend<'a>(&'a self, id: &'a str, expires: SystemTime) -> SpendFuture<'a>;
}

/// Spent states kept in this process's memory, each until it expires.
///
/// Its keys are nonces this server made (a state whose signature does not check is refused before
/// it is spent), so they are hashed with foldhash, as the crate's other maps of short keys are.
#[derive(Debug, Default)]
pub struct MemorySpentStates {
    spent: Mutex<crate::hash::HashMap<Box<str>, SystemTime>>,
}

impl MemorySpentStates {
    /// How many spent states are remembered now.
    pub fn len(&self) -> usize {
        self.spent.lock().map_or(0, |s| s.len())
    }

    /// Whether no spent state is remembered.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl SpentStates for MemorySpentStates {
    fn spend<'a>(&'a self, id: &'a str, expires: SystemTime) -> SpendFuture<'a> {
        let first = {
            let mut spent = self.spent.lock().unwrap_or_else(|e| e.into_inner());
            // Forget what has expired once the table has grown: a state past its expiry does not
            // open, so it cannot be replayed either.
            if spent.len() >= 1024 && spent.len().is_power_of_two() {
                let now = SystemTime::now();
                spent.retain(|_, until| *until > now);
            }
            spent.insert(id.into(), expires).is_none()
        };
        Box::pin(std::future::ready(Ok(first)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `main`'s `?` prints `Debug`: it says what is wrong and how to fix it, as `Display` does.
    #[test]
    fn a_key_error_says_what_to_do_wherever_it_is_printed() {
        let error = StateKeys::parse("").unwrap_err();
        assert_eq!(format!("{error:?}"), error.to_string());
        assert!(
            format!("{error:?}").contains("write at least one `id:key`"),
            "{error:?}"
        );
    }
}
