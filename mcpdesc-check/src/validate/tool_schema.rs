//! The JSON Schemas a tool carries (`inputSchema`, `outputSchema`), read as the reference
//! validator reads them:
//!
//! - for the versions of the tool's scope before 2025-11-25, which name no dialect, the shape
//!   every client relies on: `properties` an object of object schemas, `required` an array of
//!   strings (`invalid-legacy-tool-schema-shape`);
//! - for 2025-11-25 and later, the dialect `$schema` names (none means 2020-12; draft-07 is the
//!   other one described: `unsupported-tool-schema-dialect`), then the schema against that
//!   dialect's meta-schema, keyword by keyword, and every `$ref` inside the schema resolved
//!   (`invalid-tool-schema`), URIs as RFC 3986 resolves them against the `$id` of the schema
//!   around (beside the other problems, unless one of them may hide what a reference names: a
//!   member that should hold schemas and does not, a malformed `$id` or anchor; then the
//!   references wait until it is mended). A reference to another document is never fetched:
//!   it makes the check incomplete, which a warning says
//!   (`unresolved-external-tool-schema-reference`), as does one that names a schema of this one
//!   by URI with a fragment that points at nothing (the reference leaves it unchecked too).
//!
//! Where the reference's JSON Schema implementation (ajv 8) departs from the meta-schemas, this
//! follows ajv, since a document is judged by what the reference reports: formats in the
//! meta-schemas are annotations (a `$ref` of `"a b"` is a reference to another document, not a
//! malformed one); `enum` must hold at least one value; a dialect is known only by its
//! meta-schema's own URI (`https://json-schema.org/draft/2020-12/schema`,
//! `http://json-schema.org/draft-07/schema`, either with an empty fragment); two schemas may not
//! share an `$id`; ajv's draft-07 meta-schema has no `writeOnly`, and it checks the name of a
//! `$dynamicAnchor` in draft-07 schemas too. `tests/validator/tool_schema_agreement.rs` holds this to ajv
//! as the reference runs it and to the `jsonschema` crate's meta-schema validation.
//!
//! `pattern` and the keys of `patternProperties` must be ECMAScript regular expressions in
//! Unicode mode, as ajv compiles them (`validate::regex`; another engine's syntax such as `(?i)`
//! is refused), and a `\p{...}` must name a Unicode property ECMAScript knows.

use serde_json::{Map, Value};

use super::seen::Seen;
use super::toolbox::describe;
use super::toolbox::{Cx, pointer};
use super::{Code, Rule};
use crate::hash::{HashMap, HashSet};
use crate::object::Members as _;
use crate::shown::Shown;
use crate::version::{Fact, VersionSet};

/// What the checks of one document's tool schemas keep from tool to tool: the shared schemas
/// already checked, and the walk's buffers.
#[derive(Default)]
pub(crate) struct Shared<'a> {
    /// Component schemas checked, by address and the scope they were checked for (every check
    /// depends on it: the legacy shape, the dialect, `x-mcp-header`).
    checked: HashSet<(usize, VersionSet)>,
    path: Vec<Step<'a>>,
    resources: Vec<Resource>,
    references: Vec<Reference<'a>>,
}

/// Where a tool schema is: written out only for a report.
struct Location<'p> {
    /// The tool's pointer.
    tool: &'p str,
    key: &'static str,
    /// The pointer of the component it was reached through, if any.
    component: Option<String>,
}

impl Location<'_> {
    fn at(&self) -> String {
        match &self.component {
            Some(component) => component.clone(),
            None => pointer(self.tool, self.key),
        }
    }

    /// The pointer of member `member` (then `then`, if given) of the schema.
    fn member(&self, member: &str, then: Option<&str>) -> String {
        let at = pointer(&self.at(), member);
        match then {
            Some(then) => pointer(&at, then),
            None => at,
        }
    }
}

/// Checks a tool's `inputSchema` and `outputSchema` (through a component reference too; a
/// component shared by several tools is checked once per scope).
pub(crate) fn check<'a>(
    cx: &mut Cx<'a>,
    object: &'a Map<String, Value>,
    path: &str,
    scope: VersionSet,
    shared: &mut Shared<'a>,
) {
    let dialects = Fact::ToolSchemaDialects.versions();
    let legacy = !scope.difference(dialects).is_empty();
    let dialect_aware = !scope.intersection(dialects).is_empty();
    for key in ["inputSchema", "outputSchema"] {
        let Some(value) = object.member(key) else {
            continue;
        };
        let Some((target, component)) = super::references::schema_target(cx, value) else {
            continue;
        };
        let Some(schema) = target.as_object() else {
            continue;
        };
        if component.is_some() {
            let address = std::ptr::from_ref(target) as usize;
            if !shared.checked.insert((address, scope)) {
                continue;
            }
        }
        let location = Location {
            tool: path,
            key,
            component,
        };
        if legacy {
            legacy_shape(cx, schema, &location);
        }
        if dialect_aware {
            dialect_checked(cx, target, schema, &location, shared);
        }
        if key == "inputSchema" {
            mcp_headers(cx, target, &location, scope, &mut shared.path);
        }
    }
}

/// An `x-mcp-header` annotation met in an input schema.
struct Header<'a> {
    /// Where the annotated schema is, relative to the input schema.
    at: String,
    value: &'a Value,
    /// The annotated schema's `type`.
    kind: Option<&'a Value>,
    /// Whether the schema is a property reached from the root through `properties` only, the
    /// only place a client can read an argument from to send it as a header.
    reachable: bool,
}

