//! Code generation for the two derives.
//!
//! Everything generated names the runtime through `::mcpdesc_runtime::__private` (or the path a
//! `crate = "..."` key gives, [`Runtime`]), so it compiles
//! under `#![no_implicit_prelude]` and next to user types called `Option`, `Result` or `String`.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned as _;

use crate::ast::{Enum, Field, Form};
use crate::attr::{self, DefaultLit, NumLit};
use crate::check;
use crate::ctxt::Ctxt;
use crate::runtime::Runtime;
use crate::span::{At, Spanned};

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
            let rt = Runtime::of_form_attrs(&input.attrs);
            if rt.is_unknown() {
                return out;
            }
            out.extend(dummy(input, &rt, "__dummy_form"));
            // The run-time part too, so that code filling the form adds no errors of its own
            // (unless the names it would take are the error).
            if let Some(form) = form.as_ref().filter(|f| !f.generated_names_clash()) {
                let ident = form.ident;
                let p = rt.private();
                let schema = quote!(<#ident as #p::ElicitationForm>::requested_schema());
                let (types, imp) = fill_types(form, &schema);
                out.extend(types);
                out.extend(quote!(const _: () = { #imp };));
            }
            out
        }
        (Ok(()), None) => dummy(input, &Runtime::of_form_attrs(&input.attrs), "__dummy_form"),
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
            let rt = Runtime::of_form_attrs(&input.attrs);
            if !rt.is_unknown() {
                out.extend(dummy(input, &rt, "__dummy_enum"));
            }
            out
        }
        (Ok(()), None) => dummy(input, &Runtime::of_form_attrs(&input.attrs), "__dummy_enum"),
    }
}

fn lit_u64(v: &Option<Spanned<u64>>) -> Option<Literal> {
    v.as_ref().map(|v| Literal::u64_unsuffixed(v.value))
}

