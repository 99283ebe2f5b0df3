//! RFC 6570 URI templates read for what they expand to: their variables, and whether a URI is
//! an expansion of one. ([`crate::text::is_uri_template`] says whether a template is
//! well-formed.)

use crate::text::is_uri_template;

/// One piece of a template.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part<'t> {
    /// Characters copied as they are.
    Literal(&'t str),
    /// `{` operator varspecs `}`: the operator (`0` for none) and the varspecs as written.
    Expression(u8, &'t str),
}

/// A well-formed template, split into its parts.
#[derive(Clone, Debug)]
pub struct UriTemplate<'t> {
    parts: Vec<Part<'t>>,
}

impl<'t> UriTemplate<'t> {
    /// `template` split into parts, or `None` when RFC 6570 does not read it as a template.
    pub fn parse(template: &'t str) -> Option<Self> {
        if !is_uri_template(template) {
            return None;
        }
        let mut parts = Vec::new();
        let mut rest = template;
        while !rest.is_empty() {
            match rest.find('{') {
                Some(0) => {
                    // A well-formed template closes every expression and nests none.
                    let close = rest.find('}')?;
                    let inner = rest.get(1..close)?;
                    let (operator, specs) = match inner.as_bytes().first() {
                        Some(&op) if b"+#./;?&=,!@|".contains(&op) => (op, inner.get(1..)?),
                        _ => (0, inner),
                    };
                    parts.push(Part::Expression(operator, specs));
                    rest = rest.get(close + 1..)?;
                }
                Some(open) => {
                    parts.push(Part::Literal(rest.get(..open)?));
                    rest = rest.get(open..)?;
                }
                None => {
                    parts.push(Part::Literal(rest));
                    rest = "";
                }
            }
        }
        Some(UriTemplate { parts })
    }

