//! [`Asker`]: one call's way to ask its declarations, guarded, sealed and time-limited.

use std::future::Future;
use std::sync::{Arc, Mutex};
use std::task::Poll;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rmcp::handler::server::common::FromContextPart;
use rmcp::handler::server::prompt::{IntoGetPromptResult, PromptContext};
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{
    CallToolResponse, CancelledNotification, CancelledNotificationParam, ClientResult,
    ElicitRequest, ElicitRequestParams, ElicitResult, ErrorData, GetPromptResponse,
    GetPromptResult, InputRequest, InputRequiredResult, PromptMessage, ReadResourceResponse,
    SealOptions, ServerRequest,
};
use rmcp::service::{
    ElicitationMode, PeerRequestOptions, RequestContext, RoleServer, ServiceError,
};
use serde_json::{Map, Value, json};

use super::served::{Called, Round, RoundData};
use super::{
    ElicitError, Step, URL_REQUIRED_VERSIONS, check_scope, filled_params, form_params,
    is_multi_round_trip,
};
use crate::choices::{FormChoices, Prepared};
use crate::registry::{Declaration, FormHandle, Mode, Primitive, UrlHandle};
use crate::version::{ProtocolVersion, VersionSet};
use crate::{ElicitationForm, StaticForm};

/// What the user did when asked through an [`Asker`], with the declaration's documented
/// follow-up at hand.
#[derive(Debug, Clone, PartialEq)]
pub enum Asked<T> {
    /// The user answered; for a form, the answer fits it (every problem is
    /// [`ElicitError::Content`] instead). For a URL, the user agreed to visit it.
    Accepted(T),
    /// The user declined explicitly.
    Declined {
        /// The declaration's `on_decline`: what the primitive does now, as documented.
        on_decline: Option<&'static str>,
    },
    /// The user dismissed the request.
    Cancelled {
        /// The declaration's `on_cancel`: what the primitive does now, as documented.
        on_cancel: Option<&'static str>,
    },
    /// The user was not asked here: the version is outside the declaration's scope or cannot
    /// carry the question, the client did not declare its mode, or it refused the request. A
    /// primitive whose question is optional goes on without the answer; one that cannot, says
    /// why (the [`NotAsked`](super::NotAsked) displays it), or on MCP 2026-07-28 returns
    /// [`Asker::missing_capability`]'s error.
    NotAsked(super::NotAsked),
}

impl<T> Asked<T> {
    /// The answer, when the user accepted.
    pub fn accepted(self) -> Option<T> {
        match self {
            Asked::Accepted(answer) => Some(answer),
            _ => None,
        }
    }

    /// The declaration's `on_decline` or `on_cancel`, when the user declined or cancelled.
    pub fn follow_up(&self) -> Option<&'static str> {
        match self {
            Asked::Accepted(_) => None,
            Asked::Declined { on_decline } => *on_decline,
            Asked::Cancelled { on_cancel } => *on_cancel,
            Asked::NotAsked(_) => None,
        }
    }

    fn from_result(
        result: &ElicitResult,
        declaration: &Declaration,
        accept: impl FnOnce() -> Result<T, ElicitError>,
    ) -> Result<Self, ElicitError> {
        use rmcp::model::ElicitationAction;
        match result.action {
            ElicitationAction::Accept => accept().map(Asked::Accepted),
            ElicitationAction::Decline => Ok(Asked::Declined {
                on_decline: declaration.on_decline(),
            }),
            _ => Ok(Asked::Cancelled {
                on_cancel: declaration.on_cancel(),
            }),
        }
    }
}

/// One call's way to ask its declarations: a tool's, a prompt's or a resource read's, on any
/// protocol version. Take it as a parameter of a `#[tool]` or `#[prompt]` function (it is an rmcp
/// extractor, in any position), or make it from the request context in `read_resource`
/// ([`Asker::new`]); ask with [`ask!`](crate::ask). The server is served as
/// [`AskingServer`](super::AskingServer), which hands each call its round.
///
/// By default every request it makes is:
/// - **guarded**: sent only when it matches a registered declaration of this primitive
///   ([`contract::check_registered`](crate::contract::check_registered));
/// - **sealed** (MCP 2026-07-28): the `requestState` of its input-required results is signed with
///   the server's key ring, bound to the caller, the primitive and the exact arguments the
///   client sent ([`json::exact`](mcpdesc_format::json::exact)), holds the answers of the earlier
///   rounds, expires, and opens once ([`SpentStates`](super::SpentStates));
/// - **time-limited** (before 2026-07-28): an `elicitation/create` the client does not answer in
///   [`Policy::timeout`](super::Policy::timeout) is cancelled, and a client that cancels the call
///   ends the wait.
///
/// [`unguarded`](Self::unguarded) and [`unsealed`](Self::unsealed) opt out, visibly.
///
/// Ask one declaration at a time on one `Asker` (one after another, not joined).
///
/// # Events
///
/// Every ask ends in one `tracing` event, target `mcpdesc_runtime::session`, with the fields
/// `primitive` (`tool \`close_issue\``), `declaration`, `version` (when known) and either
/// `outcome` or `reason` ([`ElicitError::reason`]):
///
/// | level | when |
/// |---|---|
/// | `WARN` "refused" | a state that does not open or was spent, a store that failed, the guard's refusal, an answer that does not fit (`fields` names the fields) or cannot be read |
/// | `INFO` "the question ended unanswered" | the timeout, or the client cancelled the call |
/// | `DEBUG` "not asked" | the version or the client cannot take the question |
/// | `DEBUG` "asked" | `outcome`: `input required`, `accepted`, `declined` or `cancelled` |
///
/// No event holds an answer's content or a state's bytes: answers may hold personal data.
/// [`StdioTransport`](super::StdioTransport) and [`HttpService`](super::HttpService) add a `WARN` event for each
/// line or body they cannot read.
pub struct Asker {
    peer: rmcp::service::Peer<RoleServer>,
    /// Cancelled when the client cancels the call.
    cancelled: tokio_util::sync::CancellationToken,
    /// The request's version, when the session knows it.
    version: Option<ProtocolVersion>,
    /// Whether the request's client capabilities declare form mode and URL mode.
    modes: (bool, bool),
    round: Arc<RoundData>,
    /// The caller the transport authenticated, which a sealed state is bound to.
    principal: Option<String>,
    guarded: bool,
    sealed: bool,
    timeout: Duration,
    progress: Mutex<Progress>,
}

/// A `requestState` as sealed: a nonce that makes it single-use, the declaration it asks, what its
/// answer is read against, and the answers of the earlier rounds.
///
/// Its members have one-letter names, and the empty ones are left out: the state travels to the
/// client and back on every round, and is signed whole.
#[derive(serde::Serialize)]
struct StateOut<'a> {
    #[serde(rename = "n")]
    nonce: &'a str,
    #[serde(rename = "p")]
    pending: &'a str,
    #[serde(rename = "k", skip_serializing_if = "Value::is_null")]
    kept: &'a Value,
    #[serde(rename = "a", skip_serializing_if = "Map::is_empty")]
    answers: &'a Map<String, Value>,
    /// How many answers to the pending question did not fit its form.
    #[serde(rename = "t", skip_serializing_if = "is_zero")]
    tried: u8,
    /// When the state stops opening, in milliseconds since the Unix epoch.
    #[serde(rename = "x")]
    expires: u64,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// A `requestState` as opened.