/// `x-mcp-header` annotations (2026-07-28: an argument a client also sends as an HTTP header):
/// defined by no earlier version; on a property reached from the root through `properties`
/// only; naming an HTTP field (a token); on a boolean, integer or string property; each name
/// once, whatever its case.
fn mcp_headers<'a>(
    cx: &mut Cx,
    schema: &'a Value,
    location: &Location<'_>,
    scope: VersionSet,
    path: &mut Vec<Step<'a>>,
) {
    let mut headers = Vec::new();
    path.clear();
    collect_headers(schema, path, true, false, &mut headers);
    if headers.is_empty() {
        return;
    }
    let at = location.at();
    let defined = Fact::McpHeaders.versions();
    let before = scope.difference(defined);
    if !before.is_empty() {
        cx.error(
            Rule::ToolSchemas,
            Code::FieldNotSupported,
            &at,
            format!(
                "the schema uses `x-mcp-header`, which is defined for MCP {defined} only, not {}: scope the tool to {defined} with `protocolVersions`, or leave the annotations out",
                super::toolbox::plain(before),
                defined = super::toolbox::plain(defined)
            ),
        );
    }
    let mut names: Seen<String, String> = Seen::new();
    for header in headers {
        let here = pointer(&format!("{at}{}", header.at), "x-mcp-header");
        let invalid = |cx: &mut Cx, message: String| {
            cx.error(Rule::ToolSchemas, Code::InvalidMcpHeader, &here, message);
        };
        if !header.reachable {
            invalid(
                cx,
                "`x-mcp-header` may annotate only a property reached from the schema's root through `properties` alone (not through `allOf`, `$defs`, `items`, ...): move it there".to_owned(),
            );
        }
        let Some(name) = header.value.as_str().filter(|n| is_field_name(n)) else {
            invalid(
                cx,
                format!(
                    "`x-mcp-header` must name an HTTP header field: a non-empty token of letters, digits and !#$%&'*+-.^_`|~, not {}",
                    describe(header.value)
                ),
            );
            continue;
        };
        if !matches!(
            header.kind.and_then(Value::as_str),
            Some("boolean" | "integer" | "string")
        ) {
            invalid(
                cx,
                "`x-mcp-header` may annotate only a boolean, integer or string property (`type`), whose value fits in a header".to_owned(),
            );
        }
        let lower = name.to_ascii_lowercase();
        if let Some(first) = names.first_or_note(lower, here.clone()) {
            cx.error(
                Rule::ToolSchemas,
                Code::DuplicateMcpHeader,
                &here,
                format!(
                    "the header {name} is already named at {first} (header names are compared without case): give each argument its own header", name = Shown::quoted(name)
                ),
            );
        }
    }
}

/// The `x-mcp-header` annotations of the schema `value` at `path` and below, through every
/// keyword that holds schemas; `through_properties` says whether the path from the root went
/// through `properties` only, and `property` whether this schema is a property's. The path is
/// written out only for an annotation found.
fn collect_headers<'a>(
    value: &'a Value,
    path: &mut Vec<Step<'a>>,
    through_properties: bool,
    property: bool,
    out: &mut Vec<Header<'a>>,
) {
    let Some(object) = value.as_object() else {
        return;
    };
    if let Some(header) = object.member("x-mcp-header") {
        out.push(Header {
            at: written(path),
            value: header,
            kind: object.member("type"),
            reachable: through_properties && property,
        });
    }
    for (key, child) in object {
        if !(child.is_object() || child.is_array()) {
            continue;
        }
        let (map, items, one, keeps) = match (key.as_str(), child) {
            ("properties", Value::Object(map)) => (Some(map), None, None, through_properties),
            (
                "$defs" | "definitions" | "dependentSchemas" | "patternProperties" | "dependencies",
                Value::Object(map),
            ) => (Some(map), None, None, false),
            (
                "allOf" | "anyOf" | "oneOf" | "prefixItems" | "items" | "additionalItems",
                Value::Array(items),
            ) => (None, Some(items), None, false),
            (
                "additionalItems"
                | "additionalProperties"
                | "contains"
                | "contentSchema"
                | "else"
                | "if"
                | "items"
                | "not"
                | "propertyNames"
                | "then"
                | "unevaluatedItems"
                | "unevaluatedProperties",
                Value::Object(_),
            ) => (None, None, Some(child), false),
            _ => continue,
        };
        path.push(Step::Key(key));
        for (name, schema) in map.into_iter().flatten() {
            path.push(Step::Key(name));
            collect_headers(schema, path, keeps, keeps, out);
            path.pop();
        }
        for (i, schema) in items.into_iter().flatten().enumerate() {
            path.push(Step::Index(i));
            collect_headers(schema, path, false, false, out);
            path.pop();
        }
        if let Some(schema) = one {
            collect_headers(schema, path, false, false, out);
        }
        path.pop();
    }
}

/// The problem of a pattern that is not a regular expression.
fn not_a_regex(pattern: &str, error: &str) -> String {
    // A long pattern is not repeated whole, nor cut as other values are: the path and the
    // error's character locate it.
    let length = pattern.chars().count();
    let what = if length <= 60 {
        format!("{pattern:?}")
    } else {
        format!("the pattern of {length} characters")
    };
    format!(
        "{what} is not an ECMAScript regular expression, which JSON Schema patterns are (ajv, the reference's validator, compiles it in Unicode mode): {error}"
    )
}

