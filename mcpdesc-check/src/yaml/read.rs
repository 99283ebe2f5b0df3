//! Reading a YAML description: the entry points, characters refused before parsing, and the loop
//! that reads a text again after each repair.

use serde_json::Value;

use super::mend::{MAX_BYTES_READ_AGAIN, quoted_scalars};
use super::mend::{
    MAX_CLOSER_RETRIES, MAX_EMPTY_SCALAR_RETRIES, MAX_PAIR_RETRIES, MAX_QUOTED_RETRIES,
    MAX_TAB_RETRIES, Mend, Shift, as_written, at_written_lines, surrogate_pairs_joined,
    tabs_after_colons_spaced, without_trailing_indentation,
};
use super::reader::Reader;
use super::{YamlError, YamlProblem};
use crate::positions::Positions;
use crate::source::MAX_PROBLEMS;

/// Reads one YAML document into JSON, refusing what MCP Description files forbid: anchors,
/// aliases, tags, merge keys, duplicate keys, non-string keys, several documents, and
/// numbers JSON cannot hold.
///
/// ```
/// let value = mcpdesc_check::yaml::from_str("name: demo\nversion: 1\n").unwrap();
/// assert_eq!(value, serde_json::json!({"name": "demo", "version": 1}));
///
/// let err = mcpdesc_check::yaml::from_str("a: &x 1\nb: *x\n").unwrap_err();
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
///     mcpdesc_check::yaml::from_str_with_positions("a:\n  b: [1, 2]\n").unwrap();
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
    // A JSON text, which every YAML 1.2 reader reads as JSON does, is read by the JSON reader
    // and its positions in one pass (the same tree): the YAML parser holds a flow collection's
    // tokens whole, 155 times their text.
    if text.trim_start().starts_with(['{', '['])
        && let Ok(value) = crate::json::from_str(text)
        && let Some(positions) = crate::positions::of_json(text)
    {
        return Ok((value, positions));
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
/// let (_, positions) = mcpdesc_check::yaml::from_json_with_positions(text).unwrap();
/// assert_eq!(positions.get("/a/1"), Some((2, 12)));
/// assert!(mcpdesc_check::yaml::from_str_with_positions(text).is_ok());
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

/// Reads `text`, mending what the parser refuses where this reader knows how, reading the
/// text again at most `max_read_again` bytes in all.
pub(super) fn read_mended(
    text: &str,
    max_read_again: usize,
) -> Result<(Value, Positions), YamlError> {
    // YAML 1.2 lets a tab separate a value from its `:` (`a:\t1`), which the parser refuses
    // where it is followed by a scalar (as PyYAML does). Every such tab is made a space at
    // once where none is in a quoted or block scalar's text (as in every JSON text); else
    // `read_mending_each` makes each one the parser refuses a space, one at a time.
    match tabs_after_colons_spaced(text) {
        Some(spaced) => read_mending_each(&spaced, max_read_again),
        None => read_mending_each(text, max_read_again),
    }
}

/// Reads `text` as [`read_mended`] does, mending one refusal at a time and reading the text
/// again after each.
pub(super) fn read_mending_each(
    text: &str,
    max_read_again: usize,
) -> Result<(Value, Positions), YamlError> {
    // A tab right after `:` that the parser refuses (see `read_mended`) is made a space (a
    // character for a character: every line and column stays) and the text read again, up
    // to a bound, so that no file makes the reading arbitrarily slow.
    //
    // The parser also refuses the closing bracket of a flow collection in a block collection
    // written first on its line at the block's indentation (`tools: [\n  "a"\n]`) unless the
    // collection holds a plain scalar, where it reads it; PyYAML and the `yaml` package read
    // both. Each such bracket it refuses is indented by a space and the text read again (up
    // to a bound), and the columns it reports on that line are put back where they are
    // written. A bracket left of the block's indentation, or one that closes a collection
    // inside another, stays refused, as the `yaml` package refuses it.
    //
    // A double-quoted scalar may escape a character beyond U+FFFF as JSON does, as a
    // surrogate pair (`"\ud83d\ude00"`): YAML 1.2 reads every JSON text, and `json.dumps`
    // writes such pairs. The parser refuses them, so the pairs of each scalar it refuses are
    // written as one `\U` escape each and the text read again (up to a bound), the columns
    // on their lines put back where they are written. Half a pair stays refused.
    //
    // An empty block scalar with an explicit indentation followed by a comment indented less
    // (`a: |2\n # c\n`) is refused as a wrongly indented line; YAML 1.2 ends the scalar at
    // such a comment. Its header is written as the double-quoted scalar of its value, `""`
    // (or `"\n\n"` for the line breaks it keeps) and the text read again, up to a bound
    // (see `Reader::empty_block_scalar`).
    //
    // Every reading again reads the whole text, so the bounds are on the count of mends and
    // on the bytes read again in all, whichever comes first: a large file is mended fewer
    // times, and no file is read for long.
    let mut spaced: Option<String> = None;
    let mut read_again = 0;
    let mut tabs = 0;
    let mut closers = 0;
    let mut quoted = 0;
    let mut pairs = 0;
    let mut empty_scalars = 0;
    let mut trailing_stripped = false;
    let mut shifts: Vec<Shift> = Vec::new();
    loop {
        let current = spaced.as_deref().unwrap_or(text);
        let mut reader = Reader::new(current);
        let within_budget = read_again + current.len() <= max_read_again;
        // Braced before reading: the parser misreads a flow sequence's single pair (`single_pairs_braced`).
        if pairs < MAX_PAIR_RETRIES
            && within_budget
            && let Some((next, braces)) = reader.single_pairs_braced()
        {
            read_again += current.len();
            spaced = Some(next);
            shifts.extend(braces);
            pairs += 1;
            continue;
        }
        let read = reader.stream();
        match (read, reader.mend) {
            (Err(_), Some(Mend::TabAfterColon(at))) if tabs < MAX_TAB_RETRIES && within_budget => {
                let mut next = current.to_owned();
                next.replace_range(at..at + 1, " ");
                read_again += current.len();
                spaced = Some(next);
                tabs += 1;
            }
            (Err(_), Some(Mend::EmptyBlockScalar(scalar)))
                if empty_scalars < MAX_EMPTY_SCALAR_RETRIES && within_budget =>
            {
                let mut next = current.to_owned();
                let (quoted, added) = scalar.quoted();
                next.replace_range(scalar.at..scalar.at + scalar.len, &quoted);
                if added > 0 {
                    shifts.push(Shift {
                        line: scalar.line,
                        column: scalar.column,
                        inserted: isize::try_from(added).unwrap_or(isize::MAX),
                    });
                }
                read_again += current.len();
                spaced = Some(next);
                empty_scalars += 1;
            }
            (Err(_), Some(Mend::IndentCloser(at, shift)))
                if closers < MAX_CLOSER_RETRIES && within_budget =>
            {
                let mut next = current.to_owned();
                next.insert(at, ' ');
                read_again += current.len();
                spaced = Some(next);
                shifts.push(shift);
                closers += 1;
            }
            (Err(fatal), Some(Mend::SurrogatePairs(quote)))
                if quoted < MAX_QUOTED_RETRIES && within_budget =>
            {
                let Some(next) = surrogate_pairs_joined(current, quote, &mut shifts) else {
                    let mut problems = reader.problems;
                    problems.push(fatal);
                    for p in &mut problems {
                        p.column = as_written(&shifts, p.line, p.column);
                    }
                    return Err(at_written_lines(problems, current));
                };
                read_again += current.len();
                spaced = Some(next);
                quoted += 1;
            }
            // A block scalar ends the text, and so does a line of spaces after it, without a
            // line break (see `without_trailing_indentation`): the text is read without them.
            (Ok(_), ..)
                if !trailing_stripped
                    && reader.problems.is_empty()
                    && within_budget
                    && let Some(indentation) = reader.last_block_indentation
                    && let Some(stripped) = without_trailing_indentation(current, indentation) =>
            {
                let stripped = stripped.to_owned();
                read_again += current.len();
                spaced = Some(stripped);
                trailing_stripped = true;
            }
            (Ok(value), ..) if reader.problems.is_empty() => {
                let mut positions = reader.positions;
                positions.finish(|line, column| as_written(&shifts, line, column), current);
                return Ok((value, positions));
            }
            (read, mend) => {
                if let Err(mut fatal) = read {
                    if let Some(Mend::IndentCloser(..)) = mend {
                        fatal.message = format!(
                            "this closing bracket sits at the indentation of the block sequence or mapping around its flow collection, which this reader reads up to {MAX_CLOSER_RETRIES} times per file (fewer in a file of more than {} KiB, which it reads again each time); indent it by one more space",
                            MAX_BYTES_READ_AGAIN / MAX_CLOSER_RETRIES / 1024
                        );
                    }
                    if let Some(Mend::SurrogatePairs(..)) = mend {
                        fatal.message = format!(
                            "this string escapes a character beyond U+FFFF as a surrogate pair (`\\ud83d\\ude00`), which this reader joins in up to {MAX_QUOTED_RETRIES} strings per file (fewer in a file of more than {} KiB, which it reads again each time); write the character, or its `\\U` escape (`\\U0001F600`)",
                            MAX_BYTES_READ_AGAIN / MAX_QUOTED_RETRIES / 1024
                        );
                    }
                    reader.problems.push(fatal);
                }
                for p in &mut reader.problems {
                    p.column = as_written(&shifts, p.line, p.column);
                }
                return Err(at_written_lines(reader.problems, current));
            }
        }
    }
}
