//! Compile-time checked MCP elicitation forms, elicitation declarations and MCP Description files.
//!
//! An MCP server can pause a tool call to ask the user for input: *elicitation*. In form mode the
//! server sends a `requestedSchema`, a flat, restricted JSON Schema whose vocabulary depends on
//! the protocol version. This crate makes that schema a compile-time matter:
//!
//! ```
//! use mcpdesc_runtime::{ElicitationEnum, ElicitationForm, ProtocolVersion};
//!
//! /// Who should own the issue, and how urgent it is.
//! #[derive(ElicitationForm, Debug, PartialEq)]
//! struct Assign {
//!     /// Teammate login.
//!     #[form(title = "Assignee", min_length = 1, max_length = 39)]
//!     assignee: String,
//!     #[form(minimum = 1, maximum = 10)]
//!     estimate: u8,
//!     priority: Priority,
//! }
//!
//! #[derive(ElicitationEnum, Debug, PartialEq)]
//! #[form(rename_all = "lowercase")]
//! enum Priority {
//!     Low,
//!     High,
//! }
//!
//! let schema = serde_json::to_value(Assign::requested_schema()).unwrap();
//! assert_eq!(schema["properties"]["priority"]["enum"], serde_json::json!(["low", "high"]));
//! assert!(Assign::PROTOCOL_VERSIONS.contains(ProtocolVersion::V2025_06_18));
//!
//! let content = serde_json::json!({"assignee": "octocat", "estimate": 3, "priority": "high"});
//! let answer = Assign::from_content(content.as_object().unwrap()).unwrap();
//! assert_eq!(answer.priority, Priority::High);
//!
//! let bad = serde_json::json!({"assignee": "", "estimate": 11});
//! let err = Assign::from_content(bad.as_object().unwrap()).unwrap_err();
//! assert_eq!(err.problems().len(), 3); // too short, above maximum, missing
//! ```
//!
//! The [`reference`](mod@reference) has the field types, every attribute key, the compile errors, the
//! description builder, the validator, run-time forms, asking and serving over rmcp and the
//! contract check, each with examples that run as doctests.
//!
//! # Features
//!
//! | feature | what |
//! |---|---|
//! | `derive` (default) | the derives and the attribute, from `mcpdesc-derive` |
//! | `float_roundtrip` (default) | JSON numbers read as the double nearest them, as JavaScript, Python and the YAML reader read them (serde_json's `float_roundtrip`, which cargo turns on for the whole build) |
//! | `schemars` | forms implement `schemars::JsonSchema`; `Tool::input_schema_for::<T>()` |
//! | `rmcp` | `session`: asking over an rmcp 3.11 session; descriptions from rmcp's routers |
//! | `http` | serving over rmcp's Streamable HTTP: the caller ([`session::Principal`]) is bound into every sealed state |
//! | `redis` | [`session::RedisSpentStates`]: spent states shared by replicas in Redis |
//!
//! The crate also turns on serde_json's `preserve_order` (a description keeps the format's
//! member order) and `raw_value` (a form's wire bytes are handed out as a `&RawValue`), which
//! cargo turns on for every crate of the build that uses serde_json.

#![deny(missing_docs)]

// The crate page's example (`README.md`, what crates.io shows) is compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct CratePageDoctests;

pub mod choices;
pub mod contract;
pub mod description;
mod expand;
mod form;
pub mod reference;
pub mod registry;
#[cfg(feature = "rmcp")]
pub mod resources;
#[cfg(feature = "rmcp")]
mod rmcp_schema;
#[cfg(feature = "rmcp")]
pub mod session;

// The format's model and the checks the builder runs are the crate `mcpdesc-format`, shared with
// the checker; the runtime's code reaches them under these paths.
use mcpdesc_format::{content, hash, members, object, schema, shown, text, version, yaml};
#[cfg(feature = "rmcp")]
use mcpdesc_format::{json, uri_template};

pub mod diagnostics {
    //! What the description builder reports: a [`Report`] of [`Diagnostic`]s, each with the
    //! specification's rule, a stable [`Code`], a [`Severity`], a JSON Pointer and a message that
    //! says what is wrong and what to write instead.
    //!
    //! A [`BuildError`](crate::description::BuildError) holds the report of a description that
    //! failed its checks. The checks themselves, which `mcpdesc-check` runs too, are in
    //! [`mcpdesc_format::diagnostics`].

    pub(crate) use mcpdesc_format::diagnostics::*;
    pub use mcpdesc_format::diagnostics::{
        Code, Diagnostic, MAX_DIAGNOSTICS, MAX_REPORT_BYTES, Report, Rule, Severity,
    };
}

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

pub use form::{ElicitationEnum, ElicitationForm, FormValue, StaticForm, ValueKind};
pub use mcpdesc_format::{ContentError, ContentProblem, JsonType, MAX_ITEM_PROBLEMS, ProblemKind};
// The traits and tables generated code works through: in error messages, not in the docs.
#[doc(hidden)]
pub use form::{EnumChoices, FormField, MultiSelectValue, RuntimeChoiceField, RuntimeChoiceValue};
pub use mcpdesc_format::{ProtocolVersion, RequestedSchema, UnknownProtocolVersion, VersionSet};

#[cfg(feature = "derive")]
pub use mcpdesc_derive::{ElicitationEnum, ElicitationForm, elicitation};
#[cfg(all(feature = "derive", feature = "rmcp"))]
pub use mcpdesc_derive::{resource_handler, resource_router};

/// Implements `schemars::JsonSchema` for a derived form (when the `schemars` feature is on).
#[doc(hidden)]
#[cfg(feature = "schemars")]
#[macro_export]
macro_rules! __impl_json_schema {
    ($form:ty, $name:expr) => {
        impl $crate::__private::schemars::JsonSchema for $form {
            fn schema_name() -> $crate::__private::CowStr<'static, str> {
                $crate::__private::CowStr::Borrowed($name)
            }

            fn json_schema(
                _: &mut $crate::__private::schemars::SchemaGenerator,
            ) -> $crate::__private::schemars::Schema {
                $crate::__private::json_schema_of::<$form>()
            }
        }
    };
}

/// Without the `schemars` feature, forms do not implement `schemars::JsonSchema`.
#[doc(hidden)]
#[cfg(not(feature = "schemars"))]
#[macro_export]
macro_rules! __impl_json_schema {
    ($form:ty, $name:expr) => {};
}
