//! Inputs for a tool, made from its `inputSchema` (feature `inputs`): what `mcpdesc test` sends
//! a server, and what a server's own property tests can send it.
//!
//! [`ToolInputs`] reads a tool's input schema and gives three kinds of input:
//!
//! - [`boundaries`](ToolInputs::boundaries): for each keyword, the values at and just beyond
//!   each bound, each `enum` value, each optional member present and absent, an empty and a
//!   non-ASCII string, each labelled with where it applies and whether it is valid;
//! - [`valid`](ToolInputs::valid): a [proptest](https://docs.rs/proptest) strategy of valid
//!   inputs, reproducible from a seed and shrunk to the smallest input that still fails;
//! - [`invalid`](ToolInputs::invalid): a strategy of inputs that break the schema in one place.
//!
//! Whether an input is valid is decided by the `jsonschema` crate, never by the generator: every
//! input a strategy hands out, shrunk ones included, was checked against the schema first, so a
//! "valid" input never breaks it and an "invalid" one always does. (A shrink that removes the
//! only invalid part of an input is refused, since the shrunk input is checked again.)
//!
//! ```
//! use mcpdesc_check::inputs::ToolInputs;
//! use proptest::strategy::{Strategy, ValueTree};
//! use proptest::test_runner::TestRunner;
//!
//! let inputs = ToolInputs::new(&serde_json::json!({
//!     "type": "object",
//!     "properties": {
//!         "title": {"type": "string", "minLength": 1, "maxLength": 80},
//!         "priority": {"enum": ["low", "high"]}
//!     },
//!     "required": ["title"],
//!     "additionalProperties": false
//! }))
//! .unwrap();
//!
//! let mut runner = TestRunner::deterministic();
//! let input = inputs.valid().new_tree(&mut runner).unwrap().current();
//! assert!(inputs.is_valid(&input));
//!
//! let broken = inputs.invalid().new_tree(&mut runner).unwrap().current();
//! assert!(!inputs.is_valid(&broken));
//!
//! let at_the_bound = inputs
//!     .boundaries()
//!     .into_iter()
//!     .find(|case| case.what == "/properties/title: maxLength 80, at the bound")
//!     .unwrap();
//! assert!(at_the_bound.valid);
//! ```

mod boundary;
mod invalid;
mod valid;

use std::sync::Arc;

use proptest::strategy::{BoxedStrategy, Strategy};
use serde_json::Value;

use crate::instances::Compiled;
use crate::validate::tool_schema::dialect_of;

pub use boundary::Case;

/// How deep the generator follows nested schemas and `$ref`s; below it a value is the smallest
/// the schema accepts, or none.
const DEPTH: usize = 8;

/// A proptest runner whose random numbers follow from `seed` and `parts` alone (FNV-1a over
/// them, from the seed), with no failure file: what `mcpdesc test` generates a tool's inputs
/// with, and what `mcpdesc mock` generates a request's result with, so that the same seed and
/// parts give the same values on every run.
#[cfg(feature = "tester")]
pub(crate) fn seeded_runner(
    seed: u64,
    parts: impl IntoIterator<Item = u8>,
) -> proptest::test_runner::TestRunner {
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
    let mut hash = seed;
    for b in parts {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    let mut bytes = [0u8; 32];
    for (i, chunk) in bytes.chunks_mut(8).enumerate() {
        let word = hash.rotate_left(u32::try_from(i * 16).unwrap_or(0)) ^ seed;
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    let config = Config {
        failure_persistence: None,
        ..Config::default()
    };
    TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
}

/// A tool's input schema, compiled, and the inputs made from it.
#[derive(Clone)]
pub struct ToolInputs {
    schema: Arc<Value>,
    judge: Arc<Compiled>,
}

impl std::fmt::Debug for ToolInputs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ToolInputs")
            .field("schema", &self.schema)
            .finish_non_exhaustive()
    }
}

/// Why a schema gives no inputs.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum InputsError {
    /// The schema names a dialect other than JSON Schema 2020-12 and draft-07 in `$schema`.
    UnknownDialect,
    /// The `jsonschema` crate does not compile the schema; its message.
    DoesNotCompile(String),
}

impl std::fmt::Display for InputsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InputsError::UnknownDialect => f.write_str(
                "the schema's `$schema` names a dialect other than JSON Schema 2020-12 and draft-07",
            ),
            InputsError::DoesNotCompile(message) => {
                write!(f, "the schema does not compile: {message}")
            }
        }
    }
}

