//! Derive macros of [`mcpdesc-runtime`](https://docs.rs/mcpdesc-runtime): `ElicitationForm` and
//! `ElicitationEnum`.
//!
//! Use them through `mcpdesc_runtime`, which re-exports them; this crate's own paths are not
//! stable. The code is laid out as `serde_derive`'s: `ast` (typed input) ← `attr` (attribute
//! parsing, errors accumulated in one `ctxt::Ctxt`) → `check` (cross-field rules) → `expand`
//! (generated code); `declaration` is the `#[elicitation]` attribute. On error the macros emit
//! every error together with a dummy impl, so one mistake does not cascade.
//!
//! `expand` writes what depends on the input (names, literals, and every path or check spanned
//! at a field's type or a key) and hands it to hidden `macro_rules!` macros of the runtime
//! (`mcpdesc-runtime/src/expand.rs`), which write the fixed rest of each impl: this crate then
//! does not carry that code token by token, which is most of what it cost to compile.

#![deny(missing_docs)]

mod ast;
mod attr;
mod case;
mod check;
mod ctxt;
mod declaration;
mod expand;
mod keys;
mod resources;
mod runtime;
mod sensitive;
mod span;

use proc_macro::TokenStream;
use syn::parse_macro_input;

/// Derives `mcpdesc_runtime::ElicitationForm` for a struct with named fields: a flat, restricted
/// MCP `requestedSchema` built at compile time, and typed, validated parsing of the answer.
///
/// A field is a `String`, `bool`, `f32`/`f64`, an integer type of 64 bits or fewer (or an
/// unsigned `NonZero` one), an `ElicitationEnum` enum (single-select), a `Vec`, `BTreeSet` or
/// `HashSet` of one (multi-select), or an `Option` of any of these (left out of `required`). Its
/// doc comment is the property's `description`, read as rustdoc renders it: the lines of a
/// paragraph become one line of text, and paragraphs, list items and hard breaks stay apart.
///
/// Field keys, `#[form(...)]`:
///
/// | key | what |
/// |---|---|
/// | `title = "..."` | the property's `title` |
/// | `description = "..."` | the property's `description`, instead of the doc comment |
/// | `rename = "..."` | the property's name (else `rename_all`, `#[serde(rename)]`, the field's) |
/// | `min_length = n`, `max_length = n` | a string's length bounds, in characters |
/// | `format = "..."` | a string's format: `"email"`, `"uri"`, `"date"` or `"date-time"` |
/// | `minimum = x`, `maximum = x` | a number's or integer's bounds (inclusive) |
/// | `default = ...` | the default: a literal of the field's type, a variant (`Priority::Low`) or a list of them |
/// | `min_items = n`, `max_items = n` | a multi-select's item counts |
/// | `runtime_choices` | a `String`, `Vec<String>` or `BTreeSet<String>` whose choices are given when the form is sent |
/// | `not_sensitive` | the field's name looks like a secret but is not (a form must not ask for secrets) |
/// | `skip` | not asked: no property, read as its default |
///
/// Of serde's attributes on the same struct, the derive reads `rename` and `rename_all` (when
/// no `#[form]` rename is given), `skip` and `skip_deserializing` (as `#[form(skip)]`),
/// `default` and `default = "path"` (on a field or the struct: the property is optional and an
/// absent one reads as that default), and `flatten` (a compile error: a form is flat).
///
/// Container keys: `rename_all = "..."` (serde's rule names), `prepare` (write the `...Choices` and
/// `...Defaults` types for run-time defaults), `choices_name = "..."`, `defaults_name = "..."`
/// (other names for them), `crate = "..."` (the path of `mcpdesc_runtime` where the code
/// reaches it under another name, as `#[serde(crate = "...")]`: a re-export such as
/// `"my_framework::mcpdesc_runtime"`, or the dependency renamed, `"::mcpdesc"`). Every mistake (a key that does not fit the field's type, bounds that
/// cross, a default outside the bounds, a field type a form cannot have, a field that asks for
/// a secret, vocabulary a protocol version lacks) is a compile error at the key or the type,
/// and all of them are reported together. The `mcpdesc_runtime` crate documentation and README
/// have examples.
#[proc_macro_derive(ElicitationForm, attributes(form))]
pub fn derive_elicitation_form(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as syn::DeriveInput);
    expand::derive_form(&input).into()
}

