//! The primitives and the server `info` a description is built from.

use serde_json::{Map, Value, json};

use crate::version::{ProtocolVersion, VersionSet};

/// The version of the MCP Description specification a document follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SpecVersion {
    /// `0.9.0-rc.3` (the default): `"mcpdesc": "0.9.0"` with the release candidate's `$schema`.
    #[default]
    V0_9_0Rc3,
    /// The stable `0.8.0`.
    V0_8_0,
}

impl SpecVersion {
    /// The value of the root `mcpdesc` member.
    pub const fn mcpdesc(self) -> &'static str {
        match self {
            SpecVersion::V0_9_0Rc3 => "0.9.0",
            SpecVersion::V0_8_0 => "0.8.0",
        }
    }

    /// The value of the root `$schema` member.
    pub const fn schema_url(self) -> &'static str {
        match self {
            SpecVersion::V0_9_0Rc3 => "https://mcpdesc.org/schema/mcp-description/0.9.0-rc.3.json",
            SpecVersion::V0_8_0 => "https://mcpdesc.org/schema/mcp-description/0.8.0.json",
        }
    }
}

/// How clients reach the server: one entry of the description's `transports`
/// ([`DescriptionBuilder::transport`](super::DescriptionBuilder::transport)).
///
/// Describe each transport the server serves: stdio with the command that starts it, Streamable
/// HTTP with the URL clients use (behind a load balancer, the balancer's). A transport serves
/// every version of the description unless given its own
/// [`protocol_versions`](Self::protocol_versions); together the transports must serve every
/// version the description lists, which `build` checks.
///
/// ```
/// use mcpdesc_runtime::description::{Description, Info, Transport};
///
/// let description = Description::builder(Info::new("tracker", "1.0.0"))
///     .transport(Transport::stdio("tracker", ["serve"]))
///     .transport(Transport::streamable_http("https://tracker.example.com/mcp"))
///     .build()
///     .unwrap();
/// assert_eq!(description.as_value()["transports"][1]["type"], "streamable-http");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transport {
    pub(super) kind: TransportKind,
    pub(super) protocol_versions: Option<VersionSet>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum TransportKind {
    Stdio { command: String, args: Vec<String> },
    StreamableHttp { url: String },
}

impl Transport {
    /// Standard input and output of the process `command` started with `args`.
    pub fn stdio<A: Into<String>>(
        command: impl Into<String>,
        args: impl IntoIterator<Item = A>,
    ) -> Self {
        Transport {
            kind: TransportKind::Stdio {
                command: command.into(),
                args: args.into_iter().map(Into::into).collect(),
            },
            protocol_versions: None,
        }
    }

    /// Streamable HTTP at `url`, an absolute URL (the endpoint clients post to).
    pub fn streamable_http(url: impl Into<String>) -> Self {
        Transport {
            kind: TransportKind::StreamableHttp { url: url.into() },
            protocol_versions: None,
        }
    }

    /// The versions this transport serves, when not every version of the description.
    #[must_use]
    pub fn protocol_versions(
        mut self,
        versions: impl IntoIterator<Item = ProtocolVersion>,
    ) -> Self {
        self.protocol_versions = Some(versions.into_iter().collect());
        self
    }

    /// The transport as the format writes it, or what is wrong with it.
    pub(super) fn to_value(&self) -> Result<Value, String> {
        let mut members = Map::new();
        match &self.kind {
            TransportKind::Stdio { command, args } => {
                if command.trim().is_empty() {
                    return Err("a stdio transport needs the command that starts the server; `Transport::stdio` was given an empty one".to_owned());
                }
                members.insert("type".into(), "stdio".into());
                members.insert("command".into(), command.as_str().into());
                if !args.is_empty() {
                    members.insert("args".into(), json!(args));
                }
            }
            TransportKind::StreamableHttp { url } => {
                if !crate::text::is_absolute_uri(url) {
                    return Err(format!(
                        "the Streamable HTTP transport's URL {url:?} is not an absolute URL; give the URL clients post to, such as `https://tracker.example.com/mcp`"
                    ));
                }
                members.insert("type".into(), "streamable-http".into());
                members.insert("url".into(), url.as_str().into());
            }
        }
        if let Some(scope) = self.protocol_versions {
            members.insert(
                "protocolVersions".into(),
                json!(scope.iter().collect::<Vec<_>>()),
            );
        }
        Ok(Value::Object(members))
    }
}

