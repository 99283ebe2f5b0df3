//! A working MCP server made from a description alone (feature `mock`): what `mcpdesc mock`
//! serves, for the people who write a client, a gateway or an agent before the server exists.
//!
//! [`Mock`] reads a description once and serves it over any rmcp transport, on every protocol
//! version the description lists and only those:
//!
//! - **listing**: tools, prompts, resources and resource templates as the description has them
//!   on the request's version ([`listing`](crate::listing)'s rule of what a listing holds);
//! - **calls**: the arguments checked against the tool's `inputSchema`, every problem in one
//!   `-32602`; the result of the tool's example whose `input` is the arguments, else
//!   `structuredContent` generated to validate against the `outputSchema` (with its JSON as
//!   text), the same for the same arguments unless [`seed`](Mock::seed) says otherwise;
//! - **questions**: the declarations of a tool, prompt, resource or template, asked before it
//!   answers, in the order of its first `interactionExamples` that asks them, else in declaration
//!   order, each on the versions its scope holds, through the runtime's own asking path
//!   ([`Asker::described`](mcpdesc_runtime::session::Asker::described)): server requests before
//!   MCP 2026-07-28, input-required results with a sealed state on it; an answer that does not
//!   fit its form is asked again with the problems; after a decline or a cancel the result says
//!   the declaration's `onDecline` or `onCancel`;
//! - **resources and prompts**: from their examples, else generated; a URI no resource or
//!   template of the version produces is the version's not-found error.
//!
//! A request's `_meta` can pick a result: [`EXAMPLE_META`] names a tool's, prompt's or resource's
//! example, [`ERROR_META`] (`true`) asks for a tool's error result (its example with `isError`,
//! else a generated one), as Prism's `Prefer` header does for an HTTP API.
//!
//! ```
//! # async fn serve() -> Result<(), Box<dyn std::error::Error>> {
//! use mcpdesc_check::mock::Mock;
//!
//! let description = serde_json::json!({
//!     "mcpdesc": "0.9.0",
//!     "info": {"name": "weather", "version": "1.0.0"},
//!     "protocolVersions": ["2025-11-25"],
//!     "tools": [{
//!         "name": "forecast",
//!         "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}},
//!         "outputSchema": {
//!             "type": "object",
//!             "properties": {"celsius": {"type": "number"}},
//!             "required": ["celsius"]
//!         }
//!     }]
//! });
//! let mock = Mock::new(&description)?.seed(7);
//! mock.serve_stdio().await?;
//! # Ok(())
//! # }
//! ```
//!
//! # What it cannot do
//!
//! - **It asks every declaration in scope, on every call.** A declaration's `when` is prose the
//!   mock cannot evaluate, so a question the real server asks only for some arguments is asked
//!   for all. A decline or a cancel ends the questions of that call.
//! - **Over Streamable HTTP it lists through rmcp's model.** A member rmcp's types lack is not
//!   listed there: a tool's `execution`, an annotation MCP may add later, an `x-` member of a
//!   prompt argument (any rmcp server leaves them out the same way; `mcpdesc test` reports each
//!   as `listing-differs`). Over stdio and any transport given to [`serve`](Mock::serve), the
//!   lists hold each entry as the description writes it.
//! - **It answers with the description's examples as they are written.** An example whose
//!   contents contradict their resource (which `mcpdesc check` warns about) is served so.
//! - **A tool schema the `jsonschema` crate cannot compile** (an older dialect's shape, which
//!   `mcpdesc check` only warns about) is not held: [`Mock::notices`] says which.
//! - A run-time choice field (`x-mcpdesc-runtime-choices`) is filled with the values the
//!   interaction examples answer it with, else with three made from its name.
//!
//! The mock keeps what it read for the life of the process: a declaration is asked with
//! `'static` parts, as an attribute's are ([`Declaration::described`]). Make one `Mock` per
//! description and clone it.

mod listed;
mod made;

use std::borrow::Cow;
use std::sync::Arc;

