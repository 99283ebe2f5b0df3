//! YAML input and output for MCP Descriptions, restricted as the format requires.
//!
//! Descriptions are YAML 1.2 and JSON-compatible: no anchors, aliases, tags or merge keys, and
//! string keys only. `from_str` (feature `yaml`) reads such a file into a JSON value and reports
//! every use of what the format forbids with its line and column; [`to_string`] writes a JSON
//! value as YAML that any YAML 1.2 parser reads back to the same JSON.

use serde_json::{Map, Value};

/// A problem in a YAML file, at a 1-based line and column.
pub use crate::source::SourceProblem as YamlProblem;

/// Every problem found while reading a YAML description.
pub use crate::source::SourceError as YamlError;

#[cfg(feature = "yaml")]
pub use reader::{Positions, from_json_with_positions, from_str, from_str_with_positions};

#[cfg(feature = "yaml")]
mod reader {

    use serde_json::{Map, Value};
    use yaml_rust2::parser::{Event, Parser};
    use yaml_rust2::scanner::{Marker, TScalarStyle};

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
    fn json_tabs_spaced(text: &str) -> String {
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
    fn read_lines(text: &str) -> Result<(Value, Positions), YamlError> {
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
    fn unprintable_characters(text: &str) -> Vec<YamlProblem> {
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

    /// Where the quoted scalars of `text` are, each from its opening quote to its closing one
    /// (byte offsets, in the order of the text), as far as YAML's scanner reads it.
    fn quoted_scalars(text: &str) -> Vec<(usize, usize)> {
        scalar_texts(text, false).0
    }

    /// Where the scalars of `text` are whose text may hold any character: each quoted one from
    /// its opening quote to its closing one, and with `blocks` each block scalar from its header
    /// (`|`, `>`) to what follows its last line (byte offsets, in the order of the text), as far
    /// as YAML's scanner reads it; and whether it read the whole text, every scalar placed.
    fn scalar_texts(text: &str, blocks: bool) -> (Vec<(usize, usize)>, bool) {
        use yaml_rust2::scanner::{Scanner, Token, TokenType};
        // The scanner ends a line at a `\r` alone too, made a `\n`; it stops at a `\u` escape of
        // a UTF-16 surrogate (which the reader joins into pairs), made `\u0041` here, and at a tab
        // right after `:` (which the reader takes for a space), made a space. Each keeps every
        // offset, and no scalar begins or ends elsewhere.
        let normalized: String;
        let text = if text.contains('\r') || text.contains("\\u") || text.contains(":\t") {
            let mut out = String::with_capacity(text.len());
            let mut rest = text;
            while let Some(c) = rest.chars().next() {
                let surrogate = rest
                    .get(..6)
                    .and_then(|e| e.strip_prefix("\\u"))
                    .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                    .is_some_and(|u| (0xD800..0xE000).contains(&u));
                if surrogate {
                    out.push_str("\\u0041");
                    rest = rest.get(6..).unwrap_or_default();
                    continue;
                }
                let lone = c == '\r' && !rest.get(1..).is_some_and(|r| r.starts_with('\n'));
                let tab_after_colon = c == '\t' && out.ends_with(':');
                out.push(if lone {
                    '\n'
                } else if tab_after_colon {
                    ' '
                } else {
                    c
                });
                rest = rest.get(c.len_utf8()..).unwrap_or_default();
            }
            normalized = out;
            normalized.as_str()
        } else {
            text
        };
        // The byte of a scanner's mark (a 1-based line, a 0-based column in characters), found
        // by walking forward from the previous one: the marks come in the order of the text.
        // Where it stands is kept only when the mark is found.
        let mut cursor = (1, 0, 0);
        let mut byte_of = |mark: Marker| -> Option<usize> {
            let (mut line, mut col, mut at) = cursor;
            if (mark.line(), mark.col()) < (line, col) {
                return None;
            }
            while line < mark.line() {
                at += text.get(at..)?.find('\n')? + 1;
                line += 1;
                col = 0;
            }
            for c in text.get(at..)?.chars().take(mark.col() - col) {
                if c == '\n' {
                    return None;
                }
                at += c.len_utf8();
            }
            col = mark.col();
            cursor = (line, col, at);
            Some(at)
        };
        let mut spans = Vec::new();
        let (mut ended, mut placed) = (false, true);
        let mut tokens = Scanner::new(text.chars()).peekable();
        while let Some(Token(mark, token)) = tokens.next() {
            let style = match token {
                TokenType::Scalar(style, _) => style,
                TokenType::StreamEnd => {
                    ended = true;
                    continue;
                }
                _ => continue,
            };
            let double = match style {
                TScalarStyle::DoubleQuoted => true,
                TScalarStyle::SingleQuoted => false,
                // A block scalar's text runs from its header to the next token (the scanner
                // marks a block scalar at its header).
                TScalarStyle::Literal | TScalarStyle::Folded if blocks => {
                    let start = byte_of(mark);
                    let end = match tokens.peek() {
                        Some(Token(next, _)) => byte_of(*next),
                        None => Some(text.len()),
                    };
                    match start.zip(end) {
                        Some(span) => spans.push(span),
                        None => placed = false,
                    }
                    continue;
                }
                _ => continue,
            };
            let Some(start) = byte_of(mark) else {
                placed = false;
                continue;
            };
            // From the opening quote to the closing one: past `\"` in a double-quoted scalar,
            // past `''` (a quote) in a single-quoted one.
            let mut chars = text.get(start..).unwrap_or_default().char_indices().skip(1);
            let mut end = text.len();
            while let Some((i, c)) = chars.next() {
                match c {
                    '\\' if double => {
                        chars.next();
                    }
                    '"' if double => {
                        end = start + i;
                        break;
                    }
                    '\'' if !double => {
                        if text
                            .get(start + i + 1..)
                            .is_some_and(|r| r.starts_with('\''))
                        {
                            chars.next();
                        } else {
                            end = start + i;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            spans.push((start, end));
        }
        (spans, ended && placed)
    }

    /// `text` with every tab right after a `:` made a space (a character for a character: every
    /// line and column stays), when none of those tabs is in the text of a quoted or block
    /// scalar and the scanner reads the result to its end; else `None`. Outside such a scalar a
    /// `:` followed by a tab is always an indicator (a plain scalar cannot hold `:` followed by
    /// white space), and YAML 1.2 reads the tab after it as it reads a space.
    fn tabs_after_colons_spaced(text: &str) -> Option<String> {
        let tabs: Vec<usize> = text.match_indices(":\t").map(|(at, _)| at + 1).collect();
        if tabs.is_empty() {
            return None;
        }
        let mut spaced = String::with_capacity(text.len());
        let mut from = 0;
        for &tab in &tabs {
            spaced.push_str(text.get(from..tab)?);
            spaced.push(' ');
            from = tab + 1;
        }
        spaced.push_str(text.get(from..)?);
        let (scalars, whole) = scalar_texts(&spaced, true);
        if !whole {
            return None;
        }
        // Both come in the order of the text: one pass.
        let mut scalars = scalars.iter().peekable();
        for &tab in &tabs {
            while scalars.next_if(|(_, end)| *end < tab).is_some() {}
            if scalars.peek().is_some_and(|(start, _)| *start <= tab) {
                return None;
            }
        }
        Some(spaced)
    }

    /// Reads `text`, mending what the parser refuses where this reader knows how, reading the
    /// text again at most `max_read_again` bytes in all.
    fn read_mended(text: &str, max_read_again: usize) -> Result<(Value, Positions), YamlError> {
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
    fn read_mending_each(
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
            // A single-pair mapping in a flow sequence whose value is a flow collection is
            // written with braces before the text is read: the parser refuses some and reads
            // others wrong (see `Reader::single_pairs_braced`).
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
                (Err(_), Some(Mend::TabAfterColon(at)))
                    if tabs < MAX_TAB_RETRIES && within_budget =>
                {
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
                        && let Some(stripped) =
                            without_trailing_indentation(current, indentation) =>
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

    /// The indentation of a block scalar with content: the parser marks it at its first line's
    /// content, past the indentation (spaces, one column each).
    fn block_indentation(text: &str, style: TScalarStyle, mark: Marker) -> Option<usize> {
        (matches!(style, TScalarStyle::Literal | TScalarStyle::Folded)
            && text.bytes().any(|b| b != b'\n'))
        .then_some(mark.col())
    }

    /// `text` without its last line, when that line is spaces only, no more than `indentation`
    /// (that of the block scalar the text ends with), and ends the text without a line break
    /// (`a: |\n  x\n  `). The parser reads such a line as one of the scalar's, empty, and gives
    /// it its line break (`"x\n\n"`); PyYAML and the `yaml` package read the text as if the
    /// line were not there (`"x\n"`), as YAML 1.2 has it: the line is no content line (it has no
    /// character past the indentation) and no empty line (it has no line break). A line
    /// indented more is content, and read as it is (the two disagree on its line break).
    fn without_trailing_indentation(text: &str, indentation: usize) -> Option<&str> {
        let (_, last) = text.rsplit_once('\n')?;
        if last.is_empty() || last.len() > indentation || !last.bytes().all(|b| b == b' ') {
            return None;
        }
        text.get(..text.len() - last.len())
    }

    /// The text of `line` before its comment, without the spaces that end it, and the byte
    /// offset of the last `|` or `>` in it outside quoted scalars that starts the line or follows
    /// a space or tab.
    fn last_block_indicator(line: &str) -> Option<(&str, usize)> {
        let mut quote: Option<char> = None;
        let mut escaped = false;
        let mut after_space = true;
        let mut last = None;
        let mut end = line.len();
        for (i, c) in line.char_indices() {
            match quote {
                Some('"') if escaped => escaped = false,
                Some('"') if c == '\\' => escaped = true,
                // (A `''` in a single-quoted scalar closes and opens it again.)
                Some(q) if c == q => quote = None,
                Some(_) => {}
                None => match c {
                    '#' if after_space => {
                        end = i;
                        break;
                    }
                    '"' | '\'' => quote = Some(c),
                    '|' | '>' if after_space => last = Some(i),
                    _ => {}
                },
            }
            after_space = quote.is_none() && matches!(c, ' ' | '\t');
        }
        let body = line.get(..end)?.trim_end_matches([' ', '\t', '\r']);
        Some((body, last?))
    }

    /// How the reader mends a text the parser refused before reading it again (see
    /// `from_str_with_positions`).
    #[derive(Clone, Copy, Debug)]
    enum Mend {
        /// The tab right after `:` at this byte offset becomes a space.
        TabAfterColon(usize),
        /// The closing bracket at this byte offset is indented by a space.
        IndentCloser(usize, Shift),
        /// The double-quoted scalar whose quote is at this byte offset has its surrogate pairs'
        /// escapes (`\ud83d\ude00`) written as one escape each (`\U0001F600`).
        SurrogatePairs(usize),
        /// The header of an empty block scalar is written as the double-quoted scalar of its
        /// value (see `Reader::empty_block_scalar`).
        EmptyBlockScalar(EmptyScalar),
    }

    /// An empty block scalar's header, and the value it stands for (see
    /// `Reader::empty_block_scalar`).
    #[derive(Clone, Copy, Debug)]
    struct EmptyScalar {
        /// The header's byte offset and length.
        at: usize,
        len: usize,
        /// The line breaks the scalar keeps (`+`): its value is that many `\n`.
        breaks: usize,
        /// The header's line, and its column (1-based).
        line: usize,
        column: usize,
    }

    impl EmptyScalar {
        /// The double-quoted scalar written over the header, at least as long (padded with
        /// spaces), and the characters it adds past the header's length.
        fn quoted(&self) -> (String, usize) {
            let mut quoted = String::with_capacity(self.len.max(2 + 2 * self.breaks));
            quoted.push('"');
            for _ in 0..self.breaks {
                quoted.push_str("\\n");
            }
            quoted.push('"');
            let added = quoted.len().saturating_sub(self.len);
            while quoted.len() < self.len {
                quoted.push(' ');
            }
            (quoted, added)
        }
    }

    /// A space the reader put before a closing bracket (see `from_str_with_positions`): its
    /// line, and the column (1-based) it was put at, in the text as it was then.
    #[derive(Clone, Copy, Debug)]
    struct Shift {
        line: usize,
        column: usize,
        /// The characters put in there: 1 for a space; -2 for a surrogate pair's escape
        /// written shorter.
        inserted: isize,
    }

    /// The column (1-based) in the written text of what is at `column` of `line` in the text
    /// read after the changes of `shifts` were made, in that order.
    fn as_written(shifts: &[Shift], line: usize, column: usize) -> usize {
        shifts.iter().rev().fold(column, |column, shift| {
            if shift.line == line && column > shift.column {
                column.saturating_add_signed(-shift.inserted)
            } else {
                column
            }
        })
    }

    /// The escaped UTF-16 surrogates (`\ud83d`) of the double-quoted scalar whose quote is at
    /// byte `quote` of `text`: each one's byte offset and, for a high surrogate followed by an
    /// escaped low one, the character the pair makes (`None`: half a pair). Empty when no
    /// double-quoted scalar starts there.
    fn surrogate_escapes(text: &str, quote: usize) -> Vec<(usize, Option<u32>)> {
        let hex = |at: usize| -> Option<u32> {
            let digits = text.get(at..at + 4)?;
            digits
                .bytes()
                .all(|b| b.is_ascii_hexdigit())
                .then(|| u32::from_str_radix(digits, 16).ok())?
        };
        let bytes = text.as_bytes();
        let mut escapes = Vec::new();
        if bytes.get(quote) != Some(&b'"') {
            return escapes;
        }
        let mut at = quote + 1;
        while let Some(&b) = bytes.get(at) {
            match b {
                b'"' => break,
                b'\\' if bytes.get(at + 1) == Some(&b'u') => match hex(at + 2) {
                    Some(high @ 0xD800..0xDC00) => {
                        let low = (bytes.get(at + 6..at + 8) == Some(b"\\u".as_slice()))
                            .then(|| hex(at + 8))
                            .flatten()
                            .filter(|low| (0xDC00..0xE000).contains(low));
                        let code =
                            low.map(|low| 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00));
                        escapes.push((at, code));
                        at += if code.is_some() { 12 } else { 6 };
                    }
                    Some(0xDC00..0xE000) => {
                        escapes.push((at, None));
                        at += 6;
                    }
                    _ => at += 2,
                },
                // Any other escape: the escaped character is not a quote or an escape.
                b'\\' => at += 2,
                _ => at += 1,
            }
        }
        escapes
    }

    /// `text` with every escaped surrogate pair (`\ud83d\ude00`, as JSON writes a character
    /// beyond U+FFFF) in the double-quoted scalar whose quote is at byte `quote` written as one
    /// escape (`\U0001F600`), each change pushed onto `shifts`; `None` when there is none, or
    /// when the scalar holds half a pair, which no escape can write.
    fn surrogate_pairs_joined(text: &str, quote: usize, shifts: &mut Vec<Shift>) -> Option<String> {
        let escapes = surrogate_escapes(text, quote);
        if escapes.is_empty() || escapes.iter().any(|(_, code)| code.is_none()) {
            return None;
        }
        let mut joined = String::with_capacity(text.len());
        // The line of the end of `joined`, and where in it that line starts, kept as each
        // piece is added (the text read has no `\r` alone, see `read_lines`: lines end at `\n`).
        let (mut line, mut line_start) = (1, 0);
        let mut from = 0;
        for (at, code) in escapes {
            let piece = text.get(from..at)?;
            for (i, _) in piece.match_indices('\n') {
                line += 1;
                line_start = joined.len() + i + 1;
            }
            joined.push_str(piece);
            // The column (1-based) of the escape's last character, as the text is now.
            let column = joined.get(line_start..)?.chars().count() + 10;
            joined.push_str(&format!("\\U{:08X}", code?));
            shifts.push(Shift {
                line,
                column,
                inserted: -2,
            });
            from = at + 12;
        }
        joined.push_str(text.get(from..)?);
        Some(joined)
    }

    /// The error of `problems`, each on a line of `text`: the parser marks the end of a text
    /// whose last line has no line break on the line after it, which is not there; such a
    /// problem is put at the end of the last line.
    fn at_written_lines(mut problems: Vec<YamlProblem>, text: &str) -> YamlError {
        // The text read has no `\r` alone (see `read_lines`): lines end at `\n`.
        let lines = text.matches('\n').count() + 1;
        let last = text.rsplit('\n').next().unwrap_or_default();
        for p in &mut problems {
            if p.line > lines {
                p.line = lines;
                p.column = last.chars().count() + 1;
            }
        }
        YamlError::new(problems)
    }

    /// How many tabs after `:` the reader makes spaces (see `from_str_with_positions`).
    const MAX_TAB_RETRIES: usize = 64;

    /// How many spaces the reader puts before closing brackets (see `from_str_with_positions`).
    const MAX_CLOSER_RETRIES: usize = 256;

    /// How many double-quoted scalars the reader writes escaped surrogate pairs in again (see
    /// `from_str_with_positions`).
    const MAX_QUOTED_RETRIES: usize = 1024;

    /// How many empty block scalars the reader writes as double-quoted ones (see
    /// `Reader::empty_block_scalar`).
    const MAX_EMPTY_SCALAR_RETRIES: usize = 256;

    /// How many times the reader braces the single-pair mappings it finds in a text (each time
    /// all it finds; see `Reader::single_pairs_braced`).
    const MAX_PAIR_RETRIES: usize = 8;

    /// How many bytes the reader reads again in all while it mends a text (see
    /// `from_str_with_positions`): 32 MiB, a fraction of a second, so a 1 MiB file is mended up to
    /// 32 times.
    const MAX_BYTES_READ_AGAIN: usize = 32 << 20;

    /// The parser's words for a tab (or anything but a space) right after `:` or `-`.
    const COLON_WANTS_SPACE: &str = "':' must be followed by a valid YAML whitespace";
    const DASH_WANTS_SPACE: &str = "'-' must be followed by a valid YAML whitespace";
    // The parser's two refusals of a tab after an explicit key's `?` (`?\tk`, `? \tk`); it gives
    // them no other use.
    const KEY_WANTS_SPACE: &str = "expected whitespace";
    const KEY_TAB: &str = "tabs disallowed in this context";
    // The parser's refusal of a `:` where no key can end: among others, after an implicit key
    // longer than YAML's 1,024 characters.
    const MAPPING_VALUES: &str = "mapping values are not allowed in this context";
    // The parser's refusal of text after a quoted scalar on its line, whichever its quotes.
    const TRAILING_AFTER_QUOTED: &str = "invalid trailing content after double-quoted scalar";
    // The parser's refusals of a quoted scalar that runs on, both marked at its opening quote:
    // most often its closing quote is missing.
    const QUOTED_UNINDENTED: &str = "invalid indentation in quoted scalar";
    const QUOTED_UNENDED: &str = "while scanning a quoted scalar, found unexpected end of stream";
    // The parser's refusal of a `:` it cannot place, which in a flow collection most often
    // starts the next key of a block mapping after a bracket that was never closed.
    const COLON_IN_FLOW: &str = "illegal placement of ':' indicator";
    // The parser's refusal of a token left of the indentation it expects.
    const INVALID_INDENTATION: &str = "invalid indentation";
    // The parser's refusal of a block scalar's first line when it is indented less than the
    // scalar's explicit indentation and more than its parent.
    const BLOCK_SCALAR_UNINDENTED: &str = "wrongly indented line in block scalar";
    // The parser's refusals of a tab in the indentation that it marks elsewhere than at the tab:
    // past it on its line, at the start of the plain scalar a line of which it indents, or at
    // the header of the block scalar whose text it starts.
    const TAB_IN_BLOCK_INDENTATION: &str =
        "tabs disallowed within this context (block indentation)";
    const TAB_IN_PLAIN_SCALAR: &str = "while scanning a plain scalar, found a tab";
    const TAB_STARTS_BLOCK_SCALAR: &str = "a block scalar content cannot start with a tab";
    /// What is said of a tab in the indentation, wherever it is found.
    const TAB_IN_INDENTATION: &str =
        "a tab in the indentation: YAML indents with spaces only; replace the tab with spaces";

    struct Reader<'a> {
        /// How to mend the text where the parser refused it, if this reader knows how.
        mend: Option<Mend>,
        parser: Parser<std::str::Chars<'a>>,
        text: &'a str,
        problems: Vec<YamlProblem>,
        /// Where the nodes read so far are written.
        positions: Positions,
        /// The node being read and those around it, innermost last (indices into `positions`).
        open: Vec<usize>,
        /// How deep the node being read is nested.
        depth: usize,
        /// Where each line starts (byte offsets), for what is read by line and column. The text
        /// read has no `\r` alone (see `from_str_with_positions`), so its lines end at `\n`.
        line_starts: Vec<usize>,
        /// Byte offsets by column, for a text that is not ASCII (see [`Columns`]); `None` for
        /// an ASCII text, whose columns are its byte offsets.
        columns: Option<Columns>,
        /// Whether the text has a tab, so that the tab check has anything to find.
        check_tabs: bool,
        /// How many flow collections (`[...]`, `{...}`) enclose the node being read.
        flow: usize,
        /// The last line reported for a tab in its indentation (each line is reported once).
        tab_line: usize,
        /// The column (0-based) of the innermost block collection around the node being read:
        /// its keys, or its `-`. `None` at the top of the document. A flow collection or a quoted
        /// string written in it must indent each further line by more spaces than this.
        indent: Option<usize>,
        /// The indentation of the last scalar read, when it is a block scalar with content (see
        /// `without_trailing_indentation`).
        last_block_indentation: Option<usize>,
    }

    impl<'a> Reader<'a> {
        fn new(text: &'a str) -> Self {
            Reader {
                mend: None,
                parser: Parser::new_from_str(text),
                text,
                problems: Vec::new(),
                positions: Positions::new(),
                open: vec![Positions::DOCUMENT],
                depth: 0,
                line_starts: line_starts(text),
                columns: (!text.is_ascii()).then(|| Columns::new(text)),
                check_tabs: text.contains('\t'),
                flow: 0,
                tab_line: 0,
                indent: None,
                last_block_indentation: None,
            }
        }
    }

    /// The start of every line of `text` (see `Reader::line_starts`).
    fn line_starts(text: &str) -> Vec<usize> {
        let bytes = text.as_bytes();
        std::iter::once(0)
            .chain(
                bytes
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| **b == b'\n')
                    .map(|(i, _)| i + 1),
            )
            .collect()
    }

    /// Where the characters of a text that is not ASCII are, for finding what the parser marks
    /// by line and column (in characters): the character index at which each line starts, and
    /// the byte offset of every [`Columns::EVERY`]th character. A column's byte is then found by
    /// stepping over fewer than that many characters, however long its line (a JSON file
    /// written on one line is read as YAML too, and a column found by walking its line from the
    /// start would make reading it grow with the square of its length).
    struct Columns {
        line_chars: Vec<usize>,
        every: Vec<usize>,
    }

    impl Columns {
        const EVERY: usize = 64;

        fn new(text: &str) -> Self {
            let mut line_chars = vec![0];
            let mut every = Vec::with_capacity(text.len() / Self::EVERY + 1);
            for (i, (at, c)) in text.char_indices().enumerate() {
                if i % Self::EVERY == 0 {
                    every.push(at);
                }
                if c == '\n' {
                    line_chars.push(i + 1);
                }
            }
            Columns { line_chars, every }
        }
    }

    /// Nesting deeper than this is refused, as serde_json does, so that no file can exhaust the
    /// stack.
    const MAX_DEPTH: usize = 128;

    /// Where the values of a YAML file are written: 1-based line and column by JSON Pointer.
    ///
    /// Kept as a tree shaped like the document (each key once), so that it takes memory in
    /// proportion to the file: a table of every node's pointer would hold a long key once per
    /// node below it.
    #[derive(Clone, Debug, Default, PartialEq, Eq)]
    pub struct Positions {
        /// The document's node first, then every node in the order read.
        nodes: Vec<Written>,
    }

    /// A node of [`Positions`]: where it is written, and the nodes in it.
    #[derive(Clone, Debug, Default, PartialEq, Eq)]
    struct Written {
        at: Option<(usize, usize)>,
        children: Children,
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq)]
    enum Children {
        #[default]
        None,
        /// A sequence's items, in order (indices into `nodes`).
        Items(Vec<usize>),
        /// A mapping's members by key, sorted by key once read (the first of a repeated key).
        Members(Vec<(String, usize)>),
    }

    /// A token of a JSON Pointer, unescaped (`~1` is `/`, `~0` is `~`); `None` when it escapes
    /// nothing JSON Pointer defines.
    fn unescaped(token: &str) -> Option<std::borrow::Cow<'_, str>> {
        if !token.contains('~') {
            return Some(std::borrow::Cow::Borrowed(token));
        }
        let mut out = String::with_capacity(token.len());
        let mut chars = token.chars();
        while let Some(c) = chars.next() {
            if c != '~' {
                out.push(c);
                continue;
            }
            match chars.next() {
                Some('0') => out.push('~'),
                Some('1') => out.push('/'),
                _ => return None,
            }
        }
        Some(std::borrow::Cow::Owned(out))
    }

    /// A JSON Pointer token naming an array index: `0`, or digits without a leading zero.
    fn index(token: &str) -> Option<usize> {
        let canonical = !token.is_empty()
            && token.bytes().all(|b| b.is_ascii_digit())
            && (token == "0" || !token.starts_with('0'));
        canonical.then(|| token.parse().ok()).flatten()
    }

    impl Positions {
        /// The document's node.
        const DOCUMENT: usize = 0;

        fn new() -> Self {
            Positions {
                nodes: vec![Written::default()],
            }
        }

        /// Adds a node written at `at` in the node `parent` (an item when `key` is `None`);
        /// returns its index.
        fn add(&mut self, parent: usize, key: Option<&str>, at: (usize, usize)) -> usize {
            let node = self.nodes.len();
            self.nodes.push(Written {
                at: Some(at),
                children: Children::None,
            });
            if let Some(parent) = self.nodes.get_mut(parent) {
                match (&mut parent.children, key) {
                    (Children::Items(items), None) => items.push(node),
                    (Children::Members(members), Some(key)) => members.push((key.to_owned(), node)),
                    (children @ Children::None, None) => *children = Children::Items(vec![node]),
                    (children @ Children::None, Some(key)) => {
                        *children = Children::Members(vec![(key.to_owned(), node)]);
                    }
                    // A node is a sequence or a mapping, never both.
                    (Children::Items(_), Some(_)) | (Children::Members(_), None) => {}
                }
            }
            node
        }

        /// Records `node` as written at `at`.
        fn set_at(&mut self, node: usize, at: (usize, usize)) {
            if let Some(written) = self.nodes.get_mut(node) {
                written.at = Some(at);
            }
        }

        /// Moves `node`, a mapping, to where its first member's key is written when that is
        /// before where `node` was recorded (a block mapping, which the parser marks at its first
        /// `:`; a flow mapping is marked at its `{`, before its first key).
        fn start_at_first_member(&mut self, node: usize) {
            let Some(written) = self.nodes.get(node) else {
                return;
            };
            let Children::Members(members) = &written.children else {
                return;
            };
            let first = members
                .first()
                .and_then(|&(_, first)| self.nodes.get(first))
                .and_then(|first| first.at);
            if let (Some(first), Some(written)) = (first, self.nodes.get_mut(node))
                && written.at.is_none_or(|at| first < at)
            {
                written.at = Some(first);
            }
        }

        /// Sorts every mapping's members by key, keeping the first of a repeated key, and
        /// moves every column through `column(line, column)`; a node the parser marks past the
        /// end of `text` (an empty value at its end) is at the end of its last line, as a
        /// problem there is.
        fn finish(&mut self, column: impl Fn(usize, usize) -> usize, text: &str) {
            // The text read has no `\r` alone (see `read_lines`): lines end at `\n`.
            let lines = text.matches('\n').count() + 1;
            let end = text.rsplit('\n').next().unwrap_or_default().chars().count() + 1;
            for node in &mut self.nodes {
                if let Some((line, col)) = &mut node.at {
                    *col = column(*line, *col);
                    if *line > lines {
                        (*line, *col) = (lines, end);
                    }
                }
                if let Children::Members(members) = &mut node.children {
                    // A stable sort: of equal keys, the first read stays first.
                    members.sort_by(|a, b| a.0.cmp(&b.0));
                    members.dedup_by(|later, earlier| later.0 == earlier.0);
                }
            }
        }

        /// The line and column of the value at `pointer`, or of its nearest written ancestor.
        pub fn get(&self, pointer: &str) -> Option<(usize, usize)> {
            let mut node = self.nodes.first()?;
            let mut nearest = node.at;
            let tokens = match pointer {
                "" => None,
                _ => Some(pointer.strip_prefix('/')?.split('/')),
            };
            for token in tokens.into_iter().flatten() {
                let child = match &node.children {
                    Children::Items(items) => index(token).and_then(|i| items.get(i)),
                    Children::Members(members) => unescaped(token).and_then(|key| {
                        let at = members
                            .binary_search_by(|(k, _)| k.as_str().cmp(&key))
                            .ok()?;
                        members.get(at).map(|(_, child)| child)
                    }),
                    Children::None => None,
                };
                let Some(child) = child.and_then(|&child| self.nodes.get(child)) else {
                    break;
                };
                node = child;
                nearest = node.at.or(nearest);
            }
            nearest
        }
    }

    impl Reader<'_> {
        /// The text of the 1-based `line`, without its line break (`None` when the lines are not
        /// known, see `line_starts`).
        fn line_text(&self, line: usize) -> Option<&str> {
            let start = *self.line_starts.get(line.checked_sub(1)?)?;
            let end = self
                .line_starts
                .get(line)
                .map_or(self.text.len(), |next| next - 1);
            self.text.get(start..end)
        }

        /// The byte offset, within the 1-based `line`, of the character at the 0-based `col`;
        /// `None` past the line's end (as `char_indices().nth(col)` of its text).
        fn col_byte(&self, line: usize, col: usize) -> Option<usize> {
            let text = self.line_text(line)?;
            let at = match &self.columns {
                None => col,
                Some(columns) => {
                    let index = line.checked_sub(1)?;
                    let start = *self.line_starts.get(index)?;
                    let char_index = columns.line_chars.get(index)?.checked_add(col)?;
                    let from = *columns.every.get(char_index / Columns::EVERY)?;
                    let (step, _) = self
                        .text
                        .get(from..)?
                        .char_indices()
                        .nth(char_index % Columns::EVERY)?;
                    (from + step).checked_sub(start)?
                }
            };
            (at < text.len()).then_some(at)
        }

        /// Line `line` split after the spaces that start it: how many, and the rest (without a
        /// final `\r`); `None` past the text.
        fn indented_line(&self, line: usize) -> Option<(usize, &str)> {
            let text = self.line_text(line)?.trim_end_matches('\r');
            let spaces = text.bytes().take_while(|b| *b == b' ').count();
            Some((spaces, text.get(spaces..).unwrap_or_default()))
        }

        /// Reports a tab in the indentation of `line`, at `column` (1-based), once per line.
        fn tab_in_indentation(&mut self, line: usize, column: usize, message: String) {
            if line != self.tab_line {
                self.tab_line = line;
                self.problems.push(YamlProblem {
                    line,
                    column,
                    message,
                });
            }
        }

        /// Refuses a tab where YAML indents a block collection: before a block mapping's key or a
        /// block sequence's `-`, and after a `-` whose entry is a mapping (`-\ta: 1`, `-\t? a`). YAML
        /// indents block collections with spaces only, and other readers (PyYAML, the `yaml`
        /// package) refuse such a line where this parser would read it. A tab elsewhere is left to
        /// the parser: it may separate (`-\tx`, `a:\t# note`, a value on its own line after the
        /// spaces that indent it) and sit inside scalars and flow collections.
        ///
        /// `mark` is a key (`key`) or a block sequence's entry, checked only where nothing but
        /// spaces, tabs, `-` indicators and an explicit key's `?` is written before it on its
        /// line (`-\t? k`: a `-` whose entry is a mapping).
        fn tab_indent(&mut self, mark: Marker, key: bool) {
            self.tab_indent_at(mark.line(), mark.col(), key);
        }

        /// [`tab_indent`](Self::tab_indent) for what is written at `line` and (0-based) `col`.
        fn tab_indent_at(&mut self, line_number: usize, col: usize, key: bool) {
            if !self.check_tabs || self.flow > 0 || line_number == self.tab_line {
                return;
            }
            let Some(line) = self.line_text(line_number) else {
                return;
            };
            let before: &str = match self.col_byte(line_number, col) {
                Some(at) => line.get(..at).unwrap_or(line),
                None => line,
            };
            if !before
                .bytes()
                .all(|b| matches!(b, b' ' | b'\t' | b'-' | b'?'))
            {
                return;
            }
            let indentation = match (key, before.split_once('-')) {
                (true, _) => before,
                (false, Some((indentation, _))) => indentation,
                (false, None) => return,
            };
            if let Some(tab) = indentation.find('\t') {
                self.tab_in_indentation(line_number, tab + 1, TAB_IN_INDENTATION.to_owned());
            }
        }

        /// Whether the collection at `mark` is a flow collection (`[` or `{` is written there).
        fn flow_start(&self, mark: Marker) -> bool {
            self.col_byte(mark.line(), mark.col())
                .and_then(|at| self.line_text(mark.line())?.as_bytes().get(at).copied())
                .is_some_and(|b| b == b'[' || b == b'{')
        }

        /// The column of the `-` written right before `mark` on its line (spaces, tabs and a
        /// comment between), if one is.
        fn dash_before(&self, mark: Marker) -> Option<usize> {
            let line = self.line_text(mark.line())?;
            let mut before = match self.col_byte(mark.line(), mark.col()) {
                Some(at) => line.get(..at)?,
                None => line,
            };
            // The parser marks a sequence whose first entry is on a later line at the end of
            // the `-`'s line, past any comment there (`- # note`). (Bytes stand for characters
            // here: no byte of a longer character is one of these.)
            let bytes = before.as_bytes();
            if let Some(comment) = (0..bytes.len()).find(|&i| {
                bytes.get(i) == Some(&b'#')
                    && (i == 0 || matches!(bytes.get(i - 1), Some(b' ' | b'\t')))
            }) {
                before = before.get(..comment)?;
            }
            let dash = before.bytes().rposition(|b| b != b' ' && b != b'\t')?;
            (before.as_bytes().get(dash) == Some(&b'-'))
                .then(|| before.get(..dash).map_or(dash, |s| s.chars().count()))
        }

        /// Refuses a line of a flow collection written in a block collection, from line `first`
        /// (where it opens) to line `last` (where it closes), indented by no more spaces than the
        /// block collection: YAML 1.2 indents each such line more, a scalar's further lines
        /// included (`a: [\n  x\nz]`, `a: [{\n  b: 1\n}]`, `a: [1,\n\t2]`), except the last line
        /// when it holds only the closing bracket at the block's indentation (`a: [\n  x\n]`).
        /// The parser reads most such lines, a tab as if it indented; the `yaml` package refuses
        /// them. Blank and comment lines may sit anywhere, and so may a line that a tab indents
        /// before a comment or a closing bracket.
        fn flow_lines(&mut self, first: usize, last: usize) {
            let shallow = self.shallow_line(first, last, |line, spaces, n, rest| {
                let content = rest.trim_start_matches([' ', '\t']);
                let tab = rest.starts_with('\t');
                let may_sit = if tab {
                    content.starts_with(['#', ']', '}'])
                } else {
                    content.starts_with('#') || (line == last && spaces == n && closes_alone(rest))
                };
                (!may_sit).then_some(tab)
            });
            if let Some((line, spaces_before, needed, tab)) = shallow {
                let message = if tab {
                    format!(
                        "a tab in the indentation of a flow collection's line: YAML indents with spaces only, and this line needs more than the block around it; write at least {} before it",
                        spaces(needed)
                    )
                } else {
                    flow_line_message(Some(first), spaces_before, needed)
                };
                self.problems.push(YamlProblem {
                    line,
                    column: spaces_before + 1,
                    message,
                });
            }
        }

        /// Refuses a line of a quoted string written in a block collection, from line `first` to
        /// line `last`, that is indented by no more spaces than the block collection (YAML 1.2
        /// wants `- "a\n  b"`, not `- "a\nb"`). The parser refuses such a line in a mapping's
        /// value but reads it in a sequence's entry; the `yaml` package refuses both. Blank lines
        /// may sit anywhere.
        fn quoted_lines(&mut self, first: usize, last: usize) {
            if let Some((line, spaces_before, needed, ())) =
                self.shallow_line(first, last, |_, _, _, _| Some(()))
            {
                self.problems.push(YamlProblem {
                    line,
                    column: spaces_before + 1,
                    message: format!(
                        "this line of the quoted string begun on line {first} is indented by {}, no more than the block sequence or mapping it is in: YAML indents it more; write at least {} before it",
                        spaces(spaces_before),
                        spaces(needed),
                    ),
                });
            }
        }

        /// The first line after `first` up to `last` that is not blank, is indented by no more
        /// spaces than the block collection around (see `indent`), and that `judge` refuses
        /// (given its number, its spaces, the block's column and its text after those spaces):
        /// its number, its spaces, how many it needs, and what `judge` said.
        fn shallow_line<T>(
            &self,
            first: usize,
            last: usize,
            judge: impl Fn(usize, usize, usize, &str) -> Option<T>,
        ) -> Option<(usize, usize, usize, T)> {
            let n = self.indent?;
            (first + 1..=last).find_map(|line| {
                let (spaces, rest) = self.indented_line(line)?;
                let blank = rest.trim_start_matches([' ', '\t']).is_empty();
                if spaces > n || blank {
                    return None;
                }
                judge(line, spaces, n, rest).map(|said| (line, spaces, n + 1, said))
            })
        }

        /// The line on which the quoted string whose opening quote is at `mark` ends; `None`
        /// when no quote is written there or the string does not end.
        fn quoted_end_line(&self, mark: Marker) -> Option<usize> {
            let text = self.line_text(mark.line())?;
            let at = self.col_byte(mark.line(), mark.col())?;
            let quote = char::from(*text.as_bytes().get(at)?);
            if quote != '"' && quote != '\'' {
                return None;
            }
            let start = self.line_starts.get(mark.line().checked_sub(1)?)? + at + 1;
            let bytes = self.text.as_bytes().get(start..)?;
            let mut line = mark.line();
            let mut i = 0;
            while let Some(&b) = bytes.get(i) {
                match b {
                    b'\n' => line += 1,
                    // An escape in double quotes (`\"`, `\\`, or a line break that continues
                    // the string).
                    b'\\' if quote == '"' => {
                        if bytes.get(i + 1) == Some(&b'\n') {
                            line += 1;
                        }
                        i += 1;
                    }
                    // `''` is a quote inside single quotes.
                    b'\'' if quote == '\'' => {
                        if bytes.get(i + 1) != Some(&b'\'') {
                            return Some(line);
                        }
                        i += 1;
                    }
                    b'"' if quote == '"' => return Some(line),
                    _ => {}
                }
                i += 1;
            }
            None
        }

        /// Refuses an empty line inside a multi-line plain or quoted string, from line `first`
        /// to line `last`, in a block collection, where a tab follows no more spaces than the
        /// block collection's indentation (`- "a\n\t\n  b"`, `k: x\n\t\n  y`). YAML 1.2 reads such
        /// a line as an empty line of the string only when it is blank or indented like the
        /// string's other lines before any tab; the `yaml` package refuses it where the parser
        /// reads it (PyYAML refuses every tab there).
        fn empty_lines_tabs(&mut self, first: usize, last: usize) {
            let Some(n) = self.indent else {
                return;
            };
            if !self.check_tabs {
                return;
            }
            for line in first + 1..last {
                let Some((indented, rest)) = self.indented_line(line) else {
                    return;
                };
                if indented <= n
                    && rest.starts_with('\t')
                    && rest.bytes().all(|b| b == b' ' || b == b'\t')
                {
                    self.tab_in_indentation(
                        line,
                        indented + 1,
                        format!(
                            "a tab in the indentation of an empty line of the string begun on line {first}: YAML indents with spaces only; remove the tab, or write at least {} before it",
                            spaces(n + 1)
                        ),
                    );
                }
            }
        }

        /// The last line of the multi-line plain scalar in a block collection that starts on
        /// line `first`: the last line after it indented by more spaces than the collection
        /// (spaces and tabs may follow those) whose text is not a comment, before the first line
        /// that is not blank and is not such a line.
        fn plain_end_line(&self, first: usize) -> usize {
            let n = self.indent.map_or(0, |n| n + 1);
            let mut last = first;
            let mut line = first + 1;
            while let Some((indented, rest)) = self.indented_line(line) {
                let content = rest.trim_start_matches([' ', '\t']);
                if !content.is_empty() {
                    if indented < n || content.starts_with('#') {
                        break;
                    }
                    last = line;
                }
                line += 1;
            }
            last
        }

        /// Refuses a document marker (`---`) written in the text of a block scalar that is the
        /// whole document and whose content is not indented (`|\nline\n---\n`): such a line
        /// starts a second document in YAML 1.2, where the parser reads it as the scalar's text.
        /// `mark` is the scalar's first content line, at the column its content is indented to.
        fn document_marker_in_root_scalar(&mut self, mark: Marker) {
            if self.indent.is_some() || self.flow > 0 || mark.col() != 0 {
                return;
            }
            let marker = |text: &str, m: &str| {
                text.strip_prefix(m)
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '\r']))
            };
            let mut line = mark.line();
            while let Some(text) = self.line_text(line) {
                if marker(text, "...") {
                    return;
                }
                if marker(text, "---") {
                    self.problems.push(YamlProblem {
                        line,
                        column: 1,
                        message:
                            "a description file holds one YAML document; remove the extra `---`"
                                .to_owned(),
                    });
                    return;
                }
                line += 1;
            }
        }

        /// The checks of the lines of a block scalar (`text`, `style`, at `mark`), a value or an
        /// explicit key: tabs in or right after it, and a document marker in one that is the
        /// whole document.
        fn block_scalar_lines(&mut self, text: &str, style: TScalarStyle, mark: Marker) {
            if !matches!(style, TScalarStyle::Literal | TScalarStyle::Folded) {
                return;
            }
            if text.bytes().any(|b| b != b'\n') {
                self.block_scalar_tabs(mark);
                self.document_marker_in_root_scalar(mark);
            } else {
                self.empty_block_scalar_tabs(mark);
            }
        }

        /// `text`, or the empty string for a block scalar that keeps its line breaks (`|+`) and
        /// has no line after its header, which ends the text: the parser gives it its header's
        /// own line break (`"\n"`), but that break belongs to the header, and YAML 1.2 keeps only
        /// the breaks of the lines after it (`l-keep-empty`; PyYAML and the `yaml` package read
        /// `a: |+\n` as `""`, and `a: |+\n\n` as `"\n"`, as the parser does).
        fn without_header_break(&self, text: String, style: TScalarStyle, mark: Marker) -> String {
            if text != "\n" || !matches!(style, TScalarStyle::Literal | TScalarStyle::Folded) {
                return text;
            }
            let last_header = || {
                // The parser marks such a scalar at its header, where the text ends after it.
                let header = self.text.get(self.offset_of(mark)?..)?;
                if !header.starts_with(['|', '>']) {
                    return None;
                }
                let token = header
                    .find(|c: char| !matches!(c, '|' | '>' | '+' | '-' | '1'..='9'))
                    .unwrap_or(header.len());
                let keeps = header.get(..token)?.contains('+');
                let rest = header.get(token..)?.trim_start_matches([' ', '\t']);
                let rest = match rest.strip_prefix('#') {
                    Some(comment) => comment.trim_start_matches(|c| c != '\r' && c != '\n'),
                    None => rest,
                };
                Some(keeps && matches!(rest, "" | "\n" | "\r" | "\r\n"))
            };
            if last_header() == Some(true) {
                String::new()
            } else {
                text
            }
        }

        /// Where the header (`|`, `>-`, `|2`...) of the block scalar marked at `mark` is
        /// written, as a line and a 1-based column: the last token before a comment of the
        /// nearest text before the mark that is not blank (the parser marks a block scalar at
        /// its first line of content; one with none where what follows it starts, or at the
        /// end of its header at the end of the text).
        fn block_scalar_header(&self, mark: Marker) -> Option<(usize, usize)> {
            let mut line = mark.line();
            let mut text = self
                .col_byte(line, mark.col())
                .and_then(|at| self.line_text(line)?.get(..at))
                .or_else(|| self.line_text(line))?;
            while text.trim().is_empty() {
                line = line.checked_sub(1).filter(|l| *l > 0)?;
                text = self.line_text(line)?;
            }
            // The line's last token outside quotes, before its comment: `|` or `>`, then at most
            // an indentation digit and a chomping sign.
            let (body, start) = last_block_indicator(text)?;
            let indicators = body.get(start + 1..)?;
            let header = indicators.len() <= 2
                && indicators
                    .chars()
                    .all(|c| matches!(c, '1'..='9' | '+' | '-'));
            header.then(|| Some((line, text.get(..start)?.chars().count() + 1)))?
        }

        /// Refuses a tab on a blank line after the header of a block scalar with no content
        /// (`k: |-\n \t\n` in a mapping indented by more than that line), where the tab follows
        /// no more spaces than the block collection around: such a line is neither content
        /// (indented more) nor an empty line (spaces only), and the `yaml` package and PyYAML
        /// refuse it where the parser reads an empty string. The parser marks such a scalar
        /// where what follows it starts, so the lines checked are the blank ones before `mark`
        /// (and its own, when blank), back to the header.
        fn empty_block_scalar_tabs(&mut self, mark: Marker) {
            let Some(n) = self.indent else {
                return;
            };
            if !self.check_tabs {
                return;
            }
            let mut found = None;
            let mut line = mark.line();
            while let Some((indented, rest)) = self.indented_line(line) {
                let blank = rest.bytes().all(|b| b == b' ' || b == b'\t');
                if blank && indented <= n && rest.starts_with('\t') {
                    found = Some((line, indented));
                } else if !blank && line != mark.line() {
                    break;
                }
                match line.checked_sub(1) {
                    Some(previous) if previous > 0 => line = previous,
                    _ => break,
                }
            }
            if let Some((line, indented)) = found {
                self.tab_in_indentation(
                    line,
                    indented + 1,
                    format!(
                        "a tab in the indentation of a line after an empty block scalar: YAML indents with spaces only; remove the tab, or write at least {} before it to make it the scalar's",
                        spaces(n + 1)
                    ),
                );
            }
        }

        /// Refuses a tab that follows fewer spaces than the content of a block scalar
        /// (`a: |\n  x\n\t# note`, `a: |\n  x\n \t\n  y`). Such a line is neither the scalar's
        /// (it is not indented enough) nor an empty or comment line after it (those are indented
        /// with spaces only); the parser takes it as the scalar's end, and both the `yaml`
        /// package and PyYAML refuse it. `mark` is where the parser marks a block scalar with
        /// content: its first content line, at the column its content is indented to. The lines
        /// checked are the scalar's after that one, and the first line past them.
        fn block_scalar_tabs(&mut self, mark: Marker) {
            if !self.check_tabs {
                return;
            }
            let indent = mark.col();
            let mut line = mark.line() + 1;
            while let Some((indented, rest)) = self.indented_line(line) {
                if indented < indent && !rest.is_empty() {
                    if rest.starts_with('\t') {
                        self.tab_in_indentation(
                            line,
                            indented + 1,
                            format!(
                                "a tab in the indentation of a line in or right after the block scalar whose text starts on line {}: YAML indents with spaces only; replace the tab with spaces",
                                mark.line()
                            ),
                        );
                    }
                    return;
                }
                line += 1;
            }
        }

        /// Whether the block scalar whose header is at `mark` keeps its trailing empty lines
        /// (`|+`, `>+`, in either order with an indentation digit). `true` when the header cannot
        /// be found there, so that nothing is changed on a guess.
        fn keeps_trailing_lines(&self, mark: Marker) -> bool {
            // By line and column: the marker's byte index is not reliable after block scalars.
            let Some(line) = self.line_text(mark.line()) else {
                return true;
            };
            let header: String = line
                .chars()
                .skip(mark.col())
                .take_while(|c| *c != '#')
                .collect();
            match header.strip_prefix(['|', '>']) {
                Some(indicators) => indicators.contains('+'),
                None => true,
            }
        }
    }

    /// `n` spaces, in words: "1 space", "2 spaces".
    fn spaces(n: usize) -> String {
        format!("{n} space{}", if n == 1 { "" } else { "s" })
    }

    /// When the line at `column` with `text` (its indentation left out) ends with a block
    /// scalar's header (`key: |`, `- >-`, `|2`, a comment after it allowed), the column its
    /// text must be right of: the key's, or the last `-`'s for an entry's scalar; `Some(None)`
    /// for a scalar at the root.
    fn block_scalar_parent(mut column: usize, mut text: &str) -> Option<Option<usize>> {
        let mut dash = None;
        while let Some((inner, entry)) = entry_content(column, text) {
            dash = Some(column);
            (column, text) = (inner, entry);
        }
        let body = before_comment(text).trim_end();
        let header = body.rsplit([' ', '\t']).next().unwrap_or(body);
        let indicators = header.strip_prefix(['|', '>'])?;
        if indicators.len() > 2
            || !indicators
                .bytes()
                .all(|b| matches!(b, b'-' | b'+' | b'1'..=b'9'))
        {
            return None;
        }
        let before = body.strip_suffix(header).unwrap_or_default().trim_end();
        if before.is_empty() {
            // The scalar is the entry's value, or the root.
            Some(dash)
        } else if before.ends_with(':') {
            Some(Some(column))
        } else {
            None
        }
    }

    /// When `text`, at `column`, is a block sequence entry (`- ` and the spaces after it): the
    /// column and the text of the entry's content.
    fn entry_content(column: usize, text: &str) -> Option<(usize, &str)> {
        let after = text.strip_prefix("- ")?;
        let content = after.trim_start_matches(' ');
        Some((column + 2 + after.len() - content.len(), content))
    }

    /// `text` up to a comment (` #`), for hints read from a line's shape.
    fn before_comment(text: &str) -> &str {
        text.split_once(" #").map_or(text, |(body, _)| body)
    }

    /// Whether `text` (a line's text after its indentation and any `- `) starts a block
    /// mapping's key: `?` (an explicit key), or a plain or quoted key followed by a `:` that ends
    /// the line or a space follows. Read from the line's shape, for hints only.
    fn starts_key(text: &str) -> bool {
        if text == "?" || text.starts_with("? ") {
            return true;
        }
        let after_key = match text.chars().next() {
            Some('\'') => {
                // `''` is a quote inside the string; the first quote alone ends it.
                let mut rest = text.get(1..).unwrap_or_default();
                loop {
                    let Some(at) = rest.find('\'') else {
                        return false;
                    };
                    let after = rest.get(at + 1..).unwrap_or_default();
                    match after.strip_prefix('\'') {
                        Some(more) => rest = more,
                        None => break after,
                    }
                }
            }
            Some('"') => {
                let mut escaped = false;
                let body = text.get(1..).unwrap_or_default();
                let Some(at) = body.char_indices().find_map(|(i, c)| {
                    let ends = c == '"' && !escaped;
                    escaped = c == '\\' && !escaped;
                    ends.then_some(i)
                }) else {
                    return false;
                };
                body.get(at + 1..).unwrap_or_default()
            }
            // A flow collection, a comment, a block scalar's header, or nothing.
            Some('[' | '{' | '#' | '|' | '>') | None => return false,
            Some(_) => {
                // A plain key ends at the first `: ` (or `:` and a tab, or a `:` ending the
                // line) before any comment.
                let body = before_comment(text);
                return body.trim_end().ends_with(':')
                    || body.contains(": ")
                    || body.contains(":\t");
            }
        };
        let after_key = after_key.trim_start_matches(' ');
        after_key == ":" || after_key.starts_with(": ") || after_key.starts_with(":\t")
    }

    /// Whether `rest`, a line's text after its indentation, is a closing bracket alone (with a
    /// comment or not).
    fn closes_alone(rest: &str) -> bool {
        let Some(after) = rest.strip_prefix([']', '}']) else {
            return false;
        };
        let tail = after.trim_start_matches([' ', '\t']);
        tail.is_empty() || (tail.starts_with('#') && tail.len() < after.len())
    }

    /// What a line of a flow collection (begun on line `begun`, when known) indented by
    /// `written` spaces, no more than the block collection around, is told.
    fn flow_line_message(begun: Option<usize>, written: usize, needed: usize) -> String {
        let collection = match begun {
            Some(line) => format!("the flow collection begun on line {line}"),
            None => "its flow collection".to_owned(),
        };
        format!(
            "this line of {collection} is indented by {}, no more than the block sequence or mapping around it: YAML indents it more (all but a last line that only closes the collection); write at least {} before it",
            spaces(written),
            spaces(needed),
        )
    }

    fn problem(mark: Marker, message: impl Into<String>) -> YamlProblem {
        YamlProblem {
            line: mark.line(),
            column: mark.col() + 1,
            message: message.into(),
        }
    }

    /// Where the `&anchor` (or `!tag`) of the node at `mark` is written. The parser marks the
    /// node, which for a block collection is past its first key on the next line, so the nearest
    /// token starting with the sigil before the mark is the node's property.
    fn property_position(text: &str, mark: Marker, sigil: char) -> (usize, usize) {
        // The text up to the mark's character (the parser's index counts characters), and in
        // it the last sigil that starts a token; then the text before that sigil.
        let end = text
            .char_indices()
            .nth(mark.index() + 1)
            .map_or(text.len(), |(at, _)| at);
        let upto = text.get(..end).unwrap_or(text);
        let before_sigil = upto.rmatch_indices(sigil).find_map(|(at, _)| {
            let before = upto.get(..at)?;
            let starts_token = before
                .chars()
                .next_back()
                .is_none_or(|c| c.is_whitespace() || matches!(c, '[' | '{' | ','));
            starts_token.then_some(before)
        });
        match before_sigil {
            Some(before) => {
                let line = before.matches('\n').count() + 1;
                let line_text = before.rsplit_once('\n').map_or(before, |(_, line)| line);
                (line, line_text.chars().count() + 1)
            }
            None => (mark.line(), mark.col() + 1),
        }
    }

    /// The line and column of the first character that is not blank, a comment or a directive
    /// (`%YAML`), nor the `---` that ends the directives: where the document's value begins.
    fn first_content(text: &str) -> (usize, usize) {
        for (i, line) in text.lines().enumerate() {
            let trimmed = line.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('%') {
                continue;
            }
            if let Some(after) = trimmed.strip_prefix("---") {
                let after_trimmed = after.trim_start();
                if after_trimmed.is_empty() || after_trimmed.starts_with('#') {
                    continue;
                }
                let column = line.chars().count() - after_trimmed.chars().count();
                return (i + 1, column + 1);
            }
            return (i + 1, line.chars().count() - trimmed.chars().count() + 1);
        }
        (1, 1)
    }

    impl Reader<'_> {
        fn next(&mut self) -> Result<(Event, Marker), YamlProblem> {
            match self.parser.next_token() {
                Ok(next) => Ok(next),
                Err(e) => {
                    let mark = *e.marker();
                    let message = match e.info() {
                        COLON_WANTS_SPACE => match self.tab_before(mark) {
                            Some(at) => {
                                self.mend = Some(Mend::TabAfterColon(at));
                                format!(
                                    "YAML syntax error: a tab right after `:`, past the first {MAX_TAB_RETRIES} this reader takes for spaces; write a space after it"
                                )
                            }
                            None => format!("YAML syntax error: {COLON_WANTS_SPACE}"),
                        },
                        DASH_WANTS_SPACE
                            if self
                                .line_text(mark.line())
                                .is_some_and(|line| line.contains("-\t")) =>
                        {
                            "YAML syntax error: a tab right after `-`; write a space after it (this reader, like PyYAML, wants a space there)".to_owned()
                        }
                        INVALID_INDENTATION => self.invalid_indentation(mark),
                        BLOCK_SCALAR_UNINDENTED => {
                            if let Some(scalar) = self.empty_block_scalar(mark) {
                                self.mend = Some(Mend::EmptyBlockScalar(scalar));
                                format!(
                                    "YAML syntax error: an empty block scalar followed by a comment indented less than the scalar's indentation, past the first {MAX_EMPTY_SCALAR_RETRIES} this reader reads; write its value as a quoted string (`\"\"` for the empty string)"
                                )
                            } else {
                                format!("YAML syntax error: {BLOCK_SCALAR_UNINDENTED}")
                            }
                        }
                        KEY_WANTS_SPACE | KEY_TAB => {
                            "YAML syntax error: a tab after an explicit key's `?`; write spaces there (this reader, like PyYAML, wants spaces after `?`)".to_owned()
                        }
                        info if info.contains("invalid Unicode character escape")
                            && self.offset_of(mark).is_some_and(|quote| {
                                !surrogate_escapes(self.text, quote).is_empty()
                            }) =>
                        {
                            self.mend = self.offset_of(mark).map(Mend::SurrogatePairs);
                            format!(
                                "YAML syntax error: {info}: a `\\u` escape of a UTF-16 surrogate (`\\ud800` to `\\udfff`) is half a character; write the character, or its `\\U` escape (`\\U0001F600`)"
                            )
                        }
                        TRAILING_AFTER_QUOTED => self.after_quoted(mark),
                        COLON_IN_FLOW if self.flow > 0 => format!(
                            "YAML syntax error: {COLON_IN_FLOW}: this is inside a `[...]` or `{{...}}` begun above and not closed; is its closing bracket missing?"
                        ),
                        QUOTED_UNINDENTED => format!(
                            "YAML syntax error: {QUOTED_UNINDENTED}: the quoted string begun here goes on to a line indented no more than its key; is its closing quote missing? (a quoted string's further lines are indented more than its key)"
                        ),
                        QUOTED_UNENDED => format!(
                            "YAML syntax error: {QUOTED_UNENDED}: the quoted string begun here has no closing quote"
                        ),
                        MAPPING_VALUES => match self.colon_without_space(mark) {
                            Some((line, written)) => format!(
                                "YAML syntax error: {MAPPING_VALUES}: line {line} has a `:` with no space after it (`{written}`), which YAML reads as text, not as a key and its value; write a space after the `:`"
                            ),
                            None if mark.col() > 1024 => format!(
                                "YAML syntax error: {MAPPING_VALUES}: a key written before its `:` on one line is at most 1,024 characters long; write a longer key as an explicit key, `? key` on its own line and `: value` on the next"
                            ),
                            None => format!("YAML syntax error: {MAPPING_VALUES}"),
                        },
                        info => format!("YAML syntax error: {info}"),
                    };
                    match self.refused_tab(mark, e.info()) {
                        Some((line, column)) => Err(YamlProblem {
                            line,
                            column,
                            message: TAB_IN_INDENTATION.to_owned(),
                        }),
                        None => match self.indentation_hint(mark) {
                            Some((line, column, hint)) => Err(YamlProblem {
                                line,
                                column,
                                message: format!("{message}: {hint}"),
                            }),
                            None => Err(problem(mark, message)),
                        },
                    }
                }
            }
        }

        /// The message for text after a quoted string on its line (`a: 'it's'`), by the quote
        /// that ended the string: the parser calls every such string double-quoted.
        fn after_quoted(&self, mark: Marker) -> String {
            let before = self
                .line_text(mark.line())
                .map(|line| line.chars().take(mark.col()).collect::<String>())
                .unwrap_or_default();
            match before.trim_end().chars().last() {
                Some('\'') => "YAML syntax error: text after a single-quoted string, which ends at the `'` before it; a `'` inside a single-quoted string is written twice (`'it''s'`), or write the string in double quotes".to_owned(),
                Some('"') => "YAML syntax error: text after a double-quoted string, which ends at the `\"` before it; a `\"` inside a double-quoted string is written `\\\"`".to_owned(),
                _ => format!("YAML syntax error: {TRAILING_AFTER_QUOTED}"),
            }
        }

        /// The line before `mark`'s, and its text, when it has a `:` right before a character
        /// that is not a space (`name:value`) and no `: ` to make it a key: the parser then reads
        /// it as text, which the next line's key runs into.
        fn colon_without_space(&self, mark: Marker) -> Option<(usize, String)> {
            let line = mark.line().checked_sub(1).filter(|l| *l >= 1)?;
            let (_, text) = self.indented_line(line)?;
            let text = text.strip_prefix("- ").unwrap_or(text).trim_end();
            let glued = text.char_indices().any(|(i, c)| {
                c == ':'
                    && text
                        .get(i + 1..)
                        .is_some_and(|r| r.starts_with(|n: char| !n.is_whitespace()))
            });
            let quoted = text.starts_with(['"', '\'', '#', '[', '{']);
            (glued && !quoted && !text.contains(": ") && !text.ends_with(':'))
                .then(|| (line, text.to_owned()))
        }

        /// The lines before `line` that are the text of a block scalar (`key: |`, `- >-`, ...):
        /// those after its header more indented than the key or entry it is the value of (a
        /// block scalar at the root takes every line after it). Read from the header lines'
        /// shape, for hints only.
        fn block_scalar_text_lines(&self, line: usize) -> std::collections::BTreeSet<usize> {
            let mut text_lines = std::collections::BTreeSet::new();
            // While in a block scalar, the column its text must be right of (`None`: the root).
            let mut within: Option<Option<usize>> = None;
            for at in 1..line {
                let Some((column, text)) = self.indented_line(at) else {
                    continue;
                };
                if let Some(parent) = within
                    && (text.is_empty() || parent.is_none_or(|p| column > p))
                {
                    text_lines.insert(at);
                    continue;
                }
                within = block_scalar_parent(column, text);
            }
            text_lines
        }

        /// Why the line of `mark` may be refused, when its indentation is the likely cause: it
        /// starts a key or an entry at a column where no mapping or sequence still open above it
        /// starts one, so it lines up with nothing it could belong to (the commonest mistake in a
        /// hand-written file). Where it is (the line's first character) and what to say; `None`
        /// when the line's column is such a one, or the line is blank, a comment, or in a flow
        /// collection.
        fn indentation_hint(&self, mark: Marker) -> Option<(usize, usize, String)> {
            let line = mark.line();
            let (spaces, rest) = self.indented_line(line)?;
            if self.flow > 0 || rest.is_empty() || rest.starts_with(['#', '\t']) {
                return None;
            }
            // The columns where the lines above start a key or a sequence entry (after each
            // `- `), of the collections still open at this line: read upwards, a line is in one
            // only if no line between starts left of it.
            // The text of block scalars is no key or entry.
            let text_lines = self.block_scalar_text_lines(line);
            let mut columns = std::collections::BTreeSet::new();
            let mut leftmost = usize::MAX;
            for above in (1..line).rev() {
                let Some((mut column, mut text)) = self.indented_line(above) else {
                    continue;
                };
                if text.is_empty()
                    || text.starts_with('#')
                    || column > leftmost
                    || text_lines.contains(&above)
                {
                    continue;
                }
                // Only a key or an entry starts where others of its collection may: not a
                // scalar's further line, nor an entry's scalar (`- a`).
                let entry = |text: &str| text == "-" || text.starts_with("- ");
                if !entry(text) && !starts_key(text) {
                    continue;
                }
                leftmost = column;
                columns.insert(column);
                while let Some((inner, content)) = entry_content(column, text) {
                    if entry(content) || starts_key(content) {
                        columns.insert(inner);
                    }
                    (column, text) = (inner, content);
                }
            }
            if columns.is_empty() || columns.contains(&spaces) {
                return None;
            }
            let used: Vec<String> = columns.iter().map(ToString::to_string).collect();
            let used = match used.split_last() {
                Some((last, [])) => last.clone(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                None => String::new(),
            };
            let plural = if spaces == 1 { "" } else { "s" };
            Some((
                line,
                spaces + 1,
                format!(
                    "line {line} is indented {spaces} space{plural}, where no key or entry above it that it could belong to starts (those start after {used} spaces); indent it as the other keys or entries of the mapping or sequence it belongs to"
                ),
            ))
        }

        /// Where the tab is (line and column, 1-based) that the parser refuses with `info` at
        /// `mark`, for the refusals it marks elsewhere: the first tab among the blanks that start
        /// the mark's line, or the first line after it with text (for a plain scalar, which a
        /// tab may precede on an empty line) or at all (for a block scalar).
        fn refused_tab(&self, mark: Marker, info: &str) -> Option<(usize, usize)> {
            let (first, lines) = match info {
                TAB_IN_BLOCK_INDENTATION => (mark.line(), 1),
                TAB_IN_PLAIN_SCALAR | TAB_STARTS_BLOCK_SCALAR => (mark.line() + 1, usize::MAX),
                _ => return None,
            };
            (first..)
                .take(lines)
                .map_while(|line| Some((line, self.line_text(line)?)))
                .find_map(|(line, text)| {
                    let text = text.trim_end_matches('\r');
                    let rest = text.trim_start_matches([' ', '\t']);
                    if info == TAB_IN_PLAIN_SCALAR && rest.is_empty() {
                        return None;
                    }
                    // The blanks are ASCII: a byte is a column.
                    let tab = text.get(..text.len() - rest.len())?.find('\t')?;
                    Some((line, tab + 1))
                })
        }

        /// Where the parser refuses a token left of the indentation it expects (in a flow
        /// collection written in a block collection): the closing bracket of the outermost flow
        /// collection, alone on its line and indented at least as far as the block (as the `yaml`
        /// package wants it), is mended (indented by a space; see `from_str_with_positions`);
        /// another line indented no more than the block is told the spaces it needs. The
        /// message.
        fn invalid_indentation(&mut self, mark: Marker) -> String {
            let parsers = || format!("YAML syntax error: {INVALID_INDENTATION}");
            let Some((at, outermost)) = self.first_on_its_line(mark) else {
                return parsers();
            };
            let needed = self.indent.map(|n| if outermost { n } else { n + 1 });
            match needed {
                Some(needed) if mark.col() < needed => flow_line_message(None, mark.col(), needed),
                _ if outermost => {
                    let shift = Shift {
                        line: mark.line(),
                        column: mark.col() + 1,
                        inserted: 1,
                    };
                    self.mend = Some(Mend::IndentCloser(at, shift));
                    parsers()
                }
                _ => parsers(),
            }
        }

        /// The text with braces written around each single-pair mapping of a flow sequence
        /// whose value is a flow collection (`[a: [1]]` and `[a: {b, c}]` become `[{a: [1]}]`
        /// and `[{a: {b, c}}]`, which YAML 1.2 reads alike), and the braces as [`Shift`]s, in the
        /// order they were put in; `None` when the text has none, as far as the scanner reads
        /// it. The scanner ends such a mapping at the first `,` or closing bracket after its
        /// `:`, inside the value, and the parser then refuses what follows (`[a: [1]]`) or ends
        /// the value there (`[a: {b, c}]` read as `[{a: {b: null}, c: null}]`); with braces the
        /// mapping is written out and the scanner does not end it. PyYAML and the `yaml`
        /// package read both alike. A pair whose key is not a scalar is left as it is.
        fn single_pairs_braced(&self) -> Option<(String, Vec<Shift>)> {
            use yaml_rust2::scanner::{Scanner, Token, TokenType};
            if !self.text.contains('[') {
                return None;
            }
            let tokens: Vec<Token> = Scanner::new(self.text.chars()).collect();
            let at = |i: usize| {
                tokens
                    .get(i)
                    .map(|Token(mark, _)| (mark.line(), mark.col()))
            };
            let char_at = |i: usize| -> Option<u8> {
                let Token(mark, _) = tokens.get(i)?;
                self.text.as_bytes().get(self.offset_of(*mark)?).copied()
            };
            // The scanner writes a mapping it opens itself (for a pair in a flow sequence) as a
            // flow mapping start marked after the pair's `:`, before its key; and ends one with
            // a flow mapping end marked where the token that ended it is.
            let opened_by_scanner = |i: usize| at(i + 1).is_some_and(|next| Some(next) < at(i));
            let ended_by_scanner = |i: usize| at(i + 1).is_some_and(|next| Some(next) == at(i));
            let opens = |i: usize| match tokens.get(i) {
                Some(Token(_, TokenType::FlowSequenceStart)) => true,
                Some(Token(_, TokenType::FlowMappingStart)) => {
                    char_at(i) == Some(b'{') && !opened_by_scanner(i)
                }
                _ => false,
            };
            let closes = |i: usize| match tokens.get(i) {
                Some(Token(_, TokenType::FlowSequenceEnd)) => true,
                Some(Token(_, TokenType::FlowMappingEnd)) => !ended_by_scanner(i),
                _ => false,
            };
            // Where a `{` goes (the key) and where a `}` goes (after the value's closing
            // bracket), as byte offsets.
            let mut braces: Vec<(usize, char)> = Vec::new();
            // Whether each flow collection open around the token is a sequence, innermost last:
            // a pair the scanner opens a mapping for is a sequence's entry only in a sequence
            // (once it has ended one wrongly, it may open one for a pair inside a mapping).
            let mut around: Vec<bool> = Vec::new();
            for (i, Token(key, token)) in tokens.iter().enumerate() {
                if opens(i) {
                    around.push(matches!(token, TokenType::FlowSequenceStart));
                } else if closes(i) {
                    around.pop();
                }
                let pair = matches!(token, TokenType::Key)
                    && around.last() == Some(&true)
                    && i.checked_sub(1).is_some_and(|start| {
                        matches!(
                            tokens.get(start),
                            Some(Token(_, TokenType::FlowMappingStart))
                        ) && opened_by_scanner(start)
                    })
                    && matches!(tokens.get(i + 1), Some(Token(_, TokenType::Scalar(..))))
                    && matches!(tokens.get(i + 2), Some(Token(_, TokenType::Value)))
                    && opens(i + 3);
                if !pair {
                    continue;
                }
                let mut depth = 0usize;
                let close = (i + 3..tokens.len()).find(|&j| {
                    if opens(j) {
                        depth += 1;
                    } else if closes(j) {
                        depth = depth.saturating_sub(1);
                        return depth == 0;
                    }
                    false
                });
                let (Some(key), Some(close)) = (
                    self.offset_of(*key),
                    close.and_then(|j| self.offset_of(tokens.get(j)?.0)),
                ) else {
                    continue;
                };
                braces.push((key, '{'));
                braces.push((close + 1, '}'));
            }
            if braces.is_empty() {
                return None;
            }
            // Put in from the last to the first, so that each offset is still where it was.
            braces.sort_unstable_by_key(|(offset, _)| *offset);
            let mut text = self.text.to_owned();
            let mut shifts = Vec::with_capacity(braces.len());
            for &(offset, brace) in braces.iter().rev() {
                let line = self.line_starts.partition_point(|start| *start <= offset);
                let start = *self.line_starts.get(line.checked_sub(1)?)?;
                let column = self.text.get(start..offset)?.chars().count() + 1;
                if !text.is_char_boundary(offset) {
                    return None;
                }
                text.insert(offset, brace);
                shifts.push(Shift {
                    line,
                    column,
                    inserted: 1,
                });
            }
            Some((text, shifts))
        }

        /// The byte offset of what is at `mark` (by its line and column: the marker's own
        /// index is not reliable after some scalars).
        fn offset_of(&self, mark: Marker) -> Option<usize> {
            let at = self.col_byte(mark.line(), mark.col())?;
            Some(self.line_starts.get(mark.line().checked_sub(1)?)? + at)
        }

        /// The header (`|2`, `>-2`, `|2+`...) of the block scalar whose first line the parser
        /// refused at `mark` (`BLOCK_SCALAR_UNINDENTED`), when that line is a comment: its byte
        /// offset and length. The parser takes such a line for content indented wrongly; YAML
        /// 1.2 (§8.1.1.2, `l-trail-comments`) reads a comment indented less than the scalar's
        /// indentation as the end of the scalar, here an empty one, as PyYAML and the `yaml`
        /// package read it. The scalar's value is then the empty string, which `""` written over
        /// its header says in as many characters (every line and column stays), or, when it
        /// keeps its line breaks (`+`), a `\n` for each empty line before the comment
        /// (`l-keep-empty`), written `"\n\n"` (the columns after it on its line put back where
        /// they are written, should it be longer than the header).
        fn empty_block_scalar(&self, mark: Marker) -> Option<EmptyScalar> {
            let line = self.line_text(mark.line())?;
            let at = self.col_byte(mark.line(), mark.col())?;
            if !line.get(at..)?.starts_with('#') || !line.get(..at)?.bytes().all(|b| b == b' ') {
                return None;
            }
            let (header_line, column) = self.block_scalar_header(mark)?;
            // The lines between are empty: spaces only (the parser skipped them as such).
            let empty_lines = mark.line().checked_sub(header_line + 1)?;
            for between in header_line + 1..mark.line() {
                let text = self.line_text(between)?;
                if !text
                    .strip_suffix('\r')
                    .unwrap_or(text)
                    .bytes()
                    .all(|b| b == b' ')
                {
                    return None;
                }
            }
            let start = self.col_byte(header_line, column.checked_sub(1)?)?;
            let header = self.line_text(header_line)?.get(start..)?;
            let len = header.find([' ', '\t', '\r', '#']).unwrap_or(header.len());
            // An indentation digit (the parser refuses such a line only against an explicit
            // indentation) and at most one chomping sign.
            let indicators = header.get(1..len)?;
            if indicators.bytes().filter(u8::is_ascii_digit).count() != 1 {
                return None;
            }
            let line_start = *self.line_starts.get(header_line.checked_sub(1)?)?;
            Some(EmptyScalar {
                at: line_start + start,
                len,
                breaks: if indicators.contains('+') {
                    empty_lines
                } else {
                    0
                },
                line: header_line,
                column,
            })
        }

        /// What is at `mark` when only spaces are written before it on its line: its byte
        /// offset, and whether it is a closing bracket that closes the outermost flow collection.
        fn first_on_its_line(&self, mark: Marker) -> Option<(usize, bool)> {
            let line = self.line_text(mark.line())?;
            let at = self.col_byte(mark.line(), mark.col())?;
            let c = line.get(at..)?.chars().next()?;
            if !line.get(..at)?.bytes().all(|b| b == b' ') {
                return None;
            }
            let outermost = matches!(c, ']' | '}')
                && self.flow <= 1
                && self.nothing_flows_after(mark.line(), line.get(at + 1..)?);
            let start = self.line_starts.get(mark.line().checked_sub(1)?)?;
            Some((start + at, outermost))
        }

        /// Whether no flow collection goes on after `rest`, the end of line `line`: nothing but
        /// spaces, tabs and a comment in it, and the next line with more does not go on with
        /// `,`, `]`, `}` or `:`. The closing bracket before `rest` then closes the outermost
        /// flow collection (the parser's look-ahead can report it before the reader has seen
        /// that collection start).
        fn nothing_flows_after(&self, line: usize, rest: &str) -> bool {
            let blank_or_comment = |text: &str| {
                let content = text.trim_start_matches([' ', '\t', '\r']);
                content.is_empty() || (content.starts_with('#') && content.len() < text.len())
            };
            if !blank_or_comment(rest) {
                return false;
            }
            let mut next = line + 1;
            while let Some(text) = self.line_text(next) {
                let content = text.trim_start_matches([' ', '\t']).trim_end_matches('\r');
                if !content.is_empty() && !content.starts_with('#') {
                    return !content.starts_with([',', ']', '}', ':']);
                }
                next += 1;
            }
            true
        }

        /// The byte offset of the first tab in the run of spaces and tabs that ends right
        /// before `mark` and follows a `:`: where the parser marks its refusal of such a tab.
        fn tab_before(&self, mark: Marker) -> Option<usize> {
            let line = self.line_text(mark.line())?;
            let before: Vec<(usize, char)> = line.char_indices().take(mark.col()).collect();
            let run = before.iter().rposition(|(_, c)| *c != ' ' && *c != '\t')?;
            if before.get(run)?.1 != ':' {
                return None;
            }
            let (at, _) = before.get(run + 1..)?.iter().find(|(_, c)| *c == '\t')?;
            Some(self.line_starts.get(mark.line().checked_sub(1)?)? + at)
        }

        /// Refuses, before the first document, a `%YAML` directive for another version than 1.2
        /// (or a later 1.x, which YAML 1.2 reads as 1.2), and a document end marker (`...`)
        /// with no document to end. Under `%YAML 1.1` scalars read otherwise (`yes` is true,
        /// `0777` octal), which a reader of the format, YAML 1.2, would silently read as 1.2
        /// does; a later major version YAML 1.2 rejects. A leading `...`, which the parser
        /// passes over, both the `yaml` package and PyYAML refuse.
        fn stream_start(&mut self) {
            for (index, line) in self.text.lines().enumerate() {
                let line = line.trim_end_matches('\r');
                let Some(rest) = line.strip_prefix('%') else {
                    let content = line.trim_start_matches([' ', '\t']);
                    if content.is_empty() || content.starts_with('#') {
                        continue;
                    }
                    let end = line
                        .strip_prefix("...")
                        .is_some_and(|after| after.is_empty() || after.starts_with([' ', '\t']));
                    if end {
                        self.problems.push(YamlProblem {
                            line: index + 1,
                            column: 1,
                            message: "`...` ends a document, and none has begun here: remove it"
                                .to_owned(),
                        });
                    }
                    return;
                };
                let mut words = rest.split([' ', '\t']).filter(|w| !w.is_empty());
                if words.next() != Some("YAML") {
                    continue;
                }
                let version = words.next().unwrap_or_default();
                let (major, minor) = version.split_once('.').unwrap_or((version, ""));
                let later = |n: &str, least: u32| n.parse::<u32>().is_ok_and(|n| n >= least);
                if major != "1" || !later(minor, 2) {
                    self.problems.push(YamlProblem {
                        line: index + 1,
                        column: 1,
                        message: format!(
                            "this file declares YAML {version}; MCP Description files are YAML 1.2, which reads some scalars otherwise (`yes`, `on`, `0777`, `1:30`): remove the directive, or write `%YAML 1.2` and check those values"
                        ),
                    });
                }
            }
        }

        fn stream(&mut self) -> Result<Value, YamlProblem> {
            self.stream_start();
            let mut document = None;
            loop {
                let (event, mark) = self.next()?;
                match event {
                    Event::StreamStart | Event::Nothing | Event::DocumentEnd => {}
                    Event::StreamEnd => break,
                    Event::DocumentStart => {
                        if document.is_some() {
                            self.problems.push(problem(
                                mark,
                                "a description file holds one YAML document; remove the extra `---`",
                            ));
                        }
                        let (event, mark) = self.next()?;
                        // The parser marks a block mapping past its first key; the document
                        // itself starts at its first written character.
                        if let Some(document) = self.positions.nodes.first_mut() {
                            document.at.get_or_insert_with(|| first_content(self.text));
                        }
                        let value = self.node(event, mark, false)?;
                        document.get_or_insert(value);
                    }
                    other => {
                        let value = self.node(other, mark, false)?;
                        document.get_or_insert(value);
                    }
                }
            }
            Ok(document.unwrap_or(Value::Null))
        }

        /// Descends into the member `key` of the mapping being read, or into its next item when
        /// `key` is `None`, recording where it is written; [`leave`](Self::leave) comes back.
        fn enter(&mut self, key: Option<&str>, mark: Marker) {
            let parent = self.open.last().copied().unwrap_or(Positions::DOCUMENT);
            let node = self
                .positions
                .add(parent, key, (mark.line(), mark.col() + 1));
            self.open.push(node);
        }

        /// Comes back from the node [`enter`](Self::enter) went into.
        fn leave(&mut self) {
            self.open.pop();
        }

        fn no_anchor(&mut self, anchor: usize, mark: Marker) {
            if anchor != 0 {
                let (line, column) = property_position(self.text, mark, '&');
                self.problems.push(YamlProblem {
                    line,
                    column,
                    message: "anchors (`&name`) are not allowed in MCP Description files: write the value out in full".to_owned(),
                });
            }
        }

        fn no_tag(&mut self, tag: Option<&yaml_rust2::parser::Tag>, mark: Marker) {
            if let Some(tag) = tag {
                let (line, column) = property_position(self.text, mark, '!');
                self.problems.push(YamlProblem {
                    line,
                    column,
                    message: format!(
                        "tags (`{}{}`) are not allowed in MCP Description files: write plain JSON-compatible values",
                        if tag.handle == "tag:yaml.org,2002:" { "!!" } else { tag.handle.as_str() },
                        tag.suffix
                    ),
                });
            }
        }

        /// Reads the node that starts with `event`; `map_value`: it is a block mapping's value
        /// (where a block sequence may sit at the key's column).
        fn node(
            &mut self,
            event: Event,
            mark: Marker,
            map_value: bool,
        ) -> Result<Value, YamlProblem> {
            if self.problems.len() >= MAX_PROBLEMS {
                return Err(problem(
                    mark,
                    format!("more than {MAX_PROBLEMS} problems; stopped reading here"),
                ));
            }
            if matches!(event, Event::SequenceStart(..) | Event::MappingStart(..)) {
                if self.depth >= MAX_DEPTH {
                    return Err(problem(
                        mark,
                        format!("nested more than {MAX_DEPTH} levels deep"),
                    ));
                }
                self.depth += 1;
                let value = self.collection(event, mark, map_value);
                self.depth -= 1;
                return value;
            }
            self.collection(event, mark, map_value)
        }

        fn collection(
            &mut self,
            event: Event,
            mark: Marker,
            map_value: bool,
        ) -> Result<Value, YamlProblem> {
            match event {
                Event::Scalar(text, style, anchor, tag) => {
                    self.no_anchor(anchor, mark);
                    self.no_tag(tag.as_ref(), mark);
                    if self.flow == 0
                        && self.indent.is_some()
                        && matches!(
                            style,
                            TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted
                        )
                        && let Some(last) = self.quoted_end_line(mark)
                        && last > mark.line()
                    {
                        self.quoted_lines(mark.line(), last);
                        self.empty_lines_tabs(mark.line(), last);
                    }
                    if self.check_tabs
                        && self.flow == 0
                        && self.indent.is_some()
                        && style == TScalarStyle::Plain
                        && text.contains('\n')
                    {
                        let last = self.plain_end_line(mark.line());
                        self.empty_lines_tabs(mark.line(), last);
                    }
                    self.block_scalar_lines(&text, style, mark);
                    self.last_block_indentation = block_indentation(&text, style, mark);
                    let text = self.without_header_break(text, style, mark);
                    if self.flow > 0 && style == TScalarStyle::Plain && text == "?" {
                        // `[?]`, `[a, ?]`: an explicit key with nothing after it, which YAML 1.2
                        // (and the `yaml` package, and PyYAML) reads as a mapping with an empty
                        // key; the parser reads the text `?`.
                        self.problems.push(problem(
                            mark,
                            "a `?` alone in a flow sequence starts a mapping whose key is missing (an empty key is read as null, not a string); write the key, or quote \"?\" for the text",
                        ));
                    }
                    Ok(self.scalar(text, style, mark))
                }
                Event::Alias(_) => {
                    self.problems.push(problem(
                        mark,
                        "aliases (`*name`) are not allowed in MCP Description files: write the value out in full",
                    ));
                    Ok(Value::Null)
                }
                Event::SequenceStart(anchor, tag) => {
                    self.no_anchor(anchor, mark);
                    self.no_tag(tag.as_ref(), mark);
                    // A block sequence is marked at its first `-`, except one written at its
                    // mapping key's column (`k:\n- [a]`): that one is marked at its first entry,
                    // after the `-`, where a flow sequence would be marked too.
                    let dash = if map_value {
                        self.dash_before(mark)
                    } else {
                        None
                    };
                    let flow = dash.is_none() && self.flow_start(mark);
                    let outer = self.indent;
                    if flow {
                        self.flow += 1;
                    } else {
                        let column = dash.unwrap_or(mark.col());
                        // The first `-` (its entries' own marks are checked too, but an empty
                        // entry is marked where the next thing is written: `\t-\n`).
                        self.tab_indent_at(mark.line(), column, true);
                        self.indent = Some(column);
                    }
                    let mut items = Vec::new();
                    loop {
                        let (event, item_mark) = self.next()?;
                        if matches!(event, Event::SequenceEnd) {
                            self.indent = outer;
                            if flow && self.flow == 1 {
                                self.flow_lines(mark.line(), item_mark.line());
                            }
                            break;
                        }
                        if !flow {
                            self.tab_indent(item_mark, false);
                        }
                        self.enter(None, item_mark);
                        // The parser marks a block scalar at its first line of content (or
                        // where what follows an empty one starts); an item is where it is
                        // written, at its header.
                        if let Event::Scalar(_, TScalarStyle::Literal | TScalarStyle::Folded, ..) =
                            &event
                            && let (Some(&node), Some(header)) =
                                (self.open.last(), self.block_scalar_header(item_mark))
                        {
                            self.positions.set_at(node, header);
                        }
                        let item = self.node(event, item_mark, false);
                        // The parser marks a block mapping past its first key (at its `:`); an
                        // item is where it is written.
                        if let Some(&node) = self.open.last() {
                            self.positions.start_at_first_member(node);
                        }
                        self.leave();
                        items.push(item?);
                    }
                    if flow {
                        self.flow -= 1;
                    }
                    Ok(Value::Array(items))
                }
                Event::MappingStart(anchor, tag) => {
                    self.no_anchor(anchor, mark);
                    self.no_tag(tag.as_ref(), mark);
                    let flow = self.flow_start(mark);
                    let outer = self.indent;
                    if flow {
                        self.flow += 1;
                    }
                    let mut map = Map::new();
                    let mut first_key = true;
                    loop {
                        let (event, key_mark) = self.next()?;
                        if matches!(event, Event::MappingEnd) {
                            self.indent = outer;
                            if flow && self.flow == 1 {
                                self.flow_lines(mark.line(), key_mark.line());
                            }
                            break;
                        }
                        // A block scalar key (`? |`) is where its header is written (see
                        // `block_scalar_header`), not where the parser marks it (its text).
                        let header = match &event {
                            Event::Scalar(_, TScalarStyle::Literal | TScalarStyle::Folded, ..) => {
                                self.block_scalar_header(key_mark)
                            }
                            _ => None,
                        };
                        if !flow && first_key {
                            first_key = false;
                            // A block mapping's keys share one column: its first key's, or the
                            // `?` of an explicit one, where the parser marks the mapping (the key
                            // itself may be on a later line, or a block scalar marked at its
                            // text).
                            let explicit = self
                                .offset_of(mark)
                                .and_then(|at| self.text.get(at..))
                                .and_then(|rest| rest.strip_prefix('?'))
                                .is_some_and(|after| {
                                    after.is_empty() || after.starts_with([' ', '\t', '\r', '\n'])
                                });
                            self.indent = Some(if explicit { mark.col() } else { key_mark.col() });
                        }
                        let key = self.key(event, key_mark)?;
                        let (event, value_mark) = self.next()?;
                        self.enter(Some(key.as_deref().unwrap_or("~")), key_mark);
                        if let (Some(&node), Some(header)) = (self.open.last(), header) {
                            self.positions.set_at(node, header);
                        }
                        let value = self.node(event, value_mark, !flow);
                        self.leave();
                        let value = value?;
                        if let Some(key) = key {
                            if map.contains_key(&key) {
                                self.problems.push(problem(
                                    key_mark,
                                    format!(
                                        "duplicate key {key:?}: each key appears once in a mapping"
                                    ),
                                ));
                            } else {
                                map.insert(key, value);
                            }
                        }
                    }
                    if flow {
                        self.flow -= 1;
                    }
                    Ok(Value::Object(map))
                }
                other => Err(problem(mark, format!("unexpected YAML event {other:?}"))),
            }
        }

        /// A mapping key; `None` (with a problem recorded) when it is not a string.
        fn key(&mut self, event: Event, mark: Marker) -> Result<Option<String>, YamlProblem> {
            match event {
                Event::Scalar(text, style, anchor, tag) => {
                    self.no_anchor(anchor, mark);
                    self.no_tag(tag.as_ref(), mark);
                    self.tab_indent(mark, true);
                    self.block_scalar_lines(&text, style, mark);
                    self.last_block_indentation = block_indentation(&text, style, mark);
                    let text = self.without_header_break(text, style, mark);
                    if style == TScalarStyle::Plain && text == "<<" {
                        self.problems.push(problem(
                            mark,
                            "merge keys (`<<`) are not allowed in MCP Description files: write the members out in full",
                        ));
                        return Ok(None);
                    }
                    match self.scalar(text.clone(), style, mark) {
                        Value::String(s) => Ok(Some(s)),
                        other => {
                            self.problems.push(problem(
                                mark,
                                if text.is_empty() {
                                    "a key is missing (an empty key is read as null, not a string); write the key".to_owned()
                                } else {
                                    format!("the key {text} is read as {other}, not a string; quote it: \"{text}\"")
                                },
                            ));
                            Ok(None)
                        }
                    }
                }
                other => {
                    // A complex key: read it to stay in step, then refuse it.
                    self.node(other, mark, false)?;
                    self.problems.push(problem(
                        mark,
                        "keys must be strings; a sequence or mapping cannot be a key",
                    ));
                    Ok(None)
                }
            }
        }

        /// Resolves a scalar with the YAML 1.2 core schema.
        fn scalar(&mut self, text: String, style: TScalarStyle, mark: Marker) -> Value {
            if matches!(style, TScalarStyle::Literal | TScalarStyle::Folded)
                && !text.is_empty()
                && text.bytes().all(|b| b == b'\n')
                && !self.keeps_trailing_lines(mark)
            {
                // A block scalar with no content but empty lines is empty unless its header keeps
                // them (`|+`): YAML 1.2's clip and strip drop them (as PyYAML and other readers
                // do). The parser returns a line break for clip at the end of the text.
                return Value::String(String::new());
            }
            if style != TScalarStyle::Plain {
                return Value::String(text);
            }
            if let Some(indicator) = text.chars().next().filter(|c| matches!(c, '|' | '>')) {
                // Only a block scalar starts with `|` or `>`; the parser reads one in a flow
                // collection (`[|x]`) as a plain scalar, which YAML 1.2, PyYAML and the `yaml`
                // package refuse.
                self.problems.push(problem(
                    mark,
                    format!(
                        "a plain value cannot start with `{indicator}` (it starts a block scalar, which a flow collection cannot hold); quote the value"
                    ),
                ));
                return Value::String(text);
            }
            match text.as_str() {
                "" | "~" | "null" | "Null" | "NULL" => return Value::Null,
                "true" | "True" | "TRUE" => return Value::Bool(true),
                "false" | "False" | "FALSE" => return Value::Bool(false),
                ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" | "-.inf" | "-.Inf"
                | "-.INF" | ".nan" | ".NaN" | ".NAN" => {
                    self.problems.push(problem(
                        mark,
                        format!("{text} has no JSON equivalent: use a finite number"),
                    ));
                    return Value::Null;
                }
                _ => {}
            }
            if let Some(v) = integer(&text) {
                return v;
            }
            if is_float(&text) {
                if let Some(n) = text
                    .parse::<f64>()
                    .ok()
                    .and_then(serde_json::Number::from_f64)
                {
                    return Value::Number(n);
                }
                self.problems.push(problem(
                    mark,
                    format!("{text} has no JSON equivalent: use a finite number"),
                ));
                return Value::Null;
            }
            Value::String(text)
        }
    }

    /// The YAML 1.2 core schema's integers: `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`. Only
    /// decimals take a sign (`-0x10`, `0x-1` and `+0o7` are strings). Integers beyond 64 bits
    /// become the nearest `f64`, as serde_json reads them.
    fn integer(text: &str) -> Option<Value> {
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
    fn nearest_beyond_128_bits(radix: u32, digits: &str) -> f64 {
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

    fn is_float(text: &str) -> bool {
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

    #[cfg(test)]
    mod tests {
        use super::{Reader, read_mended, read_mending_each, starts_key};

        /// Values after a key's `:`, with tabs right after a `:` inside and outside quoted and
        /// block scalars, flow collections and comments; a few are refused.
        const AFTER_A_KEY: &[&str] = &[
            "\t1",
            " 1",
            "\t\"x:\ty\"",
            "\t'x:\ty'",
            "\t\"q\\\":\tz\"",
            "\t'it''s:\tz'",
            "\t\"multi\n  line:\tz\"",
            "\t|\n  a:\tb\n  c",
            "\t>-\n  a:\tb\n\n  c:\td",
            " |\n  x\n# after:\tthe block",
            "\t[a:\t1, b]",
            "\t{a:\t1, b:\t[c]}",
            "\t# n:\tm\n  2",
            "\n  - a:\tb\n  - c",
            "\n  nested:\tv\n  other:\t\"w:\tx\"",
            "\t- x",
            " a:\tb",
            "\t\"unclosed:\tx",
        ];

        proptest::proptest! {
            /// Tabs after `:` made spaces at once read every text as mending them one at a time
            /// reads it: the same value at the same positions, or a refusal.
            #[test]
            fn tabs_after_colons_at_once_read_as_one_at_a_time(
                picks in proptest::collection::vec(0..AFTER_A_KEY.len(), 1..10),
            ) {
                let text: String = picks
                    .iter()
                    .enumerate()
                    .map(|(i, &pick)| format!("k{i}:{}\n", AFTER_A_KEY.get(pick).copied().unwrap_or_default()))
                    .collect();
                let at_once = read_mended(&text, 32 << 20);
                let each = read_mending_each(&text, 32 << 20);
                proptest::prop_assert_eq!(at_once.is_ok(), each.is_ok(), "{:?}", text);
                if let (Ok(at_once), Ok(each)) = (at_once, each) {
                    proptest::prop_assert_eq!(at_once, each, "{:?}", text);
                }
            }

            /// A column's byte offset is found through the sampled offsets as by walking its
            /// line, in ASCII text and other, on lines shorter and longer than the sampling step,
            /// and nothing is found past a line's end.
            #[test]
            fn a_columns_byte_is_found_as_by_walking_its_line(
                text in "([a-z é€😀\t]{0,150}\n){0,4}[a-z é€😀]{0,150}",
            ) {
                let reader = Reader::new(&text);
                for (i, line) in text.split('\n').enumerate() {
                    for col in 0..line.chars().count() + 2 {
                        let walked = line.char_indices().nth(col).map(|(at, _)| at);
                        proptest::prop_assert_eq!(reader.col_byte(i + 1, col), walked);
                    }
                }
                proptest::prop_assert_eq!(reader.col_byte(0, 0), None);
            }
        }

        #[test]
        fn a_key_is_told_from_a_scalar_by_its_colon() {
            for key in [
                "a:",
                "a: 1",
                "a:  # note",
                "url: https://x",
                "?",
                "? a",
                "'k''s': 1",
                "'k' : 1",
                "\"q\\\"\": 2",
                "\"a:b\":",
                "\"\":\tx",
                "a:\tx",
            ] {
                assert!(starts_key(key), "{key:?} starts a key");
            }
            for scalar in [
                "a",
                "https://x",
                "a:b",
                "a # b: c",
                "'a: b'",
                "'it''s: x'",
                "\"a: b\"",
                "\"say \\\": x\"",
                "'unclosed: x",
                "[a: 1]",
                "{a: 1}",
                "| # a: b",
                "",
                "?x",
            ] {
                assert!(!starts_key(scalar), "{scalar:?} is no key");
            }
        }

        /// A text whose closing brackets the parser refuses `n` times, after `padding` bytes.
        fn closers_after(padding: usize, n: usize) -> String {
            let mut text = format!("pad: \"{}\"\na:\n", "x".repeat(padding));
            text.push_str(&"- [\n  \"x\"\n]\n".repeat(n));
            text
        }

        #[test]
        fn a_text_is_read_again_only_up_to_a_budget_of_bytes() {
            let text = closers_after(1000, 10);
            // Ten readings again of about 1 KiB each fit in 16 KiB, not in 4 KiB: there the
            // reader refuses the bracket it could not afford to mend, and says how to fix it.
            let (value, _) = read_mended(&text, 16 << 10).unwrap();
            assert_eq!(value["a"].as_array().map(Vec::len), Some(10));
            let err = read_mended(&text, 4 << 10).unwrap_err();
            let p = &err.problems()[0];
            assert!(p.message.ends_with("indent it by one more space"), "{err}");
            // Three or four readings again fit: the fourth or fifth bracket (on line 2 + 3k for
            // the k-th) is the one refused.
            assert!((2 + 3 * 4..=2 + 3 * 5).contains(&p.line), "{err}");
        }

        #[test]
        fn surrogate_pairs_are_joined_only_up_to_a_budget_of_bytes() {
            let mut text = format!("pad: \"{}\"\n", "x".repeat(1000));
            text.push_str(
                &"- \"\\ud83d\\ude00\"\n"
                    .repeat(10)
                    .replacen("- ", "a:\n- ", 1),
            );
            let (value, _) = read_mended(&text, 16 << 10).unwrap();
            assert_eq!(value["a"][9], "\u{1F600}");
            let err = read_mended(&text, 4 << 10).unwrap_err();
            let p = &err.problems()[0];
            assert!(p.message.contains("joins in up to"), "{err}");
            assert!(p.message.ends_with("(`\\U0001F600`)"), "{err}");
        }
    }
}

/// Writes a JSON value as block-style YAML: deterministic, with no anchors, aliases or tags, and
/// every string that a YAML 1.2 parser could read as something else double-quoted.
///
/// ```
/// let yaml = mcpdesc_runtime::yaml::to_string(&serde_json::json!({
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
