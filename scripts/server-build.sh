#!/usr/bin/env bash
# The build a user waits for: a new server's clean build of its whole dependency graph, and the
# rebuild after a one-line edit, for the README's server (mcpdesc-runtime with `rmcp` and
# `schemars`, a derived form, a declaration, `ask!`, `session::stdio()`, its description) and for
# the same tool on rmcp and schemars without us (`rmcp::transport::stdio()`, no form, no
# question). Each side is its own project with its own `target/`, so a clean build compiles
# every crate it needs, build scripts and proc macros included, as `cargo build` does on a fresh
# machine. Debug builds, cargo's defaults (incremental for the server's own crate), `-j` as the
# machine gives it. The two sides are built alternately, `RUNS` times each (default 3), and the
# fastest of each is printed with their difference and ratio; then each edit ("Closed #" becomes
# "Closed issue #"), the fastest of three.
#
# Instructions are not counted here: this machine's kernel gives no hardware counters to `perf`,
# and callgrind over a whole graph of about 200 crates takes hours. `scripts/user-build-cost.sh`
# counts them for the crates that differ most (ours, and each side's own crate).
#
# Usage: scripts/server-build.sh. Reads the crates from ~/.cargo/registry (run `cargo fetch`
# first); about ten minutes on 2 cores.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
runs=${RUNS:-3}

# The two projects, each its own workspace.
python3 "$root/scripts/two_servers.py" "$root" "$work" projects
for side in ours plain; do
  cp "$root/Cargo.lock" "$work/$side/Cargo.lock"
  (cd "$work/$side" && cargo fetch -q)
done

seconds() { # runs a command, prints its wall time in seconds
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
clean_build() { (cd "$work/$1" && rm -rf target && seconds cargo build --offline -q); }
units() { (cd "$work/$1" && cargo build --offline -q --timings >/dev/null 2>&1 &&
  python3 -c 'import json,sys; h=open("target/cargo-timings/cargo-timing.html").read(); s=h.index("UNIT_DATA = ")+12; print(len(json.loads(h[s:h.index("];",s)+1])))'); }

for i in $(seq "$runs"); do
  for side in ours plain; do
    t=$(clean_build "$side")
    echo "$side $t" >> "$work/clean.txt"
    echo "clean build, run $i, $side: $t s"
  done
done
echo "units compiled: ours $(units ours), plain $(units plain)"

edit() { # $1 = side: the edit, then its rebuild's time; the file back as it was
  local file="$work/$1/src/main.rs"
  cp "$file" "$file.orig"
  sed -i 's/Closed #/Closed issue #/' "$file"
  grep -q 'Closed issue #' "$file"
  (cd "$work/$1" && seconds cargo build --offline -q)
  mv "$file.orig" "$file"
  (cd "$work/$1" && cargo build --offline -q)
}
for i in 1 2 3; do
  for side in ours plain; do
    echo "$side $(edit "$side")" >> "$work/edit.txt"
  done
done

summary() {
  awk -v what="$1" '{ if (!($1 in best) || $2 < best[$1]) best[$1] = $2 }
    END { printf "%s, fastest: ours %.1f s, plain %.1f s: +%.1f s, %.2fx\n",
          what, best["ours"], best["plain"], best["ours"] - best["plain"], best["ours"] / best["plain"] }' "$2"
}
summary "clean build of the whole graph" "$work/clean.txt"
summary "rebuild after a one-line edit" "$work/edit.txt"
