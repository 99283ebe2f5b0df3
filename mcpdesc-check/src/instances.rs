//! Instances checked against JSON Schemas at a bounded cost: tool examples (`validate`) and
//! witnesses (`diff`) both check here.
//!
//! A schema is compiled with a linear-time regular expression engine whenever each of its
//! patterns allows one. A pattern that needs backtracking (a lookaround, a backreference) makes
//! the schema compile with a backtracking engine instead, with two limits: each match may take
//! at most [`BACKTRACK_LIMIT`] steps, and one document's checks at most [`DOCUMENT_BUDGET`] in
//! all, charged before each check as its worst case (each string and key of the instance
//! against each pattern of the schema, at the per-match limit). A check past either limit is
//! not made, and the caller says so; nothing waits for a pattern.

//!
//! Without the `jsonschema` feature nothing is checked here, and [`Instances`] holds nothing.

#[cfg(not(feature = "jsonschema"))]
/// The compiled schemas of one document: none without the `jsonschema` feature.
#[derive(Default)]
pub(crate) struct Instances {}

#[cfg(feature = "jsonschema")]
pub(crate) use checked::*;

#[cfg(feature = "jsonschema")]
mod checked {
    use jsonschema::{Draft, PatternCache, PatternOptions, ValidationError, Validator};
    use serde_json::Value;

    /// The most backtracking steps one match of a pattern may take.
    pub(crate) const BACKTRACK_LIMIT: usize = 10_000;

    /// The most backtracking steps one document's checks may take in all: two thousand matches at
    /// the limit, about half a second.
    pub(crate) const DOCUMENT_BUDGET: u64 = 2_000 * BACKTRACK_LIMIT as u64;

    /// The compiled schemas of one document, and what is left of its budget.
    pub(crate) struct Instances {
        cache: PatternCache,
        left: u64,
    }

    impl Default for Instances {
        fn default() -> Self {
            Instances {
                cache: PatternCache::new(),
                left: DOCUMENT_BUDGET,
            }
        }
    }

    /// A schema compiled for checking instances.
    pub(crate) struct Compiled {
        validator: Validator,
        /// The patterns of a schema that needs the backtracking engine.
        backtracking: Option<u64>,
    }

