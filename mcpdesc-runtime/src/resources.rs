//! Resource templates declared once: listed, read, described and asked through one router.
//!
//! rmcp routes tools and prompts (`#[tool_router]`, `#[prompt_router]`) but leaves resources
//! to a hand-written `list_resource_templates` and `read_resource`. This module is the missing
//! router. Write `#[resource_template(uri = "...")]` on an `async fn` of an impl block marked
//! `#[resource_router]`; the block gains `fn resource_router() -> ResourceRouter<Self>`, which
//!
//! - lists the templates ([`ResourceRouter::list_all`], [`ResourceRouter::list`]),
//! - reads a URI with the function of the first template it expands ([`ResourceRouter::read`]),
//!   its variables decoded into a type of yours ([`TemplateUri`]), and answers any other URI
//!   with the protocol's resource-not-found error (-32002; rmcp sends -32602 on
//!   2026-07-28, which made that the code),
//! - gives each `#[elicitation]` of the function its resource template, so the declaration
//!   names no URI of its own,
//! - and describes them ([`DescriptionBuilder::resource_router`](crate::description::DescriptionBuilder::resource_router)),
//!   where a typed variable the template lacks, or the reverse, is a build problem.
//!
//! `#[resource_handler]` on the `impl ServerHandler` writes `list_resource_templates` and
//! `read_resource` from the router (`Self::resource_router()`, as rmcp's `#[tool_handler]`
//! reads `Self::tool_router()`, unless `router = ...` names another, such as a field).
//!
//! ```
//! use mcpdesc_runtime::resources::{ResourceRouter, TemplateUri};
//! use mcpdesc_runtime::session::Asker;
//! use mcpdesc_runtime::{resource_handler, resource_router};
//! use rmcp::model::{ReadResourceResult, ResourceContents, ServerCapabilities, ServerConfig};
//! use rmcp::{ErrorData, ServerHandler};
//!
//! #[derive(Clone)]
//! struct Notes;
//!
//! /// The variables of `notes://{day}/{n}`, by name.
//! #[derive(serde::Deserialize)]
//! struct Note {
//!     day: String,
//!     n: u32,
//! }
//!
//! #[resource_router]
//! impl Notes {
//!     /// A note of a day, as plain text.
//!     #[resource_template(uri = "notes://{day}/{n}", name = "note", mime_type = "text/plain")]
//!     async fn note(&self, uri: TemplateUri<Note>) -> Result<ReadResourceResult, ErrorData> {
//!         let text = format!("note {} of {}", uri.vars.n, uri.vars.day);
//!         Ok(ReadResourceResult::new(vec![ResourceContents::text(text, uri.uri)]))
//!     }
//! }
//!
//! #[resource_handler]
//! impl ServerHandler for Notes {
//!     fn get_info(&self) -> ServerConfig {
//!         ServerConfig::new(ServerCapabilities::builder().enable_resources().build())
//!     }
//! }
//!
//! let router: ResourceRouter<Notes> = Notes::resource_router();
//! assert_eq!(router.list_all()[0].uri_template, "notes://{day}/{n}");
//! assert!(router.has_route("notes://monday/2"));
//! assert!(!router.has_route("notes://monday"));
//! # let _ = Asker::new;
//! ```

use std::fmt;
use std::future::Future;
use std::pin::Pin;

use rmcp::ErrorData;
use rmcp::model::{
    ListResourceTemplatesResult, ReadResourceRequestParams, ReadResourceResponse, ResourceTemplate,
};
use rmcp::service::{RequestContext, RoleServer};
use serde::de::{self, DeserializeOwned, IntoDeserializer};

use crate::uri_template::UriTemplate;

/// What a route's function returns: the read, to be awaited, borrowing the server.
pub type ReadFuture<'a> =
    Pin<Box<dyn Future<Output = Result<ReadResourceResponse, ErrorData>> + Send + 'a>>;

/// A template's variables and their values.
type Vars = Vec<(String, String)>;

/// A route's function: reads `request` on `server`. `#[resource_router]` writes one for each
/// `#[resource_template]` function.
pub type ReadFn<S> = for<'a> fn(&'a S, ResourceRequest) -> ReadFuture<'a>;

/// The resource templates of a server and the functions that read them: what
/// `#[resource_router]` builds. Routers add with `+` (one per impl block).
pub struct ResourceRouter<S> {
    routes: Vec<Route<S>>,
}

/// One template and its function.
struct Route<S> {
    template: ResourceTemplate,
    read: ReadFn<S>,
    /// The variable names each of the function's parameters reads, when it says
    /// ([`FromResourceRequest::variables`]).
    reads: Vec<Vec<&'static str>>,
}

impl<S> Clone for Route<S> {
    fn clone(&self) -> Self {
        Route {
            template: self.template.clone(),
            read: self.read,
            reads: self.reads.clone(),
        }
    }
}

