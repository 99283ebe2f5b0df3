//! The item `#[elicitation]` is written on, as tokens: the function's name, its body, its
//! visibility and the other `#[elicitation]`s stacked on it. Scanned, not parsed, so the macro
//! needs no `syn/full`.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use syn::Ident;

use super::placement::attributes;

/// The item, scanned.
pub(super) struct Item {
    pub(super) tokens: Vec<TokenTree>,
    pub(super) fn_name: Option<Ident>,
    /// The index of the body among the item's top-level tokens.
    pub(super) body: Option<usize>,
}

impl Item {
    pub(super) fn new(item: &TokenStream) -> Item {
        let tokens: Vec<TokenTree> = item.clone().into_iter().collect();
        let (fn_name, body) = scan_item(&tokens);
        Item {
            tokens,
            fn_name,
            body,
        }
    }
}

/// The function's name and the index of its body among the item's top-level tokens.
fn scan_item(item: &[TokenTree]) -> (Option<Ident>, Option<usize>) {
    let mut name = None;
    for pair in item.windows(2) {
        if let [TokenTree::Ident(kw), TokenTree::Ident(id)] = pair
            && kw == "fn"
        {
            name = Some(id.clone());
            break;
        }
    }
    let body = item
        .iter()
        .rposition(|t| matches!(t, TokenTree::Group(g) if g.delimiter() == Delimiter::Brace));
    (name, body)
}

/// The arguments of the other `#[elicitation(...)]` attributes stacked on the same item.
pub(super) fn stacked(item: &[TokenTree]) -> Vec<TokenStream> {
    attributes(item)
        .filter(|(attribute, _)| attribute == "elicitation")
        .map(|(_, args)| args.into_iter().collect())
        .collect()
}

/// The visibility written before `fn` (`pub`, `pub(crate)`, ...), which the handle takes.
pub(super) fn visibility(item: &[TokenTree]) -> TokenStream {
    let mut out = TokenStream::new();
    for (i, t) in item.iter().enumerate() {
        match t {
            TokenTree::Ident(id) if id == "fn" => break,
            TokenTree::Ident(id) if id == "pub" => {
                out.extend([t.clone()]);
                if let Some(TokenTree::Group(g)) = item.get(i + 1)
                    && g.delimiter() == Delimiter::Parenthesis
                {
                    out.extend([TokenTree::Group(g.clone())]);
                }
                break;
            }
            _ => {}
        }
    }
    out
}
