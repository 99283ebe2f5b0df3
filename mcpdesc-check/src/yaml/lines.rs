//! Reading a line's text: indentation, entries, keys and comments.

use yaml_rust2::scanner::Marker;

use super::YamlProblem;

/// `n` spaces, in words: "1 space", "2 spaces".
pub(super) fn spaces(n: usize) -> String {
    format!("{n} space{}", if n == 1 { "" } else { "s" })
}

/// When the line at `column` with `text` (its indentation left out) ends with a block
/// scalar's header (`key: |`, `- >-`, `|2`, a comment after it allowed), the column its
/// text must be right of: the key's, or the last `-`'s for an entry's scalar; `Some(None)`
/// for a scalar at the root.
pub(super) fn block_scalar_parent(mut column: usize, mut text: &str) -> Option<Option<usize>> {
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
pub(super) fn entry_content(column: usize, text: &str) -> Option<(usize, &str)> {
    let after = text.strip_prefix("- ")?;
    let content = after.trim_start_matches(' ');
    Some((column + 2 + after.len() - content.len(), content))
}

/// `text` up to a comment (` #`), for hints read from a line's shape.
pub(super) fn before_comment(text: &str) -> &str {
    text.split_once(" #").map_or(text, |(body, _)| body)
}

/// Whether `text` (a line's text after its indentation and any `- `) starts a block
/// mapping's key: `?` (an explicit key), or a plain or quoted key followed by a `:` that ends
/// the line or a space follows. Read from the line's shape, for hints only.
pub(super) fn starts_key(text: &str) -> bool {
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
            return body.trim_end().ends_with(':') || body.contains(": ") || body.contains(":\t");
        }
    };
    let after_key = after_key.trim_start_matches(' ');
    after_key == ":" || after_key.starts_with(": ") || after_key.starts_with(":\t")
}

/// Whether `rest`, a line's text after its indentation, is a closing bracket alone (with a
/// comment or not).
pub(super) fn closes_alone(rest: &str) -> bool {
    let Some(after) = rest.strip_prefix([']', '}']) else {
        return false;
    };
    let tail = after.trim_start_matches([' ', '\t']);
    tail.is_empty() || (tail.starts_with('#') && tail.len() < after.len())
}

/// What a line of a flow collection (begun on line `begun`, when known) indented by
/// `written` spaces, no more than the block collection around, is told.
pub(super) fn flow_line_message(begun: Option<usize>, written: usize, needed: usize) -> String {
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

pub(super) fn problem(mark: Marker, message: impl Into<String>) -> YamlProblem {
    YamlProblem {
        line: mark.line(),
        column: mark.col() + 1,
        message: message.into(),
    }
}

/// Where the `&anchor` (or `!tag`) of the node at `mark` is written. The parser marks the
/// node, which for a block collection is past its first key on the next line, so the nearest
/// token starting with the sigil before the mark is the node's property.
pub(super) fn property_position(text: &str, mark: Marker, sigil: char) -> (usize, usize) {
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
pub(super) fn first_content(text: &str) -> (usize, usize) {
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
