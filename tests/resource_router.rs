//! Resource templates declared once (`#[resource_router]`, `#[resource_template]`,
//! `#[resource_handler]`), over a real rmcp session on MCP 2025-06-18, 2025-11-25 and
//! 2026-07-28: the router lists the templates, reads each URI with its function and typed
//! variables, asks the function's declaration (which names no URI of its own), answers an
//! unknown URI or a variable of the wrong type with resource-not-found (-32002; -32602 from
//! 2026-07-28), and describes
//! the templates; a typed variable its template lacks is a build problem.
#![allow(clippy::restriction)]

use mcpdesc_runtime::description::{BuildProblem, Description, Info};
use mcpdesc_runtime::registry::{self, Primitive};
use mcpdesc_runtime::resources::TemplateUri;
use mcpdesc_runtime::session::{Asked, Asker, AskingServer, Policy, StdioTransport};
use mcpdesc_runtime::{ElicitationForm, ask, elicitation, resource_handler, resource_router};
use rmcp::model::{
    ErrorCode, ErrorData, Implementation, ProtocolVersion, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, ResourceContents, ServerCapabilities, ServerConfig,
};
use rmcp::service::RoleClient;
use rmcp::{ServerHandler, ServiceExt};
use serde::Deserialize;
use serde_json::json;

#[derive(ElicitationForm, Debug)]
struct Depth {
    /// How many lines of the note to show.
    #[form(minimum = 1, maximum = 50)]
    lines: u8,
}

/// The variables of `notes://{day}/{n}`.
#[derive(Deserialize)]
struct Note {
    day: String,
    n: u32,
}

#[derive(Deserialize)]
struct Folder {
    path: String,
}

#[derive(Clone)]
struct Notes;

#[resource_router]
impl Notes {
    /// A note of a day.
    #[resource_template(uri = "notes://{day}/{n}", name = "note", mime_type = "text/plain")]
    async fn note(&self, uri: TemplateUri<Note>) -> Result<ReadResourceResult, ErrorData> {
        let text = format!("note {} of {}", uri.vars.n, uri.vars.day);
        Ok(ReadResourceResult::new(vec![ResourceContents::text(
            text, uri.uri,
        )]))
    }

    /// A folder's notes; the user chooses how many lines of each to show.
    #[elicitation(name = "depth", form = Depth, message = "How many lines of each note?")]
    #[resource_template(uri = "folders://{+path}", title = "Folder")]
    async fn folder(
        &self,
        uri: TemplateUri<Folder>,
        asker: Asker,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let lines = match ask!(asker, Self::FOLDER_DEPTH) {
            Ok(Asked::Accepted(d)) => d.lines.to_string(),
            Ok(other) => format!("{other:?}"),
            Err(e) => return Err(e.into()),
        };
        let text = format!("folder {} at {lines} lines", uri.vars.path);
        Ok(ReadResourceResult::new(vec![ResourceContents::text(text, uri.uri)]).into())
    }
}

#[resource_handler]
impl ServerHandler for Notes {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_resources().build())
            .with_server_info(Implementation::new("notes", "1.0.0"))
    }
}

fn notes() -> Notes {
    Notes
}

#[path = "support/client.rs"]
mod client;

const VERSIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V_2025_06_18,
    ProtocolVersion::V_2025_11_25,
    ProtocolVersion::V_2026_07_28,
];

async fn session(
    version: ProtocolVersion,
) -> rmcp::service::RunningService<RoleClient, client::Answering> {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let (read, write) = tokio::io::split(server_io);
    let served = AskingServer::new(notes(), Policy::development());
    tokio::spawn(async move {
        if let Ok(running) = served.serve(StdioTransport::new(read, write)).await {
            let _ = running.waiting().await;
        }
    });
    client::Answering::new(version, |params| {
        assert_eq!(params["message"], "How many lines of each note?");
        json!({"lines": 3})
    })
    .connect(client_io)
    .await
}

