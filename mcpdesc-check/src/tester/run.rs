//! The engine: every version, the listing, then each tool's inputs in phases, each resource and
//! prompt, every question answered three ways; each exchange judged by the checks.

use std::collections::BTreeMap;
use std::time::Duration;

use mcpdesc_format::ProtocolVersion;
use mcpdesc_format::diagnostics::toolbox::{Cx, root_scope_of, scope_within_at};
use mcpdesc_format::primitive::PrimitiveName;
use mcpdesc_format::version::Fact;
use mcpdesc_runtime::contract;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use rmcp::model::{CallToolRequestParams, GetPromptRequestParams, ReadResourceRequestParams};
use serde_json::{Map, Value};

use super::check::{Check, Level};
use super::report::{Call, Finding, Kind, Phase, Report, VersionSummary};
use super::session::{Answer, Chosen, Message, NotOpened, Session};
use super::{Server, as_written, listing_of};
use crate::inputs::ToolInputs;
use crate::listing::compare;

/// How many shrinking steps (each a call) one failure may take.
const SHRINK_STEPS: usize = 64;

/// A run of `mcpdesc test`: the description, and how hard to try. Build one with
/// [`Test::new`], set what differs from the defaults, and [`run`](Test::run) it against a
/// server.
///
/// ```no_run
/// # async fn run() {
/// use std::time::Duration;
/// use mcpdesc_check::tester::{Check, Level, Server, Test};
///
/// let description = mcpdesc_check::yaml::from_str(
///     &std::fs::read_to_string("notes.mcpdesc.yaml").unwrap(),
/// )
/// .unwrap();
/// let report = Test::new(&description)
///     .cases(50)
///     .seed(7)
///     .timeout(Duration::from_secs(5))
///     .skip_destructive()
///     .level(Check::InvalidInputAccepted, Level::Warning)
///     .run(&Server::command("python3").arg("notes.py"))
///     .await;
/// assert!(report.passed(), "{report}");
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct Test {
    description: Value,
    cases: u32,
    seed: u64,
    timeout: Duration,
    skip: Vec<String>,
    skip_destructive: bool,
    levels: BTreeMap<Check, Level>,
    arguments: BTreeMap<String, Value>,
    arguments_on: BTreeMap<(ProtocolVersion, String), Value>,
    uris: BTreeMap<String, Vec<String>>,
    reworded: Vec<(String, String)>,
    conditional: Vec<(String, String)>,
    answers: Vec<(String, String, Map<String, Value>)>,
}

/// What one exchange came to.
#[derive(Clone, Debug)]
pub(crate) enum Outcome {
    /// The result, as the server wrote it.
    Result(Value),
    /// A JSON-RPC error.
    Error { code: i64, message: String },
    /// The connection closed, or the call could not be sent or read.
    Closed(String),
    /// Nothing within the time limit.
    NoAnswer,
}

/// One exchange: what it came to, every message of it, and the questions the server asked.
pub(crate) struct Exchanged {
    pub(crate) outcome: Outcome,
    pub(crate) messages: Vec<Message>,
    pub(crate) asked: Vec<Value>,
}

/// One tool on one version, as the engine calls it.
struct ToolUnder<'d> {
    name: &'d str,
    inputs: Option<ToolInputs>,
    output: Option<ToolInputs>,
    declares: bool,
}

