#!/usr/bin/env bash
# What the derives cost a user's build, ours against `schemars::JsonSchema + serde::Deserialize`
# (what an rmcp user derives today), with the ratios. Debug builds, on this machine.
#
# 1. A crate rebuilt with its dependencies already built (the fastest of three rebuilds):
#    a. 100 forms x 8 plain fields (String, u32, bool, Option<String>);
#    b. 100 forms x 8 fields, an attribute on every field (bounds, formats, titles, defaults) and enums (an untitled
#       and a titled single-select and a multi-select per form).
#    c. 300 `#[elicitation]` declarations on plain functions in one file, against the functions
#       bare (no other crate declares elicitations).
# 2. A clean build of the derive crate itself, with syn, quote and proc-macro2 already built,
#    each side in its own project (so each builds syn with only the features it asks for), not
#    incrementally and with its lints capped (`--cap-lints allow`), as cargo builds a crate from a
#    registry (a path dependency such as ours here would be built incrementally, with its lints):
#    `mcpdesc-derive` against `schemars_derive` and `serde_derive` together (what an rmcp user's
#    build compiles for the same forms), against `schemars_derive` alone, and against it with
#    `serde_derive_internals`, the crate it is built on (which the other lines leave built). The
#    fastest of five builds each.
#
#    With valgrind installed, the `rustc` command of each clean build also runs once under
#    callgrind, which counts the instructions it executes: a figure that does not move with the
#    machine's load as times do (about 2.5 minutes more; `COMPILE_TIME_INSTRUCTIONS=0` skips it).
#    `COMPILE_TIME_INSTRUCTIONS=all` also counts the front end (`--emit=metadata`, not
#    incremental) of the form crates of 1., ours and theirs (about 20 minutes more).
#
# Usage: scripts/compile-time.sh   (takes a few minutes; BENCHMARKS.md has one run's figures)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

project() { # $1 = dir, $2 = dependencies
  mkdir -p "$1/src"
  cat > "$1/Cargo.toml" <<TOML
[package]
name = "compile-time"
version = "0.0.0"
edition = "2024"
publish = false
[dependencies]
$2
[workspace]
TOML
}

# ---- 1. 100 forms x 8 fields ----

plain() { # $1 = derive list
  echo "#![allow(dead_code)]"
  for i in $(seq 1 100); do
    echo "#[derive($1)] pub struct Form$i {"
    for f in $(seq 1 8); do
      case $((f % 4)) in
        0) echo "  pub text$f: String," ;;
        1) echo "  pub count$f: u32," ;;
        2) echo "  pub flag$f: bool," ;;
        3) echo "  pub maybe$f: Option<String>," ;;
      esac
    done
    echo "}"
  done
}

attributed() { # $1 = ours | theirs
  echo "#![allow(dead_code)]"
  if [ "$1" = ours ]; then
    echo "use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};"
    enum_derive="ElicitationEnum"; form_derive="ElicitationForm"
  else
    echo "use schemars::JsonSchema; use serde::Deserialize;"
    enum_derive="JsonSchema, Deserialize"; form_derive="JsonSchema, Deserialize"
  fi
  for i in $(seq 1 100); do
    echo "#[derive($enum_derive)] pub enum Size$i { Small, Medium, Large }"
    if [ "$1" = ours ]; then
      echo "#[derive($enum_derive)] pub enum Priority$i { #[form(title = \"Low\")] Low, #[form(title = \"High\")] High }"
      echo "#[derive($enum_derive, PartialEq, Eq, PartialOrd, Ord)] #[form(rename_all = \"lowercase\")] pub enum Label$i { Bug, Feature, Docs }"
      echo "#[derive($form_derive)] pub struct Form$i {"
      echo "  /// Who reported it."
      echo "  #[form(title = \"Reporter\", min_length = 3, max_length = 254, format = \"email\")] pub reporter: String,"
      echo "  #[form(minimum = 1, maximum = 10, default = 3)] pub estimate: u8,"
      echo "  #[form(minimum = -100, maximum = 100)] pub score: i32,"
      echo "  #[form(minimum = 0.0, maximum = 1.0)] pub weight: f64,"
      echo "  #[form(title = \"Notify\", default = true)] pub notify: bool,"
      echo "  #[form(title = \"Size\")] pub size: Size$i,"
      echo "  #[form(description = \"How urgent.\")] pub priority: Priority$i,"
      echo "  #[form(min_items = 1, max_items = 3)] pub labels: std::collections::BTreeSet<Label$i>,"
    else
      echo "#[derive($enum_derive)] pub enum Priority$i { #[schemars(title = \"Low\")] Low, #[schemars(title = \"High\")] High }"
      echo "#[derive($enum_derive, PartialEq, Eq, PartialOrd, Ord)] #[serde(rename_all = \"lowercase\")] pub enum Label$i { Bug, Feature, Docs }"
      echo "#[derive($form_derive)] pub struct Form$i {"
      echo "  /// Who reported it."
      echo "  #[schemars(title = \"Reporter\", length(min = 3, max = 254), email)] pub reporter: String,"
      echo "  #[schemars(range(min = 1, max = 10))] #[serde(default)] pub estimate: u8,"
      echo "  #[schemars(range(min = -100, max = 100))] pub score: i32,"
      echo "  #[schemars(range(min = 0.0, max = 1.0))] pub weight: f64,"
      echo "  #[schemars(title = \"Notify\")] #[serde(default)] pub notify: bool,"
      echo "  #[schemars(title = \"Size\")] pub size: Size$i,"
      echo "  #[schemars(description = \"How urgent.\")] pub priority: Priority$i,"
      echo "  #[schemars(length(min = 1, max = 3))] pub labels: std::collections::BTreeSet<Label$i>,"
    fi
    echo "}"
  done
}