use mcpdesc_format::ProtocolVersion;
use mcpdesc_format::diagnostics::toolbox::{Cx, root_scope_of, scope_within_at};
use mcpdesc_format::diagnostics::{Diagnostic, Severity};
use mcpdesc_format::primitive::Primitive;
use mcpdesc_format::uri_template::UriTemplate;
use mcpdesc_format::{RequestedSchema, VersionSet};
use mcpdesc_runtime::registry::{Declaration, Mode};
use mcpdesc_runtime::session::{Asked, Asker, AskingServer, Policy, Step};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock as Content, ErrorData,
    GetPromptRequestParams, GetPromptResponse, GetPromptResult, Implementation, ListPromptsResult,
    ListResourceTemplatesResult, ListResourcesResult, ListToolsResult, PaginatedRequestParams,
    Prompt, ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, Resource,
    ResourceTemplate, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Map, Value, json};

use crate::inputs::ToolInputs;

/// The `_meta` key of a request that picks one of its primitive's examples by name.
pub const EXAMPLE_META: &str = "org.mcpdesc/example";

/// The `_meta` key of a tool call that asks for the tool's error result (`true`).
pub const ERROR_META: &str = "org.mcpdesc/error";

/// Why a description cannot be served.
#[derive(Debug)]
#[non_exhaustive]
pub enum MockError {
    /// The description is not valid: `mcpdesc check`'s errors.
    Invalid(Vec<Diagnostic>),
    /// Serving failed: the transport's error.
    Serve(String),
}

impl std::fmt::Display for MockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MockError::Invalid(diagnostics) => {
                write!(f, "the description is not valid:")?;
                for d in diagnostics {
                    write!(f, "\n  error[{}] at {}: {}", d.code, d.path, d.message)?;
                }
                Ok(())
            }
            MockError::Serve(message) => write!(f, "serving failed: {message}"),
        }
    }
}

impl std::error::Error for MockError {}

/// A server made from a description: see the [module](self).
#[derive(Clone)]
pub struct Mock {
    served: Arc<Served>,
    seed: u64,
}

impl std::fmt::Debug for Mock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mock")
            .field("versions", &self.served.versions)
            .field("primitives", &self.served.entries.len())
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

/// What the mock read from its description, kept for the life of the process.
struct Served {
    description: &'static Value,
    versions: Vec<ProtocolVersion>,
    entries: Vec<Entry>,
    info: Implementation,
    capabilities: ServerCapabilities,
    /// What of the description the mock cannot hold to, said at start-up.
    notices: Vec<String>,
}

/// One primitive of the description, on the versions of its scope.
struct Entry {
    kind: Kind,
    identity: &'static str,
    object: &'static Map<String, Value>,
    scope: VersionSet,
    /// What a list result holds of it on each version of its scope, made once.
    listed: Vec<(ProtocolVersion, Value)>,
    /// Its named examples, their `$componentRef`s followed.
    examples: Vec<(&'static str, &'static Value)>,
    /// Its declarations in the order they are asked.
    declarations: Vec<Declaration>,
    /// A tool's input and output schemas, compiled.
    input: Option<ToolInputs>,
    output: Option<ToolInputs>,
    /// A resource template, parsed.
    template: Option<UriTemplate<'static>>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Tool,
    Prompt,
    Resource,
    Template,
}

impl Kind {
    const ALL: [Kind; 4] = [Kind::Tool, Kind::Prompt, Kind::Resource, Kind::Template];

    /// The format's table of this kind: its collection and the member that identifies one.
    fn of_format(self) -> mcpdesc_format::diagnostics::kind::Kind {
        use mcpdesc_format::diagnostics::kind;
        match self {
            Kind::Tool => kind::TOOL,
            Kind::Prompt => kind::PROMPT,
            Kind::Resource => kind::RESOURCE,
            Kind::Template => kind::RESOURCE_TEMPLATE,
        }
    }

    /// The root collection, which a list result also names its entries by.
    fn collection(self) -> &'static str {
        self.of_format().collection
    }

    /// Where its examples' `$componentRef`s point.
    fn examples(self) -> &'static str {
        match self {
            Kind::Tool => "toolExamples",
            Kind::Prompt => "promptExamples",
            Kind::Resource => "resourceExamples",
            Kind::Template => "resourceTemplateExamples",
        }
    }

    fn primitive(self, identity: &'static str) -> Primitive {
        match self {
            Kind::Tool => Primitive::Tool(identity),
            Kind::Prompt => Primitive::Prompt(identity),
            Kind::Resource => Primitive::Resource(identity),
            Kind::Template => Primitive::ResourceTemplate(identity),
        }
    }
}