/// A path of steps as a JSON Pointer.
fn written(path: &[Step<'_>]) -> String {
    let mut at = String::new();
    for step in path {
        at = match step {
            Step::Key(key) => pointer(&at, key),
            Step::Index(i) => pointer(&at, i),
        };
    }
    at
}

/// An HTTP field name (RFC 9110 `token`).
fn is_field_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

/// The shape of a tool schema before 2025-11-25.
fn legacy_shape(cx: &mut Cx, schema: &Map<String, Value>, location: &Location<'_>) {
    let problem = |cx: &mut Cx, at: String, message: String| {
        cx.error(
            Rule::ToolSchemas,
            Code::InvalidLegacyToolSchemaShape,
            &at,
            message,
        );
    };
    if let Some(properties) = schema.member("properties") {
        match properties.as_object() {
            None => problem(
                cx,
                location.member("properties", None),
                format!(
                    "`properties` must be an object of property schemas for MCP versions before 2025-11-25, not {}",
                    describe(properties)
                ),
            ),
            Some(properties) => {
                for (name, property) in properties {
                    if !property.is_object() {
                        problem(
                            cx,
                            location.member("properties", Some(name)),
                            format!(
                                "property {name} must be described by a schema object for MCP versions before 2025-11-25, not {}",
                                describe(property),
                                name = Shown::quoted(name)
                            ),
                        );
                    }
                }
            }
        }
    }
    if let Some(required) = schema.member("required")
        && !required
            .as_array()
            .is_some_and(|names| names.iter().all(Value::is_string))
    {
        problem(
            cx,
            location.member("required", None),
            format!(
                "`required` must be an array of property names (strings) for MCP versions before 2025-11-25, not {}",
                describe(required)
            ),
        );
    }
}

/// The JSON Schema dialects a tool schema may name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Dialect {
    Draft2020_12,
    Draft07,
}

impl Dialect {
    /// The `jsonschema` crate's name of the dialect.
    #[cfg(feature = "jsonschema")]
    pub(crate) fn draft(self) -> jsonschema::Draft {
        match self {
            Dialect::Draft2020_12 => jsonschema::Draft::Draft202012,
            Dialect::Draft07 => jsonschema::Draft::Draft7,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Dialect::Draft2020_12 => "2020-12",
            Dialect::Draft07 => "draft-07",
        }
    }

    /// The URI of the dialect's meta-schema, the one name ajv knows it by.
    fn canonical(self) -> &'static str {
        match self {
            Dialect::Draft2020_12 => "https://json-schema.org/draft/2020-12/schema",
            Dialect::Draft07 => "http://json-schema.org/draft-07/schema",
        }
    }

    /// The dialect a `$schema` value names: `http` or `https`, an optional empty fragment.
    fn named(uri: &str) -> Option<Dialect> {
        let rest = uri
            .strip_prefix("https://")
            .or_else(|| uri.strip_prefix("http://"))?
            .strip_prefix("json-schema.org/")?;
        let rest = rest.strip_suffix('#').unwrap_or(rest);
        match rest {
            "draft/2020-12/schema" => Some(Dialect::Draft2020_12),
            "draft-07/schema" => Some(Dialect::Draft07),
            _ => None,
        }
    }
}

/// The dialect a tool schema is written in, as [`dialect_checked`] reads it: `None` when
/// `$schema` names none tool schemas may use (which that check reports).
pub(crate) fn dialect_of(schema: &Value) -> Option<Dialect> {
    match schema.member("$schema") {
        None => Some(Dialect::Draft2020_12),
        Some(Value::String(uri)) => Dialect::named(uri)
            .filter(|dialect| uri.strip_suffix('#').unwrap_or(uri) == dialect.canonical()),
        Some(_) => None,
    }
}

/// The dialect, the schema against its meta-schema, and its references.
fn dialect_checked<'a>(
    cx: &mut Cx,
    root: &'a Value,
    schema: &Map<String, Value>,
    location: &Location<'_>,
    shared: &mut Shared<'a>,
) {
    let dialect = match schema.member("$schema") {
        None => Dialect::Draft2020_12,
        Some(Value::String(uri)) => match Dialect::named(uri) {
            Some(dialect) if uri.strip_suffix('#').unwrap_or(uri) == dialect.canonical() => dialect,
            Some(dialect) => {
                cx.error(
                    Rule::ToolSchemas,
                    Code::InvalidToolSchema,
                    &location.member("$schema", None),
                    format!(
                        "{uri} names JSON Schema {} by a URI its meta-schema does not have, so validators (the reference's ajv among them) cannot find it; write {:?}",
                        dialect.name(),
                        dialect.canonical(), uri = Shown::quoted(uri)
                    ),
                );
                return;
            }
            None => {
                cx.error(
                    Rule::ToolSchemas,
                    Code::UnsupportedToolSchemaDialect,
                    &location.member("$schema", None),
                    format!(
                        "{uri} is not a JSON Schema dialect tool schemas are described in; write \"https://json-schema.org/draft/2020-12/schema\" (or leave `$schema` out, which means 2020-12) or \"http://json-schema.org/draft-07/schema#\"", uri = Shown::quoted(uri)
                    ),
                );
                return;
            }
        },
        // Not a string: reported as a structural problem with the tool's members.
        Some(_) => return,
    };
    let mut walk = Walk {
        dialect,
        root,
        path: std::mem::take(&mut shared.path),
        problems: Vec::new(),
        references: std::mem::take(&mut shared.references),
        resources: std::mem::take(&mut shared.resources),
        anchors: HashSet::default(),
        ids: HashMap::default(),
        unused: 0,
        where_unknown: 0,
    };
    walk.schema(root, 0);
    // A problem that leaves a place unread, or an `$id` or anchor unknown, would make a
    // reference to what is there look broken: the references wait until it is mended. Other
    // problems (a bound of the wrong type, a bad pattern) do not stop them being checked.
    if walk.where_unknown == 0 {
        walk.resolve_references();
    }
    let Walk {
        problems,
        mut path,
        mut references,
        mut resources,
        ..
    } = walk;
    let complete = problems.is_empty();
    if !complete {
        let at = location.at();
        for (place, message) in problems {
            cx.error(
                Rule::ToolSchemas,
                Code::InvalidToolSchema,
                &format!("{at}{place}"),
                format!("not valid JSON Schema {}: {message}", dialect.name()),
            );
        }
    }
    if complete && references.iter().any(|r| r.external) {
        let listed = |here: bool| {
            let mut listed: Vec<String> = references
                .iter()
                .filter(|r| r.external && r.unfound_here == here)
                .map(|r| Shown::quoted(r.reference).to_string())
                .collect();
            listed.sort();
            listed.dedup();
            listed.join(", ")
        };
        let (elsewhere, here) = (listed(false), listed(true));
        let mut message = String::new();
        if !elsewhere.is_empty() {
            message = format!(
                "the schema refers to other documents ({elsewhere}), which validation does not fetch: what they hold was not checked"
            );
        }
        if !here.is_empty() {
            if !message.is_empty() {
                message.push_str("; ");
            }
            message.push_str(&format!(
                "{here} name{} a schema of this one by its URI, with a fragment that points at nothing in it: correct the fragment (the reference validator, which this follows, leaves such a reference unchecked, so this is a warning)",
                if here.contains(", ") { "" } else { "s" }
            ));
        }
        cx.push(
            Rule::ToolSchemas,
            Code::UnresolvedExternalToolSchemaReference,
            &location.at(),
            message,
        );
    }
    // The buffers go back, empty, for the next schema.
    path.clear();
    references.clear();
    resources.clear();
    shared.path = path;
    shared.references = references;
    shared.resources = resources;
}

