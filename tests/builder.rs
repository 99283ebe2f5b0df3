//! The description builder: what it writes, and every refusal with its message.

use mcpdesc_runtime::description::{
    BuildProblem, Description, Info, Prompt, Resource, ResourceTemplate, SpecVersion, Tool,
    Transport,
};
use mcpdesc_runtime::registry::{self, Declaration, Primitive};
use mcpdesc_runtime::{ElicitationEnum, ElicitationForm, ProtocolVersion, elicitation};
use serde_json::json;

use ProtocolVersion::{V2025_06_18, V2025_11_25, V2026_07_28};

#[derive(ElicitationForm)]
struct Plain {
    #[form(title = "Name")]
    name: String,
}

#[derive(ElicitationForm)]
struct Multi {
    labels: Vec<Label>,
}

#[derive(ElicitationEnum)]
enum Label {
    Bug,
}

#[elicitation(name = "ask", form = Plain, message = "Name?")]
fn b_plain() {}

#[elicitation(name = "pick", form = Multi, message = "Labels?")]
fn b_multi() {}

#[elicitation(name = "link", mode = "url", message = "Link.")]
fn b_url() {}

#[elicitation(name = "orphan", tool = "b_missing", form = Plain, message = "Nobody has me.")]
fn b_orphan() {}

#[elicitation(name = "a", resource = "file:///b", form = Plain, message = "A.")]
#[elicitation(name = "b", resource_template = "file:///b/{x}", form = Plain, message = "B.", when = "Always.", on_decline = "D.", on_cancel = "C.")]
#[elicitation(name = "c", prompt = "b_prompt", form = Plain, message = "C.", protocol_versions = ["2025-11-25"])]
fn b_everywhere() {}

/// Declarations of the tools (or other primitives) whose identity starts with `prefix`.
fn decls(prefix: &str) -> Vec<&'static Declaration> {
    registry::declarations()
        .into_iter()
        .filter(|d| d.primitive().identity().starts_with(prefix))
        .collect()
}

fn builder() -> mcpdesc_runtime::description::DescriptionBuilder {
    Description::builder(Info::new("b", "1.0.0"))
}

#[test]
fn writes_declarations_into_every_kind_of_primitive() {
    let doc = builder()
        .resource(Resource::new("file:///b", "b"))
        .resource_template(ResourceTemplate::new("file:///b/{x}", "bx"))
        .prompt(Prompt::new("b_prompt"))
        .elicitations(decls("file:///b").into_iter().chain(decls("b_prompt")))
        .build()
        .unwrap();
    let plain = json!({"type": "object", "properties": {"name": {"type": "string", "title": "Name"}}, "required": ["name"]});
    // Every form says which fields are filled at run time: none, for these static ones.
    assert_eq!(
        doc.as_value(),
        &json!({
            "mcpdesc": "0.9.0",
            "$schema": "https://mcpdesc.org/schema/mcp-description/0.9.0-rc.3.json",
            "info": {"name": "b", "version": "1.0.0"},
            "protocolVersions": ["2025-06-18", "2025-11-25", "2026-07-28"],
            "resources": [{"uri": "file:///b", "name": "b", "elicitations": [
                {"name": "a", "mode": "form", "message": "A.", "requestedSchema": {"$componentRef": "#/components/schemas/Plain"}}
            ]}],
            "resourceTemplates": [{"uriTemplate": "file:///b/{x}", "name": "bx", "elicitations": [
                {"name": "b", "mode": "form", "message": "B.", "when": "Always.", "requestedSchema": {"$componentRef": "#/components/schemas/Plain"}, "onDecline": "D.", "onCancel": "C."}
            ]}],
            "prompts": [{"name": "b_prompt", "elicitations": [
                {"name": "c", "mode": "form", "message": "C.", "requestedSchema": {"$componentRef": "#/components/schemas/Plain"}, "protocolVersions": ["2025-11-25"]}
            ]}],
            "components": {"schemas": {"Plain": plain}},
        })
    );
}

