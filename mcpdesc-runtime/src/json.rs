//! Reading JSON description files: serde_json's value, plus what serde_json lets pass silently.
//!
//! JSON leaves duplicate object keys undefined and readers disagree (serde_json and JavaScript
//! keep the last, others the first or refuse), so a description with one means different things
//! to different tools. [`from_str`] reports every duplicate with its line and column, as the YAML
//! reader does, and skips a UTF-8 byte-order mark at the start (which serde_json refuses).
//!
//! ```
//! let err = mcpdesc_runtime::json::from_str("{\n  \"a\": 1,\n  \"a\": 2\n}").unwrap_err();
//! let problem = &err.problems()[0];
//! assert_eq!((problem.line, problem.column), (3, 3));
//! assert!(problem.message.contains("duplicate key \"a\""));
//!
//! let value = mcpdesc_runtime::json::from_str("\u{feff}{\"a\": 1}").unwrap();
//! assert_eq!(value["a"], 1);
//! ```

use std::collections::HashMap;

use serde_json::Value;

/// A problem in a JSON text, at a 1-based line and column (in characters).
pub use crate::source::SourceProblem as JsonProblem;

/// A JSON text that could not be read: its syntax error, or every duplicate key.
pub use crate::source::SourceError as JsonError;

/// Reads a JSON document; a leading byte-order mark is skipped, and duplicate keys are errors.
pub fn from_str(text: &str) -> Result<Value, JsonError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let value: Value = serde_json::from_str(text).map_err(|e| {
        JsonError::new(vec![JsonProblem {
            line: e.line(),
            column: e.column(),
            message: format!("invalid JSON: {e}"),
        }])
    })?;
    let problems = duplicate_keys(text);
    if problems.is_empty() {
        Ok(value)
    } else {
        Err(JsonError::new(problems))
    }
}

/// Every key that repeats one of its object's earlier keys. `text` is valid JSON.
fn duplicate_keys(text: &str) -> Vec<JsonProblem> {
    enum Frame {
        /// An object: its keys so far with where each stands, and whether a key comes next.
        Object {
            keys: HashMap<String, (usize, usize)>,
            key_next: bool,
        },
        Array,
    }
    let mut problems = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let (mut line, mut column) = (1, 1);
    let mut chars = text.char_indices();
    while let Some((start, c)) = chars.next() {
        match c {
            '\n' => {
                line += 1;
                column = 1;
                continue;
            }
            '{' => stack.push(Frame::Object {
                keys: HashMap::new(),
                key_next: true,
            }),
            '[' => stack.push(Frame::Array),
            '}' | ']' => {
                stack.pop();
            }
            ',' => {
                if let Some(Frame::Object { key_next, .. }) = stack.last_mut() {
                    *key_next = true;
                }
            }
            '"' => {
                let at = (line, column);
                // A string never spans lines in valid JSON: count its characters.
                let mut end = start + 1;
                let mut escaped = false;
                for (i, c) in chars.by_ref() {
                    column += 1;
                    end = i + c.len_utf8();
                    match c {
                        '\\' if !escaped => escaped = true,
                        '"' if !escaped => break,
                        _ => escaped = false,
                    }
                }
                if let Some(Frame::Object { keys, key_next }) = stack.last_mut()
                    && *key_next
                {
                    *key_next = false;
                    let raw = text.get(start..end).unwrap_or_default();
                    let key: String = serde_json::from_str(raw).unwrap_or_default();
                    match keys.get(&key) {
                        Some(&(first_line, first_column)) => problems.push(JsonProblem {
                            line: at.0,
                            column: at.1,
                            message: format!(
                                "duplicate key {key:?}: the object already has it at line {first_line}, column {first_column}; JSON readers disagree on which one counts, so keep one"
                            ),
                        }),
                        None => {
                            keys.insert(key, at);
                        }
                    }
                }
            }
            _ => {}
        }
        column += 1;
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::from_str;

    #[test]
    fn every_duplicate_is_reported_at_its_key() {
        let text = "{\"a\": {\"x\": 1, \"x\": [1, {\"x\": 2}], \"x\": 3},\n \"b\": 1, \"a\": 2}";
        let err = from_str(text).unwrap_err();
        let at: Vec<(usize, usize)> = err.problems().iter().map(|p| (p.line, p.column)).collect();
        assert_eq!(at, [(1, 16), (1, 36), (2, 10)], "{err}");
        assert!(
            err.problems()[2]
                .message
                .contains("already has it at line 1, column 2"),
            "{err}"
        );
    }

    #[test]
    fn escaped_keys_are_compared_decoded_and_strings_in_arrays_are_not_keys() {
        let err = from_str(r#"{"\u0061": 1, "a": 2}"#).unwrap_err();
        assert_eq!(err.problems().len(), 1);
        assert!(from_str(r#"{"k": ["a", "a"], "v": "a", "w": "\"a"}"#).is_ok());
        assert!(from_str(r#"{"\"": 1, "\\": 2, "é": {"é": 1}}"#).is_ok());
    }

    #[test]
    fn syntax_errors_keep_serde_json_position() {
        let err = from_str("{\n  \"a\": }").unwrap_err();
        assert_eq!((err.problems()[0].line, err.problems()[0].column), (2, 8));
    }
}
