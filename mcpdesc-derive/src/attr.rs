//! Parsing of `#[form(...)]`, what is read of `#[serde(...)]` (renames, `skip`, `flatten`,
//! `default`), and doc comments.
//!
//! Every problem is recorded in the [`Ctxt`]; parsing goes on after an error so that one derive
//! reports all of its attribute mistakes together.

use proc_macro2::Span;
use quote::ToTokens;
use syn::parse::{Parse, ParseStream};
use syn::spanned::Spanned as _;
use syn::{Ident, LitStr, Token};

use crate::case::RenameRule;
use crate::ctxt::Ctxt;
use crate::keys::{each_form_key, skip_value, value_of};
use crate::runtime::Runtime;
use crate::span::{At, Spanned};

/// An attribute key that may be set once.
struct Slot<'c, T> {
    cx: &'c Ctxt,
    name: &'static str,
    value: Option<Spanned<T>>,
}

impl<'c, T> Slot<'c, T> {
    fn new(cx: &'c Ctxt, name: &'static str) -> Self {
        Slot {
            cx,
            name,
            value: None,
        }
    }

    fn set(&mut self, key: &Ident, span: impl Into<At>, value: T) {
        let at = span.into();
        if self.value.is_some() {
            self.cx.error_at(
                key.span(),
                format!("duplicate `form` key `{}`; write it once", self.name),
            );
        } else {
            self.value = Some(Spanned {
                key: key.span(),
                span: at.start,
                end: at.end,
                value,
            });
        }
    }

    fn get(self) -> Option<Spanned<T>> {
        self.value
    }
}

impl Slot<'_, ()> {
    /// Sets a key that takes no value (`not_sensitive`), refusing one written after it.
    fn set_flag(&mut self, meta: &syn::meta::ParseNestedMeta, key: &Ident) -> syn::Result<()> {
        flag(meta, key)?;
        self.set(key, key.span(), ());
        Ok(())
    }
}

impl Slot<'_, Runtime> {
    /// Reads `crate = "..."`: the path of the runtime crate.
    fn set_runtime(&mut self, meta: &syn::meta::ParseNestedMeta, key: &Ident) -> syn::Result<()> {
        match Runtime::parse_key(meta, key) {
            Ok((span, runtime)) => {
                self.set(key, span, runtime);
                Ok(())
            }
            Err(e) => {
                self.set(key, key.span(), Runtime::Unknown);
                Err(e)
            }
        }
    }

    /// The runtime named, else `::mcpdesc_runtime`.
    fn or_default(self) -> Runtime {
        self.get().map(|s| s.value).unwrap_or_default()
    }
}

impl Slot<'_, RenameRule> {
    /// Reads `rename_all = "..."`, reporting an unknown rule.
    fn set_rule(&mut self, meta: &syn::meta::ParseNestedMeta, key: &Ident) -> syn::Result<()> {
        let (span, v) = parse_str_as(meta, key, "\"snake_case\"")?;
        if let Some(rule) = rename_rule(self.cx, span, &v) {
            self.set(key, span, rule);
        }
        Ok(())
    }

    /// The rule given, else serde's `#[serde(rename_all = "...")]` on the same item.
    fn or_serde(self, input: &syn::DeriveInput) -> Option<RenameRule> {
        let cx = self.cx;
        let serde_all = serde_attrs(&input.attrs).rename_all;
        self.get()
            .map(|s| s.value)
            .or_else(|| serde_all.and_then(|name| rename_rule(cx, input.ident.span(), &name)))
    }
}

/// A number literal: a bound or a default, with its type suffix if it has one (`10u8`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NumLit {
    Int(i128, Suffix),
    Float(f64, Suffix),
}

/// The type a number literal is suffixed with: a primitive number type's name.
pub type Suffix = Option<&'static str>;

/// The suffixes a number may carry (rustc's own; any other is refused).
const SUFFIXES: &[&str] = &[
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32",
    "f64",
];

impl NumLit {
    pub fn as_f64(self) -> f64 {
        match self {
            NumLit::Int(i, _) => i as f64,
            NumLit::Float(f, _) => f,
        }
    }

    pub fn suffix(self) -> Suffix {
        match self {
            NumLit::Int(_, s) | NumLit::Float(_, s) => s,
        }
    }

