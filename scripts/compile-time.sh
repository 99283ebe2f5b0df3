#!/usr/bin/env bash
# Measures what the derives cost a user's build: a crate of 100 forms x 8 fields, rebuilt with its
# dependencies already built (debug), once with `ElicitationForm` and once with
# `schemars::JsonSchema + serde::Deserialize`. Prints the wall time of each rebuild.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

gen() { # $1 = derive list, $2 = extra per-field attribute
  echo "#![allow(dead_code)]"
  for i in $(seq 1 100); do
    echo "#[derive($1)] pub struct Form$i {"
    for f in $(seq 1 8); do
      case $((f % 4)) in
        0) echo "  $2 pub text$f: String," ;;
        1) echo "  pub count$f: u32," ;;
        2) echo "  pub flag$f: bool," ;;
        3) echo "  pub maybe$f: Option<String>," ;;
      esac
    done
    echo "}"
  done
}

mkdir -p "$work/src"
cat > "$work/Cargo.toml" <<TOML
[package]
name = "compile-time"
version = "0.0.0"
edition = "2024"
publish = false
[dependencies]
mcpdesc-runtime = { path = "$root/mcpdesc-runtime" }
schemars = "1"
serde = { version = "1", features = ["derive"] }
[workspace]
TOML

measure() {
  gen "$1" "$2" > "$work/src/lib.rs"
  cargo build -q --manifest-path "$work/Cargo.toml" 2>/dev/null || true
  touch "$work/src/lib.rs"
  local start end
  start=$(date +%s.%N)
  cargo build -q --manifest-path "$work/Cargo.toml"
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" -v l="$3" 'BEGIN { printf "%-50s %.2f s\n", l, b - a }'
}

measure "mcpdesc_runtime::ElicitationForm" '#[form(max_length = 100)]' "ElicitationForm (100 forms x 8 fields)"
measure "schemars::JsonSchema, serde::Deserialize" '' "JsonSchema + Deserialize (100 forms x 8 fields)"
