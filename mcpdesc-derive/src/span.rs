//! Where a value stands in the source: the spans errors are shown over.

use proc_macro2::Span;

/// A value with the span of the key that set it and the span of the value itself.
pub struct Spanned<T> {
    pub key: Span,
    /// The value's first token.
    pub span: Span,
    /// The value's last token: `end` and `span` differ for a negative number (`-` and the
    /// literal), and an error is spanned over both.
    pub end: Span,
    pub value: T,
}

impl<T> Spanned<T> {
    /// Where the value stands, from its first token to its last.
    pub fn at(&self) -> At {
        At {
            start: self.span,
            end: self.end,
        }
    }
}

/// A range of source between two tokens' spans. A `Span` cannot be joined on stable Rust, so an
/// error over several tokens is spanned from the first to the last (as `syn::Error::new_spanned`
/// does).
#[derive(Clone, Copy)]
pub struct At {
    pub start: Span,
    pub end: Span,
}

impl At {
    /// An error shown over the whole range, from its first token to its last.
    pub fn error(self, message: impl std::fmt::Display) -> syn::Error {
        let token = |span| {
            let mut t = proc_macro2::Punct::new('-', proc_macro2::Spacing::Alone);
            t.set_span(span);
            proc_macro2::TokenTree::Punct(t)
        };
        let tokens: proc_macro2::TokenStream =
            [token(self.start), token(self.end)].into_iter().collect();
        syn::Error::new_spanned(tokens, message)
    }

    /// From the first to the last token of `tokens`.
    pub fn of(tokens: &impl quote::ToTokens) -> At {
        let mut spans = tokens.to_token_stream().into_iter().map(|t| t.span());
        let start = spans.next().unwrap_or_else(Span::call_site);
        At {
            start,
            end: spans.last().unwrap_or(start),
        }
    }
}

impl From<Span> for At {
    fn from(span: Span) -> Self {
        At {
            start: span,
            end: span,
        }
    }
}
