//! A tracker running as replicas on loopback: a Redis server (the shared store), two or more
//! `issue_tracker serve --http` processes, and HAProxy in front of them. Each part is started
//! here, on ports chosen now, and stopped when the cluster is dropped.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::example::server_binary;

/// A key ring of one key, `id:<64 hex digits of byte>`.
pub fn key_ring(id: &str, byte: u8) -> String {
    format!("{id}:{}", format!("{byte:02x}").repeat(32))
}

/// The programs the cluster runs: `redis-server` and `haproxy`, from the distribution's
/// packages, installed here when missing (as root, with apt); panics when they cannot be had.
/// A test that calls this is marked `#[needs(services)]`: where they are missing and cannot be
/// installed, it is ignored with the reason.
pub fn services() {
    let present = || {
        ["redis-server", "redis-cli", "haproxy"].iter().all(|p| {
            Command::new(p)
                .arg(if *p == "haproxy" { "-v" } else { "--version" })
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        })
    };
    if !present() {
        static INSTALL: std::sync::Once = std::sync::Once::new();
        INSTALL.call_once(|| {
            let _ = Command::new("apt-get")
                .args(["install", "-y", "-qq", "redis-server", "haproxy"])
                .env("DEBIAN_FRONTEND", "noninteractive")
                .stdout(Stdio::null())
                .status();
        });
    }
    assert!(
        present(),
        "redis-server and haproxy are missing, and could not be installed: apt-get install redis-server haproxy"
    );
}

/// libfaketime, which runs a process with its clock set apart from the machine's
/// (`LD_PRELOAD` with `FAKETIME`), from the distribution's `faketime` package, installed here
/// when missing; panics when it cannot be had (a test that calls this is marked
/// `#[needs(faketime)]`).
pub fn faketime_library() -> std::path::PathBuf {
    let find = || {
        [
            "/usr/lib/x86_64-linux-gnu",
            "/usr/lib/aarch64-linux-gnu",
            "/usr/lib",
        ]
        .iter()
        .map(|dir| std::path::Path::new(dir).join("faketime/libfaketimeMT.so.1"))
        .find(|p| p.exists())
    };
    if find().is_none() {
        static INSTALL: std::sync::Once = std::sync::Once::new();
        INSTALL.call_once(|| {
            let _ = Command::new("apt-get")
                .args(["install", "-y", "-qq", "faketime"])
                .env("DEBIAN_FRONTEND", "noninteractive")
                .stdout(Stdio::null())
                .status();
        });
    }
    find().expect("libfaketime is missing, and could not be installed: apt-get install faketime")
}

/// A free port on loopback.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port on loopback")
}

/// Waits until something listens at `addr`, or panics naming `what`.
fn wait_listening(addr: SocketAddr, what: &str, child: &mut Child) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        if TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_ok() {
            return;
        }
        if let Ok(Some(status)) = child.try_wait() {
            panic!("{what} exited before it listened on {addr}: {status}");
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    panic!("{what} did not listen on {addr} within 20 s");
}

