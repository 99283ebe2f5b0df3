//! Side-by-side costs of the form hot paths, in one run: `cargo bench --bench forms`.
//!
//! - `wire`: an 8-field form's schema as the bytes that go on the wire. Ours: the cached wire JSON
//!   (`requested_schema().wire_json()`), and the static schema serialized per call (the path
//!   before the cache); against rmcp 3.11's own path (`ElicitationSchema::from_type::<T>()` on a
//!   schemars + serde equivalent, then serialization) and `schemars::schema_for!` serialized.
//! - `answer3` / `answer8`: reading an answer into the typed form, for a 3-field and the 8-field
//!   form, valid and with several problems. Ours: `from_content` (every rule checked); against
//!   serde's unchecked `Deserialize` from `&Value`, `serde_json::from_value` on the owned content
//!   (what rmcp's `elicit` does), and a `jsonschema` validator (built once) checking the content
//!   and then deserializing (what the TypeScript SDK does).
//!
//! - `runtime_choices`: a form with one run-time choice list of 50 titled entries (and a default),
//!   filled and serialized to wire bytes. Ours: the derived `...Choices` filled
//!   (`FormChoices::prepare`: every choice and the default checked) then serialized; against the same
//!   schema built with rmcp 3.11's `ElicitationSchema` builder, then serialized (nothing
//!   checked beyond rmcp's own default-in-values check), and ours turned into rmcp's typed schema
//!   (what the `session` helpers hand rmcp for a filled form), built from the model and read
//!   from the wire JSON.
//!
//! Every answer benchmark runs 1,000 calls per sample, so that the timer's own cost does not
//! weigh on the fast ones. BENCHMARKS.md has the figures of one run and the ratios.

use mcpdesc_runtime::ElicitationForm;
use serde::Deserialize;
use serde_json::Value;

fn main() {
    divan::main();
}

#[path = "common/forms.rs"]
mod common;
use common::*;

mod wire {
    use super::*;

    /// Ours: the wire JSON, serialized once per process and kept.
    #[divan::bench(sample_size = 10_000)]
    fn ours_cached_wire_json() -> usize {
        divan::black_box(Triage::requested_schema())
            .wire_json()
            .len()
    }

    /// Ours into rmcp's typed `ElicitationSchema`, as the `session` helpers hand it to rmcp (whose
    /// request parameters hold the typed schema): the cached bytes parsed.
    #[divan::bench]
    fn ours_wire_json_into_rmcp_schema() -> bool {
        serde_json::from_str::<rmcp::model::ElicitationSchema>(
            divan::black_box(Triage::requested_schema()).wire_json(),
        )
        .is_ok()
    }

    /// What the `session` helpers pay per request: the typed schema, read once and kept, cloned.
    #[divan::bench]
    fn ours_kept_rmcp_schema_cloned(bencher: divan::Bencher) {
        let kept = serde_json::from_str::<rmcp::model::ElicitationSchema>(
            Triage::requested_schema().wire_json(),
        )
        .ok();
        bencher.bench(|| divan::black_box(&kept).clone());
    }

    /// Ours before the cache: the static schema serialized per call.
    #[divan::bench]
    fn ours_static_schema_serialized() -> String {
        serde_json::to_string(divan::black_box(Triage::requested_schema())).unwrap_or_default()
    }

    /// rmcp 3.11: `ElicitationSchema::from_type` on the schemars + serde form, serialized.
    #[divan::bench]
    fn rmcp_from_type_serialized() -> String {
        match rmcp::model::ElicitationSchema::from_type::<TriageSchemars>() {
            Ok(schema) => serde_json::to_string(&schema).unwrap_or_default(),
            Err(e) => panic!("rmcp refuses the form: {e}"),
        }
    }

    /// `schemars::schema_for!` on the same form, serialized.
    #[divan::bench]
    fn schemars_schema_for_serialized() -> String {
        serde_json::to_string(&schemars::schema_for!(TriageSchemars)).unwrap_or_default()
    }
}