impl Test {
    /// A test of a server against `description` (as [`yaml::from_str`](crate::yaml::from_str)
    /// or `serde_json` reads it, or as a server builds it): 20 generated valid and 20 invalid
    /// inputs per tool and version, a random seed, 10 seconds per call, every tool called,
    /// each check at its [`default_level`](Check::default_level).
    pub fn new(description: &Value) -> Self {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64 ^ u64::from(std::process::id()));
        Test {
            description: description.clone(),
            cases: 20,
            seed,
            timeout: Duration::from_secs(10),
            skip: Vec::new(),
            skip_destructive: false,
            levels: BTreeMap::new(),
            arguments: BTreeMap::new(),
            arguments_on: BTreeMap::new(),
            uris: BTreeMap::new(),
            reworded: Vec::new(),
            conditional: Vec::new(),
            answers: Vec::new(),
        }
    }

    /// How many generated valid inputs, and as many invalid ones, each tool gets on each
    /// version, after its examples and boundary cases.
    #[must_use]
    pub fn cases(mut self, cases: u32) -> Self {
        self.cases = cases;
        self
    }

    /// The seed of the generated inputs: the same seed, description and server give the same
    /// calls.
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The seed in use (random unless [`seed`](Self::seed) set it).
    pub fn seed_in_use(&self) -> u64 {
        self.seed
    }

    /// How long one call may take, its questions included, and the handshake and each list.
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Does not call the tool `name`; its listing is still compared.
    #[must_use]
    pub fn skip(mut self, name: impl Into<String>) -> Self {
        self.skip.push(name.into());
        self
    }

    /// Does not call a tool whose description says it is destructive
    /// (`annotations.destructiveHint: true`), nor one that leaves it unsaid and is not read-only
    /// (MCP's default for both is destructive).
    #[must_use]
    pub fn skip_destructive(mut self) -> Self {
        self.skip_destructive = true;
        self
    }

    /// How the findings of `check` count.
    #[must_use]
    pub fn level(mut self, check: Check, level: Level) -> Self {
        self.levels.insert(check, level);
        self
    }

    /// Calls the tool or prompt `primitive` with `arguments` (a JSON object) first, before
    /// what the description and the schema give: arguments the server must recognize, such as
    /// the number of an issue that exists. Its questions are answered all three ways with them.
    #[must_use]
    pub fn arguments(mut self, primitive: &str, arguments: Value) -> Self {
        self.arguments.insert(primitive.to_owned(), arguments);
        self
    }

    /// [`arguments`](Self::arguments) for `version` only, in place of those given for every
    /// version.
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

    /// Reads the resource template `template` at `uri` first, before the URIs the tester
    /// expands it to.
    #[must_use]
    pub fn uri(mut self, template: &str, uri: &str) -> Self {
        self.uris
            .entry(template.to_owned())
            .or_default()
            .push(uri.to_owned());
        self
    }

    /// Lets the question `declaration` of `primitive` be asked in other words than declared
    /// (§12.2 allows representative wording; by default other wording is drift).
    #[must_use]
    pub fn allow_reworded(mut self, primitive: &str, declaration: &str) -> Self {
        self.reworded
            .push((primitive.to_owned(), declaration.to_owned()));
        self
    }

    /// Says the question `declaration` of `primitive` is asked only in circumstances the
    /// tester does not make (a branch taken on a later choice): not asked, it is not a
    /// `never-asked` finding.
    #[must_use]
    pub fn conditional(mut self, primitive: &str, declaration: &str) -> Self {
        self.conditional
            .push((primitive.to_owned(), declaration.to_owned()));
        self
    }

    /// Accepts the question `declaration` of `primitive` with `content` (a JSON object its form
    /// allows), where the tester would make answers from the form: for a branch the server
    /// takes only on one answer (a later question asked only after a particular choice). Decline
    /// and cancel are still tried.
    #[must_use]
    pub fn answer(mut self, primitive: &str, declaration: &str, content: Value) -> Self {
        let content = match content {
            Value::Object(content) => content,
            // Not an object: kept so that the run says it cannot be an answer.
            other => Map::from_iter([(String::new(), other)]),
        };
        self.answers
            .push((primitive.to_owned(), declaration.to_owned(), content));
        self
    }

    /// The arguments given for `primitive` on `version`, if any.
    fn arguments_for(&self, version: ProtocolVersion, primitive: &str) -> Option<Value> {
        self.arguments_on
            .get(&(version, primitive.to_owned()))
            .or_else(|| self.arguments.get(primitive))
            .cloned()
    }

    /// Each setting that names nothing the description has: left alone it would change
    /// nothing, so the run is not made.
    fn unused_settings(&self, scope: mcpdesc_format::VersionSet) -> Vec<String> {
        let named = |collection: &str, identity: &str, wanted: &str| {
            self.description
                .get(collection)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .any(|e| e.get(identity).and_then(Value::as_str) == Some(wanted))
        };
        let callable = |p: &str| named("tools", "name", p) || named("prompts", "name", p);
        let declared = |p: &str, d: &str| self.declaration(p, d).is_some();
        let mut out = Vec::new();
        for primitive in self.arguments.keys() {
            if !callable(primitive) {
                out.push(format!(
                    ".arguments({primitive:?}, ..): the description has no tool or prompt by that name"
                ));
            }
        }
        // MCP carries arguments as an object: anything else could not be sent.
        let given = self
            .arguments
            .iter()
            .chain(self.arguments_on.iter().map(|((_, p), a)| (p, a)));
        for (primitive, arguments) in given {
            if !arguments.is_object() {
                out.push(format!(
                    "arguments for {primitive:?}: {arguments} is not a JSON object, and MCP sends arguments as one"
                ));
            }
        }
        for (version, primitive) in self.arguments_on.keys() {
            if !scope.contains(*version) {
                out.push(format!(
                    ".arguments_on({version}, {primitive:?}, ..): the description does not list {version}"
                ));
            } else if !callable(primitive) {
                out.push(format!(
                    ".arguments_on({version}, {primitive:?}, ..): the description has no tool or prompt by that name"
                ));
            }
        }
        for template in self.uris.keys() {
            if !named("resourceTemplates", "uriTemplate", template) {
                out.push(format!(
                    ".uri({template:?}, ..): the description has no resource template by that URI template"
                ));
            }
        }
        for (primitive, declaration, content) in &self.answers {
            let setting = format!(".answer({primitive:?}, {declaration:?}, ..)");
            match self.declared_form(primitive, declaration) {
                None => out.push(format!(
                    "{setting}: `{primitive}` declares no form-mode `{declaration}` (is a name misspelt?)"
                )),
                Some(form) => {
                    let problems = ToolInputs::new(&form)
                        .map(|inputs| inputs.problems(&Value::Object(content.clone())))
                        .unwrap_or_default();
                    if !problems.is_empty() {
                        out.push(format!(
                            "{setting}: the answer does not fit the declared form: {}",
                            problems.join("; ")
                        ));
                    }
                }
            }
        }
        for (setting, given) in [
            ("allow_reworded", &self.reworded),
            ("conditional", &self.conditional),
        ] {
            for (primitive, declaration) in given {
                if !declared(primitive, declaration) {
                    out.push(format!(
                        ".{setting}({primitive:?}, {declaration:?}): `{primitive}` declares no `{declaration}` (is a name misspelt?)"
                    ));
                }
            }
        }
        out
    }

    /// The declaration `declaration` of the primitive whose identity is `primitive`, of any
    /// kind.
    fn declaration(&self, primitive: &str, declaration: &str) -> Option<&Value> {
        mcpdesc_format::diagnostics::kind::KINDS
            .iter()
            .flat_map(|kind| {
                self.description
                    .get(kind.collection)
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter(|e| e.get(kind.identity).and_then(Value::as_str) == Some(primitive))
            })
            .flat_map(|e| e.get("elicitations").and_then(Value::as_array))
            .flatten()
            .find(|d| d.get("name").and_then(Value::as_str) == Some(declaration))
    }

    /// The form of the form-mode declaration `declaration` of `primitive`, its
    /// `$componentRef` followed.
    fn declared_form(&self, primitive: &str, declaration: &str) -> Option<Value> {
        self.declaration(primitive, declaration)
            .and_then(|d| d.get("requestedSchema"))
            .and_then(|form| {
                mcpdesc_format::diagnostics::resolve_requested_schema(&self.description, form, "")
                    .ok()
                    .cloned()
            })
    }

    fn level_of(&self, check: Check) -> Level {
        self.levels
            .get(&check)
            .copied()
            .unwrap_or_else(|| check.default_level())
    }

    /// Runs the server once per protocol version of the description (again after it stops or
    /// stalls), and holds it to the description there: the version negotiated, the listing
    /// compared, every tool called with its examples, its boundary cases and generated inputs
    /// (failures shrunk), every resource read (templates expanded), every prompt got, every
    /// question the server asks checked against its declarations and answered three ways.
    pub async fn run(&self, server: &Server) -> Report {
        let mut report = Report::new(self.seed);
        let (scope, problems) = root_scope_of(&self.description);
        if let Some(problem) = problems.first() {
            report
                .problems
                .push(format!("the description's versions: {}", problem.message));
        }
        if scope.is_empty() {
            report
                .problems
                .push("the description lists no protocol version to test".to_owned());
        }
        let unused = self.unused_settings(scope);
        if !unused.is_empty() {
            report.problems.extend(unused);
            return report;
        }
        for version in scope.iter() {
            let mut driver = Driver {
                test: self,
                server,
                version,
                session: None,
                calls: 0,
                asked: Vec::new(),
                called: Vec::new(),
                report: &mut report,
            };
            let summary = driver.version().await;
            report.versions.push(summary);
        }
        report
    }

    /// Sends `call` once, on a fresh session of its version, and says what the checks find.
    pub async fn replay(&self, server: &Server, call: &Call) -> Report {
        let mut report = Report::new(self.seed);
        let mut driver = Driver {
            test: self,
            server,
            version: call.version,
            session: None,
            calls: 0,
            asked: Vec::new(),
            called: Vec::new(),
            report: &mut report,
        };
        let judged = driver.judged(call).await;
        if let Err(problem) = judged {
            driver.report.problems.push(problem);
        }
        let calls = driver.calls;
        report.versions.push(VersionSummary {
            version: call.version,
            served: true,
            calls,
            tools: usize::from(call.kind == Kind::Tool),
        });
        report
    }
}

