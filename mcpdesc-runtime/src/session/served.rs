//! [`AskingServer`]: a server whose tools, prompts and resource reads can ask.

// `set_level`, `subscribe` and `unsubscribe` are deprecated in rmcp; they are passed on as they are.
#![allow(deprecated)]

use std::borrow::Cow;
use std::future::Future;
use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CancelTaskParams, CancelledNotificationParam,
    CompleteRequestParams, CompleteResult, CustomNotification, CustomRequest, CustomResult,
    DiscoverResult, GetPromptRequestParams, GetPromptResponse, GetSkillRequestParams,
    GetSkillResult, GetTaskParams, GetTaskResult, InitializeRequestParams, InitializeResult,
    InputResponses, JsonObject, ListPromptsResult, ListResourceTemplatesResult,
    ListResourcesResult, ListSkillsResult, ListToolsResult, PaginatedRequestParams,
    ProgressNotificationParam, ProtocolVersion, ReadResourceDirectoryRequestParams,
    ReadResourceDirectoryResult, ReadResourceRequestParams, ReadResourceResponse, ServerConfig,
    SetLevelRequestParams, SubscribeRequestParams, SubscriptionFilter, Tool,
    UnsubscribeRequestParams, UpdateTaskParams,
};
use rmcp::service::{
    MaybeSendFuture, NotificationContext, RequestContext, RoleServer, SubscriptionContext,
};
use rmcp::{ErrorData, ServerHandler};

use super::Policy;

/// A server whose tools, prompts and resource reads can ask through an
/// [`Asker`](super::Asker): serve `AskingServer::new(server, policy)` where you would serve `server`.
///
/// It answers every request as `server` does. Before a tool call, a prompt request or a resource
/// read reaches `server`, it hands the request's round to the [`Asker`](super::Asker) of that
/// call: the arguments (or the URI), the retry's `inputResponses` and `requestState` (MCP
/// 2026-07-28), and the server's [`Policy`]. rmcp's prompt context does not carry
/// `inputResponses` or `requestState`, and rmcp's `Parameters` takes the arguments; `AskingServer`
/// keeps them for the call, so a prompt asks as a tool does, and a sealed state is bound to the
/// arguments the client sent.
///
/// ```no_run
/// # use rmcp::{ServerHandler, ServiceExt};
/// # #[derive(Clone)] struct IssueTracker;
/// # impl ServerHandler for IssueTracker {}
/// # async fn serve() -> Result<(), Box<dyn std::error::Error>> {
/// use mcpdesc_runtime::session::{Policy, AskingServer};
///
/// let policy = Policy::from_env("ISSUE_TRACKER_STATE_KEYS")?;
/// let service = AskingServer::new(IssueTracker, policy)
///     .serve(mcpdesc_runtime::session::stdio())
///     .await?;
/// service.waiting().await?;
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct AskingServer<S> {
    server: S,
    policy: Arc<Policy>,
    /// Whether a request has shown which kind of transport serves it (said once per server).
    transport_told: Arc<std::sync::atomic::AtomicBool>,
}

impl<S> AskingServer<S> {
    /// `server`, asking with `policy`.
    ///
    /// A policy whose key ring is configured (shared with other processes, or kept across
    /// restarts) but whose spent states are kept in this process's memory is logged as a warning
    /// event (target `mcpdesc_runtime::session`): a state spent here opens again on another
    /// process with the same keys, or here after a restart. Give such a policy a shared store
    /// ([`Policy::spent_states`]).
    ///
    /// On its first request, a server served over a transport that drops what it cannot read
    /// (rmcp's own stdio and Streamable HTTP transports) says so, once, as a warning event that
    /// names [`stdio()`](super::stdio) and [`HttpService`](super::HttpService).
    pub fn new(server: S, policy: Policy) -> Self {
        if policy.spends_in_process_memory() && !policy.keys.is_development() {
            tracing::warn!(
                target: "mcpdesc_runtime::session",
                keys = ?policy.keys.ids(),
                "requestState is sealed with a configured key ring, but spent states are kept in this process's memory: \
                 another process with the same keys, or this one restarted, opens a spent state again; \
                 give the policy a shared store (Policy::spent_states)"
            );
        }
        AskingServer {
            server,
            policy: Arc::new(policy),
            transport_told: Arc::new(std::sync::atomic::AtomicBool::new(false)),
        }
    }

    /// The server inside.
    pub fn server(&self) -> &S {
        &self.server
    }

