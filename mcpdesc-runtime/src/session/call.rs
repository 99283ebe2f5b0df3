//! [`Call`], the call object before [`Asker`](super::Asker): neither guarded nor sealed unless
//! told, and without a timeout. Deprecated; kept for servers written against it.
#![allow(deprecated)]

use std::sync::atomic::{AtomicU64, Ordering};

use rmcp::model::{
    ElicitRequest, ElicitRequestParams, ElicitResult, ErrorData, InputRequest, InputRequiredResult,
    InputResponses, RequestStateCodec, SealOptions,
};
use rmcp::service::{ElicitationMode, RequestContext, RoleServer};
use serde_json::{Map, Value};

use super::*;

/// One primitive call's view of the session: the negotiated protocol version and the client's
/// capabilities *of this request*, the peer, and on MCP 2026-07-28 the round's
/// `inputResponses` and `requestState`. Its methods ask a registered declaration the way the
/// version asks:
///
/// - 2025-06-18 and 2025-11-25: an `elicitation/create` request, awaited
///   ([`Step::Answered`]);
/// - 2026-07-28: no server-initiated request exists. The first round returns
///   [`Step::InputRequired`], the result to answer the call with; the retried call, whose
///   `inputResponses` this `Call` is given, returns [`Step::Answered`].
///
/// Nothing is sent when the version is outside the declaration's scope
/// ([`ElicitError::OutOfScope`]), lacks the form's vocabulary or URL mode
/// ([`ElicitError::UnsupportedVersion`]), or the client did not declare the mode
/// ([`ElicitError::ClientCannotElicit`]); [`ElicitError::is_unavailable`] tells these apart from
/// real failures. A [`guarded`](Call::guarded) call also refuses any request the registry does
/// not declare for its primitive.
///
/// `requestState` comes back from the client and is untrusted (MCP 2026-07-28). A
/// [`sealed`](Call::sealed) call signs the state of the result it returns, bound to the
/// primitive, the declaration and the call's arguments, and reads a retry's answer only when the
/// state it brings back opens ([`ElicitError::InvalidRequestState`] otherwise).
///
/// ```no_run
/// use mcpdesc_runtime::registry::{self, Primitive};
/// use mcpdesc_runtime::session::{Answer, Call, Step};
/// use mcpdesc_runtime::ElicitationForm;
/// # use rmcp::model::{InputResponses, RequestStateCodec};
/// # use rmcp::service::{RequestContext, RoleServer};
///
/// #[derive(ElicitationForm)]
/// struct Confirm {
///     confirm: bool,
/// }
///
/// # async fn tool(ctx: RequestContext<RoleServer>, issue: u64, responses: Option<InputResponses>,
/// #     state: Option<String>, codec: RequestStateCodec)
/// # -> Result<(), Box<dyn std::error::Error>> {
/// let declaration = registry::find(Primitive::Tool("close_issue"), "confirm_close").unwrap();
/// let call = Call::new(&ctx, Primitive::Tool("close_issue"))
///     .input_responses(responses.as_ref())
///     .sealed(&codec, state.as_deref(), &issue)
///     .guarded();
/// match call.form::<Confirm>(declaration).await? {
///     Step::Answered(Answer::Accepted(c)) if c.confirm => { /* close it */ }
///     Step::Answered(_) => { /* keep it open, as `on_decline` says */ }
///     Step::InputRequired(result) => {
///         // return `*result` from the tool; the client retries with the answer
///     }
/// }
/// # Ok(())
/// # }
/// ```
#[deprecated(
    since = "0.1.0",
    note = "ask through `Asker` and `ask!`, which are guarded, sealed and time-limited by default; `Call` is neither unless told"
)]
pub struct Call<'a> {
    context: &'a RequestContext<RoleServer>,
    primitive: Primitive,
    input_responses: Option<&'a InputResponses>,
    guarded: bool,
    seal: Option<Seal<'a>>,
}

/// Shows what the call asks for and how: its primitive, protocol version, and whether it is
/// guarded, sealed and carries a retry's answers. Never the sealing key, the state or the call's
/// arguments, which can hold what a user typed.
impl fmt::Debug for Call<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Call")
            .field("primitive", &self.primitive)
            .field("protocol_version", &self.protocol_version())
            .field("guarded", &self.guarded)
            .field("sealed", &self.seal.is_some())
            .field("input_responses", &self.input_responses.is_some())
            .finish_non_exhaustive()
    }
}

