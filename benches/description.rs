//! A 1,000-tool description with two declarations per tool, in one run:
//! `cargo bench --bench description`.
//!
//! - `build_validate_serialize`: the builder (which merges the declarations, validates the
//!   document it writes and refuses an invalid one), then serialization to JSON;
//! - `serialize_only`: serializing the finished document with serde_json, the floor;
//! - `validate_only`: `validate` on the finished document;
//! - `mcpdesc_check_process`: `mcpdesc check` on the document as a whole process (when the binary
//!   is built: `cargo build --release -p mcpdesc-runtime --features cli`).
//!
//! BENCHMARKS.md has the figures of one run and the ratios.

use mcpdesc_runtime::ElicitationForm;
use mcpdesc_runtime::description::{Description, DescriptionBuilder, Info, Tool};
use mcpdesc_runtime::registry::{Declaration, Location, Mode, Primitive};
use mcpdesc_runtime::{ProtocolVersion, RequestedSchema};
use serde_json::{Value, json};

fn main() {
    divan::main();
}

const TOOLS: usize = 1000;

#[derive(ElicitationForm)]
#[allow(dead_code)]
struct Confirm {
    /// Type the name to confirm.
    #[form(title = "Name", min_length = 1, max_length = 80)]
    name: String,
    #[form(default = false)]
    notify: bool,
}

fn confirm_schema() -> &'static RequestedSchema {
    Confirm::requested_schema()
}

/// Two declarations for each tool, made once (as `#[elicitation]` makes them, in statics).
fn declarations() -> &'static [Declaration] {
    static DECLARATIONS: std::sync::OnceLock<Vec<Declaration>> = std::sync::OnceLock::new();
    DECLARATIONS.get_or_init(|| {
        let location = Location {
            file: "benches/description.rs",
            line: 1,
            column: 1,
        };
        (0..TOOLS)
            .flat_map(|i| {
                let tool: &'static str = Box::leak(format!("tool_{i:04}").into_boxed_str());
                [
                    Declaration::__new(
                        Primitive::Tool(tool),
                        "confirm",
                        Mode::Form {
                            form: "Confirm",
                            schema: confirm_schema,
                            versions: Confirm::PROTOCOL_VERSIONS,
                        },
                        "Confirm the change.",
                        Some("Before changing anything."),
                        Some("Nothing is changed."),
                        None,
                        None,
                        location,
                    ),
                    Declaration::__new(
                        Primitive::Tool(tool),
                        "sign_in",
                        Mode::Url {
                            url: Some("https://example.com/sign-in"),
                        },
                        "Sign in to continue.",
                        None,
                        None,
                        None,
                        Some([ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28].into()),
                        location,
                    ),
                ]
            })
            .collect()
    })
}

fn builder() -> DescriptionBuilder {
    let mut builder = Description::builder(Info::new("bench", "1.0.0")).protocol_versions([
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ]);
    for i in 0..TOOLS {
        builder = builder.tool(
            Tool::new(format!("tool_{i:04}"))
                .description("Changes one thing.")
                .input_schema(json!({
                    "type": "object",
                    "properties": {"id": {"type": "integer"}},
                    "required": ["id"]
                })),
        );
    }
    builder.elicitations(declarations())
}

fn document() -> Value {
    match builder().build() {
        Ok(d) => d.into_value(),
        Err(e) => panic!("{e}"),
    }
}

#[divan::bench(sample_count = 20)]
fn build_validate_serialize(bencher: divan::Bencher) {
    bencher
        .with_inputs(builder)
        // The description is returned, so that divan frees it outside the timing, as the floor
        // below never frees its document either.
        .bench_values(|b| match b.build() {
            Ok(d) => {
                let json = serde_json::to_string(d.as_value()).unwrap_or_default();
                (json, Some(d))
            }
            Err(_) => (String::new(), None),
        });
}

#[divan::bench(sample_count = 20)]
fn serialize_only(bencher: divan::Bencher) {
    let doc = document();
    bencher.bench(|| {
        serde_json::to_string(divan::black_box(&doc))
            .map(|s| s.len())
            .unwrap_or(0)
    });
}

#[divan::bench(sample_count = 20)]
fn validate_only(bencher: divan::Bencher) {
    let doc = document();
    bencher.bench(|| mcpdesc_runtime::validate::validate(divan::black_box(&doc)).is_valid());
}

#[divan::bench(sample_count = 10)]
fn mcpdesc_check_process(bencher: divan::Bencher) {
    let binary = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/release/mcpdesc");
    if !binary.exists() {
        eprintln!(
            "skipped mcpdesc_check_process: build it with `cargo build --release -p mcpdesc-runtime --features cli`"
        );
        return;
    }
    let dir = std::env::temp_dir().join(format!("mcpdesc-bench-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join("bench.mcpdesc.json");
    let _ = std::fs::write(
        &file,
        serde_json::to_string(&document()).unwrap_or_default(),
    );
    bencher.bench(|| {
        std::process::Command::new(&binary)
            .arg("check")
            .arg(&file)
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false)
    });
    let _ = std::fs::remove_dir_all(&dir);
}