#[derive(serde::Deserialize)]
struct StateIn {
    #[serde(rename = "n")]
    nonce: String,
    #[serde(rename = "p")]
    pending: Option<String>,
    #[serde(rename = "k", default)]
    kept: Value,
    #[serde(rename = "a", default)]
    answers: Map<String, Value>,
    #[serde(rename = "t", default)]
    tried: u8,
    #[serde(rename = "x")]
    expires: u64,
}

/// What the rounds of a call have gathered (MCP 2026-07-28): the answers of the earlier rounds,
/// read from the state the retry brought back, and the request that state was made for.
#[derive(Debug, Default)]
struct Progress {
    opened: bool,
    /// Each answered declaration's `ElicitResult`, with what its answer is read against.
    answers: Map<String, Value>,
    /// The declaration the brought-back state asked, with what its answer is read against and
    /// how many of its answers did not fit.
    pending: Option<(String, Value, u8)>,
    /// The declaration this retry answers, with what its answer is read against: its answer
    /// stays in the request's `inputResponses` until a later round's state needs it.
    answered_now: Option<(String, Value)>,
}

/// Shows the primitive and how the call asks: never the key, the state or the arguments.
impl std::fmt::Debug for Asker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Asker")
            .field("primitive", &self.round.primitive)
            .field("protocol_version", &self.protocol_version())
            .field("guarded", &self.guarded)
            .field("sealed", &self.sealed)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl<S> FromContextPart<ToolCallContext<'_, S>> for Asker {
    fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Self, ErrorData> {
        Asker::new(&context.request_context).map_err(ErrorData::from)
    }
}

impl<S> FromContextPart<PromptContext<'_, S>> for Asker {
    fn from_context_part(context: &mut PromptContext<'_, S>) -> Result<Self, ErrorData> {
        Asker::new(&context.context).map_err(ErrorData::from)
    }
}

impl Asker {
    /// The asker of the call `context` handles: a tool call, a prompt request or a resource
    /// read of a server served as [`AskingServer`](super::AskingServer).
    ///
    /// # Errors
    ///
    /// [`ElicitError::NotServed`] when the request did not come through `AskingServer` (nothing can
    /// be asked: the call's `inputResponses`, `requestState` and arguments are not known).
    pub fn new(context: &RequestContext<RoleServer>) -> Result<Self, ElicitError> {
        let Some(Round(round)) = context.extensions.get::<Round>() else {
            return Err(ElicitError::NotServed);
        };
        let version = context
            .protocol_version()
            .and_then(|v| v.as_str().parse().ok());
        let modes = match context.client_capabilities().and_then(|c| c.elicitation) {
            // An empty `elicitation` capability means form mode only.
            Some(c) => (c.form.is_some() || c.url.is_none(), c.url.is_some()),
            None => (false, false),
        };
        Ok(Asker {
            peer: context.peer.clone(),
            cancelled: context.ct.clone(),
            version,
            modes,
            round: Arc::clone(round),
            principal: super::Principal::of(context).map(|p| p.as_str().to_owned()),
            guarded: true,
            sealed: true,
            timeout: round.policy.timeout,
            progress: Mutex::new(Progress::default()),
        })
    }

    /// Sends requests that no registered declaration of this primitive matches. Use it only for
    /// requests a description need not document.
    #[must_use]
    pub fn unguarded(mut self) -> Self {
        self.guarded = false;
        self
    }

    /// Leaves `requestState` unsigned (MCP 2026-07-28): a client can then bring back answers
    /// it was never asked for, a state of another call, or one twice. Answers are still read
    /// against the form.
    #[must_use]
    pub fn unsealed(mut self) -> Self {
        self.sealed = false;
        self
    }

    /// How long an `elicitation/create` of this call may wait for the client (the server's
    /// [`Policy::timeout`](super::Policy::timeout) unless set).
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// The protocol version of this request, when the session knows it.
    pub fn protocol_version(&self) -> Option<ProtocolVersion> {
        self.version
    }

    /// Whether the client declared `mode` for this request (an empty `elicitation` capability
    /// means form only).
    pub fn client_supports(&self, mode: ElicitationMode) -> bool {
        match mode {
            ElicitationMode::Form => self.modes.0,
            ElicitationMode::Url => self.modes.1,
            _ => false,
        }
    }

    /// Asks the form-mode declaration of `handle` with its documented message ([`ask!`]'s form
    /// without choices).
    ///
    /// # Errors
    ///
    /// Nothing is sent when the declaration belongs to another primitive
    /// ([`ElicitError::OtherPrimitive`]) or the guard finds no declaration for the request
    /// ([`ElicitError::Undeclared`]). (A version outside its scope or without the form's
    /// vocabulary, a client without form mode or one that refuses the request are not errors:
    /// the outcome is [`Asked::NotAsked`].) A retry's state that does not open is
    /// [`ElicitError::InvalidRequestState`], one brought back twice
    /// [`ElicitError::ReplayedState`]. The client's silence past the timeout is
    /// [`ElicitError::Timeout`], the call's cancellation [`ElicitError::CallCancelled`], and an
    /// answer that does not fit the form [`ElicitError::Content`], with every problem.
    ///
    /// [`ask!`]: crate::ask
    #[doc(hidden)]
    pub async fn form<F: StaticForm>(
        &self,
        handle: FormHandle<F>,
    ) -> Result<Step<Asked<F>>, ElicitError> {
        let declaration = handle.declaration();
        let outcome = self.form_unreported::<F>(declaration).await;
        self.report(declaration, outcome)
    }

    async fn form_unreported<F: StaticForm>(
        &self,
        declaration: &Declaration,
    ) -> Result<Step<Asked<F>>, ElicitError> {
        let version = self.form_version::<F>(declaration)?;
        let params = || form_params::<F>(declaration.message().to_owned());
        let made = Made::AsDeclared(Some(F::requested_schema()));
        let question = Question {
            declaration,
            version,
            made,
        };
        self.ask_form(
            &question,
            params,
            || Value::Null,
            |_| false,
            |result| read_accepted(result, F::from_content),
        )
        .await
    }

    /// Asks the form-mode declaration of `handle`, its form's run-time parts (choices, defaults)
    /// given by `prepare`, and reads the answer against the choices sent.
    ///
    /// On MCP 2026-07-28 the sealed state keeps a digest of the choices sent, not the choices, so
    /// its size does not grow with them. The retried call fills the form again: when its choices
    /// are those that were asked, the answer is read against them; when they changed meanwhile
    /// (a choice withdrawn or added), the user is asked again with the current ones, in a new
    /// input-required result, as the protocol says a server should rather than fail.
    ///
    /// # Errors
    ///
    /// As [`form`](Self::form), and [`ElicitError::Choices`] (nothing sent) when the run-time part
    /// does not fit the form.
    #[doc(hidden)]
    pub async fn form_filled<P: FormChoices>(
        &self,
        handle: FormHandle<P::Form>,
        fill: P,
    ) -> Result<Step<Asked<P::Form>>, ElicitError> {
        let declaration = handle.declaration();
        let outcome = self.form_filled_unreported(declaration, fill).await;
        self.report(declaration, outcome)
    }

