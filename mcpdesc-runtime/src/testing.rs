//! A server's contract test in a few lines (feature `testing`, for `[dev-dependencies]`):
//! [`ContractTest`] calls every primitive that declares an elicitation, on every protocol version of
//! its description, over an in-memory rmcp session, answers each question three ways, and checks
//! every request against the description ([`contract::check_description`](crate::contract::check_description)).

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult,
    ElicitationAction, ErrorData, GetPromptRequestParams, Implementation,
    ReadResourceRequestParams,
};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RequestContext, RoleClient};
use rmcp::{ClientHandler, ServerHandler, ServiceExt};
use serde_json::{Map, Value};

use crate::contract::{ContractError, check_description};
use crate::diagnostics::kind::KINDS;
use crate::registry::PrimitiveName;
use crate::version::{ProtocolVersion, VersionSet};

/// How the driving client answers every question of a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Answer {
    /// `accept`, with answers made from the form that was sent ([`answers_for`]); a URL-mode
    /// question is accepted without content.
    Accept,
    /// `decline`.
    Decline,
    /// `cancel`.
    Cancel,
}

impl Answer {
    const ALL: [Answer; 3] = [Answer::Accept, Answer::Decline, Answer::Cancel];

    fn action(self) -> ElicitationAction {
        match self {
            Answer::Accept => ElicitationAction::Accept,
            Answer::Decline => ElicitationAction::Decline,
            Answer::Cancel => ElicitationAction::Cancel,
        }
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Answer::Accept => "accept",
            Answer::Decline => "decline",
            Answer::Cancel => "cancel",
        })
    }
}

/// Drives a server through every elicitation its description declares, and fails on drift.
///
/// For each protocol version of the description, each primitive with declarations that apply
/// there, and each way of answering ([`Answer`]), `run` starts a server from the closure (a
/// fresh one each time, so one call's changes do not reach the next), connects rmcp's client to
/// it in memory through [`session::StdioTransport`](crate::session::StdioTransport), and calls the primitive. A
/// tool or prompt gets the arguments given to [`arguments_on`](Self::arguments_on) for that
/// version, else to [`arguments`](Self::arguments), else its required arguments (a tool's made
/// from its `inputSchema`, a prompt's each `"example"`). A resource template is read at the URI
/// given to [`uri`](Self::uri), else its template with every variable `example`. Every
/// question the server sends is checked against the description ([`check_description`]). It
/// fails, listing every problem ([`ContractTestError`]), when
///
/// - a request matches no declaration of its primitive on that version ([`Finding::Undeclared`]);
/// - a request's `message` is not its declaration's, unless
///   [`allow_reworded`](Self::allow_reworded) says it may be ([`Finding::Reworded`]);
/// - a declaration that applies on a version was never asked there, unless it is
///   [`conditional`](Self::conditional) ([`Finding::NeverAsked`]);
/// - a call whose questions were all accepted, with answers its own forms allow, ends in an
///   error, or asks the same question again ([`Finding::Refused`]);
/// - the server does not answer a call within the [`timeout`](Self::timeout), or a session
///   cannot be opened ([`Finding::Session`]);
/// - a setting names a primitive, declaration or version the contract test never calls, so it would
///   change nothing ([`Finding::Unused`]).
///
/// ```no_run
/// # async fn example() -> Result<(), mcpdesc_runtime::testing::ContractTestError> {
/// # #[derive(Clone)] struct Server;
/// # impl rmcp::ServerHandler for Server {}
/// # fn description() -> serde_json::Value { serde_json::Value::Null }
/// use mcpdesc_runtime::testing::ContractTest;
/// use mcpdesc_runtime::session::{Policy, AskingServer};
///
/// let report = ContractTest::new(&description(), || AskingServer::new(Server, Policy::development()))
///     .arguments("close_issue", serde_json::json!({"issue": 1}))
///     .run()
///     .await?;
/// println!("{report}");
/// # Ok(())
/// # }
/// ```
pub struct ContractTest<F> {
    document: Value,
    server: F,
    arguments: BTreeMap<String, Value>,
    /// Arguments for one version, before `arguments`.
    arguments_on: BTreeMap<(ProtocolVersion, String), Value>,
    uris: BTreeMap<String, String>,
    reworded: Vec<(String, String)>,
    conditional: Vec<(String, String)>,
    timeout: Duration,
}

