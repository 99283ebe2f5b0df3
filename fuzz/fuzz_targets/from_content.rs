//! Reading any answer into a form with every property kind: it reads or lists problems (each of
//! which can be told), never panics, and what it reads writes back as an answer it reads again
//! alike. A form whose every property is optional through serde's `default` reads what it
//! accepts as serde reads it.
#![no_main]

use std::collections::BTreeSet;

use libfuzzer_sys::fuzz_target;
use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

#[derive(ElicitationEnum, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Label {
    #[form(title = "Bug")]
    Bug,
    #[form(title = "Docs")]
    Docs,
}

#[derive(ElicitationEnum, Debug, PartialEq)]
enum Size {
    #[form(title = "Small")]
    Small,
    #[form(title = "Large")]
    Large,
}

#[derive(ElicitationForm, Debug, PartialEq)]
struct Every {
    #[form(min_length = 1, max_length = 8)]
    name: String,
    #[form(format = "email")]
    email: Option<String>,
    #[form(format = "uri")]
    site: Option<String>,
    #[form(format = "date")]
    day: Option<String>,
    #[form(format = "date-time")]
    at: Option<String>,
    #[form(minimum = -5, maximum = 5)]
    small: Option<i8>,
    big: Option<u64>,
    signed: Option<i64>,
    #[form(minimum = 0.5, maximum = 2.5)]
    ratio: Option<f32>,
    wide: Option<f64>,
    flag: Option<bool>,
    size: Option<Size>,
    #[form(min_items = 1, max_items = 2)]
    labels: Option<BTreeSet<Label>>,
    list: Option<Vec<Label>>,
}

#[allow(dead_code)] // `KEYS` is for the property tests
#[path = "../../tests/support/defaulted.rs"]
mod defaulted;
use defaulted::Defaulted;

fuzz_target!(|text: &str| {
    let Ok(serde_json::Value::Object(content)) = serde_json::from_str(text) else {
        return;
    };
    match Every::from_content(&content) {
        Ok(every) => {
            let again = Every::from_content(&every.to_content());
            assert_eq!(again.as_ref().ok(), Some(&every), "{again:?}");
        }
        // Every problem can be told: its message is written without a panic, and names its
        // property.
        Err(err) => {
            for problem in err.problems() {
                let message = problem.to_string();
                assert!(message.contains(problem.property()), "{message}");
            }
        }
    }
    let ours = Defaulted::from_content(&content);
    if let Ok(read) = ours {
        let content = defaulted::without_refused_nulls(content);
        let by_serde: Result<Defaulted, _> = serde_json::from_value(content.into());
        assert_eq!(by_serde.ok(), Some(read));
    }
});
