#!/usr/bin/env bash
# What depending on us adds to a server's build, against `schemars` + `schemars_derive`.
#
# A scratch server crate depends on `mcpdesc-runtime` (with the `rmcp` feature: forms,
# declarations, the description build with its validator, and the guarded call), `schemars` and
# `rmcp`. Every dependency is built once; then, three times, our two crates and schemars' two are
# cleaned and rebuilt together, and cargo's `--timings` report gives each crate's own compile
# time. Debug builds, not incremental (as cargo builds a crate from a registry). Prints each run
# and the fastest of each side with their ratio (BENCHMARKS.md, "What we cost a user's build").
#
# Usage: scripts/user-build-cost.sh [FEATURES]   (FEATURES of mcpdesc-runtime, default "rmcp";
#        "" for the default features alone). Takes about two minutes after the first build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
features=${1-rmcp}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/src"
feature_list=""
for f in $features; do feature_list="$feature_list\"$f\", "; done
cat > "$work/Cargo.toml" <<TOML
[package]
name = "user-build-cost"
version = "0.0.0"
edition = "2024"
publish = false
[dependencies]
mcpdesc-runtime = { path = "$root/mcpdesc-runtime", features = [${feature_list%, }] }
schemars = "1"
serde = { version = "1", features = ["derive"] }
rmcp = { version = "3.11", default-features = false, features = ["server", "elicitation", "macros"] }
[workspace]
TOML
echo 'fn main() {}' > "$work/src/main.rs"

export CARGO_INCREMENTAL=0
cd "$work"
cargo build -q 2>/dev/null
for _ in 1 2 3; do
  cargo clean -q -p mcpdesc-runtime -p mcpdesc-derive -p schemars -p schemars_derive
  cargo build -q --timings 2>/dev/null
  # The report holds one JSON array of units, each with its crate's name and duration.
  python3 - target/cargo-timings/cargo-timing.html "$work/runs.txt" <<'PY'
import json, sys
html = open(sys.argv[1]).read()
start = html.index("UNIT_DATA = ") + len("UNIT_DATA = ")
units = json.loads(html[start:html.index("];", start) + 1])
d = {}
for u in units:
    d[u["name"]] = d.get(u["name"], 0) + u["duration"]
ours = d["mcpdesc-runtime"] + d["mcpdesc-derive"]
theirs = d["schemars"] + d["schemars_derive"]
print(f"mcpdesc-runtime {d['mcpdesc-runtime']:.2f} s + mcpdesc-derive {d['mcpdesc-derive']:.2f} s = {ours:.2f} s; "
      f"schemars {d['schemars']:.2f} s + schemars_derive {d['schemars_derive']:.2f} s = {theirs:.2f} s")
with open(sys.argv[2], "a") as runs:
    runs.write(f"{ours} {theirs}\n")
PY
done
awk '{ if (!bo || $1 < bo) bo = $1; if (!bt || $2 < bt) bt = $2 }
     END { printf "fastest: ours %.2f s, schemars %.2f s: %.2fx\n", bo, bt, bo / bt }' "$work/runs.txt"
