//! Comparing JSON values as JavaScript sees them: numbers as the doubles they read as (YAML's
//! `1.0` and JSON's `1`, or an integer beyond 64 bits and its nearest double, are one number).

use serde_json::Value;

/// Equal, numbers compared as the doubles JavaScript reads them as.
pub fn same_numbers_as_doubles(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_numbers_as_doubles(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_numbers_as_doubles(v, w)))
        }
        _ => a == b,
    }
}