/// How a [`Call`] seals and opens `requestState`.
struct Seal<'a> {
    codec: &'a RequestStateCodec,
    /// The state the retried call brought back.
    request_state: Option<&'a str>,
    /// The call's arguments, serialized: part of what a state is bound to.
    arguments: Vec<u8>,
}

/// How long a sealed `requestState` stays valid.
const STATE_TTL: std::time::Duration = std::time::Duration::from_secs(600);

impl<'a> Call<'a> {
    /// A call of `primitive`, handled with `context`.
    pub fn new(context: &'a RequestContext<RoleServer>, primitive: Primitive) -> Self {
        Call {
            context,
            primitive,
            input_responses: None,
            guarded: false,
            seal: None,
        }
    }

    /// The `inputResponses` of this round (MCP 2026-07-28 retries), as the request carried them.
    #[must_use]
    pub fn input_responses(mut self, responses: Option<&'a InputResponses>) -> Self {
        self.input_responses = responses;
        self
    }

    /// Seal the `requestState` of the input-required results this call returns with `codec`,
    /// bound to the primitive, the declaration and `arguments` (serialized as JSON), and read a
    /// retry's answer only when `request_state`, the state the retry brought back, opens with the
    /// same binding and has not expired (ten minutes). A state forged, missing, expired, or
    /// sealed for another primitive, declaration or arguments is
    /// [`ElicitError::InvalidRequestState`].
    ///
    /// Without sealing, a retry's answers are still checked against the form, but nothing ties
    /// them to the round that asked for them.
    #[must_use]
    pub fn sealed(
        mut self,
        codec: &'a RequestStateCodec,
        request_state: Option<&'a str>,
        arguments: &impl serde::Serialize,
    ) -> Self {
        self.seal = Some(Seal {
            codec,
            request_state,
            arguments: serde_json::to_vec(arguments).unwrap_or_default(),
        });
        self
    }

    /// Refuse, before sending, any elicitation that the registry does not declare for this
    /// primitive with this mode, schema, URL and version (see [`contract::check_registered`]).
    ///
    /// [`contract::check_registered`]: crate::contract::check_registered
    #[must_use]
    pub fn guarded(mut self) -> Self {
        self.guarded = true;
        self
    }

    /// The primitive being called.
    pub fn primitive(&self) -> Primitive {
        self.primitive
    }

    /// The protocol version of this request, when the session knows it.
    pub fn protocol_version(&self) -> Option<ProtocolVersion> {
        self.context
            .protocol_version()
            .and_then(|v| v.as_str().parse().ok())
    }

    /// Whether the client declared `mode` for this request (an empty `elicitation` capability
    /// means form only).
    pub fn client_supports(&self, mode: ElicitationMode) -> bool {
        let Some(capability) = self
            .context
            .client_capabilities()
            .and_then(|c| c.elicitation)
        else {
            return false;
        };
        match mode {
            ElicitationMode::Form => capability.form.is_some() || capability.url.is_none(),
            ElicitationMode::Url => capability.url.is_some(),
            _ => false,
        }
    }

    /// Asks the form-mode `declaration` (of the form `F`) with its documented message.
    ///
    /// # Errors
    ///
    /// [`ElicitError::NotThisForm`] when `declaration` is not a form-mode declaration of `F`;
    /// otherwise as [`ask_form`](Call::ask_form), and [`ElicitError::OutOfScope`] (nothing sent)
    /// when the negotiated version is outside the declaration's explicit scope.
    pub async fn form<F: StaticForm>(
        &self,
        declaration: &'static Declaration,
    ) -> Result<Step<Answer<F>>, ElicitError> {
        declares_form::<F>(declaration)?;
        self.form_with_message::<F>(declaration.name(), declaration.message(), Some(declaration))
            .await
    }

