//! MCP Description documents, generated from code.
//!
//! ```standalone_crate
//! use mcpdesc_runtime::description::{Description, Info, Tool};
//! use mcpdesc_runtime::ProtocolVersion;
//!
//! let doc = Description::builder(Info::new("issue-server", "1.0.0"))
//!     .protocol_versions([ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28])
//!     .tool(Tool::new("list_issues").description("List open issues."))
//!     .registered_elicitations()
//!     .build()
//!     .unwrap();
//! assert!(doc.to_json_pretty().contains("\"list_issues\""));
//! assert!(doc.to_yaml().starts_with("mcpdesc: \"0.9.0\"\n"));
//! ```
//!
//! The builder refuses to produce a document it can know is invalid:
//! [`DescriptionBuilder::build`] checks what it wrote in everything it cannot guarantee by
//! construction, and returns every problem in a [`BuildError`]. What only a look at the whole
//! file can judge (a tool's hand-written `inputSchema` against its dialect, examples,
//! `annotations`, `_meta`) is left to the whole-format validator of the `mcpdesc-check` crate,
//! which a server's tests run on its checked-in description with one call,
//! `mcpdesc_check::check_checked_in`.

use std::collections::BTreeMap;
use std::fmt;

use serde_json::{Map, Value, json};

mod primitives;
#[cfg(feature = "rmcp")]
mod rmcp;
mod written;

use primitives::Common;
pub use primitives::{
    Info, Prompt, PromptArgument, Resource, ResourceTemplate, SpecVersion, Tool, Transport,
};

pub use crate::members::RUNTIME_CHOICES;

use crate::diagnostics::kind::{self, Kind};
use crate::diagnostics::{Diagnostic, Severity};
use crate::hash::Group;
use crate::object::{Members as _, MembersMut as _};
use crate::registry::{self, Declaration, Mode, Primitive};
use crate::version::{ProtocolVersion, VersionSet};

/// One problem that stops [`DescriptionBuilder::build`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BuildProblem {
    /// A registered declaration names a primitive the builder was not given.
    UnknownPrimitive {
        /// The declaration's name.
        declaration: String,
        /// The primitive it names.
        primitive: String,
        /// Where the declaration is written.
        location: String,
    },
    /// A declaration without explicit scope cannot serve every version its primitive has.
    ScopeNotSatisfiable {
        /// The declaration's name.
        declaration: String,
        /// Its primitive.
        primitive: String,
        /// What it needs and how to split the scope.
        message: String,
    },
    /// Two primitives, or two declarations of one primitive, share an identity.
    Duplicate {
        /// What is duplicated.
        message: String,
    },
    /// Something required is empty.
    Empty {
        /// What is empty.
        message: String,
    },
    /// The description names the server `rmcp` at rmcp's version: the `Implementation` rmcp's
    /// `ServerConfig::new` gives a server that does not name itself, not the server's own.
    RmcpsOwnInfo {
        /// What to write instead.
        message: String,
    },
    /// A transport cannot be written: a stdio transport without a command, or a Streamable HTTP
    /// one whose URL is not absolute.
    InvalidTransport {
        /// What is wrong, and how to fix it.
        message: String,
    },
    /// A primitive carries a member that a protocol version in its scope does not define.
    MemberNotInVersion {
        /// The primitive, such as "tool `close`".
        primitive: String,
        /// The member, as a path inside the primitive (`title`, `arguments/0/title`).
        member: String,
        /// The oldest version in scope, which lacks it.
        version: ProtocolVersion,
        /// The first version that defines it.
        since: ProtocolVersion,
        /// The version that removed it, if one did (MCP 2026-07-28 removed a tool's
        /// `execution`).
        until: Option<ProtocolVersion>,
    },
    /// A resource template's function reads a variable its template does not have, or the
    /// reverse ([`ResourceRouter::problems`](crate::resources::ResourceRouter::problems)).
    ResourceVariables {
        /// What does not fit, and how to fix it.
        message: String,
    },
    /// The written document breaks a rule the builder checks (see
    /// [`DescriptionBuilder::build`]).
    Invalid(Diagnostic),
}