    pub fn lt(self, other: NumLit) -> bool {
        match (self, other) {
            (NumLit::Int(a, _), NumLit::Int(b, _)) => a < b,
            _ => self.as_f64() < other.as_f64(),
        }
    }
}

impl std::fmt::Display for NumLit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NumLit::Int(i, _) => write!(f, "{i}"),
            NumLit::Float(x, _) => write!(f, "{x:?}"),
        }
    }
}

/// A `default = ...` value as written.
pub enum DefaultLit {
    Str(String),
    Num(NumLit),
    Bool(bool),
    /// An enum variant path: `Priority::High`.
    Variant(syn::Path),
    /// A list of enum variant paths: `[Label::Bug, Label::Docs]`.
    Variants(Vec<syn::Path>),
}

impl DefaultLit {
    pub fn describe(&self) -> &'static str {
        match self {
            DefaultLit::Str(_) => "a string literal",
            DefaultLit::Num(NumLit::Int(_, _)) => "an integer literal",
            DefaultLit::Num(NumLit::Float(_, _)) => "a float literal",
            DefaultLit::Bool(_) => "a boolean",
            DefaultLit::Variant(_) => "an enum variant",
            DefaultLit::Variants(_) => "a list of enum variants",
        }
    }
}

pub const FIELD_KEYS: &[&str] = &[
    "title",
    "description",
    "rename",
    "min_length",
    "max_length",
    "format",
    "minimum",
    "maximum",
    "default",
    "min_items",
    "max_items",
    "not_sensitive",
    "runtime_choices",
    "skip",
];

/// The attributes of one form field.
pub struct Field {
    /// `skip`, or serde's `skip` / `skip_deserializing`: not a property; read as its
    /// `Default`. The span of the key.
    pub skip: Option<Span>,
    /// serde's `flatten`, which a form cannot take.
    pub serde_flatten: Option<Span>,
    pub title: Option<Spanned<String>>,
    pub description: Option<Spanned<String>>,
    pub rename: Option<Spanned<String>>,
    pub serde_rename: Option<String>,
    pub min_length: Option<Spanned<u64>>,
    pub max_length: Option<Spanned<u64>>,
    pub format: Option<Spanned<String>>,
    pub minimum: Option<Spanned<NumLit>>,
    pub maximum: Option<Spanned<NumLit>>,
    pub default: Option<Spanned<DefaultLit>>,
    pub min_items: Option<Spanned<u64>>,
    pub max_items: Option<Spanned<u64>>,
    pub not_sensitive: bool,
    /// `runtime_choices`: the choices are given when the form is sent.
    pub runtime_choices: Option<Span>,
    /// serde's `default` / `default = "path"`: the property is optional, and an absent one
    /// reads as this default.
    pub serde_default: Option<SerdeDefault>,
    pub doc: Option<String>,
}

/// serde's `#[serde(default)]` or `#[serde(default = "path")]`, on a field or on the struct.
pub enum SerdeDefault {
    /// `default`: `Default::default()` of the field's type (of the struct, on the struct).
    Default(Span),
    /// `default = "path"`: a call of `path()`, spanned at the string.
    Path(syn::Path),
}

/// The attributes of a form struct.
pub struct Form {
    pub rename_all: Option<RenameRule>,
    /// `runtime_defaults`: write the `...Choices` / `...Defaults` types for a form without run-time choices.
    pub fill: bool,
    /// `choices_name = "..."`: the name of the generated `...Choices` type.
    pub choices_name: Option<Spanned<Ident>>,
    /// `defaults_name = "..."`: the name of the generated `...Defaults` type.
    pub defaults_name: Option<Spanned<Ident>>,
    /// serde's `default` on the struct: every property is optional, and an absent one reads as
    /// the struct's default's field.
    pub serde_default: Option<SerdeDefault>,
    /// `crate = "..."`: where the generated code finds the runtime.
    pub runtime: Runtime,
    /// `#[non_exhaustive]` on the struct: the generated `...Choices` and `...Defaults` types, whose
    /// members follow the form's fields, carry it too.
    pub non_exhaustive: bool,
}

/// The attributes of an enum.
pub struct Enum {
    pub rename_all: Option<RenameRule>,
    pub legacy_enum_names: Option<Span>,
    /// `crate = "..."`: where the generated code finds the runtime.
    pub runtime: Runtime,
}

