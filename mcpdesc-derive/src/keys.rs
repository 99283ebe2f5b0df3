//! Reading the keys of `#[form(...)]`: each key in turn, its value, and skipping past one that is
//! refused so that the next is still read.

use syn::parse::ParseStream;
use syn::{Ident, Token};

use crate::ctxt::Ctxt;

/// Whether `attr` is a `#[form(...)]` attribute.
pub fn is_form(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("form")
}

/// Calls `f` for every key of every `#[form(...)]` attribute.
///
/// `f` is a `dyn` closure: `parse_nested_meta` is then instantiated once for the crate, not once
/// per caller (each instantiation costs the derive crate's own build).
pub fn each_form_key(
    cx: &Ctxt,
    attrs: &[syn::Attribute],
    f: &mut dyn FnMut(&Ident, &syn::meta::ParseNestedMeta) -> syn::Result<()>,
) {
    for attr in attrs.iter().filter(|a| is_form(a)) {
        if let syn::Meta::Path(path) = &attr.meta {
            cx.error_spanned_by(
                path,
                "`#[form]` needs keys, as in `#[form(title = \"...\")]`",
            );
            continue;
        }
        let result = attr.parse_nested_meta(|meta| {
            let Some(key) = meta.path.get_ident().cloned() else {
                return Err(meta.error("expected a `form` key such as `title`"));
            };
            // A refused key or value is recorded, and reading goes on at the next key, so every
            // mistake of the attribute is reported together.
            if let Err(e) = f(&key, &meta) {
                cx.syn_error(e);
                skip_value(&meta);
            }
            Ok(())
        });
        if let Err(e) = result {
            cx.syn_error(e);
        }
    }
}

/// Consumes `= value` or `(...)` after a key that is being skipped.
pub fn skip_value(meta: &syn::meta::ParseNestedMeta) {
    let _ = meta.input.step(|cursor| {
        let mut rest = *cursor;
        while let Some((tt, next)) = rest.token_tree() {
            if let proc_macro2::TokenTree::Punct(p) = &tt
                && p.as_char() == ','
            {
                return Ok(((), rest));
            }
            rest = next;
        }
        Ok(((), rest))
    });
}

/// The value after `key =`; without the `=`, an error at the key that shows the key with a value
/// (`example`).
pub fn value_of<'a>(
    meta: &'a syn::meta::ParseNestedMeta,
    key: &Ident,
    example: &str,
) -> syn::Result<ParseStream<'a>> {
    if meta.input.peek(Token![=]) {
        return meta.value();
    }
    Err(syn::Error::new(
        key.span(),
        format!("`{key}` takes a value, as in `{key} = {example}`"),
    ))
}