impl fmt::Display for BuildProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildProblem::UnknownPrimitive {
                declaration,
                primitive,
                location,
            } => write!(
                f,
                "the elicitation declaration `{declaration}` ({location}) belongs to the {primitive}, which the builder does not know; add it with `.tool(..)`, `.resource(..)`, `.resource_template(..)` or `.prompt(..)`, or correct the attribute's `tool`/`prompt`/`resource`/`resource_template`. If an rmcp `#[prompt]`, or a `#[tool(name = ...)]` that renames the function, is written above `#[elicitation]`, move `#[elicitation]` above it (an attribute cannot see the attribute macros expanded before it) or name the primitive with `tool = \"...\"` / `prompt = \"...\"`"
            ),
            BuildProblem::ScopeNotSatisfiable { message, .. } => f.write_str(message),
            BuildProblem::Duplicate { message }
            | BuildProblem::Empty { message }
            | BuildProblem::InvalidTransport { message }
            | BuildProblem::ResourceVariables { message }
            | BuildProblem::RmcpsOwnInfo { message } => f.write_str(message),
            BuildProblem::MemberNotInVersion {
                primitive,
                member,
                version,
                since,
                until,
            } => match until {
                Some(until) if version >= until => write!(
                    f,
                    "the {primitive} has `{member}`, which MCP {version} does not define (MCP {until} removed it); give the primitive `.protocol_versions([...])` from {since} up to before {until}, or leave `{member}` out"
                ),
                _ => write!(
                    f,
                    "the {primitive} has `{member}`, which MCP {version} does not define (it came with {since}); give the primitive `.protocol_versions([...])` from {since} on, or leave `{member}` out"
                ),
            },
            BuildProblem::Invalid(d) => write!(f, "the generated document is invalid: {d}"),
        }
    }
}

/// Every problem that stopped a build.
#[derive(Clone, PartialEq, Eq)]
pub struct BuildError {
    problems: Vec<BuildProblem>,
}