/// The attributes of one variant.
pub struct Variant {
    /// `skip`, or serde's `skip` / `skip_deserializing` / `other`: not a choice. The span of
    /// the key.
    pub skip: Option<Span>,
    pub title: Option<Spanned<String>>,
    pub rename: Option<Spanned<String>>,
    pub serde_rename: Option<String>,
}

fn unknown_key(
    meta: &syn::meta::ParseNestedMeta,
    key: &Ident,
    place: &str,
    keys: &[&str],
) -> syn::Error {
    let name = key.to_string();
    let mut message = format!(
        "unknown `form` key `{name}` on {place}; the keys here are: {}",
        keys.join(", ")
    );
    if let Some(close) = closest(&name, keys) {
        message = format!("{message}\ndid you mean `{close}`?");
    }
    let e = syn::Error::new(key.span(), message);
    // Skip the value, so the next key is still read.
    skip_value(meta);
    e
}

/// The key of `keys` within a small edit distance of `name`.
fn closest<'a>(name: &str, keys: &[&'a str]) -> Option<&'a str> {
    let normalized = |s: &str| s.replace(['_', '-'], "").to_ascii_lowercase();
    let n = normalized(name);
    keys.iter()
        .map(|k| (edit_distance(&n, &normalized(k)), *k))
        .filter(|(d, k)| *d <= 2.max(k.len() / 4))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    // The distances from the first `i` characters of `a` to each prefix of `b`, row by row.
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = Vec::with_capacity(prev.len());
        let mut left = i + 1;
        cur.push(left);
        for ((cb, diagonal), up) in b.iter().zip(&prev).zip(prev.iter().skip(1)) {
            left = (diagonal + usize::from(ca != *cb))
                .min(up + 1)
                .min(left + 1);
            cur.push(left);
        }
        prev = cur;
    }
    prev.last().copied().unwrap_or_default()
}

/// A key that takes no value (`not_sensitive`): anything after it is an error at the key.
fn flag(meta: &syn::meta::ParseNestedMeta, key: &Ident) -> syn::Result<()> {
    if meta.input.is_empty() || meta.input.peek(Token![,]) {
        return Ok(());
    }
    Err(syn::Error::new(
        key.span(),
        format!("`{key}` takes no value: write it alone, as in `#[form({key})]`"),
    ))
}

/// A string literal after `key =`.
fn parse_str(meta: &syn::meta::ParseNestedMeta, key: &Ident) -> syn::Result<(Span, String)> {
    parse_str_as(meta, key, "\"...\"")
}

/// A string literal after `key =`, shown in the errors as `key = example`.
pub fn parse_str_as(
    meta: &syn::meta::ParseNestedMeta,
    key: &Ident,
    example: &str,
) -> syn::Result<(Span, String)> {
    let input = value_of(meta, key, example)?;
    if !input.peek(LitStr) {
        return Err(input.error(format!("`{key}` takes a string, as in `{key} = {example}`")));
    }
    let lit: LitStr = input.parse()?;
    Ok((lit.span(), lit.value()))
}

/// A string naming a generated type: a Rust identifier, spanned at the string.
fn parse_type_name(meta: &syn::meta::ParseNestedMeta, key: &Ident) -> syn::Result<(Span, Ident)> {
    let input = value_of(meta, key, "\"AssignChoices\"")?;
    let lit: LitStr = input.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            format!("`{key}` takes a string, as in `{key} = \"AssignChoices\"`"),
        )
    })?;
    match syn::parse_str::<Ident>(&lit.value()) {
        Ok(mut ident) => {
            // Re-spanned, not rebuilt from its text: a raw identifier (`r#Type`) stays one.
            ident.set_span(lit.span());
            Ok((lit.span(), ident))
        }
        Err(_) => Err(syn::Error::new(
            lit.span(),
            format!(
                "`{key}` names the generated type: it takes a Rust type name, as in `{key} = \"AssignChoices\"`"
            ),
        )),
    }
}

fn parse_nonempty_str(
    meta: &syn::meta::ParseNestedMeta,
    key: &Ident,
) -> syn::Result<(Span, String)> {
    let (span, value) = parse_str(meta, key)?;
    if value.is_empty() {
        return Err(syn::Error::new(span, format!("`{key}` must not be empty")));
    }
    if value.trim().is_empty() {
        return Err(syn::Error::new(
            span,
            format!("`{key}` must not be blank (only white space): a client would show nothing"),
        ));
    }
    Ok((span, value))
}

