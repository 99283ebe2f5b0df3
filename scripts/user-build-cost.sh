#!/usr/bin/env bash
# What depending on us adds to a server's build, against `schemars` + `schemars_derive`.
#
# A scratch server is the README's: its `[dependencies]` block (mcpdesc-runtime with `rmcp` and
# `schemars`, rmcp, schemars, serde, tokio) and its server, which derives a form, declares it,
# asks it with `ask!` and serves over stdio; a function more builds its description from the
# registry. Every dependency is built once; then, three times, our two crates and schemars' two
# are cleaned and rebuilt together, and cargo's `--timings` report gives each crate's own compile
# time. Debug builds, not incremental (as cargo builds a crate from a registry). Prints each run
# and the fastest of each side with their ratio (BENCHMARKS.md, "What we cost a user's build"),
# and the server crate's own time beside them.
#
# Usage: scripts/user-build-cost.sh. Takes about two minutes after the first build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/src"
python3 - "$root/README.md" "$root/mcpdesc-runtime" "$work" <<'PY'
import sys
readme, runtime, work = open(sys.argv[1]).read(), sys.argv[2], sys.argv[3]
def block_after(after, language):
    start = readme.index(after) + len(after)
    fence = "```" + language + "\n"
    start = readme.index(fence, start) + len(fence)
    return readme[start:readme.index("```", start)]
dependencies = block_after("### Asking over rmcp", "toml")
published = 'mcpdesc-runtime = { version = "0.1",'
assert published in dependencies, dependencies
dependencies = dependencies.replace(published, f'mcpdesc-runtime = {{ path = "{runtime}",')
server = block_after("### Asking over rmcp", "rust,ignore")
server += '''
/// The server's description, from its declarations (what `describe` would print).
#[allow(dead_code)]
fn describe() -> String {
    use mcpdesc_runtime::description::{Description, Info, Tool};
    Description::builder(Info::new("tracker", "1.0.0"))
        .protocol_versions([mcpdesc_runtime::ProtocolVersion::V2025_11_25])
        .tool(Tool::new("close_issue").input_schema_for::<IssueArgs>())
        .registered_elicitations()
        .build()
        .map(|d| d.to_yaml())
        .unwrap_or_default()
}
'''
open(f"{work}/Cargo.toml", "w").write(
    '[package]\nname = "user-build-cost"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n'
    + dependencies + '\n[workspace]\n')
open(f"{work}/src/main.rs", "w").write(server)
PY
cp "$root/Cargo.lock" "$work/Cargo.lock"

export CARGO_INCREMENTAL=0
cd "$work"
cargo build -q --offline
for _ in 1 2 3; do
  cargo clean -q -p mcpdesc-runtime -p mcpdesc-derive -p schemars -p schemars_derive -p user-build-cost
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
ours = d["mcpdesc-runtime"] + d["mcpdesc-derive"]
theirs = d["schemars"] + d["schemars_derive"]
print(f"mcpdesc-runtime {d['mcpdesc-runtime']:.2f} s + mcpdesc-derive {d['mcpdesc-derive']:.2f} s = {ours:.2f} s; "
      f"schemars {d['schemars']:.2f} s + schemars_derive {d['schemars_derive']:.2f} s = {theirs:.2f} s; "
      f"the server {d['user-build-cost']:.2f} s")
with open(sys.argv[2], "a") as runs:
    runs.write(f"{ours} {theirs} {d['user-build-cost']}\n")
PY
done
awk '{ if (!bo || $1 < bo) bo = $1; if (!bt || $2 < bt) bt = $2; if (!bs || $3 < bs) bs = $3 }
     END { printf "fastest: ours %.2f s, schemars %.2f s: %.2fx (the server: %.2f s)\n", bo, bt, bo / bt, bs }' "$work/runs.txt"
