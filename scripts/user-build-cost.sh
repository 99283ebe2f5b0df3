#!/usr/bin/env bash
# What depending on us adds to a server's build, against `schemars` + `schemars_derive`.
#
# A scratch server is the README's: its `[dependencies]` block (mcpdesc-runtime with `rmcp` and
# `schemars`, rmcp, schemars, serde, tokio) and its server, which derives a form, declares it,
# asks it with `ask!`, serves over stdio, and builds its description from the registry. Beside it, the same tool served by rmcp alone (`rmcp::transport::stdio()`, no form,
# no question): what a server costs without us. Every dependency is built once; then, three
# times, our two crates, schemars' two and both servers are cleaned and rebuilt together, and
# cargo's `--timings` report gives each crate's own compile time. Debug builds, not incremental
# (as cargo builds a crate from a registry). Prints each run and the fastest of each side with
# their ratio (BENCHMARKS.md, "What we cost a user's build"):
#
# - ours: `mcpdesc-format` + `mcpdesc-runtime` + `mcpdesc-derive`, against `schemars` + `schemars_derive`;
# - added: ours + the README's server - the plain server. A server that reads MCP messages
#   compiles their deserialization somewhere: in its own crate with rmcp's transport, in ours
#   with `session::stdio()`; this counts it once, where it is.
#
# With valgrind installed, each of those crates' `rustc` command (as cargo runs it) also runs once
# under callgrind, and the instructions it executes are printed: they do not move with the
# machine's load, which moves the times above by a fifth or more between runs
# (`USER_BUILD_COST_INSTRUCTIONS=0` skips this; it takes about a quarter of an hour). The
# runtime's and schemars' check builds are counted too: what each costs before it generates any
# code.
#
# Last, one edit: each server's crate rebuilt incrementally after the same one-line change, the
# build a user waits for while working, counted the same way.
#
# `USER_BUILD_COST_RMCP_READS_ONCE=1` measures the change to rmcp that §7 proposes: both servers
# are built against a copy of rmcp's source with one more function, a non-generic one that reads
# a client message. In debug builds rustc shares generic instances with the crates downstream,
# so the runtime and the plain server then use the one rmcp compiled instead of compiling their
# own.
#
# Usage: scripts/user-build-cost.sh. Takes about two minutes after the first build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
rmcp_copy=$(mktemp -d)
trap 'rm -rf "$work" "$rmcp_copy"' EXIT

python3 "$root/scripts/two_servers.py" "$root" "$work" workspace
cp "$root/Cargo.lock" "$work/Cargo.lock"

if [ "${USER_BUILD_COST_RMCP_READS_ONCE:-0}" = 1 ]; then
  rmcp_manifest=$(cargo metadata --offline --format-version 1 --filter-platform "$(rustc -vV | awk '/^host/ { print $2 }')" --manifest-path "$work/Cargo.toml" |
    python3 -c 'import json, sys; print(next(p["manifest_path"] for p in json.load(sys.stdin)["packages"] if p["name"] == "rmcp"))')
  cp -r "$(dirname "$rmcp_manifest")/." "$rmcp_copy"
  cat >> "$rmcp_copy/src/model.rs" <<'RS'

/// Reads one client message from its JSON text. Not generic, so compiled here, once.
pub fn client_message_from_slice(bytes: &[u8]) -> Result<ClientJsonRpcMessage, serde_json::Error> {
    serde_json::from_slice::<ClientJsonRpcMessage>(bytes)
}
RS
  printf '\n[patch.crates-io]\nrmcp = { path = "%s" }\n' "$rmcp_copy" >> "$work/Cargo.toml"
  echo "rmcp: a copy with client_message_from_slice, at $rmcp_copy"
fi

export CARGO_INCREMENTAL=0
cd "$work"
cargo build -q --offline
for _ in $(seq "${USER_BUILD_COST_RUNS:-3}"); do
  cargo clean -q -p mcpdesc-format -p mcpdesc-runtime -p mcpdesc-derive -p schemars -p schemars_derive -p user-build-cost -p plain-server
  cargo build -q --offline --timings 2>/dev/null
  # The report holds one JSON array of units, each with its crate's name and duration.
  python3 - target/cargo-timings/cargo-timing.html "$work/runs.txt" <<'PY'
import json, sys
html = open(sys.argv[1]).read()
start = html.index("UNIT_DATA = ") + len("UNIT_DATA = ")
units = json.loads(html[start:html.index("];", start) + 1])
d = {}
for u in units:
    d[u["name"]] = d.get(u["name"], 0) + u["duration"]
ours = d["mcpdesc-format"] + d["mcpdesc-runtime"] + d["mcpdesc-derive"]
theirs = d["schemars"] + d["schemars_derive"]
server, plain = d["user-build-cost"], d["plain-server"]
print(f"mcpdesc-format {d['mcpdesc-format']:.2f} s + mcpdesc-runtime {d['mcpdesc-runtime']:.2f} s + mcpdesc-derive {d['mcpdesc-derive']:.2f} s = {ours:.2f} s; "
      f"schemars {d['schemars']:.2f} s + schemars_derive {d['schemars_derive']:.2f} s = {theirs:.2f} s; "
      f"the server {server:.2f} s, the plain server {plain:.2f} s")
with open(sys.argv[2], "a") as runs:
    runs.write(f"{ours} {theirs} {server} {plain}\n")
