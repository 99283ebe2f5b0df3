//! `#[elicitation(...)]` on server functions.
//!
//! The attribute leaves the function unchanged and emits beside it the declaration's typed handle:
//! a `const` (an associated one for a method) whose initializer holds the compile-time checks of
//! the declaration and its registration (an `inventory` submission). Items nested in a constant's
//! initializer are evaluated and collected whether or not the constant is used.
//!
//! The item is scanned as tokens rather than parsed, so the macro needs no `syn/full`.

mod placement;

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use quote::{quote, quote_spanned};
use syn::parse::{ParseStream, Parser};
use syn::spanned::Spanned as _;
use syn::{Ident, LitStr, Token};

use crate::attr::parse_str_as;
use crate::ctxt::Ctxt;
use crate::keys::{skip_value, value_of};
use crate::runtime::Runtime;
use placement::{
    Sibling, SiblingKind, attributes, check_below_expanded, default_target, expanded_above, sibling,
};

/// A string value with the span of its literal.
#[derive(Clone)]
struct Str {
    value: String,
    span: Span,
}

impl Str {
    fn from_lit(lit: &LitStr) -> Str {
        Str {
            value: lit.value(),
            span: lit.span(),
        }
    }
}

/// Which primitive the declaration belongs to.
#[derive(Clone)]
enum Target {
    Tool(Str),
    Prompt(Str),
    Resource(Str),
    ResourceTemplate(Str),
}

impl Target {
    fn key(&self) -> (&'static str, &str) {
        match self {
            Target::Tool(s) => ("tool", &s.value),
            Target::Prompt(s) => ("prompt", &s.value),
            Target::Resource(s) => ("resource", &s.value),
            Target::ResourceTemplate(s) => ("resource template", &s.value),
        }
    }
}

/// The parsed arguments of one attribute.
#[derive(Default)]
struct Args {
    name: Option<Str>,
    form: Option<syn::Type>,
    url: Option<Str>,
    mode: Option<Str>,
    message: Option<Str>,
    when: Option<Str>,
    on_decline: Option<Str>,
    on_cancel: Option<Str>,
    protocol_versions: Option<(Span, Vec<Str>)>,
    target: Option<Target>,
    /// The span of the key that named the target (`tool`, `prompt`, ...).
    target_key: Option<Span>,
    /// Every key written, in order (also those whose value was refused).
    keys: Vec<String>,
    /// `crate = "..."`: where the generated code finds the runtime.
    runtime: Runtime,
    /// `handle = NAME`: the name of the handle, instead of `<FUNCTION>_<NAME>`.
    handle: Option<Ident>,
}

impl Args {
    /// Whether the key was written (even with a value that was refused).
    fn has(&self, key: &str) -> bool {
        self.keys.iter().any(|k| k == key)
    }
}

const KEYS: &[&str] = &[
    "name",
    "form",
    "url",
    "mode",
    "message",
    "when",
    "on_decline",
    "on_cancel",
    "protocol_versions",
    "tool",
    "prompt",
    "resource",
    "resource_template",
    "handle",
    "crate",
];

fn parse_args(cx: &Ctxt, tokens: TokenStream) -> Args {
    let mut args = Args::default();
    let parser = syn::meta::parser(|meta| {
        let Some(key) = meta.path.get_ident().cloned() else {
            return Err(meta.error("expected a key such as `name = \"...\"`"));
        };
        let key_text = key.to_string();
        if args.keys.contains(&key_text) {
            cx.error_at(
                key.span(),
                format!("duplicate key `{key_text}`; write it once"),
            );
        }
        args.keys.push(key_text);
        // A refused value is reported, and reading goes on at the next key, so every mistake
        // of the attribute is reported together.
        if let Err(e) = parse_key(cx, &mut args, &key, &meta) {
            cx.syn_error(e);
            skip_value(&meta);
        }
        Ok(())
    });
    if let Err(e) = parser.parse2(tokens) {
        cx.syn_error(e);
    }
    args
}

/// A string literal after `key =`.
fn lit(meta: &syn::meta::ParseNestedMeta, key: &Ident) -> syn::Result<Str> {
    let example = match key.to_string().as_str() {
        "name" => "\"confirm_close\"",
        "url" => "\"https://example.com/connect\"",
        "mode" => "\"form\"",
        _ => "\"...\"",
    };
    let (span, value) = parse_str_as(meta, key, example)?;
    Ok(Str { value, span })
}

