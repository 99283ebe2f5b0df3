//! The primitives of an MCP server a declaration or a check names: tools, resources, resource
//! templates and prompts.

use std::fmt;

/// The primitive a declaration belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Primitive {
    /// A tool, by name.
    Tool(&'static str),
    /// A resource, by URI.
    Resource(&'static str),
    /// A resource template, by URI template.
    ResourceTemplate(&'static str),
    /// A prompt, by name.
    Prompt(&'static str),
}

impl Primitive {
    /// "tool", "resource", "resource template" or "prompt".
    pub const fn kind(self) -> &'static str {
        PrimitiveName::of(self).kind()
    }

    /// The name, URI or URI template.
    pub const fn identity(self) -> &'static str {
        PrimitiveName::of(self).identity()
    }
}

impl fmt::Display for Primitive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} `{}`", self.kind(), self.identity())
    }
}

/// A primitive named by a borrowed string, as a recorded transcript or a file names it: what the
/// runtime's contract check takes beside a [`Primitive`], which converts into it.
///
/// ```
/// use mcpdesc_format::primitive::{Primitive, PrimitiveName};
///
/// let from_a_transcript = String::from("close_issue");
/// let named = PrimitiveName::Tool(&from_a_transcript);
/// assert_eq!(named, PrimitiveName::from(Primitive::Tool("close_issue")));
/// assert_eq!(named.to_string(), "tool `close_issue`");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum PrimitiveName<'a> {
    /// A tool, by name.
    Tool(&'a str),
    /// A resource, by URI.
    Resource(&'a str),
    /// A resource template, by URI template.
    ResourceTemplate(&'a str),
    /// A prompt, by name.
    Prompt(&'a str),
}

impl<'a> PrimitiveName<'a> {
    /// "tool", "resource", "resource template" or "prompt".
    pub const fn kind(self) -> &'static str {
        match self {
            PrimitiveName::Tool(_) => "tool",
            PrimitiveName::Resource(_) => "resource",
            PrimitiveName::ResourceTemplate(_) => "resource template",
            PrimitiveName::Prompt(_) => "prompt",
        }
    }

    /// The name, URI or URI template.
    pub const fn identity(self) -> &'a str {
        match self {
            PrimitiveName::Tool(s)
            | PrimitiveName::Resource(s)
            | PrimitiveName::ResourceTemplate(s)
            | PrimitiveName::Prompt(s) => s,
        }
    }
}

impl PrimitiveName<'static> {
    /// The name of `primitive`.
    pub const fn of(primitive: Primitive) -> Self {
        match primitive {
            Primitive::Tool(s) => PrimitiveName::Tool(s),
            Primitive::Resource(s) => PrimitiveName::Resource(s),
            Primitive::ResourceTemplate(s) => PrimitiveName::ResourceTemplate(s),
            Primitive::Prompt(s) => PrimitiveName::Prompt(s),
        }
    }
}

impl From<Primitive> for PrimitiveName<'static> {
    fn from(primitive: Primitive) -> Self {
        PrimitiveName::of(primitive)
    }
}

impl fmt::Display for PrimitiveName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} `{}`", self.kind(), self.identity())
    }
}