impl<F> fmt::Debug for ContractTest<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ContractTest")
            .field("arguments", &self.arguments)
            .field("arguments_on", &self.arguments_on)
            .field("uris", &self.uris)
            .field("reworded", &self.reworded)
            .field("conditional", &self.conditional)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

/// A primitive to call: its kind's collection, its identity, and the declarations of it that
/// apply, by version.
struct Target {
    kind: &'static str,
    identity: String,
    /// The primitive's own description entry.
    entry: Value,
    /// Each declaration's name and effective scope.
    declarations: Vec<(String, VersionSet)>,
}

impl<F, H> ContractTest<F>
where
    F: Fn() -> H,
    H: ServerHandler,
{
    /// A contract test of the servers `server` makes against `description` (the document, as built
    /// or read).
    pub fn new(description: &Value, server: F) -> Self {
        ContractTest {
            document: description.clone(),
            server,
            arguments: BTreeMap::new(),
            arguments_on: BTreeMap::new(),
            uris: BTreeMap::new(),
            reworded: Vec::new(),
            conditional: Vec::new(),
            timeout: Duration::from_secs(30),
        }
    }

    /// Calls the tool or prompt `primitive` with `arguments` (a JSON object), instead of the
    /// required arguments made from its schema: for arguments the server must recognize, such
    /// as the number of an issue that exists.
    #[must_use]
    pub fn arguments(mut self, primitive: &str, arguments: Value) -> Self {
        self.arguments.insert(primitive.to_owned(), arguments);
        self
    }

    /// Calls the tool or prompt `primitive` with `arguments` on `version` only, in place of
    /// what [`arguments`](Self::arguments) gives it there: for a primitive whose arguments
    /// differ between versions, as when the description has an entry of it for each.
    #[must_use]
    pub fn arguments_on(
        mut self,
        version: ProtocolVersion,
        primitive: &str,
        arguments: Value,
    ) -> Self {
        self.arguments_on
            .insert((version, primitive.to_owned()), arguments);
        self
    }

    /// The arguments given for `primitive` on `version`, if any.
    fn arguments_for(&self, version: ProtocolVersion, primitive: &str) -> Option<Value> {
        self.arguments_on
            .get(&(version, primitive.to_owned()))
            .or_else(|| self.arguments.get(primitive))
            .cloned()
    }

    /// Reads the resource template `template` at `uri`.
    #[must_use]
    pub fn uri(mut self, template: &str, uri: &str) -> Self {
        self.uris.insert(template.to_owned(), uri.to_owned());
        self
    }

    /// Lets the declaration `declaration` of `primitive` be sent with other wording (§12.2
    /// allows representative wording; by default a changed message is drift).
    #[must_use]
    pub fn allow_reworded(mut self, primitive: &str, declaration: &str) -> Self {
        self.reworded
            .push((primitive.to_owned(), declaration.to_owned()));
        self
    }

    /// Says the declaration `declaration` of `primitive` is asked only in circumstances the
    /// contract test does not make: it is not drift when it goes unasked.
    #[must_use]
    pub fn conditional(mut self, primitive: &str, declaration: &str) -> Self {
        self.conditional
            .push((primitive.to_owned(), declaration.to_owned()));
        self
    }

    /// How long one call may take, its questions and answers included (30 seconds unless
    /// set).
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Drives every declaring primitive on every version of the description, each answer in
    /// turn.
    ///
    /// # Errors
    ///
    /// [`ContractTestError`] with every [`Finding`] found, and the report of what was driven.
    pub async fn run(self) -> Result<Report, ContractTestError>
    where
        H: Send + 'static,
    {
        let mut report = Report { calls: Vec::new() };
        let mut drifts = Vec::new();
        let (root_scope, _) = crate::diagnostics::root_scope_of(&self.document);
        if root_scope.is_empty() {
            drifts.push(Finding::Session {
                version: None,
                primitive: String::new(),
                message: "the description has no protocol version it can be driven on".to_owned(),
            });
        }
        let targets = targets(&self.document, root_scope);
        drifts.extend(self.unused(&targets, root_scope));
        for version in root_scope.iter() {
            for target in &targets {
                let applies: Vec<&str> = target
                    .declarations
                    .iter()
                    .filter(|(_, scope)| scope.contains(version))
                    .map(|(name, _)| name.as_str())
                    .collect();
                if applies.is_empty() {
                    continue;
                }
                let mut asked_here: Vec<String> = Vec::new();
                for answer in Answer::ALL {
                    let call = self.call(version, target, answer, &mut drifts).await;
                    asked_here.extend(call.asked.iter().cloned());
                    report.calls.push(call);
                }
                for name in applies {
                    let excused = self
                        .conditional
                        .iter()
                        .any(|(p, d)| *p == target.identity && d == name);
                    if !excused && !asked_here.iter().any(|a| a == name) {
                        drifts.push(Finding::NeverAsked {
                            version,
                            primitive: target.identity.clone(),
                            declaration: name.to_owned(),
                        });
                    }
                }
            }
        }
        if drifts.is_empty() {
            Ok(report)
        } else {
            Err(ContractTestError { drifts, report })
        }
    }

    /// Each setting that names nothing the contract test calls: a primitive without declarations (or
    /// not in the description, or misspelt), one whose declarations do not apply on the
    /// version named, a declaration it does not have, a version the description does not
    /// list. Left alone, such a setting would change nothing.
    fn unused(&self, targets: &[Target], root_scope: VersionSet) -> Vec<Finding> {
        // Whether a target of `kinds` named `primitive` is `such`.
        let has = |kinds: &[&str], primitive: &str, such: &dyn Fn(&Target) -> bool| {
            targets
                .iter()
                .any(|t| kinds.contains(&t.kind) && t.identity == primitive && such(t))
        };
        let any = |_: &Target| true;
        let nothing_named = |what: &str| {
            format!(
                "no {what} of the description by that name declares an elicitation (is the name misspelt?)"
            )
        };
        const WITH_ARGUMENTS: &[&str] = &["tools", "prompts"];
        const READ: &[&str] = &["resources", "resourceTemplates"];
        let mut unused = Vec::new();
        let mut push =
            |setting: String, reason: String| unused.push(Finding::Unused { setting, reason });
        for primitive in self.arguments.keys() {
            if !has(WITH_ARGUMENTS, primitive, &any) {
                push(
                    format!(".arguments({primitive:?}, ..)"),
                    nothing_named("tool or prompt"),
                );
            }
        }
        for (version, primitive) in self.arguments_on.keys() {
            let setting = format!(".arguments_on(ProtocolVersion::{version:?}, {primitive:?}, ..)");
            let applies_on = |t: &Target| t.declarations.iter().any(|(_, s)| s.contains(*version));
            if !root_scope.contains(*version) {
                push(setting, format!("the description does not list {version}"));
            } else if !has(WITH_ARGUMENTS, primitive, &any) {
                push(setting, nothing_named("tool or prompt"));
            } else if !has(WITH_ARGUMENTS, primitive, &applies_on) {
                push(
                    setting,
                    format!(
                        "no declaration of `{primitive}` applies on {version}, so it is not called there"
                    ),
                );
            }
        }
        for template in self.uris.keys() {
            if !has(READ, template, &any) {
                push(
                    format!(".uri({template:?}, ..)"),
                    nothing_named("resource or resource template"),
                );
            }
        }
        for (setting, given) in [
            ("allow_reworded", &self.reworded),
            ("conditional", &self.conditional),
        ] {
            for (primitive, declaration) in given {
                let mut of_primitive = targets.iter().filter(|t| t.identity == *primitive);
                let reason = if of_primitive.clone().next().is_none() {
                    nothing_named("primitive")
                } else if !of_primitive
                    .any(|t| t.declarations.iter().any(|(d, _)| d == declaration))
                {
                    format!("`{primitive}` declares no `{declaration}` (is the name misspelt?)")
                } else {
                    continue;
                };
                push(
                    format!(".{setting}({primitive:?}, {declaration:?})"),
                    reason,
                );
            }
        }
        unused
    }

    /// One call of `target` on `version`, every question answered with `answer`.
    async fn call(
        &self,
        version: ProtocolVersion,
        target: &Target,
        answer: Answer,
        drifts: &mut Vec<Finding>,
    ) -> Call
    where
        H: Send + 'static,
    {
        let mut call = Call {
            version,
            primitive: target.identity.clone(),
            answer,
            asked: Vec::new(),
            outcome: String::new(),
        };
        let seen = Arc::new(Mutex::new(Vec::new()));
        let session = |message: String| Finding::Session {
            version: Some(version),
            primitive: target.identity.clone(),
            message,
        };
        let client = match drive_session(version, (self.server)(), answer, Arc::clone(&seen)).await
        {
            Ok(client) => client,
            Err(message) => {
                drifts.push(session(message));
                return call;
            }
        };
        let sent = match target.kind {
            "tools" => {
                let arguments = self
                    .arguments_for(version, &target.identity)
                    .unwrap_or_else(|| required_arguments(target.entry.get("inputSchema")));
                let mut params = CallToolRequestParams::new(target.identity.clone());
                if let Value::Object(arguments) = arguments {
                    params = params.with_arguments(arguments);
                }
                tokio::time::timeout(self.timeout, client.call_tool(params))
                    .await
                    .map(|r| {
                        r.map(|result| match result.is_error {
                            Some(true) => format!("tool error: {}", texts(&result.content)),
                            _ => texts(&result.content),
                        })
                    })
            }
            "prompts" => {
                let arguments = self
                    .arguments_for(version, &target.identity)
                    .unwrap_or_else(|| prompt_arguments(&target.entry));
                let mut params = GetPromptRequestParams::new(target.identity.clone());
                if let Value::Object(arguments) = arguments {
                    params = params.with_arguments(arguments);
                }
                tokio::time::timeout(self.timeout, client.get_prompt(params))
                    .await
                    .map(|r| r.map(|result| format!("{} messages", result.messages.len())))
            }
            _ => {
                let uri = self
                    .uris
                    .get(&target.identity)
                    .cloned()
                    .unwrap_or_else(|| example_uri(&target.identity));
                tokio::time::timeout(
                    self.timeout,
                    client.read_resource(ReadResourceRequestParams::new(uri)),
                )
                .await
                .map(|r| r.map(|result| format!("{} contents", result.contents.len())))
            }
        };
        let _ = client.cancel().await;
        let seen: Vec<Value> = seen.lock().map(|s| s.clone()).unwrap_or_default();
        let primitive = primitive_name(target.kind, &target.identity);
        let mut previous: Option<String> = None;
        for params in &seen {
            match check_description(&self.document, primitive, version, params) {
                Ok(matched) => {
                    let name = matched.name().to_owned();
                    let allowed = self
                        .reworded
                        .iter()
                        .any(|(p, d)| *p == target.identity && *d == name);
                    if matched.wording_differs() && !allowed {
                        drifts.push(Finding::Reworded {
                            version,
                            primitive: target.identity.clone(),
                            declaration: name.clone(),
                            sent: params
                                .get("message")
                                .and_then(Value::as_str)
                                .unwrap_or_default()
                                .to_owned(),
                        });
                    }
                    if answer == Answer::Accept && previous.as_deref() == Some(name.as_str()) {
                        drifts.push(Finding::Refused {
                            version,
                            primitive: target.identity.clone(),
                            message: format!(
                                "`{name}` was asked again after an answer made from its own form"
                            ),
                        });
                    }
                    previous = Some(name.clone());
                    call.asked.push(name);
                }
                Err(error) => drifts.push(Finding::Undeclared {
                    version,
                    primitive: target.identity.clone(),
                    answer,
                    error,
                }),
            }
        }
        call.outcome = match sent {
            Ok(Ok(outcome)) => outcome,
            Ok(Err(error)) => {
                let message = error.to_string();
                if answer == Answer::Accept {
                    drifts.push(Finding::Refused {
                        version,
                        primitive: target.identity.clone(),
                        message: format!("the call failed: {message}"),
                    });
                }
                format!("error: {message}")
            }
            Err(_) => {
                drifts.push(session(format!(
                    "the server did not answer within {:?}",
                    self.timeout
                )));
                "no answer".to_owned()
            }
        };
        call
    }
}