/// Reads the value of `key` into `args`. A value refused for what it says (an empty message, an
/// unknown mode) is reported and left unset; one that cannot be read is the error returned.
fn parse_key(
    cx: &Ctxt,
    args: &mut Args,
    key: &Ident,
    meta: &syn::meta::ParseNestedMeta,
) -> syn::Result<()> {
    let nonempty = |key: &Ident| -> syn::Result<Option<Str>> {
        let s = lit(meta, key)?;
        if s.value.trim().is_empty() {
            let why = match key.to_string().as_str() {
                "tool" | "prompt" => "it names the primitive the declaration belongs to",
                "resource" => "it is the URI of the resource the declaration belongs to",
                "resource_template" => {
                    "it is the URI template of the resource template the declaration belongs to"
                }
                _ => "it documents the interaction for users and clients",
            };
            let what = if s.value.is_empty() {
                "empty"
            } else {
                "blank (only white space)"
            };
            cx.error_at(s.span, format!("`{key}` must not be {what}: {why}"));
            return Ok(None);
        }
        Ok(Some(s))
    };
    let key_text = key.to_string();
    match key_text.as_str() {
        "name" => args.name = Some(lit(meta, key)?),
        "form" => {
            let input = value_of(meta, key, "IssueForm")?;
            if input.peek(LitStr) {
                let lit: LitStr = input.parse()?;
                let written = lit.value();
                let example = match syn::parse_str::<syn::Type>(&written) {
                    Ok(_) => written,
                    Err(_) => "IssueForm".to_owned(),
                };
                return Err(syn::Error::new(
                    lit.span(),
                    format!("`form` takes the form's type, not a string: write `form = {example}`"),
                ));
            }
            args.form = Some(input.parse()?);
        }
        "url" => args.url = Some(lit(meta, key)?),
        "handle" => {
            let input = value_of(meta, key, "CONFIRM_DELETE")?;
            if input.peek(LitStr) {
                let lit: LitStr = input.parse()?;
                let example = match syn::parse_str::<Ident>(&lit.value()) {
                    Ok(ident) => ident.to_string(),
                    Err(_) => "CONFIRM_DELETE".to_owned(),
                };
                return Err(syn::Error::new(
                    lit.span(),
                    format!(
                        "`handle` takes the name of a constant, not a string: write `handle = {example}`"
                    ),
                ));
            }
            args.handle = Some(input.parse()?);
        }
        "crate" => match Runtime::parse_key(meta, key) {
            Ok((_, runtime)) => args.runtime = runtime,
            Err(e) => {
                args.runtime = Runtime::Unknown;
                return Err(e);
            }
        },
        "mode" => {
            let m = lit(meta, key)?;
            if m.value == "form" || m.value == "url" {
                args.mode = Some(m);
            } else {
                cx.error_at(
                    m.span,
                    format!(
                        "unknown mode {:?}; the modes are \"form\" and \"url\"",
                        m.value
                    ),
                );
            }
        }
        "message" => args.message = nonempty(key)?,
        "when" => args.when = nonempty(key)?,
        "on_decline" => args.on_decline = nonempty(key)?,
        "on_cancel" => args.on_cancel = nonempty(key)?,
        "protocol_versions" => {
            let example = "[\"2025-11-25\", \"2026-07-28\"]";
            let input: ParseStream = value_of(meta, key, example)?;
            if !input.peek(syn::token::Bracket) {
                return Err(input.error(format!(
                    "`protocol_versions` takes a list of versions, as in `protocol_versions = {example}`"
                )));
            }
            let content;
            let bracket = syn::bracketed!(content in input);
            let list = content.parse_terminated(|p: ParseStream| p.parse::<LitStr>(), Token![,])?;
            let versions: Vec<Str> = list.iter().map(Str::from_lit).collect();
            for (i, v) in versions.iter().enumerate() {
                if versions.iter().take(i).any(|w| w.value == v.value) {
                    cx.error_at(
                        v.span,
                        format!(
                            "{:?} is listed twice in `protocol_versions`; list each version once",
                            v.value
                        ),
                    );
                }
            }
            if versions.is_empty() {
                cx.error_at(
                    bracket.span.join(),
                    "`protocol_versions` must not be empty: list the versions the declaration applies to, or leave the key out to inherit the primitive's",
                );
            } else {
                args.protocol_versions = Some((key.span(), versions));
            }
        }
        "tool" | "prompt" | "resource" | "resource_template" => {
            let Some(s) = nonempty(key)? else {
                return Ok(());
            };
            let target = match key_text.as_str() {
                "tool" => Target::Tool(s),
                "prompt" => Target::Prompt(s),
                "resource" => Target::Resource(s),
                _ => Target::ResourceTemplate(s),
            };
            if args.target.is_some() {
                cx.error_at(
                    key.span(),
                    "a declaration belongs to one primitive: give only one of `tool`, `prompt`, `resource` and `resource_template`",
                );
            } else {
                args.target = Some(target);
                args.target_key = Some(key.span());
            }
        }
        _ => {
            cx.error_at(
                key.span(),
                format!("unknown key `{key_text}`; the keys are {}", KEYS.join(", ")),
            );
            // Skip the value so the keys after it are still read.
            skip_value(meta);
        }
    }
    Ok(())
}