/// A `$ref` met on the walk.
struct Reference<'a> {
    /// Where the `$ref` member is, relative to the schema.
    at: String,
    reference: &'a str,
    /// The index (in [`Walk::resources`]) of the schema resource it is resolved against.
    base: usize,
    /// A `$dynamicRef`: a plain-name fragment of it is looked up when the schema is used, and a
    /// reference to another document is never left for later.
    dynamic: bool,
    /// Left unchecked: it names another document, or (`unfound_here`) a schema of this one by
    /// its URI with a fragment that points at nothing in it.
    external: bool,
    unfound_here: bool,
}

/// A schema resource: the root, or a subschema with its own `$id`.
struct Resource {
    /// Its pointer, relative to the schema root.
    at: String,
    /// Its `$id`, resolved against the `$id` of the resource around it (`None` for a root
    /// without one).
    id: Option<String>,
}

/// A step of the walk's path: a member's key or an array's index.
#[derive(Clone, Copy)]
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

/// One walk of a schema against its dialect's meta-schema. The place of each value is kept as a
/// list of steps, written out as a pointer only for a problem, a `$ref` or a resource.
struct Walk<'a> {
    dialect: Dialect,
    root: &'a Value,
    path: Vec<Step<'a>>,
    /// Each problem: where (relative to the schema) and what.
    problems: Vec<(String, String)>,
    references: Vec<Reference<'a>>,
    resources: Vec<Resource>,
    /// The plain-name fragments (`$anchor`, `$dynamicAnchor`, draft-07's `$id: "#name"`), by the
    /// index of the resource they are defined in.
    anchors: HashSet<(usize, &'a str)>,
    /// For each resource `$id`: the first resource with it, and how many have it. (A schema can
    /// hold thousands of resources and references; each is looked up, not searched for.)
    ids: HashMap<String, (usize, usize)>,
    /// How deep the walk is in parts of the schema that are checked against the meta-schema but
    /// never used, so that the references and patterns inside them are not followed: `then` or
    /// `else` without `if`, and draft-07's `additionalItems` without an array of `items`.
    unused: usize,
    /// The problems that leave part of the schema unread (a member that should hold schemas
    /// and does not) or a place a reference names unknown (a malformed `$id` or anchor): while
    /// there is one, a reference that finds nothing may be finding nothing because of it.
    where_unknown: usize,
}

impl<'a> Walk<'a> {
    /// The pointer of the current place, relative to the schema.
    fn here(&self) -> String {
        written(&self.path)
    }

    /// A problem with the value at the current place.
    fn problem(&mut self, message: String) {
        let at = self.here();
        self.problems.push((at, message));
    }

    /// A child schema at `step` from the current place.
    fn child(&mut self, step: Step<'a>, value: &'a Value, base: usize) {
        self.path.push(step);
        self.schema(value, base);
        self.path.pop();
    }