/// A `rename`: any string but the empty one (`what` it names, for the message).
fn parse_rename(
    meta: &syn::meta::ParseNestedMeta,
    key: &Ident,
    what: &str,
) -> syn::Result<(Span, String)> {
    let (span, value) = parse_str(meta, key)?;
    if value.is_empty() {
        return Err(syn::Error::new(
            span,
            format!("`rename` must not be empty: it is {what}"),
        ));
    }
    Ok((span, value))
}

fn parse_u64(meta: &syn::meta::ParseNestedMeta, key: &Ident) -> syn::Result<(Span, u64)> {
    let input = value_of(meta, key, "1")?;
    if input.peek(Token![-]) {
        let minus: Token![-] = input.parse()?;
        let lit: syn::Lit = input.parse()?;
        return Err(At {
            start: minus.span,
            end: lit.span(),
        }
        .error(format!(
            "`{key}` counts characters or items and cannot be negative"
        )));
    }
    let lit: syn::Lit = input.parse()?;
    match &lit {
        syn::Lit::Int(i) => match suffix(i.suffix(), key, i.span().into())? {
            Some(s) if !s.starts_with('u') => Err(syn::Error::new(
                i.span(),
                format!(
                    "`{key}` counts characters or items, which is never negative: write `{n}` or `{n}u32`, not the signed `{n}{s}`",
                    n = i.base10_digits()
                ),
            )),
            _ => Ok((i.span(), i.base10_parse::<u64>()?)),
        },
        other => Err(syn::Error::new(
            other.span(),
            format!("`{key}` takes a whole number, as in `{key} = 1`"),
        )),
    }
}

/// The type suffix `written` on a number of `key` at `at` (`None` when there is none), or the
/// error for one that is no number type (`10pts`).
fn suffix(written: &str, key: &Ident, at: At) -> syn::Result<Suffix> {
    match SUFFIXES.iter().copied().find(|s| *s == written) {
        Some(s) => Ok(Some(s)),
        None if written.is_empty() => Ok(None),
        None => Err(at.error(format!(
            "`{key}` takes a number; `{written}` is not a number type (write the number alone)"
        ))),
    }
}

/// `-`? integer-or-float literal, with the type suffix it may carry.
fn parse_number(input: ParseStream, key: &Ident) -> syn::Result<(At, NumLit)> {
    let minus: Option<Token![-]> = input.parse()?;
    if let Some(minus) = minus.as_ref().filter(|_| input.peek(Token![-])) {
        return Err(syn::Error::new(
            minus.span,
            format!("`{key}` takes a number with at most one `-`"),
        ));
    }
    let lit: syn::Lit = input.parse()?;
    let span = At {
        start: minus.as_ref().map_or(lit.span(), |m| m.span),
        end: lit.span(),
    };
    let sign = if minus.is_some() { -1 } else { 1 };
    let suffix = match &lit {
        syn::Lit::Int(i) => suffix(i.suffix(), key, span)?,
        syn::Lit::Float(f) => suffix(f.suffix(), key, span)?,
        _ => None,
    };
    match &lit {
        syn::Lit::Int(i) => Ok((span, NumLit::Int(sign * i.base10_parse::<i128>()?, suffix))),
        syn::Lit::Float(f) => match f.base10_parse::<f64>()? {
            v if v.is_finite() => Ok((span, NumLit::Float(sign as f64 * v, suffix))),
            // Underlined with its sign, as the other errors about a number are.
            _ => Err(span.error(format!(
                "`{key}` must be a finite number; `{}{f}` is beyond the range of `f64`",
                if minus.is_some() { "-" } else { "" }
            ))),
        },
        other => Err(syn::Error::new(
            other.span(),
            format!("`{key}` takes a number, as in `{key} = 1` or `{key} = 0.5`"),
        )),
    }
}

