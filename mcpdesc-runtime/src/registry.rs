//! The elicitation declarations linked into this binary.
//!
//! Every `#[elicitation(...)]` attribute registers one [`Declaration`] at start-up. The
//! description builder merges them into their primitives
//! ([`DescriptionBuilder::registered_elicitations`](crate::description::DescriptionBuilder::registered_elicitations)),
//! and server code can look one up to send it without repeating its message or schema:
//!
//! ```standalone_crate
//! use mcpdesc_runtime::registry::{self, Primitive};
//! use mcpdesc_runtime::{ElicitationForm, elicitation};
//!
//! #[derive(ElicitationForm)]
//! struct Confirm {
//!     #[form(default = true)]
//!     proceed: bool,
//! }
//!
//! #[elicitation(name = "confirm", form = Confirm, message = "Really delete the issue?")]
//! fn delete_issue(id: u64) -> bool {
//!     id > 0
//! }
//!
//! let decl = registry::find(Primitive::Tool("delete_issue"), "confirm").unwrap();
//! assert_eq!(decl.message(), "Really delete the issue?");
//! let params = decl.request_params();
//! assert_eq!(params["mode"], "form");
//! assert_eq!(params["requestedSchema"]["properties"]["proceed"]["default"], true);
//! # assert!(delete_issue(1));
//! ```

use std::fmt;

use serde_json::{Value, json};

use crate::schema::RequestedSchema;
use crate::version::VersionSet;

pub use mcpdesc_format::primitive::{Primitive, PrimitiveName};

/// How a declaration asks.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Mode {
    /// Form mode with a derived form.
    Form {
        /// The form's Rust type name.
        form: &'static str,
        /// The form's schema.
        schema: fn() -> &'static RequestedSchema,
        /// The versions whose vocabulary the form fits.
        versions: VersionSet,
    },
    /// URL mode, with the static URL when it is known.
    Url {
        /// The static URL; `None` when it is chosen at run time.
        url: Option<&'static str>,
    },
    /// Form mode with a form read at run time from a description
    /// ([`Declaration::described`]), not derived.
    Described {
        /// The form's schema, as read.
        schema: &'static RequestedSchema,
    },
}

/// Where a declaration is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Location {
    /// The source file.
    pub file: &'static str,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

/// One `#[elicitation(...)]` declaration.
#[derive(Clone, Copy, Debug)]
pub struct Declaration {
    primitive: Primitive,
    name: &'static str,
    mode: Mode,
    message: &'static str,
    when: Option<&'static str>,
    on_decline: Option<&'static str>,
    on_cancel: Option<&'static str>,
    protocol_versions: Option<VersionSet>,
    location: Location,
}

impl Declaration {
    /// Built by the `#[elicitation]` attribute.
    #[doc(hidden)]
    #[allow(clippy::too_many_arguments)]
    pub const fn __new(
        primitive: Primitive,
        name: &'static str,
        mode: Mode,
        message: &'static str,
        when: Option<&'static str>,
        on_decline: Option<&'static str>,
        on_cancel: Option<&'static str>,
        protocol_versions: Option<VersionSet>,
        location: Location,
    ) -> Self {
        Declaration {
            primitive,
            name,
            mode,
            message,
            when,
            on_decline,
            on_cancel,
            protocol_versions,
            location,
        }
    }