    async fn form_filled_unreported<P: FormChoices>(
        &self,
        declaration: &Declaration,
        fill: P,
    ) -> Result<Step<Asked<P::Form>>, ElicitError> {
        let version = self.form_version::<P::Form>(declaration)?;
        let filled = fill.prepare(version).map_err(ElicitError::Choices)?;
        let params = || filled_params(declaration.message().to_owned(), &filled);
        let made = Made::AsDeclared(Some(P::Form::requested_schema()));
        let digest = choices_digest(&filled);
        let keep = || Value::String(digest.clone());
        let question = Question {
            declaration,
            version,
            made,
        };
        // A sealed retry is read against the choices of the round that asked; when the fill has
        // other choices now, the user is asked again with them.
        let stale = |kept: &Value| kept.as_str() != Some(digest.as_str());
        self.ask_form(&question, params, keep, stale, |result| {
            read_accepted(result, |content| filled.read(content))
        })
        .await
    }

    /// Asks the URL-mode declaration of `handle` with its documented message, at its static URL,
    /// or at `url` when the declaration leaves the URL to run time (a given `url` wins).
    ///
    /// # Errors
    ///
    /// [`ElicitError::InvalidUrl`] when there is no URL or it is not absolute; otherwise as
    /// [`form`](Self::form), URL mode in place of the form's vocabulary.
    #[doc(hidden)]
    pub async fn url(
        &self,
        handle: UrlHandle,
        url: Option<&str>,
    ) -> Result<Step<Asked<()>>, ElicitError> {
        let declaration = handle.declaration();
        let outcome = self.url_unreported(declaration, url, None).await;
        self.report(declaration, outcome)
    }

    async fn url_unreported(
        &self,
        declaration: &Declaration,
        url: Option<&str>,
        described: Option<&Value>,
    ) -> Result<Step<Asked<()>>, ElicitError> {
        let made = match (described, url) {
            (Some(description), _) => Made::Described(description),
            (None, None) => Made::AsDeclared(None),
            (None, Some(_)) => Made::AtRunTime,
        };
        let (url, version) = self.url_of(declaration, url, VersionSet::URL_MODE)?;
        let params = || {
            Ok(ElicitRequestParams::UrlElicitationParams {
                meta: None,
                message: declaration.message().to_owned(),
                url: url.to_owned(),
                // Each request gets a fresh `elicitationId` where the version defines one
                // (2026-07-28 removed it; `StdioTransport` leaves rmcp's empty one out).
                elicitation_id: if version
                    .is_none_or(|v| crate::version::Fact::ElicitationId.versions().contains(v))
                {
                    new_nonce()
                } else {
                    String::new()
                },
            })
        };
        let step = self
            .round(
                declaration,
                version,
                ElicitationMode::Url,
                (params, made),
                || Value::Null,
            )
            .await?;
        Ok(match step {
            Step::Answered((result, _, _)) => {
                Step::Answered(Asked::from_result(&result, declaration, || Ok(()))?)
            }
            Step::InputRequired(result) => Step::InputRequired(result),
        })
    }

    /// Asks `declaration`, read at run time from `description`
    /// ([`Declaration::described`](crate::registry::Declaration::described)): the path a server
    /// takes that serves a description it reads rather than declarations it was compiled with
    /// (`mcpdesc mock`). A form-mode declaration is asked with its form, and the answer's content
    /// is checked against it by the format's answer check ([`RequestedSchema::check_content`]); a
    /// URL-mode one at its URL, or at `url` when given (a given `url` wins).
    ///
    /// It is guarded, sealed and time-limited as [`ask!`](crate::ask) is, with one difference:
    /// the guard holds each request to `description`
    /// ([`contract::check_description`](crate::contract::check_description)), not to the
    /// registry. An answer that does not fit is asked again, with its problems, as `ask!` does.
    ///
    /// The accepted value is the answer's content (an empty object for URL mode).
    ///
    /// # Errors
    ///
    /// As [`ask!`](crate::ask): [`ElicitError::OtherPrimitive`] and [`ElicitError::Undeclared`]
    /// send nothing; a version outside the scope or the form's vocabulary, or a client without
    /// the mode, is [`Asked::NotAsked`]; a URL-mode declaration without a URL is
    /// [`ElicitError::InvalidUrl`].
    ///
    /// [`RequestedSchema::check_content`]: crate::RequestedSchema::check_content
    pub async fn described(
        &self,
        description: &Value,
        declaration: &Declaration,
        url: Option<&str>,
    ) -> Result<Step<Asked<Map<String, Value>>>, ElicitError> {
        let outcome = match declaration.requested_schema() {
            Some(schema) => self.described_form(description, declaration, schema).await,
            None => self
                .url_unreported(declaration, url, Some(description))
                .await
                .map(|step| match step {
                    Step::Answered(asked) => Step::Answered(match asked {
                        Asked::Accepted(()) => Asked::Accepted(Map::new()),
                        Asked::Declined { on_decline } => Asked::Declined { on_decline },
                        Asked::Cancelled { on_cancel } => Asked::Cancelled { on_cancel },
                        Asked::NotAsked(why) => Asked::NotAsked(why),
                    }),
                    Step::InputRequired(result) => Step::InputRequired(result),
                }),
        };
        self.report(declaration, outcome)
    }

    async fn described_form(
        &self,
        description: &Value,
        declaration: &Declaration,
        schema: &'static crate::RequestedSchema,
    ) -> Result<Step<Asked<Map<String, Value>>>, ElicitError> {
        let version = self.form_version_in(declaration, declaration.supported_versions())?;
        // Made once per form and process, as a derived form's is: the form is `'static`.
        let typed = super::kept_rmcp_schema(schema)?;
        let params = || {
            Ok(ElicitRequestParams::FormElicitationParams {
                meta: None,
                message: declaration.message().to_owned(),
                requested_schema: typed.clone(),
            })
        };
        let question = Question {
            declaration,
            version,
            made: Made::Described(description),
        };
        self.ask_form(
            &question,
            params,
            || Value::Null,
            |_| false,
            |result| {
                read_accepted(result, |content| {
                    schema.check_content(content).map(|()| content.clone())
                })
            },
        )
        .await
    }

