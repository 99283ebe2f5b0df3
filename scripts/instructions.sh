#!/usr/bin/env bash
# Instruction counts per operation (valgrind's callgrind), for the ratios BENCHMARKS.md quotes
# where timings on a noisy machine disagree. Each operation runs N times and as a baseline that
# makes the same inputs and runs none; the difference divided by N is printed.
#
# Usage: scripts/instructions.sh   (needs valgrind; takes a minute or two)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cargo bench -q --bench instructions --no-run 2>/dev/null
binary=$(ls -t target/release/deps/instructions-* | grep -v '\.d$' | head -1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

count() { # $1 = operation, $2 = N, $3 = baseline or empty
  valgrind --tool=callgrind --callgrind-out-file="$work/out" "$binary" "$1" "$2" ${3:-} 2>&1 \
    | sed -n 's/.*refs: *\([0-9,]*\).*/\1/p' | tr -d ','
}

per_op() { # $1 = operation, $2 = N
  local run base
  run=$(count "$1" "$2")
  base=$(count "$1" "$2" baseline)
  echo $(( (run - base) / $2 ))
}

declare -A ir
for op in from_content3 serde3 jsonschema3 from_content8 serde8 jsonschema8; do
  ir[$op]=$(per_op "$op" 20000)
done
for op in build_validate_serialize serialize validate; do
  ir[$op]=$(per_op "$op" 5)
done
for op in fill50 rmcp_builder50 fill50_into_rmcp read50; do
  ir[$op]=$(per_op "$op" 2000)
done
for op in read_both diff; do
  ir[$op]=$(per_op "$op" 5)
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
printf '%-28s %14s\n' "operation" "instructions"
for op in from_content3 serde3 jsonschema3 from_content8 serde8 jsonschema8 build_validate_serialize serialize validate fill50 rmcp_builder50 fill50_into_rmcp read50 read_both diff; do
  printf '%-28s %14s\n' "$op" "${ir[$op]}"
done
echo
echo "from_content / serde unchecked, 3 fields:   $(ratio "${ir[from_content3]}" "${ir[serde3]}")"
echo "from_content / serde unchecked, 8 fields:   $(ratio "${ir[from_content8]}" "${ir[serde8]}")"
echo "jsonschema + serde / from_content, 3 fields: $(ratio "${ir[jsonschema3]}" "${ir[from_content3]}")"
echo "jsonschema + serde / from_content, 8 fields: $(ratio "${ir[jsonschema8]}" "${ir[from_content8]}")"
echo "1,000 tools, build + validate + serialize / serialize: $(ratio "${ir[build_validate_serialize]}" "${ir[serialize]}")"
echo "1,000 tools, validate / serialize: $(ratio "${ir[validate]}" "${ir[serialize]}")"
echo "50 run-time choices, rmcp builder + serialize / fill + wire JSON: $(ratio "${ir[rmcp_builder50]}" "${ir[fill50]}")"
echo "two 1,000-tool descriptions, diff / reading both: $(ratio "${ir[diff]}" "${ir[read_both]}")"
