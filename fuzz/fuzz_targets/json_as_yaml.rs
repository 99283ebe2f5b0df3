//! YAML 1.2 reads every JSON text: a text the JSON reader reads (no key repeated) reads through
//! the YAML reader to the same value, numbers compared as doubles (JSON's `1.0` and `1e0` are
//! YAML floats, and both grammars' integers beyond 64 bits are floats). Left out: keys of more
//! than 1,000 characters, near YAML's limit of 1,024 for an implicit key (written with their
//! quotes and escapes, a shorter key can pass it); and, for `yaml::from_str`, texts with more
//! than 64 tabs right after a `:`, which the YAML reader takes for spaces up to 64 times per text
//! (reading it again each time) and then refuses, saying so. `yaml::from_json_with_positions`
//! (what places `mcpdesc check`'s problems in a JSON file) reads those too, to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpdesc_runtime::{json, yaml};
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
    if text.matches(":\t").count() > 64 {
        return;
    }
    match yaml::from_str(text) {
        Ok(read) => assert!(same(&read, &value), "{text:?}: {read} against {value}"),
        Err(e) => panic!("{text:?} is JSON ({value}) but not read as YAML: {e}"),
    }
});