    /// A declaration read at run time, not written as an attribute: what a server that serves a
    /// description it reads asks (`mcpdesc mock` does). Ask it with
    /// [`Asker::described`](crate::session::Asker::described), which holds each request to the
    /// description rather than to the registry. It is never registered: [`find`] and
    /// [`declarations`] do not see it.
    ///
    /// Its parts are `'static`, as an attribute's are: read the description once, at start-up,
    /// and keep what the declarations borrow for the life of the process.
    ///
    /// ```
    /// use mcpdesc_runtime::registry::{Declaration, Mode, Primitive};
    /// use mcpdesc_runtime::RequestedSchema;
    ///
    /// let form: &'static RequestedSchema = Box::leak(Box::new(RequestedSchema::new(Vec::new())));
    /// let confirm = Declaration::described(
    ///     Primitive::Tool("close_issue"),
    ///     "confirm",
    ///     Mode::Described { schema: form },
    ///     "Close the issue?",
    /// )
    /// .with_follow_ups(Some("Keep the issue open."), None);
    /// assert_eq!(confirm.mode_str(), "form");
    /// assert_eq!(confirm.on_decline(), Some("Keep the issue open."));
    /// ```
    pub const fn described(
        primitive: Primitive,
        name: &'static str,
        mode: Mode,
        message: &'static str,
    ) -> Self {
        let location = Location {
            file: "(a description)",
            line: 0,
            column: 0,
        };
        Declaration::__new(
            primitive, name, mode, message, None, None, None, None, location,
        )
    }

    /// The declaration with `when`: when the interaction happens.
    #[must_use]
    pub const fn with_when(mut self, when: Option<&'static str>) -> Self {
        self.when = when;
        self
    }

    /// The declaration with its `onDecline` and `onCancel`.
    #[must_use]
    pub const fn with_follow_ups(
        mut self,
        on_decline: Option<&'static str>,
        on_cancel: Option<&'static str>,
    ) -> Self {
        self.on_decline = on_decline;
        self.on_cancel = on_cancel;
        self
    }

    /// The declaration with its effective scope: the versions it is asked on.
    #[must_use]
    pub const fn with_protocol_versions(mut self, scope: Option<VersionSet>) -> Self {
        self.protocol_versions = scope;
        self
    }

    /// The primitive it belongs to.
    pub fn primitive(&self) -> Primitive {
        self.primitive
    }

    /// Its name, unique on the primitive.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Form or URL mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// `"form"` or `"url"`.
    pub fn mode_str(&self) -> &'static str {
        match self.mode {
            Mode::Form { .. } | Mode::Described { .. } => "form",
            Mode::Url { .. } => "url",
        }
    }

    /// The message shown to the user.
    pub fn message(&self) -> &'static str {
        self.message
    }

    /// When the interaction happens.
    pub fn when(&self) -> Option<&'static str> {
        self.when
    }

    /// What happens on decline.
    pub fn on_decline(&self) -> Option<&'static str> {
        self.on_decline
    }

    /// What happens on cancel.
    pub fn on_cancel(&self) -> Option<&'static str> {
        self.on_cancel
    }

    /// The explicit scope, if any.
    pub fn protocol_versions(&self) -> Option<VersionSet> {
        self.protocol_versions
    }

    /// Where the attribute is written.
    pub fn location(&self) -> Location {
        self.location
    }

    /// The form's schema in form mode.
    pub fn requested_schema(&self) -> Option<&'static RequestedSchema> {
        match self.mode {
            Mode::Form { schema, .. } => Some(schema()),
            Mode::Described { schema } => Some(schema),
            Mode::Url { .. } => None,
        }
    }

    /// The static URL in URL mode, when known.
    pub fn url(&self) -> Option<&'static str> {
        match self.mode {
            Mode::Url { url } => url,
            Mode::Form { .. } | Mode::Described { .. } => None,
        }
    }

    /// The versions the declaration itself can serve: the form's vocabulary, or URL mode's.
    pub fn supported_versions(&self) -> VersionSet {
        match self.mode {
            Mode::Form { versions, .. } => versions,
            Mode::Described { schema } => schema.protocol_versions(),
            Mode::Url { .. } => VersionSet::URL_MODE,
        }
    }

    /// The parameters of an `elicitation/create` request (2025-11-25 and later) for this
    /// declaration: `{mode, message, requestedSchema}`, or `{mode, message, url}` when the URL
    /// is static (a run-time URL and, before 2026-07-28, an `elicitationId` are added by the
    /// caller).
    pub fn request_params(&self) -> Value {
        match self.mode {
            Mode::Form { .. } | Mode::Described { .. } => json!({
                "mode": "form",
                "message": self.message,
                "requestedSchema": self.requested_schema(),
            }),
            Mode::Url { url: Some(url) } => {
                json!({"mode": "url", "message": self.message, "url": url})
            }
            Mode::Url { url: None } => json!({"mode": "url", "message": self.message}),
        }
    }
}

