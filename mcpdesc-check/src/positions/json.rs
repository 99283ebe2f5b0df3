//! The positions of a JSON text's values, read in one pass over its bytes: what the YAML reader
//! records for the same text (JSON is YAML 1.2), without building the value again or holding
//! the parser's events. Memory: one node of [`Positions`] a value.

use super::Positions;

/// A container being read: its node, and the key of its next member with where the key is
/// written (objects only).
struct Open {
    node: usize,
    object: bool,
    key: Option<(String, (usize, usize))>,
}

/// The positions of `text`, a JSON text that `serde_json` reads (a member where its key is
/// written, an item where it starts: a string at its quote, a container at its bracket; lines
/// and columns 1-based, columns in characters). The text is not checked here: read it as JSON
/// first (`json::positions` does); for another text, what this gives means nothing.
pub(crate) fn positions(text: &str) -> Option<Positions> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let bytes = text.as_bytes();
    let mut positions = Positions::new();
    let mut open: Vec<Open> = Vec::new();
    let (mut line, mut column) = (1usize, 1usize);
    let mut at = 0usize;
    let mut root_read = false;
    // Each step reads one token: white space, punctuation, or a whole scalar.
    while let Some(&byte) = bytes.get(at) {
        match byte {
            b'\n' => {
                line += 1;
                column = 1;
                at += 1;
            }
            b' ' | b'\t' | b'\r' | b',' | b':' | b']' | b'}' => {
                if matches!(byte, b']' | b'}') {
                    open.pop();
                }
                column += 1;
                at += 1;
            }
            _ => {
                // A key: a string where an object's member starts.
                if let Some(top) = open.last_mut()
                    && top.object
                    && top.key.is_none()
                {
                    let end = string_end(bytes, at)?;
                    let raw = text.get(at..end)?;
                    top.key = Some((serde_json::from_str(raw).ok()?, (line, column)));
                    column += raw.chars().count();
                    at = end;
                    continue;
                }
                let node = match open.last_mut() {
                    // A member is where its key is; an item where it starts.
                    Some(top) => match top.key.take() {
                        Some((key, written)) => positions.add(top.node, Some(&key), written),
                        None => positions.add(top.node, None, (line, column)),
                    },
                    None if !root_read => {
                        root_read = true;
                        positions.set_at(Positions::DOCUMENT, (line, column));
                        Positions::DOCUMENT
                    }
                    None => return None,
                };
                let end = match byte {
                    b'{' | b'[' => {
                        open.push(Open {
                            node,
                            object: byte == b'{',
                            key: None,
                        });
                        at + 1
                    }
                    b'"' => string_end(bytes, at)?,
                    _ => scalar_end(bytes, at),
                };
                column += text.get(at..end)?.chars().count();
                at = end;
            }
        }
    }
    positions.finish(|_, column| column, text);
    Some(positions)
}

/// The byte after the string that starts with the quote at `start`.
fn string_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut at = start + 1;
    loop {
        match bytes.get(at)? {
            b'"' => return Some(at + 1),
            b'\\' => at += 2,
            _ => at += 1,
        }
    }
}

/// The byte after the number or literal (`true`, `false`, `null`) that starts at `start`.
fn scalar_end(bytes: &[u8], start: usize) -> usize {
    let mut at = start;
    while bytes
        .get(at)
        .is_some_and(|b| !matches!(b, b',' | b']' | b'}' | b' ' | b'\t' | b'\r' | b'\n'))
    {
        at += 1;
    }
    at.max(start + 1)
}
