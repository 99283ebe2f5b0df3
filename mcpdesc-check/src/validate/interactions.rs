//! Tool `interactionExamples`: the elicitation steps, against the tool's declarations.

use serde_json::{Map, Value};

use super::declarations::Declared;
use super::toolbox::{Cx, closed_members, exact_members, named_map, plain, pointer};
use super::{Code, Rule};
use crate::object::Members as _;
use crate::shown::{List, Shown};
use crate::version::{Fact, VersionSet};

/// The elicitation modes a tool's `clientRequirements` requires of every client, when it names
/// them: an empty `elicitation` object means form mode only.
pub(crate) type RequiredModes<'a> = Option<Vec<&'a str>>;

/// The modes a tool's `clientRequirements.elicitation` requires, when it names any.
pub(crate) fn required_modes(tool: &Map<String, Value>) -> RequiredModes<'_> {
    tool.member("clientRequirements")
        .and_then(|r| r.member("elicitation"))
        .and_then(Value::as_object)
        .map(|modes| {
            if modes.is_empty() {
                vec!["form"]
            } else {
                modes.keys().map(String::as_str).collect()
            }
        })
}

/// The tool's `clientRequirements` and the modes it requires of elicitation, as interaction
/// steps are held to them.
pub(crate) struct Requirements<'a> {
    /// The tool's `clientRequirements`, when it has them.
    object: Option<&'a Map<String, Value>>,
    modes: RequiredModes<'a>,
}

impl<'a> Requirements<'a> {
    pub(crate) fn of(tool: &'a Map<String, Value>) -> Self {
        Requirements {
            object: tool.member("clientRequirements").and_then(Value::as_object),
            modes: required_modes(tool),
        }
    }

    /// Whether the tool has `clientRequirements` and they leave `capability` out (the
    /// capability's own `members`, when given, leave out `member`).
    fn lacks(&self, capability: &str, member: Option<&str>) -> bool {
        let Some(object) = self.object else {
            return false;
        };
        match (object.member(capability), member) {
            (None, _) => true,
            (Some(value), Some(member)) => value.member(member).is_none(),
            (Some(_), None) => false,
        }
    }
}

pub(crate) fn check(
    cx: &mut Cx,
    value: &Value,
    path: &str,
    declarations: &[Declared],
    requirements: &Requirements,
    scope: VersionSet,
) {
    let rule = Rule::InteractionExamples;
    let Some(examples) = named_map(cx, rule, value, path, "`interactionExamples`") else {
        return;
    };
    for (name, example) in examples {
        let path = pointer(path, name);
        let Some(example) = example.as_object() else {
            cx.structural(
                rule,
                &path,
                "an interaction example is an object with `input`, `steps` and `result`",
            );
            continue;
        };
        closed_members(
            cx,
            rule,
            example,
            &path,
            &["input", "steps", "result"],
            "an interaction example",
        );
        for (key, what) in [
            ("input", "the tool's arguments"),
            ("result", "the completed tool result"),
        ] {
            match example.member(key) {
                Some(Value::Object(_)) => {}
                Some(_) => cx.structural(
                    rule,
                    &pointer(&path, key),
                    format!("`{key}` must be an object: {what}"),
                ),
                None => cx.structural(
                    rule,
                    &path,
                    format!("an interaction example needs `{key}`: {what}"),
                ),
            }
        }
        match example.member("steps") {
            Some(Value::Array(steps)) if !steps.is_empty() => {
                for (i, step) in steps.iter().enumerate() {
                    check_step(
                        cx,
                        step,
                        &pointer(&pointer(&path, "steps"), i),
                        declarations,
                        requirements,
                        scope,
                    );
                }
            }
            Some(Value::Array(_)) => cx.structural(
                rule,
                &pointer(&path, "steps"),
                "`steps` must hold at least one step",
            ),
            Some(_) => cx.structural(
                rule,
                &pointer(&path, "steps"),
                "`steps` must be an array of steps",
            ),
            None => cx.structural(rule, &path, "an interaction example needs `steps`"),
        }
    }
}