#[test]
fn yaml_snapshot_of_a_small_document() {
    let doc = builder()
        .protocol_versions([V2025_11_25])
        .tool(Tool::new("b_url").description("Link: an account"))
        .elicitations(decls("b_url"))
        .build()
        .unwrap();
    assert_eq!(
        doc.to_yaml(),
        "mcpdesc: \"0.9.0\"\n$schema: https://mcpdesc.org/schema/mcp-description/0.9.0-rc.3.json\ninfo:\n  name: b\n  version: \"1.0.0\"\nprotocolVersions:\n  - \"2025-11-25\"\ntools:\n  - name: b_url\n    description: \"Link: an account\"\n    inputSchema:\n      type: object\n    elicitations:\n      - name: link\n        mode: url\n        message: Link.\n"
    );
    assert_eq!(
        doc.to_json_pretty(),
        "{\n  \"mcpdesc\": \"0.9.0\",\n  \"$schema\": \"https://mcpdesc.org/schema/mcp-description/0.9.0-rc.3.json\",\n  \"info\": {\n    \"name\": \"b\",\n    \"version\": \"1.0.0\"\n  },\n  \"protocolVersions\": [\n    \"2025-11-25\"\n  ],\n  \"tools\": [\n    {\n      \"name\": \"b_url\",\n      \"description\": \"Link: an account\",\n      \"inputSchema\": {\n        \"type\": \"object\"\n      },\n      \"elicitations\": [\n        {\n          \"name\": \"link\",\n          \"mode\": \"url\",\n          \"message\": \"Link.\"\n        }\n      ]\n    }\n  ]\n}\n"
    );
}

#[test]
fn targets_0_8_0_on_request() {
    let doc = builder()
        .spec_version(SpecVersion::V0_8_0)
        .tool(Tool::new("b_plain"))
        .elicitations(decls("b_plain"))
        .build()
        .unwrap();
    assert_eq!(doc.as_value()["mcpdesc"], "0.8.0");
    assert_eq!(
        doc.as_value()["$schema"],
        "https://mcpdesc.org/schema/mcp-description/0.8.0.json"
    );
    // A form used once is written inline.
    assert_eq!(
        doc.as_value()["tools"][0]["elicitations"][0]["requestedSchema"]["type"],
        "object"
    );
    assert!(doc.as_value().get("components").is_none());
}

#[test]
fn input_schema_for_is_object_rooted() {
    #[derive(schemars::JsonSchema)]
    #[allow(dead_code)]
    struct Args {
        issue: u64,
    }
    let doc = builder()
        .tool(Tool::new("x").input_schema_for::<Args>())
        .build()
        .unwrap();
    let schema = &doc.as_value()["tools"][0]["inputSchema"];
    assert_eq!(schema["type"], "object");
    assert_eq!(schema["required"], json!(["issue"]));

    // A type whose schema is not an object cannot be a tool's arguments.
    let err = builder()
        .tool(Tool::new("x").input_schema_for::<String>())
        .build()
        .unwrap_err();
    assert!(
        matches!(&err.problems()[0], BuildProblem::Invalid(d) if d.path == "/tools/0/inputSchema"),
        "{err}"
    );
    assert!(err.to_string().contains("object-rooted"), "{err}");
}

#[test]
fn refuses_a_declaration_for_an_unknown_primitive() {
    let err = builder()
        .tool(Tool::new("b_other"))
        .elicitations(decls("b_missing"))
        .build()
        .unwrap_err();
    assert_eq!(err.problems().len(), 1);
    assert!(
        matches!(&err.problems()[0], BuildProblem::UnknownPrimitive { declaration, primitive, .. }
        if declaration == "orphan" && primitive == "tool `b_missing`")
    );
    let text = err.to_string();
    assert!(text.starts_with("cannot build the MCP Description: the elicitation declaration `orphan` (tests/builder.rs:"), "{text}");
    assert!(
        text.contains("belongs to the tool `b_missing`, which the builder does not know"),
        "{text}"
    );
}