/// Every primitive of the document with declarations: its kind, identity, entry and the
/// declarations' effective scopes, read as the contract check reads them.
fn targets(document: &Value, root_scope: VersionSet) -> Vec<Target> {
    let mut out: Vec<Target> = Vec::new();
    for kind in KINDS {
        for d in crate::contract::declarations_in(document, kind, root_scope, None) {
            let Some(name) = d.declaration.get("name").and_then(Value::as_str) else {
                continue;
            };
            let declared = (name.to_owned(), d.scope);
            match out
                .iter_mut()
                .find(|t| t.kind == kind.collection && t.identity == d.identity)
            {
                Some(target) => target.declarations.push(declared),
                None => out.push(Target {
                    kind: kind.collection,
                    identity: d.identity.to_owned(),
                    entry: d.entry.clone(),
                    declarations: vec![declared],
                }),
            }
        }
    }
    out
}

fn primitive_name<'a>(kind: &str, identity: &'a str) -> PrimitiveName<'a> {
    match kind {
        "tools" => PrimitiveName::Tool(identity),
        "prompts" => PrimitiveName::Prompt(identity),
        "resources" => PrimitiveName::Resource(identity),
        _ => PrimitiveName::ResourceTemplate(identity),
    }
}

/// The text of a result's text blocks, joined.
fn texts(content: &[rmcp::model::ContentBlock]) -> String {
    serde_json::to_value(content)
        .ok()
        .and_then(|v| {
            v.as_array().map(|blocks| {
                blocks
                    .iter()
                    .filter_map(|b| b.get("text").and_then(Value::as_str))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
        })
        .unwrap_or_default()
}

/// The required properties of a tool's `inputSchema`, each with a value made from its schema.
fn required_arguments(schema: Option<&Value>) -> Value {
    let Some(schema) = schema else {
        return Value::Object(Map::new());
    };
    let properties = schema.get("properties").and_then(Value::as_object);
    let mut out = Map::new();
    for name in schema
        .get("required")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter_map(Value::as_str)
    {
        let property = properties.and_then(|p| p.get(name)).unwrap_or(&Value::Null);
        out.insert(name.to_owned(), value_for(property));
    }
    Value::Object(out)
}

/// A prompt's required arguments, each `"example"`.
fn prompt_arguments(entry: &Value) -> Value {
    let mut out = Map::new();
    for argument in entry
        .get("arguments")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
    {
        if argument.get("required") == Some(&Value::Bool(true))
            && let Some(name) = argument.get("name").and_then(Value::as_str)
        {
            out.insert(name.to_owned(), Value::from("example"));
        }
    }
    Value::Object(out)
}

/// A URI template with each expression replaced by `example`.
fn example_uri(template: &str) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(rest.get(..open).unwrap_or_default());
        let Some(close) = rest.get(open..).and_then(|r| r.find('}')) else {
            break;
        };
        out.push_str("example");
        rest = rest.get(open + close + 1..).unwrap_or_default();
    }
    out.push_str(rest);
    out
}

