//! `diff` of any two documents JSON can hold: it reports, and never panics or hangs. The input
//! is the two documents' text, split at the first NUL byte.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpdesc_check::{diff::diff, json};

fuzz_target!(|text: &str| {
    let (old, new) = text.split_once('\0').unwrap_or((text, "{}"));
    if let (Ok(old), Ok(new)) = (json::from_str(old), json::from_str(new)) {
        let changes = diff(&old, &new);
        let _ = changes.to_string();
        // A document against itself has no change.
        assert!(diff(&old, &old).is_empty());
    }
});