/// The server's `info`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    pub(super) name: String,
    pub(super) version: String,
    pub(super) title: Option<String>,
    pub(super) description: Option<String>,
    pub(super) website_url: Option<String>,
    pub(super) icons: Option<Value>,
}

impl Info {
    /// The server's name and version.
    pub fn new(name: impl Into<String>, version: impl Into<String>) -> Self {
        Info {
            name: name.into(),
            version: version.into(),
            title: None,
            description: None,
            website_url: None,
            icons: None,
        }
    }

    /// A display title.
    #[must_use]
    pub fn title(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// The server's website.
    #[must_use]
    pub fn website_url(mut self, url: impl Into<String>) -> Self {
        self.website_url = Some(url.into());
        self
    }

    /// Icons of the server, as the description format's `icons` array.
    #[must_use]
    pub fn icons(mut self, icons: Value) -> Self {
        self.icons = Some(icons);
        self
    }

    /// A description of the server.
    #[must_use]
    pub fn description(mut self, description: impl Into<String>) -> Self {
        self.description = Some(description.into());
        self
    }

    pub(super) fn to_value(&self) -> Value {
        let mut m = Map::new();
        m.insert("name".into(), self.name.clone().into());
        m.insert("version".into(), self.version.clone().into());
        if let Some(t) = &self.title {
            m.insert("title".into(), t.clone().into());
        }
        if let Some(d) = &self.description {
            m.insert("description".into(), d.clone().into());
        }
        if let Some(u) = &self.website_url {
            m.insert("websiteUrl".into(), u.clone().into());
        }
        if let Some(i) = &self.icons {
            m.insert("icons".into(), i.clone());
        }
        Value::Object(m)
    }
}

/// What every primitive has besides its identity.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Common {
    pub(super) title: Option<String>,
    pub(super) description: Option<String>,
    pub(super) protocol_versions: Option<VersionSet>,
    pub(super) icons: Option<Value>,
    pub(super) meta: Option<Value>,
    pub(super) client_requirements: Option<Value>,
}

macro_rules! common_methods {
    () => {
        /// A display title.
        #[must_use]
        pub fn title(mut self, title: impl Into<String>) -> Self {
            self.common.title = Some(title.into());
            self
        }

        /// A description.
        #[must_use]
        pub fn description(mut self, description: impl Into<String>) -> Self {
            self.common.description = Some(description.into());
            self
        }

        /// An explicit scope: the protocol versions this description applies to (a subset of
        /// the document's).
        #[must_use]
        pub fn protocol_versions(
            mut self,
            versions: impl IntoIterator<Item = ProtocolVersion>,
        ) -> Self {
            self.common.protocol_versions = Some(versions.into_iter().collect());
            self
        }

        /// Icons, as the description format's `icons` array (MCP 2025-11-25 and later).
        #[must_use]
        pub fn icons(mut self, icons: Value) -> Self {
            self.common.icons = Some(icons);
            self
        }

        /// The `_meta` object (MCP 2025-06-18 and later).
        #[must_use]
        pub fn meta(mut self, meta: Value) -> Self {
            self.common.meta = Some(meta);
            self
        }

        /// `clientRequirements`: the client capabilities this primitive needs whatever it is
        /// given, such as `{"elicitation": {"form": {}}}` for one that always asks. A
        /// declaration does not imply it (§12: a conditional declaration is no unconditional
        /// requirement). `build()` holds it to every version of the scope, as the validator
        /// does: 2025-06-18 states elicitation as `{}`, without modes, so a requirement of a
        /// mode needs a scope without it.
        #[must_use]
        pub fn client_requirements(mut self, requirements: Value) -> Self {
            self.common.client_requirements = Some(requirements);
            self
        }
    };
}

/// A tool.
#[derive(Clone, Debug, PartialEq)]
pub struct Tool {
    pub(super) name: String,
    pub(super) common: Common,
    pub(super) input_schema: Value,
    pub(super) output_schema: Option<Value>,
    pub(super) annotations: Option<Value>,
}

impl Tool {
    /// A tool named `name`, taking any object (`{"type": "object"}`) until an input schema is
    /// given.
    pub fn new(name: impl Into<String>) -> Self {
        Tool {
            name: name.into(),
            common: Common::default(),
            input_schema: json!({"type": "object"}),
            output_schema: None,
            annotations: None,
        }
    }

    common_methods!();

