//! The arguments of the attributes: `crate = "..."` and each attribute's own keys, every mistake
//! reported in one context.

use proc_macro2::{Group, TokenStream};
use quote::format_ident;
use syn::LitStr;
use syn::parse::Parser;

use crate::ctxt::Ctxt;
use crate::runtime::Runtime;

/// The keys of `#[resource_template(...)]`.
const KEYS: &str = "`uri`, `name`, `title`, `description` and `mime_type`";

/// The keys of one `#[resource_template(...)]`, as written.
#[derive(Default)]
pub(super) struct TemplateArgs {
    pub(super) uri: Option<LitStr>,
    pub(super) name: Option<LitStr>,
    pub(super) title: Option<LitStr>,
    pub(super) description: Option<LitStr>,
    pub(super) mime_type: Option<LitStr>,
}

/// Reads the keys of `#[resource_template(...)]` (`args`, its parenthesized arguments, if any).
pub(super) fn template_args(cx: &Ctxt, group: &Group, args: Option<Group>) -> TemplateArgs {
    let TemplateArgs {
        mut uri,
        mut name,
        mut title,
        mut description,
        mut mime_type,
    } = TemplateArgs::default();
    match args {
        None => cx.error_at(
            group.span(),
            "`#[resource_template]` needs the template: `#[resource_template(uri = \"scheme://{name}\")]`",
        ),
        Some(args) => {
            let parsed = syn::meta::parser(|meta| {
                let key = meta
                    .path
                    .get_ident()
                    .map(ToString::to_string)
                    .unwrap_or_default();
                let slot = match key.as_str() {
                    "uri" => &mut uri,
                    "name" => &mut name,
                    "title" => &mut title,
                    "description" => &mut description,
                    "mime_type" => &mut mime_type,
                    _ => {
                        return Err(meta.error(format!(
                            "unknown key of `#[resource_template]`; the keys are {KEYS}"
                        )));
                    }
                };
                let lit: LitStr = meta.value()?.parse()?;
                if lit.value().trim().is_empty() {
                    return Err(syn::Error::new(lit.span(), format!("`{key}` is blank")));
                }
                *slot = Some(lit);
                Ok(())
            })
            .parse2(args.stream());
            if let Err(e) = parsed {
                cx.syn_error(e);
            }
        }
    }
    TemplateArgs {
        uri,
        name,
        title,
        description,
        mime_type,
    }
}

/// The arguments of one of this module's attributes: `crate = "..."`, and the keys `other`
/// reads (it returns `None` for a key it does not know, which is then refused with `usage`).
pub(super) fn read_args(
    cx: &Ctxt,
    args: TokenStream,
    usage: &str,
    other: &mut dyn FnMut(&syn::meta::ParseNestedMeta) -> Option<syn::Result<()>>,
) -> Runtime {
    let mut runtime = Runtime::Default;
    let parsed = syn::meta::parser(|meta| {
        if meta.path.is_ident("crate") {
            runtime = Runtime::parse_key(&meta, &format_ident!("crate"))?.1;
            return Ok(());
        }
        other(&meta).unwrap_or_else(|| Err(meta.error(usage)))
    })
    .parse2(args);
    if let Err(e) = parsed {
        cx.syn_error(e);
    }
    runtime
}