fn parse_default(input: ParseStream, key: &Ident) -> syn::Result<(At, DefaultLit)> {
    if input.peek(syn::token::Bracket) {
        let content;
        let bracket = syn::bracketed!(content in input);
        let paths = content.parse_terminated(syn::Path::parse, Token![,])?;
        return Ok((
            bracket.span.join().into(),
            DefaultLit::Variants(paths.into_iter().collect()),
        ));
    }
    if input.peek(LitStr) {
        let lit: LitStr = input.parse()?;
        return Ok((lit.span().into(), DefaultLit::Str(lit.value())));
    }
    if input.peek(syn::LitBool) {
        let lit: syn::LitBool = input.parse()?;
        return Ok((lit.span().into(), DefaultLit::Bool(lit.value)));
    }
    if input.peek(Token![-]) || input.peek(syn::LitInt) || input.peek(syn::LitFloat) {
        let (span, n) = parse_number(input, key)?;
        return Ok((span, DefaultLit::Num(n)));
    }
    if input.peek(Ident)
        || input.peek(Token![::])
        || input.peek(Token![crate])
        || input.peek(Token![self])
        || input.peek(Token![super])
    {
        let path: syn::Path = input.parse()?;
        return Ok((At::of(&path), DefaultLit::Variant(path)));
    }
    Err(input.error(
        "`default` takes a string literal, a number, `true`/`false`, an enum variant such as `Priority::High`, or a list of variants such as `[Label::Bug]`",
    ))
}

/// What the derives read of serde's attributes on the same item.
#[derive(Default)]
struct Serde {
    /// `rename = "..."`; with `rename(serialize = .., deserialize = ..)`, the deserialize name,
    /// the one an answer uses.
    rename: Option<String>,
    /// `rename_all = "..."`, the same way.
    rename_all: Option<String>,
    /// `skip` or `skip_deserializing` (on a variant also `other`, the catch-all): serde never
    /// reads the field or variant from its name, so it is not asked or offered.
    skip: Option<Span>,
    /// `flatten`: the field's own fields would be the properties, which a form cannot nest.
    flatten: Option<Span>,
    /// `default` / `default = "path"`: what an absent field reads as.
    default: Option<SerdeDefault>,
}

/// Reads `#[serde(...)]`: the keys in [`Serde`], ignoring serde's others.
fn serde_attrs(attrs: &[syn::Attribute]) -> Serde {
    let mut serde = Serde::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ = attr.parse_nested_meta(|meta| {
            let is_rename = meta.path.is_ident("rename");
            let is_rename_all = meta.path.is_ident("rename_all");
            if (is_rename || is_rename_all) && meta.input.peek(Token![=]) {
                let lit: LitStr = meta.value()?.parse()?;
                if is_rename {
                    serde.rename = Some(lit.value());
                } else {
                    serde.rename_all = Some(lit.value());
                }
            } else if (is_rename || is_rename_all) && meta.input.peek(syn::token::Paren) {
                meta.parse_nested_meta(|inner| {
                    let lit: LitStr = inner.value()?.parse()?;
                    if inner.path.is_ident("deserialize") {
                        if is_rename {
                            serde.rename = Some(lit.value());
                        } else {
                            serde.rename_all = Some(lit.value());
                        }
                    }
                    Ok(())
                })?;
            } else if ["skip", "skip_deserializing", "other"]
                .iter()
                .any(|k| meta.path.is_ident(k))
            {
                serde.skip = Some(meta.path.span());
            } else if meta.path.is_ident("flatten") {
                serde.flatten = Some(meta.path.span());
            } else if meta.path.is_ident("default") {
                if meta.input.peek(Token![=]) {
                    // serde reports a string that is not a path; it is left to serde here.
                    let lit: LitStr = meta.value()?.parse()?;
                    if let Ok(path) = lit.parse::<syn::Path>() {
                        serde.default = Some(SerdeDefault::Path(path));
                    }
                } else {
                    serde.default = Some(SerdeDefault::Default(meta.path.span()));
                }
            } else {
                skip_value(&meta);
            }
            Ok(())
        });
    }
    serde
}

