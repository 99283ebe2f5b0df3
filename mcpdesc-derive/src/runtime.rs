//! Where the generated code finds the runtime: `::mcpdesc_runtime`, or the path that a
//! `crate = "..."` key names (the runtime re-exported by another crate, or the dependency
//! renamed in `Cargo.toml`), as `#[serde(crate = "...")]` does for serde.

use proc_macro2::{Punct, Spacing, Span, TokenStream, TokenTree};
use syn::{Ident, LitStr};

use crate::ctxt::Ctxt;

/// The path of the runtime crate in the user's code.
#[derive(Default)]
pub enum Runtime {
    /// `::mcpdesc_runtime`.
    #[default]
    Default,
    /// The path written at `crate = "..."`: whether it starts with `::`, and its segments, with
    /// the string's span.
    Path {
        leading_colon: bool,
        segments: Vec<Ident>,
    },
    /// A `crate = "..."` whose value was refused: the runtime is not known, and the callers
    /// write nothing that names it beside the errors (no dummy impl, no registration), so that
    /// a wrong guess adds no errors of its own (its paths read as `Default`'s, unused).
    Unknown,
}

impl Runtime {
    /// `<runtime>::__private`, the hidden module every generated path goes through, at the call
    /// site as `::mcpdesc_runtime` is: a path whose tokens came from two places (the string and
    /// the field) would have an error that concerns it reported over all the source between
    /// them. (Such paths stand inside the input of a runtime macro, [`Runtime::item`], so a
    /// path that does not resolve is never reported at them.)
    pub fn private(&self) -> TokenStream {
        self.path_to("__private", Some(Span::call_site()))
    }

    /// `<runtime>::__private` with every token spanned at `span`, so that a path spanned at a
    /// field's type or at a key is reported there, whichever path names the runtime.
    pub fn private_at(&self, span: Span) -> TokenStream {
        self.path_to("__private", Some(span))
    }

    /// `<runtime>::name`, the path of a hidden macro of the runtime (`__form_impl`, ...) that
    /// the expansion invokes. A path written at `crate = "..."` keeps the string's span: one
    /// that does not resolve is reported there, once (rustc reports an error once per span),
    /// and the macro's input, with every other path, is then not expanded.
    pub fn item(&self, name: &str) -> TokenStream {
        self.path_to(name, None)
    }

    /// [`Runtime::item`], with `::mcpdesc_runtime::name` spanned at `span` (a written path
    /// keeps the string's span, where a path that does not resolve is reported).
    pub fn item_at(&self, name: &str, span: Span) -> TokenStream {
        match self {
            Runtime::Path { .. } => self.item(name),
            Runtime::Default | Runtime::Unknown => self.path_to(name, Some(span)),
        }
    }

    /// Whether a `crate = "..."` was refused ([`Runtime::Unknown`]).
    pub fn is_unknown(&self) -> bool {
        matches!(self, Runtime::Unknown)
    }

    /// `<runtime>::name`, every token at `span`; without one, the path written at its string and
    /// `::mcpdesc_runtime` and `::name` at the call site.
    fn path_to(&self, name: &str, span: Option<Span>) -> TokenStream {
        let site = span.unwrap_or_else(Span::call_site);
        let mut out = TokenStream::new();
        let segment = |out: &mut TokenStream, colons: bool, mut ident: Ident| {
            let at = span.unwrap_or_else(|| ident.span());
            if colons {
                let mut first = Punct::new(':', Spacing::Joint);
                let mut second = Punct::new(':', Spacing::Alone);
                first.set_span(at);
                second.set_span(at);
                out.extend([TokenTree::Punct(first), TokenTree::Punct(second)]);
            }
            ident.set_span(at);
            out.extend([TokenTree::Ident(ident)]);
        };
        match self {
            Runtime::Path {
                leading_colon,
                segments,
            } => {
                for (i, ident) in segments.iter().enumerate() {
                    segment(&mut out, i > 0 || *leading_colon, ident.clone());
                }
            }
            Runtime::Default | Runtime::Unknown => {
                segment(&mut out, true, Ident::new("mcpdesc_runtime", site));
            }
        }
        segment(&mut out, true, Ident::new(name, site));
        out
    }

    /// The value of a `crate` key (`crate = "..."`), and the span of its string.
    pub fn parse_key(
        meta: &syn::meta::ParseNestedMeta,
        key: &Ident,
    ) -> syn::Result<(Span, Runtime)> {
        let example = "\"my_framework::mcpdesc_runtime\"";
        let input = crate::keys::value_of(meta, key, example)?;
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
        let mut segments = Vec::with_capacity(path.segments.len());
        for segment in path.segments {
            if !segment.arguments.is_none() {
                return Err(refused());
            }
            segments.push(segment.ident);
        }
        Ok(Runtime::Path {
            leading_colon: path.leading_colon.is_some(),
            segments,
        })
    }

    /// The runtime of the first `crate = "..."` in the `#[form(...)]` attributes (`Unknown`
    /// when its value is refused), read without reporting anything: for the dummy impls
    /// written beside errors, where the attributes may not have been read (a derive on the
    /// wrong kind of item).
    pub fn of_form_attrs(attrs: &[syn::Attribute]) -> Runtime {
        let mut found = None;
        // The errors are the derive's own to report; they are read again here only for the path.
        let cx = Ctxt::new();
        crate::keys::each_form_key(&cx, attrs, &mut |key, meta| {
            if key == "crate" && found.is_none() {
                found = Some(Runtime::parse_key(meta, key).map_or(Runtime::Unknown, |(_, rt)| rt));
            }
            crate::keys::skip_value(meta);
            Ok(())
        });
        let _ = cx.check();
        found.unwrap_or_default()
    }
}
