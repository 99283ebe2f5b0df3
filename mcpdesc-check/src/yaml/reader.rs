//! The reader: yaml-rust2's events into JSON, refusing what the format forbids.

use serde_json::{Map, Value};
use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

use super::YamlProblem;
use super::lines::{
    block_scalar_parent, closes_alone, entry_content, first_content, flow_line_message, problem,
    property_position, spaces, starts_key,
};
use super::mend::{
    BLOCK_SCALAR_UNINDENTED, COLON_IN_FLOW, COLON_WANTS_SPACE, DASH_WANTS_SPACE, EmptyScalar,
    INVALID_INDENTATION, KEY_TAB, KEY_WANTS_SPACE, MAPPING_VALUES, MAX_EMPTY_SCALAR_RETRIES,
    MAX_TAB_RETRIES, Mend, QUOTED_UNENDED, QUOTED_UNINDENTED, Shift, TAB_IN_BLOCK_INDENTATION,
    TAB_IN_INDENTATION, TAB_IN_PLAIN_SCALAR, TAB_STARTS_BLOCK_SCALAR, TRAILING_AFTER_QUOTED,
    UNICODE_ESCAPE, block_indentation, last_block_indicator, surrogate_escapes,
};
use super::scalars::{integer, is_float};
use crate::positions::{Columns, Positions, kept, line_starts};
use crate::source::MAX_PROBLEMS;

pub(super) struct Reader<'a> {
    /// How to mend the text where the parser refused it, if this reader knows how.
    pub(super) mend: Option<Mend>,
    pub(super) parser: Parser<std::str::Chars<'a>>,
    pub(super) text: &'a str,
    pub(super) problems: Vec<YamlProblem>,
    /// Where the nodes read so far are written.
    pub(super) positions: Positions,
    /// The node being read and those around it, innermost last (indices into `positions`).
    pub(super) open: Vec<usize>,
    /// How deep the node being read is nested.
    pub(super) depth: usize,
    /// Where each line starts (byte offsets), for what is read by line and column. The text
    /// read has no `\r` alone (see `from_str_with_positions`), so its lines end at `\n`.
    pub(super) line_starts: Vec<usize>,
    /// Byte offsets by column, for a text that is not ASCII (see [`Columns`]); `None` for
    /// an ASCII text, whose columns are its byte offsets.
    pub(super) columns: Option<Columns>,
    /// Whether the text has a tab, so that the tab check has anything to find.
    pub(super) check_tabs: bool,
    /// How many flow collections (`[...]`, `{...}`) enclose the node being read.
    pub(super) flow: usize,
    /// The last line reported for a tab in its indentation (each line is reported once).
    pub(super) tab_line: usize,
    /// The column (0-based) of the innermost block collection around the node being read:
    /// its keys, or its `-`. `None` at the top of the document. A flow collection or a quoted
    /// string written in it must indent each further line by more spaces than this.
    pub(super) indent: Option<usize>,
    /// The indentation of the last scalar read, when it is a block scalar with content (see
    /// `without_trailing_indentation`).
    pub(super) last_block_indentation: Option<usize>,
}