/// The doc comment as a client shows it, read as rustdoc reads it: the lines of a paragraph
/// joined with a space (a line break in the source is no break in the text), except before a
/// line that starts a Markdown list item, heading, quote, table row or code fence, and after a
/// line that ends with a hard break (two spaces or `\\`); a blank line kept as one paragraph
/// break (`\n\n`); `/** ... */` comments without their leading `*` and indentation; trimmed.
/// `None` when there is none.
pub fn doc_comment(attrs: &[syn::Attribute]) -> Option<String> {
    let mut lines: Vec<String> = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        if let syn::Meta::NameValue(nv) = &attr.meta
            && let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
        {
            let text = s.value();
            if text.contains('\n') {
                lines.extend(block_lines(&text));
            } else {
                // `/// text` arrives as " text"; a blank `///` as "" (one empty line).
                let line = text.strip_prefix(' ').unwrap_or(&text);
                lines.push(line.to_owned());
            }
        }
    }
    // Runs of blank lines are one paragraph break.
    let mut out = String::new();
    let mut blank = false;
    let mut hard_break = false;
    for line in &lines {
        if line.trim().is_empty() {
            blank = !out.is_empty();
            continue;
        }
        let joined = !out.is_empty() && !blank && !hard_break && !starts_markdown_block(line);
        if !out.is_empty() {
            out.push_str(match (blank, joined) {
                (true, _) => "\n\n",
                (false, true) => " ",
                (false, false) => "\n",
            });
        }
        blank = false;
        hard_break = line.ends_with("  ") || line.ends_with('\\');
        let line = line.trim_end_matches('\\').trim_end();
        out.push_str(if joined { line.trim_start() } else { line });
    }
    (!out.is_empty()).then_some(out)
}

/// Whether `line` starts a Markdown block that needs a line of its own: a list item, a heading,
/// a quote, a table row or a code fence.
fn starts_markdown_block(line: &str) -> bool {
    let line = line.trim_start();
    let numbered = line.split_once(['.', ')']).is_some_and(|(n, rest)| {
        !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && rest.starts_with(' ')
    });
    numbered
        || ["- ", "* ", "+ ", "#", ">", "|", "```", "~~~"]
            .iter()
            .any(|start| line.starts_with(start))
}

/// The lines of a block doc comment (`/** ... */`, or a `#[doc = "..."]` spanning lines): without
/// a leading `*` column when every line after the first has one, else without their common
/// indentation. The first line, written right after `/**`, is only trimmed.
fn block_lines(text: &str) -> Vec<String> {
    let mut raw = text.split('\n');
    let first = raw.next().unwrap_or_default().trim().to_owned();
    let rest: Vec<&str> = raw.collect();
    let written = || rest.iter().filter(|l| !l.trim().is_empty());
    let starred = written().all(|l| l.trim_start().starts_with('*'));
    let indent = written()
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let rest = rest.iter().map(|l| {
        if l.trim().is_empty() {
            return String::new();
        }
        let line = if starred {
            let t = l.trim_start();
            let t = t.strip_prefix('*').unwrap_or(t);
            t.strip_prefix(' ').unwrap_or(t)
        } else {
            l.get(indent..).unwrap_or(l)
        };
        line.trim_end().to_owned()
    });
    std::iter::once(first).chain(rest).collect()
}

fn rename_rule(cx: &Ctxt, span: Span, name: &str) -> Option<RenameRule> {
    let rule = RenameRule::from_name(name);
    if rule.is_none() {
        cx.error_at(
            span,
            format!(
                "unknown `rename_all` rule \"{name}\"; the rules are {}",
                RenameRule::names()
            ),
        );
    }
    rule
}

