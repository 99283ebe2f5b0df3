//! Code generation for the two derives.
//!
//! Everything generated names the runtime through `::mcpdesc_runtime::__private`, so it compiles
//! under `#![no_implicit_prelude]` and next to user types called `Option`, `Result` or `String`.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned as _;

use crate::ast::{Enum, Field, Form};
use crate::attr::{self, At, DefaultLit, NumLit, Spanned};
use crate::check;
use crate::ctxt::Ctxt;

fn private() -> TokenStream {
    quote!(::mcpdesc_runtime::__private)
}

pub fn derive_form(input: &syn::DeriveInput) -> TokenStream {
    let cx = Ctxt::new();
    let form = crate::ast::Form::from_ast(&cx, input);
    if let Some(form) = &form {
        check::check_form(&cx, form);
    }
    match (cx.check(), form) {
        (Ok(()), Some(form)) => expand_form(&form),
        (Err(e), form) => {
            let mut out = e.to_compile_error();
            out.extend(dummy_form(input));
            // The run-time part too, so that code filling the form adds no errors of its own
            // (unless the names it would take are the error).
            if let Some(form) = form.as_ref().filter(|f| !f.generated_names_clash()) {
                let ident = form.ident;
                let p = private();
                let schema = quote!(<#ident as #p::ElicitationForm>::requested_schema());
                let (types, imp) = fill_types(form, &schema);
                out.extend(types);
                out.extend(quote!(const _: () = { #imp };));
            }
            out
        }
        (Ok(()), None) => dummy_form(input),
    }
}

pub fn derive_enum(input: &syn::DeriveInput) -> TokenStream {
    let cx = Ctxt::new();
    let e = crate::ast::Enum::from_ast(&cx, input);
    if let Some(e) = &e {
        check::check_enum(&cx, e);
    }
    match (cx.check(), e) {
        (Ok(()), Some(e)) => expand_enum(&e),
        (Err(err), _) => {
            let mut out = err.to_compile_error();
            out.extend(dummy_enum(input));
            out
        }
        (Ok(()), None) => dummy_enum(input),
    }
}

fn opt<T: quote::ToTokens>(value: Option<T>) -> TokenStream {
    let p = private();
    match value {
        Some(v) => quote!(#p::Some(#v)),
        None => quote!(#p::None),
    }
}

fn lit_u64(v: &Option<Spanned<u64>>) -> TokenStream {
    opt(v.as_ref().map(|v| Literal::u64_unsuffixed(v.value)))
}

fn num(n: NumLit) -> TokenStream {
    let p = private();
    match n {
        NumLit::Int(i) => {
            let l = Literal::i128_unsuffixed(i);
            quote!(#p::Bound::Int(#l))
        }
        NumLit::Float(f) => {
            let l = Literal::f64_unsuffixed(f);
            quote!(#p::Bound::Float(#l))
        }
    }
}

fn format_variant(name: &str) -> TokenStream {
    let p = private();
    let v = match name {
        "email" => quote!(Email),
        "uri" => quote!(Uri),
        "date" => quote!(Date),
        _ => quote!(DateTime),
    };
    quote!(#p::StringFormat::#v)
}

fn last_ident(path: &syn::Path) -> String {
    path.segments
        .last()
        .map(|s| attr::unraw(&s.ident))
        .unwrap_or_default()
}

/// `<Ty as FormField>`, spanned at the field's type so a type error points there.
fn field_trait(field: &Field) -> TokenStream {
    let p = private();
    let ty = field.ty;
    quote_spanned!(field.ty_span()=> <#ty as #p::FormField>)
}

/// `<Ty as RuntimeChoiceField>` for a field marked `runtime_choices`, spanned over its type: `<`
/// at the type's first token, the rest at its last, so that an expression through it (with
/// anything after it spanned at [`Field::ty_end_span`]) is reported over the whole type, where
/// the type positions report it too, and rustc then reports it once.
fn runtime_trait(field: &Field) -> TokenStream {
    let end = field.ty_end_span();
    let p = quote_spanned!(end=> ::mcpdesc_runtime::__private);
    let open = quote_spanned!(field.ty_span()=> <);
    let ty = field.ty;
    quote_spanned!(end=> #open #ty as #p::RuntimeChoiceField>)
}

/// `ident` (a raw one stays raw) spanned at the last token of `field`'s type: an expression from
/// a token at the type's start to it is reported over the whole type, where the errors about the
/// field's type are reported (once, as rustc merges errors of one span).
fn at_type(ident: &syn::Ident, field: &Field) -> syn::Ident {
    let mut ident = ident.clone();
    ident.set_span(field.ty_end_span());
    ident
}

/// The trait that reads and writes the field: `FormField`, or `RuntimeChoiceField` when its
/// choices come at run time.
fn reader_trait(field: &Field) -> TokenStream {
    if field.is_runtime() {
        runtime_trait(field)
    } else {
        field_trait(field)
    }
}

fn field_attrs(field: &Field) -> TokenStream {
    let p = private();
    let a = &field.attrs;
    let ft = field_trait(field);
    let title = opt(a.title.as_ref().map(|t| t.value.as_str()));
    let description = opt(a
        .description
        .as_ref()
        .map(|d| d.value.clone())
        .or_else(|| a.doc.clone()));
    let format = opt(a.format.as_ref().map(|f| format_variant(&f.value)));
    let minimum = opt(a.minimum.as_ref().map(|m| num(m.value)));
    let maximum = opt(a.maximum.as_ref().map(|m| num(m.value)));
    let default = opt(a.default.as_ref().map(|d| match &d.value {
        DefaultLit::Str(s) => quote!(#p::DefaultValue::Str(#s)),
        DefaultLit::Num(NumLit::Int(i)) => {
            let l = Literal::i128_unsuffixed(*i);
            quote!(#p::DefaultValue::Int(#l))
        }
        DefaultLit::Num(NumLit::Float(f)) => {
            let l = Literal::f64_unsuffixed(*f);
            quote!(#p::DefaultValue::Float(#l))
        }
        DefaultLit::Bool(b) => quote!(#p::DefaultValue::Bool(#b)),
        DefaultLit::Variant(path) => {
            let ident = last_ident(path);
            quote!(#p::DefaultValue::Variant(#p::choice_value(#ft::KIND, #ident)))
        }
        DefaultLit::Variants(paths) => {
            let idents = paths.iter().map(last_ident);
            quote!(#p::DefaultValue::Variants(&[
                #( #p::CowStr::Borrowed(#p::choice_value(#ft::KIND, #idents)) ),*
            ]))
        }
    }));
    let (min_length, max_length) = (lit_u64(&a.min_length), lit_u64(&a.max_length));
    let (min_items, max_items) = (lit_u64(&a.min_items), lit_u64(&a.max_items));
    quote! {
        #p::FieldAttrs {
            title: #title,
            description: #description,
            min_length: #min_length,
            max_length: #max_length,
            format: #format,
            minimum: #minimum,
            maximum: #maximum,
            default: #default,
            min_items: #min_items,
            max_items: #max_items,
        }
    }
}

/// A `const` item that fails compilation with `message` when `fails` holds, spanned at `span`.
fn const_assert(at: impl Into<At>, fails: TokenStream, message: String) -> TokenStream {
    let at = at.into();
    let start = at.start;
    let p = quote_spanned!(start=> ::mcpdesc_runtime::__private);
    // The call runs from its path (at the first token) to its parentheses (at the last), so that
    // a failure is shown over the whole value, `-1` included.
    let mut args = proc_macro2::Group::new(
        proc_macro2::Delimiter::Parenthesis,
        quote_spanned!(at.end=> #fails, #message),
    );
    args.set_span(at.end);
    quote_spanned! {start=>
        const _: () = #p::fail_if #args;
    }
}

/// The compile-time checks of one field that need its type.
fn field_checks(field: &Field) -> TokenStream {
    if field.is_runtime() {
        return runtime_field_checks(field);
    }
    let p = private();
    let a = &field.attrs;
    let ft = field_trait(field);
    let member = field.member;
    let ty = attr::tokens_text(field.ty);
    let mut out = TokenStream::new();

    let string_keys = [
        ("min_length", a.min_length.as_ref().map(|k| k.key)),
        ("max_length", a.max_length.as_ref().map(|k| k.key)),
        ("format", a.format.as_ref().map(|k| k.key)),
    ];
    for (key, span) in string_keys {
        if let Some(span) = span {
            out.extend(const_assert(
                span,
                quote!(!#p::key_applies(#ft::KIND, #p::KeyClass::String)),
                format!(
                    "field `{member}`: `{key}` applies only to string fields, and `{ty}` is not a string\n\
                     use `minimum`/`maximum` on numbers and `min_items`/`max_items` on multi-selects"
                ),
            ));
        }
    }
    out.extend(items_key_checks(
        field,
        quote!(!#p::key_applies(#ft::KIND, #p::KeyClass::MultiSelect)),
        "is not one\n\
         a multi-select is a `Vec`, `BTreeSet` or `HashSet` of an `ElicitationEnum`; \
         use `min_length`/`max_length` on strings and `minimum`/`maximum` on numbers",
    ));
    for (key, bound) in [("minimum", &a.minimum), ("maximum", &a.maximum)] {
        let Some(bound) = bound else { continue };
        out.extend(const_assert(
            bound.key,
            quote!(!#p::key_applies(#ft::KIND, #p::KeyClass::Numeric)),
            format!(
                "field `{member}`: `{key}` applies only to number and integer fields, and `{ty}` is neither\n\
                 use `min_length`/`max_length` on strings and `min_items`/`max_items` on multi-selects"
            ),
        ));
        out.extend(number_fits(field, key, bound.at(), bound.value));
    }

    if let Some(default) = &a.default {
        let span = default.span;
        let at = default.at();
        let kind_check = |class: TokenStream, what: &str| {
            const_assert(
                at,
                quote!(!#p::key_applies(#ft::KIND, #p::KeyClass::#class)),
                format!(
                    "field `{member}`: the default is {what}, which does not fit `{ty}`\n\
                     write a default of the field's own type: a string literal for a string, a number for a number, \
                     `true`/`false` for a boolean, a variant such as `Priority::High` for a single-select, \
                     or a list such as `[Label::Bug]` for a multi-select"
                ),
            )
        };
        match &default.value {
            DefaultLit::Str(s) => {
                out.extend(kind_check(quote!(String), default.value.describe()));
                if let Some(format) = &a.format {
                    let fmt = format_variant(&format.value);
                    out.extend(const_assert(
                        at,
                        quote!(!#p::format_matches(#fmt, #s)),
                        format!(
                            "field `{member}`: the default {s:?} is not a valid `{}` value",
                            format.value
                        ),
                    ));
                }
            }
            DefaultLit::Num(n) => {
                out.extend(kind_check(quote!(Numeric), default.value.describe()));
                out.extend(number_fits(field, "default", at, *n));
            }
            DefaultLit::Bool(_) => out.extend(kind_check(quote!(Boolean), "a boolean")),
            DefaultLit::Variant(path) => {
                out.extend(quote_spanned! {span=>
                    const _: () = {
                        let _: #ft::Value = #path;
                    };
                });
                out.extend(skipped_default_check(field, path));
            }
            DefaultLit::Variants(paths) => {
                let n = paths.len();
                let ms = quote_spanned!(span=> <#ft::Value as #p::MultiSelectValue>::Item);
                out.extend(quote_spanned! {span=>
                    const _: () = {
                        let _: [#ms; #n] = [#(#paths),*];
                    };
                });
                for path in paths {
                    out.extend(skipped_default_check(field, path));
                }
            }
        }
    }

    out.extend(const_assert(
        field.ty_span(),
        quote!(#p::is_legacy_multi_select(#ft::KIND)),
        format!(
            "field `{member}`: `{ty}` is a multi-select of an enum with `legacy_enum_names`, which MCP defines only for single-selects\n\
             remove `legacy_enum_names` from the enum: its titles are then written as `items.anyOf`"
        ),
    ));
    out
}

/// A default variant must be a choice: not one the enum skips (`#[form(skip)]`, serde's `skip`,
/// `skip_deserializing` or `other`), which the path's type check lets through.
fn skipped_default_check(field: &Field, path: &syn::Path) -> TokenStream {
    let p = private();
    let ft = field_trait(field);
    let member = field.member;
    let ident = last_ident(path);
    let written = attr::tokens_text(path);
    const_assert(
        At::of(path),
        quote!(#p::is_skipped_variant(#ft::KIND, #ident)),
        format!(
            "field `{member}`: the default `{written}` is a variant the enum skips (`#[form(skip)]`, `#[serde(skip)]`, `#[serde(other)]`), so it is not one of the choices\n\
             default to one of the choices, or stop skipping the variant"
        ),
    )
}

/// The compile-time checks of a field whose choices come at run time (its other keys are
/// refused by `check`): item counts need a multi-select.
fn runtime_field_checks(field: &Field) -> TokenStream {
    let rt = runtime_trait(field);
    items_key_checks(
        field,
        quote_spanned!(field.ty_end_span()=> !#rt::MULTI),
        "is a single-select\n\
         a multi-select with run-time choices is a `Vec<String>` or `BTreeSet<String>`",
    )
}

/// `min_items` / `max_items` fail compilation where `fails` holds (the field is no
/// multi-select); the message goes on with `why` after "and `Type` ".
fn items_key_checks(field: &Field, fails: TokenStream, why: &str) -> TokenStream {
    let a = &field.attrs;
    let member = field.member;
    let ty = attr::tokens_text(field.ty);
    let items_keys = [
        ("min_items", a.min_items.as_ref().map(|k| k.key)),
        ("max_items", a.max_items.as_ref().map(|k| k.key)),
    ];
    let mut out = TokenStream::new();
    for (key, span) in items_keys {
        if let Some(span) = span {
            out.extend(const_assert(
                span,
                fails.clone(),
                format!(
                    "field `{member}`: `{key}` applies only to multi-select fields, and `{ty}` {why}"
                ),
            ));
        }
    }
    out
}

/// Checks that a number literal (a bound or a default) fits the field: whole for integer types and
/// within the type's range.
fn number_fits(field: &Field, key: &str, at: At, n: NumLit) -> TokenStream {
    let p = private();
    let ft = field_trait(field);
    let member = field.member;
    let ty = attr::tokens_text(field.ty);
    match n {
        NumLit::Int(i) => {
            let l = Literal::i128_unsuffixed(i);
            const_assert(
                at,
                quote!(!#p::int_fits(#ft::KIND, #l)),
                format!(
                    "field `{member}`: `{key} = {i}` is outside the range of `{ty}`\n\
                     keep it within the type's range, or use a wider integer type"
                ),
            )
        }
        NumLit::Float(f) => {
            let mut out = const_assert(
                at,
                quote!(#p::key_applies(#ft::KIND, #p::KeyClass::Numeric)
                    && !#p::key_applies(#ft::KIND, #p::KeyClass::Float)),
                if f.fract() == 0.0 {
                    // A whole number written as a float (`3.0`): say how to write it, every
                    // digit of it (`-0.0` is written `0`).
                    let whole = if f == 0.0 { 0.0 } else { f };
                    format!(
                        "field `{member}`: `{key} = {f:?}` is written as a float, but `{ty}` is an integer type\n\
                         write it as an integer: `{key} = {whole:.0}`"
                    )
                } else {
                    format!(
                        "field `{member}`: `{key} = {f:?}` is not a whole number, but `{ty}` is an integer type\n\
                         write a whole number, or use `f64` for the field"
                    )
                },
            );
            // Beyond the float type's range the value would become infinity, which JSON has not.
            let magnitude = if f.is_finite() {
                let literal = Literal::f64_unsuffixed(f.abs());
                quote!(#literal)
            } else {
                quote!(::core::primitive::f64::INFINITY)
            };
            out.extend(const_assert(
                at,
                quote!(#p::key_applies(#ft::KIND, #p::KeyClass::Float)
                    && #magnitude > #ft::FLOAT_MAX),
                format!(
                    "field `{member}`: `{key} = {f:?}` is outside the range of `{ty}`\n\
                     keep it within the type's range, or use `f64` for the field"
                ),
            ));
            out
        }
    }
}

/// What `field` reads as when its property is absent: serde's `default` on it, else on the
/// struct; `None` when it has neither (an absent property is then `None` for an `Option`, else
/// missing).
fn absent_value(form: &Form, field: &Field) -> Option<TokenStream> {
    default_of(
        form,
        field.member,
        field.ty,
        field.attrs.serde_default.as_ref(),
    )
}

/// serde's default of the field `member: ty`: `own` (its `#[serde(default)]`), else the struct's.
fn default_of(
    form: &Form,
    member: &syn::Ident,
    ty: &syn::Type,
    own: Option<&attr::SerdeDefault>,
) -> Option<TokenStream> {
    let p = private();
    let on_field = own.is_some();
    Some(match own.or(form.attrs.serde_default.as_ref())? {
        attr::SerdeDefault::Default(_) if on_field => {
            quote_spanned!(ty.span()=> #p::field_default::<#ty>())
        }
        // Through a function whose bound names the type, so that a path returning another one
        // is reported at the path, as a function that returns the wrong type.
        attr::SerdeDefault::Path(path) if on_field => {
            quote_spanned!(path.span()=> #p::default_from::<#ty, _>(#path))
        }
        // The field of the struct's default, made where the struct is built ([`struct_default`]).
        attr::SerdeDefault::Default(_) | attr::SerdeDefault::Path(_) => quote!(__default.#member),
    })
}

/// With serde's `default` on the struct, the statement that makes the struct's default, as
/// `__default`, before the struct is built from an answer: once per answer read, as serde makes
/// it. Its fields are moved out for the properties that take it and for the skipped fields.
fn struct_default(form: &Form) -> TokenStream {
    let p = private();
    let ident = form.ident;
    match &form.attrs.serde_default {
        None => TokenStream::new(),
        Some(attr::SerdeDefault::Default(span)) => {
            // The struct named at `default`, so that a struct without `Default` is reported at
            // the attribute that needs one.
            let at = syn::Ident::new(&ident.to_string(), *span);
            quote_spanned!(*span=> let __default: #ident = #p::field_default::<#at>();)
        }
        Some(attr::SerdeDefault::Path(path)) => quote_spanned! {path.span()=>
            let __default: #ident = #p::default_from::<#ident, _>(#path);
        },
    }
}

fn expand_form(form: &Form) -> TokenStream {
    let p = private();
    let ident = form.ident;
    let name = ident.to_string();
    let n = form.fields.len();
    // What each field reads as when its property is absent, for those with serde's `default`
    // (on the field or the struct): such a property is optional.
    let defaults: Vec<Option<TokenStream>> =
        form.fields.iter().map(|f| absent_value(form, f)).collect();
    let properties = form.fields.iter().zip(&defaults).map(|(f, default)| {
        let wire = &f.name;
        let attrs = field_attrs(f);
        if f.is_runtime() {
            let rt = runtime_trait(f);
            // Every path through the trait over the field's type, to the last segment: an
            // unsupported type is then reported there once, not also at the derive.
            let span = f.ty_end_span();
            let required = match default {
                Some(_) => quote!(false),
                None => quote_spanned!(span=> #rt::REQUIRED),
            };
            let multi = quote_spanned!(span=> #rt::MULTI);
            quote!(#p::runtime_property(#wire, #required, #multi, #attrs))
        } else {
            let ft = field_trait(f);
            let required = match default {
                Some(_) => quote!(false),
                None => quote!(#ft::REQUIRED),
            };
            quote!(#p::property(#wire, #required, #ft::KIND, #attrs))
        }
    });
    let checks = form.fields.iter().map(field_checks);
    let vars: Vec<_> = (0..n).map(|i| format_ident!("__field{}", i)).collect();
    let indexes: Vec<_> = (0..n).map(Literal::usize_unsuffixed).collect();
    let match_wires = form.fields.iter().map(|f| &f.name);
    let members: Vec<_> = form.fields.iter().map(|f| f.member).collect();
    // The skipped fields, each its serde `default`, else its type's `Default` (a type without
    // one is reported at it).
    let skipped: Vec<TokenStream> = form
        .skipped
        .iter()
        .map(|field| {
            let (member, ty) = (field.member, field.ty);
            let default = default_of(form, member, ty, field.serde_default.as_ref())
                .unwrap_or_else(|| quote_spanned!(ty.span()=> #p::field_default::<#ty>()));
            quote!(#member: #default,)
        })
        .collect();
    // A field with serde's `default` takes it when its property is absent (or `null`, unless
    // the field is an `Option`, which reads `null` as `None`), and is otherwise read as ever.
    // It is read as an `Option` of its value (`None`: take the default), so that the default is
    // made only where the struct is built, once the answer is known to be valid.
    let struct_default = struct_default(form);
    // Per field with a default, the flag that says it takes it.
    let flags: Vec<Option<syn::Ident>> = vars
        .iter()
        .zip(&defaults)
        .map(|(var, d)| d.as_ref().map(|_| format_ident!("{}_takes_default", var)))
        .collect();
    let takes = form
        .fields
        .iter()
        .zip(&indexes)
        .zip(&flags)
        .filter_map(|((f, index), flag)| {
            let t = reader_trait(f);
            flag.as_ref()
                .map(|flag| quote!(let #flag = #p::takes_default(__found[#index], #t::REQUIRED);))
        });
    let values: Vec<TokenStream> = vars
        .iter()
        .zip(&defaults)
        .map(|(var, default)| match default {
            Some(default) => quote!(match #var { #p::Some(__v) => __v, #p::None => #default }),
            None => quote!(#var),
        })
        .collect();
    // `<Ty as Trait>::__read` / `::__write` / `::__read_proven` of each field's reader trait,
    // spanned at the field's type to the last segment: a type that cannot be a field is reported
    // there once, not also at the derive.
    let method = |name: &str| -> Vec<TokenStream> {
        form.fields
            .iter()
            .map(|f| {
                let t = reader_trait(f);
                let name = syn::Ident::new(name, f.ty_span());
                quote_spanned!(f.ty_span()=> #t::#name)
            })
            .collect()
    };
    let (read, write) = (method("__read"), method("__write"));
    let reads =
        vars.iter()
            .zip(&indexes)
            .zip(&read)
            .zip(&flags)
            .map(|(((var, index), read), flag)| {
                let read = quote!(#read(__found[#index], &__properties[#index], &mut __problems));
                let Some(flag) = flag else {
                    return quote!(let #var = #read;);
                };
                quote! {
                    let #var = if #flag {
                        #p::Some(#p::None)
                    } else {
                        #p::Option::map(#read, #p::Some)
                    };
                }
            });
    let misfits = form.fields.iter().map(|f| {
        let field = f.member;
        let fix = "remove \"2025-06-18\" from `protocol_versions` and describe that version with a form that fits it";
        let messages = [
            format!("field `{field}` of `{ident}` has a non-boolean `default`, which MCP 2025-06-18 does not support; {fix}, or drop the default"),
            format!("field `{field}` of `{ident}` is a titled single-select (`oneOf`), which MCP 2025-06-18 does not support; {fix}, or use `legacy_enum_names` on its enum"),
            format!("field `{field}` of `{ident}` is a multi-select, which MCP 2025-06-18 does not support; {fix}"),
        ];
        quote!([#(#messages),*])
    });
    // First every field proven without recording anything (a valid answer), stopping at the
    // first that is not; else the full reading, which records every problem. Run-time choices
    // are proven against the properties as sent. A form without fields has nothing to prove.
    let fast = if form.fields.is_empty() {
        TokenStream::new()
    } else {
        let read_proven = method("__read_proven");
        let proven = vars.iter().zip(&indexes).zip(&read_proven).zip(&flags).map(
            |(((var, index), read_proven), flag)| {
                let read = quote! {
                    let #p::Some(#var) = #read_proven(__found[#index], &__properties[#index])
                    else {
                        break 'proven;
                    };
                };
                let Some(flag) = flag else {
                    return read;
                };
                quote! {
                    let #var = if #flag {
                        #p::None
                    } else {
                        #read
                        #p::Some(#var)
                    };
                }
            },
        );
        quote! {
            'proven: {
                #(#proven)*
                #struct_default
                return #p::Ok(#ident { #(#members: #values,)* #(#skipped)* });
            }
        }
    };
    let wires = form.fields.iter().map(|f| &f.name);
    let static_form = if form.fields.iter().any(Field::is_runtime) {
        TokenStream::new()
    } else {
        quote! {
            #[automatically_derived]
            impl #p::StaticForm for #ident {}
        }
    };
    let (fill_types, fill_impl) = fill_types(form, &quote!(&__MCPDESC_SCHEMA));

    quote! {
        #fill_types


        #[doc(hidden)]
        #[allow(non_upper_case_globals, clippy::all)]
        const _: () = {
            static __MCPDESC_PROPERTIES: [#p::Property; #n] = [#(#properties),*];
            static __MCPDESC_WIRE: #p::WireCell = #p::WireCell::new();
            static __MCPDESC_SCHEMA: #p::RequestedSchema =
                #p::RequestedSchema::from_static_with_wire(&__MCPDESC_PROPERTIES, &__MCPDESC_WIRE);

            #(#checks)*

            #[automatically_derived]
            impl #p::ElicitationForm for #ident {
                const PROTOCOL_VERSIONS: #p::VersionSet = __MCPDESC_SCHEMA.protocol_versions();

                fn requested_schema() -> &'static #p::RequestedSchema {
                    &__MCPDESC_SCHEMA
                }

                fn from_content(
                    __content: &#p::Map<#p::String, #p::Value>,
                ) -> #p::Result<Self, #p::ContentError> {
                    <Self as #p::ElicitationForm>::__from_content_in(
                        __content,
                        &__MCPDESC_PROPERTIES,
                    )
                }

                #[allow(unused_variables, unused_mut)]
                fn __from_content_in(
                    __content: &#p::Map<#p::String, #p::Value>,
                    __properties: &[#p::Property],
                ) -> #p::Result<Self, #p::ContentError> {
                    // One pass over the answer; unknown properties are ignored.
                    let mut __found: [#p::Option<&#p::Value>; #n] = [#p::None; #n];
                    for (__key, __value) in __content {
                        match __key.as_str() {
                            #( #match_wires => __found[#indexes] = #p::Some(__value), )*
                            _ => {}
                        }
                    }
                    // The schema as sent (same properties, in order), else the static one.
                    let __properties =
                        #p::properties_as_sent(__properties, &__MCPDESC_PROPERTIES);
                    #(#takes)*
                    #fast
                    let mut __problems = #p::Problems::new();
                    #(#reads)*
                    match (#(#vars,)*) {
                        (#(#p::Some(#vars),)*) => {
                            #struct_default
                            #p::Ok(#ident { #(#members: #values,)* #(#skipped)* })
                        }
                        #[allow(unreachable_patterns)]
                        _ => #p::Err(#p::into_error(__problems)),
                    }
                }

                fn to_content(&self) -> #p::Map<#p::String, #p::Value> {
                    let mut __content = #p::Map::new();
                    #(
                        #write(&self.#members, &mut __content, #wires);
                    )*
                    __content
                }
            }

            #[automatically_derived]
            impl #p::FormStatics for #ident {
                const SCHEMA: &'static #p::RequestedSchema = &__MCPDESC_SCHEMA;
                const MISFITS: &'static [[&'static str; 3]] = &[#(#misfits),*];
            }

            #static_form

            #fill_impl

            ::mcpdesc_runtime::__impl_json_schema!(#ident, #name);
        };
    }
}

/// The `...Fill` and `...Defaults` types of a form with run-time parts (written beside the form,
/// with its visibility) and the `FormFill` impl (inside the form's `const` block, where the
/// static schema is).
///
/// `schema` is the form's static schema: the `static` of the expansion, or the trait method in
/// the dummy written beside errors (so that code filling the form does not add errors).
fn fill_types(form: &Form, schema: &TokenStream) -> (TokenStream, TokenStream) {
    if !form.has_fill() {
        return (TokenStream::new(), TokenStream::new());
    }
    let p = private();
    let ident = form.ident;
    let vis = form.vis;
    let fill = form.fill_ident();
    let defaults = form.defaults_ident();
    let runtime: Vec<_> = form.fields.iter().filter(|f| f.is_runtime()).collect();
    let runtime_members: Vec<_> = runtime.iter().map(|f| f.member).collect();
    let runtime_docs = runtime.iter().map(|f| {
        format!(
            "The choices of `{}`, given when the form is sent (at least one, values distinct and non-empty).",
            f.name
        )
    });
    let runtime_indexes = form
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| f.is_runtime())
        .map(|(i, _)| Literal::usize_unsuffixed(i));
    let members: Vec<_> = form.fields.iter().map(|f| f.member).collect();
    let value_types: Vec<_> = form
        .fields
        .iter()
        .map(|f| {
            let t = reader_trait(f);
            // Over the field's type (from its first token to its last), so that a type that
            // cannot be a field is reported there once, not also at the derive.
            let p = quote_spanned!(f.ty_span()=> ::mcpdesc_runtime::__private);
            quote_spanned!(f.ty_end_span()=> #p::Option<#t::Value>)
        })
        .collect();
    let default_json = form.fields.iter().map(|f| {
        let t = reader_trait(f);
        let member = f.member;
        // Spanned at the field's type, like every use of its traits: a type that cannot be a
        // field is reported there, once.
        let member = at_type(member, f);
        if f.is_runtime() {
            quote_spanned!(f.ty_span()=>
                #p::default_json(&self.defaults.#member, <#t::Value as #p::RuntimeChoiceValue>::to_json))
        } else {
            quote_spanned!(f.ty_span()=>
                #p::default_json(&self.defaults.#member, <#t::Value as #p::FormValue>::to_json))
        }
    });
    let default_docs = form.fields.iter().map(|f| {
        format!(
            "A default for `{}` set when the form is sent (`None`: the form's own, if any).",
            f.name
        )
    });
    let indexes = (0..form.fields.len()).map(Literal::usize_unsuffixed);
    // At the field's type, as the initializers that read them.
    let default_vars: Vec<_> = form
        .fields
        .iter()
        .enumerate()
        .map(|(i, f)| syn::Ident::new(&format!("__mcpdesc_default{i}"), f.ty_span()))
        .collect();
    let nones = form
        .fields
        .iter()
        .map(|f| quote_spanned!(f.ty_span()=> #p::None));
    // Each member's initializer at the field's type too.
    let default_inits = form.fields.iter().zip(&default_vars).map(|(f, var)| {
        let member = at_type(f.member, f);
        quote_spanned!(f.ty_span()=> #member: #var)
    });
    let fill_doc = format!(
        "The run-time part of [`{ident}`]: what is given when the form is sent. Fill it with [`FormFill::fill`](::mcpdesc_runtime::fill::FormFill::fill)."
    );
    let defaults_doc = format!(
        "Defaults of [`{ident}`]'s fields given when the form is sent, each typed as its field."
    );
    let types = quote! {
        #[doc = #fill_doc]
        #vis struct #fill {
            #(
                #[doc = #runtime_docs]
                pub #runtime_members: ::mcpdesc_runtime::fill::ChoiceList,
            )*
            /// Defaults set when the form is sent.
            pub defaults: #defaults,
        }

        #[doc = #defaults_doc]
        #vis struct #defaults {
            #(
                #[doc = #default_docs]
                pub #members: #value_types,
            )*
        }

        #[automatically_derived]
        impl ::core::default::Default for #defaults {
            /// No default set at send time.
            fn default() -> Self {
                // Each member's type is checked by its own binding, at the field's type: a type
                // that cannot be a field is reported there, not again at the derive.
                #( let #default_vars: #value_types = #nones; )*
                #defaults { #( #default_inits, )* }
            }
        }
    };
    let imp = quote! {
        #[automatically_derived]
        impl #p::FormFill for #fill {
            type Form = #ident;

            fn fill(
                self,
                __version: #p::Option<#p::ProtocolVersion>,
            ) -> #p::Result<#p::Filled<#ident>, #p::FillError> {
                let mut __filler = #p::Filler::new(#schema, __version);
                #( __filler.choices(#runtime_indexes, self.#runtime_members); )*
                #( __filler.default(#indexes, #default_json); )*
                __filler.finish()
            }
        }
    };
    (types, imp)
}

fn expand_enum(e: &Enum) -> TokenStream {
    let p = private();
    let ident = e.ident;
    let name = ident.to_string();
    let legacy = e.attrs.legacy_enum_names.is_some();
    let titled = e.variants.iter().any(|v| v.attrs.title.is_some());
    let style = match (legacy, titled) {
        (true, _) => quote!(LegacyEnumNames),
        (false, true) => quote!(Titled),
        (false, false) => quote!(Untitled),
    };
    let choices = e.variants.iter().map(|v| {
        let value = &v.value;
        let title = opt(v.attrs.title.as_ref().map(|t| t.value.as_str()));
        quote!(#p::Choice::from_static(#value, #title))
    });
    // The choices' identifiers, then the skipped variants' (see `EnumChoices::idents`).
    let idents_text = e
        .variants
        .iter()
        .chain(&e.skipped)
        .map(|v| attr::unraw(v.ident));
    let variant_idents: Vec<_> = e.variants.iter().map(|v| v.ident).collect();
    let values: Vec<_> = e.variants.iter().map(|v| &v.value).collect();
    // Every variant has a value, the skipped ones too (never read from an answer).
    let all_idents = e.variants.iter().chain(&e.skipped).map(|v| v.ident);
    let all_values = e.variants.iter().chain(&e.skipped).map(|v| &v.value);
    let value_body = if e.variants.is_empty() && e.skipped.is_empty() {
        quote!(match *self {})
    } else {
        quote!(match self { #( #ident::#all_idents => #all_values, )* })
    };

    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, clippy::all)]
        const _: () = {
            #[automatically_derived]
            impl #p::ElicitationEnum for #ident {
                const CHOICES: #p::EnumChoices = #p::EnumChoices {
                    type_name: #name,
                    style: #p::ChoiceStyle::#style,
                    choices: &[#(#choices),*],
                    idents: &[#(#idents_text),*],
                };

                const __READS_EXACTLY: bool = true;

                fn value(&self) -> &'static str {
                    #value_body
                }

                fn from_value(__value: &str) -> #p::Option<Self> {
                    match __value {
                        #( #values => #p::Some(#ident::#variant_idents), )*
                        _ => #p::None,
                    }
                }
            }

            #[automatically_derived]
            impl #p::FormValue for #ident {
                const KIND: #p::ValueKind =
                    #p::ValueKind::SingleSelect(<#ident as #p::ElicitationEnum>::CHOICES);

                fn from_json(__value: &#p::Value) -> #p::Option<Self> {
                    #p::enum_from_json::<#ident>(__value)
                }

                // `from_value` above matches exactly the choices, the property's only rule.
                fn __convert_proven(
                    __value: &#p::Value,
                    _: &#p::Property,
                ) -> #p::Option<Self> {
                    #p::enum_from_json::<#ident>(__value)
                }

                fn to_json(&self) -> #p::Value {
                    #p::enum_to_json::<#ident>(self)
                }
            }
        };
    }
}

/// What is emitted beside the errors: an impl that keeps the rest of the crate compiling, so one
/// mistake in a form does not cascade into errors at every use of it.
fn dummy_form(input: &syn::DeriveInput) -> TokenStream {
    let p = private();
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        const _: () = {
            impl #impl_generics #p::ElicitationForm for #ident #ty_generics #where_clause {
                const PROTOCOL_VERSIONS: #p::VersionSet = #p::VersionSet::EMPTY;

                fn requested_schema() -> &'static #p::RequestedSchema {
                    static __MCPDESC_WIRE: #p::WireCell = #p::WireCell::new();
                    static __MCPDESC_SCHEMA: #p::RequestedSchema =
                        #p::RequestedSchema::from_static_with_wire(&[], &__MCPDESC_WIRE);
                    &__MCPDESC_SCHEMA
                }

                fn from_content(
                    _: &#p::Map<#p::String, #p::Value>,
                ) -> #p::Result<Self, #p::ContentError> {
                    #p::Err(#p::into_error(#p::Problems::new()))
                }

                fn to_content(&self) -> #p::Map<#p::String, #p::Value> {
                    #p::Map::new()
                }
            }

            impl #impl_generics #p::StaticForm for #ident #ty_generics #where_clause {}
        };
    }
}

fn dummy_enum(input: &syn::DeriveInput) -> TokenStream {
    let p = private();
    let ident = &input.ident;
    let name = ident.to_string();
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let span = input.ident.span();
    quote_spanned! {span=>
        const _: () = {
            impl #impl_generics #p::ElicitationEnum for #ident #ty_generics #where_clause {
                const CHOICES: #p::EnumChoices = #p::EnumChoices {
                    type_name: #name,
                    style: #p::ChoiceStyle::Untitled,
                    choices: &[],
                    idents: &[],
                };

                fn value(&self) -> &'static str {
                    ""
                }

                fn from_value(_: &str) -> #p::Option<Self> {
                    #p::None
                }
            }

            impl #impl_generics #p::FormValue for #ident #ty_generics #where_clause {
                const KIND: #p::ValueKind = #p::ValueKind::SingleSelect(#p::EnumChoices {
                    type_name: #name,
                    style: #p::ChoiceStyle::Untitled,
                    choices: &[],
                    idents: &[],
                });

                fn from_json(_: &#p::Value) -> #p::Option<Self> {
                    #p::None
                }

                fn to_json(&self) -> #p::Value {
                    #p::Value::Null
                }
            }
        };
    }
}