fn is_name(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
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
fn stacked(item: &[TokenTree]) -> Vec<TokenStream> {
    attributes(item)
        .filter(|(attribute, _)| attribute == "elicitation")
        .map(|(_, args)| args.into_iter().collect())
        .collect()
}

pub fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    let cx = Ctxt::new();
    let args = parse_args(&cx, attr.clone());
    let tokens: Vec<TokenTree> = item.clone().into_iter().collect();
    let (fn_name, body) = scan_item(&tokens);

    let registration = check_and_register(&cx, &args, fn_name.as_ref(), body, &tokens);
    if body.is_none() {
        cx.error_at(
            Span::call_site(),
            "`#[elicitation]` goes on a function with a body: a free function, or a method of an inherent `impl` block (its handle is a constant beside the function, and a trait impl takes no other items)",
        );
    }
    let errors = match cx.check() {
        Ok(()) => TokenStream::new(),
        Err(e) => e.to_compile_error(),
    };
    // Without a body or a registration, the function is left as it is, alone.
    let registration = body.and(registration);
    quote!(#errors #item #registration)
}

/// The visibility written before `fn` (`pub`, `pub(crate)`, ...), which the handle takes.
fn visibility(item: &[TokenTree]) -> TokenStream {
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

/// The handle's name: `handle = NAME`, else `<FUNCTION>_<NAME>` in upper case, every character
/// of the declaration's name that cannot stand in an identifier (`.`, `-`) read as `_`.
fn handle_name(explicit: Option<&Ident>, fn_name: &Ident, name: &Str) -> Ident {
    if let Some(handle) = explicit {
        return handle.clone();
    }
    let name: String = name
        .value
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let text = format!("{}_{}", crate::attr::unraw(fn_name), name).to_uppercase();
    Ident::new(&text, fn_name.span())
}

/// An explicit `tool = "..."` / `prompt = "..."` must name the primitive that the sibling rmcp
/// attribute makes of the function: rmcp serves it under that name, so a declaration under
/// another could never be placed or sent.
fn check_against_sibling(
    cx: &Ctxt,
    explicit: &Target,
    key_span: Span,
    sibling: &Sibling,
    default: &Target,
    above: bool,
) {
    let (key, value) = match (explicit, sibling.kind) {
        (Target::Tool(s), SiblingKind::Tool) => ("tool", s),
        (Target::Prompt(s), SiblingKind::Prompt) => ("prompt", s),
        _ => return,
    };
    let (_, served) = default.key();
    if value.value == served {
        return;
    }
    let attribute = sibling.kind.attribute();
    let source = match &sibling.name {
        Some(_) => format!("the `#[{attribute}(name = {served:?})]` on this function"),
        None => format!("`#[{attribute}]` without `name`, which uses the function's name"),
    };
    // Below the rmcp attribute the declaration cannot follow it, so the fix is to name it.
    let fix = if above {
        format!("write `{key} = {served:?}`, or rename the {attribute}")
    } else {
        format!(
            "remove `{key} = ...` (the declaration follows the {attribute}), or rename the {attribute}"
        )
    };
    cx.error_at(
        key_span,
        format!(
            "`{key} = {:?}` contradicts {source}: rmcp serves this {attribute} as {served:?}; {fix}",
            value.value
        ),
    );
}

/// The checks and the registration, or `None` when the declaration cannot be registered.
fn check_and_register(
    cx: &Ctxt,
    args: &Args,
    fn_name: Option<&Ident>,
    body: Option<usize>,
    item: &[TokenTree],
) -> Option<TokenStream> {
    let rt = &args.runtime;
    let site = Span::call_site();
    let p = rt.private();

    let name = match &args.name {
        Some(n) if !is_name(&n.value) => {
            cx.error_at(
                n.span,
                format!(
                    "the declaration name {:?} must match ^[A-Za-z0-9._-]+$: use letters, digits, `.`, `_` and `-`",
                    n.value
                ),
            );
            None
        }
        Some(n) => Some(n.clone()),
        None => {
            if !args.has("name") {
                cx.error_at(
                    site,
                    "a declaration needs a `name = \"...\"`, unique on its primitive",
                );
            }
            None
        }
    };
    let message = args.message.clone();
    if message.is_none() && !args.has("message") {
        cx.error_at(
            site,
            "a declaration needs a `message = \"...\"`: what the user is asked",
        );
    }

    // The mode. A key of it whose value was refused (and reported) leaves it unknown.
    let refused = |key: &str, set: bool| args.has(key) && !set;
    let mode = match (&args.mode, &args.form, &args.url) {
        _ if refused("mode", args.mode.is_some())
            || refused("form", args.form.is_some())
            || refused("url", args.url.is_some()) =>
        {
            None
        }
        (Some(m), Some(_), Some(u)) if m.value == "form" => {
            cx.error_at(u.span, "form mode takes no `url`: remove it, or declare URL mode in a separate `#[elicitation]`");
            None
        }
        (Some(m), None, _) if m.value == "form" => {
            cx.error_at(
                m.span,
                "form mode needs `form = Type`, a `#[derive(ElicitationForm)]` struct",
            );
            None
        }
        (Some(m), Some(f), _) if m.value == "url" => {
            cx.error_spanned_by(f, "URL mode takes no `form`: the user answers on the page at the URL; use mode \"form\" to ask for a form");
            None
        }
        (None, Some(_), Some(u)) => {
            cx.error_at(u.span, "a declaration is either a form (`form = Type`) or a URL (`url = \"...\"`), not both");
            None
        }
        (None, None, None) => {
            cx.error_at(site, "say how to ask: `form = Type` for form mode, or `url = \"...\"` / `mode = \"url\"` for URL mode");
            None
        }
        (_, Some(f), None) => Some(Ok(f)),
        (_, None, url) => Some(Err(url.clone())),
        (Some(_), Some(_), Some(_)) => None,
    };

    // The primitive: an explicit one, else the one of the rmcp attribute on the function.
    let below = sibling(item);
    let above = match below {
        Some(_) => None,
        None => expanded_above(item, body),
    };
    let seen = below.as_ref().or(above.as_ref());
    let default = default_target(seen, fn_name);
    if let (Some(explicit), Some(seen), Some(default)) = (&args.target, seen, &default) {
        let key_span = args.target_key.unwrap_or_else(Span::call_site);
        check_against_sibling(cx, explicit, key_span, seen, default, above.is_some());
    }
    let target = match (&args.target, &above, fn_name) {
        (Some(explicit), _, _) => Some(explicit.clone()),
        (None, Some(above), Some(fn_name)) => {
            check_below_expanded(cx, above, fn_name);
            // What this attribute registers when nothing it sees names the primitive.
            default_target(None, Some(fn_name))
        }
        (None, ..) => default.clone(),
    };

    // The handle's name, and the names of the other declarations stacked on this item.
    let handle = match (&name, fn_name) {
        (Some(name), Some(fn_name)) => Some(handle_name(args.handle.as_ref(), fn_name, name)),
        _ => None,
    };
    // Two declarations of one function with one handle: reported here, and neither is emitted
    // again (rustc would report the constant defined twice).
    let mut collides = false;
    if let (Some(name), Some(target)) = (&name, &target) {
        for other in stacked(item) {
            let other_cx = Ctxt::new();
            let o = parse_args(&other_cx, other);
            let _ = other_cx.check();
            let other_target = o.target.clone().or_else(|| default.clone());
            let same_name = o.name.as_ref().is_some_and(|n| n.value == name.value);
            let other_handle = match (&o.name, fn_name) {
                (Some(n), Some(f)) => Some(handle_name(o.handle.as_ref(), f, n)),
                _ => None,
            };
            let same_target = other_target.is_some_and(|t| t.key() == target.key());
            if !(same_name && same_target)
                && let (Some(mine), Some(theirs)) = (&handle, &other_handle)
                && mine == theirs
            {
                collides = true;
                let (span, fix) = match &args.handle {
                    Some(h) => (h.span(), "choose another `handle = NAME`"),
                    None => (name.span, "name one of them with `handle = NAME`"),
                };
                cx.error_at(
                    span,
                    format!(
                        "this declaration's handle `{mine}` is also the handle of {:?}, another `#[elicitation]` on this function; {fix}",
                        o.name.as_ref().map_or("", |n| n.value.as_str())
                    ),
                );
            }
            if same_name && same_target {
                collides = true;
                let (kind, id) = target.key();
                cx.error_at(
                    name.span,
                    format!(
                        "the {kind} `{id}` already has a declaration named {:?} in another `#[elicitation]` on this function; names are unique per primitive: rename one",
                        name.value
                    ),
                );
            }
        }
    }

    if collides {
        return None;
    }
    let (name, message, mode, target, handle) = (name?, message?, mode?, target?, handle?);

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

    let mode_tokens = match &mode {
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

    let (kind, primitive) = match &target {
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
        match &mode {
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
