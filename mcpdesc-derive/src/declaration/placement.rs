//! Where a declaration belongs when it names no primitive: the rmcp attribute stacked on the
//! same function (`#[tool]`, `#[prompt]`), as far as this attribute can see it. One written
//! below `#[elicitation]` is among the item's tokens; one written above has been expanded already,
//! and is found, for a diagnostic only, in the trace its expansion left or in the source file.

use std::cell::RefCell;
use std::rc::Rc;

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use syn::{Ident, LitStr};

use super::{Str, Target};
use crate::ctxt::Ctxt;

/// The primitive an rmcp attribute stacked on the same item makes of the function:
/// `#[tool(...)]` (in a `#[tool_router]` impl) or `#[prompt(...)]` (in a `#[prompt_router]`
/// impl), with the `name = "..."` it gives, if any.
///
/// Only attributes written *below* `#[elicitation]` are visible here: an attribute macro above it
/// has already been expanded and removed when this one runs.
pub(super) struct Sibling {
    pub(super) kind: SiblingKind,
    pub(super) name: Option<Str>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum SiblingKind {
    Tool,
    Prompt,
}

impl SiblingKind {
    pub(super) fn attribute(self) -> &'static str {
        match self {
            SiblingKind::Tool => "tool",
            SiblingKind::Prompt => "prompt",
        }
    }
}

/// The outer attributes of an item, as `(last path segment, parenthesized arguments)`: `#[a]`,
/// `#[a(..)]`, `#[x::a(..)]`. Attributes of another shape (`#[doc = ".."]`) are skipped.
pub(super) fn attributes(item: &[TokenTree]) -> impl Iterator<Item = (Ident, Vec<TokenTree>)> + '_ {
    item.windows(2).filter_map(|pair| {
        let [TokenTree::Punct(p), TokenTree::Group(g)] = pair else {
            return None;
        };
        if p.as_char() != '#' || g.delimiter() != Delimiter::Bracket {
            return None;
        }
        let inner: Vec<TokenTree> = g.stream().into_iter().collect();
        let path_end = inner
            .iter()
            .position(|t| !matches!(t, TokenTree::Ident(_) | TokenTree::Punct(_)))
            .unwrap_or(inner.len());
        let (path, rest) = inner.split_at(path_end);
        let path_only = path.iter().all(|t| match t {
            TokenTree::Ident(_) => true,
            TokenTree::Punct(p) => p.as_char() == ':',
            _ => false,
        });
        let Some(TokenTree::Ident(last)) = path.last() else {
            return None;
        };
        let args = match rest {
            [] => Vec::new(),
            [TokenTree::Group(args)] if args.delimiter() == Delimiter::Parenthesis => {
                args.stream().into_iter().collect()
            }
            _ => return None,
        };
        path_only.then(|| (last.clone(), args))
    })
}

pub(super) fn sibling(item: &[TokenTree]) -> Option<Sibling> {
    attributes(item).find_map(|(attribute, args)| {
        let kind = if attribute == "tool" {
            SiblingKind::Tool
        } else if attribute == "prompt" {
            SiblingKind::Prompt
        } else {
            return None;
        };
        // `name = "..."` at the top level of the arguments; other keys are rmcp's business.
        let name = args.windows(3).find_map(|w| match w {
            [
                TokenTree::Ident(key),
                TokenTree::Punct(eq),
                TokenTree::Literal(lit),
            ] if key == "name" && eq.as_char() == '=' => {
                syn::parse2::<LitStr>(TokenTree::Literal(lit.clone()).into())
                    .ok()
                    .map(|l| Str::from_lit(&l))
            }
            _ => None,
        });
        Some(Sibling { kind, name })
    })
}

/// The rmcp `#[tool(...)]` / `#[prompt(...)]` written *above* `#[elicitation]` on an `async fn`,
/// as its traces tell: rmcp expands first and rewrites the function to return a boxed future,
/// with the new tokens (the body among them) spanned at its own attribute. That attribute's text
/// is read back from the span for a diagnostic only, never to decide what is registered (the
/// compiler gives a span's source text as a best effort for diagnostics): `None` when there is
/// no such trace or no text behind it, and the declaration is then placed as it always is.
/// A plain `fn` keeps its own tokens, so an rmcp attribute above one leaves no trace: its source
/// file is read instead ([`written_above`]).
pub(super) fn expanded_above(item: &[TokenTree], body: Option<usize>) -> Option<Sibling> {
    let body = item.get(body?)?;
    let text = body.span().source_text()?;
    if !text.starts_with("#[") {
        return None;
    }
    let tokens: Vec<TokenTree> = text.parse::<TokenStream>().ok()?.into_iter().collect();
    sibling(&tokens)
}

