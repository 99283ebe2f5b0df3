//! Where a declaration belongs when it names no primitive: the rmcp attribute stacked on the
//! same function (`#[tool]`, `#[prompt]`), as far as this attribute can see it. One written
//! below `#[elicitation]` is among the item's tokens; one written above has been expanded already,
//! and is found, for a diagnostic only, in the trace its expansion left on an `async fn`. Nothing
//! is read from a file: on a plain `fn`, rmcp's expansion leaves no trace, and the description
//! builder and the contract check name the mistake.

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use syn::{Ident, LitStr};

use super::attr::{Str, Target};
use crate::ctxt::Ctxt;

/// The primitive an rmcp attribute stacked on the same item makes of the function:
/// `#[tool(...)]` (in a `#[tool_router]` impl) or `#[prompt(...)]` (in a `#[prompt_router]`
/// impl), with the `name = "..."` it gives, if any.
///
/// Only attributes written *below* `#[elicitation]` are visible here: an attribute macro above it
/// has already been expanded and removed when this one runs.
pub(super) struct Sibling {
    pub(super) kind: SiblingKind,
    pub(super) name: Option<Str>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum SiblingKind {
    Tool,
    Prompt,
}

impl SiblingKind {
    pub(super) fn attribute(self) -> &'static str {
        match self {
            SiblingKind::Tool => "tool",
            SiblingKind::Prompt => "prompt",
        }
    }
}

/// The outer attributes of an item, as `(last path segment, parenthesized arguments)`: `#[a]`,
/// `#[a(..)]`, `#[x::a(..)]`. Attributes of another shape (`#[doc = ".."]`) are skipped.
pub(super) fn attributes(item: &[TokenTree]) -> impl Iterator<Item = (Ident, Vec<TokenTree>)> + '_ {
    item.windows(2).filter_map(|pair| {
        let [TokenTree::Punct(p), TokenTree::Group(g)] = pair else {
            return None;
        };
        if p.as_char() != '#' || g.delimiter() != Delimiter::Bracket {
            return None;
        }
        let inner: Vec<TokenTree> = g.stream().into_iter().collect();
        let path_end = inner
            .iter()
            .position(|t| !matches!(t, TokenTree::Ident(_) | TokenTree::Punct(_)))
            .unwrap_or(inner.len());
        let (path, rest) = inner.split_at(path_end);
        let path_only = path.iter().all(|t| match t {
            TokenTree::Ident(_) => true,
            TokenTree::Punct(p) => p.as_char() == ':',
            _ => false,
        });
        let Some(TokenTree::Ident(last)) = path.last() else {
            return None;
        };
        let args = match rest {
            [] => Vec::new(),
            [TokenTree::Group(args)] if args.delimiter() == Delimiter::Parenthesis => {
                args.stream().into_iter().collect()
            }
            _ => return None,
        };
        path_only.then(|| (last.clone(), args))
    })
}

pub(super) fn sibling(item: &[TokenTree]) -> Option<Sibling> {
    attributes(item).find_map(|(attribute, args)| {
        let kind = if attribute == "tool" {
            SiblingKind::Tool
        } else if attribute == "prompt" {
            SiblingKind::Prompt
        } else {
            return None;
        };
        // `name = "..."` at the top level of the arguments; other keys are rmcp's business.
        let name = args.windows(3).find_map(|w| match w {
            [
                TokenTree::Ident(key),
                TokenTree::Punct(eq),
                TokenTree::Literal(lit),
            ] if key == "name" && eq.as_char() == '=' => {
                syn::parse2::<LitStr>(TokenTree::Literal(lit.clone()).into())
                    .ok()
                    .map(|l| Str::from_lit(&l))
            }
            _ => None,
        });
        Some(Sibling { kind, name })
    })
}

/// The rmcp `#[tool(...)]` / `#[prompt(...)]` written *above* `#[elicitation]` on an `async fn`,
/// as its traces tell: rmcp expands first and rewrites the function to return a boxed future,
/// with the new tokens (the body among them) spanned at its own attribute. That attribute's text
/// is read back from the span for a diagnostic only, never to decide what is registered (the
/// compiler gives a span's source text as a best effort for diagnostics): `None` when there is
/// no such trace or no text behind it, and the declaration is then placed as it always is.
/// A plain `fn` keeps its own tokens, so an rmcp attribute above one leaves no trace.
pub(super) fn expanded_above(item: &[TokenTree], body: Option<usize>) -> Option<Sibling> {
    let body = item.get(body?)?;
    let text = body.span().source_text()?;
    if !text.starts_with("#[") {
        return None;
    }
    let tokens: Vec<TokenTree> = text.parse::<TokenStream>().ok()?.into_iter().collect();
    sibling(&tokens)
}

/// `#[elicitation]` below an rmcp attribute it cannot see through: the declaration would belong to
/// another primitive than the one rmcp serves (a tool renamed by `name`, or any prompt, which
/// this attribute would take for a tool). Says what to write instead.
pub(super) fn check_below_expanded(cx: &Ctxt, above: &Sibling, fn_name: &Ident) {
    let fn_str = crate::attr::unraw(fn_name);
    let attribute = above.kind.attribute();
    let (written, served) = match &above.name {
        Some(name) => (
            format!("#[{attribute}(name = {:?})]", name.value),
            name.value.clone(),
        ),
        None => (format!("#[{attribute}]"), fn_name.to_string()),
    };
    if above.kind == SiblingKind::Tool && served == fn_str {
        return;
    }
    let unseen = match above.kind {
        SiblingKind::Tool => "the tool's name",
        SiblingKind::Prompt => "that the function is a prompt",
    };
    cx.error_at(
        Span::call_site(),
        format!(
            "this `#[elicitation]` is below `{written}`, which rmcp expands first: it cannot see {unseen} and would declare the elicitation on a tool `{fn_str}`, which rmcp does not serve; move `#[elicitation(...)]` above `#[{attribute}(...)]`, or name the {attribute} here: `{attribute} = {served:?}`"
        ),
    );
}

/// The primitive a declaration belongs to when it names none: the tool or prompt of a sibling
/// rmcp attribute (its `name`, else the function's), else the tool named after the function.
///
/// rmcp names a primitive after the function as the identifier prints, `r#type` for
/// `fn r#type`; without an rmcp attribute the tool is named after the identifier without `r#`.
pub(super) fn default_target(sibling: Option<&Sibling>, fn_name: Option<&Ident>) -> Option<Target> {
    let fn_str = fn_name.map(|f| Str {
        value: crate::attr::unraw(f),
        span: f.span(),
    });
    match sibling {
        Some(s) => {
            let as_rmcp = fn_name.map(|f| Str {
                value: f.to_string(),
                span: f.span(),
            });
            let name = s.name.clone().or(as_rmcp)?;
            Some(match s.kind {
                SiblingKind::Tool => Target::Tool(name),
                SiblingKind::Prompt => Target::Prompt(name),
            })
        }
        None => fn_str.map(Target::Tool),
    }
}
