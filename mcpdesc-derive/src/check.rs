//! Rules that need more than one attribute or more than one field.

use crate::ast::{Enum, Field, Form};
use crate::attr::DefaultLit;
use crate::ctxt::Ctxt;
use crate::sensitive;

pub fn check_form(cx: &Ctxt, form: &Form) {
    // A form has a few fields: each is compared with those before it (no hash map to build).
    for (i, field) in form.fields.iter().enumerate() {
        if let Some(first) = form.fields.iter().take(i).find(|f| f.name == field.name) {
            cx.error_at(
                field.name_span,
                format!(
                    "duplicate property name \"{}\": fields `{}` and `{}` would both be sent as \"{}\"\n\
                     give one of them another name with `#[form(rename = \"...\")]`",
                    field.name, first.member, field.member, field.name
                ),
            );
        }
        check_sensitive(cx, field);
        check_ranges(cx, field);
        check_default(cx, field);
        check_runtime_choices(cx, form, field);
    }
    check_generated_names(cx, form);
}

/// The generated `...Choices` and `...Defaults` types need names of their own: not each other's,
/// nor the form's.
fn check_generated_names(cx: &Ctxt, form: &Form) {
    let (fill, defaults) = (&form.attrs.choices_name, &form.attrs.defaults_name);
    let fill_ident = form.fill_ident();
    for (key, named) in [("choices_name", fill), ("defaults_name", defaults)] {
        if let Some(named) = named
            && named.value == *form.ident
        {
            cx.error_at(
                named.span,
                format!(
                    "`{}` is the form's own name; give `{key}` another name for the generated type",
                    form.ident
                ),
            );
        }
    }
    if fill_ident == form.defaults_ident() {
        // At the name given (both generated names differ).
        let (named, key) = match (defaults, fill) {
            (Some(named), _) => (named, "defaults_name"),
            (None, Some(named)) => (named, "choices_name"),
            (None, None) => return,
        };
        cx.error_at(
            named.span,
            format!(
                "`{fill_ident}` would name both the form's `...Choices` and `...Defaults` types; give `{key}` another name"
            ),
        );
    }
}

/// A field whose choices come at run time is a select: string and number keys do not apply, and
/// its default (which must be one of choices unknown at compile time) is given at send time.
fn check_runtime_choices(cx: &Ctxt, form: &Form, field: &Field) {
    let a = &field.attrs;
    if a.runtime_choices.is_none() {
        return;
    }
    let keys = [
        ("min_length", a.min_length.as_ref().map(|k| k.key)),
        ("max_length", a.max_length.as_ref().map(|k| k.key)),
        ("format", a.format.as_ref().map(|k| k.key)),
        ("minimum", a.minimum.as_ref().map(|k| k.key)),
        ("maximum", a.maximum.as_ref().map(|k| k.key)),
    ];
    for (key, span) in keys {
        if let Some(span) = span {
            cx.error_at(
                span,
                format!(
                    "field `{}`: `{key}` does not apply to a field with run-time choices, whose answer is one of the choices given when the form is sent\n\
                     remove `{key}`, or remove `runtime_choices` to ask for free text",
                    field.member
                ),
            );
        }
    }
    if let Some(default) = &a.default {
        cx.error_at(
            default.key,
            format!(
                "field `{}`: a field with run-time choices takes its default when the form is sent, as one of those choices\n\
                 remove `default = ...` here and set `{} {{ {}: Some(...), .. }}` when filling the form",
                field.member,
                form.defaults_ident(),
                field.member
            ),
        );
    }
}

fn check_sensitive(cx: &Ctxt, field: &Field) {
    if field.attrs.not_sensitive {
        return;
    }
    let hit =
        sensitive::classify(&field.member.to_string()).or_else(|| sensitive::classify(&field.name));
    if let Some(what) = hit {
        cx.error_spanned_by(
            field.member,
            format!(
                "field `{}` looks like it asks for {what}\n\
                 MCP forbids requesting passwords, API keys, tokens or payment credentials through form mode\n\
                 collect it through URL mode instead (`#[elicitation(mode = \"url\", ...)]`), \
                 or add `#[form(not_sensitive)]` if this field holds no secret",
                field.member
            ),
        );
    }
}

