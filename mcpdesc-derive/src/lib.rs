//! Derive macros of [`mcpdesc-runtime`](https://docs.rs/mcpdesc-runtime): `ElicitationForm` and
//! `ElicitationEnum`.
//!
//! Use them through `mcpdesc_runtime`, which re-exports them; this crate's own paths are not
//! stable. The code is laid out as `serde_derive`'s: `ast` (typed input) ← `attr` (attribute
//! parsing, errors accumulated in one `ctxt::Ctxt`) → `check` (cross-field rules) → `expand`
//! (generated code); `declaration` is the `#[elicitation]` attribute. On error the macros emit
//! every error together with a dummy impl, so one mistake does not cascade.

#![deny(missing_docs)]

mod ast;
mod attr;
mod case;
mod check;
mod ctxt;
mod declaration;
mod expand;
mod sensitive;

use proc_macro::TokenStream;
use syn::parse_macro_input;

/// Derives `mcpdesc_runtime::ElicitationForm` for a struct with named fields: a flat, restricted
/// MCP `requestedSchema` built at compile time, and typed, validated parsing of the answer.
///
/// See the `mcpdesc_runtime` documentation for the field types and the `#[form(...)]` keys.
#[proc_macro_derive(ElicitationForm, attributes(form))]
pub fn derive_elicitation_form(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as syn::DeriveInput);
    expand::derive_form(&input).into()
}

/// Derives `mcpdesc_runtime::ElicitationEnum` for a fieldless enum: the choices of a single- or
/// multi-select.
///
/// See the `mcpdesc_runtime` documentation for the `#[form(...)]` keys.
#[proc_macro_derive(ElicitationEnum, attributes(form))]
pub fn derive_elicitation_enum(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as syn::DeriveInput);
    expand::derive_enum(&input).into()
}

/// Declares an elicitation of a tool, resource, resource template or prompt function, checks it at
/// compile time, and registers it for the generated MCP Description.
///
/// See the `mcpdesc_runtime` documentation for the keys.
#[proc_macro_attribute]
pub fn elicitation(args: TokenStream, item: TokenStream) -> TokenStream {
    declaration::expand(args.into(), item.into()).into()
}
