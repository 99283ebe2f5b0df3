//! Reading JSON description files: serde_json's value, plus what serde_json lets pass silently.
//!
//! JSON leaves duplicate object keys undefined and readers disagree (serde_json and JavaScript
//! keep the last, others the first or refuse), so a description with one means different things
//! to different tools. [`from_str`] reports each duplicate with its line and column, as the YAML
//! reader does (and, as it does, stops at the 101st problem, which says so), and skips a UTF-8
//! byte-order mark at the start (which serde_json refuses).
//!
//! ```
//! let err = mcpdesc_check::json::from_str("{\n  \"a\": 1,\n  \"a\": 2\n}").unwrap_err();
//! let problem = &err.problems()[0];
//! assert_eq!((problem.line, problem.column), (3, 3));
//! assert!(problem.message.contains("duplicate key \"a\""));
//!
//! let value = mcpdesc_check::json::from_str("\u{feff}{\"a\": 1}").unwrap();
//! assert_eq!(value["a"], 1);
//! ```

use serde_json::Value;

use crate::hash::HashMap;
use crate::source::MAX_PROBLEMS;

/// A problem in a JSON text, at a 1-based line and column (in characters).
pub use crate::source::SourceProblem as JsonProblem;

/// A JSON text that could not be read: its syntax error, or its duplicate keys.
pub use crate::source::SourceError as JsonError;

/// Where each value of `text`, a JSON text, is written: the positions the YAML reader records
/// for it ([`yaml::from_json_with_positions`](crate::yaml::from_json_with_positions)), read in
/// one pass without building the value; `None` when `text` is not JSON (checked first, without
/// building the value either).
///
/// It holds one small node a value and each key once: the JSON reader's value and these
/// positions together take at most [`MAX_READ_MULTIPLE`] times the text.
///
/// ```
/// let positions = mcpdesc_check::json::positions("{\n  \"a\": [1, 2]\n}").unwrap();
/// assert_eq!(positions.get("/a/1"), Some((2, 12)));
/// assert_eq!(positions.get("/a"), Some((2, 3)));
/// assert!(mcpdesc_check::json::positions("[1 2]").is_none());
/// ```
pub fn positions(text: &str) -> Option<crate::positions::Positions> {
    let json = text.strip_prefix('\u{feff}').unwrap_or(text);
    serde_json::from_str::<serde::de::IgnoredAny>(json).ok()?;
    crate::positions::of_json(text)
}

/// The most memory reading a JSON description takes, as a multiple of its text: its value
/// ([`from_str`]) and its [`positions`] together, for any shape of text (held by the crate's
/// tests over the costliest shapes: long arrays of small numbers, of empty arrays and objects,
/// and objects of short keys).
pub const MAX_READ_MULTIPLE: usize = 100;

/// Reads a JSON document; a leading byte-order mark is skipped, and duplicate keys are errors.
///
/// One pass reads the value and notices a duplicate as it inserts it; only a text with one is
/// read again, to list the duplicates with their positions (at most 100, then one problem more
/// that says the search stopped there).
///
/// # Errors
///
/// [`JsonError`] when `text` is not JSON (its syntax error, with its line and column) or repeats a
/// key in an object (each duplicate, with its position).
pub fn from_str(text: &str) -> Result<Value, JsonError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let syntax = |e: serde_json::Error| {
        // The position is the problem's own (1-based: serde_json says column 0 before a line's
        // first character), so serde_json's " at line L column C" is not repeated in the text.
        let said = e.to_string();
        let message = said
            .rsplit_once(" at line ")
            .map_or(said.as_str(), |(message, _)| message);
        // A `\u` escape of half a UTF-16 pair, which JavaScript keeps in a string and Rust's
        // strings (Unicode) cannot: serde_json's words name the escape, not the reason.
        let surrogate = ["hex escape", "surrogate", "unicode code point"]
            .iter()
            .any(|words| message.contains(words));
        let hint = if surrogate {
            ": a `\\u` escape of a UTF-16 surrogate (`\\ud800` to `\\udfff`) must be one of a pair that makes one character (`\\ud83d\\ude00`); half a pair is no character"
        } else if message == "number out of range" {
            ": a number must be finite as a 64-bit float, at most about 1.8e308 in size"
        } else {
            ""
        };
        let (line, column) = position(text, e.line(), e.column());
        JsonError::new(vec![JsonProblem {
            line,
            column,
            message: format!("invalid JSON: {message}{hint}"),
        }])
    };
    match serde_json::from_str::<Checked>(text) {
        Ok(Checked(value)) => Ok(value),
        Err(e)
            if e.classify() == serde_json::error::Category::Data
                && e.to_string().starts_with(DUPLICATE) =>
        {
            // The first duplicate stopped the reading; a syntax error after it still comes first.
            match serde_json::from_str::<serde::de::IgnoredAny>(text) {
                Err(e) => Err(syntax(e)),
                Ok(_) => Err(JsonError::new(duplicate_keys(text))),
            }
        }
        Err(e) => Err(syntax(e)),
    }
}