    /// Asks the form `F` with a message of the server's choosing, under the `inputRequests` key
    /// `key` on 2026-07-28. A [`guarded`](Call::guarded) call sends it only when it matches a
    /// registered declaration of this primitive (§12.2 allows a runtime message to differ from
    /// the documented wording).
    ///
    /// # Errors
    ///
    /// Nothing is sent when the negotiated version lacks the form's vocabulary
    /// ([`ElicitError::UnsupportedVersion`]), the client did not declare form mode
    /// ([`ElicitError::ClientCannotElicit`]), or a guarded call's request matches no registered
    /// declaration ([`ElicitError::Undeclared`]); [`ElicitError::is_unavailable`] tells the first
    /// two from failures. [`ElicitError::Service`] when the request fails in the session or the
    /// client answers it with an error ([`ElicitError::client_error`]). A retry's `requestState`
    /// that does not open on a sealed call is [`ElicitError::InvalidRequestState`], and its entry
    /// [`ElicitError::NotAnElicitResult`] when it is not an elicitation result. An accepted answer
    /// that does not fit the form is [`ElicitError::Content`] with every problem.
    pub async fn ask_form<F: StaticForm>(
        &self,
        key: &str,
        message: &str,
    ) -> Result<Step<Answer<F>>, ElicitError> {
        self.form_with_message::<F>(key, message, None).await
    }

    async fn form_with_message<F: ElicitationForm>(
        &self,
        key: &str,
        message: &str,
        declaration: Option<&'static Declaration>,
    ) -> Result<Step<Answer<F>>, ElicitError> {
        let version = self.protocol_version();
        if let (Some(d), Some(v)) = (declaration, version) {
            check_scope(d, v)?;
        }
        if let Some(v) = version
            && !F::PROTOCOL_VERSIONS.contains(v)
        {
            return Err(ElicitError::UnsupportedVersion {
                version: v,
                supported: F::PROTOCOL_VERSIONS,
            });
        }
        let params = || form_params::<F>(message.to_owned());
        match self
            .round(key, version, ElicitationMode::Form, params, Vec::new)
            .await?
        {
            Step::Answered((result, _)) => read_result(result).map(Step::Answered),
            Step::InputRequired(result) => Ok(Step::InputRequired(result)),
        }
    }

    /// Asks the form-mode `declaration` with its documented message, its form's run-time parts
    /// (choices, defaults) given by `fill`, and reads the answer against the choices of the
    /// round that asked.
    ///
    /// On MCP 2026-07-28 the retried call's answer is checked against the choices the first
    /// round sent: a [`sealed`](Call::sealed) call keeps their values in the sealed
    /// `requestState` (not in server memory), so choices that changed in between do not let
    /// an answer through that the user was never offered; an unsealed call checks against the
    /// choices `fill` gives on the retry.
    ///
    /// # Errors
    ///
    /// As [`form`](Call::form), and [`ElicitError::Fill`] (nothing sent) when the run-time part
    /// does not fit the form; a value outside the choices of the round that asked is a problem of
    /// its field in [`ElicitError::Content`].
    pub async fn form_filled<P: FormFill>(
        &self,
        declaration: &'static Declaration,
        fill: P,
    ) -> Result<Step<Answer<P::Form>>, ElicitError> {
        let same_form = match declaration.mode() {
            Mode::Form { schema, .. } => std::ptr::eq(schema(), P::Form::requested_schema()),
            Mode::Url { .. } => false,
        };
        if !same_form {
            return Err(ElicitError::NotThisForm {
                declaration: declaration.name(),
            });
        }
        let version = self.protocol_version();
        if let Some(v) = version {
            check_scope(declaration, v)?;
            if !P::Form::PROTOCOL_VERSIONS.contains(v) {
                return Err(ElicitError::UnsupportedVersion {
                    version: v,
                    supported: P::Form::PROTOCOL_VERSIONS,
                });
            }
        }
        let filled = fill.fill(version).map_err(ElicitError::Fill)?;
        let key = declaration.name();
        let params = || filled_params(declaration.message().to_owned(), &filled);
        let keep = || serde_json::to_vec(&filled.runtime_choices()).unwrap_or_default();
        match self
            .round(key, version, ElicitationMode::Form, params, keep)
            .await?
        {
            Step::Answered((result, None)) => {
                read_filled_result(result, &filled).map(Step::Answered)
            }
            // A sealed retry: the choices of the round that asked, from the verified state.
            Step::Answered((result, Some(state))) => {
                let asked = serde_json::from_slice::<Map<String, Value>>(&state)
                    .ok()
                    .and_then(|choices| Filled::from_runtime_choices(&choices).ok())
                    .ok_or(ElicitError::InvalidRequestState)?;
                read_filled_result(result, &asked).map(Step::Answered)
            }
            Step::InputRequired(result) => Ok(Step::InputRequired(result)),
        }
    }