    /// Why an instance was not checked in full.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub(crate) enum Unchecked {
        /// The document's budget for backtracking patterns is spent.
        BudgetSpent,
        /// A pattern took more than [`BACKTRACK_LIMIT`] steps on the instance.
        PatternTooSlow,
    }

    impl Unchecked {
        /// Why, as a clause: "its patterns ...".
        pub(crate) fn reason(self) -> String {
            match self {
                Unchecked::BudgetSpent => format!(
                    "the schema's patterns need a backtracking engine, and this document's budget for them ({DOCUMENT_BUDGET} steps) is spent"
                ),
                Unchecked::PatternTooSlow => format!(
                    "a pattern of the schema took more than {BACKTRACK_LIMIT} backtracking steps on it; simplify the pattern"
                ),
            }
        }
    }

    impl Instances {
        /// `schema` compiled in `draft`, formats checked; the message of the error when it does not
        /// compile.
        pub(crate) fn compile(&self, schema: &Value, draft: Draft) -> Result<Compiled, String> {
            let options = || {
                jsonschema::options()
                    .with_draft(draft)
                    .should_validate_formats(true)
                    .with_pattern_cache(self.cache.clone())
            };
            if let Ok(validator) = options()
                .with_pattern_options(PatternOptions::regex())
                .build(schema)
            {
                return Ok(Compiled {
                    validator,
                    backtracking: None,
                });
            }
            let validator = options()
                .with_pattern_options(
                    PatternOptions::fancy_regex().backtrack_limit(BACKTRACK_LIMIT),
                )
                .build(schema)
                .map_err(|e| e.to_string())?;
            Ok(Compiled {
                validator,
                backtracking: Some(patterns_in(schema).max(1)),
            })
        }

        /// The errors of `instance` against `compiled`, every one; or why it was not checked.
        pub(crate) fn errors<'c>(
            &mut self,
            compiled: &'c Compiled,
            instance: &'c Value,
        ) -> Result<Vec<ValidationError<'c>>, Unchecked> {
            if let Some(patterns) = compiled.backtracking {
                let worst = strings_in(instance)
                    .max(1)
                    .saturating_mul(patterns)
                    .saturating_mul(BACKTRACK_LIMIT as u64);
                if worst > self.left {
                    self.left = 0;
                    return Err(Unchecked::BudgetSpent);
                }
                self.left -= worst;
            }
            let errors: Vec<ValidationError<'c>> =
                compiled.validator.iter_errors(instance).collect();
            if errors.iter().any(|e| {
                matches!(
                    e.kind(),
                    jsonschema::error::ValidationErrorKind::BacktrackLimitExceeded { .. }
                        | jsonschema::error::ValidationErrorKind::RegexEngineFailure { .. }
                )
            }) {
                return Err(Unchecked::PatternTooSlow);
            }
            Ok(errors)
        }
    }

    /// How many `pattern`s and `patternProperties` entries `schema` holds, at any depth.
    fn patterns_in(schema: &Value) -> u64 {
        let mut count = 0u64;
        let mut stack = vec![schema];
        while let Some(value) = stack.pop() {
            match value {
                Value::Object(members) => {
                    for (key, member) in members {
                        match (key.as_str(), member) {
                            ("pattern", Value::String(_)) => count += 1,
                            ("patternProperties", Value::Object(entries)) => {
                                count = count.saturating_add(entries.len() as u64);
                            }
                            _ => {}
                        }
                        stack.push(member);
                    }
                }
                Value::Array(items) => stack.extend(items),
                _ => {}
            }
        }
        count
    }

    /// How many strings and object keys `instance` holds: each is matched against a pattern at
    /// most once per pattern.
    fn strings_in(instance: &Value) -> u64 {
        let mut count = 0u64;
        let mut stack = vec![instance];
        while let Some(value) = stack.pop() {
            match value {
                Value::String(_) => count += 1,
                Value::Object(members) => {
                    count = count.saturating_add(members.len() as u64);
                    stack.extend(members.values());
                }
                Value::Array(items) => stack.extend(items),
                _ => {}
            }
        }
        count
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use serde_json::json;

        #[test]
        fn a_schema_whose_patterns_allow_it_is_checked_in_linear_time() {
            let instances = Instances::default();
            let linear = instances
                .compile(&json!({"pattern": "^(a+)+$"}), Draft::Draft202012)
                .unwrap();
            assert!(linear.backtracking.is_none());
            let backtracking = instances
                .compile(
                    &json!({"properties": {"a": {"pattern": "^(?=a)"}, "b": {"pattern": "b"}}}),
                    Draft::Draft202012,
                )
                .unwrap();
            assert_eq!(backtracking.backtracking, Some(2));
        }

        #[test]
        fn a_catastrophic_pattern_is_unchecked_and_the_budget_runs_out() {
            let mut instances = Instances::default();
            let compiled = instances
                .compile(&json!({"pattern": "^((?=a)a|a)*$"}), Draft::Draft202012)
                .unwrap();
            let slow = json!(format!("{}!", "a".repeat(40)));
            assert_eq!(
                instances.errors(&compiled, &slow).err(),
                Some(Unchecked::PatternTooSlow)
            );
            for _ in 1..2_000 {
                assert!(instances.errors(&compiled, &json!("aa")).is_ok());
            }
            assert_eq!(
                instances.errors(&compiled, &json!("aa")).err(),
                Some(Unchecked::BudgetSpent)
            );
            // A schema without backtracking patterns is still checked.
            let linear = instances
                .compile(&json!({"pattern": "^a+$"}), Draft::Draft202012)
                .unwrap();
            assert!(instances.errors(&linear, &json!("aa")).unwrap().is_empty());
        }
    }
}