    /// The input schema, as JSON (an object-rooted JSON Schema).
    #[must_use]
    pub fn input_schema(mut self, schema: Value) -> Self {
        self.input_schema = schema;
        self
    }

    /// The output schema, as JSON.
    #[must_use]
    pub fn output_schema(mut self, schema: Value) -> Self {
        self.output_schema = Some(schema);
        self
    }

    /// The tool's annotations (`title`, `readOnlyHint`, `destructiveHint`, `idempotentHint`,
    /// `openWorldHint`), as JSON (MCP 2025-03-26 and later).
    #[must_use]
    pub fn annotations(mut self, annotations: Value) -> Self {
        self.annotations = Some(annotations);
        self
    }

    /// The input schema of `T`, generated by schemars (JSON Schema 2020-12), object-rooted.
    #[cfg(feature = "schemars")]
    #[must_use]
    pub fn input_schema_for<T: schemars::JsonSchema>(mut self) -> Self {
        self.input_schema = schema_of::<T>();
        self
    }

    /// The output schema of `T`, generated by schemars.
    #[cfg(feature = "schemars")]
    #[must_use]
    pub fn output_schema_for<T: schemars::JsonSchema>(mut self) -> Self {
        self.output_schema = Some(schema_of::<T>());
        self
    }
}

#[cfg(feature = "schemars")]
pub(super) fn schema_of<T: schemars::JsonSchema>() -> Value {
    let schema = schemars::generate::SchemaSettings::draft2020_12()
        .into_generator()
        .into_root_schema_for::<T>();
    schema.to_value()
}

/// A resource.
#[derive(Clone, Debug, PartialEq)]
pub struct Resource {
    pub(super) uri: String,
    pub(super) name: String,
    pub(super) common: Common,
    pub(super) mime_type: Option<String>,
}

impl Resource {
    /// A resource at `uri`, called `name`.
    pub fn new(uri: impl Into<String>, name: impl Into<String>) -> Self {
        Resource {
            uri: uri.into(),
            name: name.into(),
            common: Common::default(),
            mime_type: None,
        }
    }

    common_methods!();

    /// The MIME type of its contents.
    #[must_use]
    pub fn mime_type(mut self, mime_type: impl Into<String>) -> Self {
        self.mime_type = Some(mime_type.into());
        self
    }
}

/// A resource template.
#[derive(Clone, Debug, PartialEq)]
pub struct ResourceTemplate {
    pub(super) uri_template: String,
    pub(super) name: String,
    pub(super) common: Common,
    pub(super) mime_type: Option<String>,
}

impl ResourceTemplate {
    /// A template of resource URIs (RFC 6570), called `name`.
    pub fn new(uri_template: impl Into<String>, name: impl Into<String>) -> Self {
        ResourceTemplate {
            uri_template: uri_template.into(),
            name: name.into(),
            common: Common::default(),
            mime_type: None,
        }
    }

    common_methods!();

    /// The MIME type of the resources' contents.
    #[must_use]
    pub fn mime_type(mut self, mime_type: impl Into<String>) -> Self {
        self.mime_type = Some(mime_type.into());
        self
    }
}

/// An argument of a prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromptArgument {
    pub(super) name: String,
    pub(super) title: Option<String>,
    pub(super) description: Option<String>,
    pub(super) required: bool,
}

impl PromptArgument {
    /// An optional argument.
    pub fn new(name: impl Into<String>) -> Self {
        PromptArgument {
            name: name.into(),
            title: None,
            description: None,
            required: false,
        }
    }

    /// A description.
    #[must_use]
    pub fn description(mut self, description: impl Into<String>) -> Self {
        self.description = Some(description.into());
        self
    }

    /// A display title (MCP 2025-06-18 and later).
    #[must_use]
    pub fn title(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// Marks the argument required.
    #[must_use]
    pub fn required(mut self) -> Self {
        self.required = true;
        self
    }
}

/// A prompt.
#[derive(Clone, Debug, PartialEq)]
pub struct Prompt {
    pub(super) name: String,
    pub(super) common: Common,
    pub(super) arguments: Vec<PromptArgument>,
}

impl Prompt {
    /// A prompt named `name`.
    pub fn new(name: impl Into<String>) -> Self {
        Prompt {
            name: name.into(),
            common: Common::default(),
            arguments: Vec::new(),
        }
    }

    common_methods!();

    /// Adds an argument.
    #[must_use]
    pub fn argument(mut self, argument: PromptArgument) -> Self {
        self.arguments.push(argument);
        self
    }
}