    /// The schema at the current place, in the resource `base`.
    fn schema(&mut self, value: &'a Value, base: usize) {
        let object = match value {
            Value::Bool(_) => return,
            Value::Object(object) => object,
            other => {
                // An array in place of a schema may hold what references name; a scalar cannot.
                self.where_unknown += usize::from(other.is_array());
                self.problem(format!(
                    "a schema is an object or a boolean, not {}",
                    describe(other)
                ));
                return;
            }
        };
        let modern = self.dialect == Dialect::Draft2020_12;
        let at_root = self.path.is_empty();
        // A subschema with an `$id` (not a plain-name fragment) is a resource of its own; in
        // draft-07 an `$id` beside `$ref` is ignored, as every sibling of `$ref` is.
        let new_resource = match object.member("$id") {
            Some(Value::String(id))
                if !id.starts_with('#')
                    && (modern || object.member("$ref").is_none())
                    && (at_root || !id.is_empty()) =>
            {
                Some(id.strip_suffix('#').unwrap_or(id))
            }
            _ => None,
        };
        let base = if at_root || new_resource.is_some() {
            let outer = if at_root {
                None
            } else {
                self.resources.get(base).and_then(|r| r.id.as_deref())
            };
            // An `$id` with a fragment (draft-07's `https://x/s#frag`) keeps it: it names no
            // resource a `$ref` can reach by URI, and shares no URI with the one without it.
            let id = new_resource.map(|id| match id.split_once('#') {
                Some((uri, fragment)) => format!("{}#{fragment}", resolved(outer, uri)),
                None => resolved(outer, id),
            });
            let index = self.resources.len();
            if let Some(id) = &id {
                self.ids
                    .entry(id.clone())
                    .and_modify(|(_, count)| *count += 1)
                    .or_insert((index, 1));
            }
            self.resources.push(Resource {
                at: self.here(),
                id,
            });
            index
        } else {
            base
        };
        let has_if = object.member("if").is_some();
        let item_list = object.member("items").is_some_and(Value::is_array);
        for (key, v) in object {
            let unused = (!has_if && matches!(key.as_str(), "then" | "else"))
                || (!modern && !item_list && key == "additionalItems");
            self.unused += usize::from(unused);
            self.path.push(Step::Key(key));
            self.keyword(key, v, base, modern);
            self.path.pop();
            self.unused -= usize::from(unused);
        }
        if !modern
            && let Some(Value::String(id)) = object.member("$id")
            && let Some(name) = id.strip_prefix('#')
            && !name.is_empty()
        {
            self.anchor(base, name);
        }
    }

    /// Keyword `key` of a schema, whose value `v` is at the current place.
    fn keyword(&mut self, key: &'a str, v: &'a Value, base: usize, modern: bool) {
        match key {
            "$id" => self.id(v, base),
            "$schema" => self.string(v, key),
            "$recursiveRef" if modern => self.string(v, key),
            "$ref" | "$dynamicRef" if modern || key == "$ref" => {
                self.string(v, key);
                if let Value::String(reference) = v
                    && self.unused == 0
                {
                    let at = self.here();
                    self.references.push(Reference {
                        at,
                        reference,
                        base,
                        dynamic: key == "$dynamicRef",
                        external: false,
                        unfound_here: false,
                    });
                }
            }
            "$anchor" | "$dynamicAnchor" | "$recursiveAnchor" if modern => match v.as_str() {
                Some(name) if is_anchor(name) => {
                    if key != "$recursiveAnchor" {
                        self.anchor(base, name);
                    }
                }
                _ => {
                    self.where_unknown += 1;
                    self.problem(format!(
                        "`{key}` must be a name that starts with a letter or `_`, then letters, digits, `-`, `.` and `_`; not {}",
                        describe(v)
                    ));
                }
            },
            "$vocabulary" if modern => self.vocabulary(v),
            "pattern" => match v {
                Value::String(pattern) if self.unused == 0 => {
                    if let Some(error) = super::regex::syntax_error(pattern) {
                        self.problem(not_a_regex(pattern, &error));
                    }
                }
                Value::String(_) => {}
                _ => self.string(v, key),
            },
            "$comment" | "title" | "description" | "format" | "contentMediaType"
            | "contentEncoding"
                if !v.is_string() =>
            {
                self.problem(format!("`{key}` must be a string, not {}", describe(v)));
            }
            "readOnly" | "uniqueItems" => self.boolean(v, key),
            "writeOnly" | "deprecated" if modern => self.boolean(v, key),
            "examples" if !v.is_array() => {
                self.problem(format!("`{key}` must be an array, not {}", describe(v)));
            }
            "enum" => match v {
                Value::Array(values) if !values.is_empty() => {}
                Value::Array(_) => self.problem(
                    "`enum` must hold at least one value (a schema no value fits is `false`)"
                        .to_owned(),
                ),
                _ => self.problem(format!("`enum` must be an array, not {}", describe(v))),
            },
            "multipleOf" if !v.as_f64().is_some_and(|n| n > 0.0) => {
                self.problem(format!(
                    "`multipleOf` must be a number above 0, not {}",
                    describe(v)
                ));
            }
            "maximum" | "exclusiveMaximum" | "minimum" | "exclusiveMinimum" if !v.is_number() => {
                self.problem(format!("`{key}` must be a number, not {}", describe(v)));
            }
            "maxLength" | "minLength" | "maxItems" | "minItems" | "maxProperties"
            | "minProperties" => self.count(v, key),
            "maxContains" | "minContains" if modern => self.count(v, key),
            "required" => self.string_array(v, key),
            "type" => self.type_keyword(v),
            "items" if !modern && v.is_array() => self.schema_array(v, base, key),
            "items"
            | "contains"
            | "additionalProperties"
            | "propertyNames"
            | "if"
            | "then"
            | "else"
            | "not" => self.schema(v, base),
            "additionalItems" if !modern => self.schema(v, base),
            "unevaluatedItems" | "unevaluatedProperties" | "contentSchema" if modern => {
                self.schema(v, base);
            }
            "prefixItems" if modern => self.schema_array(v, base, key),
            "allOf" | "anyOf" | "oneOf" => self.schema_array(v, base, key),
            "properties" | "patternProperties" | "definitions" => self.schema_map(v, base, key),
            "$defs" | "dependentSchemas" if modern => self.schema_map(v, base, key),
            "dependencies" => self.dependencies(v, base),
            "dependentRequired" if modern => {
                let members = self.object(v, key, "property-name arrays");
                for (name, names) in members.into_iter().flatten() {
                    self.path.push(Step::Key(name));
                    self.string_array(names, name);
                    self.path.pop();
                }
            }
            // `default`, `const` and every keyword the dialect does not define take any value.
            _ => {}
        }
    }