/// The ways to read an answer, for one form and one answer.
macro_rules! answer_benches {
    ($module:ident, $form:ty, $content:expr) => {
        mod $module {
            use super::*;

            /// Ours: every rule checked, every problem reported.
            #[divan::bench(sample_size = 1000)]
            fn ours_from_content(bencher: divan::Bencher) {
                let content = $content;
                bencher.bench(|| <$form>::from_content(divan::black_box(&content)).is_ok());
            }

            /// serde's `Deserialize` from `&Value`: no rule checked.
            #[divan::bench(sample_size = 1000)]
            fn serde_deserialize_unchecked(bencher: divan::Bencher) {
                let content = Value::Object($content);
                bencher.bench(|| <$form>::deserialize(divan::black_box(&content)).is_ok());
            }

            /// `serde_json::from_value` on the owned content, as rmcp's `elicit` reads it.
            #[divan::bench(sample_size = 1000)]
            fn serde_json_from_value(bencher: divan::Bencher) {
                let content = Value::Object($content);
                bencher
                    .with_inputs(|| content.clone())
                    .bench_values(|v| serde_json::from_value::<$form>(v).is_ok());
            }

            /// A JSON Schema validator (built once) checks, then serde deserializes: what the
            /// TypeScript SDK does.
            #[divan::bench(sample_size = 1000)]
            fn jsonschema_then_deserialize(bencher: divan::Bencher) {
                let validator = validator::<$form>();
                let content = Value::Object($content);
                bencher.bench(|| {
                    let value = divan::black_box(&content);
                    if validator.is_valid(value) {
                        <$form>::deserialize(value).is_ok()
                    } else {
                        // Report what is wrong, as from_content does.
                        validator.iter_errors(value).count() == 0
                    }
                });
            }

            /// The same with the validator built for each answer: what the TypeScript SDK does
            /// when the server builds `requestedSchema` per request (its `getValidator` compiles
            /// the schema on every accepted answer unless ajv has seen that very object).
            #[divan::bench(sample_size = 100)]
            fn jsonschema_built_per_answer_then_deserialize(bencher: divan::Bencher) {
                let schema = <$form>::requested_schema().to_value();
                let content = Value::Object($content);
                bencher.bench(|| {
                    let validator = jsonschema::options()
                        .should_validate_formats(true)
                        .build(divan::black_box(&schema))
                        .ok();
                    let value = divan::black_box(&content);
                    validator.is_some_and(|v| v.is_valid(value))
                        && <$form>::deserialize(value).is_ok()
                });
            }
        }
    };
}

answer_benches!(answer3_valid, Assign, assign_valid());
answer_benches!(answer3_invalid, Assign, assign_invalid());
answer_benches!(answer8_valid, Triage, triage_valid());
answer_benches!(answer8_invalid, Triage, triage_invalid());

mod runtime_choices {
    use crate::common::runtime::{
        fill_into_rmcp, fill_read_into_rmcp, prepare, rmcp_builder, team,
    };

    /// Ours: the run-time part checked and filled into the static schema, then serialized.
    #[divan::bench]
    fn ours_fill_and_serialize(bencher: divan::Bencher) {
        let team = team();
        bencher.with_inputs(|| team.clone()).bench_values(prepare);
    }

    /// Ours, then rmcp's typed schema built from it, as `Call::form_filled` hands it to rmcp.
    #[divan::bench]
    fn ours_fill_into_rmcp_schema(bencher: divan::Bencher) {
        let team = team();
        bencher
            .with_inputs(|| team.clone())
            .bench_values(fill_into_rmcp);
    }

    /// The same, but rmcp's typed schema read from the filled schema's wire JSON (what reading
    /// the bytes would cost).
    #[divan::bench]
    fn ours_fill_read_into_rmcp_schema(bencher: divan::Bencher) {
        let team = team();
        bencher
            .with_inputs(|| team.clone())
            .bench_values(fill_read_into_rmcp);
    }

    /// rmcp 3.11's builder: the same schema built by hand, then serialized.
    #[divan::bench]
    fn rmcp_builder_and_serialize(bencher: divan::Bencher) {
        let team = team();
        bencher
            .with_inputs(|| team.clone())
            .bench_values(rmcp_builder);
    }
}