/// The rmcp `#[tool(...)]` / `#[prompt(...)]` written *above* this `#[elicitation(...)]` on a
/// plain `fn`, which rmcp leaves as it was written: read from the function's source file, for a
/// diagnostic only, like [`expanded_above`]. The file is read as Rust tokens (by the compiler's
/// lexer, so strings and comments are what they are) and searched for a run of attributes on a
/// function with this name, among them an `#[elicitation]` with exactly these arguments; the
/// attributes before it are the ones expanded before this one. `None` when there is no file
/// (the code is generated, or the compiler gives no path), when nothing or more than one
/// different thing matches, or outside a procedural macro: the declaration is then placed as it
/// always is, and the description builder and the contract check still name the mistake.
pub(super) fn written_above(attr: &TokenStream, fn_name: &Ident) -> Option<Sibling> {
    if !proc_macro::is_available() {
        return None;
    }
    let path = fn_name.span().unwrap().local_file()?;
    let index = FileIndex::of(&path)?;
    let (args, fn_name) = (attr.to_string(), fn_name.to_string());
    let mut found = index
        .iter()
        .filter(|run| run.fn_name == fn_name)
        .filter_map(|run| {
            let (_, above) = run.elicitations.iter().find(|(a, _)| *a == args)?;
            above.clone()
        });
    let first = found.next()?;
    found.all(|other| other == first).then(|| Sibling {
        kind: first.0,
        // Tokens read from a file's text are spanned at the call site.
        name: first.1.map(|value| Str {
            value,
            span: Span::call_site(),
        }),
    })
}

/// An rmcp attribute found in a file: its kind and its `name`.
type Found = (SiblingKind, Option<String>);

/// A run of attributes on a function in a source file, as [`written_above`] looks it up.
struct AttributedFn {
    /// The function's name, as it prints (`r#type` for `fn r#type`).
    fn_name: String,
    /// Each `#[elicitation(...)]` of the run, by its arguments as tokens print, with the rmcp
    /// attribute before it in the run, if any.
    elicitations: Vec<(String, Option<Found>)>,
}

/// The functions with attributes of a source file, read once per file and version of it: a
/// server with many declarations in one file would otherwise have that file read and lexed once
/// for each. Procedural macros run on the compiler's thread, so one cache serves a crate's
/// expansion; a long-lived host (an IDE's macro server) sees a changed file by its length and
/// modification time.
struct FileIndex;

/// A file's path, length and modification time, and what it holds.
type Indexed = (
    std::path::PathBuf,
    u64,
    Option<std::time::SystemTime>,
    Rc<Vec<AttributedFn>>,
);

thread_local! {
    static FILES: RefCell<Vec<Indexed>> = const { RefCell::new(Vec::new()) };
}

impl FileIndex {
    fn of(path: &std::path::Path) -> Option<Rc<Vec<AttributedFn>>> {
        let meta = std::fs::metadata(path).ok()?;
        let (len, modified) = (meta.len(), meta.modified().ok());
        let cached = FILES.with(|files| {
            files
                .borrow()
                .iter()
                .find(|(p, l, m, _)| p == path && *l == len && *m == modified)
                .map(|(.., index)| Rc::clone(index))
        });
        if cached.is_some() {
            return cached;
        }
        let text = std::fs::read_to_string(path).ok()?;
        let file: TokenStream = text.parse().ok()?;
        let mut index = Vec::new();
        Self::search(file, &mut index);
        let index = Rc::new(index);
        FILES.with(|files| {
            let mut files = files.borrow_mut();
            files.retain(|(p, ..)| p != path);
            files.push((path.to_owned(), len, modified, Rc::clone(&index)));
        });
        Some(index)
    }