    /// The names of the template's variables, in order, each once.
    pub fn variables(&self) -> Vec<&'t str> {
        let mut names: Vec<&'t str> = Vec::new();
        for part in &self.parts {
            let Part::Expression(_, specs) = part else {
                continue;
            };
            for spec in specs.split(',') {
                let name = spec.split_once([':', '*']).map_or(spec, |(name, _)| name);
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
        names
    }

    /// Whether `uri` is what the template expands to for some values of its variables (an
    /// undefined variable expands to nothing). An expression matches a run of the characters
    /// its operator lets a value expand to, after the operator's first character where it has
    /// one; the reserved operators (`=`, `,`, `!`, `@`, `|`) expand to nothing RFC 6570
    /// defines, so a template that uses one matches no URI.
    pub fn matches(&self, uri: &str) -> bool {
        let mut reachable = start(uri.len());
        for part in &self.parts {
            match step(*part, uri.as_bytes(), &reachable) {
                Some(next) => reachable = next,
                None => return false,
            }
        }
        reachable.last().copied().unwrap_or(false)
    }

    /// The values of the template's variables in `uri`, percent-decoded, when `uri` is an
    /// expansion of the template ([`matches`](Self::matches)); a variable that expanded to
    /// nothing is left out. Where an expansion could be split more than one way (`{a}{b}`), the
    /// later expression takes the longer value. `None` when the URI is not an expansion, or a
    /// value is not UTF-8 once decoded. Linear in the URI's length for each part.
    pub fn captures(&self, uri: &str) -> Option<Vec<(&'t str, String)>> {
        let bytes = uri.as_bytes();
        // `layers[k][i]`: the first `k` parts can expand to `uri[..i]`.
        let mut layers = vec![start(uri.len())];
        for part in &self.parts {
            let next = step(*part, bytes, layers.last()?)?;
            layers.push(next);
        }
        if !layers.last()?.last().copied().unwrap_or(false) {
            return None;
        }
        // Walk back from the end: each part's start is a place the parts before it reach.
        let mut end = bytes.len();
        let mut raw: Vec<(u8, &'t str, &str)> = Vec::new();
        for (k, part) in self.parts.iter().enumerate().rev() {
            let before = layers.get(k)?;
            let reaches = |i: usize| before.get(i).copied().unwrap_or(false);
            match *part {
                Part::Literal(literal) => {
                    end = end.checked_sub(literal.len())?;
                    if !reaches(end) {
                        return None;
                    }
                }
                Part::Expression(operator, specs) => {
                    let (lead, allowed) = expansion(operator)?;
                    // A value may start at `s` when the parts before reach `s` (or its operator's first character).
                    let opens = |s: usize| match lead {
                        None => reaches(s),
                        Some(lead) => s > 0 && bytes.get(s - 1) == Some(&lead) && reaches(s - 1),
                    };
                    // The earliest start of a run of allowed characters that ends at `end`.
                    let mut chosen = None;
                    let mut s = end;
                    loop {
                        if opens(s) {
                            chosen = Some(s);
                        }
                        if s == 0 || !bytes.get(s - 1).is_some_and(|&b| allowed(b)) {
                            break;
                        }
                        s -= 1;
                    }
                    match (chosen, lead) {
                        (Some(c), Some(_)) => {
                            raw.push((operator, specs, uri.get(c..end)?));
                            end = c.checked_sub(1)?;
                        }
                        (Some(c), None) => {
                            if c != end {
                                raw.push((operator, specs, uri.get(c..end)?));
                            }
                            end = c;
                        }
                        // The expression expanded to nothing.
                        (None, _) if reaches(end) => {}
                        (None, _) => return None,
                    }
                }
            }
        }
        raw.reverse();
        let mut values = Vec::new();
        for (operator, specs, text) in raw {
            split_values(operator, specs, text, &mut values)?;
        }
        Some(values)
    }

    /// The URI the template expands to when each variable has the value `value_of` gives it
    /// (RFC 6570 level 3: a value is one string, `None` leaves the variable undefined). Each
    /// value is percent-encoded as its operator requires: every character but the unreserved
    /// ones, and for `+` and `#` but the reserved ones too. `None` for a template that uses a
    /// reserved operator (`=`, `,`, `!`, `@`, `|`), which expands to nothing RFC 6570 defines.
    ///
    /// ```
    /// use mcpdesc_format::uri_template::UriTemplate;
    ///
    /// let template = UriTemplate::parse("notes://{id}{?lang}").unwrap();
    /// let uri = template
    ///     .expand(|name| Some(if name == "id" { "a b".to_owned() } else { "é".to_owned() }))
    ///     .unwrap();
    /// assert_eq!(uri, "notes://a%20b?lang=%C3%A9");
    /// assert!(template.matches(&uri));
    /// ```
    pub fn expand(&self, mut value_of: impl FnMut(&str) -> Option<String>) -> Option<String> {
        let mut out = String::new();
        for part in &self.parts {
            match *part {
                Part::Literal(literal) => out.push_str(literal),
                Part::Expression(operator, specs) => {
                    expansion(operator)?;
                    let (first, separator, named, keep_reserved) = match operator {
                        b'+' => ("", ",", false, true),
                        b'#' => ("#", ",", false, true),
                        b'.' => (".", ".", false, false),
                        b'/' => ("/", "/", false, false),
                        b';' => (";", ";", true, false),
                        b'?' => ("?", "&", true, false),
                        b'&' => ("&", "&", true, false),
                        _ => ("", ",", false, false),
                    };
                    let mut written = 0;
                    for spec in specs.split(',') {
                        let (name, prefix) = match spec.split_once(':') {
                            Some((name, length)) => (name, length.parse::<usize>().ok()),
                            None => (spec.trim_end_matches('*'), None),
                        };
                        let Some(value) = value_of(name) else {
                            continue;
                        };
                        let value: String = match prefix {
                            Some(length) => value.chars().take(length).collect(),
                            None => value,
                        };
                        out.push_str(if written == 0 { first } else { separator });
                        written += 1;
                        if named {
                            out.push_str(name);
                            if value.is_empty() && operator == b';' {
                                continue;
                            }
                            out.push('=');
                        }
                        percent_encode(&value, keep_reserved, &mut out);
                    }
                }
            }
        }
        Some(out)
    }
}

/// `value` written into `out` with every byte but the unreserved ones (and, when
/// `keep_reserved`, the reserved ones and existing percent-encodings) percent-encoded.
fn percent_encode(value: &str, keep_reserved: bool, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let bytes = value.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        let unreserved = b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~');
        let reserved = b":/?#[]@!$&'()*+,;=".contains(&b);
        let encoded = b == b'%'
            && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
        if unreserved || (keep_reserved && (reserved || encoded)) {
            out.push(char::from(b));
        } else {
            out.push('%');
            for digit in [b >> 4, b & 0xF] {
                out.push(HEX.get(usize::from(digit)).map_or('0', |&h| char::from(h)));
            }
        }
    }
}

/// Where a template begins: its first `0` parts expand to the empty prefix, and nothing longer.
fn start(n: usize) -> Vec<bool> {
    let mut reachable = vec![false; n + 1];
    if let Some(first) = reachable.first_mut() {
        *first = true;
    }
    reachable
}

/// The places the parts so far reach once `part` follows them, from the places they reached
/// before (`reachable[i]`: they can expand to `bytes[..i]`). `None` for an expression of a
/// reserved operator, which expands to nothing RFC 6570 defines.
fn step(part: Part<'_>, bytes: &[u8], reachable: &[bool]) -> Option<Vec<bool>> {
    let n = bytes.len();
    let mut next = vec![false; n + 1];
    match part {
        Part::Literal(literal) => {
            for (i, _) in reachable.iter().enumerate().filter(|(_, r)| **r) {
                if bytes
                    .get(i..)
                    .is_some_and(|rest| rest.starts_with(literal.as_bytes()))
                    && let Some(r) = next.get_mut(i + literal.len())
                {
                    *r = true;
                }
            }
        }
        Part::Expression(operator, _) => {
            let (lead, allowed) = expansion(operator)?;
            // Each place the expansion may begin: where the parts before end (an empty
            // expansion ends there too), past the operator's first character if any.
            let mut starts = vec![false; n + 1];
            for (i, _) in reachable.iter().enumerate().filter(|(_, r)| **r) {
                if let Some(r) = next.get_mut(i) {
                    *r = true;
                }
                match lead {
                    None => {
                        if let Some(s) = starts.get_mut(i) {
                            *s = true;
                        }
                    }
                    Some(lead) if bytes.get(i) == Some(&lead) => {
                        if let Some(s) = starts.get_mut(i + 1) {
                            *s = true;
                        }
                    }
                    Some(_) => {}
                }
            }
            // A run of allowed characters from a start ends anywhere before the first
            // character it may not hold: one sweep marks every end.
            let mut open = false;
            for j in 0..=n {
                open |= starts.get(j).copied().unwrap_or(false);
                if open && let Some(r) = next.get_mut(j) {
                    *r = true;
                }
                if bytes.get(j).is_some_and(|&b| !allowed(b)) {
                    open = false;
                }
            }
        }
    }
    Some(next)
}

/// The values an expression expanded to (`text`, after its operator's first character), by
/// variable: one variable takes the whole text; several are split at the operator's separator,
/// in order; `;`, `?` and `&` name each value (`name=value`). Modifiers (`:3`, `*`) are read
/// past: an exploded value is taken as written. `None` when a value is not UTF-8 once decoded.
fn split_values<'t>(
    operator: u8,
    specs: &'t str,
    text: &str,
    out: &mut Vec<(&'t str, String)>,
) -> Option<()> {
    let names: Vec<&'t str> = specs
        .split(',')
        .map(|spec| spec.split_once([':', '*']).map_or(spec, |(name, _)| name))
        .collect();
    let separator = match operator {
        b'.' => '.',
        b'/' => '/',
        b';' => ';',
        b'?' | b'&' => '&',
        _ => ',',
    };
    if matches!(operator, b';' | b'?' | b'&') {
        for pair in text.split(separator) {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            if let Some(known) = names.iter().find(|n| **n == name) {
                out.push((known, percent_decode(value)?));
            }
        }
        return Some(());
    }
    if let [name] = names.as_slice() {
        out.push((name, percent_decode(text)?));
        return Some(());
    }
    for (name, value) in names.iter().zip(text.split(separator)) {
        out.push((name, percent_decode(value)?));
    }
    Some(())
}

/// `text` with each `%XX` read as the byte it encodes; `None` when the bytes are not UTF-8. A
/// `%` not followed by two hexadecimal digits stands for itself.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let hex = |at: usize| bytes.get(at).and_then(|c| (*c as char).to_digit(16));
        match (b, hex(i + 1), hex(i + 2)) {
            (b'%', Some(high), Some(low)) => {
                out.push(u8::try_from(high * 16 + low).ok()?);
                i += 3;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// What an expression expands to: the character it starts with, if any, and whether a byte may
/// be part of its values.
type Expansion = (Option<u8>, fn(u8) -> bool);

/// What an expression of `operator` expands to (a byte beyond ASCII is part of a character
/// RFC 6570 would have percent-encoded; it is taken as written). `None` for a reserved
/// operator.
fn expansion(operator: u8) -> Option<Expansion> {
    fn unreserved(b: u8) -> bool {
        b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'%') || b >= 0x80
    }
    fn simple(b: u8) -> bool {
        unreserved(b) || b == b','
    }
    fn reserved(b: u8) -> bool {
        unreserved(b) || b":/?#[]@!$&'()*+,;=".contains(&b)
    }
    fn path(b: u8) -> bool {
        simple(b) || b == b'/'
    }
    fn parameters(b: u8) -> bool {
        simple(b) || matches!(b, b';' | b'=')
    }
    fn query(b: u8) -> bool {
        simple(b) || matches!(b, b'&' | b'=')
    }
    Some(match operator {
        0 => (None, simple),
        b'+' => (None, reserved),
        b'#' => (Some(b'#'), reserved),
        b'.' => (Some(b'.'), simple),
        b'/' => (Some(b'/'), path),
        b';' => (Some(b';'), parameters),
        b'?' => (Some(b'?'), query),
        b'&' => (Some(b'&'), query),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::UriTemplate;

    #[test]
    fn a_template_that_is_not_one_is_refused() {
        for bad in [
            "test://items/{id",
            "repo://{owner/{repository}",
            "a}b",
            "{a b}",
        ] {
            assert!(UriTemplate::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn variables_are_named_once_in_order_without_modifiers() {
        let t = UriTemplate::parse("repo://{owner}/{repository}{/path*}{?q,page:3,owner}").unwrap();
        assert_eq!(t.variables(), ["owner", "repository", "path", "q", "page"]);
        assert!(
            UriTemplate::parse("plain://x")
                .unwrap()
                .variables()
                .is_empty()
        );
    }

    #[test]
    fn a_uri_matches_what_the_template_expands_to() {
        let cases: &[(&str, &str, bool)] = &[
            (
                "chess://games/{game_id}",
                "chess://games/example-1234",
                true,
            ),
            (
                "chess://games/{game_id}",
                "chess://players/example-1234",
                false,
            ),
            ("chess://games/{game_id}", "chess://games/a/b", false),
            ("chess://games/{game_id}", "chess://games/", true),
            (
                "repo://{owner}/{repo}/issues/{n}",
                "repo://a/b/issues/12",
                true,
            ),
            (
                "repo://{owner}/{repo}/issues/{n}",
                "repo://a/issues/12",
                false,
            ),
            ("file://{+path}", "file://a/b/c.txt", true),
            ("x://{a}{/segments*}", "x://id/one/two", true),
            ("x://{a}{/segments*}", "x://id", true),
            ("x://s{?q,lang}", "x://s?q=chess&lang=en", true),
            ("x://s{?q}", "x://s#frag", false),
            ("x://d{#section}", "x://d#intro/part", true),
            ("x://h{.ext}", "x://h.json", true),
            ("x://p{;v}", "x://p;v=1", true),
            ("x://{a}", "x://caf%C3%A9", true),
            ("x://{=a}", "x://", false),
            ("plain://x", "plain://x", true),
            ("plain://x", "plain://y", false),
        ];
        for (template, uri, expected) in cases {
            let t = UriTemplate::parse(template).unwrap();
            assert_eq!(t.matches(uri), *expected, "{template} ~ {uri}");
        }
    }

    #[test]
    fn captures_are_the_values_the_template_expanded() {
        type Case<'a> = (&'a str, &'a str, Option<&'a [(&'a str, &'a str)]>);
        let cases: &[Case<'_>] = &[
            (
                "tracker://reports/{period}",
                "tracker://reports/2026-q1",
                Some(&[("period", "2026-q1")]),
            ),
            ("tracker://reports/{period}", "tracker://reports/a/b", None),
            (
                "tracker://reports/{period}",
                "tracker://reports/",
                Some(&[]),
            ),
            (
                "repo://{owner}/{repo}/issues/{n}",
                "repo://a/b/issues/12",
                Some(&[("owner", "a"), ("repo", "b"), ("n", "12")]),
            ),
            (
                "file://{+path}",
                "file://a/b/c.txt",
                Some(&[("path", "a/b/c.txt")]),
            ),
            (
                "x://{a}{/rest*}",
                "x://id/one/two",
                Some(&[("a", "id"), ("rest", "one/two")]),
            ),
            ("x://{a}{/rest*}", "x://id", Some(&[("a", "id")])),
            (
                "x://s{?q,lang}",
                "x://s?q=chess&lang=en",
                Some(&[("q", "chess"), ("lang", "en")]),
            ),
            ("x://s{?q,lang}", "x://s?lang=en", Some(&[("lang", "en")])),
            (
                "x://d{#section}",
                "x://d#intro/part",
                Some(&[("section", "intro/part")]),
            ),
            ("x://h{.ext}", "x://h.json", Some(&[("ext", "json")])),
            ("x://p{;v}", "x://p;v=1", Some(&[("v", "1")])),
            ("x://{a,b}", "x://1,2", Some(&[("a", "1"), ("b", "2")])),
            ("x://{a}", "x://caf%C3%A9", Some(&[("a", "café")])),
            ("x://{a}", "x://%FF", None),
            ("x://{a}", "y://b", None),
        ];
        for (template, uri, expected) in cases {
            let t = UriTemplate::parse(template).unwrap();
            let got = t.captures(uri);
            let expected: Option<Vec<(&str, String)>> =
                expected.map(|e| e.iter().map(|(n, v)| (*n, (*v).to_owned())).collect());
            assert_eq!(got, expected, "{template} ~ {uri}");
            assert_eq!(
                t.matches(uri),
                got.is_some() || uri.contains("%FF"),
                "{template} ~ {uri}"
            );
        }
    }

    #[test]
    fn a_uri_of_a_mebibyte_is_read() {
        let t = UriTemplate::parse("x://{a}/{b}/{c}").unwrap();
        let uri = format!("x://{}/b/c", "a".repeat(1 << 20));
        let got = t.captures(&uri).unwrap();
        assert_eq!(got.first().map(|(_, v)| v.len()), Some(1 << 20));
    }
}
