//! `#[resource_router]` on an impl block and `#[resource_handler]` on `impl ServerHandler`: one
//! declaration of each resource template (`#[resource_template(...)]` on its `async fn`), from
//! which the router lists, dispatches, declares and describes.
//!
//! Like `#[elicitation]`, the block is scanned as tokens rather than parsed (no `syn/full`): an
//! item ends at a `;` or at the body of a function; only the attributes and signature of a
//! function marked `#[resource_template]` are read.

use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::{format_ident, quote, quote_spanned};
use syn::LitStr;
use syn::parse::Parser;

use crate::ctxt::Ctxt;
use crate::runtime::Runtime;

/// The keys of `#[resource_template(...)]`.
const KEYS: &str = "`uri`, `name`, `title`, `description` and `mime_type`";

/// One `#[resource_template(...)]` function.
struct Route {
    fn_name: Ident,
    uri: LitStr,
    name: String,
    title: Option<LitStr>,
    description: Option<String>,
    mime_type: Option<LitStr>,
    /// Each parameter's type, after `&self`.
    params: Vec<TokenStream>,
}

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
        match route_of(&cx, item) {
            (item, Some(route)) => {
                items.extend(item);
                routes.push(route);
            }
            (item, None) => items.extend(item),
        }
    }

    let p = runtime.private();
    let mut adds = TokenStream::new();
    let mut readers = TokenStream::new();
    for route in &routes {
        let Route {
            fn_name,
            uri,
            name,
            title,
            description,
            mime_type,
            params,
        } = route;
        let reader = format_ident!("__mcpdesc_read_{}", fn_name);
        let option = |v: Option<TokenStream>| match v {
            Some(v) => quote!(#p::Some(#v)),
            None => quote!(#p::None),
        };
        let title = option(title.as_ref().map(|t| quote!(#t)));
        let description = option(description.as_ref().map(|d| quote!(#d)));
        let mime_type = option(mime_type.as_ref().map(|m| quote!(#m)));
        let message = format!(
            "`uri` {:?} is not a URI template (RFC 6570); write the template's URI with each variable in braces, such as \"file:///notes/{{name}}.md\"",
            uri.value()
        );
        let at = runtime.private_at(uri.span());
        let check = quote_spanned!(uri.span()=>
            const _: () = #at::fail_if(!#at::is_uri_template(#uri), #message);
        );
        let reads = params.iter().map(|ty| {
            let at = first_span(ty);
            let p = runtime.private_at(at);
            quote_spanned!(at=> <#ty as #p::FromResourceRequest>::variables())
        });
        adds.extend(quote! {
            #check
            let router = router.with_route(
                #p::resource_template(#uri, #name, #title, #description, #mime_type),
                Self::#reader,
                #p::read_variables(&[#(#reads),*]),
            );
        });
        let args = params.iter().map(|ty| {
            let at = first_span(ty);
            let p = runtime.private_at(at);
            quote_spanned!(at=>
                match <#ty as #p::FromResourceRequest>::from_request(request) {
                    #p::Ok(value) => value,
                    #p::Err(error) => return #p::Err(error),
                }
            )
        });
        readers.extend(quote! {
            #[doc(hidden)]
            fn #reader<'__mcpdesc>(
                this: &'__mcpdesc Self,
                request: #p::ResourceRequest,
            ) -> #p::ReadFuture<'__mcpdesc> {
                #p::Box::pin(async move {
                    let request = &request;
                    #p::read_result(this.#fn_name(#(#args),*).await)
                })
            }
        });
    }

    let errors = cx.check().err().map(|e| e.to_compile_error());
    let mut out = TokenStream::new();
    out.extend(tokens);
    out.extend([TokenTree::Group(Group::new(
        Delimiter::Brace,
        quote! {
            #items
            /// The resource templates of this impl block, and the functions that read them.
            #vis fn resource_router() -> #p::ResourceRouter<Self> {
                let router = #p::ResourceRouter::new();
                #adds
                router
            }
            #readers
        },
    ))]);
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
    let defines = |name: &str| {
        body.stream().into_iter().collect::<Vec<_>>().windows(2).any(|w| {
            matches!(w, [TokenTree::Ident(f), TokenTree::Ident(n)] if f == "fn" && n == name)
        })
    };
    let p = runtime.private();
    let mut added = body.stream();
    if !defines("list_resource_templates") {
        added.extend(quote! {
            async fn list_resource_templates(
                &self,
                _request: #p::Option<#p::rmcp::model::PaginatedRequestParams>,
                _context: #p::rmcp::service::RequestContext<#p::rmcp::service::RoleServer>,
            ) -> #p::Result<#p::rmcp::model::ListResourceTemplatesResult, #p::rmcp::ErrorData> {
                #p::Ok(#router.list())
            }
        });
    }
    if !defines("read_resource") {
        added.extend(quote! {
            async fn read_resource(
                &self,
                request: #p::rmcp::model::ReadResourceRequestParams,
                context: #p::rmcp::service::RequestContext<#p::rmcp::service::RoleServer>,
            ) -> #p::Result<#p::rmcp::model::ReadResourceResponse, #p::rmcp::ErrorData> {
                #router.read(self, request, context).await
            }
        });
    }
    let errors = cx.check().err().map(|e| e.to_compile_error());
    let mut out = TokenStream::new();
    out.extend(tokens);
    out.extend([TokenTree::Group(Group::new(Delimiter::Brace, added))]);
    out.extend(errors);
    out
}

/// The arguments of one of this module's attributes: `crate = "..."`, and the keys `other`
/// reads (it returns `None` for a key it does not know, which is then refused with `usage`).
fn read_args(
    cx: &Ctxt,
    args: TokenStream,
    usage: &str,
    other: &mut dyn FnMut(&syn::meta::ParseNestedMeta) -> Option<syn::Result<()>>,
) -> Runtime {
    let mut runtime = Runtime::Default;
    let parsed = syn::meta::parser(|meta| {
        if meta.path.is_ident("crate") {
            runtime = Runtime::parse_key(&meta, &format_ident!("crate"))?.1;
            return Ok(());
        }
        other(&meta).unwrap_or_else(|| Err(meta.error(usage)))
    })
    .parse2(args);
    if let Err(e) = parsed {
        cx.syn_error(e);
    }
    runtime
}

/// An impl block's tokens before its body, and its body; `None` for an item that is not an impl
/// block (no `impl` keyword before a braced body).
fn impl_body(item: TokenStream) -> Option<(Vec<TokenTree>, Group)> {
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

fn first_span(tokens: &TokenStream) -> Span {
    tokens
        .clone()
        .into_iter()
        .next()
        .map_or_else(Span::call_site, |t| t.span())
}

/// The items of an impl block's body: each ends at a top-level `;` or at the brace-delimited
/// body of a function (or of a macro call).
fn split_items(body: TokenStream) -> Vec<Vec<TokenTree>> {
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
fn attribute_at(item: &[TokenTree], i: usize) -> Option<&Group> {
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
fn attribute_parts(group: &Group) -> Option<(Ident, Option<Group>)> {
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

/// An item with its `#[resource_template]` read and removed, and each `#[elicitation]` without
/// a primitive given the template; the route, when the item had one.
fn route_of(cx: &Ctxt, item: Vec<TokenTree>) -> (Vec<TokenTree>, Option<Route>) {
    // The attributes lead the item.
    let mut i = 0;
    let mut attrs: Vec<(usize, Group)> = Vec::new();
    while let Some(g) = attribute_at(&item, i) {
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
    let Some((at, group, args)) = found else {
        return (item, None);
    };
    let rest = item.get(attrs.len() * 2..).unwrap_or_default();
    let fn_at = rest
        .iter()
        .position(|t| matches!(t, TokenTree::Ident(i) if i == "fn"));
    let Some(fn_at) = fn_at else {
        cx.error_at(
            group.span(),
            "`#[resource_template]` goes on an `async fn` of the impl block",
        );
        return (item, None);
    };
    let is_async = rest
        .iter()
        .take(fn_at)
        .any(|t| matches!(t, TokenTree::Ident(i) if i == "async"));
    let Some(TokenTree::Ident(fn_name)) = rest.get(fn_at + 1).cloned() else {
        return (item, None);
    };
    // A function that cannot be routed is reported, and left out of the router: its route
    // would only add errors of its own.
    if !is_async {
        cx.error_at(
            fn_name.span(),
            "a resource template's function is an `async fn`: write `async fn`",
        );
        return (without(&item, at), None);
    }
    let params = rest.iter().skip(fn_at + 2).find_map(|t| match t {
        TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis => Some(g.clone()),
        _ => None,
    });
    let Some(params) = params.and_then(|g| parameter_types(cx, &g)) else {
        return (without(&item, at), None);
    };

    // The keys.
    let mut uri = None;
    let mut name = None;
    let mut title = None;
    let mut description = None;
    let mut mime_type = None;
    let written = args.is_some();
    match args {
        None => cx.error_at(
            group.span(),
            "`#[resource_template]` needs the template: `#[resource_template(uri = \"scheme://{name}\")]`",
        ),
        Some(args) => {
            let parsed = syn::meta::parser(|meta| {
                let key = meta
                    .path
                    .get_ident()
                    .map(ToString::to_string)
                    .unwrap_or_default();
                let slot = match key.as_str() {
                    "uri" => &mut uri,
                    "name" => &mut name,
                    "title" => &mut title,
                    "description" => &mut description,
                    "mime_type" => &mut mime_type,
                    _ => {
                        return Err(meta.error(format!(
                            "unknown key of `#[resource_template]`; the keys are {KEYS}"
                        )));
                    }
                };
                let lit: LitStr = meta.value()?.parse()?;
                if lit.value().trim().is_empty() {
                    return Err(syn::Error::new(lit.span(), format!("`{key}` is blank")));
                }
                *slot = Some(lit);
                Ok(())
            })
            .parse2(args.stream());
            if let Err(e) = parsed {
                cx.syn_error(e);
            }
        }
    }
    let Some(uri) = uri else {
        if written {
            cx.error_at(group.span(), "`#[resource_template]` needs `uri = \"...\"`, the RFC 6570 template of the URIs it serves");
        }
        return (without(&item, at), None);
    };
    // The description: the key, else the doc comment, as rmcp's `#[tool]` reads it.
    let docs: Vec<String> = attrs.iter().filter_map(|(_, g)| doc_of(g)).collect();
    let description = description.map(|d| d.value()).or_else(|| {
        let text = docs.join("\n").trim().to_owned();
        (!text.is_empty()).then_some(text)
    });

    // Each `#[elicitation]` that names no primitive belongs to this template.
    let mut out = without(&item, at);
    for (attr_at, g) in &attrs {
        let Some((attr_name, Some(args))) = attribute_parts(g) else {
            continue;
        };
        if attr_name != "elicitation" || names_primitive(&args) {
            continue;
        }
        let index = if *attr_at > at { attr_at - 2 } else { *attr_at };
        let mut stream: Vec<TokenTree> = args.stream().into_iter().collect();
        if !matches!(stream.last(), Some(TokenTree::Punct(p)) if p.as_char() == ',')
            && !stream.is_empty()
        {
            stream.push(TokenTree::Punct(Punct::new(',', Spacing::Alone)));
        }
        stream.extend(quote!(resource_template = #uri));
        let mut new_args = Group::new(Delimiter::Parenthesis, stream.into_iter().collect());
        new_args.set_span(args.span());
        let inner: TokenStream = g
            .stream()
            .into_iter()
            .map(|t| match t {
                TokenTree::Group(a) if a.delimiter() == Delimiter::Parenthesis => {
                    TokenTree::Group(new_args.clone())
                }
                other => other,
            })
            .collect();
        let mut new_attr = Group::new(Delimiter::Bracket, inner);
        new_attr.set_span(g.span());
        if let Some(slot) = out.get_mut(index + 1) {
            *slot = TokenTree::Group(new_attr);
        }
    }
    let route = Route {
        name: name.map_or_else(|| fn_name.to_string(), |n| n.value()),
        fn_name,
        uri,
        title,
        description,
        mime_type,
        params,
    };
    (out, Some(route))
}

/// `item` without the attribute whose `#` is at `at`.
fn without(item: &[TokenTree], at: usize) -> Vec<TokenTree> {
    item.iter()
        .enumerate()
        .filter(|(i, _)| *i != at && *i != at + 1)
        .map(|(_, t)| t.clone())
        .collect()
}

/// Whether `#[elicitation(...)]` names its primitive itself.
fn names_primitive(args: &Group) -> bool {
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
fn doc_of(group: &Group) -> Option<String> {
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
fn parameter_types(cx: &Ctxt, params: &Group) -> Option<Vec<TokenStream>> {
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
