//! The typed representation of a derive input: a form struct or a choice enum.

use proc_macro2::Span;
use syn::spanned::Spanned;

use crate::attr;
use crate::ctxt::Ctxt;

/// A `#[derive(ElicitationForm)]` struct.
pub struct Form<'a> {
    pub ident: &'a syn::Ident,
    pub vis: &'a syn::Visibility,
    pub attrs: attr::Form,
    pub fields: Vec<Field<'a>>,
    /// The fields skipped (`#[form(skip)]`, `#[serde(skip)]`): not asked, read as their
    /// default.
    pub skipped: Vec<Skipped<'a>>,
}

/// A field that is not a property: it reads as its default.
pub struct Skipped<'a> {
    pub member: &'a syn::Ident,
    pub ty: &'a syn::Type,
    /// serde's `default` / `default = "path"` on the field.
    pub serde_default: Option<attr::SerdeDefault>,
}

/// One field of a form: one property.
pub struct Field<'a> {
    pub member: &'a syn::Ident,
    pub ty: &'a syn::Type,
    pub attrs: attr::Field,
    /// The property name on the wire.
    pub name: String,
    /// Where the wire name comes from: the `rename` value, else the field's identifier.
    pub name_span: Span,
}

/// A `#[derive(ElicitationEnum)]` enum.
pub struct Enum<'a> {
    pub ident: &'a syn::Ident,
    pub attrs: attr::Enum,
    /// The variants that are choices.
    pub variants: Vec<Variant<'a>>,
    /// The variants skipped (`#[form(skip)]`, serde's `skip`, `skip_deserializing`, `other`):
    /// never read from an answer; written, if ever, by their value.
    pub skipped: Vec<Variant<'a>>,
}

/// One variant of a choice enum: one choice.
pub struct Variant<'a> {
    pub ident: &'a syn::Ident,
    pub attrs: attr::Variant,
    /// The value on the wire.
    pub value: String,
    pub value_span: Span,
}

/// Why `ty` can never be a form field, when its shape alone says so: a map, a tuple, an array
/// or slice, a reference, a JSON value (directly or in an `Option`). Other types are checked
/// through `FormField`, whose error names the type.
fn not_flat(ty: &syn::Type) -> Option<&'static str> {
    match ty {
        syn::Type::Tuple(t) if !t.elems.is_empty() => Some("a tuple has no name for each part"),
        syn::Type::Array(_) | syn::Type::Slice(_) => {
            Some("a fixed-size list is not a choice of values")
        }
        syn::Type::Reference(_) => Some("a form owns what it reads: write the owned type"),
        syn::Type::Paren(p) => not_flat(&p.elem),
        syn::Type::Path(p) if p.qself.is_none() => {
            let last = p.path.segments.last()?;
            let name = last.ident.to_string();
            match name.as_str() {
                "HashMap" | "BTreeMap" | "IndexMap" => {
                    Some("a map has keys of its own, which a form cannot ask for")
                }
                "Value" if p.path.segments.iter().any(|s| s.ident == "serde_json") => {
                    Some("a JSON value can be anything, which a form cannot ask for")
                }
                "Option" => match &last.arguments {
                    syn::PathArguments::AngleBracketed(args) => match args.args.first() {
                        Some(syn::GenericArgument::Type(inner)) => not_flat(inner),
                        _ => None,
                    },
                    _ => None,
                },
                _ => None,
            }
        }
        _ => None,
    }
}

/// A type as written, without the spaces tokens print with (`Option<serde_json::Value>`).
fn type_text(ty: &syn::Type) -> String {
    quote::ToTokens::to_token_stream(ty)
        .to_string()
        .replace(" :: ", "::")
        .replace(" < ", "<")
        .replace(" >", ">")
        .replace(" ,", ",")
        .replace("& ", "&")
}

fn reject_generics(cx: &Ctxt, input: &syn::DeriveInput, what: &str) {
    if !input.generics.params.is_empty() {
        cx.error_spanned_by(
            &input.generics,
            format!(
                "{what} cannot have generic parameters: its schema is built once, at compile time, for one concrete type"
            ),
        );
    }
}