/// A bound as `__field_attrs!` takes it: `Int n` or `Float x`.
fn bound(b: Option<&Spanned<NumLit>>) -> Option<TokenStream> {
    b.map(|b| match b.value {
        NumLit::Int(i, _) => {
            let l = Literal::i128_unsuffixed(i);
            quote!(Int #l)
        }
        NumLit::Float(f, _) => {
            let l = Literal::f64_unsuffixed(f);
            quote!(Float #l)
        }
    })
}

/// The `StringFormat` variant of a `format` key.
fn last_ident(path: &syn::Path) -> String {
    path.segments
        .last()
        .map(|s| attr::unraw(&s.ident))
        .unwrap_or_default()
}

/// `<Ty as FormField>`, spanned at the field's type so a type error points there.
fn field_trait(rt: &Runtime, field: &Field) -> TokenStream {
    let p = rt.private();
    let ty = field.ty;
    quote_spanned!(field.ty_span()=> <#ty as #p::FormField>)
}

/// `<Ty as RuntimeChoiceField>` for a field marked `runtime_choices`, spanned over its type: `<`
/// at the type's first token, the rest at its last, so that an expression through it (with
/// anything after it spanned at [`Field::ty_end_span`]) is reported over the whole type, where
/// the type positions report it too, and rustc then reports it once.
fn runtime_trait(rt: &Runtime, field: &Field) -> TokenStream {
    let end = field.ty_end_span();
    let p = rt.private_at(end);
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
fn reader_trait(rt: &Runtime, field: &Field) -> TokenStream {
    if field.is_runtime() {
        runtime_trait(rt, field)
    } else {
        field_trait(rt, field)
    }
}

/// The field's `FieldAttrs`, through `__field_attrs!`.
fn field_attrs(rt: &Runtime, field: &Field) -> TokenStream {
    let p = rt.private();
    let a = &field.attrs;
    let ft = field_trait(rt, field);
    let title = a.title.as_ref().map(|t| t.value.as_str());
    let description = a
        .description
        .as_ref()
        .map(|d| d.value.as_str())
        .or(a.doc.as_deref());
    let format = a.format.as_ref().map(|f| f.value.as_str());
    let (minimum, maximum) = (bound(a.minimum.as_ref()), bound(a.maximum.as_ref()));
    let default = a.default.as_ref().map(|d| match &d.value {
        DefaultLit::Str(s) => quote!(str #s),
        DefaultLit::Num(NumLit::Int(i, _)) => {
            let l = Literal::i128_unsuffixed(*i);
            quote!(int #l)
        }
        DefaultLit::Num(NumLit::Float(f, _)) => {
            let l = Literal::f64_unsuffixed(*f);
            quote!(float #l)
        }
        DefaultLit::Bool(b) => quote!(bool #b),
        DefaultLit::Variant(path) => {
            let ident = last_ident(path);
            quote!(variant #p::choice_value(#ft::KIND, #ident))
        }
        DefaultLit::Variants(paths) => {
            let idents = paths.iter().map(last_ident);
            quote!(variants [#( #p::choice_value(#ft::KIND, #idents) ),*])
        }
    });
    let (min_length, max_length) = (lit_u64(&a.min_length), lit_u64(&a.max_length));
    let (min_items, max_items) = (lit_u64(&a.min_items), lit_u64(&a.max_items));
    let field_attrs = rt.item("__field_attrs");
    quote! {
        #field_attrs!(
            [#title] [#description] [#min_length] [#max_length] [#format]
            [#minimum] [#maximum] [#default] [#min_items] [#max_items]
        )
    }
}

/// A `const` item that fails compilation with `message` when `fails` holds, spanned at `span`.
fn const_assert(
    rt: &Runtime,
    at: impl Into<At>,
    fails: TokenStream,
    message: String,
) -> TokenStream {
    const_assert_with(rt, at, fails, quote!(#message))
}

/// [`const_assert`] with a message given as an expression (a constant of the runtime's).
fn const_assert_with(
    rt: &Runtime,
    at: impl Into<At>,
    fails: TokenStream,
    message: TokenStream,
) -> TokenStream {
    let at = at.into();
    let start = at.start;
    let p = rt.private_at(start);
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

/// `!key_applies(KIND, KeyClass::class)` of the field trait `ft`: a key of `class` does not fit.
fn not_applies(p: &TokenStream, ft: &TokenStream, class: &str) -> TokenStream {
    let class = syn::Ident::new(class, proc_macro2::Span::call_site());
    quote!(!#p::key_applies(#ft::KIND, #p::KeyClass::#class))
}

/// The compile-time checks of one field that need its type.
fn field_checks(rt: &Runtime, field: &Field) -> TokenStream {
    if field.is_runtime() {
        return runtime_field_checks(rt, field);
    }
    let p = rt.private();
    let a = &field.attrs;
    let ft = field_trait(rt, field);
    let member = field.member;
    let ty = attr::tokens_text(field.ty);
    let mut out = TokenStream::new();

    let string_keys = [
        ("min_length", a.min_length.as_ref().map(|k| k.key)),
        ("max_length", a.max_length.as_ref().map(|k| k.key)),
        ("format", a.format.as_ref().map(|k| k.key)),
    ];
    if let Some(format) = &a.format {
        let name = &format.value;
        let p_at = rt.private_at(format.span);
        out.extend(const_assert_with(
            rt,
            format.at(),
            quote!(!#p::is_format(#name)),
            quote!(#p_at::UNKNOWN_FORMAT),
        ));
    }
    for (key, span) in string_keys {
        if let Some(span) = span {
            out.extend(const_assert(
                rt,
                span,
                not_applies(&p, &ft, "String"),
                format!(
                    "field `{member}`: `{key}` applies only to string fields, and `{ty}` is not a string\n\
                     use `minimum`/`maximum` on numbers and `min_items`/`max_items` on multi-selects"
                ),
            ));
        }
    }
    out.extend(items_key_checks(
        rt,
        field,
        not_applies(&p, &ft, "MultiSelect"),
        "is not one\n\
         a multi-select is a `Vec`, `BTreeSet` or `HashSet` of an `ElicitationEnum`; \
         use `min_length`/`max_length` on strings and `minimum`/`maximum` on numbers",
    ));
    for (key, bound) in [("minimum", &a.minimum), ("maximum", &a.maximum)] {
        let Some(bound) = bound else { continue };
        out.extend(const_assert(
            rt,
            bound.key,
            not_applies(&p, &ft, "Numeric"),
            format!(
                "field `{member}`: `{key}` applies only to number and integer fields, and `{ty}` is neither\n\
                 use `min_length`/`max_length` on strings and `min_items`/`max_items` on multi-selects"
            ),
        ));
        out.extend(number_fits(rt, field, key, bound.at(), bound.value));
    }

    if let Some(default) = &a.default {
        let span = default.span;
        let at = default.at();
        let kind_check = |class: &str, what: &str| {
            const_assert(
                rt,
                at,
                not_applies(&p, &ft, class),
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
                out.extend(kind_check("String", default.value.describe()));
                if let Some(format) = &a.format {
                    let name = &format.value;
                    out.extend(const_assert(
                        rt,
                        at,
                        quote!(#p::is_format(#name) && !#p::default_fits_format(#name, #s)),
                        format!(
                            "field `{member}`: the default {s:?} is not a valid `{}` value",
                            format.value
                        ),
                    ));
                }
            }
            DefaultLit::Num(n) => {
                out.extend(kind_check("Numeric", default.value.describe()));
                out.extend(number_fits(rt, field, "default", at, *n));
            }
            DefaultLit::Bool(_) => out.extend(kind_check("Boolean", "a boolean")),
            DefaultLit::Variant(path) => {
                out.extend(quote_spanned! {span=>
                    const _: () = {
                        let _: #ft::Value = #path;
                    };
                });
                out.extend(skipped_default_check(rt, field, path));
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
                    out.extend(skipped_default_check(rt, field, path));
                }
            }
        }
    }

    out.extend(const_assert(
        rt,
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
fn skipped_default_check(rt: &Runtime, field: &Field, path: &syn::Path) -> TokenStream {
    let p = rt.private();
    let ft = field_trait(rt, field);
    let member = field.member;
    let ident = last_ident(path);
    let written = attr::tokens_text(path);
    const_assert(
        rt,
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
fn runtime_field_checks(rt: &Runtime, field: &Field) -> TokenStream {
    let t = runtime_trait(rt, field);
    items_key_checks(
        rt,
        field,
        quote_spanned!(field.ty_end_span()=> !#t::MULTI),
        "is a single-select\n\
         a multi-select with run-time choices is a `Vec<String>` or `BTreeSet<String>`",
    )
}

/// `min_items` / `max_items` fail compilation where `fails` holds (the field is no
/// multi-select); the message goes on with `why` after "and `Type` ".
fn items_key_checks(rt: &Runtime, field: &Field, fails: TokenStream, why: &str) -> TokenStream {
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
                rt,
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
fn number_fits(rt: &Runtime, field: &Field, key: &str, at: At, n: NumLit) -> TokenStream {
    let p = rt.private();
    let ft = field_trait(rt, field);
    let member = field.member;
    let ty = attr::tokens_text(field.ty);
    // A suffix names a type (`10u8`), which must be the field's, as rustc would hold it.
    let mut out = TokenStream::new();
    if let Some(suffix) = n.suffix() {
        let (mac, s) = (
            rt.item("__suffix_differs"),
            syn::Ident::new(suffix, at.start),
        );
        out.extend(const_assert(
            rt,
            at,
            quote!(#mac!([#ft] #s)),
            format!(
                "field `{member}`: `{key} = {n}{suffix}` has the suffix `{suffix}`, but the field is `{ty}`\n\
                 write the number without its suffix: `{key} = {n}`"
            ),
        ));
    }
    out.extend(match n {
        NumLit::Int(i, _) => {
            let l = Literal::i128_unsuffixed(i);
            const_assert(
                rt,
                at,
                quote!(!#p::int_fits(#ft::KIND, #l)),
                format!(
                    "field `{member}`: `{key} = {i}` is outside the range of `{ty}`\n\
                     keep it within the type's range, or use a wider integer type"
                ),
            )
        }
        NumLit::Float(f, _) => {
            let mut checks = const_assert(
                rt,
                at,
                quote!(#p::float_on_integer(#ft::KIND)),
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
            // (A literal beyond `f64`'s own is refused as it is read, so `f` is finite.)
            let magnitude = Literal::f64_unsuffixed(f.abs());
            checks.extend(const_assert(
                rt,
                at,
                quote!(#p::float_beyond(#ft::KIND, #ft::FLOAT_MAX, #magnitude)),
                format!(
                    "field `{member}`: `{key} = {f:?}` is outside the range of `{ty}`\n\
                     keep it within the type's range, or use `f64` for the field"
                ),
            ));
            checks
        }
    });
    out
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
    let p = form.attrs.runtime.private();
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
    let p = form.attrs.runtime.private();
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
    let rt = &form.attrs.runtime;
    let p = rt.private();
    let ident = form.ident;
    let name = ident.to_string();
    let n = form.fields.len();
    // The fields, each as `__form_impl!` takes it.
    let fields = form.fields.iter().enumerate().map(|(i, f)| {
        let var = format_ident!("__field{}", i);
        let index = Literal::usize_unsuffixed(i);
        let wire = &f.name;
        let member = f.member;
        // The field's reader trait, spanned at its type: a type that cannot be a field is reported once.
        let t = reader_trait(rt, f);
        let method = |name: &str| {
            let name = syn::Ident::new(name, f.ty_span());
            quote_spanned!(f.ty_span()=> #t::#name)
        };
        let (read, proven, write) = (method("__read"), method("__read_proven"), method("__write"));
        // With serde's `default`, an absent property reads as `None`, and the default is made with the struct.
        let default = absent_value(form, f);
        let (flag, value) = match &default {
            Some(default) => {
                let flag = format_ident!("{}_takes_default", var);
                (
                    quote!(#flag = #t::REQUIRED),
                    quote!(match #var { #p::Some(__v) => __v, #p::None => #default }),
                )
            }
            None => (TokenStream::new(), quote!(#var)),
        };
        let attrs = field_attrs(rt, f);
        let property = if f.is_runtime() {
            // Every path through the trait over the field's type, to the last segment: an
            // unsupported type is then reported there once, not also at the derive.
            let span = f.ty_end_span();
            let required = match default {
                Some(_) => quote!(false),
                None => quote_spanned!(span=> #t::REQUIRED),
            };
            let multi = quote_spanned!(span=> #t::MULTI);
            quote!(#p::runtime_property(#wire, #required, #multi, #attrs))
        } else {
            let required = match default {
                Some(_) => quote!(false),
                None => quote!(#t::REQUIRED),
            };
            quote!(#p::property(#wire, #required, #t::KIND, #attrs))
        };
        quote! {{
            #var, #index, #wire, #member, #read, #proven, #write,
            [#flag], #value, #property
        }}
    });
    // The skipped fields, each its serde `default`, else its type's `Default` (a type without
    // one is reported at it).
    let skipped = form.skipped.iter().map(|field| {
        let (member, ty) = (field.member, field.ty);
        let default = default_of(form, member, ty, field.serde_default.as_ref())
            .unwrap_or_else(|| quote_spanned!(ty.span()=> #p::field_default::<#ty>()));
        quote!(#member: #default)
    });
    let checks = form.fields.iter().map(|f| field_checks(rt, f));
    let struct_default = struct_default(form);
    let static_form = if form.fields.iter().any(Field::is_runtime) {
        None
    } else {
        Some(quote!(StaticForm))
    };
    let (fill_types, fill_impl) = fill_types(form, &quote!(&__MCPDESC_SCHEMA));

    let form_impl = rt.item("__form_impl");
    quote! {
        #fill_types

        #form_impl! {
            #ident, #name, #n,
            static_form [#static_form],
            default {#struct_default},
            fields [#(#fields),*],
            skipped [#(#skipped),*],
            checks {#(#checks)*},
            fill {#fill_impl}
        }
    }
}

/// The `...Choices` and `...Defaults` types of a form with run-time parts (written beside the form,
/// with its visibility) and the `FormChoices` impl (inside the form's `const` block, where the
/// static schema is).
///
/// `schema` is the form's static schema: the `static` of the expansion, or the trait method in
/// the dummy written beside errors (so that code filling the form does not add errors).
fn fill_types(form: &Form, schema: &TokenStream) -> (TokenStream, TokenStream) {
    if !form.has_fill() {
        return (TokenStream::new(), TokenStream::new());
    }
    let rt = &form.attrs.runtime;
    let p = rt.private();
    let ident = form.ident;
    let vis = form.vis;
    let fill = form.fill_ident();
    let defaults = form.defaults_ident();
    let runtime = form
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| f.is_runtime());
    let (mut choices, mut choices_filled) = (Vec::new(), Vec::new());
    for (i, f) in runtime {
        let (member, wire) = (f.member, &f.name);
        let index = Literal::usize_unsuffixed(i);
        choices.push(quote!(#member #wire));
        choices_filled.push(quote!(#index #member));
    }
    let (mut members, mut filled) = (Vec::new(), Vec::new());
    for (i, f) in form.fields.iter().enumerate() {
        let t = reader_trait(rt, f);
        let (member, wire) = (f.member, &f.name);
        // Spanned over the field's type, so that a type that cannot be a field is reported there once.
        let p_at = rt.private_at(f.ty_span());
        let value = quote_spanned!(f.ty_end_span()=> #p_at::Option<#t::Value>);
        let var = syn::Ident::new(&format!("__mcpdesc_default{i}"), f.ty_span());
        let none = quote_spanned!(f.ty_span()=> #p::None);
        let init = at_type(member, f);
        let init_field = quote_spanned!(f.ty_span()=> #init: #var);
        members.push(quote!(#member #wire: #value = #var, #none, {#init_field}));
        let value_trait = if f.is_runtime() {
            quote!(RuntimeChoiceValue)
        } else {
            quote!(FormValue)
        };
        let default = quote_spanned!(f.ty_span()=>
            #p::default_json(&__defaults.#init, <#t::Value as #p::#value_trait>::to_json));
        let index = Literal::usize_unsuffixed(i);
        filled.push(quote!(#index #default));
    }
    let (fill_types, fill_impl) = (rt.item("__fill_types"), rt.item("__fill_impl"));
    // The generated types' members follow the form's fields: a form that promises no shape
    // (`#[non_exhaustive]`) makes them promise none either.
    let non_exhaustive = form.attrs.non_exhaustive.then(|| quote!(#[non_exhaustive]));
    let types = quote! {
        #fill_types! {
            [#non_exhaustive] #vis #fill, #defaults, #ident,
            choices [#(#choices),*],
            defaults [#(#members),*]
        }
    };
    let imp = quote! {
        #fill_impl! {
            #fill, #ident, #schema,
            choices [#(#choices_filled),*],
            defaults __defaults [#(#filled),*]
        }
    };
    (types, imp)
}

fn expand_enum(e: &Enum) -> TokenStream {
    let ident = e.ident;
    let name = ident.to_string();
    let legacy = e.attrs.legacy_enum_names.is_some();
    let titled = e.variants.iter().any(|v| v.attrs.title.is_some());
    let style = match (legacy, titled) {
        (true, _) => "LegacyEnumNames",
        (false, true) => "Titled",
        (false, false) => "Untitled",
    };
    let style = syn::Ident::new(style, proc_macro2::Span::call_site());
    let choices = e.variants.iter().map(|v| {
        let (var, value) = (v.ident, &v.value);
        let title = v.attrs.title.as_ref().map(|t| t.value.as_str());
        quote!(#var = #value [#title])
    });
    // The choices' identifiers, then the skipped variants' (see `EnumChoices::idents`).
    let idents_text = e
        .variants
        .iter()
        .chain(&e.skipped)
        .map(|v| attr::unraw(v.ident));
    // Every variant has a value, the skipped ones too (never read from an answer).
    let skipped = e.skipped.iter().map(|v| {
        let (var, value) = (v.ident, &v.value);
        quote!(#var = #value)
    });
    let enum_impl = e.attrs.runtime.item("__enum_impl");
    quote! {
        #enum_impl! {
            #ident, #name, #style,
            choices [#(#choices),*],
            idents [#(#idents_text),*],
            skipped [#(#skipped),*]
        }
    }
}

/// What is emitted beside the errors: an impl that keeps the rest of the crate compiling, so one
/// mistake in a form does not cascade into errors at every use of it. `mac` is the runtime
/// macro writing the dummy impls for the input (with its generics, so that they hold whatever
/// the errors are), invoked at the type's name.
fn dummy(input: &syn::DeriveInput, rt: &Runtime, mac: &str) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let mac = rt.item_at(mac, input.ident.span());
    quote_spanned! {input.ident.span()=>
        #mac! {
            [#impl_generics] #ident [#ty_generics] [#where_clause]
        }
    }
}