impl<S> Clone for ResourceRouter<S> {
    fn clone(&self) -> Self {
        ResourceRouter {
            routes: self.routes.clone(),
        }
    }
}

impl<S> Default for ResourceRouter<S> {
    fn default() -> Self {
        ResourceRouter { routes: Vec::new() }
    }
}

impl<S> fmt::Debug for ResourceRouter<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.routes.iter().map(|r| &r.template.uri_template))
            .finish()
    }
}

impl<S> std::ops::Add for ResourceRouter<S> {
    type Output = Self;

    fn add(mut self, other: Self) -> Self {
        self.routes.extend(other.routes);
        self
    }
}

impl<S> ResourceRouter<S> {
    /// A router with no templates.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a template and the function that reads it; `reads` are the variable names the
    /// function's typed parameters read. Written by `#[resource_router]`; call it by hand only
    /// for a template whose function is not an `async fn` of the server.
    #[must_use]
    pub fn with_route(
        mut self,
        template: ResourceTemplate,
        read: ReadFn<S>,
        reads: Vec<Vec<&'static str>>,
    ) -> Self {
        self.routes.push(Route {
            template,
            read,
            reads,
        });
        self
    }

    /// The templates, in the order they were added.
    pub fn list_all(&self) -> Vec<ResourceTemplate> {
        self.routes.iter().map(|r| r.template.clone()).collect()
    }

    /// The answer to `resources/templates/list`: every template, on one page.
    pub fn list(&self) -> ListResourceTemplatesResult {
        ListResourceTemplatesResult::with_all_items(self.list_all())
    }

    /// Whether a template of the router expands to `uri`.
    pub fn has_route(&self, uri: &str) -> bool {
        self.route(uri).is_some()
    }

    /// The first route whose template expands to `uri`, with the variables' values.
    fn route(&self, uri: &str) -> Option<(&Route<S>, Vars)> {
        self.routes.iter().find_map(|route| {
            let template = UriTemplate::parse(&route.template.uri_template)?;
            let vars = template.captures(uri)?;
            Some((
                route,
                vars.into_iter().map(|(n, v)| (n.to_owned(), v)).collect(),
            ))
        })
    }

    /// Reads `params.uri` on `server` with the function of the first template that expands to
    /// it.
    ///
    /// # Errors
    ///
    /// The protocol's resource-not-found error (-32002, the URI in its `data`; rmcp sends it as
    /// -32602 on 2026-07-28) when no template
    /// expands to the URI, or a variable does not read as its parameter's type; otherwise what
    /// the function returns.
    pub async fn read(
        &self,
        server: &S,
        params: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let Some((route, vars)) = self.route(&params.uri) else {
            return Err(not_found(&params.uri, None));
        };
        let request = ResourceRequest {
            template: route.template.uri_template.clone(),
            vars,
            params,
            context,
        };
        (route.read)(server, request).await
    }

    /// What does not fit between each template and its function: a variable a typed parameter
    /// reads that the template does not have, or one the template has that no parameter reads.
    /// [`DescriptionBuilder::resource_router`](crate::description::DescriptionBuilder::resource_router)
    /// reports them as build problems.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        for route in &self.routes {
            let uri = &route.template.uri_template;
            let Some(template) = UriTemplate::parse(uri) else {
                problems.push(format!(
                    "the resource template {uri:?} is not a URI template (RFC 6570)"
                ));
                continue;
            };
            if route.reads.is_empty() {
                continue;
            }
            let has = template.variables();
            for reads in &route.reads {
                for name in reads.iter().filter(|n| !has.contains(n)) {
                    problems.push(format!(
                        "the function of the resource template {uri:?} reads the variable `{name}`, which the template does not have: add `{{{name}}}` to the template, or rename the field"
                    ));
                }
            }
            for name in has
                .iter()
                .filter(|n| !route.reads.iter().any(|r| r.contains(n)))
            {
                problems.push(format!(
                    "the resource template {uri:?} has the variable `{name}`, which its function's `TemplateUri` type does not read: add a field `{name}`"
                ));
            }
        }
        problems
    }
}

/// The resource-not-found error (-32002) for `uri`, with why when there is more to say.
fn not_found(uri: &str, why: Option<String>) -> ErrorData {
    let message = match why {
        Some(why) => format!("no resource at {uri}: {why}"),
        None => format!("no resource at {uri}"),
    };
    ErrorData::resource_not_found(message, Some(serde_json::json!({ "uri": uri })))
}

/// A `resources/read` request routed to a template: what a route's function reads its
/// parameters from ([`FromResourceRequest`]).
pub struct ResourceRequest {
    template: String,
    vars: Vec<(String, String)>,
    params: ReadResourceRequestParams,
    context: RequestContext<RoleServer>,
}