PY
done
[ -s "$work/runs.txt" ] && awk '{ if (!bo || $1 < bo) bo = $1; if (!bt || $2 < bt) bt = $2; if (!bs || $3 < bs) bs = $3; if (!bp || $4 < bp) bp = $4 }
     END { printf "fastest: ours %.2f s, schemars %.2f s: %.2fx\n", bo, bt, bo / bt;
           printf "added: ours + the server %.2f s - the plain server %.2f s = %.2f s: %.2fx\n", bs, bp, bo + bs - bp, (bo + bs - bp) / bt }' "$work/runs.txt"

# The instructions `rustc` executes to build one crate of the scratch workspace: cargo runs
# `rustc` through a wrapper that runs that crate's command under callgrind (with the environment
# cargo gives it) and every other one as it is.
cat > "$work/count.sh" <<'SH'
#!/bin/sh
case " $* " in
  *" --crate-name $COUNT_CRATE "*)
    exec valgrind --tool=callgrind --callgrind-out-file=/dev/null --log-file="$COUNT_LOG" "$@" ;;
esac
exec "$@"
SH
chmod +x "$work/count.sh"
count() { # $1 = build or check, $2 = package, $3 = crate name
  cargo clean -q -p "$2"
  rm -f "$work/count.log"
  COUNT_CRATE="$3" COUNT_LOG="$work/count.log" RUSTC_WRAPPER="$work/count.sh" \
    cargo "$1" -q --offline 2>/dev/null
  awk '/Collected/ { print $NF }' "$work/count.log"
}
instructions() { count build "$@"; }
# A check build (`cargo check`): parsing, type and borrow checking and metadata, no code
# generated. What a crate costs before it generates a single function.
checked() { count check "$@"; }

if [ "${USER_BUILD_COST_INSTRUCTIONS:-1}" != 0 ] && command -v valgrind >/dev/null; then
  runtime_checked=$(( $(checked mcpdesc-runtime mcpdesc_runtime) + $(checked mcpdesc-format mcpdesc_format) ))
  schemars_checked=$(checked schemars schemars)
  format=$(instructions mcpdesc-format mcpdesc_format)
  runtime=$(( $(instructions mcpdesc-runtime mcpdesc_runtime) + format ))
  derive=$(instructions mcpdesc-derive mcpdesc_derive)
  schemars=$(instructions schemars schemars)
  schemars_derive=$(instructions schemars_derive schemars_derive)
  server=$(instructions user-build-cost user_build_cost)
  plain=$(instructions plain-server plain_server)
  awk -v r="$runtime" -v d="$derive" -v s="$schemars" -v sd="$schemars_derive" -v u="$server" -v p="$plain" 'BEGIN {
    printf "instructions (millions): mcpdesc-format and mcpdesc-runtime %d + mcpdesc-derive %d = %d; schemars %d + schemars_derive %d = %d: %.2fx\n",
      r / 1e6, d / 1e6, (r + d) / 1e6, s / 1e6, sd / 1e6, (s + sd) / 1e6, (r + d) / (s + sd)
    printf "added: ours + the server %d - the plain server %d = %d: %.2fx\n",
      u / 1e6, p / 1e6, (r + d + u - p) / 1e6, (r + d + u - p) / (s + sd) }'
  awk -v rc="$runtime_checked" -v sc="$schemars_checked" -v r="$runtime" -v d="$derive" -v s="$schemars" -v sd="$schemars_derive" 'BEGIN {
    printf "checked, no code generated (millions): mcpdesc-format and mcpdesc-runtime %d (%d%% of its build), schemars %d (%d%%)\n",
      rc / 1e6, 100 * rc / r, sc / 1e6, 100 * sc / s
    printf "left for the runtime to generate its code within 1.5x: %d million, against %d today\n",
      (1.5 * (s + sd) - d - rc) / 1e6, (r - rc) / 1e6 }'
fi

# What every edit costs: an incremental debug build, as `cargo build` runs while a user works,
# of each server's crate after the same one-line change to its tool ("Closed #" becomes
# "Closed issue #"). Our crates are not rebuilt by such an edit; the server's crate is, with
# what it instantiates of ours and of rmcp.
# The whole workspace is built, not `-p` one package: building one alone unifies other features
# of the dependencies, which rebuilds them and the server from scratch.
edited() { # $1 = crate name, $2 = its main.rs
  sed -i 's/Closed #/Closed issue #/' "$2"
  grep -q 'Closed issue #' "$2"
  rm -f "$work/count.log"
  COUNT_CRATE="$1" COUNT_LOG="$work/count.log" RUSTC_WRAPPER="$work/count.sh" \
    cargo build -q --offline 2>/dev/null
  sed -i 's/Closed issue #/Closed #/' "$2"
  awk '/Collected/ { print $NF }' "$work/count.log"
}
if [ "${USER_BUILD_COST_INSTRUCTIONS:-1}" != 0 ] && command -v valgrind >/dev/null; then
  export CARGO_INCREMENTAL=1
  cargo build -q --offline
  server_edit=$(edited user_build_cost "$work/server/src/main.rs")
  cargo build -q --offline
  plain_edit=$(edited plain_server "$work/plain/src/main.rs")
  awk -v u="$server_edit" -v p="$plain_edit" 'BEGIN {
    printf "one edit, incremental (millions): the server %d, the plain server %d: %.2fx\n",
      u / 1e6, p / 1e6, u / p }'
fi