/// The run on one version.
struct Driver<'t, 'r> {
    test: &'t Test,
    server: &'t Server,
    version: ProtocolVersion,
    session: Option<Session>,
    calls: usize,
    /// The questions asked on this version: the primitive and the declaration matched.
    asked: Vec<(String, String)>,
    /// The primitives called on this version.
    called: Vec<String>,
    report: &'r mut Report,
}

impl Driver<'_, '_> {
    fn description(&self) -> &Value {
        &self.test.description
    }

    /// Records one finding (as many times as it repeats, once).
    fn find(
        &mut self,
        check: Check,
        primitive: &str,
        message: String,
        call: Option<&Call>,
        exchange: Vec<Message>,
    ) {
        let level = self.test.level_of(check);
        if level == Level::Ignored {
            return;
        }
        let version = self.version;
        if let Some(same) = self.report.findings.iter_mut().find(|f| {
            f.check == check && f.version == version && f.primitive == primitive && f.call.is_some()
        }) {
            same.repeats += 1;
            return;
        }
        self.report.findings.push(Finding {
            check,
            level,
            version,
            primitive: primitive.to_owned(),
            message,
            call: call.cloned(),
            seed: call
                .filter(|c| c.phase == Phase::Generated)
                .map(|_| self.test.seed),
            exchange,
            repeats: 0,
            known: false,
        });
    }

    /// Whether a finding of `check` on `primitive` would be new here.
    fn is_new(&self, check: Check, primitive: &str) -> bool {
        !self
            .report
            .findings
            .iter()
            .any(|f| f.check == check && f.version == self.version && f.primitive == primitive)
    }

    /// The session, opened (again) when there is none.
    async fn session(&mut self) -> Result<&Session, NotOpened> {
        if self.session.is_none() {
            let chosen = (!self.test.answers.is_empty()).then(|| {
                std::sync::Arc::new(Chosen {
                    description: self.test.description.clone(),
                    version: self.version,
                    answers: self.test.answers.clone(),
                })
            });
            self.session =
                Some(Session::open(self.server, self.version, self.test.timeout, chosen).await?);
        }
        self.session
            .as_ref()
            .ok_or_else(|| NotOpened::Failed("no session".to_owned()))
    }

    /// The whole run on this version.
    async fn version(&mut self) -> VersionSummary {
        let mut summary = VersionSummary {
            version: self.version,
            served: false,
            calls: 0,
            tools: 0,
        };
        let timeout = self.test.timeout;
        let listing = match self.session().await {
            Err(NotOpened::Refused(answered)) => {
                let message = match answered {
                    Some(other) => format!(
                        "the description lists {}, and the server answered with {other} instead",
                        self.version
                    ),
                    None => format!(
                        "the description lists {}, and the server does not serve it",
                        self.version
                    ),
                };
                self.find(Check::VersionRefused, "", message, None, Vec::new());
                return summary;
            }
            Err(NotOpened::Failed(why)) => {
                self.report
                    .problems
                    .push(format!("{}: {why}", self.version));
                return summary;
            }
            Ok(session) => {
                let listing = listing_of(&session.service, timeout).await;
                // From the start: what the server wrote before and during the handshake too.
                let messages = session.since(0);
                let listing = listing.map(|listing| as_written(listing, &messages));
                (listing, messages)
            }
        };
        summary.served = true;
        let (listing, messages) = listing;
        self.envelopes(&messages, "");
        let listing = match listing {
            Ok(listing) => listing,
            Err(why) => {
                self.report
                    .problems
                    .push(format!("{}: {why}", self.version));
                self.close().await;
                return summary;
            }
        };
        let description = self.test.description.clone();
        for change in compare(&description, self.version, &listing).into_changes() {
            let at = if change.old.is_empty() {
                change.new.clone()
            } else {
                change.old.clone()
            };
            self.find(
                Check::ListingDiffers,
                &at,
                format!("{} ({})", change.message, change.rule.id),
                None,
                Vec::new(),
            );
        }
        let listed = |items: &[Value], key: &str| -> Vec<String> {
            items
                .iter()
                .filter_map(|i| i.get(key).and_then(Value::as_str).map(str::to_owned))
                .collect()
        };
        let tools = listed(&listing.tools, "name");
        let prompts = listed(&listing.prompts, "name");
        let resources = listed(&listing.resources, "uri");
        let templates = listed(&listing.resource_templates, "uriTemplate");

        for (name, entry) in self.scoped("tools", "name") {
            if !tools.contains(&name) || self.skipped(&entry) {
                continue;
            }
            summary.tools += 1;
            self.tool(&description, &name, &entry).await;
        }
        for (uri, entry) in self.scoped("resources", "uri") {
            if resources.contains(&uri) {
                self.resource(&uri, &uri, &entry, false).await;
            }
        }
        for (template, entry) in self.scoped("resourceTemplates", "uriTemplate") {
            if !templates.contains(&template) {
                continue;
            }
            let mut uris = self.test.uris.get(&template).cloned().unwrap_or_default();
            uris.extend(expansions(&template, self.values(&template)));
            for uri in uris {
                self.resource(&template, &uri, &entry, true).await;
            }
        }
        for (name, entry) in self.scoped("prompts", "name") {
            if prompts.contains(&name) {
                self.prompt(&name, &entry).await;
            }
        }
        self.close().await;
        self.never_asked();
        summary.calls = self.calls;
        summary
    }

    async fn close(&mut self) {
        if let Some(session) = self.session.take() {
            session.close().await;
        }
    }

    /// The primitives of `collection` the description documents on this version, by identity.
    fn scoped(&self, collection: &str, identity: &str) -> Vec<(String, Map<String, Value>)> {
        let (root, _) = root_scope_of(self.description());
        self.description()
            .get(collection)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
            .filter_map(|(i, entry)| {
                let object = entry.as_object()?;
                let id = object.get(identity)?.as_str()?;
                let (scope, _) =
                    scope_within_at(object, &format!("/{collection}/{i}"), root, "the primitive");
                scope
                    .contains(self.version)
                    .then(|| (id.to_owned(), object.clone()))
            })
            .collect()
    }