    /// The error "URL elicitation required" (`-32042`, MCP 2025-11-25) for the URL-mode
    /// declaration of `handle`, at its static URL or at `url` (a given `url` wins), instead of
    /// asking and waiting: return it from the handler. The client sends the user to the URL and
    /// may retry the call once the interaction completes, which
    /// [`notify_elicitation_complete`](super::notify_elicitation_complete) with `elicitation_id`
    /// tells it. The error's `data` is `{"elicitations": [<the URL request>]}`, as the TypeScript
    /// and Python SDKs' clients read it.
    ///
    /// # Errors
    ///
    /// [`ElicitError::InvalidUrl`] when there is no URL or it is not absolute, and
    /// [`ElicitError::OtherPrimitive`] when the declaration belongs to another primitive. No
    /// error is made when the version is outside the declaration's scope
    /// ([`ElicitError::OutOfScope`]) or is not 2025-11-25 ([`ElicitError::UnsupportedVersion`]:
    /// 2026-07-28 removed the error, where `ask!` answers with an input-required result), when
    /// the client did not declare URL mode ([`ElicitError::ClientCannotElicit`]), or when the
    /// guard finds no declaration for the request ([`ElicitError::Undeclared`]).
    pub fn url_required(
        &self,
        handle: UrlHandle,
        url: Option<&str>,
        elicitation_id: &str,
    ) -> Result<ErrorData, ElicitError> {
        let declaration = handle.declaration();
        let given = url;
        let (url, version) = self.url_of(declaration, url, URL_REQUIRED_VERSIONS)?;
        let supports_url = self.client_supports(ElicitationMode::Url);
        let params = super::url_required_params(declaration, url, elicitation_id, supports_url)?;
        let made = match given {
            None => Made::AsDeclared(None),
            Some(_) => Made::AtRunTime,
        };
        self.guard(declaration, &params, version, made)?;
        super::url_required_error(&params)
    }

    /// The error "Missing required client capability" (`-32021`, MCP 2026-07-28) for the
    /// declaration of `handle`, when this request cannot ask it only because its capabilities
    /// lack the mode. Return it from a primitive that cannot go on without the answer, such as
    /// a confirmation: it tells the client what to declare when it retries. Its `data` is
    /// `{"requiredCapabilities": {"elicitation": {"form": {}}}}` (or `"url"`).
    ///
    /// `None` when a capability is not what is missing: the request declares the mode, or
    /// brings the declaration's answer; the version is not 2026-07-28 (earlier versions agree on
    /// capabilities once per session, and `ask!` answers [`ElicitError::ClientCannotElicit`]);
    /// the version is outside the declaration's scope or lacks its form's vocabulary; or the
    /// session does not know the request's version.
    pub fn missing_capability(&self, handle: impl AsRef<Declaration>) -> Option<ErrorData> {
        let declaration = handle.as_ref();
        let answered = self.progress_has(declaration.name())
            || self
                .round
                .input_responses
                .as_ref()
                .is_some_and(|r| r.contains_key(declaration.name()));
        super::missing_capability_error(declaration, self.protocol_version()?, answered, |mode| {
            self.client_supports(mode)
        })
    }

    fn progress_has(&self, key: &str) -> bool {
        self.progress.lock().is_ok_and(|p| {
            p.answers.contains_key(key) || p.answered_now.as_ref().is_some_and(|(k, _)| k == key)
        })
    }

    /// Asks a form-mode question until its answer fits (`read`), at most the policy's
    /// [`answer_tries`](super::Policy::answer_tries) times. An answer that does not fit is asked
    /// again, the same question with what was wrong in the request's `_meta`
    /// ([`PROBLEMS_META`](super::PROBLEMS_META)): in the same call before MCP 2026-07-28, in a
    /// new input-required result on it (the try counted in the sealed state). Nothing is
    /// returned to the primitive meanwhile, so nothing is applied. The last try's problems are
    /// [`ElicitError::Content`].
    async fn ask_form<T>(
        &self,
        question: &Question<'_>,
        params: impl Fn() -> Result<ElicitRequestParams, ElicitError>,
        keep: impl Fn() -> Value,
        stale: impl Fn(&Value) -> bool,
        read: impl Fn(&ElicitResult) -> Result<T, ElicitError>,
    ) -> Result<Step<Asked<T>>, ElicitError> {
        let Question {
            declaration,
            version,
            made,
        } = *question;
        let key = declaration.name();
        let tries = self.round.policy.answer_tries.max(1);
        let mut problems: Vec<String> = Vec::new();
        // The tries so far before MCP 2026-07-28, where the call asks them all.
        let mut tried: u8 = 0;
        loop {
            let asked = || params().map(|p| with_problems(p, &problems));
            let step = self
                .round(
                    declaration,
                    version,
                    ElicitationMode::Form,
                    (asked, made),
                    &keep,
                )
                .await?;
            let (result, kept, tried_before) = match step {
                Step::Answered(answer) => answer,
                Step::InputRequired(result) => return Ok(Step::InputRequired(result)),
            };
            if self.sealed && kept.as_ref().is_some_and(&stale) {
                self.forget(key);
                let fresh = (&params, made);
                return Ok(Step::InputRequired(self.input_required(
                    declaration,
                    version,
                    ElicitationMode::Form,
                    fresh,
                    &keep,
                    0,
                )?));
            }
            tried = tried.max(tried_before).saturating_add(1);
            match Asked::from_result(&result, declaration, || read(&result)) {
                Err(error @ (ElicitError::Content(_) | ElicitError::ContentNotAnObject))
                    if tried < tries =>
                {
                    problems = match &error {
                        ElicitError::Content(e) => {
                            e.problems().iter().map(ToString::to_string).collect()
                        }
                        other => vec![other.to_string()],
                    };
                    tracing::info!(
                        target: "mcpdesc_runtime::session",
                        primitive = %self.round.primitive,
                        declaration = key,
                        version = version.map(|v| v.as_str()),
                        reason = error.reason(),
                        fields = unfit_fields(&error),
                        tries = tried,
                        "the answer did not fit; asked again"
                    );
                    if is_multi_round_trip(version) {
                        self.forget(key);
                        let again = || params().map(|p| with_problems(p, &problems));
                        return Ok(Step::InputRequired(self.input_required(
                            declaration,
                            version,
                            ElicitationMode::Form,
                            (again, made),
                            &keep,
                            tried,
                        )?));
                    }
                }
                outcome => return outcome.map(Step::Answered),
            }
        }
    }

    /// Says what became of asking `declaration` as a `tracing` event (target
    /// `mcpdesc_runtime::session`), and hands the outcome on: see [`Asker`]'s "Events".
    fn report<T>(
        &self,
        declaration: &Declaration,
        outcome: Result<Step<Asked<T>>, ElicitError>,
    ) -> Result<Step<Asked<T>>, ElicitError> {
        let primitive = self.round.primitive.to_string();
        let version = self.version.map(|v| v.as_str());
        let name = declaration.name();
        match &outcome {
            Ok(step) => {
                let what = match step {
                    Step::InputRequired(_) => "input required",
                    Step::Answered(Asked::Accepted(_)) => "accepted",
                    Step::Answered(Asked::Declined { .. }) => "declined",
                    Step::Answered(Asked::Cancelled { .. }) => "cancelled",
                    Step::Answered(Asked::NotAsked(_)) => "not asked",
                };
                tracing::debug!(target: "mcpdesc_runtime::session", primitive, declaration = name, version, outcome = what, "asked");
            }
            Err(error) => {
                let reason = error.reason();
                let fields = unfit_fields(error);
                if let Some(not_asked) = super::NotAsked::of(error) {
                    tracing::debug!(target: "mcpdesc_runtime::session", primitive, declaration = name, version, reason, "not asked");
                    return Ok(Step::Answered(Asked::NotAsked(not_asked)));
                } else if matches!(
                    error,
                    ElicitError::Timeout { .. } | ElicitError::CallCancelled
                ) {
                    tracing::info!(target: "mcpdesc_runtime::session", primitive, declaration = name, version, reason, "the question ended unanswered");
                } else {
                    tracing::warn!(target: "mcpdesc_runtime::session", primitive, declaration = name, version, reason, fields, "refused");
                }
            }
        }
        outcome
    }