/// Derives `mcpdesc_runtime::ElicitationEnum` for a fieldless enum: the choices of a single- or
/// multi-select.
///
/// Variant keys, `#[form(...)]`: `rename = "..."` (the choice's value, else `rename_all` or the
/// variant's name) and `title = "..."` (a titled choice: `oneOf` of `{const, title}` for a
/// single-select, `items.anyOf` for a multi-select; all variants or none). Container keys:
/// `rename_all = "..."` (serde's rule names), `legacy_enum_names` (write titles as the
/// `enumNames` of MCP 2025-06-18 instead of `oneOf`, for single-selects only) and
/// `crate = "..."` (as on a form).
#[proc_macro_derive(ElicitationEnum, attributes(form))]
pub fn derive_elicitation_enum(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as syn::DeriveInput);
    expand::derive_enum(&input).into()
}

/// Declares an elicitation of a tool, resource, resource template or prompt function, checks it at
/// compile time, and registers it for the generated MCP Description.
///
/// | key | what |
/// |---|---|
/// | `name = "..."` | required; unique on its primitive, `^[A-Za-z0-9._-]+$` |
/// | `message = "..."` | required; what the user is asked |
/// | `form = Type` | form mode, with a `#[derive(ElicitationForm)]` struct |
/// | `url = "..."`, `mode = "url"` | URL mode (the URL is optional: a static one is documented) |
/// | `when = "..."` | when the server asks |
/// | `on_decline = "..."`, `on_cancel = "..."` | what the server does then |
/// | `protocol_versions = ["2025-11-25", ...]` | the declaration's scope, within its primitive's (else it inherits the primitive's, and the description builder refuses one the form or URL mode cannot serve); checked against the form's vocabulary here |
/// | `tool`, `prompt`, `resource`, `resource_template` `= "..."` | the primitive, when not the function's: a name, a resource's absolute URI (characters beyond ASCII may stand unescaped, as in an IRI), or an RFC 6570 URI template |
/// | `handle = NAME` | the name of the declaration's handle, instead of `<FUNCTION>_<NAME>` |
/// | `crate = "..."` | the path of `mcpdesc_runtime` where the code reaches it under another name (a re-export, or the dependency renamed), as on a form |
///
/// The function is left as it is. Beside it the attribute writes the declaration's typed handle,
/// a `const` with the function's visibility (an associated one for a method, so the method is in
/// an inherent `impl` block): `FormHandle<Form>` or `UrlHandle`, named after the function and
/// the declaration in upper case, `.` and `-` read as `_` (`name = "triage"` on
/// `fn create_issue` gives `CREATE_ISSUE_TRIAGE`), or as `handle = NAME` says. Server code asks
/// it with `ask!(asker, Self::CREATE_ISSUE_TRIAGE)`; two declarations of one function whose
/// handles would share a name are a compile error that says to name one.
///
/// The primitive is otherwise the one rmcp serves the function as: the `name` of a
/// `#[tool(...)]` / `#[prompt(...)]` written below this attribute, else the function's name.
/// Write `#[elicitation]` above rmcp's attribute: below it, this attribute cannot see the name
/// (rmcp expands first), and the cases that would go wrong are compile errors that say what to
/// write (found from the trace rmcp leaves on an `async fn`, or from the function's source file
/// on a plain `fn`; in generated code whose source cannot be read, the description builder and
/// the contract check say it instead). A form that does not fit a version in scope, a URL that
/// is not an absolute URI, a resource that is not one or a template that is not a URI template,
/// a blank text, or a duplicate name on the same function is a compile error.
#[proc_macro_attribute]
pub fn elicitation(args: TokenStream, item: TokenStream) -> TokenStream {
    declaration::expand(args.into(), item.into()).into()
}

/// Routes the resource templates of an impl block: each `async fn` marked
/// `#[resource_template(uri = "...")]` serves the URIs its RFC 6570 template expands to.
///
/// The block gains `fn resource_router() -> ResourceRouter<Self>` (`vis = "pub"` makes it
/// public). `#[resource_template]` keys: `uri` (required, checked at compile time), `name`
/// (else the function's), `title`, `description` (else the doc comment) and `mime_type`. The
/// function takes `&self` and any of `TemplateUri<T>`, `Asker`, `RequestContext<RoleServer>`
/// and `ReadResourceRequestParams`, and returns a `Result` of something that converts to
/// `ReadResourceResponse`. An `#[elicitation]` on it that names no primitive belongs to its
/// template. See `mcpdesc_runtime::resources`.
#[proc_macro_attribute]
pub fn resource_router(args: TokenStream, item: TokenStream) -> TokenStream {
    resources::router(args.into(), item.into()).into()
}

/// Writes `list_resource_templates` and `read_resource` of an `impl ServerHandler` from the
/// router `Self::resource_router()` (or `router = expr`, such as a field `self.resources`),
/// unless the block writes them itself, as rmcp's `#[tool_handler]` does for tools. See `mcpdesc_runtime::resources`.
#[proc_macro_attribute]
pub fn resource_handler(args: TokenStream, item: TokenStream) -> TokenStream {
    resources::handler(args.into(), item.into()).into()
}
