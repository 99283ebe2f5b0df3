//! The 1,000-tool description the benchmarks share (`benches/description.rs`,
//! `benches/instructions.rs`).

#![allow(dead_code)]

use mcpdesc_runtime::ElicitationForm;
use mcpdesc_runtime::description::{Description, DescriptionBuilder, Info, Tool};
use mcpdesc_runtime::registry::{Declaration, Location, Mode, Primitive};
use mcpdesc_runtime::{ProtocolVersion, RequestedSchema};
use serde_json::{Value, json};

pub const TOOLS: usize = 1000;

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

pub fn builder() -> DescriptionBuilder {
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

pub fn document() -> Value {
    match builder().build() {
        Ok(d) => d.into_value(),
        Err(e) => panic!("{e}"),
    }
}
