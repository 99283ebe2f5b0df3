//! Instances checked against JSON Schemas at a bounded cost: tool examples (`validate`) and
//! witnesses (`diff`) both check here.
//!
//! A schema is compiled with a linear-time regular expression engine whenever each of its
//! patterns allows one. A pattern that needs backtracking (a lookaround, a backreference) makes
//! the schema compile with a backtracking engine instead, with two limits: each match may take
//! at most [`BACKTRACK_LIMIT`] steps, and one document's checks at most [`DOCUMENT_BUDGET`] in
//! all, charged before each check as its worst case (each string and key of the instance
//! against each pattern of the schema that needs backtracking, at the per-match limit). A check
//! past either limit is not made, and the caller says so; nothing waits for a pattern.
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
        /// How many of its patterns need the backtracking engine (none: it has the linear one).
        backtracking: Option<u64>,
    }

    /// Why an instance was not checked in full.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub(crate) enum Unchecked {
        /// The document's budget for backtracking patterns is spent.
        BudgetSpent,
        /// A pattern took more than [`BACKTRACK_LIMIT`] steps on the instance.
        PatternTooSlow,
        /// The regular expression engine failed on a pattern (the `jsonschema` crate caught it).
        EngineFailed,
    }

    impl Unchecked {
        /// Why, as the end of a sentence that says what was not checked.
        pub(crate) fn reason(self) -> String {
            match self {
                Unchecked::BudgetSpent => format!(
                    "the schema's patterns need a backtracking engine, and this document's budget for them ({DOCUMENT_BUDGET} steps) is spent"
                ),
                Unchecked::PatternTooSlow => format!(
                    "a pattern of the schema took more than {BACKTRACK_LIMIT} backtracking steps on it; simplify the pattern"
                ),
                Unchecked::EngineFailed => {
                    "the regular expression engine failed on a pattern of the schema".to_owned()
                }
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
            let backtracking = patterns_in(schema)
                .into_iter()
                .filter(|pattern| !self.linear(pattern))
                .count();
            Ok(Compiled {
                validator,
                backtracking: Some(u64::try_from(backtracking).unwrap_or(u64::MAX).max(1)),
            })
        }

        /// Whether the linear-time engine takes `pattern` (as `pattern` and `patternProperties`
        /// both read it).
        fn linear(&self, pattern: &str) -> bool {
            jsonschema::options()
                .with_pattern_cache(self.cache.clone())
                .with_pattern_options(PatternOptions::regex())
                .build(&serde_json::json!({ "pattern": pattern }))
                .is_ok()
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
                // What does not fit is not run; a smaller check after it still may be.
                if worst > self.left {
                    return Err(Unchecked::BudgetSpent);
                }
                self.left -= worst;
            }
            compiled.errors(instance)
        }
    }

    impl Compiled {
        /// The errors of `instance`, every one, or why it was not checked; each match of a
        /// pattern is held to [`BACKTRACK_LIMIT`], and no document budget is charged
        /// ([`Instances::errors`] charges it first).
        fn errors<'c>(
            &'c self,
            instance: &'c Value,
        ) -> Result<Vec<ValidationError<'c>>, Unchecked> {
            let errors: Vec<ValidationError<'c>> = self.validator.iter_errors(instance).collect();
            use jsonschema::error::ValidationErrorKind as Kind;
            for error in &errors {
                match error.kind() {
                    Kind::BacktrackLimitExceeded { .. } => return Err(Unchecked::PatternTooSlow),
                    Kind::RegexEngineFailure { .. } => return Err(Unchecked::EngineFailed),
                    _ => {}
                }
            }
            Ok(errors)
        }

        /// Whether `instance` is valid; `None` when a pattern could not judge it within
        /// [`BACKTRACK_LIMIT`]. For a caller that checks as many instances as it makes (the
        /// generated inputs), each bounded by its size, so no document budget is charged.
        #[cfg(feature = "inputs")]
        pub(crate) fn accepts(&self, instance: &Value) -> Option<bool> {
            self.errors(instance).ok().map(|errors| errors.is_empty())
        }

        /// Each place `instance` breaks the schema, as `at /pointer: what`; `None` when a
        /// pattern could not judge it within [`BACKTRACK_LIMIT`].
        #[cfg(feature = "tester")]
        pub(crate) fn problems(&self, instance: &Value) -> Option<Vec<String>> {
            self.errors(instance).ok().map(|errors| {
                errors
                    .iter()
                    .map(|e| format!("at `{}`: {e}", e.instance_path()))
                    .collect()
            })
        }
    }

    /// Every `pattern` and `patternProperties` name `schema` holds, at any depth.
    fn patterns_in(schema: &Value) -> Vec<&str> {
        let mut patterns = Vec::new();
        let mut stack = vec![schema];
        while let Some(value) = stack.pop() {
            match value {
                Value::Object(members) => {
                    for (key, member) in members {
                        match (key.as_str(), member) {
                            ("pattern", Value::String(pattern)) => patterns.push(pattern.as_str()),
                            ("patternProperties", Value::Object(entries)) => {
                                patterns.extend(entries.keys().map(String::as_str));
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
        patterns
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
            // Of its three patterns, one needs backtracking: each check is charged for it alone.
            let backtracking = instances
                .compile(
                    &json!({
                        "properties": {"a": {"pattern": "^(?=a)"}, "b": {"pattern": "b"}},
                        "patternProperties": {"^c": {}},
                    }),
                    Draft::Draft202012,
                )
                .unwrap();
            assert_eq!(backtracking.backtracking, Some(1));
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

        /// A check too large for what is left is not run, and leaves the rest for the smaller
        /// ones after it.
        #[test]
        fn a_check_that_does_not_fit_leaves_the_budget_to_the_next() {
            let mut instances = Instances::default();
            let compiled = instances
                .compile(&json!({"pattern": "^(?=a)"}), Draft::Draft202012)
                .unwrap();
            let large = json!(vec!["a"; 2_001]);
            assert_eq!(
                instances.errors(&compiled, &large).err(),
                Some(Unchecked::BudgetSpent)
            );
            assert!(instances.errors(&compiled, &json!("a")).is_ok());
        }
    }
}