    /// Pushes onto `index` each function in `stream` (and the groups nested in it) with a run of
    /// attributes among which is an `#[elicitation]`.
    fn search(stream: TokenStream, index: &mut Vec<AttributedFn>) {
        let tokens: Vec<TokenTree> = stream.into_iter().collect();
        let mut i = 0;
        while i < tokens.len() {
            // A run of outer attributes: `#` and a bracketed group, repeated.
            let start = i;
            while let (Some(TokenTree::Punct(p)), Some(TokenTree::Group(g))) =
                (tokens.get(i), tokens.get(i + 1))
            {
                if p.as_char() != '#' || g.delimiter() != Delimiter::Bracket {
                    break;
                }
                i += 2;
            }
            if i > start {
                if let Some(run) = tokens.get(start..i)
                    && let Some(fn_name) = Self::function_name(tokens.get(i..).unwrap_or_default())
                {
                    let elicitations = Self::elicitations(run);
                    if !elicitations.is_empty() {
                        index.push(AttributedFn {
                            fn_name,
                            elicitations,
                        });
                    }
                }
                continue;
            }
            if let Some(TokenTree::Group(g)) = tokens.get(i) {
                Self::search(g.stream(), index);
            }
            i += 1;
        }
    }

    /// The name of the function `rest` starts (after its visibility and qualifiers), as it
    /// prints.
    fn function_name(rest: &[TokenTree]) -> Option<String> {
        for (i, t) in rest.iter().enumerate() {
            match t {
                TokenTree::Ident(kw) if kw == "fn" => {
                    return rest.get(i + 1).map(ToString::to_string);
                }
                TokenTree::Ident(kw)
                    if ["pub", "async", "const", "unsafe", "extern", "default"]
                        .iter()
                        .any(|q| kw == q) => {}
                // `pub(crate)`, and an ABI string after `extern`.
                TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis => {}
                TokenTree::Literal(_) => {}
                _ => return None,
            }
        }
        None
    }

    /// Each `#[elicitation]` among the attributes of `run`, by its arguments, with the rmcp
    /// attribute before it.
    fn elicitations(run: &[TokenTree]) -> Vec<(String, Option<Found>)> {
        run.chunks(2)
            .enumerate()
            .filter_map(|(at, pair)| {
                let (_, args) = attributes(pair).find(|(a, _)| a == "elicitation")?;
                let above = sibling(run.get(..at * 2)?).map(|s| (s.kind, s.name.map(|n| n.value)));
                Some((args.into_iter().collect::<TokenStream>().to_string(), above))
            })
            .collect()
    }
}

/// `#[elicitation]` below an rmcp attribute it cannot see through: the declaration would belong to
/// another primitive than the one rmcp serves (a tool renamed by `name`, or any prompt, which
/// this attribute would take for a tool). Says what to write instead.
pub(super) fn check_below_expanded(cx: &Ctxt, above: &Sibling, fn_name: &Ident) {
    let fn_str = crate::attr::unraw(fn_name);
    let attribute = above.kind.attribute();
    let (written, served) = match &above.name {
        Some(name) => (
            format!("#[{attribute}(name = {:?})]", name.value),
            name.value.clone(),
        ),
        None => (format!("#[{attribute}]"), fn_name.to_string()),
    };
    if above.kind == SiblingKind::Tool && served == fn_str {
        return;
    }
    let unseen = match above.kind {
        SiblingKind::Tool => "the tool's name",
        SiblingKind::Prompt => "that the function is a prompt",
    };
    cx.error_at(
        Span::call_site(),
        format!(
            "this `#[elicitation]` is below `{written}`, which rmcp expands first: it cannot see {unseen} and would declare the elicitation on a tool `{fn_str}`, which rmcp does not serve; move `#[elicitation(...)]` above `#[{attribute}(...)]`, or name the {attribute} here: `{attribute} = {served:?}`"
        ),
    );
}

/// The primitive a declaration belongs to when it names none: the tool or prompt of a sibling
/// rmcp attribute (its `name`, else the function's), else the tool named after the function.
///
/// rmcp names a primitive after the function as the identifier prints, `r#type` for
/// `fn r#type`; without an rmcp attribute the tool is named after the identifier without `r#`.
pub(super) fn default_target(sibling: Option<&Sibling>, fn_name: Option<&Ident>) -> Option<Target> {
    let fn_str = fn_name.map(|f| Str {
        value: crate::attr::unraw(f),
        span: f.span(),
    });
    match sibling {
        Some(s) => {
            let as_rmcp = fn_name.map(|f| Str {
                value: f.to_string(),
                span: f.span(),
            });
            let name = s.name.clone().or(as_rmcp)?;
            Some(match s.kind {
                SiblingKind::Tool => Target::Tool(name),
                SiblingKind::Prompt => Target::Prompt(name),
            })
        }
        None => fn_str.map(Target::Tool),
    }
}