/// Answers an elicitation `requestedSchema` allows: every property, each its default when it
/// has one, else its first choice, else a value its type, format and bounds allow (`true`; the
/// minimum, else the maximum, else 1; `x` repeated to the minimum length; an example address,
/// URI, date or date-time).
pub fn answers_for(requested_schema: &Value) -> Map<String, Value> {
    requested_schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|properties| {
            properties
                .iter()
                .map(|(name, property)| (name.clone(), value_for(property)))
                .collect()
        })
        .unwrap_or_default()
}

/// A value `property` allows.
fn value_for(property: &Value) -> Value {
    if let Some(default) = property.get("default") {
        return default.clone();
    }
    let first_choice = |schema: &Value| -> Option<Value> {
        if let Some(first) = schema.get("enum").and_then(Value::as_array)?.first() {
            return Some(first.clone());
        }
        None
    };
    let first_const = |schema: &Value, key: &str| -> Option<Value> {
        schema
            .get(key)
            .and_then(Value::as_array)?
            .first()?
            .get("const")
            .cloned()
    };
    let choice = first_choice(property)
        .or_else(|| first_const(property, "oneOf"))
        .or_else(|| first_const(property, "anyOf"));
    if let Some(choice) = choice {
        return choice;
    }
    let number = |key: &str| property.get(key).filter(|v| v.is_number()).cloned();
    match property.get("type").and_then(Value::as_str) {
        Some("boolean") => Value::Bool(true),
        Some("integer" | "number") => number("minimum")
            .or_else(|| number("maximum"))
            .unwrap_or_else(|| Value::from(1)),
        Some("array") => {
            let items = property.get("items").unwrap_or(&Value::Null);
            let choices: Vec<Value> = items
                .get("enum")
                .and_then(Value::as_array)
                .cloned()
                .or_else(|| {
                    items
                        .get("anyOf")
                        .and_then(Value::as_array)
                        .map(|c| c.iter().filter_map(|c| c.get("const").cloned()).collect())
                })
                .unwrap_or_default();
            let count = property
                .get("minItems")
                .and_then(Value::as_u64)
                .unwrap_or(1)
                .max(1);
            Value::Array(
                choices
                    .into_iter()
                    .take(usize::try_from(count).unwrap_or(1))
                    .collect(),
            )
        }
        _ => {
            let text = match property.get("format").and_then(Value::as_str) {
                Some("email") => "someone@example.com".to_owned(),
                Some("uri") => "https://example.com/".to_owned(),
                Some("date") => "2026-01-01".to_owned(),
                Some("date-time") => "2026-01-01T00:00:00Z".to_owned(),
                _ => {
                    let min = property
                        .get("minLength")
                        .and_then(Value::as_u64)
                        .unwrap_or(1)
                        .max(1);
                    "x".repeat(usize::try_from(min).unwrap_or(1))
                }
            };
            Value::String(text)
        }
    }
}

