//! Writing JSON as YAML that YAML 1.2 and 1.1 readers read back to the same JSON.

use serde_json::{Map, Value};

/// Writes a JSON value as block-style YAML: deterministic, with no anchors, aliases or tags, and
/// every string that a YAML 1.2 parser could read as something else double-quoted.
///
/// ```
/// let yaml = mcpdesc_format::yaml::to_string(&serde_json::json!({
///     "name": "demo",
///     "version": "1.0",
///     "list": [1, true, null, "yes"],
///     "empty": {}
/// }));
/// assert_eq!(yaml, "name: demo\nversion: \"1.0\"\nlist:\n  - 1\n  - true\n  - null\n  - \"yes\"\nempty: {}\n");
/// ```
pub fn to_string(value: &Value) -> String {
    let mut out = String::new();
    match value {
        Value::Object(map) if !map.is_empty() => write_map(&mut out, map, 0),
        Value::Array(items) if !items.is_empty() => write_seq(&mut out, items, 0),
        scalar => {
            write_scalar(&mut out, scalar);
            out.push('\n');
        }
    }
    out
}

fn indent(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

fn write_map(out: &mut String, map: &Map<String, Value>, level: usize) {
    for (key, value) in map {
        indent(out, level);
        write_key(out, key, level);
        write_child(out, value, level);
    }
}

/// How long a key may be written as an implicit key (`key: value`): YAML 1.2 limits one to 1,024
/// characters, as PyYAML and the `yaml` package do; a longer one is written as an explicit key.
const MAX_IMPLICIT_KEY: usize = 1000;

/// Writes `key` and its `:`, the key starting at column `level` (0-based): `key:` where the key
/// is short enough for an implicit key, else `? key`, then `:` on the next line at `level`.
fn write_key(out: &mut String, key: &str, level: usize) {
    let start = out.len();
    write_string(out, key);
    let written = out.get(start..).unwrap_or_default();
    if written.len() > MAX_IMPLICIT_KEY && written.chars().count() > MAX_IMPLICIT_KEY {
        out.insert_str(start, "? ");
        out.push('\n');
        indent(out, level);
    }
    out.push(':');
}

fn write_seq(out: &mut String, items: &[Value], level: usize) {
    for item in items {
        indent(out, level);
        out.push('-');
        match item {
            Value::Object(map) if !map.is_empty() => {
                // The first member goes on the dash line; the rest align with it.
                out.push(' ');
                let mut first = true;
                for (key, value) in map {
                    if !first {
                        indent(out, level + 2);
                    }
                    first = false;
                    write_key(out, key, level + 2);
                    write_child(out, value, level + 2);
                }
            }
            Value::Array(inner) if !inner.is_empty() => {
                out.push('\n');
                write_seq(out, inner, level + 2);
            }
            scalar => {
                out.push(' ');
                write_scalar(out, scalar);
                out.push('\n');
            }
        }
    }
}

fn write_child(out: &mut String, value: &Value, level: usize) {
    match value {
        Value::Object(map) if !map.is_empty() => {
            out.push('\n');
            write_map(out, map, level + 2);
        }
        Value::Array(items) if !items.is_empty() => {
            out.push('\n');
            write_seq(out, items, level + 2);
        }
        scalar => {
            out.push(' ');
            write_scalar(out, scalar);
            out.push('\n');
        }
    }
}

fn write_scalar(out: &mut String, value: &Value) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => write_number(out, n),
        Value::String(s) => write_string(out, s),
        Value::Array(_) => out.push_str("[]"),
        Value::Object(_) => out.push_str("{}"),
    }
}

/// Writes a number so that YAML 1.2 and YAML 1.1 readers both read it as the same number: an
/// exponent form gets a fraction and a signed exponent (`1.0e-7`, `1.0e+20`), because YAML 1.1
/// (PyYAML) reads `1e-7` as a string.
fn write_number(out: &mut String, n: &serde_json::Number) {
    let text = n.to_string();
    match text.split_once(['e', 'E']) {
        None => out.push_str(&text),
        Some((mantissa, exponent)) => {
            out.push_str(mantissa);
            if !mantissa.contains('.') {
                out.push_str(".0");
            }
            out.push('e');
            if !exponent.starts_with(['-', '+']) {
                out.push('+');
            }
            out.push_str(exponent);
        }
    }
}

/// Characters a double-quoted scalar writes as escapes: everything outside YAML 1.2's printable
/// set (controls, U+FFFE, U+FFFF), what YAML 1.1 readers take for a line break (U+0085, U+2028,
/// U+2029), and the byte-order mark.
fn needs_escape(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{fffe}' | '\u{ffff}'
        )
}

/// Whether a plain scalar `s` could be a YAML 1.1 timestamp (`2001-12-14`,
/// `2001-12-14 21:59:43.10 -5`, `2024-01-01T10:00:00Z`): four digits and a dash, then anything.
/// PyYAML reads those as dates, so they are quoted.
fn timestamp_like(s: &str) -> bool {
    matches!(
        s.as_bytes().split_first_chunk::<4>(),
        Some((year, [b'-', ..])) if year.iter().all(u8::is_ascii_digit)
    )
}

/// Whether a string can be written plain and still read back as the same string.
fn plain_ok(s: &str) -> bool {
    let Some(first) = s.chars().next() else {
        return false;
    };
    if s != s.trim() {
        return false;
    }
    // Indicators that change meaning at the start of a plain scalar, and the document end
    // marker `...` (the start marker `---` begins with an indicator), which a plain scalar at the
    // start of a line would be read as.
    if "-?:,[]{}#&*!|>'\"%@`~".contains(first) || s.starts_with("...") {
        return false;
    }
    // `<<` is a merge key and `=` a "value" in YAML 1.1 (PyYAML refuses a bare `=`).
    if s == "<<" || s == "=" || s.contains(": ") || s.contains(" #") || s.ends_with(':') {
        return false;
    }
    if s.chars().any(needs_escape) || timestamp_like(s) {
        return false;
    }
    // Anything YAML 1.1 or 1.2 could read as a null, a boolean or a number.
    let lower = s.to_ascii_lowercase();
    if matches!(
        lower.as_str(),
        "null"
            | "true"
            | "false"
            | "yes"
            | "no"
            | "on"
            | "off"
            | "y"
            | "n"
            | ".inf"
            | "+.inf"
            | "-.inf"
            | ".nan"
    ) {
        return false;
    }
    let looks_numeric = s
        .chars()
        .all(|c| c.is_ascii_digit() || "+-._eEoxXabcdefABCDEF:".contains(c))
        && s.chars().any(|c| c.is_ascii_digit());
    !looks_numeric
}

fn write_string(out: &mut String, s: &str) {
    if plain_ok(s) {
        out.push_str(s);
        return;
    }
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if needs_escape(c) => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}
