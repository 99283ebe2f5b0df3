//! Where each value was written: lines, columns, and the positions of the nodes read, as the
//! YAML reader records them and as [`of_json`] reads them from a JSON text in one pass.

mod json;

pub(crate) use json::positions as of_json;

/// The start of every line of `text` (see `Reader::line_starts`).
pub(crate) fn line_starts(text: &str) -> Vec<usize> {
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
pub(crate) struct Columns {
    pub(crate) line_chars: Vec<usize>,
    pub(crate) every: Vec<usize>,
}

impl Columns {
    pub(crate) const EVERY: usize = 64;

    pub(crate) fn new(text: &str) -> Self {
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

/// Where the values of a YAML file are written: 1-based line and column by JSON Pointer.
///
/// Kept as a tree shaped like the document (each key once), so that it takes memory in
/// proportion to the file: a table of every node's pointer would hold a long key once per
/// node below it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Positions {
    /// The document's node first, then every node in the order read.
    pub(crate) nodes: Vec<Written>,
}

/// A node of [`Positions`]: where it is written, and the nodes in it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Written {
    /// Its line and column, each at most `u32::MAX` (a text longer than that is not read).
    pub(crate) at: Option<(u32, u32)>,
    pub(crate) children: Children,
}

/// A line and column as a node keeps them.
pub(crate) fn kept((line, column): (usize, usize)) -> (u32, u32) {
    let narrow = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    (narrow(line), narrow(column))
}

/// A line and column as a node kept them.
fn given((line, column): (u32, u32)) -> (usize, usize) {
    let widen = |n: u32| usize::try_from(n).unwrap_or(usize::MAX);
    (widen(line), widen(column))
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum Children {
    #[default]
    None,
    /// A sequence's items, in order (indices into `nodes`).
    Items(Vec<u32>),
    /// A mapping's members by key, sorted by key once read (the first of a repeated key).
    Members(Vec<(Box<str>, u32)>),
}

/// A token of a JSON Pointer, unescaped (`~1` is `/`, `~0` is `~`); `None` when it escapes
/// nothing JSON Pointer defines.
pub(crate) fn unescaped(token: &str) -> Option<std::borrow::Cow<'_, str>> {
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
pub(crate) fn index(token: &str) -> Option<usize> {
    let canonical = !token.is_empty()
        && token.bytes().all(|b| b.is_ascii_digit())
        && (token == "0" || !token.starts_with('0'));
    canonical.then(|| token.parse().ok()).flatten()
}

impl Positions {
    /// The document's node.
    pub(crate) const DOCUMENT: usize = 0;

    pub(crate) fn new() -> Self {
        Positions {
            nodes: vec![Written::default()],
        }
    }

    /// Adds a node written at `at` in the node `parent` (an item when `key` is `None`);
    /// returns its index.
    pub(crate) fn add(&mut self, parent: usize, key: Option<&str>, at: (usize, usize)) -> usize {
        let node = self.nodes.len();
        // Node numbers are kept in 32 bits: a text holds fewer values than its bytes.
        let number = u32::try_from(node).unwrap_or(u32::MAX);
        self.nodes.push(Written {
            at: Some(kept(at)),
            children: Children::None,
        });
        if let Some(parent) = self.nodes.get_mut(parent) {
            match (&mut parent.children, key) {
                (Children::Items(items), None) => items.push(number),
                (Children::Members(members), Some(key)) => members.push((key.into(), number)),
                (children @ Children::None, None) => *children = Children::Items(vec![number]),
                (children @ Children::None, Some(key)) => {
                    *children = Children::Members(vec![(key.into(), number)]);
                }
                // A node is a sequence or a mapping, never both.
                (Children::Items(_), Some(_)) | (Children::Members(_), None) => {}
            }
        }
        node
    }

    /// Records `node` as written at `at`.
    pub(crate) fn set_at(&mut self, node: usize, at: (usize, usize)) {
        if let Some(written) = self.nodes.get_mut(node) {
            written.at = Some(kept(at));
        }
    }

    /// Moves `node`, a mapping, to where its first member's key is written when that is
    /// before where `node` was recorded (a block mapping, which the parser marks at its first
    /// `:`; a flow mapping is marked at its `{`, before its first key).
    pub(crate) fn start_at_first_member(&mut self, node: usize) {
        let Some(written) = self.nodes.get(node) else {
            return;
        };
        let Children::Members(members) = &written.children else {
            return;
        };
        let first = members
            .first()
            .and_then(|&(_, first)| self.nodes.get(usize::try_from(first).ok()?))
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
    pub(crate) fn finish(&mut self, column: impl Fn(usize, usize) -> usize, text: &str) {
        // The text read has no `\r` alone (see `read_lines`): lines end at `\n`.
        let lines = text.matches('\n').count() + 1;
        let end = text.rsplit('\n').next().unwrap_or_default().chars().count() + 1;
        for node in &mut self.nodes {
            if let Some(at) = &mut node.at {
                let (line, col) = given(*at);
                *at = kept(if line > lines {
                    (lines, end)
                } else {
                    (line, column(line, col))
                });
            }
            match &mut node.children {
                Children::Members(members) => {
                    // A stable sort: of equal keys, the first read stays first.
                    members.sort_by(|a, b| a.0.cmp(&b.0));
                    members.dedup_by(|later, earlier| later.0 == earlier.0);
                    members.shrink_to_fit();
                }
                Children::Items(items) => items.shrink_to_fit(),
                Children::None => {}
            }
        }
    }

    /// The line and column of the value at `pointer`, or of its nearest written ancestor.
    pub fn get(&self, pointer: &str) -> Option<(usize, usize)> {
        let mut node = self.nodes.first()?;
        let mut nearest = node.at.map(given);
        let tokens = match pointer {
            "" => None,
            _ => Some(pointer.strip_prefix('/')?.split('/')),
        };
        for token in tokens.into_iter().flatten() {
            let child = match &node.children {
                Children::Items(items) => index(token).and_then(|i| items.get(i)),
                Children::Members(members) => unescaped(token).and_then(|key| {
                    let at = members
                        .binary_search_by(|(k, _)| k.as_ref().cmp(key.as_ref()))
                        .ok()?;
                    members.get(at).map(|(_, child)| child)
                }),
                Children::None => None,
            };
            let child = child.and_then(|&child| usize::try_from(child).ok());
            let Some(child) = child.and_then(|child| self.nodes.get(child)) else {
                break;
            };
            node = child;
            nearest = node.at.map(given).or(nearest);
        }
        nearest
    }
}