impl Field {
    pub fn from_ast(cx: &Ctxt, field: &syn::Field) -> Field {
        let mut title = Slot::new(cx, "title");
        let mut description = Slot::new(cx, "description");
        let mut rename = Slot::new(cx, "rename");
        let mut min_length = Slot::new(cx, "min_length");
        let mut max_length = Slot::new(cx, "max_length");
        let mut format = Slot::new(cx, "format");
        let mut minimum = Slot::new(cx, "minimum");
        let mut maximum = Slot::new(cx, "maximum");
        let mut default = Slot::new(cx, "default");
        let mut min_items = Slot::new(cx, "min_items");
        let mut max_items = Slot::new(cx, "max_items");
        let mut not_sensitive = Slot::new(cx, "not_sensitive");
        let mut runtime_choices = Slot::new(cx, "runtime_choices");
        let mut skip = Slot::new(cx, "skip");

        each_form_key(cx, &field.attrs, &mut |key, meta| {
            match key.to_string().as_str() {
                "title" => {
                    let (span, v) = parse_nonempty_str(meta, key)?;
                    title.set(key, span, v);
                }
                "description" => {
                    let (span, v) = parse_nonempty_str(meta, key)?;
                    description.set(key, span, v);
                }
                "rename" => {
                    let (span, v) = parse_rename(meta, key, "the property's name in the form")?;
                    rename.set(key, span, v);
                }
                "min_length" => {
                    let (span, v) = parse_u64(meta, key)?;
                    min_length.set(key, span, v);
                }
                "max_length" => {
                    let (span, v) = parse_u64(meta, key)?;
                    max_length.set(key, span, v);
                }
                "min_items" => {
                    let (span, v) = parse_u64(meta, key)?;
                    min_items.set(key, span, v);
                }
                "max_items" => {
                    let (span, v) = parse_u64(meta, key)?;
                    max_items.set(key, span, v);
                }
                "format" => {
                    let (span, v) = parse_str_as(meta, key, "\"email\"")?;
                    // Whether it names a format is checked against the runtime's list, in
                    // constant evaluation (`expand`).
                    format.set(key, span, v);
                }
                "minimum" => {
                    let (span, v) = parse_number(value_of(meta, key, "1")?, key)?;
                    minimum.set(key, span, v);
                }
                "maximum" => {
                    let (span, v) = parse_number(value_of(meta, key, "1")?, key)?;
                    maximum.set(key, span, v);
                }
                "default" => {
                    let (span, v) = parse_default(value_of(meta, key, "\"...\"")?, key)?;
                    default.set(key, span, v);
                }
                "not_sensitive" => not_sensitive.set_flag(meta, key)?,
                "runtime_choices" => runtime_choices.set_flag(meta, key)?,
                "skip" => skip.set_flag(meta, key)?,
                _ => return Err(unknown_key(meta, key, "a field", FIELD_KEYS)),
            }
            Ok(())
        });

        let serde = serde_attrs(&field.attrs);
        Field {
            skip: skip.get().map(|s| s.key).or(serde.skip),
            serde_flatten: serde.flatten,
            title: title.get(),
            description: description.get(),
            rename: rename.get(),
            serde_rename: serde.rename,
            min_length: min_length.get(),
            max_length: max_length.get(),
            format: format.get(),
            minimum: minimum.get(),
            maximum: maximum.get(),
            default: default.get(),
            min_items: min_items.get(),
            max_items: max_items.get(),
            not_sensitive: not_sensitive.get().is_some(),
            runtime_choices: runtime_choices.get().map(|s| s.span),
            serde_default: serde.default,
            doc: doc_comment(&field.attrs),
        }
    }
}

impl Field {
    /// The key of a `#[form]` key given besides `skip`, which a skipped field does not use.
    pub fn key_besides_skip(&self) -> Option<Span> {
        (self.title.as_ref().map(|s| s.key))
            .or(self.description.as_ref().map(|s| s.key))
            .or(self.rename.as_ref().map(|s| s.key))
            .or(self.min_length.as_ref().map(|s| s.key))
            .or(self.max_length.as_ref().map(|s| s.key))
            .or(self.format.as_ref().map(|s| s.key))
            .or(self.minimum.as_ref().map(|s| s.key))
            .or(self.maximum.as_ref().map(|s| s.key))
            .or(self.default.as_ref().map(|s| s.key))
            .or(self.min_items.as_ref().map(|s| s.key))
            .or(self.max_items.as_ref().map(|s| s.key))
            .or(self.runtime_choices)
    }
}

impl Form {
    pub fn from_ast(cx: &Ctxt, input: &syn::DeriveInput) -> Form {
        let mut rename_all = Slot::new(cx, "rename_all");
        let mut fill = Slot::new(cx, "runtime_defaults");
        let mut choices_name = Slot::new(cx, "choices_name");
        let mut defaults_name = Slot::new(cx, "defaults_name");
        let mut runtime = Slot::new(cx, "crate");
        each_form_key(cx, &input.attrs, &mut |key, meta| {
            match key.to_string().as_str() {
                "rename_all" => rename_all.set_rule(meta, key)?,
                "crate" => runtime.set_runtime(meta, key)?,
                "runtime_defaults" => fill.set_flag(meta, key)?,
                "choices_name" => {
                    let (span, name) = parse_type_name(meta, key)?;
                    choices_name.set(key, span, name);
                }
                "defaults_name" => {
                    let (span, name) = parse_type_name(meta, key)?;
                    defaults_name.set(key, span, name);
                }
                "title" | "description" => {
                    skip_value(meta);
                    return Err(syn::Error::new(
                        key.span(),
                        format!(
                            "an MCP form has no root `{key}`: strict clients reject a `requestedSchema` with one\n\
                             put the text in the elicitation's `message`, or give each field a `title`/`description`"
                        ),
                    ));
                }
                _ => {
                    return Err(unknown_key(
                        meta,
                        key,
                        "a form struct",
                        &[
                            "rename_all",
                            "runtime_defaults",
                            "choices_name",
                            "defaults_name",
                            "crate",
                        ],
                    ));
                }
            }
            Ok(())
        });
        let rename_all = rename_all.or_serde(input);
        Form {
            rename_all,
            fill: fill.get().is_some(),
            choices_name: choices_name.get(),
            defaults_name: defaults_name.get(),
            serde_default: serde_attrs(&input.attrs).default,
            runtime: runtime.or_default(),
            non_exhaustive: input
                .attrs
                .iter()
                .any(|attr| attr.path().is_ident("non_exhaustive")),
        }
    }
}