/// The client of one call: declares every elicitation mode, and answers each question with
/// `answer`.
struct Answerer {
    version: ProtocolVersion,
    answer: Answer,
}

impl ClientHandler for Answerer {
    fn get_info(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation =
            serde_json::from_value(serde_json::json!({"form": {}, "url": {}})).ok();
        let version = serde_json::from_value(Value::from(self.version.as_str()))
            .unwrap_or(rmcp::model::ProtocolVersion::LATEST);
        ClientConfig::new(
            capabilities,
            Implementation::new("mcpdesc-contract-drive", "1"),
        )
        .with_protocol_version(version)
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let params = serde_json::to_value(&request).unwrap_or_default();
        let mut result = ElicitResult::new(self.answer.action());
        if self.answer == Answer::Accept
            && let Some(schema) = params.get("requestedSchema")
        {
            result = result.with_content(Value::Object(answers_for(schema)));
        }
        Ok(result)
    }
}

/// rmcp's client on `version`, connected in memory to `server` served through our `StdioTransport`,
/// with every elicitation request the server writes recorded in `seen` as it is on the wire
/// (rmcp's client reads requests into its own types, which write members back that were not
/// sent).
async fn drive_session<H: ServerHandler + Send + 'static>(
    version: ProtocolVersion,
    server: H,
    answer: Answer,
    seen: Arc<Mutex<Vec<Value>>>,
) -> Result<rmcp::service::RunningService<RoleClient, Answerer>, String> {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};

    let (server_io, tap_server) = tokio::io::duplex(1 << 20);
    let (tap_client, client_io) = tokio::io::duplex(1 << 20);
    let (read, write) = tokio::io::split(server_io);
    tokio::spawn(async move {
        if let Ok(running) = server
            .serve(crate::session::StdioTransport::new(read, write))
            .await
        {
            let _ = running.waiting().await;
        }
    });
    let (from_server, mut to_server) = tokio::io::split(tap_server);
    let (mut from_client, mut to_client) = tokio::io::split(tap_client);
    tokio::spawn(async move {
        let _ = tokio::io::copy(&mut from_client, &mut to_server).await;
    });
    tokio::spawn(async move {
        let mut lines = tokio::io::BufReader::new(from_server).lines();
        while let Ok(Some(line)) = lines.next_line().await {
            if let Ok(message) = serde_json::from_str::<Value>(&line)
                && let Ok(mut seen) = seen.lock()
            {
                seen.extend(crate::contract::requests_in(&message));
            }
            let written = to_client.write_all(line.as_bytes()).await;
            if written.is_err() || to_client.write_all(b"\n").await.is_err() {
                break;
            }
        }
    });
    connect(Answerer { version, answer }, version, client_io).await
}