    /// Whether the tool `entry` is not to be called.
    fn skipped(&self, entry: &Map<String, Value>) -> bool {
        let name = entry
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if self.test.skip.iter().any(|s| s == name) {
            return true;
        }
        if !self.test.skip_destructive {
            return false;
        }
        let hint = |key: &str| {
            entry
                .get("annotations")
                .and_then(|a| a.get(key))
                .and_then(Value::as_bool)
        };
        let read_only = hint("readOnlyHint").unwrap_or(false);
        !read_only && hint("destructiveHint").unwrap_or(true)
    }

    /// The tool `entry`'s output schema, its `$componentRef` followed, where this version has
    /// output schemas.
    fn output_of(&self, description: &Value, entry: &Map<String, Value>) -> Option<ToolInputs> {
        entry
            .get("outputSchema")
            .filter(|_| Fact::OutputSchema.versions().contains(self.version))
            .and_then(|schema| {
                let cx = Cx::new(description);
                mcpdesc_format::diagnostics::references::schema_target(&cx, schema)
                    .and_then(|(schema, _)| ToolInputs::new(schema).ok())
            })
    }

    /// Every phase of one tool.
    async fn tool(&mut self, description: &Value, name: &str, entry: &Map<String, Value>) {
        let inputs = match ToolInputs::of_tool(description, name) {
            Some(Ok(inputs)) => Some(inputs),
            Some(Err(why)) => {
                self.report.untested.push(format!(
                    "{}: the tool `{name}` gets its examples only: {why}",
                    self.version
                ));
                None
            }
            None => None,
        };
        let output = self.output_of(description, entry);
        let declares = self.declares(PrimitiveName::Tool(name));
        let tool = ToolUnder {
            name,
            inputs,
            output,
            declares,
        };
        let mut first_valid: Option<Value> = None;
        // The arguments the test was given, first.
        if let Some(given) = self.test.arguments_for(self.version, name) {
            let valid = tool.inputs.as_ref().is_none_or(|i| i.is_valid(&given));
            if valid {
                first_valid = Some(given.clone());
            }
            self.tool_call(&tool, given, valid, Phase::Example, Answer::Accept)
                .await;
        }
        // The description's own examples.
        let examples: Vec<Value> = entry
            .get("examples")
            .and_then(Value::as_object)
            .into_iter()
            .flat_map(Map::values)
            .filter_map(|e| e.get("input").cloned())
            .collect();
        for input in examples {
            let valid = tool.inputs.as_ref().is_none_or(|i| i.is_valid(&input));
            if valid && first_valid.is_none() {
                first_valid = Some(input.clone());
            }
            self.tool_call(&tool, input, valid, Phase::Example, Answer::Accept)
                .await;
        }
        let Some(inputs) = tool.inputs.clone() else {
            self.answered_otherwise(&tool, first_valid).await;
            return;
        };
        // Boundary values, valid and invalid.
        for case in inputs.boundaries() {
            if case.valid && first_valid.is_none() {
                first_valid = Some(case.input.clone());
            }
            self.tool_call(
                &tool,
                case.input,
                case.valid,
                Phase::Boundary,
                Answer::Accept,
            )
            .await;
        }
        // Generated, valid then invalid, each failure shrunk.
        for (valid, strategy) in [(true, inputs.valid()), (false, inputs.invalid())] {
            let mut runner = self.runner(name, valid);
            for _ in 0..self.test.cases {
                let Ok(mut tree) = strategy.new_tree(&mut runner) else {
                    self.report.untested.push(format!(
                        "{}: the tool `{name}` gets no generated {} inputs: the generator rarely makes one its schema allows",
                        self.version,
                        if valid { "valid" } else { "invalid" },
                    ));
                    break;
                };
                let input = tree.current();
                if valid && first_valid.is_none() {
                    first_valid = Some(input.clone());
                }
                self.generated(&tool, &mut tree, input, valid).await;
            }
        }
        self.answered_otherwise(&tool, first_valid).await;
    }

    /// Values generated for the variables of the template or the arguments of the prompt
    /// `primitive` (strings of 1 to 12 characters, ASCII and not), as many as the run's cases up
    /// to 5, from the run's seed.
    fn values(&self, primitive: &str) -> Vec<String> {
        let schema = serde_json::json!({
            "type": "object",
            "properties": {"v": {"type": "string", "minLength": 1, "maxLength": 12}},
            "required": ["v"]
        });
        let Ok(inputs) = ToolInputs::new(&schema) else {
            return Vec::new();
        };
        let strategy = inputs.valid();
        let mut runner = self.runner(primitive, true);
        (0..self.test.cases.min(5))
            .filter_map(|_| strategy.new_tree(&mut runner).ok())
            .filter_map(|tree| tree.current().get("v")?.as_str().map(str::to_owned))
            .collect()
    }

    /// A proptest runner for the generated inputs of `tool` on this version, seeded from the
    /// run's seed, the version and the tool, so that one tool's inputs do not depend on another's.
    fn runner(&self, tool: &str, valid: bool) -> TestRunner {
        let parts = self
            .version
            .as_str()
            .bytes()
            .chain(tool.bytes())
            .chain([u8::from(valid)]);
        crate::inputs::seeded_runner(self.test.seed, parts)
    }

    /// One generated input, sent; when it fails a check, shrunk while it still fails that check.
    async fn generated(
        &mut self,
        tool: &ToolUnder<'_>,
        tree: &mut Box<dyn ValueTree<Value = Value>>,
        input: Value,
        valid: bool,
    ) {
        if !input.is_object() {
            return;
        }
        let call = self.call_of(tool.name, Kind::Tool, input, valid, Phase::Generated);
        let Ok((exchanged, failed)) = self.tool_judged(tool, &call).await else {
            return;
        };
        let Some((check, message)) = failed
            .into_iter()
            .find(|(check, _)| self.is_new(*check, tool.name))
        else {
            return;
        };
        // Shrink: simplify while the check still fails, else step back.
        let mut best = (call, exchanged.messages, message);
        let mut steps = 0;
        let mut more = tree.simplify();
        while more && steps < SHRINK_STEPS {
            steps += 1;
            let candidate = tree.current();
            if !candidate.is_object() {
                more = tree.complicate();
                continue;
            }
            let candidate = self.call_of(tool.name, Kind::Tool, candidate, valid, Phase::Generated);
            let still = match self.tool_judged(tool, &candidate).await {
                Ok((exchanged, failed)) => failed
                    .into_iter()
                    .find(|(c, _)| *c == check)
                    .map(|(_, message)| (exchanged.messages, message)),
                Err(_) => None,
            };
            more = match still {
                Some((messages, message)) => {
                    best = (candidate, messages, message);
                    tree.simplify()
                }
                None => tree.complicate(),
            };
        }
        let (call, messages, message) = best;
        self.find(check, tool.name, message, Some(&call), messages);
    }