/// Where serde_json's `line` and `column` are, as the problems say it: serde_json counts lines at
/// `\n` only and columns in bytes (0 before a line's first one); a problem's column counts
/// characters, and its lines end at `\n`, `\r\n` or a `\r` alone, as YAML's and editors' do.
fn position(text: &str, line: usize, column: usize) -> (usize, usize) {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    crate::source::line_column(text, line_start + column.saturating_sub(1))
}

/// The message of the error that stops [`Checked`] at the first duplicate key (never shown).
const DUPLICATE: &str = "mcpdesc: duplicate key";

/// A JSON value read like serde_json's own, except that a key its object already has stops the
/// reading.
struct Checked(Value);

impl<'de> serde::Deserialize<'de> for Checked {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(CheckedVisitor).map(Checked)
    }
}

struct CheckedVisitor;

impl<'de> serde::de::Visitor<'de> for CheckedVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(CheckedVisitor)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(Checked(item)) = seq.next_element()? {
            items.push(item);
        }
        // What the text holds, and no more: an array of one item would keep room for four.
        items.shrink_to_fit();
        Ok(Value::Array(items))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut members = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let Checked(value) = map.next_value()?;
            if members.insert(key, value).is_some() {
                return Err(serde::de::Error::custom(DUPLICATE));
            }
        }
        Ok(Value::Object(members))
    }
}

