//! JSON as the session signs it: [`canonical`], the JSON Canonicalization Scheme (RFC 8785), and
//! [`exact`], the same layout with every number as it was read.
//!
//! The reader of description files (duplicate keys reported with their positions) is
//! `mcpdesc_check::json::from_str`.

use serde_json::Value;

/// The canonical form of a JSON value (RFC 8785, the JSON Canonicalization Scheme): object
/// members sorted by their names' UTF-16 code units, no white space, strings with the fewest
/// escapes, and numbers as ECMAScript writes the IEEE 754 double they denote.
///
/// Two values that differ only in member order or number spelling (`1.0`, `1`, `1e0`) have the
/// same canonical form. So do two integers beyond 2^53 that round to the same double: use
/// [`exact`] where two different values must never be written alike.
///
/// ```
/// use serde_json::json;
/// use mcpdesc_format::json::canonical;
///
/// assert_eq!(canonical(&json!({"b": [1.0, 1e21, 0.000001], "a": "é\n"})),
///            r#"{"a":"é\n","b":[1,1e+21,0.000001]}"#);
/// ```
pub fn canonical(value: &Value) -> String {
    let mut out = String::new();
    write_canonical(value, Numbers::AsDoubles, &mut out);
    out
}

/// A JSON value written so that no two different values are written alike: RFC 8785's member
/// order, white space and string escapes, with each number exactly as serde_json holds it (an
/// integer as its digits, whatever its size; a double as the shortest digits that read back as
/// it, with a `.` or an exponent).
///
/// Reading the text back gives the same value, so the form is one-to-one. The session binds a
/// sealed `requestState` to the exact form of the call's arguments: a retry opens it whatever
/// the order of its members, and only with arguments the server reads as the same.
///
/// ```
/// use serde_json::json;
/// use mcpdesc_format::json::{canonical, exact};
///
/// let (a, b) = (json!({"id": 18446744073709551614_u64}), json!({"id": 18446744073709550615_u64}));
/// assert_eq!(canonical(&a), canonical(&b)); // both are the double 1.8446744073709552e19
/// assert_eq!(exact(&a), r#"{"id":18446744073709551614}"#);
/// assert_ne!(exact(&a), exact(&b));
/// assert_eq!(exact(&json!({"b": 1.0, "a": 1})), r#"{"a":1,"b":1.0}"#);
/// ```
pub fn exact(value: &Value) -> String {
    let mut out = String::new();
    write_canonical(value, Numbers::Exact, &mut out);
    out
}

/// How [`write_canonical`] writes numbers.
#[derive(Clone, Copy)]
enum Numbers {
    /// As the IEEE 754 double they denote (RFC 8785).
    AsDoubles,
    /// As serde_json holds them.
    Exact,
}

fn write_canonical(value: &Value, numbers: Numbers, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        // serde_json writes an integer as its digits and a double as the shortest digits that
        // read back as it, always with a `.` or an exponent, so no two numbers are written alike.
        Value::Number(n) if matches!(numbers, Numbers::Exact) => out.push_str(&n.to_string()),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            // Integers that a double holds exactly print as themselves.
            (Some(u), _) if u <= 1 << 53 => out.push_str(&u.to_string()),
            (_, Some(i)) if i >= -(1 << 53) => out.push_str(&i.to_string()),
            _ => write_number(n.as_f64().unwrap_or(0.0), out),
        },
        Value::String(s) => write_string(s, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(item, numbers, out);
            }
            out.push(']');
        }
        Value::Object(members) => {
            let mut sorted: Vec<(&String, &Value)> = members.iter().collect();
            sorted.sort_by(|(a, _), (b, _)| a.encode_utf16().cmp(b.encode_utf16()));
            out.push('{');
            for (i, (name, member)) in sorted.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(name, out);
                out.push(':');
                write_canonical(member, numbers, out);
            }
            out.push('}');
        }
    }
}

/// A string as ECMAScript's `JSON.stringify` writes it (RFC 8785 §3.2.2.2).
fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                use std::fmt::Write as _;
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A double as ECMAScript's `Number.prototype.toString` writes it (RFC 8785 §3.2.2.3): the
/// shortest digits that read back as the same double, in plain notation for exponents from -7
/// to 20, else as `d.ddde±x`.
fn write_number(x: f64, out: &mut String) {
    if x == 0.0 || !x.is_finite() {
        // JSON has no NaN or infinity; -0 is written as 0.
        out.push('0');
        return;
    }
    if x < 0.0 {
        out.push('-');
    }
    // Rust's `{:e}` writes the shortest round-trip digits, `d.ddde-x`; of the decimals with that
    // many digits, ECMAScript takes the one nearest the double, and the even one of two as near,
    // which Rust's exact formatting to that precision gives.
    let shortest = format!("{:e}", x.abs());
    let places = shortest
        .split_once('e')
        .map_or(0, |(m, _)| m.chars().filter(char::is_ascii_digit).count())
        .saturating_sub(1);
    let scientific = format!("{:.*e}", places, x.abs());
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let k = i32::try_from(digits.len()).unwrap_or(i32::MAX);
    // The value is 0.digits × 10^n.
    let n = exponent + 1;
    if k <= n && n <= 21 {
        out.push_str(&digits);
        for _ in 0..(n - k) {
            out.push('0');
        }
    } else if 0 < n && n <= 21 {
        let (int, frac) = digits
            .split_at_checked(usize::try_from(n).unwrap_or(0))
            .unwrap_or((&digits, ""));
        out.push_str(int);
        out.push('.');
        out.push_str(frac);
    } else if -6 < n && n <= 0 {
        out.push_str("0.");
        for _ in 0..(-n) {
            out.push('0');
        }
        out.push_str(&digits);
    } else {
        let mut chars = digits.chars();
        if let Some(first) = chars.next() {
            out.push(first);
        }
        let rest = chars.as_str();
        if !rest.is_empty() {
            out.push('.');
            out.push_str(rest);
        }
        out.push('e');
        out.push(if n - 1 < 0 { '-' } else { '+' });
        out.push_str(&(n - 1).abs().to_string());
    }
}