#[test]
fn refuses_an_inherited_scope_the_declaration_cannot_satisfy() {
    let err = builder()
        .tool(Tool::new("b_multi"))
        .elicitations(decls("b_multi"))
        .build()
        .unwrap_err();
    let text = err.to_string();
    assert!(matches!(
        err.problems()[0],
        BuildProblem::ScopeNotSatisfiable { .. }
    ));
    assert!(
        text.contains("the elicitation declaration `pick`"),
        "{text}"
    );
    assert!(
        text.contains(
            "needs MCP 2025-11-25 or later for form `Multi` (field `labels` is a multi-select"
        ),
        "{text}"
    );
    assert!(text.contains("which includes [2025-06-18]"), "{text}");
    assert!(text.contains("give the declaration `protocol_versions = [\"2025-11-25\", \"2026-07-28\"]`, or split the tool: one description scoped to [2025-06-18] without this declaration and one scoped to [2025-11-25, 2026-07-28] with it"), "{text}");

    let err = builder()
        .tool(Tool::new("b_url"))
        .elicitations(decls("b_url"))
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("for URL mode"), "{err}");

    // Split as advised, it builds: the declaration goes to the description it can serve.
    let doc = builder()
        .tool(Tool::new("b_multi").protocol_versions([V2025_06_18]))
        .tool(Tool::new("b_multi").protocol_versions([V2025_11_25, V2026_07_28]))
        .elicitations(decls("b_multi"))
        .build()
        .unwrap();
    let tools = doc.as_value()["tools"].as_array().unwrap();
    assert!(tools[0].get("elicitations").is_none());
    assert_eq!(tools[1]["elicitations"][0]["name"], "pick");

    // Split in three, the declaration goes to each description it can serve, in order.
    let doc = builder()
        .tool(Tool::new("b_multi").protocol_versions([V2025_11_25]))
        .tool(Tool::new("b_multi").protocol_versions([V2025_06_18]))
        .tool(Tool::new("b_multi").protocol_versions([V2026_07_28]))
        .elicitations(decls("b_multi"))
        .build()
        .unwrap();
    let tools = doc.as_value()["tools"].as_array().unwrap();
    assert_eq!(tools[0]["elicitations"][0]["name"], "pick");
    assert!(tools[1].get("elicitations").is_none());
    assert_eq!(tools[2]["elicitations"][0]["name"], "pick");
}

#[test]
fn refuses_duplicates() {
    let err = builder()
        .tool(Tool::new("b_plain"))
        .tool(Tool::new("b_plain"))
        .build()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot build the MCP Description: the tool `b_plain` is added twice for [2025-06-18, 2025-11-25, 2026-07-28]; add it once, or give the two descriptions disjoint `.protocol_versions(..)`"
    );
    // Each later description is compared with every earlier one of the same identity, and each
    // overlap is reported once.
    let err = builder()
        .tool(Tool::new("b_plain").protocol_versions([V2025_06_18]))
        .tool(Tool::new("b_plain").protocol_versions([V2025_11_25]))
        .tool(Tool::new("b_plain").protocol_versions([V2025_06_18, V2026_07_28]))
        .tool(Tool::new("b_plain").protocol_versions([V2025_11_25, V2026_07_28]))
        .build()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot build the MCP Description (3 problems):\n  \
         - the tool `b_plain` is added twice for [2025-06-18]; add it once, or give the two descriptions disjoint `.protocol_versions(..)`\n  \
         - the tool `b_plain` is added twice for [2025-11-25]; add it once, or give the two descriptions disjoint `.protocol_versions(..)`\n  \
         - the tool `b_plain` is added twice for [2026-07-28]; add it once, or give the two descriptions disjoint `.protocol_versions(..)`"
    );
    let twice: Vec<_> = decls("b_plain")
        .into_iter()
        .chain(decls("b_plain"))
        .collect();
    let err = builder()
        .tool(Tool::new("b_plain"))
        .elicitations(twice)
        .build()
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("has two elicitation declarations named `ask`"),
        "{err}"
    );
}

#[test]
fn refuses_empty_protocol_versions_and_invalid_documents() {
    let err = builder().protocol_versions([]).build().unwrap_err();
    assert!(
        err.to_string()
            .contains("needs at least one protocol version"),
        "{err}"
    );
    // What the builder cannot check itself, the validator catches: an empty server name.
    let err = Description::builder(Info::new("", "1"))
        .build()
        .unwrap_err();
    assert!(
        matches!(&err.problems()[0], BuildProblem::Invalid(d) if d.path == "/info/name"),
        "{err}"
    );
    // A scope outside the document's.
    let err = builder()
        .protocol_versions([V2025_11_25])
        .tool(Tool::new("t").protocol_versions([V2026_07_28]))
        .build()
        .unwrap_err();
    assert!(
        err.to_string().contains("protocol-scope-outside-parent"),
        "{err}"
    );
}

#[test]
fn registered_declarations_are_ordered_deterministically() {
    let names: Vec<_> = decls("file:///b").iter().map(|d| d.name()).collect();
    assert_eq!(names, ["a", "b"]);
    let all = registry::declarations();
    let again = registry::declarations();
    assert_eq!(
        all.iter()
            .map(|d| (d.primitive(), d.name()))
            .collect::<Vec<_>>(),
        again
            .iter()
            .map(|d| (d.primitive(), d.name()))
            .collect::<Vec<_>>()
    );
    assert!(
        all.iter()
            .any(|d| d.primitive() == Primitive::Prompt("b_prompt"))
    );
    b_plain();
    b_multi();
    b_url();
    b_orphan();
    b_everywhere();
}

