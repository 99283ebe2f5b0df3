//! Primitives from rmcp's own metadata (feature `rmcp`): a server states each tool and prompt once,
//! in its `#[tool]` / `#[prompt]` attributes, and its description is built from its routers.
//!
//! ```ignore
//! let doc = Description::builder(Info::from(&server.get_info()))
//!     .protocol_versions([ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28])
//!     .rmcp_tools(Server::tool_router().list_all())
//!     .rmcp_prompts(Server::prompt_router().list_all())
//!     .registered_elicitations()
//!     .build()?;
//! ```
//!
//! Every member the description format defines is copied: a tool's name, title, description,
//! input and output schemas, annotations, icons and `_meta`; a prompt's name, title,
//! description, arguments, icons and `_meta`; a resource template's as well. What a protocol
//! version in the primitive's scope does not define is never written: the builder leaves a tool
//! schema's `$schema` dialect out (and writes its property schemas `true` and `false`, which
//! schemars gives a `serde_json::Value` argument, as `{}` and `{"not": {}}` where versions before
//! 2025-11-25 are in scope, since those read property schemas as objects only) and refuses any
//! other such member with a
//! [`BuildProblem::MemberNotInVersion`](super::BuildProblem::MemberNotInVersion).

use serde::Serialize;
use serde_json::Value;

use super::{DescriptionBuilder, Info, Prompt, PromptArgument, ResourceTemplate, Tool};

fn json<T: Serialize>(value: &T) -> Option<Value> {
    serde_json::to_value(value).ok()
}

/// `info` from rmcp's `Implementation` (name, version, title, description, website and icons).
impl From<&rmcp::model::Implementation> for Info {
    fn from(implementation: &rmcp::model::Implementation) -> Self {
        let mut info = Info::new(&implementation.name, &implementation.version);
        info.title.clone_from(&implementation.title);
        info.description.clone_from(&implementation.description);
        info.website_url.clone_from(&implementation.website_url);
        info.icons = implementation.icons.as_ref().and_then(json);
        info
    }
}

/// What to write instead when `info` is rmcp's own name and version, which rmcp gives a server
/// that does not name itself (`ServerConfig::new` without `with_server_info`).
pub(super) fn rmcps_own_info(info: &Info) -> Option<String> {
    let rmcp = rmcp::model::Implementation::from_build_env();
    (info.name == rmcp.name && info.version == rmcp.version).then(|| {
        format!(
            "the description names the server `{} {}`, which is rmcp's own name and version: rmcp gives them to a server whose `get_info` does not name it. Name the server in `get_info`: `ServerConfig::new(..).with_server_info(Implementation::new(env!(\"CARGO_PKG_NAME\"), env!(\"CARGO_PKG_VERSION\")))`, or describe it with `Info::new(..)`",
            info.name, info.version
        )
    })
}

/// `info` from what an rmcp server says of itself (`ServerHandler::get_info()`).
impl From<&rmcp::model::ServerConfig> for Info {
    fn from(server: &rmcp::model::ServerConfig) -> Self {
        Info::from(&server.server_info)
    }
}

/// A tool from rmcp's `Tool`, as `#[tool]` or `ToolRouter::list_all()` gives it.
impl From<&rmcp::model::Tool> for Tool {
    fn from(tool: &rmcp::model::Tool) -> Self {
        let mut out = Tool::new(tool.name.as_ref())
            .input_schema(Value::Object(tool.input_schema.as_ref().clone()));
        out.common.title.clone_from(&tool.title);
        out.common.description = tool.description.as_ref().map(|d| d.to_string());
        out.output_schema = tool
            .output_schema
            .as_ref()
            .map(|s| Value::Object(s.as_ref().clone()));
        out.annotations = tool.annotations.as_ref().and_then(json);
        out.common.icons = tool.icons.as_ref().and_then(json);
        out.common.meta = tool.meta.as_ref().and_then(json);
        out
    }
}

/// A prompt from rmcp's `Prompt`, as `#[prompt]` or `PromptRouter::list_all()` gives it.
impl From<&rmcp::model::Prompt> for Prompt {
    fn from(prompt: &rmcp::model::Prompt) -> Self {
        let mut out = Prompt::new(&prompt.name);
        out.common.title.clone_from(&prompt.title);
        out.common.description.clone_from(&prompt.description);
        for a in prompt.arguments.iter().flatten() {
            let mut argument = PromptArgument::new(&a.name);
            argument.title.clone_from(&a.title);
            argument.description.clone_from(&a.description);
            argument.required = a.required.unwrap_or(false);
            out = out.argument(argument);
        }
        out.common.icons = prompt.icons.as_ref().and_then(json);
        out.common.meta = prompt.meta.as_ref().and_then(json);
        out
    }
}

/// A resource template from rmcp's `ResourceTemplate`.
impl From<&rmcp::model::ResourceTemplate> for ResourceTemplate {
    fn from(template: &rmcp::model::ResourceTemplate) -> Self {
        let mut out = ResourceTemplate::new(&template.uri_template, &template.name);
        out.common.title.clone_from(&template.title);
        out.common.description.clone_from(&template.description);
        out.mime_type.clone_from(&template.mime_type);
        out.common.icons = template.icons.as_ref().and_then(json);
        out.common.meta = template.meta.as_ref().and_then(json);
        out
    }
}

