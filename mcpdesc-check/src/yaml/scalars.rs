//! Plain scalars as the YAML 1.2 core schema reads them: integers and floats.

use serde_json::Value;

/// The YAML 1.2 core schema's integers: `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`. Only
/// decimals take a sign (`-0x10`, `0x-1` and `+0o7` are strings). Integers beyond 64 bits
/// become the nearest `f64`, as serde_json reads them.
pub(super) fn integer(text: &str) -> Option<Value> {
    let (radix, neg, digits) = if let Some(hex) = text.strip_prefix("0x") {
        (16, false, hex)
    } else if let Some(oct) = text.strip_prefix("0o") {
        (8, false, oct)
    } else if let Some(magnitude) = text.strip_prefix('-') {
        (10, true, magnitude)
    } else {
        (10, false, text.strip_prefix('+').unwrap_or(text))
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    // Digits only (no sign): `from_str_radix` cannot see a sign of its own, and a `u128`
    // holds every 64-bit magnitude, so nothing below can overflow.
    let Ok(magnitude) = u128::from_str_radix(digits, radix) else {
        let nearest = nearest_beyond_128_bits(radix, digits);
        let nearest = if neg { -nearest } else { nearest };
        return serde_json::Number::from_f64(nearest).map(Value::Number);
    };
    if neg {
        match i64::try_from(magnitude) {
            Ok(m) => Some(Value::from(-m)),
            Err(_) if magnitude == 1 << 63 => Some(Value::from(i64::MIN)),
            Err(_) => serde_json::Number::from_f64(-(magnitude as f64)).map(Value::Number),
        }
    } else {
        match u64::try_from(magnitude) {
            Ok(m) => Some(Value::from(m)),
            Err(_) => serde_json::Number::from_f64(magnitude as f64).map(Value::Number),
        }
    }
}

/// The `f64` nearest a magnitude too large for a `u128`, written in `digits` of `radix` (10,
/// 16 or 8); infinite beyond `f64`'s range. (Folding the digits into an `f64` one by one
/// rounds at each step and can end several units in the last place off.)
pub(super) fn nearest_beyond_128_bits(radix: u32, digits: &str) -> f64 {
    if radix == 10 {
        // Digits alone are a float literal, and the standard library's reading is the nearest.
        return digits.parse::<f64>().unwrap_or(f64::INFINITY);
    }
    // A power of two: the leading 128 bits (32 hex digits, 42 octal ones) round as the whole
    // does once any set bit after them is kept as one set bit at their end, far below the
    // 53 bits an `f64` keeps; the rest only scales.
    let bits = if radix == 16 { 4 } else { 3 };
    let digits = digits.trim_start_matches('0');
    let (head, tail) = digits.split_at_checked(128 / bits).unwrap_or((digits, ""));
    let mut head = u128::from_str_radix(head, radix).unwrap_or(0);
    if tail.bytes().any(|b| b != b'0') {
        head |= 1;
    }
    let scale = i32::try_from(tail.len() * bits).unwrap_or(i32::MAX);
    // `head as f64` rounds to nearest (ties to even); a power of two scales it exactly.
    (head as f64) * 2f64.powi(scale)
}

pub(super) fn is_float(text: &str) -> bool {
    // [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
    fn digits(s: &str) -> (usize, &str) {
        let rest = s.trim_start_matches(|c: char| c.is_ascii_digit());
        (s.len() - rest.len(), rest)
    }
    let rest = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (int_digits, rest) = digits(rest);
    let (frac_digits, rest) = match rest.strip_prefix('.') {
        Some(fraction) => digits(fraction),
        None => (0, rest),
    };
    if int_digits == 0 && frac_digits == 0 {
        return false;
    }
    match rest.strip_prefix(['e', 'E']) {
        Some(exponent) => {
            let (exponent_digits, rest) =
                digits(exponent.strip_prefix(['-', '+']).unwrap_or(exponent));
            exponent_digits > 0 && rest.is_empty()
        }
        None => rest.is_empty(),
    }
}