impl fmt::Debug for ResourceRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ResourceRequest")
            .field("uri", &self.params.uri)
            .field("template", &self.template)
            .field("vars", &self.vars)
            .finish_non_exhaustive()
    }
}

impl ResourceRequest {
    /// The URI read.
    pub fn uri(&self) -> &str {
        &self.params.uri
    }

    /// The template that expands to it.
    pub fn template(&self) -> &str {
        &self.template
    }

    /// The template's variables, by name, percent-decoded; one that expanded to nothing is
    /// absent.
    pub fn vars(&self) -> &[(String, String)] {
        &self.vars
    }
}

/// A parameter of a `#[resource_template]` function, read from the request it serves:
/// [`TemplateUri`], [`Asker`](crate::session::Asker), rmcp's `RequestContext<RoleServer>` and
/// `ReadResourceRequestParams`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a parameter a `#[resource_template]` function can take",
    label = "not read from a `resources/read` request",
    note = "a resource template's function takes `&self` and any of `TemplateUri<T>` (the URI and its variables), `Asker`, `RequestContext<RoleServer>` and `ReadResourceRequestParams`"
)]
pub trait FromResourceRequest: Sized {
    /// The parameter of `request`.
    ///
    /// # Errors
    ///
    /// The error the read is answered with when the parameter cannot be read.
    fn from_request(request: &ResourceRequest) -> Result<Self, ErrorData>;

    /// The template variables the parameter reads, when it reads them by name.
    fn variables() -> Option<Vec<&'static str>> {
        None
    }
}

impl FromResourceRequest for crate::session::Asker {
    fn from_request(request: &ResourceRequest) -> Result<Self, ErrorData> {
        crate::session::Asker::new(&request.context).map_err(ErrorData::from)
    }
}

impl FromResourceRequest for RequestContext<RoleServer> {
    fn from_request(request: &ResourceRequest) -> Result<Self, ErrorData> {
        Ok(request.context.clone())
    }
}

impl FromResourceRequest for ReadResourceRequestParams {
    fn from_request(request: &ResourceRequest) -> Result<Self, ErrorData> {
        Ok(request.params.clone())
    }
}

/// The URI a template expanded to, and its variables read into `V`: a struct whose fields are
/// the template's variables (`String`, numbers, `bool`, unit enums, or an `Option` of one for
/// a variable that may expand to nothing), deserialized with serde.
///
/// A value that does not read as its field's type is answered with resource-not-found: the
/// URI names nothing this server has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateUri<V = ()> {
    /// The URI, as the client sent it.
    pub uri: String,
    /// The variables.
    pub vars: V,
}

impl<V: DeserializeOwned> FromResourceRequest for TemplateUri<V> {
    fn from_request(request: &ResourceRequest) -> Result<Self, ErrorData> {
        let vars = V::deserialize(VarsDeserializer(&request.vars))
            .map_err(|e| not_found(&request.params.uri, Some(e.to_string())))?;
        Ok(TemplateUri {
            uri: request.params.uri.clone(),
            vars,
        })
    }

    fn variables() -> Option<Vec<&'static str>> {
        match V::deserialize(FieldNames) {
            Err(NamesOnly(Some(fields))) => Some(fields.to_vec()),
            _ => None,
        }
    }
}

/// The template's variables as a map of strings, each read as the type asked of it.
struct VarsDeserializer<'a>(&'a [(String, String)]);

impl<'de> de::Deserializer<'de> for VarsDeserializer<'_> {
    type Error = de::value::Error;

    fn deserialize_any<Vis: de::Visitor<'de>>(
        self,
        visitor: Vis,
    ) -> Result<Vis::Value, Self::Error> {
        visitor.visit_map(VarsAccess {
            vars: self.0.iter(),
            value: None,
        })
    }

    fn deserialize_unit<Vis: de::Visitor<'de>>(
        self,
        visitor: Vis,
    ) -> Result<Vis::Value, Self::Error> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier
        ignored_any
    }
}

struct VarsAccess<'a> {
    vars: std::slice::Iter<'a, (String, String)>,
    value: Option<&'a str>,
}

impl<'de> de::MapAccess<'de> for VarsAccess<'_> {
    type Error = de::value::Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Self::Error> {
        let Some((name, value)) = self.vars.next() else {
            return Ok(None);
        };
        self.value = Some(value);
        seed.deserialize(name.as_str().into_deserializer())
            .map(Some)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, Self::Error> {
        let value = self.value.take().unwrap_or_default();
        seed.deserialize(Var(value))
    }
}

/// One variable's value: text, read as a number, a `bool` or a unit variant where one is
/// asked for.
struct Var<'a>(&'a str);