impl Mock {
    /// The mock of `description`, read as `mcpdesc check` reads it. It keeps a copy of the
    /// description for the life of the process (its declarations are asked with `'static`
    /// parts): make one per description, and clone it.
    ///
    /// # Errors
    ///
    /// [`MockError::Invalid`] with `check`'s errors when the description is not valid.
    pub fn new(description: &Value) -> Result<Self, MockError> {
        let report = crate::validate(description);
        let errors: Vec<Diagnostic> = report
            .diagnostics()
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .cloned()
            .collect();
        if !errors.is_empty() {
            return Err(MockError::Invalid(errors));
        }
        // Kept for the life of the process: the declarations borrow from it.
        let description: &'static Value = Box::leak(Box::new(description.clone()));
        Served::read(description).map(|served| Mock {
            served: Arc::new(served),
            seed: 0,
        })
    }

    /// Varies what is generated: the same seed and arguments give the same bytes (0 unless set).
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The protocol versions it serves: the description's.
    pub fn protocol_versions(&self) -> &[ProtocolVersion] {
        &self.served.versions
    }

    /// What of the description the mock does not hold its answers to, one sentence each: a
    /// tool schema the `jsonschema` crate cannot compile (an older dialect's shape, which
    /// `mcpdesc check` only warns about) leaves that tool's arguments unchecked, or its results
    /// without `structuredContent`. `mcpdesc mock` prints them at start-up.
    pub fn notices(&self) -> &[String] {
        &self.served.notices
    }

    /// The mock as a server that can ask, with a policy whose key is made for this process:
    /// what [`serve`](Self::serve) and [`serve_http`](Self::serve_http) serve. Served as it is
    /// (in a test's own session, say), its lists are rmcp's model of the description's entries;
    /// [`serve`](Self::serve) writes them as the description does.
    pub fn server(&self) -> AskingServer<Mock> {
        AskingServer::new(self.clone(), Policy::development())
    }

    /// Serves on standard input and output until the client closes them.
    ///
    /// # Errors
    ///
    /// [`MockError::Serve`] when the session cannot start or ends with an error.
    pub async fn serve_stdio(&self) -> Result<(), MockError> {
        self.serve(mcpdesc_runtime::session::stdio()).await
    }

    /// Serves one session over `transport` (any rmcp transport of a server: a pipe, a socket)
    /// until it closes. Its list results hold each entry as the description writes it, members
    /// rmcp's model lacks included.
    ///
    /// # Errors
    ///
    /// [`MockError::Serve`] when the session cannot start or ends with an error.
    pub async fn serve<T>(&self, transport: T) -> Result<(), MockError>
    where
        T: rmcp::transport::Transport<RoleServer> + 'static,
    {
        let transport = listed::Listed::new(transport, Arc::clone(&self.served));
        let running = rmcp::ServiceExt::serve(self.server(), transport)
            .await
            .map_err(|e| MockError::Serve(e.to_string()))?;
        running
            .waiting()
            .await
            .map(|_| ())
            .map_err(|e| MockError::Serve(e.to_string()))
    }

    /// Serves Streamable HTTP at `/mcp` on `listener`, with the runtime's `Host` and `Origin`
    /// checks: a request must name a loopback host or one of `hosts`, and a browser's origin
    /// must be a loopback one or one of `origins`.
    ///
    /// # Errors
    ///
    /// [`MockError::Serve`] when serving fails.
    pub async fn serve_http(
        &self,
        listener: tokio::net::TcpListener,
        hosts: Vec<String>,
        origins: Vec<String>,
    ) -> Result<(), MockError> {
        use rmcp::transport::streamable_http_server::StreamableHttpServerConfig;
        let with_loopback = |given: Vec<String>, loopback: &[&str]| -> Vec<String> {
            loopback
                .iter()
                .map(|s| (*s).to_owned())
                .chain(given)
                .collect()
        };
        let config = StreamableHttpServerConfig::default()
            .with_allowed_hosts(with_loopback(hosts, &["localhost", "127.0.0.1", "::1"]))
            .with_allowed_origins(with_loopback(
                origins,
                &["http://localhost:*", "http://127.0.0.1:*", "http://[::1]:*"],
            ))
            .enforce_origin_validation();
        let service = self.server().streamable_http(config);
        let router = axum::Router::new().nest_service("/mcp", service);
        axum::serve(listener, router)
            .await
            .map_err(|e| MockError::Serve(e.to_string()))
    }
}