    /// A tool declaring questions here, called with its first valid input answering decline,
    /// then cancel.
    async fn answered_otherwise(&mut self, tool: &ToolUnder<'_>, input: Option<Value>) {
        if !tool.declares {
            return;
        }
        let input = input.unwrap_or_else(|| Value::Object(Map::new()));
        for answer in [Answer::Decline, Answer::Cancel] {
            self.tool_call(tool, input.clone(), true, Phase::Elicitation, answer)
                .await;
        }
    }

    fn call_of(&self, name: &str, kind: Kind, input: Value, valid: bool, phase: Phase) -> Call {
        Call {
            version: self.version,
            kind,
            name: name.to_owned(),
            input,
            valid,
            answer: Answer::Accept,
            phase,
        }
    }

    /// One call of a tool, judged, its findings recorded.
    async fn tool_call(
        &mut self,
        tool: &ToolUnder<'_>,
        input: Value,
        valid: bool,
        phase: Phase,
        answer: Answer,
    ) {
        // MCP carries a tool's arguments as an object: other inputs cannot be sent.
        if !input.is_object() {
            return;
        }
        let mut call = self.call_of(tool.name, Kind::Tool, input, valid, phase);
        call.answer = answer;
        if let Ok((exchanged, failed)) = self.tool_judged(tool, &call).await {
            for (check, message) in failed {
                self.find(
                    check,
                    tool.name,
                    message,
                    Some(&call),
                    exchanged.messages.clone(),
                );
            }
        }
    }

    /// Whether the primitive has a declaration that applies on this version.
    fn declares(&self, primitive: PrimitiveName<'_>) -> bool {
        !self.declarations_here(primitive).is_empty()
    }

    /// The names of the primitive's declarations that apply on this version.
    fn declarations_here(&self, primitive: PrimitiveName<'_>) -> Vec<String> {
        let (root, _) = root_scope_of(self.description());
        let kind = mcpdesc_format::diagnostics::kind::Kind::of_name(primitive);
        let mut out = Vec::new();
        let entries = self
            .description()
            .get(kind.collection)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
            .filter_map(|(i, entry)| Some((i, entry.as_object()?)))
            .filter(|(_, entry)| {
                entry.get(kind.identity).and_then(Value::as_str) == Some(primitive.identity())
            });
        for (i, entry) in entries {
            let path = format!("/{}/{i}", kind.collection);
            let (scope, _) = scope_within_at(entry, &path, root, "the primitive");
            if !scope.contains(self.version) {
                continue;
            }
            let declarations = entry
                .get("elicitations")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .enumerate()
                .filter_map(|(j, d)| Some((j, d.as_object()?)));
            for (j, d) in declarations {
                let (own, _) = scope_within_at(
                    d,
                    &format!("{path}/elicitations/{j}"),
                    scope,
                    "the declaration",
                );
                if let Some(name) = d.get("name").and_then(Value::as_str)
                    && own.contains(self.version)
                {
                    out.push(name.to_owned());
                }
            }
        }
        out
    }

    /// Each declaration that applies on this version, of a primitive called here, that no call
    /// asked, unless it is conditional.
    fn never_asked(&mut self) {
        let mut missing = Vec::new();
        for kind in mcpdesc_format::diagnostics::kind::KINDS {
            for identity in self.called.clone() {
                let primitive = match kind.collection {
                    "tools" => PrimitiveName::Tool(&identity),
                    "prompts" => PrimitiveName::Prompt(&identity),
                    "resources" => PrimitiveName::Resource(&identity),
                    _ => PrimitiveName::ResourceTemplate(&identity),
                };
                for declaration in self.declarations_here(primitive) {
                    let pair = (identity.clone(), declaration);
                    if !self.asked.contains(&pair)
                        && !self.test.conditional.contains(&pair)
                        && !missing.contains(&pair)
                    {
                        missing.push(pair);
                    }
                }
            }
        }
        for (primitive, declaration) in missing {
            self.find(
                Check::NeverAsked,
                &primitive,
                format!(
                    "`{declaration}` applies on {} and was never asked. If the code no longer asks it, remove its `#[elicitation]` (or its entry in the description); if it asks only for some arguments, give such arguments (`.arguments(..)`, `.uri(..)`, `--arguments`); only if no arguments make it ask every time, say so with `.conditional({primitive:?}, {declaration:?})` (`--conditional {primitive}:{declaration}`)",
                    self.version
                ),
                None,
                Vec::new(),
            );
        }
    }

    /// Sends `call`, and judges what came of it; `Err` when no session could be opened.
    async fn tool_judged(
        &mut self,
        tool: &ToolUnder<'_>,
        call: &Call,
    ) -> Result<(Exchanged, Vec<(Check, String)>), String> {
        let exchanged = self.exchange(call).await?;
        let mut failed = self.questions(call, &exchanged);
        failed.extend(judge_tool(
            call,
            tool.inputs.as_ref(),
            tool.output.as_ref(),
            &exchanged,
            self.test.timeout,
        ));
        failed.extend(self.invalid_messages(&exchanged.messages));
        Ok((exchanged, failed))
    }

    /// Sends `call` alone, judged by the checks of its kind: what [`Test::replay`] does.
    async fn judged(&mut self, call: &Call) -> Result<(), String> {
        let description = self.test.description.clone();
        match call.kind {
            Kind::Tool => {
                let entry = self
                    .scoped("tools", "name")
                    .into_iter()
                    .find(|(n, _)| *n == call.name)
                    .map(|(_, e)| e)
                    .ok_or_else(|| {
                        format!(
                            "the description documents no tool `{}` on {}",
                            call.name, call.version
                        )
                    })?;
                // The same schemas as the run judged it by: an invalid input converted to a
                // valid one is a coercion here too.
                let tool = ToolUnder {
                    name: &call.name,
                    output: self.output_of(&description, &entry),
                    inputs: ToolInputs::of_tool(&description, &call.name).and_then(Result::ok),
                    declares: false,
                };
                let (exchanged, failed) = self.tool_judged(&tool, call).await?;
                for (check, message) in failed {
                    self.find(
                        check,
                        &call.name,
                        message,
                        Some(call),
                        exchanged.messages.clone(),
                    );
                }
            }
            Kind::Resource | Kind::ResourceTemplate => {
                let (collection, identity) = match call.kind {
                    Kind::Resource => ("resources", "uri"),
                    _ => ("resourceTemplates", "uriTemplate"),
                };
                let entry = self
                    .scoped(collection, identity)
                    .into_iter()
                    .find(|(n, _)| *n == call.name)
                    .map(|(_, e)| e)
                    .unwrap_or_default();
                let uri = call.input.as_str().unwrap_or_default().to_owned();
                self.resource(
                    &call.name,
                    &uri,
                    &entry,
                    call.kind == Kind::ResourceTemplate,
                )
                .await;
            }
            Kind::Prompt => {
                let exchanged = self.exchange(call).await?;
                self.prompt_judged(call, exchanged);
            }
        }
        self.close().await;
        Ok(())
    }