/// Connects rmcp's `client` on `version` to the server at the other end of `transport`: by
/// discovery on a version without `initialize` (MCP 2026-07-28, whose capabilities come with
/// each request), else by the handshake. The client's `get_info` names the version it speaks.
///
/// # Errors
///
/// What went wrong, when rmcp does not know the version or the session cannot be opened.
pub async fn connect<C, T, E, A>(
    client: C,
    version: ProtocolVersion,
    transport: T,
) -> Result<rmcp::service::RunningService<RoleClient, C>, String>
where
    C: ClientHandler,
    T: rmcp::transport::IntoTransport<RoleClient, E, A>,
    E: std::error::Error + Send + Sync + 'static,
{
    let connected = if crate::version::Fact::Discovery.versions().contains(version) {
        let preferred = serde_json::from_value(Value::from(version.as_str()))
            .map_err(|e| format!("rmcp does not know {version}: {e}"))?;
        client
            .serve_with_lifecycle(
                transport,
                ClientLifecycleMode::Discover {
                    preferred_versions: vec![preferred],
                },
            )
            .await
    } else {
        client.serve(transport).await
    };
    connected.map_err(|e| format!("cannot connect on {version}: {e}"))
}

/// One call of a contract test.
#[derive(Clone, Debug)]
pub struct Call {
    /// The version of the session.
    pub version: ProtocolVersion,
    /// The primitive called: a tool's or prompt's name, a resource template's URI template.
    pub primitive: String,
    /// How every question was answered.
    pub answer: Answer,
    /// The declarations asked, in order.
    pub asked: Vec<String>,
    /// What the call returned, in short.
    pub outcome: String,
}

