//! The declaration's handle and registration: the compile-time checks the macro cannot run
//! itself (`const` assertions that call the runtime's `const fn`s), and the registration, written
//! by the runtime's `__declaration!`.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::Ident;
use syn::spanned::Spanned as _;

use super::ast::{Item, visibility};
use super::attr::{Args, Str, Target};
use super::check::Checked;

/// The handle, with its checks and registration; `None` when the runtime's path is unknown (a
/// `crate = "..."` that was refused).
pub(super) fn registration(args: &Args, checked: &Checked<'_>, item: &Item) -> Option<TokenStream> {
    let rt = &args.runtime;
    let site = Span::call_site();
    let p = rt.private();
    let Checked {
        name,
        message,
        mode,
        target,
        handle,
    } = checked;
    let item = item.tokens.as_slice();

    let mut checks = TokenStream::new();
    let fail = |span: Span, cond: TokenStream, message: String| {
        let p = rt.private_at(span);
        quote_spanned!(span=> const _: () = #p::fail_if(#cond, #message);)
    };

    // A string that must read as a URI (`is_absolute_uri`), an IRI (`is_absolute_iri`: a resource
    // URI may hold characters beyond ASCII unescaped, as a template may) or a URI template
    // (`is_uri_template`), checked by the runtime's `const fn` of that name.
    let syntax = |s: &Str, check: &str, message: String| {
        let check = Ident::new(check, s.span);
        let text = &s.value;
        fail(s.span, quote!(!#p::#check(#text)), message)
    };

    // An explicit resource is named by its URI, a template by its URI template: the forms MCP
    // lists them in, which a declaration must match to belong to one.
    match &args.target {
        Some(Target::Resource(uri)) => checks.extend(syntax(
            uri,
            "is_absolute_iri",
            if uri.value.contains('{') {
                format!(
                    "`resource` {:?} is not an absolute URI: braces make it a URI template; write `resource_template = {:?}` for a declaration on a resource template",
                    uri.value, uri.value
                )
            } else {
                format!(
                    "`resource` {:?} is not an absolute URI, and MCP names every resource by one; write the resource's URI, such as \"file:///notes/today.md\"",
                    uri.value
                )
            },
        )),
        Some(Target::ResourceTemplate(template)) => checks.extend(syntax(
            template,
            "is_uri_template",
            format!(
                "`resource_template` {:?} is not a URI template (RFC 6570); write the template's URI with each variable in braces, such as \"file:///notes/{{name}}.md\"",
                template.value
            ),
        )),
        _ => {}
    }

    let scope = match &args.protocol_versions {
        Some((key_span, versions)) => {
            for v in versions {
                let text = &v.value;
                checks.extend(fail(
                    v.span,
                    quote!(!#p::is_version(#text)),
                    format!(
                        "unknown MCP protocol version {text:?}; write versions as YYYY-MM-DD, such as \"2025-06-18\", \"2025-11-25\" or \"2026-07-28\""
                    ),
                ));
            }
            let names = versions.iter().map(|v| &v.value);
            let set = quote!({
                let set = #p::VersionSet::EMPTY;
                #( let set = #p::with_version(set, #names); )*
                set
            });
            Some((*key_span, set))
        }
        None => None,
    };

    let mode_tokens = match mode {
        Ok(form) => {
            let form_name = crate::attr::tokens_text(form);
            let form_ty = quote_spanned!(form.span()=> <#form as #p::FormStatics>);
            if let Some((span, set)) = &scope {
                let p_at = rt.private_at(*span);
                checks.extend(quote_spanned! {*span=>
                    const _: () = {
                        let message = #p_at::misfit(#form_ty::SCHEMA, #form_ty::MISFITS, #set);
                        #p_at::fail_if(message.is_some(), #p_at::message_or_empty(message))
                    };
                });
            }
            quote!(form [#form, #form_name])
        }
        Err(url) => {
            if let Some(u) = url {
                checks.extend(syntax(
                    u,
                    "is_absolute_uri",
                    format!(
                        "`url` {:?} is not a syntactically valid absolute URI; write a full URL such as \"https://example.com/connect\" (it is never fetched)",
                        u.value
                    ),
                ));
            }
            if let Some((span, set)) = &scope {
                checks.extend(fail(
                    *span,
                    // The versions with form mode but not URL mode (the version table's).
                    quote!(!#set
                        .intersection(#p::VersionSet::FORM_MODE)
                        .is_subset(#p::VersionSet::URL_MODE)),
                    "URL-mode elicitation does not exist in MCP 2025-06-18; remove \"2025-06-18\" from `protocol_versions`".to_owned(),
                ));
            }
            let url = url.as_ref().map(|u| &u.value);
            quote!(url [#url])
        }
    };

    let (kind, primitive) = match target {
        Target::Tool(s) => ("Tool", s),
        Target::Prompt(s) => ("Prompt", s),
        Target::Resource(s) => ("Resource", s),
        Target::ResourceTemplate(s) => ("ResourceTemplate", s),
    };
    let kind = Ident::new(kind, site);
    let primitive = &primitive.value;
    fn value(s: &Option<Str>) -> Option<&str> {
        s.as_ref().map(|s| s.value.as_str())
    }
    let (when, on_decline, on_cancel) = (
        value(&args.when),
        value(&args.on_decline),
        value(&args.on_cancel),
    );
    let scope_tokens = scope.as_ref().map(|(_, set)| set);
    let name_value = &name.value;
    let message_value = &message.value;
    let location = quote_spanned! {name.span=>
        #p::Location {
            file: ::core::file!(),
            line: ::core::line!(),
            column: ::core::column!(),
        }
    };
    if rt.is_unknown() {
        return None;
    }
    let declaration = rt.item("__declaration");
    let vis = visibility(item);
    let (kind_text, primitive_text) = target.key();
    let doc = format!(
        "The handle of the `#[elicitation]` declaration {:?} of the {kind_text} `{primitive_text}` ({}): ask it with `ask!`.",
        name.value,
        match mode {
            Ok(form) => format!("form `{}`", crate::attr::tokens_text(form)),
            Err(_) => "URL mode".to_owned(),
        }
    );
    Some(quote! {
        #declaration! {
            handle [#vis] #handle #doc,
            checks {#checks}
            #kind #primitive, #name_value, #message_value, #mode_tokens,
            when [#when], on_decline [#on_decline], on_cancel [#on_cancel],
            scope [#scope_tokens], location #location
        }
    })
}
