//! The attribute's arguments: every key read, each mistake reported in one context.

use proc_macro2::{Span, TokenStream};
use syn::parse::{ParseStream, Parser};
use syn::{Ident, LitStr, Token};

use crate::attr::parse_str_as;
use crate::ctxt::Ctxt;
use crate::keys::{skip_value, value_of};
use crate::runtime::Runtime;

/// A string value with the span of its literal.
#[derive(Clone)]
pub(super) struct Str {
    pub(super) value: String,
    pub(super) span: Span,
}

impl Str {
    pub(super) fn from_lit(lit: &LitStr) -> Str {
        Str {
            value: lit.value(),
            span: lit.span(),
        }
    }
}

/// Which primitive the declaration belongs to.
#[derive(Clone)]
pub(super) enum Target {
    Tool(Str),
    Prompt(Str),
    Resource(Str),
    ResourceTemplate(Str),
}

impl Target {
    pub(super) fn key(&self) -> (&'static str, &str) {
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
pub(super) struct Args {
    pub(super) name: Option<Str>,
    pub(super) form: Option<syn::Type>,
    pub(super) url: Option<Str>,
    pub(super) mode: Option<Str>,
    pub(super) message: Option<Str>,
    pub(super) when: Option<Str>,
    pub(super) on_decline: Option<Str>,
    pub(super) on_cancel: Option<Str>,
    pub(super) protocol_versions: Option<(Span, Vec<Str>)>,
    pub(super) target: Option<Target>,
    /// The span of the key that named the target (`tool`, `prompt`, ...).
    pub(super) target_key: Option<Span>,
    /// Every key written, in order (also those whose value was refused).
    pub(super) keys: Vec<String>,
    /// `crate = "..."`: where the generated code finds the runtime.
    pub(super) runtime: Runtime,
    /// `handle = NAME`: the name of the handle, instead of `<FUNCTION>_<NAME>`.
    pub(super) handle: Option<Ident>,
}

impl Args {
    /// Whether the key was written (even with a value that was refused).
    pub(super) fn has(&self, key: &str) -> bool {
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

/// Reads every key of the attribute into [`Args`], reporting each mistake.
pub(super) fn parse_args(cx: &Ctxt, tokens: TokenStream) -> Args {
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