/// What a contract test did: every call, its questions and how it ended.
#[derive(Clone, Debug)]
pub struct Report {
    calls: Vec<Call>,
}

impl Report {
    /// Every call, in the order made.
    pub fn calls(&self) -> &[Call] {
        &self.calls
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for call in &self.calls {
            writeln!(
                f,
                "{} {} {}: asked [{}]; {}",
                call.version,
                call.primitive,
                call.answer,
                call.asked.join(", "),
                call.outcome
            )?;
        }
        Ok(())
    }
}

/// A way a running server differs from its description.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Finding {
    /// A request matched no declaration of its primitive on its version.
    Undeclared {
        /// The session's version.
        version: ProtocolVersion,
        /// The primitive called.
        primitive: String,
        /// How questions were answered in that call.
        answer: Answer,
        /// Where the request differs from each declaration.
        error: ContractError,
    },
    /// A request's `message` is not its declaration's.
    Reworded {
        /// The session's version.
        version: ProtocolVersion,
        /// The primitive called.
        primitive: String,
        /// The declaration it matched otherwise.
        declaration: String,
        /// The message sent.
        sent: String,
    },
    /// A declaration that applies on a version was never asked there.
    NeverAsked {
        /// The version.
        version: ProtocolVersion,
        /// The primitive.
        primitive: String,
        /// The declaration.
        declaration: String,
    },
    /// Answers made from the server's own forms were refused: the call failed, or asked again.
    Refused {
        /// The session's version.
        version: ProtocolVersion,
        /// The primitive called.
        primitive: String,
        /// What happened.
        message: String,
    },
    /// A setting of the contract test names nothing it calls: a primitive the description does not
    /// have or gives no declarations, a declaration its primitive does not have, or a version
    /// the description does not list. It would change nothing, so it is reported rather than
    /// ignored (most often a misspelt name).
    Unused {
        /// The setting, as written in the contract test's code.
        setting: String,
        /// Why it names nothing.
        reason: String,
    },
    /// A session could not be opened, or a call was not answered in time.
    Session {
        /// The session's version, when there was one.
        version: Option<ProtocolVersion>,
        /// The primitive called.
        primitive: String,
        /// What happened.
        message: String,
    },
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::Undeclared {
                version,
                primitive,
                answer,
                error,
            } => write!(
                f,
                "{version} {primitive} ({answer}): a request no declaration documents: {error}"
            ),
            Finding::Reworded {
                version,
                primitive,
                declaration,
                sent,
            } => write!(
                f,
                "{version} {primitive}: `{declaration}` was sent with the message {sent:?}, not its declaration's; update the description, or allow it with `.allow_reworded({primitive:?}, {declaration:?})`"
            ),
            Finding::NeverAsked {
                version,
                primitive,
                declaration,
            } => write!(
                f,
                "{version} {primitive}: `{declaration}` was never asked. If the code no longer asks it, remove its `#[elicitation]` (or its entry in the description); if it asks only for some arguments, give such arguments (`.arguments(..)`, `.uri(..)`); only if no arguments make it ask every time, say so with `.conditional({primitive:?}, {declaration:?})`"
            ),
            Finding::Refused {
                version,
                primitive,
                message,
            } => write!(
                f,
                "{version} {primitive}: {message}; the server refuses answers its description allows"
            ),
            Finding::Unused { setting, reason } => {
                write!(f, "`{setting}` changes nothing: {reason}")
            }
            Finding::Session {
                version,
                primitive,
                message,
            } => match version {
                Some(version) => write!(f, "{version} {primitive}: {message}"),
                None => f.write_str(message),
            },
        }
    }
}