impl<'a> Form<'a> {
    /// Parses the input; `None` when its shape cannot be a form at all (errors recorded).
    pub fn from_ast(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Form<'a>> {
        let fields: Vec<&'a syn::Field> = match &input.data {
            syn::Data::Struct(data) => match &data.fields {
                syn::Fields::Named(named) => named.named.iter().collect(),
                syn::Fields::Unit => Vec::new(),
                syn::Fields::Unnamed(unnamed) => {
                    cx.error_spanned_by(
                        unnamed,
                        "an MCP form needs named fields: each field becomes a property named after it\n\
                         write `struct Name { field: Type, ... }`",
                    );
                    return None;
                }
            },
            syn::Data::Enum(data) => {
                cx.error_at(
                    data.enum_token.span,
                    "`ElicitationForm` derives a form from a struct with named fields, not from an enum\n\
                     to let the user pick one of several values, derive `ElicitationEnum` on the enum and use it as a field of a form struct",
                );
                return None;
            }
            syn::Data::Union(data) => {
                cx.error_at(
                    data.union_token.span,
                    "`ElicitationForm` derives a form from a struct with named fields, not from a union",
                );
                return None;
            }
        };
        reject_generics(cx, input, "a form");
        let container = attr::Form::from_ast(cx, input);
        let mut skipped = Vec::new();
        let fields = fields
            .into_iter()
            .filter_map(|field| {
                let member = field.ident.as_ref()?;
                let attrs = attr::Field::from_ast(cx, field);
                if attrs.skip.is_some() {
                    if let Some(key) = attrs.key_besides_skip() {
                        cx.error_at(
                            key,
                            "a skipped field is not in the form, so this key does nothing: remove it, or stop skipping the field",
                        );
                    }
                    skipped.push(Skipped {
                        member,
                        ty: &field.ty,
                        serde_default: attrs.serde_default,
                    });
                    return None;
                }
                if let Some(flatten) = attrs.serde_flatten {
                    cx.error_at(
                        flatten,
                        "an MCP form is flat: a `#[serde(flatten)]` field's own fields cannot be its properties\n\
                         write those fields in this struct, or skip the field with `#[serde(skip)]` (it is then read as its `Default`)",
                    );
                    return None;
                }
                if let Some(why) = not_flat(&field.ty) {
                    cx.error_spanned_by(
                        &field.ty,
                        format!(
                            "`{}` cannot be a field of an MCP elicitation form: {why}\n\
                             MCP forms are flat: a field is a `String`, `bool`, `f32`/`f64`, an integer of 64 bits or fewer, a `#[derive(ElicitationEnum)]` enum (single-select), a `Vec`, `BTreeSet` or `HashSet` of such an enum (multi-select), or an `Option` of one of these",
                            type_text(&field.ty)
                        ),
                    );
                    return None;
                }
                let (name, name_span) = match (&attrs.rename, &attrs.serde_rename) {
                    (Some(r), _) => (r.value.clone(), r.span),
                    (None, Some(r)) => (r.clone(), member.span()),
                    (None, None) => {
                        let raw = attr::unraw(member);
                        let name = match container.rename_all {
                            Some(rule) => rule.apply_to_field(&raw),
                            None => raw,
                        };
                        (name, member.span())
                    }
                };
                Some(Field {
                    member,
                    ty: &field.ty,
                    attrs,
                    name,
                    name_span,
                })
            })
            .collect();
        Some(Form {
            ident: &input.ident,
            vis: &input.vis,
            attrs: container,
            fields,
            skipped,
        })
    }
}