fn check_step(
    cx: &mut Cx,
    step: &Value,
    path: &str,
    declarations: &[Declared],
    requirements: &Requirements,
    scope: VersionSet,
) {
    let rule = Rule::InteractionExamples;
    let Some(step) = step.as_object() else {
        cx.structural(
            rule,
            path,
            "a step is an object with `type`, `request` and `response`",
        );
        return;
    };
    match step.member("type").and_then(Value::as_str) {
        Some("elicitation") => {}
        Some(kind @ ("sampling" | "roots")) => {
            for key in ["request", "response"] {
                if !step.member(key).is_some_and(Value::is_object) {
                    cx.structural(rule, path, format!("a step needs an object `{key}`"));
                }
            }
            closed_members(
                cx,
                rule,
                step,
                path,
                &["type", "request", "response"],
                &format!("a {kind} step"),
            );
            if kind == "roots" {
                roots_step(cx, step, path, requirements);
            } else {
                sampling_step(cx, step, path, requirements, scope);
            }
            return;
        }
        _ => {
            cx.structural(
                rule,
                &pointer(path, "type"),
                "a step's `type` is \"elicitation\", \"sampling\" or \"roots\"",
            );
            return;
        }
    }
    closed_members(
        cx,
        rule,
        step,
        path,
        &["type", "declaration", "request", "response"],
        "an elicitation step",
    );
    let declared = match step.member("declaration") {
        None => None,
        Some(Value::String(name)) => match declarations.iter().find(|d| d.name == name) {
            Some(d) => Some(d),
            None => {
                cx.error(
                    rule,
                    Code::InteractionUnknownDeclaration,
                    &pointer(path, "declaration"),
                    format!(
                        "the tool has no elicitation declaration named {name}; {}",
                        if declarations.is_empty() {
                            "declare it under the tool's `elicitations`".to_owned()
                        } else {
                            format!(
                                "its declarations are {}",
                                List(declarations.iter().map(|d| d.name))
                            )
                        },
                        name = Shown::quoted(name)
                    ),
                );
                None
            }
        },
        Some(_) => {
            cx.structural(
                rule,
                &pointer(path, "declaration"),
                "`declaration` is the name of one of the tool's elicitation declarations",
            );
            None
        }
    };
    let Some(request) = step.member("request").and_then(Value::as_object) else {
        cx.structural(
            rule,
            path,
            "an elicitation step needs a `request` object with `mode` and `message`",
        );
        return;
    };
    let request_path = pointer(path, "request");
    let mode = request.member("mode").and_then(Value::as_str);
    let schema = check_request(cx, request, &request_path, mode);

    let no_elicitation = scope.difference(Fact::FormElicitation.versions());
    if !no_elicitation.is_empty() {
        cx.error(
            rule,
            Code::InteractionVersionMismatch,
            &pointer(path, "type"),
            format!(
                "MCP {} has no elicitation: scope the tool to {} with `protocolVersions`, or leave the step out",
                plain(no_elicitation),
                plain(Fact::FormElicitation.versions()),
            ),
        );
    }
    let no_url = scope
        .difference(Fact::UrlElicitation.versions())
        .difference(no_elicitation);
    if mode == Some("url") && !no_url.is_empty() {
        cx.error(
            rule,
            Code::InteractionVersionMismatch,
            &pointer(&request_path, "mode"),
            format!(
                "MCP {} has no URL-mode elicitation: scope the tool to {} with `protocolVersions`, or show a form request",
                plain(no_url),
                plain(Fact::UrlElicitation.versions()),
            ),
        );
    }
    if requirements.lacks("elicitation", None) {
        cx.push(
            rule,
            Code::InteractionClientRequirements,
            &pointer(path, "type"),
            "this step shows elicitation, but the tool's `clientRequirements` do not require `elicitation` of clients; add it to them, or leave the step out",
        );
    } else if let (Some(modes), Some(mode @ ("form" | "url"))) = (&requirements.modes, mode)
        && !modes.contains(&mode)
    {
        cx.push(
            rule,
            Code::InteractionClientRequirements,
            &pointer(&request_path, "mode"),
            format!(
                "this example asks in {mode} mode, but the tool's `clientRequirements.elicitation` requires only {} of clients; add `{mode}: {{}}` to it, or show a {} request",
                modes.join(" and "),
                modes.join(" or "),
            ),
        );
    }

    if let (Some(d), Some(mode)) = (declared, mode) {
        if d.mode != mode {
            cx.error(
                rule,
                Code::InteractionRequestMismatch,
                &pointer(&request_path, "mode"),
                format!(
                    "the request is in {mode} mode, but declaration {} is in {} mode",
                    Shown::quoted(d.name),
                    d.mode
                ),
            );
        } else if let (Some(declared_schema), Some(sent)) =
            (d.schema, request.member("requestedSchema"))
            && declared_schema != sent
        {
            cx.error(
                rule,
                Code::InteractionRequestMismatch,
                &pointer(&request_path, "requestedSchema"),
                format!("the request's requestedSchema differs from the one declaration {} declares; send the declared schema", Shown::quoted(d.name)),
            );
        } else if let (Some(declared_url), Some(sent)) =
            (d.url, request.member("url").and_then(Value::as_str))
            && declared_url != sent
        {
            cx.error(
                rule,
                Code::InteractionRequestMismatch,
                &pointer(&request_path, "url"),
                format!("the request's url {sent} differs from the static url {declared_url} of declaration {}", Shown::quoted(d.name), sent = Shown::quoted(sent), declared_url = Shown::quoted(declared_url)),
            );
        }
    }

    let response_path = pointer(path, "response");
    let Some(response) = step.member("response").and_then(Value::as_object) else {
        cx.structural(
            rule,
            path,
            "an elicitation step needs a `response` object with `action`",
        );
        return;
    };
    match response.member("action").and_then(Value::as_str) {
        Some("accept") => {
            exact_members(
                cx,
                rule,
                response,
                &response_path,
                &["action", "content"],
                "an accepted response",
            );
            match (mode, response.member("content")) {
                (Some("url"), Some(_)) => cx.error(
                    rule,
                    Code::InteractionResponseShape,
                    &pointer(&response_path, "content"),
                    "an accepted URL-mode elicitation carries no `content`: the user answered on the page",
                ),
                (Some("form"), None) => cx.error(
                    rule,
                    Code::InteractionResponseShape,
                    &response_path,
                    "an accepted form carries the user's answer in `content`",
                ),
                (Some("form"), Some(Value::Object(content))) => {
                    if let Some(schema) = schema {
                        check_content(cx, &schema, content, &pointer(&response_path, "content"));
                    }
                }
                (_, Some(content)) if !content.is_object() => cx.structural(rule, &pointer(&response_path, "content"), "`content` must be an object of answers"),
                _ => {}
            }
        }
        Some("decline" | "cancel") => {
            exact_members(
                cx,
                rule,
                response,
                &response_path,
                &["action"],
                "a declined or cancelled response",
            );
        }
        _ => cx.structural(
            rule,
            &pointer(&response_path, "action"),
            "`action` is \"accept\", \"decline\" or \"cancel\"",
        ),
    }
}