    /// Asks the URL-mode `declaration` with its documented message, at its static URL or at
    /// `url` when the declaration leaves the URL to run time (a given `url` wins). On
    /// 2025-11-25 the request carries a fresh `elicitationId` (to name one of your own, for
    /// [`notify_elicitation_complete`], use [`url_with_id`](Call::url_with_id)).
    ///
    /// # Errors
    ///
    /// [`ElicitError::NotUrlMode`] when `declaration` is not a URL-mode declaration, and
    /// [`ElicitError::InvalidUrl`] when there is no URL or it is not absolute. Nothing is sent when
    /// the negotiated version is outside the declaration's scope ([`ElicitError::OutOfScope`]) or
    /// has no URL mode ([`ElicitError::UnsupportedVersion`]), the client did not declare it
    /// ([`ElicitError::ClientCannotElicit`]), or a guarded call's request matches no registered
    /// declaration ([`ElicitError::Undeclared`]). [`ElicitError::Service`] when the request fails
    /// in the session or the client answers it with an error ([`ElicitError::client_error`]). A
    /// retry's `requestState` that does not open on a sealed call is
    /// [`ElicitError::InvalidRequestState`].
    pub async fn url(
        &self,
        declaration: &'static Declaration,
        url: Option<&str>,
    ) -> Result<Step<UrlAnswer>, ElicitError> {
        self.url_asked(declaration, url, None).await
    }

    /// [`url`](Call::url), the request carrying `elicitation_id` on 2025-11-25: the server's
    /// own name for the interaction, which [`notify_elicitation_complete`] gives the client
    /// when the interaction completes. MCP 2026-07-28 has no `elicitationId`; there it is not
    /// sent.
    ///
    /// # Errors
    ///
    /// As [`url`](Call::url).
    pub async fn url_with_id(
        &self,
        declaration: &'static Declaration,
        url: Option<&str>,
        elicitation_id: &str,
    ) -> Result<Step<UrlAnswer>, ElicitError> {
        self.url_asked(declaration, url, Some(elicitation_id)).await
    }

    /// Answers the call with "URL elicitation required" (the JSON-RPC error
    /// [`URL_ELICITATION_REQUIRED`], MCP 2025-11-25) for the URL-mode `declaration`, at its
    /// static URL or at `url` (a given `url` wins), instead of asking and waiting: return the
    /// error from the handler. The client sends the user to the URL and may retry the call once
    /// the interaction completes, which [`notify_elicitation_complete`] with `elicitation_id`
    /// tells it. The error's `data` is `{"elicitations": [<the URL request>]}`, as the
    /// TypeScript and Python SDKs' clients read it.
    ///
    /// # Errors
    ///
    /// [`ElicitError::NotUrlMode`] when `declaration` is not a URL-mode declaration, and
    /// [`ElicitError::InvalidUrl`] when there is no URL or it is not absolute. No error is made
    /// when the negotiated version is outside the declaration's scope
    /// ([`ElicitError::OutOfScope`]) or is not 2025-11-25 ([`ElicitError::UnsupportedVersion`]:
    /// 2025-06-18 has no URL mode, and 2026-07-28 removed the error, where
    /// [`url`](Call::url) answers with an input-required result instead), when the client did
    /// not declare URL mode ([`ElicitError::ClientCannotElicit`]), or when a guarded call's
    /// request matches no registered declaration ([`ElicitError::Undeclared`]).
    pub fn url_required(
        &self,
        declaration: &'static Declaration,
        url: Option<&str>,
        elicitation_id: &str,
    ) -> Result<ErrorData, ElicitError> {
        let (url, version) = self.url_of(declaration, url, URL_REQUIRED_VERSIONS)?;
        let supports_url = self.client_supports(ElicitationMode::Url);
        let params = url_required_params(declaration, url, elicitation_id, supports_url)?;
        self.guard(&params, version)?;
        url_required_error(&params)
    }

