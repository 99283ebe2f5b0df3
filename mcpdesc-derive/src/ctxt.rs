//! Error accumulation: every problem of one derive is reported together.

use std::cell::RefCell;
use std::fmt::Display;

use quote::ToTokens;

/// Collects errors while the input is parsed and checked.
///
/// Like `serde_derive`'s context, it must be consumed with [`Ctxt::check`]; dropping it with
/// errors still inside is a bug in the macro.
#[derive(Default)]
pub struct Ctxt {
    errors: RefCell<Option<Vec<syn::Error>>>,
}

impl Ctxt {
    pub fn new() -> Self {
        Ctxt {
            errors: RefCell::new(Some(Vec::new())),
        }
    }

    /// Records an error spanned at `tokens`.
    pub fn error_spanned_by<T: ToTokens, M: Display>(&self, tokens: T, message: M) {
        self.syn_error(syn::Error::new_spanned(tokens.into_token_stream(), message));
    }

    /// Records an error at `span`.
    pub fn error_at<M: Display>(&self, span: proc_macro2::Span, message: M) {
        self.syn_error(syn::Error::new(span, message));
    }

    /// Records an error over `at`, from its first token to its last.
    pub fn error_over<M: Display>(&self, at: crate::span::At, message: M) {
        self.syn_error(at.error(message));
    }

    /// Records a parse error.
    pub fn syn_error(&self, error: syn::Error) {
        if let Some(errors) = self.errors.borrow_mut().as_mut() {
            errors.push(error);
        }
    }

    /// Consumes the context: all errors combined into one, if there were any.
    pub fn check(self) -> Result<(), syn::Error> {
        let errors = self.errors.borrow_mut().take().unwrap_or_default();
        let mut iter = errors.into_iter();
        match iter.next() {
            None => Ok(()),
            Some(mut first) => {
                for e in iter {
                    first.combine(e);
                }
                Err(first)
            }
        }
    }
}

impl Drop for Ctxt {
    #[allow(
        clippy::panic,
        reason = "a bug of this crate's own (errors recorded and never reported), as serde_derive's context checks"
    )]
    fn drop(&mut self) {
        if !std::thread::panicking() && self.errors.borrow().as_ref().is_some_and(|e| !e.is_empty())
        {
            panic!("mcpdesc-derive: forgot to check for errors");
        }
    }
}
