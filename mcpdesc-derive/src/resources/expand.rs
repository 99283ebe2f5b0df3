//! What the attributes write: the impl block without its `#[resource_template]`s, each
//! `#[elicitation]` of a template given its template, `resource_router()` and the functions that
//! read each template, and a server's `list_resource_templates` and `read_resource`.

use proc_macro2::{Delimiter, Group, Punct, Spacing, TokenStream, TokenTree};
use quote::{format_ident, quote, quote_spanned};

use super::ast::{attribute_parts, first_span, names_primitive, without};
use super::check::{Checked, Route};
use crate::runtime::Runtime;

/// The item without its `#[resource_template]`, each `#[elicitation]` of it that names no
/// primitive given the template.
pub(super) fn routed_item(item: &[TokenTree], checked: &Checked) -> Vec<TokenTree> {
    let (at, attrs) = (checked.at, &checked.attrs);
    let Some(route) = &checked.route else {
        return without(item, at);
    };
    let uri = &route.uri;
    // Each `#[elicitation]` that names no primitive belongs to this template.
    let mut out = without(item, at);
    for (attr_at, g) in attrs {
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
    out
}

/// `resource_router()` and the functions that read each route, in the impl block's body.
pub(super) fn router_body(
    runtime: &Runtime,
    vis: &TokenStream,
    items: TokenStream,
    routes: &[Route],
) -> TokenStream {
    let p = runtime.private();
    let mut adds = TokenStream::new();
    let mut readers = TokenStream::new();
    for route in routes {
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

    quote! {
        #items
        /// The resource templates of this impl block, and the functions that read them.
        #vis fn resource_router() -> #p::ResourceRouter<Self> {
            let router = #p::ResourceRouter::new();
            #adds
            router
        }
        #readers
    }
}

/// The server's body, with `list_resource_templates` and `read_resource` from `router` where it
/// does not define them.
pub(super) fn handler_body(runtime: &Runtime, router: &TokenStream, body: &Group) -> TokenStream {
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
    added
}