/// A child process, killed when dropped.
pub struct Process(pub Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The shared store: a Redis server on loopback, writing its data to a folder of its own so
/// that a restart keeps it.
pub struct Redis {
    pub port: u16,
    dir: tempfile::TempDir,
    settings: Vec<String>,
    process: Option<Process>,
}

impl Redis {
    /// A server that keeps every write (the append-only file, synced on each write).
    pub fn start() -> Self {
        Self::start_with(&["--appendonly", "yes", "--appendfsync", "always"])
    }

    /// A server started with `settings` (`redis-server` options) besides its address, port and
    /// folder.
    pub fn start_with(settings: &[&str]) -> Self {
        let dir = tempfile::tempdir().expect("a folder for Redis");
        let mut redis = Redis {
            port: free_port(),
            dir,
            settings: settings.iter().map(|s| (*s).to_owned()).collect(),
            process: None,
        };
        redis.restart();
        redis
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/", self.port)
    }

    /// Stops the server (its data is on disk, every write appended and synced).
    pub fn stop(&mut self) {
        self.process = None;
    }

    /// Starts the server again, with the data it had.
    pub fn restart(&mut self) {
        self.process = None;
        let mut child = Command::new("redis-server")
            .args(["--bind", "127.0.0.1", "--port", &self.port.to_string()])
            .args(["--save", ""])
            .args(&self.settings)
            .arg("--dir")
            .arg(self.dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("redis-server starts");
        wait_listening(
            SocketAddr::from(([127, 0, 0, 1], self.port)),
            "redis-server",
            &mut child,
        );
        self.process = Some(Process(child));
    }

    /// `redis-cli` against this server: its output, trimmed.
    pub fn cli(&self, args: &[&str]) -> String {
        let out = Command::new("redis-cli")
            .args(["-p", &self.port.to_string()])
            .args(args)
            .output()
            .expect("redis-cli runs");
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    }
}

/// How a replica is started.
#[derive(Clone)]
pub struct ReplicaSpec {
    pub name: String,
    pub keys: String,
    /// `caller:token` entries, or none for no authentication.
    pub tokens: Option<String>,
    /// The fault point the replica stops at (`ISSUE_TRACKER_FAULT`), if any.
    pub fault: Option<&'static str>,
    /// More environment variables (`ISSUE_TRACKER_STATE_TTL_MS`, say).
    pub env: Vec<(&'static str, String)>,
}

impl ReplicaSpec {
    /// The replica `name`, sealing with `keys`, without authentication or fault.
    pub fn new(name: &str, keys: String) -> Self {
        ReplicaSpec {
            name: name.to_owned(),
            keys,
            tokens: None,
            fault: None,
            env: Vec::new(),
        }
    }
}

/// One `issue_tracker serve --http` process.
pub struct Replica {
    pub spec: ReplicaSpec,
    pub port: u16,
    process: Option<Process>,
}

impl Replica {
    fn start(spec: ReplicaSpec, store: &str) -> Self {
        let port = free_port();
        let mut command = Command::new(server_binary());
        command
            .args(["serve", "--http", &format!("127.0.0.1:{port}")])
            .args(["--replica", &spec.name, "--store", store])
            .env("ISSUE_TRACKER_STATE_KEYS", &spec.keys)
            .env("ISSUE_TRACKER_TIMEOUT_MS", "20000")
            .env_remove("ISSUE_TRACKER_STATE_TTL_MS")
            .env_remove("ISSUE_TRACKER_CLOCK_SKEW_MS")
            .env_remove("ISSUE_TRACKER_TOKENS")
            .stdout(Stdio::null())
            .stderr(Stdio::inherit());
        if let Some(tokens) = &spec.tokens {
            command.env("ISSUE_TRACKER_TOKENS", tokens);
        }
        command.envs(spec.env.iter().map(|(k, v)| (k, v)));
        match spec.fault {
            Some(fault) => command.env("ISSUE_TRACKER_FAULT", fault),
            None => command.env_remove("ISSUE_TRACKER_FAULT"),
        };
        let mut child = command.spawn().expect("the replica starts");
        wait_listening(
            SocketAddr::from(([127, 0, 0, 1], port)),
            &format!("replica {}", spec.name),
            &mut child,
        );
        Replica {
            spec,
            port,
            process: Some(Process(child)),
        }
    }

    /// The replica's own address, past the balancer.
    pub fn addr(&self) -> SocketAddr {
        SocketAddr::from(([127, 0, 0, 1], self.port))
    }

    /// The process's id, while it runs.
    pub fn pid(&self) -> Option<u32> {
        self.process.as_ref().map(|p| p.0.id())
    }

    /// Kills the process at once (SIGKILL): whatever it was doing is cut off.
    pub fn kill(&mut self) {
        self.process = None;
    }
}

/// How HAProxy routes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Routing {
    /// Round-robin, and a session's requests to the replica that created it: the id is learnt
    /// from the response that carries it (`stick store-response`), and matched on later requests.
    Sticky,
    /// Round-robin for every request, sessions or not.
    RoundRobin,
}

/// HAProxy on loopback in front of the replicas.
pub struct Balancer {
    pub port: u16,
    _config: tempfile::NamedTempFile,
    _process: Process,
}

impl Balancer {
    fn start(replicas: &[Replica], routing: Routing) -> Self {
        let port = free_port();
        let config = balancer_config(port, replicas, routing);
        let mut file = tempfile::NamedTempFile::new().expect("a file for HAProxy's configuration");
        std::io::Write::write_all(&mut file, config.as_bytes()).expect("written");
        let mut child = Command::new("haproxy")
            .arg("-db")
            .arg("-f")
            .arg(file.path())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("haproxy starts");
        wait_listening(
            SocketAddr::from(([127, 0, 0, 1], port)),
            "haproxy",
            &mut child,
        );
        Balancer {
            port,
            _config: file,
            _process: Process(child),
        }
    }
}

/// The balancer's configuration: the one `reference::replicas` gives, word for word, listening
/// on `port` with `replicas` as its servers; without the session rule for
/// [`Routing::RoundRobin`].
pub fn balancer_config(port: u16, replicas: &[Replica], routing: Routing) -> String {
    const REFERENCE: &str = include_str!("../../mcpdesc-runtime/docs/replicas.md");
    let block = REFERENCE
        .split("```text\n# haproxy.cfg\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("reference::replicas gives HAProxy's configuration in a ```text block");
    let mut config = String::new();
    for line in block.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("server ") {
            continue;
        }
        if trimmed.starts_with("stick") && routing == Routing::RoundRobin {
            continue;
        }
        if trimmed.starts_with("bind ") {
            config.push_str(&format!("  bind 127.0.0.1:{port}\n"));
            continue;
        }
        config.push_str(line);
        config.push('\n');
    }
    for replica in replicas {
        config.push_str(&format!(
            "  server {} 127.0.0.1:{} check\n",
            replica.spec.name, replica.port
        ));
    }
    config
}

/// The store, the replicas and the balancer.
pub struct Cluster {
    pub redis: Redis,
    pub replicas: Vec<Replica>,
    pub balancer: Balancer,
}

impl Cluster {
    /// `replicas` replicas with one key ring, no authentication, sticky routing.
    pub fn start(replicas: usize) -> Self {
        let specs = (0..replicas)
            .map(|i| ReplicaSpec::new(&format!("r{i}"), key_ring("k1", 1)))
            .collect();
        Self::start_with(specs, Routing::Sticky)
    }

    pub fn start_with(specs: Vec<ReplicaSpec>, routing: Routing) -> Self {
        services();
        let redis = Redis::start();
        let replicas: Vec<Replica> = specs
            .into_iter()
            .map(|spec| Replica::start(spec, &redis.url()))
            .collect();
        let balancer = Balancer::start(&replicas, routing);
        Cluster {
            redis,
            replicas,
            balancer,
        }
    }

    /// A replica on the same store that the balancer does not know.
    pub fn start_outside(&self, spec: ReplicaSpec) -> Replica {
        Replica::start(spec, &self.redis.url())
    }

    /// The balancer's address, which clients use.
    pub fn addr(&self) -> SocketAddr {
        SocketAddr::from(([127, 0, 0, 1], self.balancer.port))
    }
}