    /// The request's version, checked against the declaration's primitive and scope and the
    /// form's vocabulary.
    fn form_version<F: ElicitationForm>(
        &self,
        declaration: &Declaration,
    ) -> Result<Option<ProtocolVersion>, ElicitError> {
        self.form_version_in(declaration, F::PROTOCOL_VERSIONS)
    }

    /// The request's version, checked against the declaration's primitive and scope and the
    /// versions `supported` whose vocabulary its form fits.
    fn form_version_in(
        &self,
        declaration: &Declaration,
        supported: VersionSet,
    ) -> Result<Option<ProtocolVersion>, ElicitError> {
        self.check_primitive(declaration)?;
        let version = self.protocol_version();
        if let Some(v) = version {
            check_scope(declaration, v)?;
            if !supported.contains(v) {
                return Err(ElicitError::UnsupportedVersion {
                    version: v,
                    supported,
                });
            }
        }
        Ok(version)
    }

    /// The URL a URL-mode declaration is sent with, and the request's version, checked.
    fn url_of<'u>(
        &self,
        declaration: &'u Declaration,
        given: Option<&'u str>,
        supported: VersionSet,
    ) -> Result<(&'u str, Option<ProtocolVersion>), ElicitError> {
        self.check_primitive(declaration)?;
        let version = self.protocol_version();
        let url = super::checked_url(declaration, given, version, supported)?;
        Ok((url, version))
    }

    /// The declaration belongs to the primitive being called (a resource template's to a URI it
    /// can expand to).
    fn check_primitive(&self, declaration: &Declaration) -> Result<(), ElicitError> {
        let same = match (&self.round.primitive, declaration.primitive()) {
            (Called::Tool(called), Primitive::Tool(declared))
            | (Called::Prompt(called), Primitive::Prompt(declared))
            | (Called::Resource(called), Primitive::Resource(declared)) => called == declared,
            (Called::Resource(uri), Primitive::ResourceTemplate(template)) => {
                template_matches(template, uri)
            }
            _ => false,
        };
        if same {
            return Ok(());
        }
        Err(ElicitError::OtherPrimitive {
            declaration: declaration.name(),
            declared: declaration.primitive(),
            called: self.round.primitive.to_string(),
        })
    }

    /// One round of asking `declaration`: on MCP 2026-07-28 its answer from the state or the
    /// retry when there is one, else an input-required result whose state keeps `keep()`;
    /// before, the request `params` builds, sent and awaited.
    async fn round(
        &self,
        declaration: &Declaration,
        version: Option<ProtocolVersion>,
        mode: ElicitationMode,
        (params, made): (
            impl FnOnce() -> Result<ElicitRequestParams, ElicitError>,
            Made<'_>,
        ),
        keep: impl FnOnce() -> Value,
    ) -> Result<Step<(ElicitResult, Option<Value>, u8)>, ElicitError> {
        let key = declaration.name();
        if !is_multi_round_trip(version) {
            let params = self.checked_params(declaration, version, mode, (params, made))?;
            return self
                .send(params)
                .await
                .map(|r| Step::Answered((r, None, 0)));
        }
        self.open().await?;
        if let Some((result, kept, tried)) = self.answered(key)? {
            return Ok(Step::Answered((result, Some(kept), tried)));
        }
        self.input_required(declaration, version, mode, (params, made), keep, 0)
            .map(Step::InputRequired)
    }

    /// The input-required result that asks `declaration` (MCP 2026-07-28), its state keeping
    /// `keep()` and the tries of the question so far (`tried`) beside the answers of the earlier
    /// rounds.
    fn input_required(
        &self,
        declaration: &Declaration,
        version: Option<ProtocolVersion>,
        mode: ElicitationMode,
        (params, made): (
            impl FnOnce() -> Result<ElicitRequestParams, ElicitError>,
            Made<'_>,
        ),
        keep: impl FnOnce() -> Value,
        tried: u8,
    ) -> Result<Box<InputRequiredResult>, ElicitError> {
        let key = declaration.name();
        let params = self.checked_params(declaration, version, mode, (params, made))?;
        let state = self.state_for(key, keep(), tried)?;
        let request = InputRequest::Elicitation(ElicitRequest::new(params));
        let result =
            InputRequiredResult::new(Some([(key.to_owned(), request)].into()), Some(state));
        Ok(Box::new(result))
    }

    /// The request `params` builds, when the client declared `mode` and the guard lets it go.
    fn checked_params(
        &self,
        declaration: &Declaration,
        version: Option<ProtocolVersion>,
        mode: ElicitationMode,
        (params, made): (
            impl FnOnce() -> Result<ElicitRequestParams, ElicitError>,
            Made<'_>,
        ),
    ) -> Result<ElicitRequestParams, ElicitError> {
        if !self.client_supports(mode) {
            return Err(ElicitError::ClientCannotElicit { mode });
        }
        let params = params()?;
        self.guard(declaration, &params, version, made)?;
        Ok(params)
    }

    /// Drops the answer to `key` this call has (from an earlier round or from this retry), so
    /// that the next state asks it again.
    fn forget(&self, key: &str) {
        let mut progress = self.progress.lock().unwrap_or_else(|e| e.into_inner());
        progress.answers.remove(key);
        if progress
            .answered_now
            .as_ref()
            .is_some_and(|(answered, _)| answered == key)
        {
            progress.answered_now = None;
        }
    }

    /// The answer to `key` this call already has: from an earlier round (in the state), or from
    /// this retry when the state asked it. An answer the client sends for a question the state
    /// did not ask is not read.
    fn answered(&self, key: &str) -> Result<Option<(ElicitResult, Value, u8)>, ElicitError> {
        use serde::Deserialize as _;
        let mut progress = self.progress.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(entry) = progress.answers.get(key) {
            let result = entry.get("r").unwrap_or(&Value::Null);
            let kept = entry.get("k").cloned().unwrap_or(Value::Null);
            let result =
                ElicitResult::deserialize(result).map_err(|_| ElicitError::InvalidRequestState)?;
            return Ok(Some((result, kept, 0)));
        }
        let answer = self.round.input_responses.as_ref().and_then(|r| r.get(key));
        if let (Some((answered, kept)), Some(value)) = (&progress.answered_now, answer)
            && answered == key
        {
            let result =
                ElicitResult::deserialize(value).map_err(ElicitError::NotAnElicitResult)?;
            return Ok(Some((result, kept.clone(), 0)));
        }
        let asked_now = match &progress.pending {
            Some((pending, _, _)) => pending == key,
            // An answer with no state to say it was asked: refused on a sealed call, which
            // reads no answer it did not ask for; an unsealed call trusts the client.
            None if self.sealed && answer.is_some() && self.round.request_state.is_none() => {
                return Err(ElicitError::InvalidRequestState);
            }
            None => !self.sealed,
        };
        let Some(value) = answer.filter(|_| asked_now) else {
            return Ok(None);
        };
        let result = ElicitResult::deserialize(value).map_err(ElicitError::NotAnElicitResult)?;
        let (kept, tried) = match progress.pending.take() {
            Some((_, kept, tried)) => (kept, tried),
            None => (Value::Null, 0),
        };
        progress.answered_now = Some((key.to_owned(), kept.clone()));
        Ok(Some((result, kept, tried)))
    }

    /// Opens the state the retry brought back, once per call.
    async fn open(&self) -> Result<(), ElicitError> {
        if self.progress.lock().map_or(true, |p| p.opened) {
            return Ok(());
        }
        let mut opened = Progress {
            opened: true,
            ..Progress::default()
        };
        if let Some(state) = &self.round.request_state {
            let payload: StateIn = if self.sealed {
                let binding = self.binding();
                let bytes = self
                    .round
                    .policy
                    .keys
                    .codec
                    .open_with(state, binding.as_bytes())
                    .map_err(|_| ElicitError::InvalidRequestState)?;
                serde_json::from_slice(&bytes).map_err(|_| ElicitError::InvalidRequestState)?
            } else {
                serde_json::from_str(state).map_err(|_| ElicitError::InvalidRequestState)?
            };
            if self.sealed {
                if unix_millis(SystemTime::now()) > payload.expires {
                    return Err(ElicitError::InvalidRequestState);
                }
                // Remembered for as long as any replica may still open the state: until the
                // expiry sealed in it, plus the clocks' allowed disagreement.
                let remember = payload
                    .expires
                    .saturating_add(millis(self.round.policy.clock_skew));
                let until = UNIX_EPOCH
                    .checked_add(Duration::from_millis(remember.min(LATEST_REMEMBERED)))
                    .unwrap_or(UNIX_EPOCH);
                match self.round.policy.spent.spend(&payload.nonce, until).await {
                    Ok(true) => {}
                    Ok(false) => return Err(ElicitError::ReplayedState),
                    Err(e) => {
                        tracing::warn!(target: "mcpdesc_runtime::session", error = %e, "the store of spent requestStates failed; the state was refused");
                        return Err(ElicitError::SpentStore(e));
                    }
                }
            }
            opened.answers = payload.answers;
            opened.pending = payload
                .pending
                .map(|pending| (pending, payload.kept, payload.tried));
        }
        let mut progress = self.progress.lock().unwrap_or_else(|e| e.into_inner());
        if !progress.opened {
            *progress = opened;
        }
        Ok(())
    }

    /// The state of an input-required result that asks `key`: the answers so far, the question
    /// and what its answer is read against, and a nonce that makes it single-use; sealed unless
    /// the call is [`unsealed`](Self::unsealed).
    fn state_for(&self, key: &str, kept: Value, tried: u8) -> Result<String, ElicitError> {
        let nonce = new_nonce();
        let text = {
            let mut progress = self.progress.lock().unwrap_or_else(|e| e.into_inner());
            // The answer this retry brought joins the earlier ones.
            if let Some((answered, kept)) = progress.answered_now.take() {
                let result = self
                    .round
                    .input_responses
                    .as_ref()
                    .and_then(|r| r.get(&answered))
                    .cloned()
                    .unwrap_or(Value::Null);
                progress
                    .answers
                    .insert(answered, json!({ "r": result, "k": kept }));
            }
            serde_json::to_string(&StateOut {
                nonce: &nonce,
                pending: key,
                kept: &kept,
                answers: &progress.answers,
                tried,
                expires: unix_millis(SystemTime::now())
                    .saturating_add(millis(self.round.policy.state_ttl)),
            })
            .map_err(ElicitError::Schema)?
        };
        if !self.sealed {
            return Ok(text);
        }
        let binding = self.binding();
        // The expiry is in the payload, read where the state is spent.
        let options = SealOptions::new().associated_data(binding.as_bytes());
        Ok(self
            .round
            .policy
            .keys
            .codec
            .seal_with(text.as_bytes(), &options))
    }

    /// What a sealed state is bound to: the caller the transport authenticated (none over
    /// stdio), the primitive called, and the exact form of the arguments the client sent
    /// ([`json::exact`](mcpdesc_format::json::exact)), so that a retry opens it whatever the order of its
    /// keys, and no other call or caller does.
    fn binding(&self) -> String {
        let (kind, identity) = match &self.round.primitive {
            Called::Tool(n) => ("tool", n.as_str()),
            Called::Prompt(n) => ("prompt", n.as_str()),
            Called::Resource(u) => ("resource", u.as_str()),
        };
        let arguments = Value::Object(self.round.arguments.clone().unwrap_or_default());
        let arguments = crate::json::exact(&arguments);
        // The caller, written as JSON so that no name can run into the next part; `null` for
        // none, which no name writes.
        let principal = Value::from(self.principal.clone()).to_string();
        // A version of this layout first, so that a later one can never open this one's states.
        let mut binding = String::with_capacity(
            8 + principal.len() + kind.len() + identity.len() + arguments.len(),
        );
        for part in ["3", &principal, kind, identity] {
            binding.push_str(part);
            binding.push('\u{0}');
        }
        binding.push_str(&arguments);
        binding
    }

    fn guard(
        &self,
        declaration: &Declaration,
        params: &ElicitRequestParams,
        version: Option<ProtocolVersion>,
        made: Made<'_>,
    ) -> Result<(), ElicitError> {
        if !self.guarded || registered_as_made(declaration, made) {
            return Ok(());
        }
        let mut value = serde_json::to_value(params).map_err(ElicitError::Schema)?;
        // Without a known version, the check uses the newest one (it still compares mode,
        // schema and URL).
        let version = version.unwrap_or(ProtocolVersion::LATEST);
        // rmcp's model writes `elicitationId` on every URL request; where the version does not
        // define it, it is not sent (`StdioTransport` leaves it out), so it is not checked.
        if !crate::version::Fact::ElicitationId
            .versions()
            .contains(version)
            && let Some(request) = value.as_object_mut()
        {
            request.remove("elicitationId");
        }
        match made {
            Made::Described(description) => crate::contract::check_description(
                description,
                declaration.primitive(),
                version,
                &value,
            )
            .map(|_| ()),
            _ => crate::contract::check_registered(declaration.primitive(), version, &value)
                .map(|_| ()),
        }
        .map_err(ElicitError::Undeclared)
    }

    /// Sends `elicitation/create` and waits for the answer, at most the call's timeout, and no
    /// longer than the call itself: a client that cancels the call ends the wait. Either way the
    /// request is cancelled with the client.
    async fn send(&self, params: ElicitRequestParams) -> Result<ElicitResult, ElicitError> {
        let request = ServerRequest::ElicitRequest(ElicitRequest::new(params));
        let options = PeerRequestOptions::with_timeout(self.timeout);
        let handle = self
            .peer
            .send_request_with_option(request, options)
            .await
            .map_err(ElicitError::Service)?;
        let (peer, id) = (handle.peer.clone(), handle.id.clone());
        let mut response = std::pin::pin!(handle.await_response());
        let mut cancelled = std::pin::pin!(self.cancelled.cancelled());
        let outcome = std::future::poll_fn(|cx| {
            if let Poll::Ready(response) = response.as_mut().poll(cx) {
                return Poll::Ready(Some(response));
            }
            if cancelled.as_mut().poll(cx).is_ready() {
                return Poll::Ready(None);
            }
            Poll::Pending
        })
        .await;
        match outcome {
            Some(Ok(ClientResult::ElicitResult(result))) => Ok(result),
            // rmcp read the answer as another kind of result: read it as the answer it should be,
            // which says what is wrong with it.
            Some(Ok(other)) => Err(ElicitError::NotAnElicitResult(
                match serde_json::to_value(&other)
                    .map(|v| <ElicitResult as serde::Deserialize>::deserialize(&v))
                {
                    Ok(Err(e)) | Err(e) => e,
                    Ok(Ok(_)) => serde::de::Error::custom("it is another kind of result"),
                },
            )),
            Some(Err(ServiceError::McpError(e))) if let Some(error) = made_by_lines(&e) => {
                Err(error)
            }
            Some(Err(ServiceError::Timeout { timeout })) => Err(ElicitError::Timeout { timeout }),
            Some(Err(e)) => Err(ElicitError::Service(e)),
            None => {
                let notification = CancelledNotification::new(CancelledNotificationParam::new(
                    Some(id),
                    Some("the call that asked was cancelled".to_owned()),
                ));
                let _ = peer.send_notification(notification.into()).await;
                Err(ElicitError::CallCancelled)
            }
        }
    }
}