/// A roots step: the roots a client answers with are `file://` URIs, and the tool's
/// `clientRequirements`, when it has them, require `roots`.
fn roots_step(cx: &mut Cx, step: &Map<String, Value>, path: &str, requirements: &Requirements) {
    let rule = Rule::InteractionExamples;
    if requirements.lacks("roots", None) {
        cx.push(
            rule,
            Code::InteractionClientRequirements,
            &pointer(path, "type"),
            "this step shows roots, but the tool's `clientRequirements` do not require `roots` of clients; add `roots: {}` to them, or leave the step out",
        );
    }
    if let Some(request) = step.member("request").and_then(Value::as_object) {
        exact_members(
            cx,
            rule,
            request,
            &pointer(path, "request"),
            &[],
            "a roots request",
        );
    }
    if let Some(response) = step.member("response").and_then(Value::as_object) {
        exact_members(
            cx,
            rule,
            response,
            &pointer(path, "response"),
            &["roots"],
            "a roots result",
        );
    }
    let roots_at = pointer(&pointer(path, "response"), "roots");
    let roots = step
        .member("response")
        .and_then(|r| r.member("roots"))
        .and_then(Value::as_array);
    for (i, root) in roots.into_iter().flatten().enumerate() {
        if let Some(root) = root.as_object() {
            exact_members(
                cx,
                rule,
                root,
                &pointer(&roots_at, i),
                &["name", "uri"],
                "a root",
            );
        }
        if let Some(uri) = root.member("uri").and_then(Value::as_str)
            && !uri.starts_with("file://")
        {
            cx.error(
                rule,
                Code::InteractionRootsUri,
                &pointer(&pointer(&roots_at, i), "uri"),
                format!("a root is a `file://` URI, not {}", Shown::quoted(uri)),
            );
        }
    }
}