forms_project="$work/forms"
project "$forms_project" "mcpdesc-runtime = { path = \"$root/mcpdesc-runtime\" }
schemars = \"1\"
serde = { version = \"1\", features = [\"derive\"] }"

rebuild() { # $1 = source generator command; prints the fastest of 3 rebuilds' seconds
  eval "$1" > "$forms_project/src/lib.rs"
  cargo build -q --manifest-path "$forms_project/Cargo.toml" 2>/dev/null || true
  local start end run fastest=""
  for _ in 1 2 3; do
    touch "$forms_project/src/lib.rs"
    start=$(now)
    cargo build -q --manifest-path "$forms_project/Cargo.toml"
    end=$(now)
    run=$(elapsed "$start" "$end")
    fastest=$(awk -v a="$run" -v b="${fastest:-$run}" 'BEGIN { print (a < b ? a : b) }')
  done
  echo "$fastest"
}

# 300 declarations on plain functions in one file, against the same functions bare: what
# `#[elicitation]` costs (it reads the function's file once per file, for its diagnostics).
declarations() { # $1 = with | bare
  echo "#![allow(dead_code)]"
  for i in $(seq 1 300); do
    if [ "$1" = with ]; then
      echo "#[mcpdesc_runtime::elicitation(name = \"connect\", message = \"Connect your account.\", url = \"https://example.com/connect\")]"
    fi
    echo "pub fn tool_$i() {}"
  done
}

a_ours=$(rebuild 'plain "mcpdesc_runtime::ElicitationForm"')
a_theirs=$(rebuild 'plain "schemars::JsonSchema, serde::Deserialize"')
b_ours=$(rebuild 'attributed ours')
b_theirs=$(rebuild 'attributed theirs')
c_with=$(rebuild 'declarations with')
c_bare=$(rebuild 'declarations bare')

# ---- 2. The derive crates, clean ----

clean_build() { # $1 = dir, $2 = dependencies, $3 = packages to clean; prints the fastest of 5 runs' seconds
  project "$1" "$2"
  echo "" > "$1/src/lib.rs"
  CARGO_INCREMENTAL=0 RUSTFLAGS="--cap-lints allow" cargo build -q --manifest-path "$1/Cargo.toml"
  local pkgs=()
  for p in $3; do pkgs+=(-p "$p"); done
  local start end run fastest=""
  for _ in 1 2 3 4 5; do
    cargo clean -q --manifest-path "$1/Cargo.toml" "${pkgs[@]}"
    start=$(now)
    CARGO_INCREMENTAL=0 RUSTFLAGS="--cap-lints allow" cargo build -q --manifest-path "$1/Cargo.toml"
    end=$(now)
    run=$(elapsed "$start" "$end")
    fastest=$(awk -v a="$run" -v b="${fastest:-$run}" 'BEGIN { print (a < b ? a : b) }')
  done
  echo "$fastest"
}

d_ours=$(clean_build "$work/derive-ours" "mcpdesc-derive = { path = \"$root/mcpdesc-derive\" }" "mcpdesc-derive")
d_theirs=$(clean_build "$work/derive-theirs" "schemars_derive = \"1\"
serde_derive = \"1\"" "schemars_derive serde_derive")
d_schemars=$(clean_build "$work/derive-theirs" "schemars_derive = \"1\"
serde_derive = \"1\"" "schemars_derive")
d_internals=$(clean_build "$work/derive-theirs" "schemars_derive = \"1\"
serde_derive = \"1\"" "schemars_derive serde_derive_internals")

# The instructions `rustc` executes to build a derive crate (its command as cargo runs it, syn
# and the other dependencies built).
instructions() { # $1 = dir, $2 = crate name, $3 = package to clean
  cargo clean -q --manifest-path "$1/Cargo.toml" -p "$3"
  local cmd
  cmd=$(CARGO_INCREMENTAL=0 RUSTFLAGS="--cap-lints allow" cargo build -v --manifest-path "$1/Cargo.toml" 2>&1 |
    grep 'Running `' | grep -- "--crate-name $2 " | sed 's/^ *Running `//; s/`$//' |
    sed -E 's/^.* (\/[^ ]*\/rustc) /\1 /')
  (cd "$1" && eval "valgrind --tool=callgrind --callgrind-out-file=/dev/null $cmd" 2>&1 >/dev/null |
    awk '/Collected/ { print $NF }')
}

i_ours="" i_schemars=""
if [ "${COMPILE_TIME_INSTRUCTIONS:-1}" != 0 ] && command -v valgrind >/dev/null; then
  i_ours=$(instructions "$work/derive-ours" mcpdesc_derive mcpdesc-derive)
  i_schemars=$(instructions "$work/derive-theirs" schemars_derive schemars_derive)
fi

# The instructions of a form crate's front end: its `rustc` command as cargo runs it, not
# incremental, emitting metadata only (where a derive's output costs; code generation is alike).
front_end() { # $1 = source generator command
  eval "$1" > "$forms_project/src/lib.rs"
  local cmd
  cmd=$(cargo build -v --manifest-path "$forms_project/Cargo.toml" 2>&1 |
    grep 'Running `' | grep -- "--crate-name compile_time " | sed 's/^ *Running `//; s/`$//' |
    sed -E 's/^.* (\/[^ ]*\/rustc) /\1 /; s/-C incremental=[^ ]+//; s/--emit=[^ ]+/--emit=metadata/')
  (cd "$forms_project" && eval "valgrind --tool=callgrind --callgrind-out-file=/dev/null $cmd" 2>&1 >/dev/null |
    awk '/Collected/ { print $NF }')
}

f_a_ours="" f_a_theirs="" f_b_ours="" f_b_theirs=""
if [ "${COMPILE_TIME_INSTRUCTIONS:-1}" = all ] && command -v valgrind >/dev/null; then
  f_a_ours=$(front_end 'plain "mcpdesc_runtime::ElicitationForm"')
  f_a_theirs=$(front_end 'plain "schemars::JsonSchema, serde::Deserialize"')
  f_b_ours=$(front_end 'attributed ours')
  f_b_theirs=$(front_end 'attributed theirs')
fi

printf '%-62s %8s %8s %7s\n' "what (debug)" "ours" "theirs" "ratio"
printf '%-62s %7ss %7ss %7s\n' "100 forms x 8 plain fields, rebuild" "$a_ours" "$a_theirs" "$(ratio "$a_ours" "$a_theirs")"
printf '%-62s %7ss %7ss %7s\n' "100 forms x 8 fields, attributes on every field, 3 enums each" "$b_ours" "$b_theirs" "$(ratio "$b_ours" "$b_theirs")"
printf '%-62s %7ss %7ss %7s\n' "clean build: mcpdesc-derive vs schemars_derive + serde_derive" "$d_ours" "$d_theirs" "$(ratio "$d_ours" "$d_theirs")"
printf '%-62s %7ss %7ss %7s\n' "clean build: mcpdesc-derive vs schemars_derive alone" "$d_ours" "$d_schemars" "$(ratio "$d_ours" "$d_schemars")"
printf '%-62s %7ss %7ss %7s\n' "clean build: vs schemars_derive + serde_derive_internals" "$d_ours" "$d_internals" "$(ratio "$d_ours" "$d_internals")"
printf '%-62s %7ss %7ss %7s\n' "300 #[elicitation] on plain fns in one file, rebuild (vs bare)" "$c_with" "$c_bare" "$(ratio "$c_with" "$c_bare")"
if [ -n "$i_ours" ] && [ -n "$i_schemars" ]; then
  printf '%-62s %8s %8s %7s\n' "clean build vs schemars_derive alone, instructions (millions)" \
    "$((i_ours / 1000000))" "$((i_schemars / 1000000))" "$(ratio "$i_ours" "$i_schemars")"
fi
if [ -n "$f_a_ours" ] && [ -n "$f_a_theirs" ] && [ -n "$f_b_ours" ] && [ -n "$f_b_theirs" ]; then
  printf '%-62s %8s %8s %7s\n' "100 plain forms, front end, instructions (millions)" \
    "$((f_a_ours / 1000000))" "$((f_a_theirs / 1000000))" "$(ratio "$f_a_ours" "$f_a_theirs")"
  printf '%-62s %8s %8s %7s\n' "100 attributed forms, front end, instructions (millions)" \
    "$((f_b_ours / 1000000))" "$((f_b_theirs / 1000000))" "$(ratio "$f_b_ours" "$f_b_theirs")"
fi
echo "(ratio = ours / theirs; below 1.00 is faster)"