/// `time` in milliseconds since the Unix epoch (0 before it).
fn unix_millis(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH).map_or(0, millis)
}

/// `duration` in whole milliseconds, at most `u64::MAX`.
fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// The latest time a spent state is remembered until, in milliseconds since the Unix epoch:
/// about 34,000 years from it, which every platform's `SystemTime` holds.
const LATEST_REMEMBERED: u64 = (1 << 40) * 1000;

/// The error [`StdioTransport`](super::StdioTransport) made in place of an answer it could not read, as the
/// `ElicitError` it stands for; `None` for an error the client sent.
fn made_by_lines(error: &ErrorData) -> Option<ElicitError> {
    use super::lines::{MARKER, NOT_AN_ELICIT_RESULT, REASON, UNREADABLE};
    let data = error.data.as_ref()?;
    match data.get(MARKER)?.as_str()? {
        UNREADABLE => Some(ElicitError::UnreadableAnswer {
            reason: data.get(REASON)?.as_str()?.to_owned(),
        }),
        NOT_AN_ELICIT_RESULT => {
            let result = data.get("result").unwrap_or(&Value::Null);
            <ElicitResult as serde::Deserialize>::deserialize(result)
                .err()
                .map(ElicitError::NotAnElicitResult)
        }
        _ => None,
    }
}