impl DescriptionBuilder {
    /// Adds rmcp's tools, such as `Server::tool_router().list_all()`, in name order (rmcp's
    /// router keeps no order of its own, and the output must be deterministic).
    pub fn rmcp_tools(self, tools: impl IntoIterator<Item = rmcp::model::Tool>) -> Self {
        self.rmcp_tools_with(tools, |_, tool| tool)
    }

    /// Adds rmcp's tools as [`rmcp_tools`](Self::rmcp_tools) does, each first passed to `edit`
    /// with the rmcp tool it was read from, to add what rmcp's tool does not hold, such as the
    /// `clientRequirements` of a tool that always asks.
    ///
    /// ```
    /// # use mcpdesc_runtime::description::{Description, Info};
    /// # use serde_json::json;
    /// # let schema = rmcp::model::object(json!({"type": "object"}));
    /// # let tools = [rmcp::model::Tool::new("close_issue", "Close an issue.", schema)];
    /// let builder = Description::builder(Info::new("tracker", "1.0.0")).rmcp_tools_with(
    ///     tools,
    ///     |rmcp_tool, tool| match &*rmcp_tool.name {
    ///         "close_issue" => tool.client_requirements(json!({"elicitation": {}})),
    ///         _ => tool,
    ///     },
    /// );
    /// # let doc = builder.build().unwrap();
    /// # let written = &doc.as_value()["tools"][0]["clientRequirements"];
    /// # assert_eq!(*written, json!({"elicitation": {}}));
    /// ```
    pub fn rmcp_tools_with(
        self,
        tools: impl IntoIterator<Item = rmcp::model::Tool>,
        mut edit: impl FnMut(&rmcp::model::Tool, Tool) -> Tool,
    ) -> Self {
        in_order(tools, |tool| &tool.name)
            .iter()
            .fold(self, |builder, tool| {
                builder.tool(edit(tool, Tool::from(tool)))
            })
    }

    /// Adds rmcp's prompts, such as `Server::prompt_router().list_all()`, in name order.
    pub fn rmcp_prompts(self, prompts: impl IntoIterator<Item = rmcp::model::Prompt>) -> Self {
        self.rmcp_prompts_with(prompts, |_, prompt| prompt)
    }

    /// Adds rmcp's prompts as [`rmcp_prompts`](Self::rmcp_prompts) does, each first passed to
    /// `edit` with the rmcp prompt it was read from.
    pub fn rmcp_prompts_with(
        self,
        prompts: impl IntoIterator<Item = rmcp::model::Prompt>,
        mut edit: impl FnMut(&rmcp::model::Prompt, Prompt) -> Prompt,
    ) -> Self {
        in_order(prompts, |prompt| &prompt.name)
            .iter()
            .fold(self, |builder, prompt| {
                builder.prompt(edit(prompt, Prompt::from(prompt)))
            })
    }

    /// Adds rmcp's resource templates, such as the ones a server's `list_resource_templates`
    /// returns, in URI-template order.
    pub fn rmcp_resource_templates(
        self,
        templates: impl IntoIterator<Item = rmcp::model::ResourceTemplate>,
    ) -> Self {
        self.rmcp_resource_templates_with(templates, |_, template| template)
    }

    /// Adds the resource templates of a [`ResourceRouter`](crate::resources::ResourceRouter)
    /// (what `#[resource_router]` builds), as
    /// [`rmcp_resource_templates`](Self::rmcp_resource_templates) does. A template whose
    /// function reads a variable the template lacks, or the reverse, is a
    /// [`BuildProblem::ResourceVariables`](super::BuildProblem::ResourceVariables).
    pub fn resource_router<S>(mut self, router: &crate::resources::ResourceRouter<S>) -> Self {
        self.found.extend(
            router
                .problems()
                .into_iter()
                .map(|message| super::BuildProblem::ResourceVariables { message }),
        );
        self.rmcp_resource_templates(router.list_all())
    }

    /// Adds rmcp's resource templates as
    /// [`rmcp_resource_templates`](Self::rmcp_resource_templates) does, each first passed to
    /// `edit` with the rmcp template it was read from.
    pub fn rmcp_resource_templates_with(
        self,
        templates: impl IntoIterator<Item = rmcp::model::ResourceTemplate>,
        mut edit: impl FnMut(&rmcp::model::ResourceTemplate, ResourceTemplate) -> ResourceTemplate,
    ) -> Self {
        in_order(templates, |template| &template.uri_template)
            .iter()
            .fold(self, |builder, template| {
                builder.resource_template(edit(template, ResourceTemplate::from(template)))
            })
    }
}

/// rmcp's primitives in the order of what identifies them: rmcp's routers keep no order of their
/// own, and the description must come out the same every time.
fn in_order<T, K: Ord + ?Sized>(
    items: impl IntoIterator<Item = T>,
    key: impl Fn(&T) -> &K,
) -> Vec<T> {
    let mut items: Vec<T> = items.into_iter().collect();
    items.sort_by(|a, b| key(a).cmp(key(b)));
    items
}
