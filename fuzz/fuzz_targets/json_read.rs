//! The JSON reader on any text: it reads what serde_json reads (when no key is repeated) or
//! refuses, with every problem inside the text, and never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpdesc_check::json;

fuzz_target!(|text: &str| {
    match json::from_str(text) {
        Ok(value) => {
            let theirs: serde_json::Value =
                serde_json::from_str(text.strip_prefix('\u{feff}').unwrap_or(text))
                    .expect("serde_json reads what this reader reads");
            assert_eq!(value, theirs);
        }
        Err(e) => {
            let lines = text.split(['\n', '\r']).count() + 1;
            for p in e.problems() {
                assert!(p.line >= 1 && p.line <= lines && p.column >= 1, "{p}");
            }
        }
    }
});