inventory::collect!(Declaration);

/// Every declaration linked into this binary, ordered by primitive, then by where it is written.
pub fn declarations() -> Vec<&'static Declaration> {
    let mut all: Vec<&'static Declaration> = inventory::iter::<Declaration>.into_iter().collect();
    all.sort_by_key(|d| (d.primitive, d.location, d.name));
    all
}

/// The declaration named `name` on `primitive`.
pub fn find(primitive: Primitive, name: &str) -> Option<&'static Declaration> {
    inventory::iter::<Declaration>
        .into_iter()
        .find(|d| d.primitive == primitive && d.name == name)
}

/// The typed handle of a form-mode `#[elicitation(...)]` declaration of the form `F`: its
/// primitive, name, message and form fixed at compile time.
///
/// The attribute emits one beside the function it is written on, as a `const` with the
/// function's visibility, named `<FUNCTION>_<NAME>` in upper case (`.` and `-` in the name read as
/// `_`), or as `handle = NAME` says: `#[elicitation(name = "triage", form = Triage, ..)]` on
/// `fn create_issue` gives `CREATE_ISSUE_TRIAGE` (an associated `const` of the `impl` block for a
/// method, a `const` of the module for a free function). Ask it with
/// [`ask!`](crate::ask) over an rmcp session; a form with choices given at run time is asked with
/// its choices.
///
/// ```
/// use mcpdesc_runtime::registry::{FormHandle, Primitive};
/// use mcpdesc_runtime::{ElicitationForm, elicitation};
///
/// #[derive(ElicitationForm)]
/// struct Confirm {
///     confirm: bool,
/// }
///
/// struct Tracker;
///
/// impl Tracker {
///     #[elicitation(name = "confirm", form = Confirm, message = "Really delete the issue?")]
///     fn delete_issue(&self) {}
/// }
///
/// let handle: FormHandle<Confirm> = Tracker::DELETE_ISSUE_CONFIRM;
/// assert_eq!(handle.declaration().primitive(), Primitive::Tool("delete_issue"));
/// assert_eq!(handle.declaration().message(), "Really delete the issue?");
/// ```
pub struct FormHandle<F> {
    declaration: Declaration,
    form: std::marker::PhantomData<fn() -> F>,
}

/// The typed handle of a URL-mode `#[elicitation(...)]` declaration (see [`FormHandle`] for how
/// handles are named).
#[derive(Clone, Copy, Debug)]
pub struct UrlHandle {
    declaration: Declaration,
}

impl<F> FormHandle<F> {
    /// Made by the `#[elicitation]` attribute.
    #[doc(hidden)]
    pub const fn __new(declaration: Declaration) -> Self {
        FormHandle {
            declaration,
            form: std::marker::PhantomData,
        }
    }

    /// The declaration, as the registry holds it.
    pub const fn declaration(&self) -> &Declaration {
        &self.declaration
    }
}

impl UrlHandle {
    /// Made by the `#[elicitation]` attribute.
    #[doc(hidden)]
    pub const fn __new(declaration: Declaration) -> Self {
        UrlHandle { declaration }
    }

    /// The declaration, as the registry holds it.
    pub const fn declaration(&self) -> &Declaration {
        &self.declaration
    }
}

impl<F> Clone for FormHandle<F> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<F> Copy for FormHandle<F> {}

impl<F> fmt::Debug for FormHandle<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FormHandle")
            .field("declaration", &self.declaration)
            .finish()
    }
}

impl<F> AsRef<Declaration> for FormHandle<F> {
    fn as_ref(&self) -> &Declaration {
        &self.declaration
    }
}

impl AsRef<Declaration> for UrlHandle {
    fn as_ref(&self) -> &Declaration {
        &self.declaration
    }
}

impl AsRef<Declaration> for Declaration {
    fn as_ref(&self) -> &Declaration {
        self
    }
}