impl Served {
    fn read(description: &'static Value) -> Result<Self, MockError> {
        let (root_scope, _) = root_scope_of(description);
        let versions: Vec<ProtocolVersion> = root_scope.iter().collect();
        let cx = Cx::new(description);
        let mut entries = Vec::new();
        let mut notices = Vec::new();
        for kind in Kind::ALL {
            let (collection, identity) = (kind.collection(), kind.of_format().identity);
            let list = description
                .get(collection)
                .and_then(Value::as_array)
                .map(Vec::as_slice)
                .unwrap_or_default();
            for (i, entry) in list.iter().enumerate() {
                let Some(object) = entry.as_object() else {
                    continue;
                };
                let Some(id) = object.get(identity).and_then(Value::as_str) else {
                    continue;
                };
                let path = format!("/{collection}/{i}");
                let (scope, _) = scope_within_at(object, &path, root_scope, "the primitive");
                // A schema the `jsonschema` crate cannot compile (an older dialect's shape, which
                // the validator only warns about) is not held: said once, at start-up.
                let mut schema = |member: &str| -> Option<ToolInputs> {
                    let value = object.get(member)?;
                    let target = mcpdesc_format::diagnostics::references::schema_target(&cx, value)
                        .map_or(value, |(target, _)| target);
                    ToolInputs::new(target)
                        .map_err(|e| {
                            let not_held = match member {
                                "inputSchema" => "its arguments are not checked",
                                _ => "its results are text alone, without structuredContent",
                            };
                            notices.push(format!(
                                "tool `{id}`: its {member} cannot be read ({e}); {not_held}"
                            ));
                        })
                        .ok()
                };
                let (input, output) = match kind {
                    Kind::Tool => (schema("inputSchema"), schema("outputSchema")),
                    _ => (None, None),
                };
                let template = match kind {
                    Kind::Template => UriTemplate::parse(id),
                    _ => None,
                };
                let examples = object
                    .get("examples")
                    .and_then(Value::as_object)
                    .into_iter()
                    .flatten()
                    .filter_map(|(name, example)| {
                        let target = mcpdesc_format::diagnostics::references::example_target(
                            &cx,
                            example,
                            kind.examples(),
                        )?;
                        Some((name.as_str(), target))
                    })
                    .collect();
                let listed = scope
                    .iter()
                    .map(|v| {
                        (
                            v,
                            crate::listing::listed(description, collection, object, v),
                        )
                    })
                    .collect();
                entries.push(Entry {
                    kind,
                    identity: id,
                    object,
                    scope,
                    listed,
                    examples,
                    declarations: declarations(description, kind, id, object, &path, scope)?,
                    input,
                    output,
                    template,
                });
            }
        }
        let info = description.get("info");
        let text = |key: &str| info.and_then(|i| i.get(key)).and_then(Value::as_str);
        let mut implementation = Implementation::new(
            text("name").unwrap_or("mcpdesc-mock"),
            text("version").unwrap_or("0.0.0"),
        );
        if let Some(title) = text("title") {
            implementation = implementation.with_title(title);
        }
        if let Some(about) = text("description") {
            implementation = implementation.with_description(about);
        }
        let has = |kind: Kind| entries.iter().any(|e| e.kind == kind);
        let mut capabilities = ServerCapabilities::default();
        if has(Kind::Tool) {
            capabilities = ServerCapabilities::builder().enable_tools().build();
        }
        if has(Kind::Prompt) {
            capabilities.prompts = ServerCapabilities::builder()
                .enable_prompts()
                .build()
                .prompts;
        }
        if has(Kind::Resource) || has(Kind::Template) {
            capabilities.resources = ServerCapabilities::builder()
                .enable_resources()
                .build()
                .resources;
        }
        Ok(Served {
            description,
            versions,
            entries,
            info: implementation,
            capabilities,
            notices,
        })
    }

    /// The entry of `kind` named `identity` on `version`.
    fn entry(&self, kind: Kind, identity: &str, version: ProtocolVersion) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.kind == kind && e.identity == identity && e.scope.contains(version))
    }

    /// The entries of `kind` on `version`, as listed.
    fn listed(&self, kind: Kind, version: ProtocolVersion) -> Vec<Value> {
        self.entries
            .iter()
            .filter(|e| e.kind == kind)
            .flat_map(|e| &e.listed)
            .filter(|(v, _)| *v == version)
            .map(|(_, listed)| listed.clone())
            .collect()
    }
}