    /// The policy it asks with.
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// On the first request: a warning event when the transport leaves what it cannot read
    /// unanswered (rmcp's own stdio and Streamable HTTP transports), with what to serve with.
    fn tell_transport(&self, context: &RequestContext<RoleServer>) {
        use std::sync::atomic::Ordering;
        if self.transport_told.swap(true, Ordering::Relaxed) {
            return;
        }
        let answering = context
            .extensions
            .get::<super::lines::Answering>()
            .is_some();
        #[cfg(feature = "http")]
        let answering = answering
            || context
                .extensions
                .get::<http::request::Parts>()
                .is_some_and(|parts| parts.extensions.get::<super::lines::Answering>().is_some());
        if !answering {
            tracing::warn!(
                target: "mcpdesc_runtime::session",
                "served over a transport that drops what it cannot read: a request on such a line is never answered, \
                 and a question such a line answers waits for its timeout; serve stdio with \
                 mcpdesc_runtime::session::stdio(), and Streamable HTTP inside session::HttpService"
            );
        }
    }

    fn round(
        &self,
        primitive: Called,
        arguments: Option<&JsonObject>,
        input_responses: Option<&InputResponses>,
        request_state: Option<&str>,
        context: &mut RequestContext<RoleServer>,
    ) {
        self.tell_transport(context);
        context.extensions.insert(Round(Arc::new(RoundData {
            primitive,
            arguments: arguments.cloned(),
            input_responses: input_responses.cloned(),
            request_state: request_state.map(str::to_owned),
            policy: Arc::clone(&self.policy),
        })));
    }
}

/// The caller a transport authenticated, as the server's authentication names it (a token's
/// subject, a user id): every sealed `requestState` is bound to it, so that a state brought back
/// by another caller does not open ([`ElicitError::InvalidRequestState`]).
///
/// The layer that authenticates a request puts it in the request's extensions. Over Streamable
/// HTTP (feature `http`) that is the HTTP request's extensions, before rmcp's service: rmcp
/// hands the request's parts to the call, and the call's [`Asker`](super::Asker) finds it there.
/// A transport of one's own puts it in the extensions of rmcp's `RequestContext`. A request
/// without one is bound to no caller, as a stdio server's are.
///
/// ```
/// # #[cfg(feature = "http")] {
/// use mcpdesc_runtime::session::Principal;
///
/// let mut request = http::Request::new(());
/// // In the authentication layer, once the bearer token is checked:
/// request.extensions_mut().insert(Principal::new("user-42"));
/// # assert_eq!(request.extensions().get::<Principal>().map(Principal::as_str), Some("user-42"));
/// # }
/// ```
///
/// [`ElicitError::InvalidRequestState`]: super::ElicitError::InvalidRequestState
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Principal(String);

impl Principal {
    /// The caller named `name`.
    pub fn new(name: impl Into<String>) -> Self {
        Principal(name.into())
    }

    /// The caller's name.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The caller of `context`: its own [`Principal`] extension, else (feature `http`) the one
    /// in the extensions of the HTTP request it came in.
    pub(crate) fn of(context: &RequestContext<RoleServer>) -> Option<&Principal> {
        if let Some(principal) = context.extensions.get::<Principal>() {
            return Some(principal);
        }
        #[cfg(feature = "http")]
        if let Some(parts) = context.extensions.get::<http::request::Parts>() {
            return parts.extensions.get::<Principal>();
        }
        None
    }
}

/// What was called: the primitive the request names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Called {
    Tool(String),
    Prompt(String),
    Resource(String),
}

impl std::fmt::Display for Called {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Called::Tool(n) => write!(f, "tool `{n}`"),
            Called::Prompt(n) => write!(f, "prompt `{n}`"),
            Called::Resource(u) => write!(f, "resource `{u}`"),
        }
    }
}

/// A request's round, as [`AskingServer`] hands it to the call's [`Asker`](super::Asker) through the
/// request context's extensions.
#[derive(Debug, Clone)]
pub(crate) struct Round(pub(crate) Arc<RoundData>);

#[derive(Debug)]
pub(crate) struct RoundData {
    pub(crate) primitive: Called,
    pub(crate) arguments: Option<JsonObject>,
    pub(crate) input_responses: Option<InputResponses>,
    pub(crate) request_state: Option<String>,
    pub(crate) policy: Arc<Policy>,
}

/// Every method answers as the server inside does; a tool call, a prompt request and a resource
/// read first record their round for the call's [`Asker`](super::Asker).
impl<S: ServerHandler> ServerHandler for AskingServer<S> {
    fn call_tool(
        &self,
        request: CallToolRequestParams,
        mut context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CallToolResponse, ErrorData>> + MaybeSendFuture + '_ {
        self.round(
            Called::Tool(request.name.to_string()),
            request.arguments.as_ref(),
            request.input_responses.as_ref(),
            request.request_state.as_deref(),
            &mut context,
        );
        self.server.call_tool(request, context)
    }

    fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        mut context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<GetPromptResponse, ErrorData>> + MaybeSendFuture + '_ {
        self.round(
            Called::Prompt(request.name.clone()),
            request.arguments.as_ref(),
            request.input_responses.as_ref(),
            request.request_state.as_deref(),
            &mut context,
        );
        self.server.get_prompt(request, context)
    }

    fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        mut context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ReadResourceResponse, ErrorData>> + MaybeSendFuture + '_ {
        self.round(
            Called::Resource(request.uri.clone()),
            None,
            request.input_responses.as_ref(),
            request.request_state.as_deref(),
            &mut context,
        );
        self.server.read_resource(request, context)
    }

    fn ping(
        &self,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + MaybeSendFuture + '_ {
        self.server.ping(context)
    }

    fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<InitializeResult, ErrorData>> + MaybeSendFuture + '_ {
        self.tell_transport(&context);
        self.server.initialize(request, context)
    }

    fn negotiate_initialize(
        &self,
        request: &InitializeRequestParams,
    ) -> Result<InitializeResult, ErrorData> {
        self.server.negotiate_initialize(request)
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        self.server.supported_protocol_versions()
    }

    fn discover(
        &self,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<DiscoverResult, ErrorData>> + MaybeSendFuture + '_ {
        self.tell_transport(&context);
        self.server.discover(context)
    }

    fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CompleteResult, ErrorData>> + MaybeSendFuture + '_ {
        self.server.complete(request, context)
    }

    fn set_level(
        &self,
        request: SetLevelRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + MaybeSendFuture + '_ {
        self.server.set_level(request, context)
    }

    fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ListPromptsResult, ErrorData>> + MaybeSendFuture + '_ {
        self.server.list_prompts(request, context)
    }

    fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ListResourcesResult, ErrorData>> + MaybeSendFuture + '_ {
        self.server.list_resources(request, context)
    }

    fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ListResourceTemplatesResult, ErrorData>> + MaybeSendFuture + '_
    {
        self.server.list_resource_templates(request, context)
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        self.server.accepted_subscription_filter(requested)
    }

    fn listen(
        &self,
        context: SubscriptionContext,
    ) -> impl Future<Output = Result<(), ErrorData>> + MaybeSendFuture + '_ {
        self.server.listen(context)
    }

    fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + MaybeSendFuture + '_ {
        self.server.subscribe(request, context)
    }

    fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + MaybeSendFuture + '_ {
        self.server.unsubscribe(request, context)
    }

    fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ListToolsResult, ErrorData>> + MaybeSendFuture + '_ {
        self.server.list_tools(request, context)
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.server.get_tool(name)
    }

    fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CustomResult, ErrorData>> + MaybeSendFuture + '_ {
        self.server.on_custom_request(request, context)
    }

    fn on_cancelled(
        &self,
        notification: CancelledNotificationParam,
        context: NotificationContext<RoleServer>,
    ) -> impl Future<Output = ()> + MaybeSendFuture + '_ {
        self.server.on_cancelled(notification, context)
    }

    fn on_progress(
        &self,
        notification: ProgressNotificationParam,
        context: NotificationContext<RoleServer>,
    ) -> impl Future<Output = ()> + MaybeSendFuture + '_ {
        self.server.on_progress(notification, context)
    }

    fn on_initialized(
        &self,
        context: NotificationContext<RoleServer>,
    ) -> impl Future<Output = ()> + MaybeSendFuture + '_ {
        self.server.on_initialized(context)
    }

    fn on_roots_list_changed(
        &self,
        context: NotificationContext<RoleServer>,
    ) -> impl Future<Output = ()> + MaybeSendFuture + '_ {
        self.server.on_roots_list_changed(context)
    }

    fn on_custom_notification(
        &self,
        notification: CustomNotification,
        context: NotificationContext<RoleServer>,
    ) -> impl Future<Output = ()> + MaybeSendFuture + '_ {
        self.server.on_custom_notification(notification, context)
    }

    fn get_info(&self) -> ServerConfig {
        self.server.get_info()
    }

    fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<GetTaskResult, ErrorData>> + MaybeSendFuture + '_ {
        self.server.get_task(request, context)
    }

    fn update_task(
        &self,
        request: UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + MaybeSendFuture + '_ {
        self.server.update_task(request, context)
    }

    fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + MaybeSendFuture + '_ {
        self.server.cancel_task(request, context)
    }

    fn list_skills(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ListSkillsResult, ErrorData>> + MaybeSendFuture + '_ {
        self.server.list_skills(request, context)
    }

    fn get_skill(
        &self,
        request: GetSkillRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<GetSkillResult, ErrorData>> + MaybeSendFuture + '_ {
        self.server.get_skill(request, context)
    }

    fn read_resource_directory(
        &self,
        request: ReadResourceDirectoryRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ReadResourceDirectoryResult, ErrorData>> + MaybeSendFuture + '_
    {
        self.server.read_resource_directory(request, context)
    }
}