impl<'a> Enum<'a> {
    pub fn from_ast(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Enum<'a>> {
        let data = match &input.data {
            syn::Data::Enum(data) => data,
            syn::Data::Struct(data) => {
                cx.error_at(
                    data.struct_token.span,
                    "`ElicitationEnum` derives the choices of a select from a fieldless enum, not from a struct\n\
                     to ask for several values, derive `ElicitationForm` on the struct",
                );
                return None;
            }
            syn::Data::Union(data) => {
                cx.error_at(
                    data.union_token.span,
                    "`ElicitationEnum` derives the choices of a select from a fieldless enum, not from a union",
                );
                return None;
            }
        };
        reject_generics(cx, input, "an `ElicitationEnum`");
        if data.variants.is_empty() {
            cx.error_spanned_by(
                &input.ident,
                "an `ElicitationEnum` needs at least one variant: a select with no choices cannot be answered",
            );
        }
        let attrs = attr::Enum::from_ast(cx, input);
        let (variants, skipped): (Vec<Variant<'a>>, Vec<Variant<'a>>) = data
            .variants
            .iter()
            .map(|v| {
                if !matches!(v.fields, syn::Fields::Unit) {
                    cx.error_spanned_by(
                        &v.fields,
                        format!(
                            "variant `{}` carries data, but a choice is a plain string in MCP forms\n\
                             remove the fields; ask for the extra values as separate fields of the form",
                            v.ident
                        ),
                    );
                }
                let vattrs = attr::Variant::from_ast(cx, v);
                let (value, value_span) = match (&vattrs.rename, &vattrs.serde_rename) {
                    (Some(r), _) => (r.value.clone(), r.span),
                    (None, Some(r)) => (r.clone(), v.ident.span()),
                    (None, None) => {
                        let raw = attr::unraw(&v.ident);
                        let value = match attrs.rename_all {
                            Some(rule) => rule.apply_to_variant(&raw),
                            None => raw,
                        };
                        (value, v.ident.span())
                    }
                };
                if let (Some(_), Some(title)) = (vattrs.skip, &vattrs.title) {
                    cx.error_at(
                        title.key,
                        "a skipped variant is not a choice, so its title is never shown: remove it, or stop skipping the variant",
                    );
                }
                Variant {
                    ident: &v.ident,
                    attrs: vattrs,
                    value,
                    value_span,
                }
            })
            .partition(|v| v.attrs.skip.is_none());
        if variants.is_empty() && !skipped.is_empty() {
            cx.error_spanned_by(
                &input.ident,
                "every variant of this `ElicitationEnum` is skipped: a select with no choices cannot be answered",
            );
        }
        Some(Enum {
            ident: &input.ident,
            attrs,
            variants,
            skipped,
        })
    }
}

impl Field<'_> {
    /// The span of the whole field type, for errors about the type.
    pub fn ty_span(&self) -> Span {
        self.ty.span()
    }

    /// The span of the last token of the field type (`>` of `Option<f64>`). A path written from
    /// a token at [`Field::ty_span`] to one at this span covers the whole type where rustc
    /// reports it, as the type's own tokens do (on stable, a span cannot be joined by hand).
    pub fn ty_end_span(&self) -> Span {
        quote::ToTokens::to_token_stream(self.ty)
            .into_iter()
            .last()
            .map_or_else(|| self.ty_span(), |t| t.span())
    }

    /// Whether the field's choices are given when the form is sent.
    pub fn is_runtime(&self) -> bool {
        self.attrs.runtime_choices.is_some()
    }
}

impl Form<'_> {
    /// Whether the derive writes the form's `...Choices` and `...Defaults` types.
    pub fn has_fill(&self) -> bool {
        self.attrs.fill
            || self.attrs.choices_name.is_some()
            || self.attrs.defaults_name.is_some()
            || self.fields.iter().any(Field::is_runtime)
    }

    /// Whether two of the form and its generated types would have one name.
    pub fn generated_names_clash(&self) -> bool {
        let (fill, defaults) = (self.fill_ident(), self.defaults_ident());
        fill == defaults || fill == *self.ident || defaults == *self.ident
    }

    /// The name of the `...Choices` type: `choices_name`, else the form's name and `Choices`.
    pub fn fill_ident(&self) -> syn::Ident {
        match &self.attrs.choices_name {
            Some(name) => name.value.clone(),
            None => quote::format_ident!("{}Choices", self.ident),
        }
    }

    /// The name of the `...Defaults` type: `defaults_name`, else the form's name and `Defaults`.
    pub fn defaults_ident(&self) -> syn::Ident {
        match &self.attrs.defaults_name {
            Some(name) => name.value.clone(),
            None => quote::format_ident!("{}Defaults", self.ident),
        }
    }
}