/// The declarations of one primitive, each with its effective scope, read into the runtime's
/// model, in the order the mock asks them: that of the first `interactionExamples` entry whose
/// steps ask any, then the rest in declaration order.
fn declarations(
    description: &'static Value,
    kind: Kind,
    identity: &'static str,
    object: &'static Map<String, Value>,
    path: &str,
    scope: VersionSet,
) -> Result<Vec<Declaration>, MockError> {
    let written = object
        .get("elicitations")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let mut read = Vec::new();
    for (j, d) in written.iter().enumerate() {
        let Some(d) = d.as_object() else {
            continue;
        };
        let at = format!("{path}/elicitations/{j}");
        let (own, _) = scope_within_at(d, &at, scope, "this declaration");
        let text = |key: &str| d.get(key).and_then(Value::as_str);
        let (Some(name), Some(message)) = (text("name"), text("message")) else {
            continue;
        };
        let mode = match (text("mode"), d.get("requestedSchema")) {
            (Some("url"), _) => Mode::Url { url: text("url") },
            (_, Some(schema)) => {
                let schema_path = format!("{at}/requestedSchema");
                let resolved = mcpdesc_format::diagnostics::resolve_requested_schema(
                    description,
                    schema,
                    &schema_path,
                )
                .map_err(|problems| MockError::Invalid(problems.into_iter().collect()))?;
                let parsed: RequestedSchema =
                    mcpdesc_format::diagnostics::form_schema::parse_requested_schema(resolved)
                        .map_err(MockError::Invalid)?;
                let parsed = with_runtime_choices(parsed, d, object, name);
                Mode::Described {
                    schema: Box::leak(Box::new(parsed)),
                }
            }
            _ => continue,
        };
        read.push(
            Declaration::described(kind.primitive(identity), name, mode, message)
                .with_when(text("when"))
                .with_follow_ups(text("onDecline"), text("onCancel"))
                .with_protocol_versions(Some(own)),
        );
    }
    // The order of the first interaction example that asks any of them.
    let order: Vec<&str> = object
        .get("interactionExamples")
        .and_then(Value::as_object)
        .into_iter()
        .flat_map(|examples| examples.values())
        .map(|example| {
            example
                .get("steps")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter(|s| s.get("type").and_then(Value::as_str) == Some("elicitation"))
                .filter_map(|s| s.get("declaration").and_then(Value::as_str))
                .collect::<Vec<&str>>()
        })
        .find(|asked| !asked.is_empty())
        .unwrap_or_default();
    let position = |d: &Declaration| {
        order
            .iter()
            .position(|name| *name == d.name())
            .unwrap_or(usize::MAX)
    };
    // A stable sort: those the example does not ask keep their declaration order, after it.
    read.sort_by_key(position);
    Ok(read)
}

/// `schema` with the fields a declaration lists in `x-mcpdesc-runtime-choices` filled, as a
/// server fills them when it asks: with the values its interaction examples answer for the field,
/// else three made from the field's name (`assignee-1`, ...).
fn with_runtime_choices(
    schema: RequestedSchema,
    declaration: &Map<String, Value>,
    primitive: &Map<String, Value>,
    name: &str,
) -> RequestedSchema {
    use mcpdesc_format::schema::Choice;
    let runtime: Vec<&str> = declaration
        .get(mcpdesc_format::members::RUNTIME_CHOICES)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    if runtime.is_empty() {
        return schema;
    }
    // What the interaction examples answer this declaration with, field by field.
    let answered = |field: &str| -> Vec<String> {
        let mut values: Vec<String> = Vec::new();
        let steps = primitive
            .get("interactionExamples")
            .and_then(Value::as_object)
            .into_iter()
            .flat_map(|examples| examples.values())
            .filter_map(|example| example.get("steps").and_then(Value::as_array))
            .flatten()
            .filter(|step| step.get("declaration").and_then(Value::as_str) == Some(name));
        for step in steps {
            let value = step
                .get("response")
                .and_then(|r| r.get("content"))
                .and_then(|c| c.get(field));
            let found: Vec<&str> = match value {
                Some(Value::String(s)) => vec![s.as_str()],
                Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            };
            for v in found {
                if !v.is_empty() && !values.iter().any(|known| known == v) {
                    values.push(v.to_owned());
                }
            }
        }
        if values.is_empty() {
            values = (1..=3).map(|i| format!("{field}-{i}")).collect();
        }
        values
    };
    runtime.into_iter().fold(schema, |schema, field| {
        let choices = answered(field)
            .into_iter()
            .map(|v| Choice::new(v, None))
            .collect();
        schema
            .with_runtime_choices(field, choices)
            .unwrap_or(schema)
    })
}