impl<'a> Reader<'a> {
    pub(super) fn new(text: &'a str) -> Self {
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

/// Nesting deeper than this is refused, as serde_json does, so that no file can exhaust the
/// stack.
pub(super) const MAX_DEPTH: usize = 128;

impl Reader<'_> {
    /// The text of the 1-based `line`, without its line break (`None` when the lines are not
    /// known, see `line_starts`).
    pub(super) fn line_text(&self, line: usize) -> Option<&str> {
        let start = *self.line_starts.get(line.checked_sub(1)?)?;
        let end = self
            .line_starts
            .get(line)
            .map_or(self.text.len(), |next| next - 1);
        self.text.get(start..end)
    }

    /// The byte offset, within the 1-based `line`, of the character at the 0-based `col`;
    /// `None` past the line's end (as `char_indices().nth(col)` of its text).
    pub(super) fn col_byte(&self, line: usize, col: usize) -> Option<usize> {
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
    pub(super) fn indented_line(&self, line: usize) -> Option<(usize, &str)> {
        let text = self.line_text(line)?.trim_end_matches('\r');
        let spaces = text.bytes().take_while(|b| *b == b' ').count();
        Some((spaces, text.get(spaces..).unwrap_or_default()))
    }

    /// Reports a tab in the indentation of `line`, at `column` (1-based), once per line.
    pub(super) fn tab_in_indentation(&mut self, line: usize, column: usize, message: String) {
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
    pub(super) fn tab_indent(&mut self, mark: Marker, key: bool) {
        self.tab_indent_at(mark.line(), mark.col(), key);
    }

    /// [`tab_indent`](Self::tab_indent) for what is written at `line` and (0-based) `col`.
    pub(super) fn tab_indent_at(&mut self, line_number: usize, col: usize, key: bool) {
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
    pub(super) fn flow_start(&self, mark: Marker) -> bool {
        self.col_byte(mark.line(), mark.col())
            .and_then(|at| self.line_text(mark.line())?.as_bytes().get(at).copied())
            .is_some_and(|b| b == b'[' || b == b'{')
    }

    /// The column of the `-` written right before `mark` on its line (spaces, tabs and a
    /// comment between), if one is.
    pub(super) fn dash_before(&self, mark: Marker) -> Option<usize> {
        let line = self.line_text(mark.line())?;
        let mut before = match self.col_byte(mark.line(), mark.col()) {
            Some(at) => line.get(..at)?,
            None => line,
        };
        // The parser marks a sequence whose first entry is on a later line at the end of the `-`'s line.
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
    pub(super) fn flow_lines(&mut self, first: usize, last: usize) {
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
    pub(super) fn quoted_lines(&mut self, first: usize, last: usize) {
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
    pub(super) fn shallow_line<T>(
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
    pub(super) fn quoted_end_line(&self, mark: Marker) -> Option<usize> {
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
    pub(super) fn empty_lines_tabs(&mut self, first: usize, last: usize) {
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
    pub(super) fn plain_end_line(&self, first: usize) -> usize {
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
    pub(super) fn document_marker_in_root_scalar(&mut self, mark: Marker) {
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
                    message: "a description file holds one YAML document; remove the extra `---`"
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
    pub(super) fn block_scalar_lines(&mut self, text: &str, style: TScalarStyle, mark: Marker) {
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
    pub(super) fn without_header_break(
        &self,
        text: String,
        style: TScalarStyle,
        mark: Marker,
    ) -> String {
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
    pub(super) fn block_scalar_header(&self, mark: Marker) -> Option<(usize, usize)> {
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
    pub(super) fn empty_block_scalar_tabs(&mut self, mark: Marker) {
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
    pub(super) fn block_scalar_tabs(&mut self, mark: Marker) {
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
    pub(super) fn keeps_trailing_lines(&self, mark: Marker) -> bool {
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

impl Reader<'_> {
    pub(super) fn next(&mut self) -> Result<(Event, Marker), YamlProblem> {
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
                    UNICODE_ESCAPE
                        if self.offset_of(mark).is_some_and(|quote| {
                            !surrogate_escapes(self.text, quote).is_empty()
                        }) =>
                    {
                        self.mend = self.offset_of(mark).map(Mend::SurrogatePairs);
                        format!(
                            "YAML syntax error: {UNICODE_ESCAPE}: a `\\u` escape of a UTF-16 surrogate (`\\ud800` to `\\udfff`) is half a character; write the character, or its `\\U` escape (`\\U0001F600`)"
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
    pub(super) fn after_quoted(&self, mark: Marker) -> String {
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
    pub(super) fn colon_without_space(&self, mark: Marker) -> Option<(usize, String)> {
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
    pub(super) fn block_scalar_text_lines(&self, line: usize) -> std::collections::BTreeSet<usize> {
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
    pub(super) fn indentation_hint(&self, mark: Marker) -> Option<(usize, usize, String)> {
        let line = mark.line();
        let (spaces, rest) = self.indented_line(line)?;
        if self.flow > 0 || rest.is_empty() || rest.starts_with(['#', '\t']) {
            return None;
        }
        // The columns of the keys and entries above that are still open at this line (no block scalar text).
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
    pub(super) fn refused_tab(&self, mark: Marker, info: &str) -> Option<(usize, usize)> {
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
    pub(super) fn invalid_indentation(&mut self, mark: Marker) -> String {
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
    pub(super) fn single_pairs_braced(&self) -> Option<(String, Vec<Shift>)> {
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
        // A mapping the scanner opens for a pair starts after the pair's `:`, and ends at the token ending it.
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
        // Whether each enclosing flow collection is a sequence, innermost last.
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
    pub(super) fn offset_of(&self, mark: Marker) -> Option<usize> {
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
    pub(super) fn empty_block_scalar(&self, mark: Marker) -> Option<EmptyScalar> {
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
    pub(super) fn first_on_its_line(&self, mark: Marker) -> Option<(usize, bool)> {
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
    pub(super) fn nothing_flows_after(&self, line: usize, rest: &str) -> bool {
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
    pub(super) fn tab_before(&self, mark: Marker) -> Option<usize> {
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
    pub(super) fn stream_start(&mut self) {
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

    pub(super) fn stream(&mut self) -> Result<Value, YamlProblem> {
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
                        document
                            .at
                            .get_or_insert_with(|| kept(first_content(self.text)));
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
    pub(super) fn enter(&mut self, key: Option<&str>, mark: Marker) {
        let parent = self.open.last().copied().unwrap_or(Positions::DOCUMENT);
        let node = self
            .positions
            .add(parent, key, (mark.line(), mark.col() + 1));
        self.open.push(node);
    }

    /// Comes back from the node [`enter`](Self::enter) went into.
    pub(super) fn leave(&mut self) {
        self.open.pop();
    }

    pub(super) fn no_anchor(&mut self, anchor: usize, mark: Marker) {
        if anchor != 0 {
            let (line, column) = property_position(self.text, mark, '&');
            self.problems.push(YamlProblem {
                line,
                column,
                message: "anchors (`&name`) are not allowed in MCP Description files: write the value out in full".to_owned(),
            });
        }
    }

    pub(super) fn no_tag(&mut self, tag: Option<&yaml_rust2::parser::Tag>, mark: Marker) {
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
    pub(super) fn node(
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

    pub(super) fn collection(
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
                    // `[?]`: an explicit empty key, a mapping in YAML 1.2; the parser reads the text `?`.
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
                // A block sequence at its key's column is marked at its first entry, after the `-`.
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
                    // A block scalar is written at its header; the parser marks its first line of content.
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
                        // A block mapping is marked at its first key's column, or at the `?` of an explicit one.
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
    pub(super) fn key(
        &mut self,
        event: Event,
        mark: Marker,
    ) -> Result<Option<String>, YamlProblem> {
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
    pub(super) fn scalar(&mut self, text: String, style: TScalarStyle, mark: Marker) -> Value {
        if matches!(style, TScalarStyle::Literal | TScalarStyle::Folded)
            && !text.is_empty()
            && text.bytes().all(|b| b == b'\n')
            && !self.keeps_trailing_lines(mark)
        {
            // A block scalar of empty lines alone is empty unless kept (`|+`), as YAML 1.2 reads it.
            return Value::String(String::new());
        }
        if style != TScalarStyle::Plain {
            return Value::String(text);
        }
        if let Some(indicator) = text.chars().next().filter(|c| matches!(c, '|' | '>')) {
            // `|` and `>` start only a block scalar: in a flow collection they are refused.
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