    /// Sends one call on the session (opening one first when needed), with its questions
    /// answered as it says. After the connection closes or a call stalls, the session is
    /// dropped: the next call starts the server again.
    async fn exchange(&mut self, call: &Call) -> Result<Exchanged, String> {
        let timeout = self.test.timeout;
        match self.session().await {
            Ok(_) => {}
            Err(NotOpened::Refused(_)) => {
                return Err(format!("{}: the server no longer takes it", self.version));
            }
            Err(NotOpened::Failed(why)) => return Err(format!("{}: {why}", self.version)),
        }
        let Some(session) = self.session.as_ref() else {
            return Err(format!("{}: no session", self.version));
        };
        session.answer_with(call.answer, call.kind, &call.name);
        let mark = session.mark();
        let arguments = match &call.input {
            Value::Object(arguments) => Some(arguments.clone()),
            _ => None,
        };
        let sent = match call.kind {
            Kind::Tool => {
                let mut params = CallToolRequestParams::new(call.name.clone());
                if let Some(arguments) = arguments {
                    params = params.with_arguments(arguments);
                }
                tokio::time::timeout(timeout, session.service.call_tool(params))
                    .await
                    .map(|r| r.map(|v| serde_json::to_value(v).unwrap_or_default()))
            }
            Kind::Prompt => {
                let mut params = GetPromptRequestParams::new(call.name.clone());
                if let Some(arguments) = arguments {
                    params = params.with_arguments(arguments);
                }
                tokio::time::timeout(timeout, session.service.get_prompt(params))
                    .await
                    .map(|r| r.map(|v| serde_json::to_value(v).unwrap_or_default()))
            }
            Kind::Resource | Kind::ResourceTemplate => {
                let uri = call.input.as_str().unwrap_or_default().to_owned();
                tokio::time::timeout(
                    timeout,
                    session
                        .service
                        .read_resource(ReadResourceRequestParams::new(uri)),
                )
                .await
                .map(|r| r.map(|v| serde_json::to_value(v).unwrap_or_default()))
            }
        };
        self.calls += 1;
        self.report.calls += 1;
        let messages = session.since(mark);
        let outcome = match sent {
            Err(_) => Outcome::NoAnswer,
            Ok(Ok(typed)) => Outcome::Result(wire_result(&messages).unwrap_or(typed)),
            Ok(Err(rmcp::ServiceError::McpError(error))) => Outcome::Error {
                code: i64::from(error.code.0),
                message: error.message.into_owned(),
            },
            Ok(Err(rmcp::ServiceError::Timeout { .. })) => Outcome::NoAnswer,
            Ok(Err(other)) => Outcome::Closed(other.to_string()),
        };
        if matches!(outcome, Outcome::NoAnswer | Outcome::Closed(_)) {
            self.close().await;
        }
        let asked = messages
            .iter()
            .filter(|m| !m.sent)
            .flat_map(|m| contract::requests_in(&m.message))
            .collect();
        Ok(Exchanged {
            outcome,
            messages,
            asked,
        })
    }

    /// The questions of one call, held to the declarations of its primitive on this version.
    fn questions(&mut self, call: &Call, exchanged: &Exchanged) -> Vec<(Check, String)> {
        if !self.called.contains(&call.name) {
            self.called.push(call.name.clone());
        }
        let primitive = match call.kind {
            Kind::Tool => PrimitiveName::Tool(&call.name),
            Kind::Prompt => PrimitiveName::Prompt(&call.name),
            Kind::Resource => PrimitiveName::Resource(&call.name),
            Kind::ResourceTemplate => PrimitiveName::ResourceTemplate(&call.name),
        };
        let mut failed = Vec::new();
        let mut previous: Option<String> = None;
        for params in &exchanged.asked {
            match contract::check_description(self.description(), primitive, self.version, params) {
                Ok(matched) => {
                    let name = matched.name().to_owned();
                    let pair = (call.name.clone(), name.clone());
                    let allowed = self.test.reworded.contains(&pair);
                    if !self.asked.contains(&pair) {
                        self.asked.push(pair);
                    }
                    if matched.wording_differs() && !allowed {
                        failed.push((
                            Check::ElicitationDrift,
                            format!(
                                "the question `{name}` was asked with other wording than declared: {} (§12.2 allows representative wording: allow it with `.allow_reworded({:?}, {name:?})`, `--allow-reworded {}:{name}`)",
                                params.get("message").and_then(Value::as_str).unwrap_or_default(),
                                call.name,
                                call.name,
                            ),
                        ));
                    }
                    if call.answer == Answer::Accept && previous.as_deref() == Some(name.as_str()) {
                        failed.push((
                            Check::AnswerRefused,
                            format!(
                                "`{name}` was asked again after an answer made from its own form"
                            ),
                        ));
                    }
                    previous = Some(name);
                }
                Err(error) => failed.push((Check::ElicitationDrift, error.to_string())),
            }
        }
        failed
    }

    /// Each message of the server that is not JSON-RPC, or whose result is not one of this
    /// version.
    fn invalid_messages(&self, messages: &[Message]) -> Vec<(Check, String)> {
        messages
            .iter()
            .filter(|m| !m.sent)
            .filter_map(|m| not_valid(&m.message, self.version))
            .map(|why| (Check::InvalidMessage, why))
            .collect()
    }

    /// Records the invalid messages of `messages` under `primitive`.
    fn envelopes(&mut self, messages: &[Message], primitive: &str) {
        for (check, message) in self.invalid_messages(messages) {
            self.find(check, primitive, message, None, messages.to_vec());
        }
    }

    /// One read of a resource (`uri`, documented as `described`), judged.
    async fn resource(
        &mut self,
        described: &str,
        uri: &str,
        entry: &Map<String, Value>,
        from_template: bool,
    ) {
        let kind = if from_template {
            Kind::ResourceTemplate
        } else {
            Kind::Resource
        };
        let primitive = if from_template {
            PrimitiveName::ResourceTemplate(described)
        } else {
            PrimitiveName::Resource(described)
        };
        let answers: &[Answer] = if self.declares(primitive) {
            &[Answer::Accept, Answer::Decline, Answer::Cancel]
        } else {
            &[Answer::Accept]
        };
        for answer in answers {
            let mut call = self.call_of(
                described,
                kind,
                Value::String(uri.to_owned()),
                true,
                Phase::Read,
            );
            call.answer = *answer;
            self.read(&call, uri, entry, from_template).await;
        }
    }