/// The format's version of a request, from rmcp's; the newest served when rmcp does not know
/// it.
fn version_of(served: &Served, context: &RequestContext<RoleServer>) -> ProtocolVersion {
    context
        .protocol_version()
        .and_then(|v| v.as_str().parse::<ProtocolVersion>().ok())
        .filter(|v| served.versions.contains(v))
        .or_else(|| served.versions.last().copied())
        .unwrap_or(ProtocolVersion::LATEST)
}

/// What asking a primitive's declarations came to.
enum Questions {
    /// Every question asked was answered, or could not be asked; the follow-ups of declines and
    /// cancels, to say in the result.
    Done(Vec<String>),
    /// Ask the client first (MCP 2026-07-28).
    InputRequired(Box<rmcp::model::InputRequiredResult>),
    /// The runtime refused to ask, or the answer did not come: why.
    Failed(String),
}

impl Mock {
    /// Asks `entry`'s declarations that apply to the request, one after another; a decline or a
    /// cancel ends the questions, its follow-up said.
    async fn ask(&self, entry: &Entry, context: &RequestContext<RoleServer>) -> Questions {
        if entry.declarations.is_empty() {
            return Questions::Done(Vec::new());
        }
        let asker = match Asker::new(context) {
            Ok(asker) => asker,
            Err(e) => return Questions::Failed(e.to_string()),
        };
        let mut said = Vec::new();
        // A declaration scoped out of the version, or whose form the version cannot carry, is
        // not asked: the asker says so (`Asked::NotAsked`).
        for declaration in &entry.declarations {
            // A URL-mode declaration that leaves its URL to run time is presented one made here.
            let url = match declaration.mode() {
                Mode::Url { url: None } => Some(generated_url(entry, declaration)),
                _ => None,
            };
            match asker
                .described(self.served.description, declaration, url.as_deref())
                .await
            {
                Ok(Step::InputRequired(result)) => return Questions::InputRequired(result),
                Ok(Step::Answered(Asked::Accepted(_) | Asked::NotAsked(_))) => {}
                Ok(Step::Answered(Asked::Declined { on_decline })) => {
                    said.push(on_decline.map_or_else(
                        || format!("The user declined `{}`.", declaration.name()),
                        str::to_owned,
                    ));
                    break;
                }
                Ok(Step::Answered(Asked::Cancelled { on_cancel })) => {
                    said.push(on_cancel.map_or_else(
                        || format!("The user cancelled `{}`.", declaration.name()),
                        str::to_owned,
                    ));
                    break;
                }
                Err(e) => return Questions::Failed(e.to_string()),
            }
        }
        Questions::Done(said)
    }

    async fn call(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let version = version_of(&self.served, &context);
        let Some(entry) = self.served.entry(Kind::Tool, &request.name, version) else {
            return Err(ErrorData::invalid_params(
                format!("no tool `{}` on {version}", request.name),
                None,
            ));
        };
        let arguments = Value::Object(request.arguments.clone().unwrap_or_default());
        if let Some(input) = &entry.input {
            let problems = input.problems(&arguments);
            if !problems.is_empty() {
                return Err(ErrorData::invalid_params(
                    format!(
                        "the arguments do not fit the inputSchema of `{}`: {}",
                        request.name,
                        problems.join("; ")
                    ),
                    Some(json!({ "problems": problems })),
                ));
            }
        }
        let meta = request_meta(request.meta.as_ref(), &context);
        let picked = picked_example(entry, meta)?;
        let wants_error = meta
            .and_then(|m| m.get(ERROR_META))
            .and_then(Value::as_bool)
            == Some(true);
        let said = match self.ask(entry, &context).await {
            Questions::Done(said) => said,
            Questions::InputRequired(result) => return Ok((*result).into()),
            Questions::Failed(why) => {
                return Ok(CallToolResult::error(vec![Content::text(format!(
                    "Nothing was done: {why}"
                ))])
                .into());
            }
        };
        let example = match (picked, wants_error) {
            (Some(example), _) => Some(example),
            (None, true) => entry.examples.iter().map(|(_, e)| *e).find(|e| {
                e.get("result")
                    .and_then(|r| r.get("isError"))
                    .and_then(Value::as_bool)
                    == Some(true)
            }),
            (None, false) => entry
                .examples
                .iter()
                .map(|(_, e)| *e)
                .find(|e| e.get("input").is_some_and(|input| same(input, &arguments))),
        };
        let mut result = match example.and_then(|e| e.get("result")) {
            Some(result) => made::example_result::<CallToolResult>(result)?,
            None if wants_error => CallToolResult::error(vec![Content::text(format!(
                "`{}` failed, as asked by `{ERROR_META}`",
                request.name
            ))]),
            None => made::tool_result(entry, &arguments, self.seed)?,
        };
        if !said.is_empty() {
            result.content.insert(0, Content::text(said.join(" ")));
        }
        Ok(result.into())
    }

