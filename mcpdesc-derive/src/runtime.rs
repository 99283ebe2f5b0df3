//! Where the generated code finds the runtime: `::mcpdesc_runtime`, or the path that a
//! `crate = "..."` key names (the runtime re-exported by another crate, or the dependency
//! renamed in `Cargo.toml`), as `#[serde(crate = "...")]` does for serde.

use proc_macro2::{Span, TokenStream, TokenTree};
use quote::{ToTokens, quote, quote_spanned};
use syn::{Ident, LitStr};

/// The path of the runtime crate in the user's code.
#[derive(Default)]
pub enum Runtime {
    /// `::mcpdesc_runtime`.
    #[default]
    Default,
    /// The path written at `crate = "..."`, with the string's span.
    Path(syn::Path),
    /// A `crate = "..."` whose value was refused: the runtime is not known, and nothing that
    /// names it is written beside the errors (no dummy impl, no registration), so that a wrong
    /// guess adds no errors of its own.
    Unknown,
}

impl Runtime {
    /// `<runtime>::__private`, the hidden module every generated path goes through. A path
    /// written at `crate = "..."` keeps the string's span, so that a path that does not resolve
    /// is reported there (once: rustc reports an error once per span).
    pub fn private(&self) -> TokenStream {
        self.item("__private")
    }

    /// `<runtime>::__private` with every token spanned at `span`, so that a path spanned at a
    /// field's type or at a key is reported there, whichever path names the runtime.
    pub fn private_at(&self, span: Span) -> TokenStream {
        self.item_at("__private", span)
    }

    /// `<runtime>::name`: a hidden macro of the runtime (`__form_impl`, ...).
    pub fn item(&self, name: &str) -> TokenStream {
        let site = Span::call_site();
        let name = Ident::new(name, site);
        match self {
            Runtime::Path(path) => quote!(#path::#name),
            Runtime::Default | Runtime::Unknown => quote!(::mcpdesc_runtime::#name),
        }
    }

    /// `<runtime>::name` with every token spanned at `span`.
    pub fn item_at(&self, name: &str, span: Span) -> TokenStream {
        let name = Ident::new(name, span);
        match self {
            Runtime::Path(path) => {
                let path = respanned(path.to_token_stream(), span);
                quote_spanned!(span=> #path::#name)
            }
            Runtime::Default | Runtime::Unknown => quote_spanned!(span=> ::mcpdesc_runtime::#name),
        }
    }

    /// Whether a `crate = "..."` was refused ([`Runtime::Unknown`]).
    pub fn is_unknown(&self) -> bool {
        matches!(self, Runtime::Unknown)
    }

    /// The value of a `crate` key (`crate = "..."`), and the span of its string.
    pub fn parse_key(
        meta: &syn::meta::ParseNestedMeta,
        key: &Ident,
    ) -> syn::Result<(Span, Runtime)> {
        let example = "\"my_framework::mcpdesc_runtime\"";
        let input = crate::attr::value_of(meta, key, example)?;
        if !input.peek(LitStr) {
            return Err(input.error(format!("`{key}` takes a string, as in `{key} = {example}`")));
        }
        let lit: LitStr = input.parse()?;
        Ok((lit.span(), Runtime::parse(&lit)?))
    }

    /// The runtime named by a `crate = "..."` value: a path without generic arguments, as in
    /// `"::my_framework::mcpdesc_runtime"`, read with the string's span.
    fn parse(lit: &LitStr) -> syn::Result<Runtime> {
        let refused = || {
            syn::Error::new(
                lit.span(),
                "`crate` takes the path of the `mcpdesc_runtime` crate as the code here reaches it, \
                 as in `crate = \"my_framework::mcpdesc_runtime\"` (a re-export) or \
                 `crate = \"::mcpdesc\"` (the dependency renamed)",
            )
        };
        let path: syn::Path = lit.parse().map_err(|_| refused())?;
        if path.segments.iter().any(|s| !s.arguments.is_none()) {
            return Err(refused());
        }
        Ok(Runtime::Path(path))
    }

    /// The runtime of the first `crate = "..."` in the `#[form(...)]` attributes (`Unknown`
    /// when its value is refused), read without reporting anything: for the dummy impls
    /// written beside errors, where the attributes may not have been read (a derive on the
    /// wrong kind of item).
    pub fn of_form_attrs(attrs: &[syn::Attribute]) -> Runtime {
        let mut found = None;
        for attr in attrs.iter().filter(|a| a.path().is_ident("form")) {
            let _ = attr.parse_nested_meta(|meta| {
                if let Some(key) = meta.path.get_ident().filter(|k| *k == "crate")
                    && found.is_none()
                {
                    found =
                        Some(Runtime::parse_key(&meta, key).map_or(Runtime::Unknown, |(_, rt)| rt));
                }
                // Whatever is left of the value (all of it, for another key).
                crate::attr::skip_value(&meta);
                Ok(())
            });
        }
        found.unwrap_or_default()
    }
}

/// `tokens` with every token spanned at `span`.
fn respanned(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut token| {
            if let TokenTree::Group(group) = &token {
                let mut inner =
                    proc_macro2::Group::new(group.delimiter(), respanned(group.stream(), span));
                inner.set_span(span);
                token = TokenTree::Group(inner);
            } else {
                token.set_span(span);
            }
            token
        })
        .collect()
}
