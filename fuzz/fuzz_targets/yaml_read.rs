//! The YAML reader on any text: it reads or refuses, and never panics. What it reads, written
//! back by the YAML writer, reads again as the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpdesc_runtime::yaml;

fuzz_target!(|text: &str| {
    if let Ok((value, positions)) = yaml::from_str_with_positions(text) {
        let _ = positions.get("/a/0");
        let written = yaml::to_string(&value);
        assert_eq!(yaml::from_str(&written).ok(), Some(value), "{written:?}");
    }
});