    async fn prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let version = version_of(&self.served, &context);
        let Some(entry) = self.served.entry(Kind::Prompt, &request.name, version) else {
            return Err(ErrorData::invalid_params(
                format!("no prompt `{}` on {version}", request.name),
                None,
            ));
        };
        let given = request.arguments.clone().unwrap_or_default();
        let missing: Vec<&str> = entry
            .object
            .get("arguments")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter(|a| a.get("required").and_then(Value::as_bool) == Some(true))
            .filter_map(|a| a.get("name").and_then(Value::as_str))
            .filter(|name| !given.contains_key(*name))
            .collect();
        if !missing.is_empty() {
            return Err(ErrorData::invalid_params(
                format!(
                    "the prompt `{}` needs the arguments {}",
                    request.name,
                    missing
                        .iter()
                        .map(|m| format!("`{m}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                Some(json!({ "missing": missing })),
            ));
        }
        let meta = request_meta(request.meta.as_ref(), &context);
        let picked = picked_example(entry, meta)?;
        let said = match self.ask(entry, &context).await {
            Questions::Done(said) => said,
            Questions::InputRequired(result) => return Ok((*result).into()),
            Questions::Failed(why) => {
                return Err(ErrorData::internal_error(
                    format!("the prompt's questions failed: {why}"),
                    None,
                ));
            }
        };
        let arguments = Value::Object(given);
        let example = picked.or_else(|| {
            entry.examples.iter().map(|(_, e)| *e).find(|e| {
                same(
                    e.get("arguments").unwrap_or(&Value::Object(Map::new())),
                    &arguments,
                )
            })
        });
        let mut result = match example.and_then(|e| e.get("result")) {
            Some(result) => made::example_result::<GetPromptResult>(result)?,
            None => made::prompt_result(entry, &arguments, self.seed),
        };
        if !said.is_empty() {
            result.messages.insert(
                0,
                rmcp::model::PromptMessage::new_text(rmcp::model::Role::Assistant, said.join(" ")),
            );
        }
        Ok(result.into())
    }

    async fn read(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let version = version_of(&self.served, &context);
        let uri = request.uri.as_str();
        let entry = self.served.entry(Kind::Resource, uri, version).or_else(|| {
            self.served.entries.iter().find(|e| {
                e.kind == Kind::Template
                    && e.scope.contains(version)
                    && e.template.as_ref().is_some_and(|t| t.matches(uri))
            })
        });
        let Some(entry) = entry else {
            return Err(ErrorData::resource_not_found(
                format!(
                    "no resource or resource template of the description gives {uri} on {version}"
                ),
                Some(json!({ "uri": uri })),
            ));
        };
        let meta = request_meta(request.meta.as_ref(), &context);
        let picked = picked_example(entry, meta)?;
        let said = match self.ask(entry, &context).await {
            Questions::Done(said) => said,
            Questions::InputRequired(result) => return Ok((*result).into()),
            Questions::Failed(why) => {
                return Err(ErrorData::internal_error(
                    format!("the read's questions failed: {why}"),
                    None,
                ));
            }
        };
        let example = picked.or_else(|| {
            entry
                .examples
                .iter()
                .map(|(_, e)| *e)
                .find(|e| match entry.kind {
                    // A template's example says the URI it was read at.
                    Kind::Template => e.get("uri").and_then(Value::as_str) == Some(uri),
                    _ => true,
                })
        });
        let mut result = match example.and_then(|e| e.get("result")) {
            Some(result) => made::example_result::<ReadResourceResult>(result)?,
            None => made::resource_result(entry, uri, self.seed),
        };
        // What the user's declines and cancels led to, said first.
        if !said.is_empty() {
            let mime_type = entry.object.get("mimeType").and_then(Value::as_str);
            result
                .contents
                .insert(0, made::text_contents(uri, mime_type, said.join(" ")));
        }
        Ok(result.into())
    }
}

/// A request's `_meta`: where rmcp left it in the parameters, else where it moved it, the
/// request's context.
fn request_meta<'a>(
    params: Option<&'a rmcp::model::RequestMetaObject>,
    context: &'a RequestContext<RoleServer>,
) -> Option<&'a Map<String, Value>> {
    params
        .map(|m| &m.0.0)
        .filter(|m| !m.is_empty())
        .or(Some(&context.meta.0.0))
}