/// Which fields an answer did not fit, never what they held.
fn unfit_fields(error: &ElicitError) -> Option<String> {
    let ElicitError::Content(e) = error else {
        return None;
    };
    let mut fields: Vec<&str> = e.problems().iter().map(|p| p.property()).collect();
    fields.dedup();
    Some(fields.join(", "))
}

/// A form-mode question as [`Asker::ask_form`] asks it.
#[derive(Clone, Copy)]
struct Question<'d> {
    declaration: &'d Declaration,
    version: Option<ProtocolVersion>,
    made: Made<'d>,
}

/// `params` with what was wrong with the last answer (`problems`) in its `_meta`, under
/// [`PROBLEMS_META`](super::PROBLEMS_META); as they are when there is nothing to say.
fn with_problems(params: ElicitRequestParams, problems: &[String]) -> ElicitRequestParams {
    if problems.is_empty() {
        return params;
    }
    let mut said = Map::new();
    said.insert(super::PROBLEMS_META.to_owned(), json!(problems));
    match params {
        ElicitRequestParams::FormElicitationParams {
            message,
            requested_schema,
            ..
        } => ElicitRequestParams::FormElicitationParams {
            meta: Some(said.into()),
            message,
            requested_schema,
        },
        other => other,
    }
}

/// How a request was made from its declaration.
#[derive(Clone, Copy)]
enum Made<'d> {
    /// From the declaration alone: its message, and the handle's form (`Some(its static
    /// schema)`: the schema as it is, or filled through the form's generated `…Choices`, whose
    /// `prepare` holds the run-time parts to the same rules the contract check does), or its static
    /// URL (`None`).
    AsDeclared(Option<&'static crate::RequestedSchema>),
    /// With a part the declaration does not fix: a URL chosen at run time.
    AtRunTime,
    /// From a declaration read from this description at run time
    /// ([`Declaration::described`](crate::registry::Declaration::described)): checked against the
    /// description, not the registry.
    Described(&'d Value),
}

/// Whether a request made from `declaration` ([`Made::AsDeclared`]) is the request of the
/// declaration the registry holds for its primitive: the same message, scope, and form (or
/// static URL). Such a request matches its declaration whatever the contract check would compare
/// (the version was checked against the scope and the form's vocabulary before, and a fill's
/// run-time parts by `prepare`; `tests/contract.rs` holds what `prepare` sends to the check on every
/// version), so the guard need not serialize and compare it; a URL chosen at run time is checked
/// in full.
fn registered_as_made(declaration: &Declaration, made: Made<'_>) -> bool {
    let Made::AsDeclared(sent_schema) = made else {
        return false;
    };
    let Some(registered) = crate::registry::find(declaration.primitive(), declaration.name())
    else {
        return false;
    };
    let same_mode = match (registered.mode(), declaration.mode(), sent_schema) {
        (Mode::Form { schema: r, .. }, Mode::Form { schema: d, .. }, Some(sent)) => {
            std::ptr::eq(r(), d()) && std::ptr::eq(d(), sent)
        }
        (Mode::Url { url: Some(r) }, Mode::Url { url: Some(d) }, None) => r == d,
        _ => false,
    };
    same_mode
        && registered.message() == declaration.message()
        && registered.protocol_versions() == declaration.protocol_versions()
}

/// The content of an accepted result, read by `read` (no content reads as an empty object).
fn read_accepted<F>(
    result: &ElicitResult,
    read: impl FnOnce(&Map<String, Value>) -> Result<F, crate::ContentError>,
) -> Result<F, ElicitError> {
    static EMPTY: std::sync::LazyLock<Map<String, Value>> = std::sync::LazyLock::new(Map::new);
    let content = match &result.content {
        Some(Value::Object(map)) => map,
        None => &EMPTY,
        Some(_) => return Err(ElicitError::ContentNotAnObject),
    };
    read(content).map_err(|e| {
        // The numbers as the client wrote them, which the transport passed on in `_meta`.
        let written = result
            .meta
            .as_ref()
            .and_then(|m| m.get(super::lines::WRITTEN_NUMBERS))
            .and_then(Value::as_object);
        ElicitError::Content(match written {
            Some(written) => e.numbers_as_written(written),
            None => e,
        })
    })
}

/// A value no other state of any process has: 8 random bytes drawn once per process, then a
/// counter, in base64url (22 characters). It need not be secret (the state is signed), only
/// never repeated.
/// The digest of `filled`'s run-time choices a sealed state keeps: 43 characters of base64,
/// whatever the number of choices.
fn choices_digest<F: ElicitationForm>(filled: &Prepared<F>) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(filled.choices_digest())
}