/// rmcp's metadata, copied member for member.
fn rmcp_tool() -> rmcp::model::Tool {
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {"issue": {"type": "integer"}}
    });
    let mut tool = rmcp::model::Tool::new(
        "close",
        "Close an issue.",
        std::sync::Arc::new(schema.as_object().unwrap().clone()),
    );
    tool.title = Some("Close".into());
    tool.output_schema = Some(std::sync::Arc::new(
        json!({"type": "object"}).as_object().unwrap().clone(),
    ));
    tool.annotations = Some(rmcp::model::ToolAnnotations::new().destructive(true));
    tool
}

#[test]
fn rmcp_tools_and_prompts_are_copied_member_for_member() {
    let mut prompt = rmcp::model::Prompt::new(
        "notes",
        Some("Release notes."),
        Some(vec![
            rmcp::model::PromptArgument::new("release")
                .with_title("Release")
                .with_description("The tag.")
                .with_required(true),
        ]),
    );
    prompt.title = Some("Notes".into());
    let implementation = rmcp::model::Implementation::new("srv", "2.0.0").with_title("Server");
    let doc = Description::builder(Info::from(&implementation))
        .protocol_versions([V2025_11_25, V2026_07_28])
        .rmcp_tools([rmcp_tool()])
        .rmcp_prompts([prompt])
        .build()
        .unwrap();
    let v = doc.as_value();
    assert_eq!(
        v["info"],
        json!({"name": "srv", "version": "2.0.0", "title": "Server"})
    );
    let tool = &v["tools"][0];
    assert_eq!(tool["name"], "close");
    assert_eq!(tool["title"], "Close");
    assert_eq!(tool["description"], "Close an issue.");
    assert_eq!(tool["outputSchema"], json!({"type": "object"}));
    assert_eq!(tool["annotations"], json!({"destructiveHint": true}));
    // Every version in scope defines the dialect member: it stays.
    assert_eq!(
        tool["inputSchema"]["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    assert_eq!(
        v["prompts"][0],
        json!({
            "name": "notes",
            "title": "Notes",
            "description": "Release notes.",
            "arguments": [{"name": "release", "title": "Release", "description": "The tag.", "required": true}]
        })
    );
}

#[test]
fn the_with_forms_edit_each_primitive_in_order_and_change_nothing_else() {
    let mut second = rmcp_tool();
    second.name = "assign".into();
    let tools = [rmcp_tool(), second];
    let prompts = [
        rmcp::model::Prompt::new("notes", Some("Release notes."), None),
        rmcp::model::Prompt::new("digest", None::<String>, None),
    ];
    let templates = [
        rmcp::model::ResourceTemplate::new("file:///b/{x}", "b"),
        rmcp::model::ResourceTemplate::new("file:///a/{x}", "a"),
    ];
    let plain = Description::builder(Info::new("srv", "1"))
        .protocol_versions([V2025_11_25])
        .rmcp_tools(tools.clone())
        .rmcp_prompts(prompts.clone())
        .rmcp_resource_templates(templates.clone())
        .build()
        .unwrap();
    // Each edit sees its primitives in the order they are written, with the rmcp one beside.
    let mut seen = Vec::new();
    let edited = Description::builder(Info::new("srv", "1"))
        .protocol_versions([V2025_11_25])
        .rmcp_tools_with(tools, |rmcp_tool, tool| {
            seen.push(rmcp_tool.name.to_string());
            match &*rmcp_tool.name {
                "close" => tool.client_requirements(json!({"elicitation": {"form": {}}})),
                _ => tool,
            }
        })
        .rmcp_prompts_with(prompts, |rmcp_prompt, prompt| {
            seen.push(rmcp_prompt.name.clone());
            prompt.title(format!("The {}", rmcp_prompt.name))
        })
        .rmcp_resource_templates_with(templates, |rmcp_template, template| {
            seen.push(rmcp_template.uri_template.clone());
            template.mime_type("text/plain")
        })
        .build()
        .unwrap();
    assert_eq!(
        seen,
        [
            "assign",
            "close",
            "digest",
            "notes",
            "file:///a/{x}",
            "file:///b/{x}"
        ]
    );
    let (mut plain, edited) = (plain.as_value().clone(), edited.as_value().clone());
    // What the edits changed, and nothing else.
    plain["tools"][1]["clientRequirements"] = json!({"elicitation": {"form": {}}});
    plain["prompts"][0]["title"] = json!("The digest");
    plain["prompts"][1]["title"] = json!("The notes");
    plain["resourceTemplates"][0]["mimeType"] = json!("text/plain");
    plain["resourceTemplates"][1]["mimeType"] = json!("text/plain");
    assert_eq!(edited, plain);
}

#[test]
fn a_tool_schema_dialect_is_left_out_when_2025_06_18_is_in_scope() {
    let doc = Description::builder(Info::new("srv", "1"))
        .protocol_versions([V2025_06_18, V2025_11_25])
        .rmcp_tools([rmcp_tool()])
        .build()
        .unwrap();
    assert!(
        doc.as_value()["tools"][0]["inputSchema"]
            .get("$schema")
            .is_none()
    );
    assert!(mcpdesc_check::validate(doc.as_value()).is_empty());
}

#[test]
fn a_member_an_older_version_lacks_is_refused() {
    let err = Description::builder(Info::new("srv", "1"))
        .protocol_versions([ProtocolVersion::V2025_03_26, V2025_06_18])
        .rmcp_tools([rmcp_tool()])
        .build()
        .unwrap_err();
    let members: Vec<&str> = err
        .problems()
        .iter()
        .filter_map(|p| match p {
            BuildProblem::MemberNotInVersion {
                member, version, ..
            } => {
                assert_eq!(*version, ProtocolVersion::V2025_03_26);
                Some(member.as_str())
            }
            _ => None,
        })
        .collect();
    assert_eq!(members, ["title", "outputSchema"], "{err}");
    assert!(err.to_string().contains(
        "the tool `close` has `title`, which MCP 2025-03-26 does not define (it came with 2025-06-18)"
    ), "{err}");
}

/// The builder and `mcpdesc check` read one table of version-dependent members: what the builder
/// refuses to write (or leaves out), the validator reports in a hand-written document with the
/// reference validator's code, at the member.
#[test]
fn builder_and_validator_agree_on_version_dependent_members() {
    use mcpdesc_check::validate;
    // The builder refuses `title` and `outputSchema` for 2025-03-26 and drops the dialect ...
    let err = Description::builder(Info::new("srv", "1"))
        .protocol_versions([ProtocolVersion::V2025_03_26, V2025_06_18])
        .rmcp_tools([rmcp_tool()])
        .build()
        .unwrap_err();
    let mut refused: Vec<String> = err
        .problems()
        .iter()
        .filter_map(|p| match p {
            BuildProblem::MemberNotInVersion { member, .. } => Some(format!("/tools/0/{member}")),
            _ => None,
        })
        .collect();
    // ... and the validator reports all three in the same document written by hand.
    let modern = Description::builder(Info::new("srv", "1"))
        .protocol_versions([V2025_11_25])
        .rmcp_tools([rmcp_tool()])
        .build()
        .unwrap();
    let mut hand_written = modern.as_value().clone();
    hand_written["protocolVersions"] = json!(["2025-03-26", "2025-06-18"]);
    assert!(
        hand_written["tools"][0]["inputSchema"]
            .get("$schema")
            .is_some()
    );
    let report = validate(&hand_written);
    let mut reported: Vec<String> = report
        .errors()
        .filter(|d| d.code == "field-not-supported-by-version")
        .map(|d| d.path.clone())
        .collect();
    refused.push("/tools/0/inputSchema/$schema".to_owned());
    refused.sort();
    reported.sort();
    assert_eq!(reported, refused, "{report}");
    // A resource's title on a legacy version: refused by one, reported by the other.
    let err = Description::builder(Info::new("srv", "1"))
        .protocol_versions([ProtocolVersion::V2025_03_26])
        .resource(Resource::new("file:///r", "r").title("R"))
        .build()
        .unwrap_err();
    assert!(err.problems().iter().any(|p| matches!(
        p,
        BuildProblem::MemberNotInVersion { member, .. } if member == "title"
    )));
    let report = validate(&json!({
        "mcpdesc": "0.9.0",
        "info": {"name": "srv", "version": "1"},
        "protocolVersions": ["2025-03-26"],
        "resources": [{"uri": "file:///r", "name": "r", "title": "R"}]
    }));
    assert!(
        report
            .errors()
            .any(|d| d.code == "field-not-supported-by-version" && d.path == "/resources/0/title"),
        "{report}"
    );
}

/// One declaration on three tools (written once when its texts are the same statics); a problem the validator finds in it
/// is reported at every tool that carries it, as in the whole document.
#[test]
fn a_problem_in_a_declaration_shared_by_many_primitives_is_reported_at_each() {
    static BAD: std::sync::OnceLock<Vec<Declaration>> = std::sync::OnceLock::new();
    let location = registry::Location {
        file: "tests/builder.rs",
        line: 1,
        column: 1,
    };
    let bad = BAD.get_or_init(|| {
        ["t0", "t1", "t2"]
            .into_iter()
            .map(|tool| {
                Declaration::__new(
                    Primitive::Tool(tool),
                    "link",
                    registry::Mode::Url {
                        url: Some("not a uri"),
                    },
                    "Open the link.",
                    None,
                    None,
                    None,
                    Some([V2025_11_25].into()),
                    location,
                )
            })
            .collect()
    });
    let err = builder()
        .protocol_versions([V2025_11_25])
        .tool(Tool::new("t0"))
        .tool(Tool::new("t1"))
        .tool(Tool::new("t2"))
        .elicitations(bad)
        .build()
        .unwrap_err();
    let paths: Vec<&str> = err
        .problems()
        .iter()
        .filter_map(|p| match p {
            BuildProblem::Invalid(d) => Some(d.path.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        paths,
        [
            "/tools/0/elicitations/0/url",
            "/tools/1/elicitations/0/url",
            "/tools/2/elicitations/0/url"
        ]
    );
    assert_eq!(err.problems().len(), 3, "{err}");
}

/// What a built description writes, through serde or as text, is its JSON; its warnings are
/// the validator's for that JSON.
#[test]
fn a_built_description_serializes_to_its_json_and_its_warnings_are_the_validators() {
    let doc = builder()
        .protocol_versions([
            ProtocolVersion::V2024_11_05,
            V2025_06_18,
            V2025_11_25,
            V2026_07_28,
        ])
        .tool(Tool::new("b_plain"))
        .tool(Tool::new("b_multi").protocol_versions([V2025_11_25, V2026_07_28]))
        .tool(Tool::new("b_url").protocol_versions([V2025_11_25]))
        .elicitations(
            decls("b_plain")
                .into_iter()
                .chain(decls("b_multi"))
                .chain(decls("b_url")),
        )
        .build()
        .unwrap();
    let value = doc.as_value();
    assert_eq!(value["tools"][1]["elicitations"][0]["name"], "pick");
    assert_eq!(serde_json::to_value(&doc).unwrap(), *value);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&doc.to_json()).unwrap(),
        *value
    );
    assert_eq!(doc.to_json(), serde_json::to_string(value).unwrap());
    let report = mcpdesc_check::validate(value);
    assert!(report.is_valid(), "{report}");
    let warnings: Vec<_> = report.warnings().cloned().collect();
    assert!(!warnings.is_empty());
    assert_eq!(doc.warnings(), warnings.as_slice());
    assert_eq!(doc.clone().into_value(), *value);
}

/// `{:?}` shows the document itself, declarations included, not how the description keeps them.
#[test]
fn a_description_debugs_as_its_document() {
    let doc = builder()
        .tool(Tool::new("b_plain"))
        .elicitations(decls("b_plain"))
        .build()
        .unwrap();
    let shown = format!("{doc:?}");
    assert!(
        shown.starts_with("Description { document: Object {"),
        "{shown}"
    );
    assert!(shown.contains("\"elicitations\""), "{shown}");
    assert!(shown.contains("warnings: []"), "{shown}");
}

/// A description can be shared across threads and kept in a `static` (its JSON tree is made on
/// demand behind a `OnceLock`).
#[test]
fn a_description_is_send_and_sync() {
    fn shareable<T: Send + Sync + 'static>() {}
    shareable::<Description>();
    let doc = builder().tool(Tool::new("b_url")).build().unwrap();
    let first = std::thread::scope(|s| s.spawn(|| doc.as_value().clone()).join().unwrap());
    assert_eq!(&first, doc.as_value());
}

#[test]
fn any_json_arguments_are_written_as_every_version_in_scope_reads_them() {
    // schemars describes a `serde_json::Value` property by the schema `true`, which versions
    // before 2025-11-25 cannot read as a property schema (the reference's
    // `invalid-legacy-tool-schema-shape`): the builder writes the same schema as `{}`.
    #[derive(schemars::JsonSchema)]
    #[allow(dead_code)]
    struct Args {
        issue: u64,
        payload: serde_json::Value,
    }
    let doc = builder()
        .tool(Tool::new("x").input_schema_for::<Args>())
        .build()
        .unwrap_or_else(|e| panic!("{e}"));
    let schema = &doc.as_value()["tools"][0]["inputSchema"];
    assert_eq!(schema["properties"]["payload"], json!({}));
    assert_eq!(schema["properties"]["issue"]["type"], "integer");
    // In a 2025-11-25-only scope it stays as schemars wrote it.
    let doc = Description::builder(Info::new("t", "1.0.0"))
        .protocol_versions([V2025_11_25])
        .tool(Tool::new("x").input_schema_for::<Args>())
        .build()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        doc.as_value()["tools"][0]["inputSchema"]["properties"]["payload"],
        json!(true)
    );
    // `false` (no value fits) becomes `{"not": {}}`.
    let doc = builder()
        .tool(
            Tool::new("x").input_schema(json!({"type": "object", "properties": {"never": false}})),
        )
        .build()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        doc.as_value()["tools"][0]["inputSchema"]["properties"]["never"],
        json!({"not": {}})
    );
}