/// A sampling step: tool use in the request is defined from the version that brought it, and
/// the tool's `clientRequirements`, when it has them, require `sampling` with what the request
/// uses (`tools` for tool use, `context` for context inclusion).
fn sampling_step(
    cx: &mut Cx,
    step: &Map<String, Value>,
    path: &str,
    requirements: &Requirements,
    scope: VersionSet,
) {
    let rule = Rule::InteractionExamples;
    let request = step.member("request").and_then(Value::as_object);
    let request_at = pointer(path, "request");
    sampling_shapes(cx, step, path);
    let tool_use = request.and_then(|r| {
        ["tools", "toolChoice"]
            .into_iter()
            .find(|key| r.member(key).is_some())
    });
    if let Some(key) = tool_use {
        let lacking = scope.difference(Fact::SamplingContextAndTools.versions());
        if !lacking.is_empty() {
            cx.error(
                rule,
                Code::InteractionVersionMismatch,
                &pointer(&request_at, key),
                format!(
                    "sampling with tools is not defined for MCP {}: scope the tool to {} with `protocolVersions`, or leave `tools` and `toolChoice` out",
                    plain(lacking),
                    plain(Fact::SamplingContextAndTools.versions()),
                ),
            );
        }
    }
    if requirements.lacks("sampling", None) {
        cx.push(
            rule,
            Code::InteractionClientRequirements,
            &pointer(path, "type"),
            "this step shows sampling, but the tool's `clientRequirements` do not require `sampling` of clients; add `sampling: {}` to them, or leave the step out",
        );
        return;
    }
    if let Some(key) = tool_use
        && requirements.lacks("sampling", Some("tools"))
    {
        cx.push(
            rule,
            Code::InteractionClientRequirements,
            &pointer(&request_at, key),
            "this step samples with tools, but the tool's `clientRequirements.sampling` does not require `tools`; add `tools: {}` to it, or leave tool use out",
        );
    }
    let context = request
        .and_then(|r| r.member("includeContext"))
        .and_then(Value::as_str);
    if context.is_some_and(|c| !c.is_empty() && c != "none")
        && requirements.lacks("sampling", Some("context"))
    {
        cx.push(
            rule,
            Code::InteractionClientRequirements,
            &pointer(&request_at, "includeContext"),
            "this step includes context in sampling, but the tool's `clientRequirements.sampling` does not require `context`; add `context: {}` to it, or set `includeContext` to \"none\"",
        );
    }
}

/// The members of a sampling request (`sampling/createMessage`'s parameters).
const SAMPLING_REQUEST: &[&str] = &[
    "messages",
    "modelPreferences",
    "systemPrompt",
    "includeContext",
    "temperature",
    "maxTokens",
    "stopSequences",
    "metadata",
    "tools",
    "toolChoice",
];