impl Enum {
    pub fn from_ast(cx: &Ctxt, input: &syn::DeriveInput) -> Enum {
        let mut rename_all = Slot::new(cx, "rename_all");
        let mut legacy = Slot::new(cx, "legacy_enum_names");
        let mut runtime = Slot::new(cx, "crate");
        each_form_key(cx, &input.attrs, &mut |key, meta| {
            match key.to_string().as_str() {
                "rename_all" => rename_all.set_rule(meta, key)?,
                "legacy_enum_names" => legacy.set_flag(meta, key)?,
                "crate" => runtime.set_runtime(meta, key)?,
                _ => {
                    return Err(unknown_key(
                        meta,
                        key,
                        "an enum",
                        &["rename_all", "legacy_enum_names", "crate"],
                    ));
                }
            }
            Ok(())
        });
        let rename_all = rename_all.or_serde(input);
        Enum {
            rename_all,
            legacy_enum_names: legacy.get().map(|s| s.key),
            runtime: runtime.or_default(),
        }
    }
}

impl Variant {
    pub fn from_ast(cx: &Ctxt, variant: &syn::Variant) -> Variant {
        let mut title = Slot::new(cx, "title");
        let mut rename = Slot::new(cx, "rename");
        let mut skip = Slot::new(cx, "skip");
        each_form_key(cx, &variant.attrs, &mut |key, meta| {
            match key.to_string().as_str() {
                "title" => {
                    let (span, v) = parse_nonempty_str(meta, key)?;
                    title.set(key, span, v);
                }
                "rename" => {
                    let (span, v) = parse_rename(meta, key, "the choice's value in the form")?;
                    rename.set(key, span, v);
                }
                "skip" => skip.set_flag(meta, key)?,
                _ => {
                    return Err(unknown_key(
                        meta,
                        key,
                        "an enum variant",
                        &["title", "rename", "skip"],
                    ));
                }
            }
            Ok(())
        });
        let serde = serde_attrs(&variant.attrs);
        Variant {
            skip: skip.get().map(|s| s.key).or(serde.skip),
            title: title.get(),
            rename: rename.get(),
            serde_rename: serde.rename,
        }
    }
}

/// The identifier as written, without `r#`.
pub fn unraw(ident: &Ident) -> String {
    let s = ident.to_string();
    s.strip_prefix("r#").map(str::to_owned).unwrap_or(s)
}

/// Tokens as compact text, for messages (`Option<u8>` rather than `Option < u8 >`).
pub fn tokens_text<T: ToTokens>(tokens: &T) -> String {
    let s = tokens.to_token_stream().to_string();
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == ' ' {
            let prev = out.chars().last();
            let next = chars.peek().copied();
            let glue = matches!(prev, Some('<' | '(' | '[' | ':' | '&'))
                || matches!(next, Some('<' | '>' | ')' | ']' | ',' | ':'));
            if glue {
                continue;
            }
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::edit_distance;

    #[test]
    fn edit_distance_counts_insertions_deletions_and_substitutions() {
        for (a, b, distance) in [
            ("", "", 0),
            ("", "abc", 3),
            ("abc", "", 3),
            ("min_length", "min_length", 0),
            ("min_lenght", "min_length", 2),
            ("kitten", "sitting", 3),
            ("flaw", "lawn", 2),
            ("maximun", "maximum", 1),
            ("tittle", "title", 1),
            ("é", "e", 1),
        ] {
            assert_eq!(edit_distance(a, b), distance, "{a:?} {b:?}");
            assert_eq!(edit_distance(b, a), distance, "{b:?} {a:?}");
        }
    }
}