    /// Records a plain-name fragment in resource `base`.
    fn anchor(&mut self, base: usize, name: &'a str) {
        self.anchors.insert((base, name));
    }

    fn string(&mut self, v: &Value, key: &str) {
        if !v.is_string() {
            self.problem(format!("`{key}` must be a string, not {}", describe(v)));
        }
    }

    /// `$id`: a string; in 2020-12 without a fragment; not the `$id` of another schema.
    fn id(&mut self, v: &'a Value, base: usize) {
        let Value::String(id) = v else {
            self.where_unknown += 1;
            return self.string(v, "$id");
        };
        let fragment = id.split_once('#').map_or("", |(_, f)| f);
        if self.dialect == Dialect::Draft2020_12 && !fragment.is_empty() {
            self.where_unknown += 1;
            self.problem(format!(
                "`$id` may not have a fragment in 2020-12 ({id}): name a place with `$anchor` instead", id = Shown::quoted(id)
            ));
        }
        let id = id.strip_suffix('#').unwrap_or(id);
        // The `$id` of the schema it is in names that schema's resource (once resolved); one
        // ignored, or a plain name, names none.
        let schema_at = written(self.path.split_last().map_or(&[][..], |(_, up)| up));
        let Some(own) = self
            .resources
            .get(base)
            .filter(|r| r.at == schema_at)
            .and_then(|r| r.id.as_deref())
        else {
            return;
        };
        let shared = self.ids.get(own).is_some_and(|(_, count)| *count > 1);
        if !id.is_empty() && shared {
            self.where_unknown += 1;
            self.problem(format!(
                "another schema in this one has the `$id` {id}: each `$id` must name one schema",
                id = Shown::quoted(id)
            ));
        }
    }

    fn vocabulary(&mut self, v: &'a Value) {
        for (uri, required) in self
            .object(v, "$vocabulary", "vocabulary URIs and booleans")
            .into_iter()
            .flatten()
        {
            self.path.push(Step::Key(uri));
            if !required.is_boolean() {
                self.problem(format!(
                    "a vocabulary is marked with a boolean (required or not), not {}",
                    describe(required)
                ));
            }
            self.path.pop();
        }
    }

