//! The YAML reader on any text: it reads or refuses, and never panics. What it reads, written
//! back by the YAML writer, reads again as the same value; every value it reads has a position
//! on a line of the text, and a pointer below a value that names nothing finds that value's.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpdesc_check::yaml;
use serde_json::Value;

/// The JSON Pointer of every value below `pointer` in `value`.
fn pointers(value: &Value, pointer: &str, out: &mut Vec<String>) {
    let mut below = |token: String, value: &Value| {
        let p = format!("{pointer}/{token}");
        pointers(value, &p, out);
        out.push(p);
    };
    match value {
        Value::Array(items) => items
            .iter()
            .enumerate()
            .for_each(|(i, item)| below(i.to_string(), item)),
        Value::Object(members) => members
            .iter()
            .for_each(|(k, v)| below(k.replace('~', "~0").replace('/', "~1"), v)),
        _ => {}
    }
}

fuzz_target!(|text: &str| {
    if let Ok((value, positions)) = yaml::from_str_with_positions(text) {
        let lines = text.matches(['\n', '\r']).count() + 1;
        let mut all = vec![String::new()];
        pointers(&value, "", &mut all);
        for pointer in &all {
            let at = positions.get(pointer);
            if let Some((line, column)) = at {
                assert!(
                    (1..=lines).contains(&line) && column >= 1,
                    "{pointer:?}: {at:?}"
                );
            } else {
                // Only the document itself may be unwritten (an empty text).
                assert!(pointer.is_empty(), "{pointer:?} has no position");
            }
            assert_eq!(positions.get(&format!("{pointer}/~2")), at, "{pointer:?}");
        }
        let written = yaml::to_string(&value);
        assert_eq!(yaml::from_str(&written).ok(), Some(value), "{written:?}");
    }
});
