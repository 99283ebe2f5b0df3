//! Whether a string is an ECMAScript regular expression in Unicode mode (`new RegExp(p, "u")`),
//! the syntax JSON Schema's `regex` format names and ajv, the reference validator's JSON Schema
//! implementation, compiles `pattern` and `patternProperties` with. Unicode mode has none of
//! the web-compatibility leniencies of Annex B: a lone `]`, `{` or `}`, an unknown escape such
//! as `\A` or `\z`, a quantified lookahead, or another engine's syntax (`(?i)`, `(?P<name>`,
//! `a*+`, `(?>`) is a syntax error.
//!
//! A `\p{...}` must name a property ECMAScript knows (`unicode_properties`, from Unicode 18's
//! names); only the syntax is read otherwise.

use super::unicode_properties::{BINARY, GENERAL_CATEGORY, SCRIPT};
use crate::hash::HashSet;

/// The first syntax error of `pattern` as a Unicode-mode ECMAScript regular expression, if any.
pub(crate) fn syntax_error(pattern: &str) -> Option<String> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut parser = Parser {
        chars: &chars,
        at: 0,
        groups: 0,
        names: HashSet::default(),
        backreferences: Vec::new(),
        named_references: Vec::new(),
    };
    if let Err(error) = parser.pattern() {
        return Some(error);
    }
    if let Some(c) = parser.peek() {
        return Some(format!("unexpected `{c}` at character {}", parser.at + 1));
    }
    if parser.groups > MAX_CAPTURES {
        return Some(format!(
            "the expression has {} capturing groups, more than the {MAX_CAPTURES} that JavaScript engines read (V8, which runs the reference validator's ajv, refuses it as \"too many captures\"); make some of them non-capturing, `(?:...)`",
            parser.groups
        ));
    }
    if let Some(n) = parser.backreferences.iter().find(|n| **n > parser.groups) {
        return Some(format!(
            "`\\{n}` refers to group {n}, but the expression has {} groups",
            parser.groups
        ));
    }
    if let Some(name) = parser
        .named_references
        .iter()
        .find(|name| !parser.names.contains(name.as_str()))
    {
        return Some(format!("`\\k<{name}>` refers to no group of that name"));
    }
    None
}

/// The most capturing groups an expression may have: V8's limit (ECMAScript sets none), which
/// the reference validator runs into when ajv compiles a `pattern` on Node.js.
const MAX_CAPTURES: usize = 32_767;

struct Parser<'c> {
    chars: &'c [char],
    at: usize,
    /// Capturing groups so far.
    groups: usize,
    names: HashSet<String>,
    backreferences: Vec<usize>,
    named_references: Vec<String>,
}