    /// One read, judged.
    async fn read(
        &mut self,
        call: &Call,
        uri: &str,
        entry: &Map<String, Value>,
        from_template: bool,
    ) {
        let described = call.name.as_str();
        let Ok(exchanged) = self.exchange(call).await else {
            return;
        };
        let mut failed = self.questions(call, &exchanged);
        failed.extend(self.invalid_messages(&exchanged.messages));
        match &exchanged.outcome {
            Outcome::NoAnswer => failed.push((
                Check::NoAnswer,
                format!(
                    "reading `{uri}` got no answer within {} s",
                    self.test.timeout.as_secs_f64()
                ),
            )),
            Outcome::Closed(why) => failed.push((
                Check::ResourceUnreadable,
                format!("reading `{uri}` closed the connection: {why}"),
            )),
            // A URI a template produces may name nothing: not found is an answer.
            Outcome::Error { code, .. } if from_template && matches!(code, -32002 | -32602) => {}
            Outcome::Error { code, message } => failed.push((
                Check::ResourceUnreadable,
                format!("reading `{uri}` failed with error {code}: {message}"),
            )),
            Outcome::Result(result) => {
                if let Some(described) = entry.get("mimeType").and_then(Value::as_str) {
                    // Only the contents of the URI read: a directory's listing, say, holds its
                    // entries' contents too, each of its own type.
                    for content in result
                        .get("contents")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                        .filter(|c| {
                            c.get("uri")
                                .and_then(Value::as_str)
                                .is_none_or(|u| u == uri)
                        })
                    {
                        if let Some(sent) = content.get("mimeType").and_then(Value::as_str)
                            && !same_media_type(sent, described)
                        {
                            failed.push((
                                Check::ResourceMimeType,
                                format!(
                                    "`{uri}` was read as {sent}; the description says {described}"
                                ),
                            ));
                        }
                    }
                }
            }
        }
        for (check, message) in failed {
            self.find(
                check,
                described,
                message,
                Some(call),
                exchanged.messages.clone(),
            );
        }
    }

    /// A prompt got with its required arguments, then with every argument.
    async fn prompt(&mut self, name: &str, entry: &Map<String, Value>) {
        let arguments: Vec<(String, bool)> = entry
            .get("arguments")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|a| {
                Some((
                    a.get("name")?.as_str()?.to_owned(),
                    a.get("required").and_then(Value::as_bool).unwrap_or(false),
                ))
            })
            .collect();
        let required: Map<String, Value> = arguments
            .iter()
            .filter(|(_, required)| *required)
            .map(|(n, _)| (n.clone(), Value::from("example")))
            .collect();
        let every: Map<String, Value> = arguments
            .iter()
            .map(|(n, _)| (n.clone(), Value::from("example")))
            .collect();
        let mut inputs = vec![Value::Object(required.clone())];
        if every.len() > required.len() {
            inputs.push(Value::Object(every));
        }
        // Then every argument with each generated value (strings, ASCII and not).
        if !arguments.is_empty() {
            for value in self.values(name) {
                inputs.push(Value::Object(
                    arguments
                        .iter()
                        .map(|(n, _)| (n.clone(), Value::String(value.clone())))
                        .collect(),
                ));
            }
        }
        if let Some(given) = self.test.arguments_for(self.version, name) {
            inputs = vec![given];
        }
        let declares = self.declares(PrimitiveName::Prompt(name));
        for input in inputs {
            let answers: &[Answer] = if declares {
                &[Answer::Accept, Answer::Decline, Answer::Cancel]
            } else {
                &[Answer::Accept]
            };
            for answer in answers {
                let mut call = self.call_of(name, Kind::Prompt, input.clone(), true, Phase::Read);
                call.answer = *answer;
                let Ok(exchanged) = self.exchange(&call).await else {
                    return;
                };
                self.prompt_judged(&call, exchanged);
            }
        }
    }

    fn prompt_judged(&mut self, call: &Call, exchanged: Exchanged) {
        let mut failed = self.questions(call, &exchanged);
        failed.extend(self.invalid_messages(&exchanged.messages));
        let accepted = call.answer == Answer::Accept && !exchanged.asked.is_empty();
        match &exchanged.outcome {
            Outcome::Result(_) => {}
            Outcome::NoAnswer => failed.push((
                Check::NoAnswer,
                format!("no answer within {} s", self.test.timeout.as_secs_f64()),
            )),
            Outcome::Closed(why) => failed.push((
                Check::ServerError,
                format!("the connection closed during the call: {why}"),
            )),
            Outcome::Error { code, message } if accepted => failed.push((
                Check::AnswerRefused,
                format!("the call failed after its questions were accepted: {code}: {message}"),
            )),
            Outcome::Error {
                code: -32602,
                message,
            } if call.answer == Answer::Accept => {
                failed.push((
                    Check::ValidInputRefused,
                    format!("the prompt's documented arguments were refused: {message}"),
                ));
            }
            Outcome::Error { code, message }
                if call.answer == Answer::Accept || *code == -32603 =>
            {
                failed.push((Check::ServerError, format!("error {code}: {message}")));
            }
            Outcome::Error { .. } => {}
        }
        for (check, message) in failed {
            self.find(
                check,
                &call.name,
                message,
                Some(call),
                exchanged.messages.clone(),
            );
        }
    }
}