pub(super) fn new_nonce() -> String {
    use base64::Engine as _;
    use std::sync::atomic::{AtomicU64, Ordering};
    static SEED: std::sync::LazyLock<[u8; 8]> = std::sync::LazyLock::new(|| {
        let mut bytes = [0u8; 8];
        if getrandom::fill(&mut bytes).is_err() {
            for (byte, fallback) in bytes.iter_mut().zip(super::policy::fallback_key()) {
                *byte = fallback;
            }
        }
        bytes
    });
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut bytes = [0u8; 16];
    for (byte, from) in bytes.iter_mut().zip(
        SEED.iter()
            .chain(&COUNTER.fetch_add(1, Ordering::Relaxed).to_le_bytes()),
    ) {
        *byte = *from;
    }
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Whether `uri` is one of the URIs the RFC 6570 `template` expands to (the validator reads a
/// resource template example's URI the same way).
fn template_matches(template: &str, uri: &str) -> bool {
    crate::uri_template::UriTemplate::parse(template).is_some_and(|t| t.matches(uri))
}

/// What the two-argument [`ask!`](crate::ask) asks: a handle, once known to need no fill, with
/// the type of its answer. `ask!` passes its handle through [`without_choices`] first; nothing after that
/// names the handle's type, so a form that needs its fill is one error, at the handle.
#[doc(hidden)]
pub struct Whole<A> {
    declaration: Declaration,
    run: for<'a> fn(&'a Asker, Declaration) -> AskFuture<'a, A>,
}

/// The question of a [`Whole`] handle, asked.
#[doc(hidden)]
pub type AskFuture<'a, A> =
    std::pin::Pin<Box<dyn Future<Output = Result<Step<Asked<A>>, ElicitError>> + Send + 'a>>;

impl<A> Whole<A> {
    /// Asks it through `asker`.
    pub fn ask(self, asker: &Asker) -> AskFuture<'_, A> {
        (self.run)(asker, self.declaration)
    }
}

/// A handle the two-argument `ask!` can ask, and the type of its answer.
#[doc(hidden)]
pub trait AskWithoutChoices<A> {
    /// The handle, as [`Whole`].
    fn whole(self) -> Whole<A>;
}

impl<F: StaticForm + Send + 'static> AskWithoutChoices<F> for FormHandle<F> {
    fn whole(self) -> Whole<F> {
        fn run<F: StaticForm + Send + 'static>(
            asker: &Asker,
            declaration: Declaration,
        ) -> AskFuture<'_, F> {
            Box::pin(asker.form(FormHandle::<F>::__new(declaration)))
        }
        Whole {
            declaration: *self.declaration(),
            run: run::<F>,
        }
    }
}

impl AskWithoutChoices<()> for UrlHandle {
    fn whole(self) -> Whole<()> {
        fn run(asker: &Asker, declaration: Declaration) -> AskFuture<'_, ()> {
            Box::pin(asker.url(UrlHandle::__new(declaration), None))
        }
        Whole {
            declaration: *self.declaration(),
            run,
        }
    }
}

/// `handle` as [`Whole`]: what the two-argument `ask!` calls.
#[doc(hidden)]
pub fn without_choices<H: AskWithoutChoices<A>, A>(handle: H) -> Whole<A> {
    handle.whole()
}

/// A prompt's answer when it can ask: its messages, or an input-required result (MCP
/// 2026-07-28). Return `Result<PromptReply, ErrorData>` from a `#[prompt]` function that asks;
/// `GetPromptResult` and `Vec<PromptMessage>` convert into it.
#[derive(Debug, Clone)]
pub enum PromptReply {
    /// The prompt's messages.
    Messages(GetPromptResult),
    /// Ask the client first; it retries the request with the answers.
    InputRequired(Box<InputRequiredResult>),
}

impl From<GetPromptResult> for PromptReply {
    fn from(result: GetPromptResult) -> Self {
        PromptReply::Messages(result)
    }
}

impl From<Vec<PromptMessage>> for PromptReply {
    fn from(messages: Vec<PromptMessage>) -> Self {
        PromptReply::Messages(GetPromptResult::new(messages))
    }
}

impl IntoGetPromptResult for PromptReply {
    fn into_get_prompt_result(self) -> Result<GetPromptResponse, ErrorData> {
        Ok(match self {
            PromptReply::Messages(result) => result.into(),
            PromptReply::InputRequired(result) => (*result).into(),
        })
    }
}

/// A handler's response that can be an input-required result (MCP 2026-07-28), which
/// [`ask!`](crate::ask) returns when the client must be asked first.
#[diagnostic::on_unimplemented(
    message = "a handler that asks cannot answer with `{Self}`",
    label = "`ask!` may return an input-required result from here",
    note = "return `Result<CallToolResponse, ErrorData>` from a tool, `Result<PromptReply, ErrorData>` from a prompt, and `Result<ReadResourceResponse, ErrorData>` from a resource read"
)]
pub trait InputRequiredResponse: Sized {
    /// The response that is `result`.
    fn input_required(result: InputRequiredResult) -> Self;
}

impl InputRequiredResponse for CallToolResponse {
    fn input_required(result: InputRequiredResult) -> Self {
        result.into()
    }
}

// Not suggested: rmcp's `#[prompt_router]` cannot route a function that returns
// `GetPromptResponse`, so a prompt is pointed at `PromptReply` instead.
#[diagnostic::do_not_recommend]
impl InputRequiredResponse for GetPromptResponse {
    fn input_required(result: InputRequiredResult) -> Self {
        result.into()
    }
}

impl InputRequiredResponse for ReadResourceResponse {
    fn input_required(result: InputRequiredResult) -> Self {
        result.into()
    }
}

impl InputRequiredResponse for PromptReply {
    fn input_required(result: InputRequiredResult) -> Self {
        PromptReply::InputRequired(Box::new(result))
    }
}

/// The response that is `result`, for [`ask!`](crate::ask).
#[doc(hidden)]
pub fn __input_required<R: InputRequiredResponse>(result: InputRequiredResult) -> R {
    R::input_required(result)
}

#[cfg(test)]
mod tests {
    use super::template_matches;

    #[test]
    fn a_template_matches_the_uris_it_expands_to() {
        for (template, uri, expected) in [
            ("file:///notes/{name}.md", "file:///notes/today.md", true),
            ("file:///notes/{name}.md", "file:///notes/a.b.md", true),
            // A simple expression's value has no `/`; a reserved one's can.
            ("file:///notes/{name}.md", "file:///notes/a/b.md", false),
            ("file:///notes/{+path}.md", "file:///notes/a/b.md", true),
            ("file:///notes/{name", "file:///notes/{name", false),
            ("file:///notes/{name}.md", "file:///notes/today.txt", false),
            ("file:///notes/{name}.md", "file:///other/today.md", false),
            (
                "tracker://issues/{number}/history",
                "tracker://issues/7/history",
                true,
            ),
            (
                "tracker://issues/{number}/history",
                "tracker://issues/7",
                false,
            ),
            ("a{x}b{y}c", "aXXbYYc", true),
            ("a{x}b{y}c", "abc", true),
            ("a{x}b{y}c", "aXXc", false),
            ("fixed://uri", "fixed://uri", true),
            ("fixed://uri", "fixed://uri/", false),
        ] {
            assert_eq!(
                template_matches(template, uri),
                expected,
                "{template} {uri}"
            );
        }
    }
}