/// The members of the protocol's objects a sampling step holds, which take no extensions: the
/// request, its messages, their content, its model preferences and tool choice, and the result.
fn sampling_shapes(cx: &mut Cx, step: &Map<String, Value>, path: &str) {
    let rule = Rule::InteractionExamples;
    let request_at = pointer(path, "request");
    if let Some(request) = step.member("request").and_then(Value::as_object) {
        exact_members(
            cx,
            rule,
            request,
            &request_at,
            SAMPLING_REQUEST,
            "a sampling request",
        );
        let messages = request.member("messages").and_then(Value::as_array);
        for (i, message) in messages.into_iter().flatten().enumerate() {
            let at = pointer(&pointer(&request_at, "messages"), i);
            if let Some(message) = message.as_object() {
                exact_members(
                    cx,
                    rule,
                    message,
                    &at,
                    &["role", "content"],
                    "a sampling message",
                );
                if let Some(content) = message.member("content") {
                    sampling_content(cx, content, &pointer(&at, "content"));
                }
            }
        }
        for (key, allowed, what) in [
            (
                "modelPreferences",
                &[
                    "hints",
                    "costPriority",
                    "speedPriority",
                    "intelligencePriority",
                ][..],
                "model preferences",
            ),
            ("toolChoice", &["mode"][..], "a tool choice"),
        ] {
            if let Some(object) = request.member(key).and_then(Value::as_object) {
                exact_members(cx, rule, object, &pointer(&request_at, key), allowed, what);
            }
        }
    }
    let response_at = pointer(path, "response");
    if let Some(response) = step.member("response").and_then(Value::as_object) {
        exact_members(
            cx,
            rule,
            response,
            &response_at,
            &["role", "content", "model", "stopReason"],
            "a sampling result",
        );
        if let Some(content) = response.member("content") {
            sampling_content(cx, content, &pointer(&response_at, "content"));
        }
    }
}

/// Sampling content: one block or a list of them; each a content block of a tool result, or a
/// tool use or tool result of sampling with tools.
fn sampling_content(cx: &mut Cx, content: &Value, at: &str) {
    let rule = Rule::InteractionExamples;
    let blocks: Vec<(String, &Value)> = match content {
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, item)| (pointer(at, i), item))
            .collect(),
        other => vec![(at.to_owned(), other)],
    };
    for (at, block) in blocks {
        let Some(object) = block.as_object() else {
            continue;
        };
        match object.member("type").and_then(Value::as_str) {
            Some("tool_use") => exact_members(
                cx,
                rule,
                object,
                &at,
                &["type", "id", "name", "input"],
                "a tool use",
            ),
            Some("tool_result") => exact_members(
                cx,
                rule,
                object,
                &at,
                &["type", "toolUseId", "content", "isError"],
                "a tool result",
            ),
            _ => super::examples::content_block(cx, rule, block, &at),
        }
    }
}

/// Checks a request's members; returns its parsed form schema in form mode.
fn check_request(
    cx: &mut Cx,
    request: &Map<String, Value>,
    path: &str,
    mode: Option<&str>,
) -> Option<crate::RequestedSchema> {
    let rule = Rule::InteractionExamples;
    super::toolbox::nonempty_string(
        cx,
        rule,
        request,
        "message",
        path,
        true,
        "an elicitation request",
    );
    match mode {
        Some("form") => {
            exact_members(
                cx,
                rule,
                request,
                path,
                &["mode", "message", "requestedSchema"],
                "a form request",
            );
            let Some(schema) = request.member("requestedSchema") else {
                cx.structural(rule, path, "a form request carries its `requestedSchema`");
                return None;
            };
            let parsed = super::form_schema::check_in_scope(
                cx,
                schema,
                &pointer(path, "requestedSchema"),
                VersionSet::EMPTY,
            )?;
            Some(parsed.schema)
        }
        Some("url") => {
            exact_members(
                cx,
                rule,
                request,
                path,
                &["mode", "message", "url"],
                "a URL request",
            );
            match request.member("url").and_then(Value::as_str) {
                Some(u) if crate::text::is_absolute_uri(u) => {}
                _ => cx.structural(
                    rule,
                    path,
                    "a URL request carries the absolute `url` the user visits",
                ),
            }
            None
        }
        _ => {
            cx.structural(
                rule,
                &pointer(path, "mode"),
                "a request's `mode` is \"form\" or \"url\"",
            );
            None
        }
    }
}

fn check_content(
    cx: &mut Cx,
    schema: &crate::RequestedSchema,
    content: &Map<String, Value>,
    path: &str,
) {
    if let Err(e) = schema.check_content(content) {
        for problem in e.problems() {
            cx.error(
                Rule::InteractionExamples,
                Code::InteractionContentInvalid,
                &format!("{path}{}", problem.pointer()),
                format!("the accepted answer does not fit the requested form: {problem}"),
            );
        }
    }
}
