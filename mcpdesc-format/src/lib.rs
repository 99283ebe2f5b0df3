//! The MCP Description format as a model: protocol versions, elicitation forms and their answers,
//! and the checks every description passes.
//!
//! This crate is what [`mcpdesc-runtime`](https://docs.rs/mcpdesc-runtime) and
//! [`mcpdesc-check`](https://docs.rs/mcpdesc-check) share. A server depends on the runtime, which
//! re-exports the parts a server names ([`ProtocolVersion`], [`VersionSet`], [`RequestedSchema`],
//! the answer's [`ContentError`], the [`diagnostics`] a built description reports). The checker
//! builds its checks on the layers of [`diagnostics`]. Use this crate directly when you write a
//! tool that reads or checks descriptions and want the same rules, written once, that the builder
//! and the checker apply. The three crates are released in lockstep with exact `=` version pins.
//!
//! ```
//! use mcpdesc_format::diagnostics::parse_requested_schema;
//! use mcpdesc_format::version::{Fact, ProtocolVersion};
//!
//! let schema = parse_requested_schema(&serde_json::json!({
//!     "type": "object",
//!     "properties": {"email": {"type": "string", "format": "email"}}
//! }))
//! .unwrap();
//! assert!(schema.protocol_versions().contains(ProtocolVersion::V2025_06_18));
//! assert!(Fact::UrlElicitation.versions().contains(ProtocolVersion::V2025_11_25));
//! ```
//!
//! # Modules, lowest first
//!
//! | module | what |
//! |---|---|
//! | [`version`] | the protocol versions and the version table ([`version::Fact`]): what each revision brought and took away |
//! | [`text`] | the string formats (email, URI, date, URI template, names) as `const fn`s |
//! | [`uri_template`] | RFC 6570 templates read for their variables and the URIs they expand to |
//! | [`json`], [`object`], [`hash`], [`shown`] | canonical JSON, member look-up, the maps, values as messages show them |
//! | [`schema`], [`content`] | a form (`requestedSchema`) and the check of an answer against it |
//! | [`primitive`], [`members`] | the primitives, and their members not every version defines |
//! | [`diagnostics`] | the checks the description builder runs, and the report every check writes |
//! | [`yaml`] | the YAML writer |
//!
//! A few constructors and helpers are hidden from these pages: the runtime and the code its
//! macros generate build forms with them in constant evaluation (`from_static`, the kept wire
//! JSON) and fill run-time choices with them. They are not part of this crate's API, and the
//! checker uses none of them.

#![deny(missing_docs)]

// The crate page's example (`README.md`, what crates.io shows) is compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct CratePageDoctests;

pub mod content;
pub mod diagnostics;
pub mod hash;
pub mod json;
pub mod members;
pub mod object;
pub mod primitive;
pub mod schema;
pub mod shown;
pub mod text;
pub mod uri_template;
pub mod version;
pub mod yaml;

pub use content::{ContentError, ContentProblem, JsonType, MAX_ITEM_PROBLEMS, ProblemKind};
pub use schema::RequestedSchema;
pub use version::{ProtocolVersion, UnknownProtocolVersion, VersionSet};
