//! Reading a YAML description: the entry points, and characters refused before parsing.

use serde_json::Value;

use super::mend::{MAX_BYTES_READ_AGAIN, quoted_scalars, read_mended};
use super::positions::Positions;
use super::{YamlError, YamlProblem};
use crate::source::MAX_PROBLEMS;

/// Reads one YAML document into JSON, refusing what MCP Description files forbid: anchors,
/// aliases, tags, merge keys, duplicate keys, non-string keys, several documents, and
/// numbers JSON cannot hold.
///
/// ```
/// let value = mcpdesc_runtime::yaml::from_str("name: demo\nversion: 1\n").unwrap();
/// assert_eq!(value, serde_json::json!({"name": "demo", "version": 1}));
///
/// let err = mcpdesc_runtime::yaml::from_str("a: &x 1\nb: *x\n").unwrap_err();
/// assert_eq!(err.problems()[0].line, 1);
/// assert!(err.problems()[0].message.contains("anchor"));
/// ```
///
/// # Errors
///
/// [`YamlError`] with the text's problems, each with its line and column: a syntax error, or
/// what the format forbids (anchors, aliases, tags, merge keys, duplicate or non-string keys,
/// more than one document, a number JSON cannot hold).
pub fn from_str(text: &str) -> Result<Value, YamlError> {
    from_str_with_positions(text).map(|(value, _)| value)
}

/// Like [`from_str`], and also where each value is written, by JSON Pointer, so that a
/// diagnostic's path can be shown as a line and column.
///
/// ```
/// let (_, positions) =
///     mcpdesc_runtime::yaml::from_str_with_positions("a:\n  b: [1, 2]\n").unwrap();
/// assert_eq!(positions.get("/a/b/1"), Some((2, 10)));
/// // A pointer to something that is not written resolves to its nearest written ancestor.
/// assert_eq!(positions.get("/a/missing"), Some((1, 1)));
/// ```
///
/// # Errors
///
/// As [`from_str`].
pub fn from_str_with_positions(text: &str) -> Result<(Value, Positions), YamlError> {
    // YAML 1.2 allows a byte-order mark at the start; it is not part of the first key.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let unprintable = unprintable_characters(text);
    if !unprintable.is_empty() {
        return Err(YamlError::new(unprintable));
    }
    read_lines(text)
}

/// Reads a JSON text as YAML 1.2 (which every JSON text is), with where each value is
/// written: what locates a diagnostic in a JSON file by line and column. Like
/// [`from_str_with_positions`], except that the characters YAML allows only in a quoted
/// scalar (DEL, C1 controls, U+FFFE, U+FFFF) are not looked for: JSON writes them only in a
/// string, and [`from_str_with_positions`] reads them there too.
///
/// ```
/// let text = "{\n  \"a\": [1, \"\u{7f}\"]\n}";
/// let (_, positions) = mcpdesc_runtime::yaml::from_json_with_positions(text).unwrap();
/// assert_eq!(positions.get("/a/1"), Some((2, 12)));
/// assert!(mcpdesc_runtime::yaml::from_str_with_positions(text).is_ok());
/// ```
///
/// # Errors
///
/// As [`from_str_with_positions`].
pub fn from_json_with_positions(text: &str) -> Result<(Value, Positions), YamlError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // JSON separates with tabs wherever it separates with spaces, and the parser refuses
    // some that YAML 1.2 reads (right after `:` before a scalar, among others). Outside a
    // string a JSON tab is only whitespace (inside one it must be escaped), so each is made
    // a space at once: a character for a character, every line and column stays.
    if text.contains('\t') {
        return read_lines(&json_tabs_spaced(text));
    }
    read_lines(text)
}

/// `text` with every tab outside a double-quoted string made a space.
pub(super) fn json_tabs_spaced(text: &str) -> String {
    let mut spaced = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in text.chars() {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            spaced.push(c);
        } else {
            in_string = c == '"';
            spaced.push(if c == '\t' { ' ' } else { c });
        }
    }
    spaced
}

/// Reads `text` with every line break read as YAML reads it: a `\r` alone is a line break
/// (as `\r\n` and `\n` are), and every line break in a scalar reads as `\n`. The parser
/// counts it as one but reads it otherwise in places (an empty block scalar, a tab indenting
/// the next line, a `...` on it), so it is made a `\n`: a character for a character, every
/// line and column stays.
pub(super) fn read_lines(text: &str) -> Result<(Value, Positions), YamlError> {
    let lone_cr = |(at, c): (usize, char)| {
        c == '\r'
            && !text
                .get(at + 1..)
                .is_some_and(|rest| rest.starts_with('\n'))
    };
    if text.char_indices().any(lone_cr) {
        let text: String = text
            .char_indices()
            .map(|(at, c)| if lone_cr((at, c)) { '\n' } else { c })
            .collect();
        return read_mended(&text, MAX_BYTES_READ_AGAIN);
    }
    read_mended(text, MAX_BYTES_READ_AGAIN)
}

/// Every character of `text` that YAML 1.2 does not allow in a stream (§5.1: C0 controls but
/// tab and line breaks, DEL, C1 controls but NEL, U+FFFE and U+FFFF), at its line and column
/// (lines end at `\n`, `\r\n` or `\r` alone), up to `MAX_PROBLEMS`; except the non-C0 ones
/// in a quoted scalar, which YAML 1.2 must allow there for JSON's sake (§5.1), as the `yaml`
/// package does (PyYAML, which reads YAML 1.1, refuses them anywhere). The parser reads them
/// everywhere. Written as escapes in a double-quoted string they are allowed.
pub(super) fn unprintable_characters(text: &str) -> Vec<YamlProblem> {
    let allowed = |c: char| {
        matches!(c, '\t' | '\n' | '\r' | '\u{85}')
            || !(c.is_control() || c == '\u{fffe}' || c == '\u{ffff}')
    };
    // Where the quoted scalars are, looked for only when a character could be allowed in one.
    let quoted = if text.chars().any(|c| c > '\u{1f}' && !allowed(c)) {
        quoted_scalars(text)
    } else {
        Vec::new()
    };
    // The characters and the scalars both come in the order of the text: one pass.
    let mut ranges = quoted.iter().peekable();
    let mut lines = crate::source::LineCursor::new(text);
    text.char_indices()
        .filter(|(_, c)| !allowed(*c))
        .filter(|&(at, c)| {
            while ranges.next_if(|(_, end)| *end < at).is_some() {}
            let inside = ranges.peek().is_some_and(|(start, _)| *start < at);
            c <= '\u{1f}' || !inside
        })
        .take(MAX_PROBLEMS)
        .map(|(at, c)| {
            let (line, column) = lines.position_of(at);
            let code = u32::from(c);
            let escape = if code <= 0xFF {
                format!("\\x{code:02X}")
            } else {
                format!("\\u{code:04X}")
            };
            let what = if c.is_control() {
                "a control character"
            } else {
                "a noncharacter"
            };
            YamlProblem {
                line,
                column,
                message: format!(
                    "the character U+{code:04X} ({what}) cannot be written in YAML as it is; write it as the escape `{escape}` in a double-quoted string"
                ),
            }
        })
        .collect()
}