/// A primitive's `clientRequirements` is written as given, before its `elicitations`, and held
/// to every version of its scope: a required mode cannot be stated for 2025-06-18.
#[test]
fn client_requirements_are_written_and_held_to_every_version_in_scope() {
    let always = || {
        Tool::new("b_plain")
            .description("Always asks.")
            .client_requirements(json!({"elicitation": {"form": {}}}))
    };
    let doc = builder()
        .protocol_versions([V2025_11_25, V2026_07_28])
        .tool(always())
        .elicitations(decls("b_plain"))
        .build()
        .unwrap_or_else(|e| panic!("{e}"));
    let tool = &doc.as_value()["tools"][0];
    assert_eq!(
        tool["clientRequirements"],
        json!({"elicitation": {"form": {}}})
    );
    let keys: Vec<&str> = tool
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let at = |k: &str| keys.iter().position(|x| *x == k).unwrap();
    assert!(at("clientRequirements") < at("elicitations"), "{keys:?}");
    assert!(
        mcpdesc_check::validate(doc.as_value())
            .diagnostics()
            .is_empty()
    );

    // With 2025-06-18 in scope, `{"form": {}}` cannot be said; `{}` can.
    let err = builder()
        .protocol_versions([V2025_06_18, V2025_11_25])
        .tool(always())
        .build()
        .unwrap_err();
    assert!(
        err.problems().iter().any(|p| matches!(p,
            BuildProblem::Invalid(d) if d.code == "client-requirement-version-mismatch"
                && d.path == "/tools/0/clientRequirements/elicitation")),
        "{err}"
    );
    let doc = builder()
        .protocol_versions([V2025_06_18, V2025_11_25])
        .tool(Tool::new("b_plain").client_requirements(json!({"elicitation": {}})))
        .build()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        doc.as_value()["tools"][0]["clientRequirements"],
        json!({"elicitation": {}})
    );
}