fn check_ranges(cx: &Ctxt, field: &Field) {
    let a = &field.attrs;
    if let (Some(min), Some(max)) = (&a.min_length, &a.max_length)
        && min.value > max.value
    {
        cx.error_at(
            max.span,
            format!(
                "field `{}`: `max_length = {}` is below `min_length = {}`, so no answer could fit\n\
                 make `min_length` at most `max_length`",
                field.member, max.value, min.value
            ),
        );
    }
    if let (Some(min), Some(max)) = (&a.minimum, &a.maximum)
        && max.value.lt(min.value)
    {
        cx.error_over(
            max.at(),
            format!(
                "field `{}`: `maximum = {}` is below `minimum = {}`, so no answer could fit\n\
                 make `minimum` at most `maximum`",
                field.member, max.value, min.value
            ),
        );
    }
    if let (Some(min), Some(max)) = (&a.min_items, &a.max_items)
        && min.value > max.value
    {
        cx.error_at(
            max.span,
            format!(
                "field `{}`: `max_items = {}` is below `min_items = {}`, so no answer could fit\n\
                 make `min_items` at most `max_items`",
                field.member, max.value, min.value
            ),
        );
    }
}

/// Checks a default against the field's own literal bounds. Whether it fits the field's type and
/// format is checked in constant evaluation, where the type is known.
fn check_default(cx: &Ctxt, field: &Field) {
    let a = &field.attrs;
    let Some(default) = &a.default else { return };
    let member = field.member;
    match &default.value {
        DefaultLit::Str(s) => {
            let len = s.chars().count() as u64;
            if let Some(min) = a.min_length.as_ref().filter(|m| len < m.value) {
                cx.error_over(
                    default.at(),
                    format!(
                        "field `{member}`: the default has {len} characters, fewer than `min_length = {}`",
                        min.value
                    ),
                );
            }
            if let Some(max) = a.max_length.as_ref().filter(|m| len > m.value) {
                cx.error_over(
                    default.at(),
                    format!(
                        "field `{member}`: the default has {len} characters, more than `max_length = {}`",
                        max.value
                    ),
                );
            }
        }
        DefaultLit::Num(n) => {
            if let Some(min) = a.minimum.as_ref().filter(|m| n.lt(m.value)) {
                cx.error_over(
                    default.at(),
                    format!(
                        "field `{member}`: the default {n} is below `minimum = {}`",
                        min.value
                    ),
                );
            }
            if let Some(max) = a.maximum.as_ref().filter(|m| m.value.lt(*n)) {
                cx.error_over(
                    default.at(),
                    format!(
                        "field `{member}`: the default {n} is above `maximum = {}`",
                        max.value
                    ),
                );
            }
        }
        DefaultLit::Variants(paths) => {
            let count = paths.len() as u64;
            if let Some(min) = a.min_items.as_ref().filter(|m| count < m.value) {
                cx.error_over(
                    default.at(),
                    format!(
                        "field `{member}`: the default has {count} item(s), fewer than `min_items = {}`",
                        min.value
                    ),
                );
            }
            if let Some(max) = a.max_items.as_ref().filter(|m| count > m.value) {
                cx.error_over(
                    default.at(),
                    format!(
                        "field `{member}`: the default has {count} items, more than `max_items = {}`",
                        max.value
                    ),
                );
            }
            let mut seen = Vec::new();
            for path in paths {
                let text = crate::attr::tokens_text(path);
                if seen.contains(&text) {
                    cx.error_spanned_by(
                        path,
                        format!("field `{member}`: `{text}` appears twice in the default"),
                    );
                }
                seen.push(text);
            }
        }
        DefaultLit::Bool(_) | DefaultLit::Variant(_) => {}
    }
}

pub fn check_enum(cx: &Ctxt, e: &Enum) {
    let titled: Vec<_> = e
        .variants
        .iter()
        .filter(|v| v.attrs.title.is_some())
        .collect();
    if let Some(first) = titled.first()
        && titled.len() < e.variants.len()
    {
        let example = first.ident;
        for v in e.variants.iter().filter(|v| v.attrs.title.is_none()) {
            cx.error_spanned_by(
                v.ident,
                format!(
                    "variant `{}` has no title, but `{example}` has one\n\
                     MCP writes titles for every choice or for none: add `#[form(title = \"...\")]` here, or remove the other titles",
                    v.ident
                ),
            );
        }
    }
    if let Some(span) = e.attrs.legacy_enum_names
        && titled.is_empty()
        && !e.variants.is_empty()
    {
        cx.error_at(
            span,
            "`legacy_enum_names` writes each variant's `title` into `enumNames`, but no variant has a title\n\
             add `#[form(title = \"...\")]` to every variant, or remove `legacy_enum_names`",
        );
    }
    for (i, v) in e.variants.iter().enumerate() {
        if let Some(first) = e.variants.iter().take(i).find(|w| w.value == v.value) {
            let first = first.ident;
            cx.error_at(
                v.value_span,
                format!(
                    "duplicate choice value \"{}\": variants `{first}` and `{}` would both be sent as \"{}\"",
                    v.value, v.ident, v.value
                ),
            );
        }
    }
}
