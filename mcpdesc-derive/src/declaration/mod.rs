//! `#[elicitation(...)]` on server functions.
//!
//! The attribute leaves the function unchanged and emits beside it the declaration's typed handle:
//! a `const` (an associated one for a method) whose initializer holds the compile-time checks of
//! the declaration and its registration (an `inventory` submission). Items nested in a constant's
//! initializer are evaluated and collected whether or not the constant is used.
//!
//! Laid out as the derives are: [`ast`] scans the item, [`attr`] reads the arguments (every
//! mistake reported in one context), [`check`] holds the declaration to the rules across its keys,
//! the function and its siblings, and [`expand`] writes the handle. The item is scanned as tokens
//! rather than parsed, so the macro needs no `syn/full`.

mod ast;
mod attr;
mod check;
mod expand;
mod placement;

use proc_macro2::{Span, TokenStream};
use quote::quote;

use crate::ctxt::Ctxt;

pub fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    let cx = Ctxt::new();
    let args = attr::parse_args(&cx, attr);
    let scanned = ast::Item::new(&item);
    let registration = check::check(&cx, &args, &scanned)
        .and_then(|checked| expand::registration(&args, &checked, &scanned));
    if scanned.body.is_none() {
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
    let registration = scanned.body.and(registration);
    quote!(#errors #item #registration)
}
