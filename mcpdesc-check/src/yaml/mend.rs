//! The repairs: where yaml-rust2 refuses a text YAML 1.2 allows (or the other way), how the text
//! is mended to be read again, keyed on the parser's messages (the constants below, which
//! `tests::every_parser_message_the_reader_keys_on_is_the_parsers` pins to the parser).

use yaml_rust2::scanner::{Marker, TScalarStyle};

use super::{YamlError, YamlProblem};

/// Where the quoted scalars of `text` are, each from its opening quote to its closing one
/// (byte offsets, in the order of the text), as far as YAML's scanner reads it.
pub(super) fn quoted_scalars(text: &str) -> Vec<(usize, usize)> {
    scalar_texts(text, false).0
}

/// Where the scalars of `text` are whose text may hold any character: each quoted one from
/// its opening quote to its closing one, and with `blocks` each block scalar from its header
/// (`|`, `>`) to what follows its last line (byte offsets, in the order of the text), as far
/// as YAML's scanner reads it; and whether it read the whole text, every scalar placed.
pub(super) fn scalar_texts(text: &str, blocks: bool) -> (Vec<(usize, usize)>, bool) {
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
pub(super) fn tabs_after_colons_spaced(text: &str) -> Option<String> {
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

/// The indentation of a block scalar with content: the parser marks it at its first line's
/// content, past the indentation (spaces, one column each).
pub(super) fn block_indentation(text: &str, style: TScalarStyle, mark: Marker) -> Option<usize> {
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
pub(super) fn without_trailing_indentation(text: &str, indentation: usize) -> Option<&str> {
    let (_, last) = text.rsplit_once('\n')?;
    if last.is_empty() || last.len() > indentation || !last.bytes().all(|b| b == b' ') {
        return None;
    }
    text.get(..text.len() - last.len())
}

/// The text of `line` before its comment, without the spaces that end it, and the byte
/// offset of the last `|` or `>` in it outside quoted scalars that starts the line or follows
/// a space or tab.
pub(super) fn last_block_indicator(line: &str) -> Option<(&str, usize)> {
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
pub(super) enum Mend {
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
pub(super) struct EmptyScalar {
    /// The header's byte offset and length.
    pub(super) at: usize,
    pub(super) len: usize,
    /// The line breaks the scalar keeps (`+`): its value is that many `\n`.
    pub(super) breaks: usize,
    /// The header's line, and its column (1-based).
    pub(super) line: usize,
    pub(super) column: usize,
}

impl EmptyScalar {
    /// The double-quoted scalar written over the header, at least as long (padded with
    /// spaces), and the characters it adds past the header's length.
    pub(super) fn quoted(&self) -> (String, usize) {
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
pub(super) struct Shift {
    pub(super) line: usize,
    pub(super) column: usize,
    /// The characters put in there: 1 for a space; -2 for a surrogate pair's escape
    /// written shorter.
    pub(super) inserted: isize,
}

/// The column (1-based) in the written text of what is at `column` of `line` in the text
/// read after the changes of `shifts` were made, in that order.
pub(super) fn as_written(shifts: &[Shift], line: usize, column: usize) -> usize {
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
pub(super) fn surrogate_escapes(text: &str, quote: usize) -> Vec<(usize, Option<u32>)> {
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
                    let code = low.map(|low| 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00));
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
pub(super) fn surrogate_pairs_joined(
    text: &str,
    quote: usize,
    shifts: &mut Vec<Shift>,
) -> Option<String> {
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
pub(super) fn at_written_lines(mut problems: Vec<YamlProblem>, text: &str) -> YamlError {
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
pub(super) const MAX_TAB_RETRIES: usize = 64;

/// How many spaces the reader puts before closing brackets (see `from_str_with_positions`).
pub(super) const MAX_CLOSER_RETRIES: usize = 256;

/// How many double-quoted scalars the reader writes escaped surrogate pairs in again (see
/// `from_str_with_positions`).
pub(super) const MAX_QUOTED_RETRIES: usize = 1024;

/// How many empty block scalars the reader writes as double-quoted ones (see
/// `Reader::empty_block_scalar`).
pub(super) const MAX_EMPTY_SCALAR_RETRIES: usize = 256;

/// How many times the reader braces the single-pair mappings it finds in a text (each time
/// all it finds; see `Reader::single_pairs_braced`).
pub(super) const MAX_PAIR_RETRIES: usize = 8;

/// How many bytes the reader reads again in all while it mends a text (see
/// `from_str_with_positions`): 32 MiB, a fraction of a second, so a 1 MiB file is mended up to
/// 32 times.
pub(super) const MAX_BYTES_READ_AGAIN: usize = 32 << 20;

/// The parser's words for a tab (or anything but a space) right after `:` or `-`.
pub(super) const COLON_WANTS_SPACE: &str = "':' must be followed by a valid YAML whitespace";
pub(super) const DASH_WANTS_SPACE: &str = "'-' must be followed by a valid YAML whitespace";
// The parser's two refusals of a tab after an explicit key's `?` (`?\tk`, `? \tk`); it gives
// them no other use.
pub(super) const KEY_WANTS_SPACE: &str = "expected whitespace";
pub(super) const KEY_TAB: &str = "tabs disallowed in this context";
// The parser's refusal of a `:` where no key can end: among others, after an implicit key
// longer than YAML's 1,024 characters.
pub(super) const MAPPING_VALUES: &str = "mapping values are not allowed in this context";
// The parser's refusal of text after a quoted scalar on its line, whichever its quotes.
pub(super) const TRAILING_AFTER_QUOTED: &str =
    "invalid trailing content after double-quoted scalar";
// The parser's refusals of a quoted scalar that runs on, both marked at its opening quote:
// most often its closing quote is missing.
pub(super) const QUOTED_UNINDENTED: &str = "invalid indentation in quoted scalar";
pub(super) const QUOTED_UNENDED: &str =
    "while scanning a quoted scalar, found unexpected end of stream";
// The parser's refusal of a `:` it cannot place, which in a flow collection most often
// starts the next key of a block mapping after a bracket that was never closed.
pub(super) const COLON_IN_FLOW: &str = "illegal placement of ':' indicator";
// The parser's refusal of a token left of the indentation it expects.
pub(super) const INVALID_INDENTATION: &str = "invalid indentation";
// The parser's refusal of a block scalar's first line when it is indented less than the
// scalar's explicit indentation and more than its parent.
pub(super) const BLOCK_SCALAR_UNINDENTED: &str = "wrongly indented line in block scalar";
// The parser's refusals of a tab in the indentation that it marks elsewhere than at the tab:
// past it on its line, at the start of the plain scalar a line of which it indents, or at
// the header of the block scalar whose text it starts.
pub(super) const TAB_IN_BLOCK_INDENTATION: &str =
    "tabs disallowed within this context (block indentation)";
pub(super) const TAB_IN_PLAIN_SCALAR: &str = "while scanning a plain scalar, found a tab";
pub(super) const TAB_STARTS_BLOCK_SCALAR: &str = "a block scalar content cannot start with a tab";
// The parser's refusal of a `\u` escape that is no character, among them half a surrogate
// pair (`\ud83d`), which the reader mends when the other half follows.
pub(super) const UNICODE_ESCAPE: &str =
    "while parsing a quoted scalar, found invalid Unicode character escape code";
/// What is said of a tab in the indentation, wherever it is found.
pub(super) const TAB_IN_INDENTATION: &str =
    "a tab in the indentation: YAML indents with spaces only; replace the tab with spaces";