/// What the checks find in one tool call's outcome.
fn judge_tool(
    call: &Call,
    inputs: Option<&ToolInputs>,
    output: Option<&ToolInputs>,
    exchanged: &Exchanged,
    timeout: Duration,
) -> Vec<(Check, String)> {
    let accepted = call.answer == Answer::Accept && !exchanged.asked.is_empty();
    let mut failed = Vec::new();
    match &exchanged.outcome {
        Outcome::NoAnswer => failed.push((
            Check::NoAnswer,
            format!("no answer within {} s", timeout.as_secs_f64()),
        )),
        Outcome::Closed(why) => failed.push((
            Check::ServerError,
            format!("the connection closed during the call: {why}"),
        )),
        Outcome::Error { .. } if !call.valid => {}
        Outcome::Error { code, message } if accepted => failed.push((
            Check::AnswerRefused,
            format!(
                "the call failed after its questions were accepted with answers their forms allow: error {code}: {message}"
            ),
        )),
        Outcome::Error { code: -32602, message } if call.answer == Answer::Accept => {
            failed.push((
                Check::ValidInputRefused,
                format!("refused as invalid params: {message}"),
            ));
        }
        Outcome::Error { code, message } if call.answer == Answer::Accept || *code == -32603 => {
            failed.push((Check::ServerError, format!("error {code}: {message}")));
        }
        Outcome::Error { .. } => {}
        Outcome::Result(result) => {
            if !result.get("content").is_some_and(Value::is_array) {
                failed.push((
                    Check::InvalidMessage,
                    "a tool result without a `content` array".to_owned(),
                ));
            }
            let is_error = result.get("isError").and_then(Value::as_bool) == Some(true);
            if is_error {
                return failed;
            }
            if !call.valid {
                match inputs.and_then(|inputs| coerced(inputs, &call.input)) {
                    Some(conversion) => failed.push((
                        Check::InvalidInputCoerced,
                        format!(
                            "an input the tool's inputSchema does not allow got a result that is not an error; it is valid once {conversion}: the server converts types"
                        ),
                    )),
                    None => failed.push((
                        Check::InvalidInputAccepted,
                        "an input the tool's inputSchema does not allow got a result that is not an error"
                            .to_owned(),
                    )),
                }
                return failed;
            }
            if let Some(output) = output {
                match result.get("structuredContent") {
                    None => failed.push((
                        Check::OutputSchema,
                        "the tool has an outputSchema, and its result has no structuredContent"
                            .to_owned(),
                    )),
                    Some(structured) => {
                        let problems = output.problems(structured);
                        if !problems.is_empty() {
                            failed.push((
                                Check::OutputSchema,
                                format!(
                                    "structuredContent does not fit the outputSchema: {}",
                                    problems.join("; ")
                                ),
                            ));
                        }
                    }
                }
            }
        }
    }
    failed
}

/// How an invalid `input` becomes valid by converting one value to another type, the way a
/// lenient reader converts (`"5"` to 5, `"true"` to true, `true` to 1, 5 to `"5"`), said for a
/// report; `None` when no such conversion makes it valid.
fn coerced(inputs: &ToolInputs, input: &Value) -> Option<String> {
    fn conversions(value: &Value) -> Vec<Value> {
        match value {
            Value::String(text) => {
                let mut out = Vec::new();
                if let Ok(n) = text.trim().parse::<i64>() {
                    out.push(Value::from(n));
                } else if let Some(n) = text
                    .trim()
                    .parse::<f64>()
                    .ok()
                    .and_then(serde_json::Number::from_f64)
                {
                    out.push(Value::Number(n));
                }
                match text.trim().to_ascii_lowercase().as_str() {
                    "true" | "1" | "yes" | "on" => out.push(Value::Bool(true)),
                    "false" | "0" | "no" | "off" => out.push(Value::Bool(false)),
                    _ => {}
                }
                out
            }
            Value::Bool(b) => vec![Value::from(u8::from(*b)), Value::from(b.to_string())],
            Value::Number(n) => {
                let mut out = vec![Value::from(n.to_string())];
                match n.as_f64() {
                    Some(0.0) => out.push(Value::Bool(false)),
                    Some(1.0) => out.push(Value::Bool(true)),
                    _ => {}
                }
                out
            }
            _ => Vec::new(),
        }
    }
    /// Every leaf of `value`, with its JSON Pointer.
    fn leaves(value: &Value, at: String, out: &mut Vec<String>) {
        match value {
            Value::Object(members) => {
                for (key, member) in members {
                    let key = key.replace('~', "~0").replace('/', "~1");
                    leaves(member, format!("{at}/{key}"), out);
                }
            }
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    leaves(item, format!("{at}/{i}"), out);
                }
            }
            _ => out.push(at),
        }
    }
    let mut pointers = Vec::new();
    leaves(input, String::new(), &mut pointers);
    for pointer in pointers {
        let Some(leaf) = input.pointer(&pointer) else {
            continue;
        };
        for converted in conversions(leaf) {
            let mut candidate = input.clone();
            if let Some(slot) = candidate.pointer_mut(&pointer) {
                *slot = converted.clone();
            }
            if inputs.is_valid(&candidate) {
                return Some(format!("`{pointer}` is {converted} instead of {leaf}"));
            }
        }
    }
    None
}

/// The result of the last response the server wrote in `messages`, as written.
fn wire_result(messages: &[Message]) -> Option<Value> {
    messages
        .iter()
        .rev()
        .filter(|m| !m.sent)
        .find_map(|m| {
            m.message
                .get("result")
                .filter(|_| m.message.get("id").is_some())
        })
        .cloned()
}

/// Why `message`, written by a server on `version`, is not a JSON-RPC message of that version.
fn not_valid(message: &Value, version: ProtocolVersion) -> Option<String> {
    let Some(object) = message.as_object() else {
        let shown: String = message
            .as_str()
            .map_or_else(|| message.to_string(), str::to_owned)
            .chars()
            .take(120)
            .collect();
        return Some(format!(
            "the server wrote a line that is not a JSON-RPC message: {shown}"
        ));
    };
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Some("a message without \"jsonrpc\": \"2.0\"".to_owned());
    }
    let has = |key: &str| object.contains_key(key);
    let shapes = [has("method"), has("result"), has("error")];
    if shapes.iter().filter(|s| **s).count() != 1 {
        return Some(
            "a message that is not one of a request, a notification, a result and an error"
                .to_owned(),
        );
    }
    if (has("result") || has("error")) && !has("id") {
        return Some("a response without an `id`".to_owned());
    }
    if let Some(error) = object.get("error") {
        let code = error.get("code").is_some_and(Value::is_i64);
        let text = error.get("message").is_some_and(Value::is_string);
        if !(code && text) {
            return Some("an error without an integer `code` and a string `message`".to_owned());
        }
    }
    if let Some(result) = object.get("result") {
        let Some(result) = result.as_object() else {
            return Some("a result that is not an object".to_owned());
        };
        if Fact::ResultType.versions().contains(version) && !result.contains_key("resultType") {
            return Some(format!(
                "a result without `resultType`, which {version} requires"
            ));
        }
    }
    None
}

/// Whether two media types name the same type, parameters and case aside.
fn same_media_type(a: &str, b: &str) -> bool {
    let essence = |t: &str| {
        t.split(';')
            .next()
            .unwrap_or_default()
            .trim()
            .to_ascii_lowercase()
    };
    essence(a) == essence(b)
}

/// URIs `template` produces: each variable `1`, then `example`, then a value outside ASCII with a
/// space, then each of `generated`.
fn expansions(template: &str, generated: Vec<String>) -> Vec<String> {
    let Some(parsed) = mcpdesc_format::uri_template::UriTemplate::parse(template) else {
        return Vec::new();
    };
    let fixed = ["1", "example", "é x"].map(str::to_owned);
    let mut out: Vec<String> = Vec::new();
    for value in fixed.into_iter().chain(generated) {
        if let Some(uri) = parsed.expand(|_| Some(value.clone()))
            && !out.contains(&uri)
        {
            out.push(uri);
        }
    }
    out
}