/// Every key that repeats one of its object's earlier keys, up to [`MAX_PROBLEMS`] (then one
/// problem more, at the next, that says the search stopped there). `text` is valid JSON.
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
            // A line ends at `\n`, `\r\n` or a `\r` alone.
            '\n' => {
                line += 1;
                column = 1;
                continue;
            }
            '\r' if !text.get(start + 1..).is_some_and(|r| r.starts_with('\n')) => {
                line += 1;
                column = 1;
                continue;
            }
            '{' => stack.push(Frame::Object {
                keys: HashMap::default(),
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
                        Some(_) if problems.len() == MAX_PROBLEMS => {
                            problems.push(JsonProblem {
                                line: at.0,
                                column: at.1,
                                message: format!(
                                    "more than {MAX_PROBLEMS} duplicate keys; stopped looking here"
                                ),
                            });
                            return problems;
                        }
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
    fn the_search_stops_after_a_hundred_duplicates_and_says_where() {
        // 150 duplicates of "k", one per line after the first key: the 101st is where it stops.
        let mut text = String::from("{\"k\": 0");
        for i in 1..=150 {
            text.push_str(&format!(",\n\"k\": {i}"));
        }
        text.push('}');
        let err = from_str(&text).unwrap_err();
        let problems = err.problems();
        assert_eq!(problems.len(), 101, "{err}");
        assert!(
            problems[..100]
                .iter()
                .all(|p| p.message.starts_with("duplicate key \"k\""))
        );
        assert_eq!(
            (problems[99].line, problems[100].line, problems[100].column),
            (101, 102, 1)
        );
        assert_eq!(
            problems[100].message,
            "more than 100 duplicate keys; stopped looking here"
        );
        // A hundred exactly are all listed, with no such problem.
        let lines: Vec<&str> = text.lines().take(101).collect();
        let hundred = format!("{}}}", lines.join("\n").trim_end_matches(','));
        let err = from_str(&hundred).unwrap_err();
        assert_eq!(err.problems().len(), 100, "{err}");
        assert!(err.problems()[99].message.starts_with("duplicate key"));
    }

    /// A number is read as the double nearest it, as JavaScript's `JSON.parse`, Python and the
    /// YAML reader read it (serde_json's default reading gave 8.888888888884444e19 for the
    /// first, one unit in the last place below).
    #[test]
    fn numbers_are_read_as_the_nearest_double() {
        for (text, nearest) in [
            ("88888888888844444444.8", 8.888888888884445e19),
            ("0.30000000000000004", 0.30000000000000004),
            ("2.2250738585072011e-308", 2.225073858507201e-308),
            (
                "1.00000000000000011102230246251565404236316680908203126",
                1.0000000000000002,
            ),
        ] {
            let read = from_str(text).unwrap();
            assert_eq!(read.as_f64(), Some(nearest), "{text}");
            assert_eq!(text.parse::<f64>().ok(), Some(nearest), "{text}");
        }
    }

    #[test]
    fn escaped_keys_are_compared_decoded_and_strings_in_arrays_are_not_keys() {
        let err = from_str(r#"{"\u0061": 1, "a": 2}"#).unwrap_err();
        assert_eq!(err.problems().len(), 1);
        assert!(from_str(r#"{"k": ["a", "a"], "v": "a", "w": "\"a"}"#).is_ok());
        assert!(from_str(r#"{"\"": 1, "\\": 2, "é": {"é": 1}}"#).is_ok());
    }

    #[test]
    fn a_syntax_error_after_a_duplicate_is_reported_as_before() {
        let err = from_str("{\"a\": 1, \"a\": 2, \"b\": }").unwrap_err();
        assert_eq!(err.problems().len(), 1);
        assert!(
            err.problems()[0].message.starts_with("invalid JSON"),
            "{err}"
        );
        // A duplicate inside an array's object, after other values.
        let err = from_str("[1, \"x\", {\"k\": [], \"k\": {}}]").unwrap_err();
        assert_eq!((err.problems()[0].line, err.problems()[0].column), (1, 20));
    }

    fn json_value() -> impl proptest::strategy::Strategy<Value = serde_json::Value> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::from),
            any::<i64>().prop_map(serde_json::Value::from),
            any::<u64>().prop_map(serde_json::Value::from),
            any::<f64>().prop_map(serde_json::Value::from),
            ".*".prop_map(serde_json::Value::from),
        ];
        leaf.prop_recursive(4, 64, 6, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::Array),
                proptest::collection::vec(("[a-c\\\\\"é]{0,3}", inner), 0..6).prop_map(|members| {
                    serde_json::Value::Object(members.into_iter().collect())
                }),
            ]
        })
    }

    proptest::proptest! {
        /// Every decimal number (up to 40 digits, any exponent) reads as the double the standard
        /// library's correctly rounded `parse` gives, an implementation of its own.
            #[test]
        fn a_number_reads_as_the_nearest_double(
            digits in "[1-9][0-9]{0,39}",
            point in 0usize..41,
            exponent in -330i32..330,
            negative in proptest::prelude::any::<bool>(),
        ) {
            let point = point.min(digits.len());
            let (whole, fraction) = digits.split_at(point);
            let whole = if whole.is_empty() { "0" } else { whole };
            let sign = if negative { "-" } else { "" };
            let text = if fraction.is_empty() {
                format!("{sign}{whole}.0e{exponent}")
            } else {
                format!("{sign}{whole}.{fraction}e{exponent}")
            };
            let expected = text.parse::<f64>().ok().filter(|x| x.is_finite());
            match from_str(&text) {
                Ok(read) => proptest::prop_assert_eq!(read.as_f64(), expected, "{}", text),
                // Beyond a double's range, refused (serde_json refuses what is infinite).
                Err(_) => proptest::prop_assert_eq!(expected, None, "{}", text),
            }
        }

        /// A stray character is reported where it is, by line and column in characters, whatever
        /// the text's line breaks (`\n`, `\r\n`, or `\r` alone) and characters before it.
        #[test]
        fn a_syntax_error_is_reported_where_it_is(
            value in json_value(),
            breaks in proptest::sample::select(vec!["\n", "\r\n", "\r"]),
            pick in proptest::prelude::any::<proptest::sample::Index>(),
        ) {
            let pretty = serde_json::to_string_pretty(&value).unwrap_or_default();
            let mut lines: Vec<String> = pretty.split('\n').map(str::to_owned).collect();
            let n = pick.index(lines.len());
            // After the line's last token (its strings' characters of any width before it),
            // where JSON allows whitespace and no `@`.
            let column = lines[n].chars().count() + 1;
            lines[n].push('@');
            let text = lines.join(breaks);
            let err = from_str(&text).unwrap_err();
            let p = &err.problems()[0];
            proptest::prop_assert_eq!((p.line, p.column), (n + 1, column), "{:?}: {}", text, err);
        }

        /// Without duplicate keys, the value read is serde_json's, member order and every float
        /// bit included (serde_json's float reading is its own, not always the closest).
        #[test]
        fn reads_what_serde_json_reads(value in json_value()) {
            let text = serde_json::to_string_pretty(&value).unwrap_or_default();
            let ours = from_str(&text).ok().map(|v| serde_json::to_string(&v).unwrap_or_default());
            let theirs: Option<serde_json::Value> = serde_json::from_str(&text).ok();
            let theirs = theirs.map(|v| serde_json::to_string(&v).unwrap_or_default());
            proptest::prop_assert!(ours.is_some());
            proptest::prop_assert_eq!(ours, theirs);
        }
    }

    #[test]
    fn half_a_surrogate_pair_and_an_infinite_number_are_explained() {
        for text in [
            r#"{"a": "\ud800"}"#,
            r#"{"a": "\ud800\u0041"}"#,
            r#"{"a": "\udc00"}"#,
        ] {
            let err = from_str(text).expect_err(text);
            let message = &err.problems()[0].message;
            assert!(
                message.contains("half a pair is no character"),
                "{text}: {message}"
            );
        }
        let err = from_str(r#"{"a": 1e400}"#).unwrap_err();
        assert!(
            err.problems()[0].message.contains("at most about 1.8e308"),
            "{err}"
        );
        assert_eq!(
            from_str(r#"{"a": "\ud83d\ude00"}"#).unwrap(),
            serde_json::json!({"a": "\u{1F600}"})
        );
    }

    #[test]
    fn columns_count_characters_and_a_lone_carriage_return_ends_a_line() {
        let err = from_str("{\"éééé\": 1,}").unwrap_err();
        assert_eq!((err.problems()[0].line, err.problems()[0].column), (1, 12));
        for breaks in ["\n", "\r\n", "\r"] {
            let text = ["{", r#"  "é": 1,"#, r#"  "é": 2,"#, "  ", "}"].join(breaks);
            let err = from_str(&text).unwrap_err();
            assert_eq!(
                (err.problems()[0].line, err.problems()[0].column),
                (5, 1),
                "{text:?}"
            );
            let text = text.replace("2,", "2");
            let err = from_str(&text).unwrap_err();
            assert_eq!(
                (err.problems()[0].line, err.problems()[0].column),
                (3, 3),
                "{text:?}"
            );
            assert!(
                err.problems()[0].message.contains("at line 2, column 3"),
                "{err}"
            );
        }
    }

    #[test]
    fn syntax_errors_keep_serde_json_position() {
        let err = from_str("{\n  \"a\": }").unwrap_err();
        assert_eq!((err.problems()[0].line, err.problems()[0].column), (2, 8));
        assert_eq!(err.problems()[0].message, "invalid JSON: expected value");
    }

    #[test]
    fn positions_are_one_based_even_at_the_start_of_a_line() {
        for text in ["", "{\"a\": 1,\n"] {
            let err = from_str(text).unwrap_err();
            let p = &err.problems()[0];
            assert!(
                p.line >= 1 && p.column >= 1,
                "{text:?}: {}:{}",
                p.line,
                p.column
            );
            assert!(!p.message.contains(" at line "), "{}", p.message);
        }
    }
}