fn text_of(result: &ReadResourceResult) -> String {
    serde_json::to_value(&result.contents).unwrap()[0]["text"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn templates_are_listed_read_and_asked_on_every_version() {
    for version in VERSIONS {
        let at = format!("{version:?}");
        let client = session(version.clone()).await;
        let listed = client.list_all_resource_templates().await.unwrap();
        let listed = serde_json::to_value(&listed).unwrap();
        assert_eq!(
            listed,
            json!([
                {"uriTemplate": "notes://{day}/{n}", "name": "note",
                 "description": "A note of a day.", "mimeType": "text/plain"},
                {"uriTemplate": "folders://{+path}", "name": "folder", "title": "Folder",
                 "description": "A folder's notes; the user chooses how many lines of each to show."},
            ]),
            "{at}"
        );
        let read = client
            .read_resource(ReadResourceRequestParams::new("notes://caf%C3%A9/12"))
            .await
            .unwrap();
        assert_eq!(text_of(&read), "note 12 of café", "{at}");
        let read = client
            .read_resource(ReadResourceRequestParams::new("folders://a/b/c"))
            .await
            .unwrap();
        assert_eq!(text_of(&read), "folder a/b/c at 3 lines", "{at}");
        for (uri, why) in [
            ("notes://monday", "no resource at notes://monday"),
            ("other://x", "no resource at other://x"),
            (
                "notes://monday/twelve",
                "no resource at notes://monday/twelve: \"twelve\" is not an integer",
            ),
        ] {
            let err = client
                .read_resource(ReadResourceRequestParams::new(uri))
                .await
                .unwrap_err();
            let rmcp::ServiceError::McpError(err) = err else {
                panic!("{at} {uri}: {err}");
            };
            // The protocol's resource-not-found: -32002, which MCP 2026-07-28 made -32602
            // (SEP-2164; rmcp changes the code for that version).
            let code = if version == ProtocolVersion::V_2026_07_28 {
                ErrorCode::INVALID_PARAMS
            } else {
                ErrorCode::RESOURCE_NOT_FOUND
            };
            assert_eq!(err.code, code, "{at} {uri}");
            assert!(err.message.starts_with(why), "{at} {uri}: {}", err.message);
            assert_eq!(err.data, Some(json!({"uri": uri})), "{at} {uri}");
        }
        client.cancel().await.unwrap();
    }
}

#[test]
fn a_declaration_on_a_template_function_belongs_to_its_template() {
    let declaration = Notes::FOLDER_DEPTH.declaration();
    assert_eq!(
        declaration.primitive(),
        Primitive::ResourceTemplate("folders://{+path}")
    );
    assert!(
        registry::declarations()
            .iter()
            .any(|d| std::ptr::eq(*d, declaration))
    );
}

#[test]
fn the_router_describes_its_templates() {
    let description = Description::builder(Info::new("notes", "1.0.0"))
        .resource_router(&Notes::resource_router())
        .registered_elicitations_of_given_primitives()
        .build()
        .unwrap();
    let doc = description.as_value();
    let templates = doc["resourceTemplates"].as_array().unwrap();
    let uris: Vec<&str> = templates
        .iter()
        .map(|t| t["uriTemplate"].as_str().unwrap())
        .collect();
    assert_eq!(uris, ["folders://{+path}", "notes://{day}/{n}"]);
    assert_eq!(templates[0]["elicitations"][0]["name"], "depth");
}

/// A function whose typed variables are not its template's.
#[derive(Deserialize)]
#[allow(dead_code)]
struct Wrong {
    day: String,
    page: u32,
}

#[derive(Clone)]
struct Mismatched;

#[resource_router]
impl Mismatched {
    #[resource_template(uri = "notes://{day}/{n}")]
    async fn note(&self, uri: TemplateUri<Wrong>) -> Result<ReadResourceResult, ErrorData> {
        Ok(ReadResourceResult::new(vec![ResourceContents::text(
            uri.vars.day,
            uri.uri,
        )]))
    }
}

#[test]
fn a_typed_variable_the_template_lacks_is_a_build_problem() {
    let err = Description::builder(Info::new("notes", "1.0.0"))
        .resource_router(&Mismatched::resource_router())
        .build()
        .unwrap_err();
    let messages: Vec<String> = err
        .problems()
        .iter()
        .filter(|p| matches!(p, BuildProblem::ResourceVariables { .. }))
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        messages,
        [
            "the function of the resource template \"notes://{day}/{n}\" reads the variable `page`, which the template does not have: add `{page}` to the template, or rename the field",
            "the resource template \"notes://{day}/{n}\" has the variable `n`, which its function's `TemplateUri` type does not read: add a field `n`",
        ]
    );
}
