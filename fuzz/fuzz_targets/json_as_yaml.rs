//! YAML 1.2 reads every JSON text: a text the JSON reader reads (no key repeated) reads through
//! the YAML reader to the same value, numbers compared as doubles (JSON's `1.0` and `1e0` are
//! YAML floats, and both grammars' integers beyond 64 bits are floats). Left out: keys of more
//! than 1,000 characters, near YAML's limit of 1,024 for an implicit key (written with their
//! quotes and escapes, a shorter key can pass it). Both `yaml::from_str` and
//! `yaml::from_json_with_positions` (what places `mcpdesc check`'s problems in a JSON file) read
//! it, however many tabs follow a `:` (a JSON string holds no raw tab, so the YAML reader makes
//! them all spaces at once).
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpdesc_check::{json, yaml};
use serde_json::Value;

#[path = "../../tests/support/same_numbers.rs"]
mod same_numbers;
use same_numbers::same_numbers_as_doubles as same;

fn long_key(v: &Value) -> bool {
    match v {
        Value::Array(items) => items.iter().any(long_key),
        Value::Object(members) => members
            .iter()
            .any(|(k, v)| k.chars().count() > 1000 || long_key(v)),
        _ => false,
    }
}

fuzz_target!(|text: &str| {
    let Ok(value) = json::from_str(text) else {
        return;
    };
    if long_key(&value) {
        return;
    }
    match yaml::from_json_with_positions(text) {
        Ok((read, _)) => assert!(same(&read, &value), "{text:?}: {read} against {value}"),
        Err(e) => panic!("{text:?} is JSON ({value}) but not read with positions: {e}"),
    }
    match yaml::from_str(text) {
        Ok(read) => assert!(same(&read, &value), "{text:?}: {read} against {value}"),
        Err(e) => panic!("{text:?} is JSON ({value}) but not read as YAML: {e}"),
    }
});
