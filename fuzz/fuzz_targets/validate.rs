//! The validator on any document YAML or JSON can hold: it reports, and never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpdesc_check::{validate, yaml};

fuzz_target!(|text: &str| {
    if let Ok(value) = yaml::from_str(text) {
        let _ = validate(&value).into_diagnostics();
    }
});
