//! The impl block, scanned as tokens (no `syn/full`): its items, each item's leading attributes,
//! and a `#[resource_template]` function's name, `async` and parameter types.

use proc_macro2::{Delimiter, Group, Ident, Spacing, Span, TokenStream, TokenTree};
use syn::LitStr;

use crate::ctxt::Ctxt;

/// An impl block's tokens before its body, and its body; `None` for an item that is not an impl
/// block (no `impl` keyword before a braced body).
pub(super) fn impl_body(item: TokenStream) -> Option<(Vec<TokenTree>, Group)> {
    let mut tokens: Vec<TokenTree> = item.into_iter().collect();
    let is_impl = tokens
        .iter()
        .any(|t| matches!(t, TokenTree::Ident(i) if i == "impl"));
    match tokens.pop() {
        Some(TokenTree::Group(body)) if body.delimiter() == Delimiter::Brace && is_impl => {
            Some((tokens, body))
        }
        _ => None,
    }
}

pub(super) fn first_span(tokens: &TokenStream) -> Span {
    tokens
        .clone()
        .into_iter()
        .next()
        .map_or_else(Span::call_site, |t| t.span())
}

/// The items of an impl block's body: each ends at a top-level `;` or at the brace-delimited
/// body of a function (or of a macro call).
pub(super) fn split_items(body: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut items = Vec::new();
    let mut current: Vec<TokenTree> = Vec::new();
    for token in body {
        let ends = match &token {
            TokenTree::Punct(p) => p.as_char() == ';',
            TokenTree::Group(g) => {
                g.delimiter() == Delimiter::Brace
                    && current.iter().any(|t| {
                        matches!(t, TokenTree::Ident(i) if i == "fn")
                            || matches!(t, TokenTree::Punct(p) if p.as_char() == '!')
                    })
            }
            _ => false,
        };
        current.push(token);
        if ends {
            items.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        items.push(current);
    }
    items
}

/// An item's leading attributes: the index of each `#` and the bracketed group after it.
pub(super) fn attribute_at(item: &[TokenTree], i: usize) -> Option<&Group> {
    match (item.get(i), item.get(i + 1)) {
        (Some(TokenTree::Punct(p)), Some(TokenTree::Group(g)))
            if p.as_char() == '#' && g.delimiter() == Delimiter::Bracket =>
        {
            Some(g)
        }
        _ => None,
    }
}

/// The last segment of an attribute's path, and its parenthesized arguments.
pub(super) fn attribute_parts(group: &Group) -> Option<(Ident, Option<Group>)> {
    let inner: Vec<TokenTree> = group.stream().into_iter().collect();
    let mut last = None;
    let mut args = None;
    for token in inner {
        match token {
            TokenTree::Ident(i) if args.is_none() => last = Some(i),
            TokenTree::Punct(p) if p.as_char() == ':' && args.is_none() => {}
            TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis && args.is_none() => {
                args = Some(g);
            }
            _ => return None,
        }
    }
    last.map(|l| (l, args))
}

/// `item` without the attribute whose `#` is at `at`.
pub(super) fn without(item: &[TokenTree], at: usize) -> Vec<TokenTree> {
    item.iter()
        .enumerate()
        .filter(|(i, _)| *i != at && *i != at + 1)
        .map(|(_, t)| t.clone())
        .collect()
}

/// Whether `#[elicitation(...)]` names its primitive itself.
pub(super) fn names_primitive(args: &Group) -> bool {
    args.stream()
        .into_iter()
        .collect::<Vec<_>>()
        .windows(2)
        .any(|w| {
            matches!(w, [TokenTree::Ident(k), TokenTree::Punct(eq)]
            if eq.as_char() == '='
                && ["tool", "prompt", "resource", "resource_template"].iter().any(|n| k == n))
        })
}

/// The text of `#[doc = "..."]`.
pub(super) fn doc_of(group: &Group) -> Option<String> {
    let tokens: Vec<TokenTree> = group.stream().into_iter().collect();
    match tokens.as_slice() {
        [
            TokenTree::Ident(doc),
            TokenTree::Punct(eq),
            TokenTree::Literal(lit),
        ] if doc == "doc" && eq.as_char() == '=' => {
            let lit: LitStr = syn::parse2(TokenTree::Literal(lit.clone()).into()).ok()?;
            Some(lit.value().trim().to_owned())
        }
        _ => None,
    }
}

/// The types of a function's parameters after its receiver (`&self`): the tokens after each
/// parameter's top-level `:`. Commas inside `<...>` do not split.
pub(super) fn parameter_types(cx: &Ctxt, params: &Group) -> Option<Vec<TokenStream>> {
    let tokens: Vec<TokenTree> = params.stream().into_iter().collect();
    let mut parts: Vec<Vec<TokenTree>> = vec![Vec::new()];
    let mut depth = 0usize;
    let mut previous: Option<char> = None;
    for token in tokens {
        if let TokenTree::Punct(p) = &token {
            match p.as_char() {
                '<' => depth += 1,
                '>' if previous != Some('-') => depth = depth.saturating_sub(1),
                ',' if depth == 0 => {
                    parts.push(Vec::new());
                    previous = Some(',');
                    continue;
                }
                _ => {}
            }
            previous = Some(p.as_char());
        } else {
            previous = None;
        }
        if let Some(last) = parts.last_mut() {
            last.push(token);
        }
    }
    parts.retain(|p| !p.is_empty());
    let mut parts = parts.into_iter();
    let receiver = parts.next();
    let has_self = receiver.as_ref().is_some_and(|r| {
        r.iter()
            .any(|t| matches!(t, TokenTree::Ident(i) if i == "self"))
    });
    if !has_self {
        cx.error_at(
            params.span(),
            "a resource template's function takes `&self` first: it reads the server it is a method of",
        );
        return None;
    }
    let types = parts
        .filter_map(|param| {
            // The `:` between the pattern and the type: not part of a `::` (whose first `:` is
            // joined to the second).
            let joined_colon = |j: usize| {
                matches!(param.get(j), Some(TokenTree::Punct(p))
                    if p.as_char() == ':' && p.spacing() == Spacing::Joint)
            };
            let colon = (0..param.len()).find(|&i| {
                matches!(param.get(i), Some(TokenTree::Punct(p))
                    if p.as_char() == ':' && p.spacing() == Spacing::Alone)
                    && (i == 0 || !joined_colon(i - 1))
            })?;
            Some(param.iter().skip(colon + 1).cloned().collect())
        })
        .collect();
    Some(types)
}