/// `transports` is written from what the server serves, after `protocolVersions`, each
/// transport scoped as given.
#[test]
fn writes_the_transports_the_server_serves() {
    let d = Description::builder(Info::new("srv", "1"))
        .transport(Transport::stdio("srv", ["serve"]))
        .transport(Transport::streamable_http("http://127.0.0.1:8080/mcp"))
        .transport(
            Transport::stdio("srv-next", Vec::<String>::new()).protocol_versions([V2026_07_28]),
        )
        .build()
        .unwrap();
    let root = d.as_value().as_object().unwrap();
    let keys: Vec<&str> = root.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "mcpdesc",
            "$schema",
            "info",
            "protocolVersions",
            "transports"
        ]
    );
    assert_eq!(
        root["transports"],
        json!([
            {"type": "stdio", "command": "srv", "args": ["serve"]},
            {"type": "streamable-http", "url": "http://127.0.0.1:8080/mcp"},
            {"type": "stdio", "command": "srv-next", "protocolVersions": ["2026-07-28"]}
        ])
    );
    // Without a transport, the member is left out.
    let bare = Description::builder(Info::new("srv", "1")).build().unwrap();
    assert!(bare.as_value().get("transports").is_none());
}

/// The transports are held to the format's rules for every version in scope: together they serve
/// every version of the description.
#[test]
fn refuses_transports_that_leave_a_version_unserved() {
    let err = Description::builder(Info::new("srv", "1"))
        .transport(
            Transport::streamable_http("https://srv.example/mcp").protocol_versions([V2025_06_18]),
        )
        .build()
        .unwrap_err();
    let messages: Vec<String> = err.problems().iter().map(ToString::to_string).collect();
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert_eq!(
        messages,
        [
            "the generated document is invalid: error [transport-coverage-gap] at /protocolVersions: no transport serves MCP 2025-11-25 and 2026-07-28, which the document lists: add a transport for it, widen a transport's `protocolVersions`, or remove it from the root (mcpdesc.transports.coverage)"
        ]
    );
    // A transport scoped outside the description's versions is refused too.
    let err = Description::builder(Info::new("srv", "1"))
        .protocol_versions([V2025_06_18])
        .transport(Transport::stdio("srv", ["serve"]))
        .transport(
            Transport::streamable_http("https://srv.example/mcp").protocol_versions([V2026_07_28]),
        )
        .build()
        .unwrap_err();
    assert!(
        matches!(err.problems(), [BuildProblem::Invalid(_)]),
        "{err}"
    );
}

