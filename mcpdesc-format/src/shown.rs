//! Values read from a file or sent by a client, as messages show them: whole when short; else
//! their beginning and how many characters they have, since a value can be as long as its writer
//! likes and the message goes to a terminal, back to a client, or to a model. Lists of choices
//! likewise: all of a short one, the first few of a long one and how many more.

use std::fmt;

/// A value in a message: whole when short; else its first [`Shown::SHOWN`] characters, an
/// ellipsis and how many characters it has in all.
pub struct Shown<'a> {
    text: &'a str,
    /// Written as a Rust string literal (a string value); else as it is (JSON text).
    quoted: bool,
}

impl<'a> Shown<'a> {
    /// How many characters of a long value a message shows.
    pub const SHOWN: usize = 80;
    /// Values up to this many characters are shown whole: cutting a few saves nothing.
    pub const WHOLE: usize = 100;

    /// A string value, written quoted and escaped as Rust's `{:?}` writes it.
    pub fn quoted(text: &'a str) -> Self {
        Shown { text, quoted: true }
    }

    /// JSON text, written as it is.
    pub fn json(text: &'a str) -> Self {
        Shown {
            text,
            quoted: false,
        }
    }
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Up to `WHOLE` bytes need no count: a string of at most that many bytes has no more
        // characters.
        let cut = if self.text.len() <= Self::WHOLE {
            None
        } else {
            self.text
                .char_indices()
                .nth(Self::WHOLE)
                .and_then(|_| self.text.char_indices().nth(Self::SHOWN))
                .map(|(at, _)| at)
        };
        let shown = cut.map_or(self.text, |at| self.text.get(..at).unwrap_or(self.text));
        if self.quoted {
            write!(f, "{shown:?}")?;
        } else {
            f.write_str(shown)?;
        }
        if cut.is_some() {
            write!(f, "\u{2026} ({} characters)", self.text.chars().count())?;
        }
        Ok(())
    }
}

/// Choices in a message, in brackets: all of a short list; the first [`List::SHOWN`] of a long
/// one (a run-time list can hold hundreds) and how many more. Each is a [`Shown::quoted`].
pub struct List<I>(pub I);

impl<I> List<I> {
    /// How many choices of a long list a message shows.
    pub const SHOWN: usize = 10;
}

impl<'a, I> fmt::Display for List<I>
where
    I: Iterator<Item = &'a str> + Clone,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let len = self.0.clone().count();
        // A list only a few longer than the cap is shown whole: "and 1 more" saves nothing.
        let shown = if len > Self::SHOWN + 2 {
            Self::SHOWN
        } else {
            len
        };
        f.write_str("[")?;
        for (i, c) in self.0.clone().take(shown).enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", Shown::quoted(c))?;
        }
        if shown < len {
            write!(f, ", and {} more", len - shown)?;
        }
        f.write_str("]")
    }
}

#[cfg(test)]
mod tests {
    use super::{List, Shown};

    #[test]
    fn short_values_are_shown_whole_and_long_ones_cut_with_their_length() {
        assert_eq!(Shown::quoted("a\"b").to_string(), r#""a\"b""#);
        let hundred = "é".repeat(Shown::WHOLE);
        assert_eq!(Shown::quoted(&hundred).to_string(), format!("{hundred:?}"));
        let long = "é".repeat(Shown::WHOLE + 1);
        assert_eq!(
            Shown::quoted(&long).to_string(),
            format!("{:?}\u{2026} (101 characters)", "é".repeat(Shown::SHOWN))
        );
        assert_eq!(Shown::json("[1,2]").to_string(), "[1,2]");
    }

    #[test]
    fn lists_show_their_first_ten_of_more_than_twelve() {
        let twelve: Vec<String> = (0..12).map(|i| i.to_string()).collect();
        let shown = List(twelve.iter().map(String::as_str)).to_string();
        assert!(shown.ends_with(r#""10", "11"]"#), "{shown}");
        let thirteen: Vec<String> = (0..13).map(|i| i.to_string()).collect();
        let shown = List(thirteen.iter().map(String::as_str)).to_string();
        assert!(shown.ends_with(r#""8", "9", and 3 more]"#), "{shown}");
        let long = ["x".repeat(500)];
        let shown = List(long.iter().map(String::as_str)).to_string();
        assert!(shown.ends_with("\u{2026} (500 characters)]"), "{shown}");
    }
}