    /// The error "Missing required client capability" (`-32021`, MCP 2026-07-28) for
    /// `declaration`, when this request cannot be asked it only because its client capabilities
    /// lack the declaration's mode. Return it from a primitive that cannot go on without the
    /// answer, for example a confirmation: the spec has a server that cannot fulfil a request
    /// for a capability the client did not declare answer with this error, which tells the
    /// client what to declare when it retries.
    ///
    /// Its `data` is `{"requiredCapabilities": {"elicitation": {"form": {}}}}` (or `"url"`),
    /// made with rmcp's [`ErrorData::missing_required_client_capability`], as the TypeScript
    /// SDK's `MissingRequiredClientCapabilityError` reads it. Nothing is sent.
    ///
    /// `None` when a capability is not what is missing:
    /// - the request declares the mode, or it is a retry that brings the declaration's answer;
    /// - the version is not 2026-07-28: 2025-06-18 and 2025-11-25 agree on capabilities once per
    ///   session and have no such error, so ask, and answer [`ElicitError::ClientCannotElicit`]
    ///   as the primitive does without the answer;
    /// - the version is outside the declaration's scope, or lacks its form's vocabulary;
    /// - the session does not know the request's version.
    ///
    /// ```no_run
    /// # use mcpdesc_runtime::registry::{self, Primitive};
    /// # use mcpdesc_runtime::session::Call;
    /// # use rmcp::model::ErrorData;
    /// # use rmcp::service::{RequestContext, RoleServer};
    /// # fn tool(ctx: RequestContext<RoleServer>) -> Result<(), ErrorData> {
    /// let declaration = registry::find(Primitive::Tool("delete_issue"), "confirm_delete").unwrap();
    /// let call = Call::new(&ctx, Primitive::Tool("delete_issue"));
    /// if let Some(error) = call.missing_capability(declaration) {
    ///     return Err(error); // nothing is deleted unconfirmed
    /// }
    /// // ask `call.form::<Confirm>(declaration)` …
    /// # Ok(())
    /// # }
    /// ```
    pub fn missing_capability(&self, declaration: &'static Declaration) -> Option<ErrorData> {
        let answered = self
            .input_responses
            .is_some_and(|r| r.contains_key(declaration.name()));
        missing_capability_error(declaration, self.protocol_version()?, answered, |mode| {
            self.client_supports(mode)
        })
    }