/// What a step of the parse gives: the parse stops at the first error, `Err(message)`.
type Parsed<T = ()> = Result<T, String>;

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.at + offset).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn error<T>(&self, message: &str) -> Parsed<T> {
        Err(format!("{message} at character {}", self.at + 1))
    }

    /// The whole pattern, or up to a `)` that closes no group (which the caller reports). Groups
    /// are kept on a list, not in the call stack: a pattern can nest them as deep as its length
    /// allows, and a recursive reading would overflow the stack (a file of `((((...))))` would
    /// abort the process).
    fn pattern(&mut self) -> Parsed {
        // The groups open, innermost last: whether each may be quantified once closed.
        let mut open: Vec<bool> = Vec::new();
        loop {
            match self.peek() {
                None if open.is_empty() => return Ok(()),
                None => return self.error("an unclosed group"),
                Some('|') => self.at += 1,
                Some(')') => {
                    let Some(quantifiable) = open.pop() else {
                        return Ok(());
                    };
                    self.at += 1;
                    if self.quantifier()? && !quantifiable {
                        return self.error("an assertion cannot be repeated");
                    }
                }
                Some('(') => open.push(self.group_start()?),
                Some(_) => self.term()?,
            }
        }
    }

    /// The opening of a group, `(` or `(?...`: whether the group may be quantified.
    fn group_start(&mut self) -> Parsed<bool> {
        if self.peek_at(1) == Some('?') {
            self.special_group()
        } else {
            self.at += 1;
            self.groups += 1;
            Ok(true)
        }
    }

    fn term(&mut self) -> Parsed {
        let quantifiable = match self.peek() {
            Some('^' | '$') => {
                self.at += 1;
                false
            }
            Some('\\') if matches!(self.peek_at(1), Some('b' | 'B')) => {
                self.at += 2;
                false
            }
            Some('[') => {
                self.class()?;
                true
            }
            Some('.') => {
                self.at += 1;
                true
            }
            Some('\\') => {
                self.at += 1;
                self.atom_escape()?;
                true
            }
            Some('*' | '+' | '?') => return self.error("nothing to repeat"),
            Some('{') => {
                return if self.braced_quantifier_ahead() {
                    self.error("nothing to repeat")
                } else {
                    self.error("a lone `{` (write `\\{`)")
                };
            }
            Some('}') => return self.error("a lone `}` (write `\\}`)"),
            Some(']') => return self.error("a lone `]` (write `\\]`)"),
            Some(_) => {
                self.at += 1;
                true
            }
            None => return Ok(()),
        };
        if self.quantifier()? && !quantifiable {
            return self.error("an assertion cannot be repeated");
        }
        Ok(())
    }

    /// The opening of `(?:...)`, `(?=...)`, `(?!...)`, `(?<=...)`, `(?<!...)` or
    /// `(?<name>...)`: whether the group may be quantified.
    fn special_group(&mut self) -> Parsed<bool> {
        self.at += 2;
        let quantifiable = match (self.peek(), self.peek_at(1)) {
            (Some(':'), _) => {
                self.at += 1;
                true
            }
            (Some('=' | '!'), _) => {
                self.at += 1;
                false
            }
            (Some('<'), Some('=' | '!')) => {
                self.at += 2;
                false
            }
            (Some('<'), _) => {
                self.at += 1;
                let name = self.group_name()?;
                if self.names.contains(&name) {
                    return self.error(&format!("the group name `{name}` is used twice"));
                }
                self.names.insert(name);
                self.groups += 1;
                true
            }
            _ => {
                return self
                    .error("`(?` must be followed by `:`, `=`, `!`, `<=`, `<!` or `<name>`");
            }
        };
        Ok(quantifiable)
    }

    /// A group name up to its `>`: an identifier.
    fn group_name(&mut self) -> Parsed<String> {
        let mut name = String::new();
        while let Some(c) = self.peek() {
            self.at += 1;
            if c == '>' {
                return if name.is_empty() {
                    self.error("an empty group name")
                } else {
                    Ok(name)
                };
            }
            let fits = if name.is_empty() {
                c.is_alphabetic() || c == '$' || c == '_'
            } else {
                c.is_alphanumeric() || c == '$' || c == '_'
            };
            if !fits {
                return self.error("a group name must be an identifier");
            }
            name.push(c);
        }
        self.error("an unclosed group name")
    }

    /// Whether `{` starts `{n}`, `{n,}` or `{n,m}`.
    fn braced_quantifier_ahead(&self) -> bool {
        let mut i = self.at + 1;
        let digits = |i: &mut usize| {
            let start = *i;
            while self.chars.get(*i).is_some_and(char::is_ascii_digit) {
                *i += 1;
            }
            *i > start
        };
        if !digits(&mut i) {
            return false;
        }
        if self.chars.get(i) == Some(&',') {
            i += 1;
            digits(&mut i);
        }
        self.chars.get(i) == Some(&'}')
    }

    /// An optional quantifier (and its lazy `?`): whether there was one.
    fn quantifier(&mut self) -> Parsed<bool> {
        match self.peek() {
            Some('*' | '+' | '?') => self.at += 1,
            Some('{') if self.braced_quantifier_ahead() => {
                self.at += 1;
                let low = self.number();
                let high = if self.eat(',') {
                    if self.peek() == Some('}') {
                        None
                    } else {
                        Some(self.number())
                    }
                } else {
                    Some(low)
                };
                self.at += 1; // `}`
                if high.is_some_and(|high| high < low) {
                    return self.error("a quantifier's numbers are out of order");
                }
            }
            Some('{') => return self.error("a lone `{` (write `\\{`)"),
            _ => return Ok(false),
        }
        self.eat('?');
        if matches!(self.peek(), Some('*' | '+' | '?'))
            || (self.peek() == Some('{') && self.braced_quantifier_ahead())
        {
            return self.error("nothing to repeat");
        }
        Ok(true)
    }

    /// Decimal digits (saturating).
    fn number(&mut self) -> u64 {
        let mut n: u64 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(u64::from(d));
            self.at += 1;
        }
        n
    }

    /// What follows `\` outside a class.
    fn atom_escape(&mut self) -> Parsed {
        match self.peek() {
            Some('1'..='9') => {
                let n = self.number();
                self.backreferences
                    .push(usize::try_from(n).unwrap_or(usize::MAX));
                Ok(())
            }
            Some('k') => {
                self.at += 1;
                if !self.eat('<') {
                    return self.error("`\\k` must be followed by `<name>`");
                }
                let name = self.group_name()?;
                self.named_references.push(name);
                Ok(())
            }
            _ => self.character_escape(false).map(|_| ()),
        }
    }

    /// An escape that stands for a character or a set of characters (after the `\`), in a class
    /// or not: the character, or `None` for a set (`\d`, `\p{...}`).
    fn character_escape(&mut self, in_class: bool) -> Parsed<Option<u32>> {
        let Some(c) = self.peek() else {
            return self.error("`\\` at the end of the expression");
        };
        self.at += 1;
        Ok(Some(match c {
            'd' | 'D' | 's' | 'S' | 'w' | 'W' => return Ok(None),
            'p' | 'P' => {
                self.property()?;
                return Ok(None);
            }
            'f' => 0x0c,
            'n' => 0x0a,
            'r' => 0x0d,
            't' => 0x09,
            'v' => 0x0b,
            'b' if in_class => 0x08,
            '-' if in_class => u32::from('-'),
            'c' => match self.peek() {
                Some(l) if l.is_ascii_alphabetic() => {
                    self.at += 1;
                    u32::from(l) % 32
                }
                _ => return self.error("`\\c` must be followed by a letter"),
            },
            '0' if !self.peek().is_some_and(|d| d.is_ascii_digit()) => 0,
            'x' => self.hex(2)?,
            'u' => self.unicode_escape()?,
            '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|'
            | '/' => u32::from(c),
            _ => {
                self.at -= 1;
                return self.error(&format!(
                    "`\\{c}` is not an escape in a Unicode regular expression"
                ));
            }
        }))
    }

    /// `n` hexadecimal digits.
    fn hex(&mut self, n: usize) -> Parsed<u32> {
        let mut value = 0;
        for _ in 0..n {
            match self.peek().and_then(|c| c.to_digit(16)) {
                Some(d) => {
                    value = value * 16 + d;
                    self.at += 1;
                }
                None => return self.error("a hexadecimal escape needs its digits"),
            }
        }
        Ok(value)
    }

    /// After `\u`: four hexadecimal digits (a surrogate pair read as one character), or `{...}`.
    fn unicode_escape(&mut self) -> Parsed<u32> {
        if self.eat('{') {
            let mut value: u32 = 0;
            let mut digits = 0;
            while let Some(d) = self.peek().and_then(|c| c.to_digit(16)) {
                value = value.saturating_mul(16).saturating_add(d);
                digits += 1;
                self.at += 1;
            }
            if digits == 0 || !self.eat('}') || value > 0x10_FFFF {
                return self.error("`\\u{...}` must hold a code point up to 10FFFF");
            }
            return Ok(value);
        }
        let high = self.hex(4)?;
        if (0xD800..0xDC00).contains(&high)
            && self.peek() == Some('\\')
            && self.peek_at(1) == Some('u')
        {
            let back = self.at;
            self.at += 2;
            match self.hex(4) {
                Ok(low) if (0xDC00..0xE000).contains(&low) => {
                    return Ok(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00));
                }
                _ => self.at = back,
            }
        }
        Ok(high)
    }

    /// `{Name}` or `{Name=Value}` after `\p` or `\P`: a General_Category value or a binary
    /// property alone, or General_Category, Script or Script_Extensions (by any alias) and one
    /// of its values, names and values spelled exactly as Unicode and ECMA-262 spell them.
    fn property(&mut self) -> Parsed {
        if !self.eat('{') {
            return self.error("`\\p` must be followed by `{property}`");
        }
        let start = self.at;
        let mut equals = false;
        loop {
            match self.peek() {
                Some('}') if self.at > start => break,
                Some('=') if self.at > start && !equals => equals = true,
                Some(c) if c.is_ascii_alphanumeric() || c == '_' => {}
                _ => return self.error("`\\p{...}` must name a Unicode property"),
            }
            self.at += 1;
        }
        let text: String = self
            .chars
            .get(start..self.at)
            .unwrap_or_default()
            .iter()
            .collect();
        let known = |table: &[&str], name: &str| table.binary_search(&name).is_ok();
        let ok = match text.split_once('=') {
            None => known(GENERAL_CATEGORY, &text) || known(BINARY, &text),
            Some(("General_Category" | "gc", value)) => known(GENERAL_CATEGORY, value),
            Some(("Script" | "sc" | "Script_Extensions" | "scx", value)) => known(SCRIPT, value),
            Some(_) => false,
        };
        if ok {
            self.at += 1;
            Ok(())
        } else {
            self.at = start;
            self.error(&format!(
                "`\\p{{{text}}}` names no Unicode property ECMAScript knows: write a General_Category value (`L`, `Lu`, `Letter`), a binary property (`Alphabetic`, `White_Space`), or `Script=` with a script (`Script=Latin`), spelled exactly"
            ))
        }
    }

    /// `[...]`: ranges in order, no set as a range's end.
    fn class(&mut self) -> Parsed {
        self.at += 1;
        self.eat('^');
        loop {
            match self.peek() {
                None => return self.error("an unclosed character class"),
                Some(']') => {
                    self.at += 1;
                    return Ok(());
                }
                _ => {}
            }
            let start = self.class_atom()?;
            if self.peek() == Some('-') && self.peek_at(1).is_some_and(|c| c != ']') {
                self.at += 1;
                let end = self.class_atom()?;
                match (start, end) {
                    (Some(a), Some(b)) if a > b => {
                        return self.error("a range out of order in a character class");
                    }
                    (Some(_), Some(_)) => {}
                    _ => {
                        return self.error("a set such as `\\d` cannot end a range in a class");
                    }
                }
            }
        }
    }

    /// One character of a class (its code point), or a set (`None`).
    fn class_atom(&mut self) -> Parsed<Option<u32>> {
        match self.peek() {
            Some('\\') => {
                self.at += 1;
                self.character_escape(true)
            }
            Some(c) => {
                self.at += 1;
                Ok(Some(u32::from(c)))
            }
            None => self.error("an unclosed character class"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::syntax_error;

    #[test]
    fn javascript_unicode_expressions_are_read() {
        for ok in [
            "",
            "^[a-z0-9_-]{3,16}$",
            "^\\d{4}-\\d{2}-\\d{2}$",
            "(?<year>\\d{4})-\\k<year>",
            "(a)(b)\\2",
            "[\\p{L}\\p{Script=Greek}]+",
            "\\u{1F600}|\\uD83D\\uDE00",
            "a{2,}?b*?",
            "(?=x)(?!y)(?<=z)(?<!w)",
            "[-a]",
            "[a-]",
            "\\/",
            "[\\b]",
        ] {
            assert_eq!(syntax_error(ok), None, "{ok}");
        }
    }

    /// Groups nested as deep as a pattern's length allows are read without recursion (the
    /// stack would overflow), up to V8's count of capturing groups.
    #[test]
    fn deep_and_many_groups_are_read_without_recursion() {
        let nested = |open: &str, n: usize| format!("{}a{}", open.repeat(n), ")".repeat(n));
        assert_eq!(syntax_error(&nested("(", 20_000)), None);
        assert_eq!(syntax_error(&nested("(?:", 200_000)), None);
        assert_eq!(syntax_error(&nested("(?=", 200_000)), None);
        let unclosed = "(".repeat(200_000);
        assert_eq!(
            syntax_error(&unclosed),
            Some("an unclosed group at character 200001".to_owned())
        );
        assert_eq!(syntax_error(&"()".repeat(32_767)), None);
        let too_many = syntax_error(&"()".repeat(32_768)).unwrap_or_default();
        assert!(too_many.contains("32768 capturing groups"), "{too_many}");
        assert!(syntax_error("(?=a)+").is_some());
        assert!(syntax_error("((?=a))+").is_none());
    }

    #[test]
    fn other_engines_syntax_and_annex_b_leniencies_are_refused() {
        for bad in [
            "(?i)abc",
            "(?P<name>x)",
            "a*+",
            "(?>a)",
            "\\A\\z",
            "[[:alpha:]]",
            "a{2",
            "}",
            "]",
            "(",
            "a)",
            "[z-a]",
            "\\1",
            "\\k<missing>(?<other>x)",
            "(?=a)*",
            "**",
            "[\\d-z]",
            "\\u{110000}",
            "\\p",
            "\\c1",
            "\\",
            "(?<a>x)(?<a>y)",
        ] {
            assert!(syntax_error(bad).is_some(), "{bad}");
        }
    }

    #[test]
    fn unicode_properties_are_the_ones_ecmascript_knows() {
        for ok in [
            "\\p{L}",
            "\\p{Lu}",
            "\\p{Uppercase_Letter}",
            "\\p{digit}",
            "\\p{General_Category=Nd}",
            "\\p{gc=Combining_Mark}",
            "\\p{Script=Greek}",
            "\\p{sc=Latn}",
            "\\p{Script_Extensions=Cyrillic}",
            "\\p{scx=Zyyy}",
            "\\P{White_Space}",
            "\\p{Any}",
            "\\p{ASCII}",
            "\\p{Extended_Pictographic}",
            "[\\p{ID_Start}\\p{ID_Continue}]",
        ] {
            assert_eq!(syntax_error(ok), None, "{ok}");
        }
        for (bad, at) in [
            ("\\p{Latin}", 4),
            ("\\p{lu}", 4),
            ("a\\p{gc=Alphabetic}", 5),
            ("\\p{Script=Foo}", 4),
            ("\\p{sc=Hrkt}", 4),
            ("\\p{RGI_Emoji}", 4),
            ("\\p{Block=Basic_Latin}", 4),
            ("\\p{L=Lu}", 4),
            ("\\p{White_Space=Yes}", 4),
        ] {
            let error = syntax_error(bad).unwrap_or_else(|| panic!("{bad} is read"));
            assert!(
                error.contains("names no Unicode property")
                    && error.ends_with(&format!("at character {at}")),
                "{bad}: {error}"
            );
        }
    }

    #[test]
    fn the_property_tables_are_sorted_for_their_binary_search() {
        use super::{BINARY, GENERAL_CATEGORY, SCRIPT};
        for table in [BINARY, GENERAL_CATEGORY, SCRIPT] {
            assert!(table.windows(2).all(|w| w[0] < w[1]), "{table:?}");
        }
        assert!(SCRIPT.len() > 300 && GENERAL_CATEGORY.len() > 70 && BINARY.len() == 98);
    }
}
