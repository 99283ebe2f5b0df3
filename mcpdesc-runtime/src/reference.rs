//! The reference: every field type, attribute key and compile error of the derives, the
//! description builder, run-time forms, asking and serving over rmcp, and the
//! contract check, with examples that run as doctests.
//!
//! | page | what it covers |
//! |---|---|
//! | [`forms`] | field types, `#[form(...)]` keys, compile errors, how answers are read, sensitive fields, schemars |
//! | [`declarations`] | `#[elicitation(...)]` keys, the registry, the description builder |
//! | [`runtime_forms`] | forms whose choices or defaults are given when they are sent |
//! | [`asking`] | asking a form or a URL over an rmcp session |
//! | [`serving`] | a server that asks in one line, and the contract check in its tests |
//! | [`replicas`] | serving over Streamable HTTP as replicas: keys, the shared store, routing |
//!
//! The diagnostic codes are [`diagnostics::Code`](crate::diagnostics::Code); the feature flags are
//! on the [crate page](crate#features). What the whole-format validator and `mcpdesc check`
//! report, and the YAML subset descriptions are read in, is the reference of the `mcpdesc-check`
//! crate, the checker a server's tests and CI use.

#[doc = include_str!("../docs/forms.md")]
pub mod forms {}

#[doc = include_str!("../docs/declarations.md")]
pub mod declarations {}

#[doc = include_str!("../docs/runtime_forms.md")]
pub mod runtime_forms {}

#[cfg_attr(feature = "rmcp", doc = include_str!("../docs/asking.md"))]
#[cfg_attr(
    not(feature = "rmcp"),
    doc = "Asking over an rmcp session: needs the `rmcp` feature."
)]
pub mod asking {}

#[cfg_attr(
    all(feature = "rmcp", feature = "schemars"),
    doc = include_str!("../docs/serving.md")
)]
#[cfg_attr(
    not(all(feature = "rmcp", feature = "schemars")),
    doc = "Serving with rmcp: needs the `rmcp` and `schemars` features."
)]
pub mod serving {}

#[cfg_attr(
    all(feature = "http", feature = "redis"),
    doc = include_str!("../docs/replicas.md")
)]
#[cfg_attr(
    not(all(feature = "http", feature = "redis")),
    doc = "Serving over Streamable HTTP as replicas: needs the `http` and `redis` features."
)]
pub mod replicas {}
