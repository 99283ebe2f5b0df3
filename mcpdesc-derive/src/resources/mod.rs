//! `#[resource_router]` on an impl block and `#[resource_handler]` on `impl ServerHandler`: one
//! declaration of each resource template (`#[resource_template(...)]` on its `async fn`), from
//! which the router lists, dispatches, declares and describes.
//!
//! Laid out as the derives are: [`ast`] scans the impl block, [`attr`] reads the attributes'
//! arguments, [`check`] holds each `#[resource_template]` function to its rules, and [`expand`]
//! writes the router. Like `#[elicitation]`, the block is scanned as tokens rather than parsed (no
//! `syn/full`): an item ends at a `;` or at the body of a function; only the attributes and
//! signature of a function marked `#[resource_template]` are read.

mod ast;
mod attr;
mod check;
mod expand;

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::quote;
use syn::LitStr;

use crate::ctxt::Ctxt;
use ast::{first_span, impl_body, split_items};
use attr::read_args;

/// `#[resource_router]`.
pub fn router(args: TokenStream, item: TokenStream) -> TokenStream {
    let cx = Ctxt::new();
    let mut vis = TokenStream::new();
    let runtime = read_args(
        &cx,
        args,
        "`#[resource_router]` takes `vis = \"pub\"` and `crate = \"...\"`",
        &mut |meta| {
            if !meta.path.is_ident("vis") {
                return None;
            }
            Some(
                meta.value()
                    .and_then(|v| v.parse::<LitStr>())
                    .and_then(|lit| {
                        let v: syn::Visibility = lit.parse()?;
                        vis = quote!(#v);
                        Ok(())
                    }),
            )
        },
    );
    let Some((tokens, body)) = impl_body(item.clone()) else {
        return error(cx, item, "`#[resource_router]` goes on an impl block");
    };

    let mut items = TokenStream::new();
    let mut routes = Vec::new();
    for item in split_items(body.stream()) {
        match check::route_of(&cx, &item) {
            Some(checked) => {
                items.extend(expand::routed_item(&item, &checked));
                routes.extend(checked.route);
            }
            None => items.extend(item),
        }
    }
    let body = expand::router_body(&runtime, &vis, items, &routes);
    let errors = cx.check().err().map(|e| e.to_compile_error());
    let mut out = TokenStream::new();
    out.extend(tokens);
    out.extend([TokenTree::Group(Group::new(Delimiter::Brace, body))]);
    out.extend(errors);
    out
}

/// `#[resource_handler]`: `list_resource_templates` and `read_resource` from a router.
pub fn handler(args: TokenStream, item: TokenStream) -> TokenStream {
    let cx = Ctxt::new();
    let mut router = quote!(Self::resource_router());
    let runtime = read_args(
        &cx,
        args,
        "`#[resource_handler]` takes `router = ...` (the router, `Self::resource_router()` unless given) and `crate = \"...\"`",
        &mut |meta| {
            if !meta.path.is_ident("router") {
                return None;
            }
            Some(
                meta.value()
                    .and_then(|v| v.parse::<syn::Expr>())
                    .map(|expr| {
                        router = quote!(#expr);
                    }),
            )
        },
    );
    let Some((tokens, body)) = impl_body(item.clone()) else {
        return error(
            cx,
            item,
            "`#[resource_handler]` goes on `impl ServerHandler for ...`",
        );
    };
    let added = expand::handler_body(&runtime, &router, &body);
    let errors = cx.check().err().map(|e| e.to_compile_error());
    let mut out = TokenStream::new();
    out.extend(tokens);
    out.extend([TokenTree::Group(Group::new(Delimiter::Brace, added))]);
    out.extend(errors);
    out
}

/// The error `message`, at the item's first token, and the item as it was: the attribute's
/// mistake is reported once, and what uses the item still finds it.
fn error(cx: Ctxt, item: TokenStream, message: &str) -> TokenStream {
    cx.error_at(first_span(&item), message);
    let mut out = cx
        .check()
        .err()
        .map(|e| e.to_compile_error())
        .unwrap_or_default();
    out.extend(item);
    out
}