    /// The URL the URL-mode `declaration` is sent with (`given`, else its static one), and
    /// the request's version, checked against the declaration's scope and `supported`.
    fn url_of<'u>(
        &self,
        declaration: &'static Declaration,
        given: Option<&'u str>,
        supported: VersionSet,
    ) -> Result<(&'u str, Option<ProtocolVersion>), ElicitError> {
        let version = self.protocol_version();
        let url = checked_url(declaration, given, version, supported)?;
        Ok((url, version))
    }

    async fn url_asked(
        &self,
        declaration: &'static Declaration,
        url: Option<&str>,
        elicitation_id: Option<&str>,
    ) -> Result<Step<UrlAnswer>, ElicitError> {
        let (url, version) = self.url_of(declaration, url, VersionSet::URL_MODE)?;
        let key = declaration.name();
        let params = || {
            static NEXT_ID: AtomicU64 = AtomicU64::new(1);
            let elicitation_id = if is_multi_round_trip(version) {
                String::new() // 2026-07-28 removed `elicitationId`.
            } else if let Some(id) = elicitation_id {
                id.to_owned()
            } else {
                format!("{key}-{}", NEXT_ID.fetch_add(1, Ordering::Relaxed))
            };
            Ok(ElicitRequestParams::UrlElicitationParams {
                meta: None,
                message: declaration.message().to_owned(),
                url: url.to_owned(),
                elicitation_id,
            })
        };
        let step = self
            .round(key, version, ElicitationMode::Url, params, Vec::new)
            .await?;
        Ok(match step {
            Step::Answered((result, _)) => Step::Answered(url_answer(&result)),
            Step::InputRequired(result) => Step::InputRequired(result),
        })
    }

    /// One round of asking under `key`: on a 2026-07-28 retry, the answer the client brought
    /// (its state verified when sealed, with the `kept` bytes sealed with it); otherwise the
    /// request `params` builds, checked against the client's capabilities and the guard, then
    /// sent (or returned as an input-required result on 2026-07-28, whose sealed state keeps
    /// what `keep` makes; made only then).
    async fn round(
        &self,
        key: &str,
        version: Option<ProtocolVersion>,
        mode: ElicitationMode,
        params: impl FnOnce() -> Result<ElicitRequestParams, ElicitError>,
        keep: impl FnOnce() -> Vec<u8>,
    ) -> Result<Step<(ElicitResult, Option<Vec<u8>>)>, ElicitError> {
        let multi_round_trip = is_multi_round_trip(version);
        if multi_round_trip && let Some(value) = self.input_responses.and_then(|r| r.get(key)) {
            let kept = self.open_state(key)?;
            let result: ElicitResult =
                serde_json::from_value(value.clone()).map_err(ElicitError::NotAnElicitResult)?;
            return Ok(Step::Answered((result, kept)));
        }
        if !self.client_supports(mode) {
            return Err(ElicitError::ClientCannotElicit { mode });
        }
        let params = params()?;
        self.guard(&params, version)?;
        if multi_round_trip {
            let request = InputRequest::Elicitation(ElicitRequest::new(params));
            let result = InputRequiredResult::new(
                Some([(key.to_owned(), request)].into()),
                self.seal_state(key, keep),
            );
            return Ok(Step::InputRequired(Box::new(result)));
        }
        self.context
            .peer
            .create_elicitation(params)
            .await
            .map(|result| Step::Answered((result, None)))
            .map_err(ElicitError::Service)
    }

    /// What a sealed state is bound to: the primitive, the `inputRequests` key and the call's
    /// arguments.
    fn binding(&self, seal: &Seal<'_>, key: &str) -> Vec<u8> {
        let mut binding = format!("{}\u{0}{key}\u{0}", self.primitive).into_bytes();
        binding.extend_from_slice(&seal.arguments);
        binding
    }

    /// The sealed state: `key`, a NUL, then `keep` (what the retry must read its answer
    /// against).
    fn seal_state(&self, key: &str, keep: impl FnOnce() -> Vec<u8>) -> Option<String> {
        let seal = self.seal.as_ref()?;
        let keep = keep();
        let binding = self.binding(seal, key);
        let options = SealOptions::new().associated_data(&binding).ttl(STATE_TTL);
        let mut payload = Vec::with_capacity(key.len() + 1 + keep.len());
        payload.extend_from_slice(key.as_bytes());
        payload.push(0);
        payload.extend_from_slice(&keep);
        Some(seal.codec.seal_with(&payload, &options))
    }

    /// Verifies a retry's state and returns what was kept in it (`None` when the call is not
    /// sealed).
    fn open_state(&self, key: &str) -> Result<Option<Vec<u8>>, ElicitError> {
        let Some(seal) = &self.seal else {
            return Ok(None);
        };
        let binding = self.binding(seal, key);
        let payload = match seal
            .request_state
            .map(|state| seal.codec.open_with(state, &binding))
        {
            Some(Ok(payload)) => payload,
            _ => return Err(ElicitError::InvalidRequestState),
        };
        match payload.strip_prefix(key.as_bytes()) {
            Some([0, kept @ ..]) => Ok(Some(kept.to_vec())),
            _ => Err(ElicitError::InvalidRequestState),
        }
    }

    fn guard(
        &self,
        params: &ElicitRequestParams,
        version: Option<ProtocolVersion>,
    ) -> Result<(), ElicitError> {
        if !self.guarded {
            return Ok(());
        }
        let value = serde_json::to_value(params).map_err(ElicitError::Schema)?;
        // Without a known version, the check uses the newest one (the guard still compares
        // mode, schema and URL).
        let version = version.unwrap_or(ProtocolVersion::LATEST);
        crate::contract::check_registered(self.primitive, version, &value)
            .map(|_| ())
            .map_err(ElicitError::Undeclared)
    }
}