impl std::error::Error for InputsError {}

impl ToolInputs {
    /// Reads `schema`, a tool's `inputSchema` with its `$componentRef`s already followed (as
    /// [`ToolInputs::of_tool`] follows them).
    ///
    /// # Errors
    ///
    /// [`InputsError`] when the schema's dialect is unknown or it does not compile.
    pub fn new(schema: &Value) -> Result<Self, InputsError> {
        let dialect = dialect_of(schema).ok_or(InputsError::UnknownDialect)?;
        let judge = crate::instances::Instances::default()
            .compile(schema, dialect.draft())
            .map_err(InputsError::DoesNotCompile)?;
        Ok(ToolInputs {
            schema: Arc::new(schema.clone()),
            judge: Arc::new(judge),
        })
    }

    /// The inputs of the tool named `name` in `description`, its `inputSchema` read through a
    /// `$componentRef` into `components.schemas` where it is one. `None` when the description
    /// has no such tool, or its schema is a broken reference.
    ///
    /// # Errors
    ///
    /// [`InputsError`] when the schema's dialect is unknown or it does not compile.
    pub fn of_tool(description: &Value, name: &str) -> Option<Result<Self, InputsError>> {
        let tool = description
            .get("tools")?
            .as_array()?
            .iter()
            .find(|tool| tool.get("name").and_then(Value::as_str) == Some(name))?;
        let schema = tool.get("inputSchema")?;
        let cx = mcpdesc_format::diagnostics::toolbox::Cx::new(description);
        let (schema, _) = mcpdesc_format::diagnostics::references::schema_target(&cx, schema)?;
        Some(ToolInputs::new(schema))
    }

    /// The schema the inputs are made from.
    pub fn schema(&self) -> &Value {
        &self.schema
    }

    /// Whether `input` is valid against the schema, as the `jsonschema` crate judges it. An input
    /// a pattern of the schema cannot judge within its step limit counts as not valid.
    pub fn is_valid(&self, input: &Value) -> bool {
        self.judge.accepts(input) == Some(true)
    }

    /// Each place `instance` breaks the schema (`at /pointer: what`); empty when it is valid,
    /// one entry saying so when a pattern could not judge it.
    #[cfg(feature = "tester")]
    pub(crate) fn problems(&self, instance: &Value) -> Vec<String> {
        self.judge.problems(instance).unwrap_or_else(|| {
            vec!["a pattern of the schema could not judge it within its step limit".to_owned()]
        })
    }

    /// Whether `input` is invalid against the schema (a judgement made, not one left undone).
    fn is_invalid(&self, input: &Value) -> bool {
        self.judge.accepts(input) == Some(false)
    }

    /// Valid inputs: made from the schema, then each checked valid, shrunk ones too. A schema whose
    /// valid inputs the generator rarely makes (a `not`, a `pattern` outside what it reads) makes
    /// proptest give up with "too many local rejects"; that tool cannot be tested with
    /// generated inputs, and the tester says so.
    pub fn valid(&self) -> BoxedStrategy<Value> {
        let this = self.clone();
        valid::strategy(&self.schema, &self.schema, DEPTH)
            .prop_filter("valid against the input schema", move |input| {
                this.is_valid(input)
            })
            .boxed()
    }

    /// Invalid inputs: a valid input broken in one place (a member removed, a value of the wrong
    /// type or beyond a bound, a member the schema does not allow), each checked invalid, shrunk
    /// ones too.
    pub fn invalid(&self) -> BoxedStrategy<Value> {
        let this = self.clone();
        let schema = Arc::clone(&self.schema);
        let beyond = invalid::beyond_each(&self.schema);
        (
            valid::strategy(&self.schema, &self.schema, DEPTH),
            proptest::sample::select(invalid::KINDS),
            proptest::arbitrary::any::<proptest::sample::Index>(),
        )
            .prop_filter_map(
                "invalid against the input schema",
                move |(base, kind, at)| {
                    let broken = invalid::break_one(&schema, &beyond, &base, kind, at)?;
                    this.is_invalid(&broken).then_some(broken)
                },
            )
            .boxed()
    }

    /// The boundary cases of every keyword of the schema, each judged valid or invalid.
    pub fn boundaries(&self) -> Vec<Case> {
        boundary::cases(self)
    }
}
