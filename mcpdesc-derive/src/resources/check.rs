//! The rules of a `#[resource_template]` function: one template a function, on an `async fn`
//! of the impl block that takes `&self`, with a `uri`. What passes is a [`Route`].

use proc_macro2::{Delimiter, Group, Ident, TokenStream, TokenTree};
use syn::LitStr;

use super::ast::{attribute_at, attribute_parts, doc_of, parameter_types};
use super::attr::{TemplateArgs, template_args};
use crate::ctxt::Ctxt;

/// One `#[resource_template(...)]` function.
pub(super) struct Route {
    pub(super) fn_name: Ident,
    pub(super) uri: LitStr,
    pub(super) name: String,
    pub(super) title: Option<LitStr>,
    pub(super) description: Option<String>,
    pub(super) mime_type: Option<LitStr>,
    /// Each parameter's type, after `&self`.
    pub(super) params: Vec<TokenStream>,
}

/// An item with a `#[resource_template]`, checked.
pub(super) struct Checked {
    /// The index of the `#[resource_template]`'s `#` among the item's tokens.
    pub(super) at: usize,
    /// The item's leading attributes, each with the index of its `#`.
    pub(super) attrs: Vec<(usize, Group)>,
    /// The route, when the function can be routed.
    pub(super) route: Option<Route>,
}

/// The route of an item of the impl block, when it has a `#[resource_template]` that can be
/// routed (every reason it cannot reported), with the item's leading attributes and the index of
/// the `#[resource_template]`'s `#` among them. `None` for an item without one, or one that is
/// not a function, which stays as it was written.
pub(super) fn route_of(cx: &Ctxt, item: &[TokenTree]) -> Option<Checked> {
    // The attributes lead the item.
    let mut i = 0;
    let mut attrs: Vec<(usize, Group)> = Vec::new();
    while let Some(g) = attribute_at(item, i) {
        attrs.push((i, g.clone()));
        i += 2;
    }
    let mut found: Option<(usize, Group, Option<Group>)> = None;
    for (at, group) in &attrs {
        if let Some((name, args)) = attribute_parts(group)
            && name == "resource_template"
        {
            if found.is_some() {
                cx.error_at(
                    group.span(),
                    "a function serves one resource template: remove one `#[resource_template]`",
                );
                continue;
            }
            found = Some((*at, group.clone(), args));
        }
    }
    let (at, group, args) = found?;
    let rest = item.get(attrs.len() * 2..).unwrap_or_default();
    let fn_at = rest
        .iter()
        .position(|t| matches!(t, TokenTree::Ident(i) if i == "fn"));
    let Some(fn_at) = fn_at else {
        cx.error_at(
            group.span(),
            "`#[resource_template]` goes on an `async fn` of the impl block",
        );
        // The item stays as it was written.
        return None;
    };
    let is_async = rest
        .iter()
        .take(fn_at)
        .any(|t| matches!(t, TokenTree::Ident(i) if i == "async"));
    let Some(TokenTree::Ident(fn_name)) = rest.get(fn_at + 1).cloned() else {
        return None;
    };
    // A function that cannot be routed is reported, and left out of the router: its route
    // would only add errors of its own.
    if !is_async {
        cx.error_at(
            fn_name.span(),
            "a resource template's function is an `async fn`: write `async fn`",
        );
        return Some(Checked {
            at,
            attrs,
            route: None,
        });
    }
    let params = rest.iter().skip(fn_at + 2).find_map(|t| match t {
        TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis => Some(g.clone()),
        _ => None,
    });
    let Some(params) = params.and_then(|g| parameter_types(cx, &g)) else {
        return Some(Checked {
            at,
            attrs,
            route: None,
        });
    };

    let written = args.is_some();
    let TemplateArgs {
        uri,
        name,
        title,
        description,
        mime_type,
    } = template_args(cx, &group, args);
    let Some(uri) = uri else {
        if written {
            cx.error_at(group.span(), "`#[resource_template]` needs `uri = \"...\"`, the RFC 6570 template of the URIs it serves");
        }
        return Some(Checked {
            at,
            attrs,
            route: None,
        });
    };
    // The description: the key, else the doc comment, as rmcp's `#[tool]` reads it.
    let docs: Vec<String> = attrs.iter().filter_map(|(_, g)| doc_of(g)).collect();
    let description = description.map(|d| d.value()).or_else(|| {
        let text = docs.join("\n").trim().to_owned();
        (!text.is_empty()).then_some(text)
    });

    let route = Route {
        name: name.map_or_else(|| fn_name.to_string(), |n| n.value()),
        fn_name,
        uri,
        title,
        description,
        mime_type,
        params,
    };
    Some(Checked {
        at,
        attrs,
        route: Some(route),
    })
}
