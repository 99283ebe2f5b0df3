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
pub(crate) struct UriTemplate<'t> {
    parts: Vec<Part<'t>>,
}

impl<'t> UriTemplate<'t> {
    /// `template` split into parts, or `None` when RFC 6570 does not read it as a template.
    pub(crate) fn parse(template: &'t str) -> Option<Self> {
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
    pub(crate) fn variables(&self) -> Vec<&'t str> {
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
    pub(crate) fn matches(&self, uri: &str) -> bool {
        let bytes = uri.as_bytes();
        let n = bytes.len();
        // `reachable[i]`: the parts so far can expand to `uri[..i]`.
        let mut reachable = vec![false; n + 1];
        if let Some(first) = reachable.first_mut() {
            *first = true;
        }
        let mut next = vec![false; n + 1];
        for part in &self.parts {
            next.iter_mut().for_each(|r| *r = false);
            match *part {
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
                    let Some((lead, allowed)) = expansion(operator) else {
                        return false;
                    };
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
            std::mem::swap(&mut reachable, &mut next);
        }
        reachable.last().copied().unwrap_or(false)
    }
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
}
