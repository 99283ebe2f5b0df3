//! The whole-format checker of MCP Description files: [`validate`], [`diff`](diff::diff) (what
//! changed between two descriptions and what it breaks), the YAML and JSON readers, and the
//! `mcpdesc` command.
//!
//! A server depends on `mcpdesc-runtime`, which derives forms, declares elicitations and builds
//! its description, checked in everything the builder can know by construction. This crate
//! checks a description as a whole (examples, tool schemas, metadata, transports, capabilities,
//! tags, security, every elicitation rule), from any source: in a server's tests
//! ([`check_checked_in`]), in CI (`mcpdesc check`), or on a file someone else wrote. A server's
//! build does not compile it: add it under `[dev-dependencies]`.
//!
//! ```
//! use mcpdesc_check::{Severity, validate};
//!
//! let doc = serde_json::json!({
//!     "mcpdesc": "0.9.0",
//!     "info": {"name": "demo", "version": "1.0.0"},
//!     "protocolVersions": ["2025-06-18"],
//!     "tools": [{
//!         "name": "sign_in",
//!         "inputSchema": {"type": "object"},
//!         "elicitations": [{"name": "login", "mode": "url", "message": "Sign in."}]
//!     }]
//! });
//! let report = validate(&doc);
//! let error = report.errors().next().unwrap();
//! assert_eq!(error.code, "elicitation-mode-not-supported-by-version");
//! assert_eq!(error.path, "/tools/0/elicitations/0/mode");
//! assert_eq!(error.severity, Severity::Error);
//! ```
//!
//! The `mcpdesc` command checks files from the command line:
//!
//! ```text
//! cargo install mcpdesc-check --features cli
//! mcpdesc check server.mcpdesc.yaml [--format json]
//! mcpdesc diff releases/1.4.0.mcpdesc.yaml server.mcpdesc.yaml [--format github]
//! mcpdesc test server.mcpdesc.yaml -- ./target/debug/server serve
//! mcpdesc mock server.mcpdesc.yaml [--http 127.0.0.1:8080]
//! ```
//!
//! A server's tests hold its description to the code with [`check_checked_in`], and to its last
//! release with [`check_compatible`].
//!
//! The [`reference`](mod@reference) says what the validator checks and reports, how the command reads files,
//! and the YAML subset descriptions are read in; [`reference::diff`] says what `diff` compares,
//! with every rule.
//!
//! # Features
//!
//! | feature | what |
//! |---|---|
//! | `jsonschema` (default) | tool examples' `input` and `structuredContent` checked against their tool's JSON Schemas (without it, each is the warning `incomplete-tool-example-validation`); the `mcpdesc` command and its `--schema` option |
//! | `cli` | the `mcpdesc` command (`cargo install mcpdesc-check --features cli`) |
//! | `tester` | [`tester`]: a running server, over stdio or Streamable HTTP or in process, held to its description on each protocol version it lists |
//! | `mock` | [`mock`]: a working server made from a description, over stdio or Streamable HTTP, on each protocol version it lists |
//! | `inputs` | [`inputs`]: a tool's inputs made from its input schema, boundary cases and proptest strategies of valid and invalid inputs, each checked by the `jsonschema` crate |

#![deny(missing_docs)]

// The crate page's example (`README.md`, what crates.io shows) is compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct CratePageDoctests;

mod checked_in;
mod compatible;
pub mod diff;
pub mod document;
pub mod github;
#[cfg(feature = "inputs")]
pub mod inputs;
mod instances;
pub mod json;
pub mod listing;
#[cfg(feature = "mock")]
pub mod mock;
mod positions;
#[doc = include_str!("../docs/validation.md")]
pub mod reference {
    #[doc = include_str!("../docs/diff.md")]
    pub mod diff {}
}
pub mod source;
#[cfg(feature = "tester")]
pub mod tester;
mod validate;
pub mod yaml;

// The format's model, under the paths the checks were written with.
pub(crate) use mcpdesc_format::{
    JsonType, RequestedSchema, hash, members, object, shown, text, uri_template, version,
};

pub use checked_in::{BLESS, CheckedInError, check_checked_in};
pub use compatible::{IncompatibleError, check_compatible};
pub use mcpdesc_format::diagnostics::{
    Code, Diagnostic, MAX_DIAGNOSTICS, MAX_REPORT_BYTES, Report, Rule, Severity,
};
pub use validate::validate;
