//! The rules across the keys of one declaration, the function it is on and the declarations
//! stacked beside it: a name, a message, one mode, one primitive, one handle. What it finds is
//! reported in the one context; what passes is a [`Checked`] declaration.

use proc_macro2::Span;
use syn::Ident;

use super::ast::{Item, stacked};
use super::attr::{Args, Str, Target, parse_args};
use super::placement::{
    Sibling, SiblingKind, check_below_expanded, default_target, expanded_above, sibling,
};
use crate::ctxt::Ctxt;

/// A declaration that passed the checks: what the expansion writes.
pub(super) struct Checked<'a> {
    pub(super) name: Str,
    pub(super) message: Str,
    /// The form's type, or the URL (`None`: chosen at run time).
    pub(super) mode: Result<&'a syn::Type, Option<Str>>,
    pub(super) target: Target,
    pub(super) handle: Ident,
}

fn is_name(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// The handle's name: `handle = NAME`, else `<FUNCTION>_<NAME>` in upper case, every character
/// of the declaration's name that cannot stand in an identifier (`.`, `-`) read as `_`.
pub(super) fn handle_name(explicit: Option<&Ident>, fn_name: &Ident, name: &Str) -> Ident {
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

/// Checks the declaration `args` on `item`; `None` when it cannot be registered (every reason
/// reported in `cx`).
pub(super) fn check<'a>(cx: &Ctxt, args: &'a Args, item: &Item) -> Option<Checked<'a>> {
    let site = Span::call_site();
    let (fn_name, body, item) = (item.fn_name.as_ref(), item.body, item.tokens.as_slice());

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
    Some(Checked {
        name: name?,
        message: message?,
        mode: mode?,
        target: target?,
        handle: handle?,
    })
}