/// A contract test that found drift: every [`Finding`], and the report of what was called.
pub struct ContractTestError {
    drifts: Vec<Finding>,
    report: Report,
}

impl ContractTestError {
    /// Every way the server differs from its description.
    pub fn findings(&self) -> &[Finding] {
        &self.drifts
    }

    /// What was driven.
    pub fn report(&self) -> &Report {
        &self.report
    }
}

impl fmt::Display for ContractTestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "the server differs from its description in {} way(s):",
            self.drifts.len()
        )?;
        for drift in &self.drifts {
            writeln!(f, "- {drift}")?;
        }
        Ok(())
    }
}

/// As [`Display`](fmt::Display): a test's `unwrap` or `?` prints what drifted, not the structure.
impl fmt::Debug for ContractTestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for ContractTestError {}

#[cfg(test)]
mod tests {
    use super::{answers_for, example_uri, required_arguments};
    use serde_json::json;

    #[test]
    fn answers_are_made_from_the_form() {
        let schema = json!({"type": "object", "properties": {
            "confirm": {"type": "boolean"},
            "who": {"type": "string", "enum": ["a", "b"]},
            "kind": {"type": "string", "oneOf": [{"const": "x", "title": "X"}]},
            "labels": {"type": "array", "minItems": 2, "items": {"type": "string", "enum": ["p", "q", "r"]}},
            "points": {"type": "integer", "minimum": 3},
            "title": {"type": "string", "minLength": 4},
            "due": {"type": "string", "format": "date"},
            "notify": {"type": "boolean", "default": false},
        }});
        assert_eq!(
            serde_json::Value::Object(answers_for(&schema)),
            json!({"confirm": true, "who": "a", "kind": "x", "labels": ["p", "q"], "points": 3,
                   "title": "xxxx", "due": "2026-01-01", "notify": false})
        );
    }

    #[test]
    fn arguments_and_uris_are_made_from_their_schemas() {
        let schema = json!({"type": "object", "required": ["title", "issue"], "properties": {
            "title": {"type": "string"}, "issue": {"type": "integer", "minimum": 0},
            "body": {"type": "string"}}});
        assert_eq!(
            required_arguments(Some(&schema)),
            json!({"title": "x", "issue": 0})
        );
        assert_eq!(example_uri("a://{b}/c{?d}"), "a://example/cexample");
    }
}