/// As `Display`: `description().unwrap()` and a `main` that returns `Result<(), Box<dyn Error>>`
/// print the error with `Debug`, and what they print is every problem with its fix.
impl fmt::Debug for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl BuildError {
    /// The problems. Never empty.
    pub fn problems(&self) -> &[BuildProblem] {
        &self.problems
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.problems.as_slice() {
            [one] => write!(f, "cannot build the MCP Description: {one}"),
            many => {
                write!(
                    f,
                    "cannot build the MCP Description ({} problems):",
                    many.len()
                )?;
                for p in many {
                    write!(f, "\n  - {p}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for BuildError {}

/// Builds a [`Description`]. Start with [`Description::builder`].
#[derive(Clone, Debug)]
#[must_use]
pub struct DescriptionBuilder {
    info: Info,
    spec: SpecVersion,
    protocol_versions: Vec<ProtocolVersion>,
    transports: Vec<Transport>,
    primitives: Vec<Entry>,
    declarations: Vec<&'static Declaration>,
    /// Whether `build` takes the registered declarations of the primitives it was given
    /// ([`DescriptionBuilder::registered_elicitations_of_given_primitives`]).
    registered_of_given: bool,
    /// Problems found while the builder was given its parts, reported by `build`.
    found: Vec<BuildProblem>,
}

/// A generated MCP Description. Valid by construction.
///
/// It serializes (with serde, in any format) to the document itself; [`to_json`](Self::to_json),
/// [`to_json_pretty`](Self::to_json_pretty) and [`to_yaml`](Self::to_yaml) write it as text.
#[derive(Clone)]
pub struct Description {
    /// The document without its elicitation declarations.
    skeleton: Value,
    /// The distinct declaration objects; a form's or a URL's declaration repeated on many
    /// primitives is written once here.
    declarations: Vec<Value>,
    /// For each kind (in `kind::KINDS` order) and each primitive of that kind, the indices in
    /// `declarations` of the primitive's `elicitations`.
    lists: [Vec<Vec<usize>>; 4],
    /// The whole document as JSON, made when first asked for.
    value: std::sync::OnceLock<Value>,
    warnings: Vec<Diagnostic>,
}

impl fmt::Debug for Description {
    /// The document as JSON, and the warnings.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Description")
            .field("document", self.as_value())
            .field("warnings", &self.warnings)
            .finish()
    }
}

impl PartialEq for Description {
    fn eq(&self, other: &Self) -> bool {
        self.as_value() == other.as_value() && self.warnings == other.warnings
    }
}

impl serde::Serialize for Description {
    /// Writes the document: every member of the skeleton in order, each primitive with its
    /// declarations as its last member, `elicitations`. No JSON tree is made for it.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let Value::Object(root) = &self.skeleton else {
            return self.skeleton.serialize(serializer);
        };
        let mut map = serializer.serialize_map(Some(root.len()))?;
        for (key, value) in root {
            match kind::KINDS
                .iter()
                .zip(&self.lists)
                .find(|(k, _)| k.collection == key)
            {
                Some((_, lists)) => map.serialize_entry(
                    key,
                    &written::Primitives {
                        items: value,
                        lists,
                        declarations: &self.declarations,
                    },
                )?,
                None => map.serialize_entry(key, value)?,
            }
        }
        map.end()
    }
}

impl Description {
    /// Starts a description of the server `info`, for every form-mode protocol version
    /// (2025-06-18, 2025-11-25, 2026-07-28) until told otherwise.
    pub fn builder(info: Info) -> DescriptionBuilder {
        DescriptionBuilder {
            info,
            spec: SpecVersion::default(),
            protocol_versions: VersionSet::FORM_MODE.iter().collect(),
            transports: Vec::new(),
            primitives: Vec::new(),
            declarations: Vec::new(),
            registered_of_given: false,
            found: Vec::new(),
        }
    }

    /// The document as JSON. Made on the first call and kept; writing the document as text
    /// ([`to_json`](Self::to_json), [`to_json_pretty`](Self::to_json_pretty)) does not need it.
    pub fn as_value(&self) -> &Value {
        self.value.get_or_init(|| {
            written::assemble(self.skeleton.clone(), &self.declarations, &self.lists)
        })
    }

    /// Consumes the description into its JSON.
    pub fn into_value(self) -> Value {
        match self.value.into_inner() {
            Some(value) => value,
            None => written::assemble(self.skeleton, &self.declarations, &self.lists),
        }
    }

    /// The document as compact JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The document as pretty-printed JSON, with a final newline.
    pub fn to_json_pretty(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }

    /// The document as YAML that a YAML 1.2 parser reads back to the same JSON.
    pub fn to_yaml(&self) -> String {
        crate::yaml::to_string(self.as_value())
    }

    /// The warnings of the builder's checks (for example, legacy versions in scope). Never
    /// errors. The whole-format validator may warn of more.
    pub fn warnings(&self) -> &[Diagnostic] {
        &self.warnings
    }
}

impl DescriptionBuilder {
    /// The MCP protocol versions the server supports.
    pub fn protocol_versions(
        mut self,
        versions: impl IntoIterator<Item = ProtocolVersion>,
    ) -> Self {
        self.protocol_versions = versions.into_iter().collect();
        self
    }

    /// Adds a transport the server is served over, written in `transports` in the order added.
    /// The transports must serve every version of the description between them, and Streamable
    /// HTTP only versions that define it; `build` holds them to the format's rules.
    pub fn transport(mut self, transport: Transport) -> Self {
        self.transports.push(transport);
        self
    }

    /// The specification version to write: 0.9.0-rc.3 (default) or 0.8.0.
    pub fn spec_version(mut self, spec: SpecVersion) -> Self {
        self.spec = spec;
        self
    }

    /// Adds a tool.
    pub fn tool(mut self, tool: Tool) -> Self {
        let mut members = Map::new();
        members.insert("name".into(), tool.name.clone().into());
        common(&mut members, &tool.common);
        members.insert("inputSchema".into(), tool.input_schema);
        if let Some(o) = tool.output_schema {
            members.insert("outputSchema".into(), o);
        }
        if let Some(a) = tool.annotations {
            members.insert("annotations".into(), a);
        }
        extras(&mut members, &tool.common);
        self.primitives
            .push(Entry::new(kind::TOOL, tool.name, &tool.common, members));
        self
    }

    /// Adds a resource.
    pub fn resource(mut self, resource: Resource) -> Self {
        self.primitives.push(resource_entry(
            kind::RESOURCE,
            resource.uri,
            resource.name,
            &resource.common,
            resource.mime_type,
        ));
        self
    }

    /// Adds a resource template.
    pub fn resource_template(mut self, template: ResourceTemplate) -> Self {
        self.primitives.push(resource_entry(
            kind::RESOURCE_TEMPLATE,
            template.uri_template,
            template.name,
            &template.common,
            template.mime_type,
        ));
        self
    }

    /// Adds a prompt.
    pub fn prompt(mut self, prompt: Prompt) -> Self {
        let mut members = Map::new();
        members.insert("name".into(), prompt.name.clone().into());
        common(&mut members, &prompt.common);
        if !prompt.arguments.is_empty() {
            let args = prompt
                .arguments
                .iter()
                .map(|a| {
                    let mut am = Map::new();
                    am.insert("name".into(), a.name.clone().into());
                    if let Some(t) = &a.title {
                        am.insert("title".into(), t.clone().into());
                    }
                    if let Some(d) = &a.description {
                        am.insert("description".into(), d.clone().into());
                    }
                    if a.required {
                        am.insert("required".into(), true.into());
                    }
                    Value::Object(am)
                })
                .collect();
            members.insert("arguments".into(), Value::Array(args));
        }
        extras(&mut members, &prompt.common);
        self.primitives.push(Entry::new(
            kind::PROMPT,
            prompt.name,
            &prompt.common,
            members,
        ));
        self
    }

    /// Merges every `#[elicitation]` declaration linked into this binary into its primitive.
    ///
    /// A declaration whose primitive the builder is not given is a [`BuildError`]
    /// ([`BuildProblem::UnknownPrimitive`]): the description would leave out something the
    /// server asks. Where the binary links in declarations of other servers (a test binary that
    /// holds several, a dependency's), take
    /// [`registered_elicitations_of_given_primitives`](Self::registered_elicitations_of_given_primitives)
    /// instead.
    pub fn registered_elicitations(self) -> Self {
        self.elicitations(registry::declarations())
    }

    /// Merges the `#[elicitation]` declarations linked into this binary whose primitive the
    /// builder is given (by the time [`build`](Self::build) runs), and leaves out the others: a
    /// test binary's or a dependency's, declared for servers this description is not of.
    ///
    /// ```standalone_crate
    /// use mcpdesc_runtime::description::{Description, Info, Tool};
    /// use mcpdesc_runtime::{ElicitationForm, elicitation};
    ///
    /// #[derive(ElicitationForm)]
    /// struct Confirm {
    ///     confirm: bool,
    /// }
    ///
    /// #[elicitation(name = "confirm", form = Confirm, message = "Close it?")]
    /// fn close_issue() {}
    ///
    /// // Another server's tool, linked into the same binary.
    /// #[elicitation(name = "confirm", form = Confirm, message = "Drop it?")]
    /// fn drop_table() {}
    ///
    /// let only_mine = Description::builder(Info::new("tracker", "1.0.0"))
    ///     .tool(Tool::new("close_issue"))
    ///     .registered_elicitations_of_given_primitives()
    ///     .build()?;
    /// assert_eq!(only_mine.as_value()["tools"][0]["elicitations"][0]["message"], "Close it?");
    ///
    /// // Every registered declaration: `drop_table` has no tool here.
    /// let all = Description::builder(Info::new("tracker", "1.0.0"))
    ///     .tool(Tool::new("close_issue"))
    ///     .registered_elicitations()
    ///     .build();
    /// assert!(all.unwrap_err().to_string().contains("drop_table"));
    /// # close_issue(); drop_table();
    /// # Ok::<(), mcpdesc_runtime::description::BuildError>(())
    /// ```
    pub fn registered_elicitations_of_given_primitives(mut self) -> Self {
        self.registered_of_given = true;
        self
    }

    /// Merges the given declarations into their primitives.
    pub fn elicitations(
        mut self,
        declarations: impl IntoIterator<Item = &'static Declaration>,
    ) -> Self {
        self.declarations.extend(declarations);
        self
    }

    /// Writes the document, refusing to produce one it can know is invalid.
    ///
    /// It checks what the builder cannot guarantee by construction: the root's members, `info`
    /// and versions, the transports (every version served), each primitive's name, identity,
    /// scope and client requirements, every declaration with its form in the vocabulary of each
    /// version in its scope, and component references. It leaves to the whole-format validator
    /// (`mcpdesc_check::validate`, in the server's tests) each primitive's other members
    /// (`annotations`, `icons`, `_meta`, `outputSchema`, `execution`, a prompt's `arguments`),
    /// a tool's JSON Schemas against their dialect, examples, capabilities, tags and security.
    ///
    /// # Errors
    ///
    /// [`BuildError`] with every problem that would make the document invalid: a declaration
    /// for a primitive the builder was not given, a declaration its inherited scope cannot serve
    /// (with the split that fixes it), duplicate names, something required left empty (no
    /// protocol version), a member a version in scope does not define, and anything else the
    /// checks above refuse in the written document.
    pub fn build(mut self) -> Result<Description, BuildError> {
        let mut problems = std::mem::take(&mut self.found);
        let root_scope: VersionSet = self.protocol_versions.iter().copied().collect();
        for entry in &mut self.primitives {
            let scope = entry.scope.unwrap_or(root_scope);
            fit_members(entry, scope, &mut problems);
        }
        if root_scope.is_empty() {
            problems.push(BuildProblem::Empty {
                message: "the description needs at least one protocol version: call `.protocol_versions([...])` with the versions the server supports".to_owned(),
            });
        }
        let transports: Vec<Value> = self
            .transports
            .iter()
            .filter_map(|t| match t.to_value() {
                Ok(value) => Some(value),
                Err(message) => {
                    problems.push(BuildProblem::InvalidTransport { message });
                    None
                }
            })
            .collect();
        #[cfg(feature = "rmcp")]
        if let Some(message) = rmcp::rmcps_own_info(&self.info) {
            problems.push(BuildProblem::RmcpsOwnInfo { message });
        }
        if root_scope.len() != self.protocol_versions.len() {
            problems.push(BuildProblem::Duplicate {
                message: "a protocol version is listed twice in `.protocol_versions([...])`"
                    .to_owned(),
            });
        }

        // The effective scope of every primitive, in the order they were added.
        let entries = &self.primitives;
        // Each primitive's entries by kind and identity, in one pass.
        let mut by_identity: crate::hash::HashMap<(Kind, &str), Group<(usize, VersionSet)>> =
            crate::hash::map_with_capacity(entries.len());
        for (b, second) in entries.iter().enumerate() {
            let scope = second.scope.unwrap_or(root_scope);
            let same = match by_identity.entry((second.kind, second.identity.as_str())) {
                std::collections::hash_map::Entry::Vacant(v) => {
                    v.insert(Group::new((b, scope)));
                    continue;
                }
                std::collections::hash_map::Entry::Occupied(o) => o.into_mut(),
            };
            for &(_, earlier) in same.iter() {
                let overlap = earlier.intersection(scope);
                if !overlap.is_empty() {
                    problems.push(BuildProblem::Duplicate {
                        message: format!(
                            "the {} `{}` is added twice for {overlap}; add it once, or give the two descriptions disjoint `.protocol_versions(..)`",
                            second.kind.noun(),
                            second.identity,
                        ),
                    });
                }
            }
            same.push((b, scope));
        }

        if self.registered_of_given {
            let given = |d: &&'static Declaration| {
                let p = d.primitive();
                by_identity.contains_key(&(Kind::of(p), p.identity()))
            };
            let taken: Vec<&'static Declaration> = self.declarations.clone();
            self.declarations.extend(
                registry::declarations()
                    .into_iter()
                    .filter(given)
                    .filter(|d| !taken.iter().any(|t| std::ptr::eq(*t, *d))),
            );
        }

        // Merge declarations.
        let mut merged: Vec<Vec<(&'static Declaration, Option<VersionSet>)>> =
            vec![Vec::new(); entries.len()];
        // The entries a declaration goes to (one list, reused from declaration to declaration).
        let mut targets: Vec<(usize, VersionSet)> = Vec::new();
        for decl in &self.declarations {
            let target = decl.primitive();
            let Some(matching) = by_identity.get(&(Kind::of(target), target.identity())) else {
                problems.push(BuildProblem::UnknownPrimitive {
                    declaration: decl.name().to_owned(),
                    primitive: target.to_string(),
                    location: decl.location().to_string(),
                });
                continue;
            };
            // A primitive split by scope: a declaration without an explicit scope goes to the
            // descriptions whose versions it can serve (the split the scope advice asks for).
            targets.clear();
            targets.extend(matching.iter());
            if decl.protocol_versions().is_none() && matching.is_several() {
                let serving = |(_, scope): &(usize, VersionSet)| {
                    scope
                        .intersection(VersionSet::FORM_MODE)
                        .is_subset(decl.supported_versions())
                };
                if targets.iter().any(serving) {
                    targets.retain(serving);
                }
            }
            let mut placed = false;
            for &(i, primitive_scope) in &targets {
                // Every index was taken from `entries`, which `merged` has one list for.
                let Some(merged_here) = merged.get_mut(i) else {
                    continue;
                };
                let scope = match decl.protocol_versions() {
                    Some(explicit) => {
                        let within = explicit.intersection(primitive_scope);
                        if within.is_empty() {
                            continue;
                        }
                        Some(within)
                    }
                    None => None,
                };
                placed = true;
                let effective = scope.unwrap_or(primitive_scope);
                let lacking = effective
                    .intersection(VersionSet::FORM_MODE)
                    .difference(decl.supported_versions());
                if !lacking.is_empty() {
                    problems.push(BuildProblem::ScopeNotSatisfiable {
                        declaration: decl.name().to_owned(),
                        primitive: target.to_string(),
                        message: scope_advice(decl, target, primitive_scope, effective, lacking),
                    });
                }
                if let Some((first, _)) = merged_here.iter().find(|(d, _)| d.name() == decl.name())
                {
                    problems.push(BuildProblem::Duplicate {
                        message: format!(
                            "the {target} has two elicitation declarations named `{}` ({} and {}); names are unique per primitive",
                            decl.name(),
                            first.location(),
                            decl.location()
                        ),
                    });
                    continue;
                }
                merged_here.push((decl, scope));
            }
            if !placed {
                problems.push(BuildProblem::ScopeNotSatisfiable {
                    declaration: decl.name().to_owned(),
                    primitive: target.to_string(),
                    message: format!(
                        "the elicitation declaration `{}` ({}) is scoped to {}, which no description of the {target} covers; change the declaration's `protocol_versions` or the primitive's",
                        decl.name(),
                        decl.location(),
                        decl.protocol_versions().unwrap_or_default()
                    ),
                });
            }
        }

        if !problems.is_empty() {
            return Err(BuildError { problems });
        }

        // Forms used by several declarations are written once, under components.schemas.
        let shared = shared_forms(&merged);
        let (skeleton, declarations, lists) = self.write(transports, &merged, &shared);
        // The validator reads the declarations beside the document, as the description keeps
        // them: the same report as for the whole document, without writing it as one tree.
        let report = crate::diagnostics::check_built(
            &skeleton,
            Some(&crate::diagnostics::declarations::Listed {
                objects: &declarations,
                lists: &lists,
            }),
        );
        let (errors, warnings): (Vec<_>, Vec<_>) = report
            .into_diagnostics()
            .into_iter()
            .partition(|d| d.severity == Severity::Error);
        if !errors.is_empty() {
            return Err(BuildError {
                problems: errors.into_iter().map(BuildProblem::Invalid).collect(),
            });
        }
        Ok(Description {
            skeleton,
            declarations,
            lists,
            value: std::sync::OnceLock::new(),
            warnings,
        })
    }

    /// Writes the document without its declarations, moving each primitive's members into it
    /// (the builder is spent); and beside it the distinct declaration objects and which of them
    /// each primitive carries (see [`Description`]).
    fn write(
        &mut self,
        transports: Vec<Value>,
        merged: &[Vec<(&'static Declaration, Option<VersionSet>)>],
        shared: &BTreeMap<usize, String>,
    ) -> (Value, Vec<Value>, [Vec<Vec<usize>>; 4]) {
        let mut root = Map::new();
        root.insert("mcpdesc".into(), self.spec.mcpdesc().into());
        root.insert("$schema".into(), self.spec.schema_url().into());
        root.insert("info".into(), self.info.to_value());
        root.insert("protocolVersions".into(), json!(self.protocol_versions));
        if !transports.is_empty() {
            root.insert("transports".into(), Value::Array(transports));
        }

        let mut declarations: Vec<Value> = Vec::new();
        let mut written: BTreeMap<written::Key, usize> = BTreeMap::new();
        let mut lists: [Vec<Vec<usize>>; 4] = Default::default();
        for (kind, lists) in kind::KINDS.into_iter().zip(&mut lists) {
            let list: Vec<Value> = self
                .primitives
                .iter_mut()
                .zip(merged)
                .filter(|(e, _)| e.kind == kind)
                .map(|(e, merged)| {
                    let indices = merged
                        .iter()
                        .map(|(d, scope)| {
                            *written
                                .entry(written::Key::of(d, *scope))
                                .or_insert_with(|| {
                                    declarations.push(declaration_value(d, *scope, shared));
                                    declarations.len() - 1
                                })
                        })
                        .collect();
                    lists.push(indices);
                    Value::Object(std::mem::take(&mut e.members))
                })
                .collect();
            if !list.is_empty() {
                root.insert(kind.collection.into(), Value::Array(list));
            }
        }
        if !shared.is_empty() {
            let mut schemas = Map::new();
            for (d, _) in merged.iter().flatten() {
                if let (Some(name), Some(schema)) =
                    (shared.get(&schema_key(d)), d.requested_schema())
                    && !schemas.contains_key(name)
                {
                    schemas.insert(name.clone(), schema.to_value());
                }
            }
            root.insert("components".into(), json!({ "schemas": schemas }));
        }
        (Value::Object(root), declarations, lists)
    }
}

/// One primitive as added: its kind, identity, explicit scope, and members in output order
/// (without `elicitations`, which the build adds).
#[derive(Clone, Debug)]
struct Entry {
    kind: Kind,
    identity: String,
    scope: Option<VersionSet>,
    members: Map<String, Value>,
}

impl Entry {
    fn new(kind: Kind, identity: String, common: &Common, members: Map<String, Value>) -> Self {
        Entry {
            kind,
            identity,
            scope: common.protocol_versions,
            members,
        }
    }
}

/// Holds an entry to the members every version of its scope defines (one table,
/// [`crate::members`], shared with the validator). A tool schema's `$schema` dialect is left out
/// when a version before 2025-11-25 is in scope: those versions define no `$schema` there, and a
/// schema without one reads the same under 2025-11-25's default dialect (JSON Schema 2020-12).
/// Any other member such a version lacks is refused, because leaving it out would change what
/// the primitive says.
fn fit_members(entry: &mut Entry, scope: VersionSet, problems: &mut Vec<BuildProblem>) {
    for v in crate::members::of(entry.kind.collection) {
        let missing = v.missing_from(scope);
        let Some(version) = missing.first() else {
            continue;
        };
        let mut refuse = |member: String| {
            problems.push(BuildProblem::MemberNotInVersion {
                primitive: format!("{} `{}`", entry.kind.noun(), entry.identity),
                member,
                version,
                since: v.since(),
                until: v.until(),
            });
        };
        match v.place {
            crate::members::Place::Primitive => {
                if entry.members.member(v.member).is_some() {
                    refuse(v.member.to_owned());
                }
            }
            crate::members::Place::PromptArgument => {
                let arguments = entry.members.member("arguments").and_then(Value::as_array);
                for (i, a) in arguments.into_iter().flatten().enumerate() {
                    if a.as_object().and_then(|a| a.member(v.member)).is_some() {
                        refuse(format!("arguments/{i}/{}", v.member));
                    }
                }
            }
            crate::members::Place::ResourceAnnotations => {
                if entry
                    .members
                    .member("annotations")
                    .and_then(Value::as_object)
                    .is_some_and(|a| a.member(v.member).is_some())
                {
                    refuse(format!("annotations/{}", v.member));
                }
            }
            // A dialect the older versions do not know is dropped: the schema means the same
            // without it (MCP tool schemas default to 2020-12 from 2025-11-25 on).
            crate::members::Place::ToolSchemaRoot => {
                for key in ["inputSchema", "outputSchema"] {
                    if let Some(Value::Object(schema)) = entry.members.member_mut(key)
                        && schema.member(v.member).is_some()
                    {
                        schema.shift_remove(v.member);
                    }
                }
            }
        }
    }
    // Versions before 2025-11-25 read a tool schema's property schemas as objects only; schemars
    // writes `true` for a `serde_json::Value` property. `true` and `false` are written as the
    // objects that mean the same, `{}` and `{"not": {}}`.
    if entry.kind == kind::TOOL
        && !scope
            .difference(crate::version::Fact::ToolSchemaDialects.versions())
            .is_empty()
    {
        for key in ["inputSchema", "outputSchema"] {
            if let Some(Value::Object(schema)) = entry.members.member_mut(key)
                && let Some(Value::Object(properties)) = schema.member_mut("properties")
            {
                for property in properties.values_mut() {
                    if let Value::Bool(any) = *property {
                        let mut object = Map::new();
                        if !any {
                            object.insert("not".into(), Value::Object(Map::new()));
                        }
                        *property = Value::Object(object);
                    }
                }
            }
        }
    }
}

/// The entry of a resource (`uri`) or resource template (`uriTemplate`).
fn resource_entry(
    kind: Kind,
    identity: String,
    name: String,
    common_members: &Common,
    mime_type: Option<String>,
) -> Entry {
    let mut members = Map::new();
    members.insert(kind.identity.into(), identity.clone().into());
    members.insert("name".into(), name.into());
    common(&mut members, common_members);
    if let Some(t) = mime_type {
        members.insert("mimeType".into(), t.into());
    }
    extras(&mut members, common_members);
    Entry::new(kind, identity, common_members, members)
}

fn common(m: &mut Map<String, Value>, c: &Common) {
    if let Some(t) = &c.title {
        m.insert("title".into(), t.clone().into());
    }
    if let Some(d) = &c.description {
        m.insert("description".into(), d.clone().into());
    }
    if let Some(v) = c.protocol_versions {
        m.insert("protocolVersions".into(), json!(v));
    }
}

/// The members every primitive may end with: `clientRequirements`, `icons` and `_meta`.
fn extras(m: &mut Map<String, Value>, c: &Common) {
    if let Some(r) = &c.client_requirements {
        m.insert("clientRequirements".into(), r.clone());
    }
    if let Some(i) = &c.icons {
        m.insert("icons".into(), i.clone());
    }
    if let Some(meta) = &c.meta {
        m.insert("_meta".into(), meta.clone());
    }
}

/// The identity of a declaration's form: the address of its static schema.
fn schema_key(d: &Declaration) -> usize {
    d.requested_schema().map_or(0, |s| s as *const _ as usize)
}

fn shared_forms(
    merged: &[Vec<(&'static Declaration, Option<VersionSet>)>],
) -> BTreeMap<usize, String> {
    let mut uses: Vec<(usize, &'static str, usize)> = Vec::new();
    for (d, _) in merged.iter().flatten() {
        if let Mode::Form { form, .. } = d.mode() {
            let key = schema_key(d);
            match uses.iter_mut().find(|(k, _, _)| *k == key) {
                Some(entry) => entry.2 += 1,
                None => uses.push((key, form, 1)),
            }
        }
    }
    let mut names: BTreeMap<usize, String> = BTreeMap::new();
    let mut taken: Vec<String> = Vec::new();
    for (key, form, count) in uses {
        if count < 2 {
            continue;
        }
        // The form's type name, without a module path; numbered when two forms share it.
        let base: String = form
            .rsplit("::")
            .next()
            .unwrap_or(form)
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
            .collect();
        let base = if base.is_empty() {
            "Form".to_owned()
        } else {
            base
        };
        let mut name = base.clone();
        let mut n = 2;
        while taken.contains(&name) {
            name = format!("{base}{n}");
            n += 1;
        }
        taken.push(name.clone());
        names.insert(key, name);
    }
    names
}

fn declaration_value(
    d: &Declaration,
    scope: Option<VersionSet>,
    shared: &BTreeMap<usize, String>,
) -> Value {
    // Sized for every member a declaration can have, so the map never grows.
    let mut m = Map::with_capacity(9);
    m.insert("name".into(), d.name().into());
    m.insert("mode".into(), d.mode_str().into());
    m.insert("message".into(), d.message().into());
    if let Some(w) = d.when() {
        m.insert("when".into(), w.into());
    }
    match d.mode() {
        Mode::Form { .. } | Mode::Described { .. } => {
            let value = match (shared.get(&schema_key(d)), d.requested_schema()) {
                (Some(name), _) => {
                    json!({ "$componentRef": format!("#/components/schemas/{name}") })
                }
                (None, schema) => json!(schema),
            };
            m.insert("requestedSchema".into(), value);
        }
        Mode::Url { url: Some(url) } => {
            m.insert("url".into(), url.into());
        }
        Mode::Url { url: None } => {}
    }
    if let Some(v) = d.on_decline() {
        m.insert("onDecline".into(), v.into());
    }
    if let Some(v) = d.on_cancel() {
        m.insert("onCancel".into(), v.into());
    }
    if let Some(scope) = scope {
        m.insert("protocolVersions".into(), json!(scope));
    }
    if let Some(schema) = d.requested_schema() {
        let runtime: Vec<&str> = schema.runtime_choice_fields().collect();
        if !runtime.is_empty() {
            m.insert(RUNTIME_CHOICES.into(), json!(runtime));
        }
    }
    Value::Object(m)
}

fn scope_advice(
    d: &Declaration,
    target: Primitive,
    primitive_scope: VersionSet,
    effective: VersionSet,
    lacking: VersionSet,
) -> String {
    let need = match d.mode() {
        Mode::Url { .. } => "URL mode".to_owned(),
        Mode::Described { .. } => "its form".to_owned(),
        Mode::Form { form, schema, .. } => {
            let schema = schema();
            match lacking.first().and_then(|v| schema.first_misfit(v)) {
                Some((property, feature)) => format!(
                    "form `{form}` (field `{}` is {})",
                    property.name(),
                    feature.describe()
                ),
                None => format!("form `{form}`"),
            }
        }
    };
    let keep = effective.difference(lacking);
    let supported = d.supported_versions();
    let versions_list = |set: VersionSet| {
        set.iter()
            .map(|v| format!("\"{v}\""))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let fix = if keep.is_empty() {
        format!(
            "it cannot serve any version of the {target}'s scope {primitive_scope}; describe the {} for {} separately",
            target.kind(),
            supported
        )
    } else {
        format!(
            "give the declaration `protocol_versions = [{}]`, or split the {}: one description scoped to {lacking} without this declaration and one scoped to {keep} with it",
            versions_list(keep),
            target.kind()
        )
    };
    let needs = match supported.first() {
        Some(first) => format!("needs MCP {first} or later"),
        None => "is served by no MCP version".to_owned(),
    };
    format!(
        "the elicitation declaration `{}` ({}) of the {target} {needs} for {need}, but it inherits the scope {effective}, which includes {lacking}; {fix}",
        d.name(),
        d.location(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `description().unwrap()` prints `Debug`: the problems and their fixes, as `Display`.
    #[test]
    fn a_build_error_says_its_fix_wherever_it_is_printed() {
        let error = BuildError {
            problems: vec![BuildProblem::UnknownPrimitive {
                declaration: "confirm".into(),
                primitive: "tool `close`".into(),
                location: "src/main.rs:10".into(),
            }],
        };
        assert_eq!(format!("{error:?}"), error.to_string());
        assert!(
            error
                .to_string()
                .starts_with("cannot build the MCP Description: ")
        );
    }

    #[test]
    fn a_member_not_in_a_version_says_whether_it_is_too_new_or_was_removed() {
        let problem = |version, until| BuildProblem::MemberNotInVersion {
            primitive: "tool `close`".into(),
            member: "execution".into(),
            version,
            since: ProtocolVersion::V2025_11_25,
            until,
        };
        let too_new = problem(
            ProtocolVersion::V2025_06_18,
            Some(ProtocolVersion::V2026_07_28),
        );
        assert_eq!(
            too_new.to_string(),
            "the tool `close` has `execution`, which MCP 2025-06-18 does not define (it came with 2025-11-25); give the primitive `.protocol_versions([...])` from 2025-11-25 on, or leave `execution` out"
        );
        let removed = problem(
            ProtocolVersion::V2026_07_28,
            Some(ProtocolVersion::V2026_07_28),
        );
        assert_eq!(
            removed.to_string(),
            "the tool `close` has `execution`, which MCP 2026-07-28 does not define (MCP 2026-07-28 removed it); give the primitive `.protocol_versions([...])` from 2025-11-25 up to before 2026-07-28, or leave `execution` out"
        );
    }
}