    /// `v`, the value of `key`, as an object of `what` (`None`, and a problem, when it is not
    /// one).
    fn object(&mut self, v: &'a Value, key: &str, what: &str) -> Option<&'a Map<String, Value>> {
        if !v.is_object() {
            self.where_unknown += 1;
            self.problem(format!(
                "`{key}` must be an object of {what}, not {}",
                describe(v)
            ));
        }
        v.as_object()
    }

    fn boolean(&mut self, v: &Value, key: &str) {
        if !v.is_boolean() {
            self.problem(format!("`{key}` must be a boolean, not {}", describe(v)));
        }
    }

    fn count(&mut self, v: &Value, key: &str) {
        if !is_count(v) {
            self.problem(format!(
                "`{key}` must be a whole number of at least 0, not {}",
                describe(v)
            ));
        }
    }

    /// An array of distinct strings (`required`, a `dependentRequired` entry).
    fn string_array(&mut self, v: &Value, key: &str) {
        let Value::Array(items) = v else {
            self.problem(format!(
                "`{key}` must be an array of property names, not {}",
                describe(v)
            ));
            return;
        };
        // The names met so far, each looked up once (a list of `n` names costs `n` lookups).
        let mut met: crate::hash::HashSet<&str> = crate::hash::HashSet::default();
        for (i, item) in items.iter().enumerate() {
            let message = match item.as_str() {
                None => format!("a property name is a string, not {}", describe(item)),
                Some(name) if !met.insert(name) => {
                    format!("{item} is listed twice; list each property name once")
                }
                Some(_) => continue,
            };
            self.path.push(Step::Index(i));
            self.problem(message);
            self.path.pop();
        }
    }

    fn type_keyword(&mut self, v: &Value) {
        const TYPES: [&str; 7] = [
            "array", "boolean", "integer", "null", "number", "object", "string",
        ];
        let simple = |t: &Value| t.as_str().is_some_and(|t| TYPES.contains(&t));
        let fits = match v {
            Value::Array(types) => {
                !types.is_empty()
                    && types.iter().enumerate().all(|(i, t)| {
                        simple(t) && !types.iter().take(i).any(|earlier| earlier == t)
                    })
            }
            other => simple(other),
        };
        if !fits {
            self.problem(format!(
                "`type` must be one of \"array\", \"boolean\", \"integer\", \"null\", \"number\", \"object\", \"string\", or a non-empty array of distinct ones; not {}",
                describe(v)
            ));
        }
    }

    /// A non-empty array of schemas.
    fn schema_array(&mut self, v: &'a Value, base: usize, key: &str) {
        let Value::Array(items) = v else {
            self.where_unknown += 1;
            self.problem(format!(
                "`{key}` must be a non-empty array of schemas, not {}",
                describe(v)
            ));
            return;
        };
        if items.is_empty() {
            self.problem(format!(
                "`{key}` must hold at least one schema; leave it out instead"
            ));
        }
        for (i, item) in items.iter().enumerate() {
            self.child(Step::Index(i), item, base);
        }
    }

    fn schema_map(&mut self, v: &'a Value, base: usize, key: &str) {
        let members = self.object(v, key, "schemas");
        for (name, schema) in members.into_iter().flatten() {
            if key == "patternProperties"
                && self.unused == 0
                && let Some(error) = super::regex::syntax_error(name)
            {
                self.path.push(Step::Key(name));
                self.problem(not_a_regex(name, &error));
                self.path.pop();
            }
            self.child(Step::Key(name), schema, base);
        }
    }

    fn dependencies(&mut self, v: &'a Value, base: usize) {
        for (name, dependency) in self
            .object(v, "dependencies", "schemas and property-name arrays")
            .into_iter()
            .flatten()
        {
            match dependency {
                Value::Array(_) => {
                    self.path.push(Step::Key(name));
                    self.string_array(dependency, name);
                    self.path.pop();
                }
                _ => self.child(Step::Key(name), dependency, base),
            }
        }
    }

    /// Resolves every `$ref` met: to a place in its resource (a JSON Pointer or a plain name), or
    /// in another resource of the schema named by its `$id`; a reference to any other document
    /// is external.
    fn resolve_references(&mut self) {
        let mut problems = Vec::new();
        for reference in &mut self.references {
            let (uri, fragment) = match reference.reference.split_once('#') {
                Some((uri, fragment)) => (uri, fragment),
                None => (reference.reference, ""),
            };
            let index = if uri.is_empty() {
                Some(reference.base)
            } else {
                let outer = self
                    .resources
                    .get(reference.base)
                    .and_then(|r| r.id.as_deref());
                let target = resolved(outer, uri);
                self.ids.get(&target).map(|(first, _)| *first)
            };
            let Some((index, resource)) = index.and_then(|i| Some((i, self.resources.get(i)?)))
            else {
                if reference.dynamic {
                    problems.push((
                        reference.at.clone(),
                        format!(
                            "`$dynamicRef` {} names no schema in this one, and a dynamic reference cannot be left to another document: refer to an `$id` or a `$dynamicAnchor` of this schema",
                            Shown::quoted(reference.reference)
                        ),
                    ));
                } else {
                    reference.external = true;
                }
                continue;
            };
            let found = if fragment.is_empty() || (reference.dynamic && !fragment.starts_with('/'))
            {
                true
            } else if fragment.starts_with('/') {
                percent_decoded(fragment)
                    .and_then(|p| self.root.pointer(&resource.at).and_then(|r| r.pointer(&p)))
                    .is_some_and(|target| target.is_object() || target.is_boolean())
            } else {
                self.anchors.contains(&(index, fragment))
            };
            if !found && !uri.is_empty() && !reference.dynamic {
                // A `$ref` to an outside URI the schema compiles without: a warning, as the reference's.
                reference.external = true;
                reference.unfound_here = true;
            } else if !found {
                problems.push((
                    reference.at.clone(),
                    format!(
                        "`$ref` {} points at no schema in this one; define what it names, or correct the reference",
                        Shown::quoted(reference.reference)
                    ),
                ));
            }
        }
        self.problems.extend(problems);
    }
}

/// `reference` (a URI reference without its fragment) resolved against `base` as RFC 3986
/// resolves it (section 5.2), as JSON Schema resolves an `$id` against the `$id` of the schema
/// around it and a `$ref` against the `$id` of its own. Without a base, a relative reference
/// stays relative, and later ones resolve against it.
fn resolved(base: Option<&str>, reference: &str) -> String {
    let r = UriParts::of(reference);
    let Some(base) = base else {
        return r.with_path(&without_dot_segments(r.path));
    };
    let b = UriParts::of(base);
    let path;
    let (scheme, authority, query) = if r.scheme.is_some() {
        path = without_dot_segments(r.path);
        (r.scheme, r.authority, r.query)
    } else if r.authority.is_some() {
        path = without_dot_segments(r.path);
        (b.scheme, r.authority, r.query)
    } else if r.path.is_empty() {
        path = b.path.to_owned();
        (b.scheme, b.authority, r.query.or(b.query))
    } else if r.path.starts_with('/') {
        path = without_dot_segments(r.path);
        (b.scheme, b.authority, r.query)
    } else {
        let merged = if b.authority.is_some() && b.path.is_empty() {
            format!("/{}", r.path)
        } else {
            match b.path.rsplit_once('/') {
                Some((directory, _)) => format!("{directory}/{}", r.path),
                None => r.path.to_owned(),
            }
        };
        path = without_dot_segments(&merged);
        (b.scheme, b.authority, r.query)
    };
    UriParts {
        scheme,
        authority,
        path: "",
        query,
    }
    .with_path(&path)
}

/// A URI reference's parts (RFC 3986 section 3), its fragment left out.
struct UriParts<'s> {
    scheme: Option<&'s str>,
    authority: Option<&'s str>,
    path: &'s str,
    query: Option<&'s str>,
}

impl<'s> UriParts<'s> {
    fn of(reference: &'s str) -> Self {
        let rest = reference.split('#').next().unwrap_or_default();
        let (scheme, rest) = match rest.split_once(':') {
            Some((scheme, after))
                if scheme
                    .bytes()
                    .next()
                    .is_some_and(|b| b.is_ascii_alphabetic())
                    && scheme
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')) =>
            {
                (Some(scheme), after)
            }
            _ => (None, rest),
        };
        let (authority, rest) = match rest.strip_prefix("//") {
            Some(after) => {
                let (authority, rest) = after
                    .find(['/', '?'])
                    .and_then(|end| after.split_at_checked(end))
                    .unwrap_or((after, ""));
                (Some(authority), rest)
            }
            None => (None, rest),
        };
        let (path, query) = match rest.split_once('?') {
            Some((path, query)) => (path, Some(query)),
            None => (rest, None),
        };
        UriParts {
            scheme,
            authority,
            path,
            query,
        }
    }