/// A transport that cannot be written is refused before anything is validated, with what to
/// give instead.
#[test]
fn refuses_a_transport_without_a_command_or_an_absolute_url() {
    let err = Description::builder(Info::new("srv", "1"))
        .transport(Transport::stdio(" ", ["serve"]))
        .transport(Transport::streamable_http("/mcp"))
        .build()
        .unwrap_err();
    let messages: Vec<String> = err.problems().iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        [
            "a stdio transport needs the command that starts the server; `Transport::stdio` was given an empty one",
            "the Streamable HTTP transport's URL \"/mcp\" is not an absolute URL; give the URL clients post to, such as `https://tracker.example.com/mcp`",
        ]
    );
    assert!(
        err.problems()
            .iter()
            .all(|p| matches!(p, BuildProblem::InvalidTransport { .. }))
    );
}

/// A server whose `get_info` does not name it is described by rmcp as `rmcp <its version>`; the
/// build refuses that info and says how to name the server.
#[test]
fn refuses_rmcps_own_name_for_the_server() {
    let unnamed = rmcp::model::ServerConfig::new(Default::default());
    let err = Description::builder(Info::from(&unnamed))
        .build()
        .unwrap_err();
    let [BuildProblem::RmcpsOwnInfo { message }] = err.problems() else {
        panic!("{err}");
    };
    assert!(
        message.starts_with("the description names the server `rmcp "),
        "{message}"
    );
    assert!(
        message
            .contains(r#"Implementation::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"))"#),
        "{message}"
    );
    let named = unnamed.with_server_info(rmcp::model::Implementation::new("tracker", "1.0.0"));
    assert!(Description::builder(Info::from(&named)).build().is_ok());
}

/// What the builder leaves to the whole-format checker, as `DescriptionBuilder::build` documents:
/// a hand-written tool schema of an unknown dialect and malformed `annotations` build, and the
/// checker reports both; a name the builder checks (an empty tool name) does not build.
#[test]
fn the_builder_leaves_hand_written_members_to_the_checker() {
    let doc = Description::builder(Info::new("srv", "1.0.0"))
        .protocol_versions([V2025_11_25])
        .tool(
            Tool::new("t")
                .input_schema(
                    json!({"$schema": "https://example.com/my-dialect", "type": "object"}),
                )
                .annotations(json!("read-only")),
        )
        .build()
        .unwrap();
    let report = mcpdesc_check::validate(doc.as_value());
    let codes: Vec<(&str, &str)> = report
        .errors()
        .map(|d| (d.code.as_str(), d.path.as_str()))
        .collect();
    assert!(
        codes.contains(&(
            "unsupported-tool-schema-dialect",
            "/tools/0/inputSchema/$schema"
        )),
        "{report}"
    );
    assert!(
        codes
            .iter()
            .any(|(_, path)| path.starts_with("/tools/0/annotations")),
        "{report}"
    );

    let err = Description::builder(Info::new("srv", "1.0.0"))
        .tool(Tool::new(""))
        .build()
        .unwrap_err();
    assert!(
        err.problems()
            .iter()
            .any(|p| matches!(p, BuildProblem::Invalid(d) if d.path == "/tools/0/name")),
        "{err}"
    );
}