impl Var<'_> {
    fn parse<T: std::str::FromStr>(&self, what: &str) -> Result<T, de::value::Error>
    where
        T::Err: fmt::Display,
    {
        self.0
            .parse()
            .map_err(|e| de::Error::custom(format!("{:?} is not {what}: {e}", self.0)))
    }
}

macro_rules! parsed {
    ($($method:ident $visit:ident $ty:ty, $what:literal;)*) => {
        $(
            fn $method<Vis: de::Visitor<'de>>(self, visitor: Vis) -> Result<Vis::Value, Self::Error> {
                visitor.$visit(self.parse::<$ty>($what)?)
            }
        )*
    };
}

impl<'de> de::Deserializer<'de> for Var<'_> {
    type Error = de::value::Error;

    fn deserialize_any<Vis: de::Visitor<'de>>(
        self,
        visitor: Vis,
    ) -> Result<Vis::Value, Self::Error> {
        visitor.visit_str(self.0)
    }

    parsed! {
        deserialize_bool visit_bool bool, "true or false";
        deserialize_i8 visit_i8 i8, "an integer";
        deserialize_i16 visit_i16 i16, "an integer";
        deserialize_i32 visit_i32 i32, "an integer";
        deserialize_i64 visit_i64 i64, "an integer";
        deserialize_i128 visit_i128 i128, "an integer";
        deserialize_u8 visit_u8 u8, "an integer";
        deserialize_u16 visit_u16 u16, "an integer";
        deserialize_u32 visit_u32 u32, "an integer";
        deserialize_u64 visit_u64 u64, "an integer";
        deserialize_u128 visit_u128 u128, "an integer";
        deserialize_f32 visit_f32 f32, "a number";
        deserialize_f64 visit_f64 f64, "a number";
        deserialize_char visit_char char, "one character";
    }

    fn deserialize_option<Vis: de::Visitor<'de>>(
        self,
        visitor: Vis,
    ) -> Result<Vis::Value, Self::Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<Vis: de::Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: Vis,
    ) -> Result<Vis::Value, Self::Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<Vis: de::Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: Vis,
    ) -> Result<Vis::Value, Self::Error> {
        visitor.visit_enum(self.0.into_deserializer())
    }

    serde::forward_to_deserialize_any! {
        str string bytes byte_buf unit unit_struct seq tuple tuple_struct map struct identifier
        ignored_any
    }
}

/// Reads the field names a struct's `Deserialize` asks for, and nothing else.
struct FieldNames;

/// The error [`FieldNames`] ends with: the names, when a struct asked.
#[derive(Debug)]
struct NamesOnly(Option<&'static [&'static str]>);

impl fmt::Display for NamesOnly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("field names only")
    }
}

impl std::error::Error for NamesOnly {}

impl de::Error for NamesOnly {
    fn custom<T: fmt::Display>(_: T) -> Self {
        NamesOnly(None)
    }
}

impl<'de> de::Deserializer<'de> for FieldNames {
    type Error = NamesOnly;

    fn deserialize_any<Vis: de::Visitor<'de>>(self, _: Vis) -> Result<Vis::Value, Self::Error> {
        Err(NamesOnly(None))
    }

    fn deserialize_struct<Vis: de::Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        _: Vis,
    ) -> Result<Vis::Value, Self::Error> {
        Err(NamesOnly(Some(fields)))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::{FieldNames, NamesOnly, VarsDeserializer};
    use serde::Deserialize;

    #[derive(Deserialize, Debug, PartialEq)]
    struct Vars {
        day: String,
        n: u32,
        draft: Option<bool>,
        kind: Kind,
    }

    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Note,
        Todo,
    }

    fn vars(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn variables_read_as_the_types_asked() {
        let v = Vars::deserialize(VarsDeserializer(&vars(&[
            ("day", "monday"),
            ("n", "7"),
            ("kind", "todo"),
        ])))
        .unwrap();
        assert_eq!(
            v,
            Vars {
                day: "monday".into(),
                n: 7,
                draft: None,
                kind: Kind::Todo
            }
        );
        let err = Vars::deserialize(VarsDeserializer(&vars(&[
            ("day", "monday"),
            ("n", "seven"),
            ("kind", "note"),
        ])))
        .unwrap_err();
        assert!(
            err.to_string().contains("\"seven\" is not an integer"),
            "{err}"
        );
        let err =
            Vars::deserialize(VarsDeserializer(&vars(&[("day", "x"), ("n", "1")]))).unwrap_err();
        assert!(err.to_string().contains("missing field `kind`"), "{err}");
    }

    #[test]
    fn a_struct_says_its_field_names() {
        assert!(matches!(
            Vars::deserialize(FieldNames),
            Err(NamesOnly(Some(["day", "n", "draft", "kind"])))
        ));
        assert!(matches!(
            std::collections::HashMap::<String, String>::deserialize(FieldNames),
            Err(NamesOnly(None))
        ));
    }
}