    /// The URI these parts write, with `path` for theirs; its scheme and host in lower case,
    /// which name the same whatever their case (as ajv compares them).
    fn with_path(&self, path: &str) -> String {
        let mut out = String::new();
        if let Some(scheme) = self.scheme {
            out.push_str(&scheme.to_ascii_lowercase());
            out.push(':');
        }
        if let Some(authority) = self.authority {
            out.push_str("//");
            let (userinfo, host) = match authority.rsplit_once('@') {
                Some((userinfo, host)) => (Some(userinfo), host),
                None => (None, authority),
            };
            if let Some(userinfo) = userinfo {
                out.push_str(userinfo);
                out.push('@');
            }
            out.push_str(&host.to_ascii_lowercase());
        }
        out.push_str(path);
        if let Some(query) = self.query {
            out.push('?');
            out.push_str(query);
        }
        out
    }
}

/// `path` with its `.` and `..` segments taken out (RFC 3986 section 5.2.4; a relative path
/// stays relative).
fn without_dot_segments(path: &str) -> String {
    let mut input = path;
    let mut output = String::with_capacity(path.len());
    while !input.is_empty() {
        if let Some(rest) = input
            .strip_prefix("../")
            .or_else(|| input.strip_prefix("./"))
        {
            input = rest;
        } else if let Some(rest) = input.strip_prefix("/.").filter(|r| r.starts_with('/')) {
            // `/./x`: `/x`.
            input = rest;
        } else if input == "/." {
            input = "/";
        } else if let Some(rest) = input
            .strip_prefix("/..")
            .filter(|r| r.is_empty() || r.starts_with('/'))
        {
            // `/../x`: `/x`, and the last segment written goes.
            input = if rest.is_empty() { "/" } else { rest };
            let cut = output.rfind('/').unwrap_or(0);
            output.truncate(cut);
        } else if input == "." || input == ".." {
            input = "";
        } else {
            // The first segment, with the `/` before it.
            let start = usize::from(input.starts_with('/'));
            let (segment, rest) = input
                .get(start..)
                .and_then(|after| after.find('/'))
                .and_then(|i| input.split_at_checked(i + start))
                .unwrap_or((input, ""));
            output.push_str(segment);
            input = rest;
        }
    }
    // A relative path stays relative (`b/../d` is `d`, not `/d`).
    if !path.starts_with('/') && output.starts_with('/') {
        output.remove(0);
    }
    output
}

/// A JSON Pointer written as a URI fragment, percent-decoded (`None` when an escape is
/// malformed or decodes to something that is not UTF-8).
fn percent_decoded(fragment: &str) -> Option<String> {
    if !fragment.contains('%') {
        return Some(fragment.to_owned());
    }
    let bytes = fragment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&byte) = bytes.get(i) {
        if byte == b'%' {
            let hex = fragment.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(byte);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// `^[A-Za-z_][-A-Za-z0-9._]*$`: an anchor's name.
fn is_anchor(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_'))
}

/// A non-negative integer (`3.0` is one).
fn is_count(v: &Value) -> bool {
    v.as_u64().is_some() || v.as_f64().is_some_and(|n| n >= 0.0 && n.fract() == 0.0)
}

#[cfg(test)]
mod tests {
    use super::resolved;

    /// RFC 3986 section 5.4's examples, against its base URI.
    #[test]
    fn references_resolve_as_rfc_3986_resolves_them() {
        let base = Some("http://a/b/c/d;p?q");
        for (reference, target) in [
            ("g:h", "g:h"),
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q"),
            ("g#s", "http://a/b/c/g"),
            (";x", "http://a/b/c/;x"),
            ("", "http://a/b/c/d;p?q"),
            (".", "http://a/b/c/"),
            ("./", "http://a/b/c/"),
            ("..", "http://a/b/"),
            ("../", "http://a/b/"),
            ("../g", "http://a/b/g"),
            ("../..", "http://a/"),
            ("../../g", "http://a/g"),
            ("../../../g", "http://a/g"),
            ("/./g", "http://a/g"),
            ("/../g", "http://a/g"),
            ("g.", "http://a/b/c/g."),
            ("..g", "http://a/b/c/..g"),
            ("./../g", "http://a/b/g"),
            ("./g/.", "http://a/b/c/g/"),
            ("g/./h", "http://a/b/c/g/h"),
            ("g/../h", "http://a/b/c/h"),
            ("g;x=1/../y", "http://a/b/c/y"),
            ("g?y/./x", "http://a/b/c/g?y/./x"),
        ] {
            assert_eq!(resolved(base, reference), target, "{reference}");
        }
    }

    #[test]
    fn relative_references_without_a_base_stay_relative() {
        assert_eq!(resolved(None, "b/c.json"), "b/c.json");
        assert_eq!(resolved(Some("b/c.json"), "d.json"), "b/d.json");
        assert_eq!(resolved(Some("b/c.json"), "../d.json"), "d.json");
        assert_eq!(
            resolved(Some("urn:example:x"), "urn:example:y"),
            "urn:example:y"
        );
        // Scheme and host name the same in any case; a user and a path do not.
        assert_eq!(
            resolved(None, "HTTPS://Me@X.Example/A.json"),
            "https://Me@x.example/A.json"
        );
        assert_eq!(resolved(Some("HTTP://X/a/b"), "c"), "http://x/a/c");
    }
}