/// The URL the mock presents for a URL-mode declaration whose URL is left to run time: under
/// `mock.invalid`, a name reserved never to resolve (RFC 2606), with the primitive and the
/// declaration in its path.
fn generated_url(entry: &Entry, declaration: &Declaration) -> String {
    let slug = |text: &str| -> String {
        text.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' {
                    c
                } else {
                    '-'
                }
            })
            .collect()
    };
    format!(
        "https://mock.invalid/{}/{}/{}",
        entry.kind.collection(),
        slug(entry.identity),
        slug(declaration.name())
    )
}

/// The example a request's `_meta` names, when it names one; an error when it names none of the
/// primitive's examples.
fn picked_example(
    entry: &Entry,
    meta: Option<&Map<String, Value>>,
) -> Result<Option<&'static Value>, ErrorData> {
    let Some(name) = meta.and_then(|m| m.get(EXAMPLE_META)) else {
        return Ok(None);
    };
    let found = name
        .as_str()
        .and_then(|name| entry.examples.iter().find(|(n, _)| *n == name));
    match found {
        Some((_, example)) => Ok(Some(*example)),
        None => Err(ErrorData::invalid_params(
            format!(
                "`{EXAMPLE_META}` names {name}, which is not an example of the {}; its examples: {}",
                entry.kind.primitive(entry.identity),
                if entry.examples.is_empty() {
                    "none".to_owned()
                } else {
                    entry
                        .examples
                        .iter()
                        .map(|(n, _)| format!("`{n}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            ),
            None,
        )),
    }
}

/// Whether two JSON values are the same value (numbers by value: `1` and `1.0` are one).
fn same(a: &Value, b: &Value) -> bool {
    mcpdesc_format::json::exact(a) == mcpdesc_format::json::exact(b)
}

impl rmcp::ServerHandler for Mock {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(self.served.capabilities.clone())
            .with_server_info(self.served.info.clone())
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [rmcp::model::ProtocolVersion]> {
        Cow::Owned(
            self.served
                .versions
                .iter()
                .filter_map(|v| serde_json::from_value(json!(v.as_str())).ok())
                .collect(),
        )
    }

    async fn list_tools(
        &self,
        _: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let version = version_of(&self.served, &context);
        let tools = typed::<Tool>(self.served.listed(Kind::Tool, version))?;
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn list_prompts(
        &self,
        _: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let version = version_of(&self.served, &context);
        let prompts = typed::<Prompt>(self.served.listed(Kind::Prompt, version))?;
        Ok(ListPromptsResult::with_all_items(prompts))
    }

    async fn list_resources(
        &self,
        _: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let version = version_of(&self.served, &context);
        let resources = typed::<Resource>(self.served.listed(Kind::Resource, version))?;
        Ok(ListResourcesResult::with_all_items(resources))
    }

    async fn list_resource_templates(
        &self,
        _: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        let version = version_of(&self.served, &context);
        let templates = typed::<ResourceTemplate>(self.served.listed(Kind::Template, version))?;
        Ok(ListResourceTemplatesResult::with_all_items(templates))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.call(request, context).await
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        self.prompt(request, context).await
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        self.read(request, context).await
    }
}

/// Listed entries as rmcp's types; an entry rmcp cannot read is an internal error that says so.
fn typed<T: serde::de::DeserializeOwned>(listed: Vec<Value>) -> Result<Vec<T>, ErrorData> {
    listed
        .into_iter()
        .map(|value| {
            serde_json::from_value(value).map_err(|e| {
                ErrorData::internal_error(
                    format!("rmcp cannot list a primitive of the description: {e}"),
                    None,
                )
            })
        })
        .collect()
}
