//! MCP protocol versions and `const`-friendly sets of them.

use core::fmt;
use core::str::FromStr;

/// How many versions [`ProtocolVersion::ALL`] holds.
const KNOWN: usize = 5 + cfg!(mcpdesc_next_version) as usize;

/// A revision of the Model Context Protocol.
///
/// `Display`, `FromStr` and serde use the revision's `YYYY-MM-DD` string.
///
/// ```
/// use mcpdesc_format::ProtocolVersion;
///
/// let v: ProtocolVersion = "2025-11-25".parse().unwrap();
/// assert_eq!(v, ProtocolVersion::V2025_11_25);
/// assert_eq!(v.to_string(), "2025-11-25");
/// assert!(v.supports_url_elicitation());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum ProtocolVersion {
    /// `2024-11-05`: legacy, no elicitation.
    V2024_11_05,
    /// `2025-03-26`: legacy, no elicitation.
    V2025_03_26,
    /// `2025-06-18`: form-mode elicitation with the first form vocabulary.
    V2025_06_18,
    /// `2025-11-25`: adds URL mode, defaults for every type, titled and multi-select enums.
    V2025_11_25,
    /// `2026-07-28`: input requests carried in results (multi round-trip requests).
    V2026_07_28,
    /// A version after the newest, built only under `--cfg mcpdesc_next_version`: CI builds and
    /// tests with it to show that a new version is this variant, its string and its row of the
    /// version table, and nothing else.
    #[cfg(mcpdesc_next_version)]
    #[doc(hidden)]
    VNext,
}

impl ProtocolVersion {
    /// Every known version, oldest first.
    pub const ALL: [ProtocolVersion; KNOWN] = [
        ProtocolVersion::V2024_11_05,
        ProtocolVersion::V2025_03_26,
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
        #[cfg(mcpdesc_next_version)]
        ProtocolVersion::VNext,
    ];

    /// The newest known version: the last of [`ALL`](Self::ALL).
    pub const LATEST: ProtocolVersion = match Self::ALL.last() {
        Some(v) => *v,
        None => ProtocolVersion::V2026_07_28,
    };

    /// The `YYYY-MM-DD` string of this version.
    pub const fn as_str(self) -> &'static str {
        match self {
            ProtocolVersion::V2024_11_05 => "2024-11-05",
            ProtocolVersion::V2025_03_26 => "2025-03-26",
            ProtocolVersion::V2025_06_18 => "2025-06-18",
            ProtocolVersion::V2025_11_25 => "2025-11-25",
            ProtocolVersion::V2026_07_28 => "2026-07-28",
            #[cfg(mcpdesc_next_version)]
            ProtocolVersion::VNext => "2099-12-31",
        }
    }

    /// Parses a `YYYY-MM-DD` string in constant evaluation; `None` when it names no known version.
    #[doc(hidden)]
    pub const fn from_str_const(s: &str) -> Option<ProtocolVersion> {
        let mut rest: &[ProtocolVersion] = &Self::ALL;
        while let [version, tail @ ..] = rest {
            if crate::text::str_eq(version.as_str(), s) {
                return Some(*version);
            }
            rest = tail;
        }
        None
    }

    const fn bit(self) -> u32 {
        1 << (self as u32)
    }

    /// Whether this is one of the legacy versions (2024-11-05, 2025-03-26) that predate
    /// elicitation, for which only structural validation applies.
    pub const fn is_legacy(self) -> bool {
        !Fact::CompleteValidation.versions().contains(self)
    }

    /// Whether this version has form-mode elicitation (2025-06-18 and later).
    pub const fn supports_form_elicitation(self) -> bool {
        VersionSet::FORM_MODE.contains(self)
    }

    /// Whether this version has URL-mode elicitation (2025-11-25 and later).
    pub const fn supports_url_elicitation(self) -> bool {
        VersionSet::URL_MODE.contains(self)
    }
}

impl fmt::Display for ProtocolVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The error of parsing a string that names no known [`ProtocolVersion`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownProtocolVersion(pub String);

impl fmt::Display for UnknownProtocolVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown MCP protocol version `{}`; expected one of {}",
            self.0,
            VersionSet::ALL
        )
    }
}

impl std::error::Error for UnknownProtocolVersion {}

impl FromStr for ProtocolVersion {
    type Err = UnknownProtocolVersion;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ProtocolVersion::from_str_const(s).ok_or_else(|| UnknownProtocolVersion(s.to_owned()))
    }
}

impl serde::Serialize for ProtocolVersion {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for ProtocolVersion {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = ProtocolVersion;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an MCP protocol version such as \"2025-11-25\"")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<ProtocolVersion, E> {
                v.parse().map_err(E::custom)
            }
        }
        deserializer.deserialize_str(Visitor)
    }
}

/// A set of [`ProtocolVersion`]s, usable in constant evaluation.
///
/// ```
/// use mcpdesc_format::{ProtocolVersion, VersionSet};
///
/// const MODERN: VersionSet = VersionSet::EMPTY
///     .with(ProtocolVersion::V2025_11_25)
///     .with(ProtocolVersion::V2026_07_28);
/// const { assert!(MODERN.contains(ProtocolVersion::V2026_07_28)) };
/// assert!(!MODERN.contains(ProtocolVersion::V2025_06_18));
/// assert_eq!(MODERN.to_string(), "[2025-11-25, 2026-07-28]");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct VersionSet(u32);

impl VersionSet {
    /// No version.
    pub const EMPTY: VersionSet = VersionSet(0);
    /// Every known version.
    pub const ALL: VersionSet = VersionSet::from_slice(&ProtocolVersion::ALL);
    /// The versions with form-mode elicitation: 2025-06-18 and later.
    pub const FORM_MODE: VersionSet = Fact::FormElicitation.versions();
    /// The versions with URL-mode elicitation: 2025-11-25 and later.
    pub const URL_MODE: VersionSet = Fact::UrlElicitation.versions();

    /// The set as bits, one per version: an order for sets in ordered maps.
    #[doc(hidden)]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// The set holding exactly `version`.
    pub const fn single(version: ProtocolVersion) -> VersionSet {
        VersionSet(version.bit())
    }

    /// `version` and every later version.
    pub const fn since(version: ProtocolVersion) -> VersionSet {
        let mut set = VersionSet::EMPTY;
        let mut rest: &[ProtocolVersion] = &ProtocolVersion::ALL;
        while let [v, tail @ ..] = rest {
            if *v as u8 >= version as u8 {
                set = set.with(*v);
            }
            rest = tail;
        }
        set
    }

    /// The set built from a slice of versions.
    pub const fn from_slice(versions: &[ProtocolVersion]) -> VersionSet {
        let mut set = VersionSet::EMPTY;
        let mut rest = versions;
        while let [version, tail @ ..] = rest {
            set = set.with(*version);
            rest = tail;
        }
        set
    }

    /// This set with `version` added.
    #[must_use]
    pub const fn with(self, version: ProtocolVersion) -> VersionSet {
        VersionSet(self.0 | version.bit())
    }

    /// This set with `version` removed.
    #[must_use]
    pub const fn without(self, version: ProtocolVersion) -> VersionSet {
        VersionSet(self.0 & !version.bit())
    }

    /// Whether `version` is in the set.
    pub const fn contains(self, version: ProtocolVersion) -> bool {
        self.0 & version.bit() != 0
    }

    /// The versions in both sets.
    #[must_use]
    pub const fn intersection(self, other: VersionSet) -> VersionSet {
        VersionSet(self.0 & other.0)
    }

    /// The versions in either set.
    #[must_use]
    pub const fn union(self, other: VersionSet) -> VersionSet {
        VersionSet(self.0 | other.0)
    }

    /// The versions of `self` that are not in `other`.
    #[must_use]
    pub const fn difference(self, other: VersionSet) -> VersionSet {
        VersionSet(self.0 & !other.0)
    }

    /// Whether every version of `self` is in `other`.
    pub const fn is_subset(self, other: VersionSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of versions in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The oldest version in the set.
    pub const fn first(self) -> Option<ProtocolVersion> {
        let mut rest: &[ProtocolVersion] = &ProtocolVersion::ALL;
        while let [version, tail @ ..] = rest {
            if self.contains(*version) {
                return Some(*version);
            }
            rest = tail;
        }
        None
    }

    /// The versions of the set, oldest first.
    pub fn iter(self) -> impl DoubleEndedIterator<Item = ProtocolVersion> + Clone {
        ProtocolVersion::ALL
            .into_iter()
            .filter(move |v| self.contains(*v))
    }
}

impl FromIterator<ProtocolVersion> for VersionSet {
    fn from_iter<I: IntoIterator<Item = ProtocolVersion>>(iter: I) -> Self {
        iter.into_iter().fold(VersionSet::EMPTY, VersionSet::with)
    }
}

impl<const N: usize> From<[ProtocolVersion; N]> for VersionSet {
    fn from(versions: [ProtocolVersion; N]) -> Self {
        VersionSet::from_slice(&versions)
    }
}

impl IntoIterator for VersionSet {
    type Item = ProtocolVersion;
    type IntoIter = std::vec::IntoIter<ProtocolVersion>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter().collect::<Vec<_>>().into_iter()
    }
}

impl fmt::Debug for VersionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for VersionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(v.as_str())?;
        }
        f.write_str("]")
    }
}

impl serde::Serialize for VersionSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// A fact of the protocol that some versions have and others lack: what the validator, the
/// builder, `prepare`, the session and the contract check ask of a version. The table of revisions says which
/// version brought each fact and which took it away; [`Fact::versions`] reads that.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact {
    /// Form-mode elicitation.
    FormElicitation,
    /// URL-mode elicitation.
    UrlElicitation,
    /// The full form vocabulary: defaults for every type, titled and multi-select enums
    /// (before, `enum` with `enumNames`, and defaults only for booleans).
    FullFormVocabulary,
    /// The `URLElicitationRequiredError` (-32042) a call fails with to ask for a URL.
    UrlRequiredError,
    /// `elicitationId` in a URL-mode elicitation request (which names the interaction that
    /// `notifications/elicitation/complete` and the -32042 error refer to).
    ElicitationId,
    /// Input requests carried in results: multi round-trip requests, `inputResponses` and
    /// `requestState`.
    MultiRoundTrip,
    /// Versions the reference validator checks completely (the earlier ones, structurally).
    CompleteValidation,
    /// The Streamable HTTP transport (which supersedes HTTP+SSE).
    StreamableHttp,
    /// `logging` as a deprecated server capability.
    LoggingDeprecated,
    /// The `extensions` capability.
    ExtensionsCapability,
    /// `tasks` as a client capability.
    TasksClientCapability,
    /// `elicitation.form` and `elicitation.url` in client capabilities.
    ElicitationModeCapabilities,
    /// `sampling.context` and `sampling.tools` in client capabilities, and tool use in sampling
    /// requests (`tools`, `toolChoice`).
    SamplingContextAndTools,
    /// `roots.listChanged` in client capabilities.
    RootsListChanged,
    /// The client capabilities `roots` and `sampling`, and sampling's context inclusion, as
    /// deprecated.
    RootsAndSamplingDeprecated,
    /// Tool schemas that name their JSON Schema dialect (2020-12 unless `$schema` says).
    ToolSchemaDialects,
    /// A tool's `outputSchema` rooted at any type (before, an object).
    AnyOutputSchema,
    /// `x-mcp-header` annotations in a tool's input schema.
    McpHeaders,
    /// `_meta` keys under a reserved prefix read by the second label of the prefix only
    /// (before, by any label but the last).
    SecondLabelMetaPrefix,
    /// The reserved `_meta` key `progressToken`.
    ProgressTokenMeta,
    /// The reserved `_meta` key `io.modelcontextprotocol/related-task`.
    RelatedTaskMeta,
    /// The reserved `_meta` keys of stateless requests and results (`serverInfo`,
    /// `protocolVersion`, `clientInfo`, `clientCapabilities`, `logLevel`, `subscriptionId`)
    /// and trace context (`traceparent`, `tracestate`, `baggage`).
    StatelessMeta,
    /// No `initialize`: a client learns the server with `server/discover` and sends its
    /// capabilities with each request.
    Discovery,
    /// A result's `resultType` (which a completed result sets to `"complete"`).
    ResultType,
    /// A resource read's cache hints, `ttlMs` and `cacheScope` (required where defined).
    CacheHints,
    /// `_meta` on results and on content.
    ResultMeta,
    /// Audio content.
    AudioContent,
    /// Resource-link content.
    ResourceLinkContent,
    /// `icons` on tools, resources, resource templates, prompts and resource-link content.
    Icons,
    /// `annotations.lastModified` on content, resources and resource templates.
    LastModified,
    /// A tool's `annotations`.
    ToolAnnotations,
    /// A resource's `size`.
    ResourceSize,
    /// `title` on tools, resources, resource templates, prompts and prompt arguments.
    Titles,
    /// A tool's `outputSchema`.
    OutputSchema,
    /// `_meta` on tools, resources, resource templates and prompts.
    PrimitiveMeta,
    /// A tool's `execution` (how it runs as a task).
    ToolExecution,
    /// A tool result's `structuredContent`.
    StructuredContent,
    /// `structuredContent` of any JSON value (before, an object).
    AnyStructuredContent,
    /// Argument completion (`completion/complete`).
    Completion,
    /// A completion request's `context`.
    CompletionContext,
}

/// A revision of the protocol: the version, the facts it brought and the facts it took away.
type Revision = (ProtocolVersion, &'static [Fact], &'static [Fact]);

/// Every version, oldest first, with what it changed of what this crate checks. A new version
/// is a row here and a variant of [`ProtocolVersion`].
const REVISIONS: &[Revision] = {
    use Fact::*;
    use ProtocolVersion::*;
    &[
        (V2024_11_05, &[RootsListChanged], &[]),
        (
            V2025_03_26,
            &[
                StreamableHttp,
                AudioContent,
                Completion,
                ToolAnnotations,
                ResourceSize,
            ],
            &[],
        ),
        (
            V2025_06_18,
            &[
                FormElicitation,
                CompleteValidation,
                ProgressTokenMeta,
                ResultMeta,
                ResourceLinkContent,
                LastModified,
                StructuredContent,
                CompletionContext,
                Titles,
                OutputSchema,
                PrimitiveMeta,
            ],
            &[],
        ),
        (
            V2025_11_25,
            &[
                UrlElicitation,
                FullFormVocabulary,
                UrlRequiredError,
                ElicitationId,
                TasksClientCapability,
                ElicitationModeCapabilities,
                SamplingContextAndTools,
                ToolSchemaDialects,
                SecondLabelMetaPrefix,
                RelatedTaskMeta,
                Icons,
                ToolExecution,
            ],
            &[],
        ),
        (
            V2026_07_28,
            &[
                MultiRoundTrip,
                LoggingDeprecated,
                ExtensionsCapability,
                RootsAndSamplingDeprecated,
                AnyOutputSchema,
                McpHeaders,
                StatelessMeta,
                Discovery,
                ResultType,
                CacheHints,
                AnyStructuredContent,
            ],
            &[
                UrlRequiredError,
                ElicitationId,
                TasksClientCapability,
                RootsListChanged,
                RelatedTaskMeta,
                ToolExecution,
            ],
        ),
        // The test-only version changes nothing this crate checks.
        #[cfg(mcpdesc_next_version)]
        (VNext, &[], &[]),
    ]
};

// The table lists every version, in order, once.
const _: () = {
    let mut revisions = REVISIONS;
    let mut versions: &[ProtocolVersion] = &ProtocolVersion::ALL;
    while let ([(revision, _, _), more @ ..], [version, rest @ ..]) = (revisions, versions) {
        assert!(*revision as u8 == *version as u8);
        revisions = more;
        versions = rest;
    }
    assert!(revisions.is_empty() && versions.is_empty());
};

/// Whether `facts` holds `fact`.
const fn holds(facts: &[Fact], fact: Fact) -> bool {
    let mut rest = facts;
    while let [first, tail @ ..] = rest {
        if *first as u8 == fact as u8 {
            return true;
        }
        rest = tail;
    }
    false
}

impl Fact {
    /// The version that brought this fact; `None` for a fact no version has.
    pub const fn since(self) -> Option<ProtocolVersion> {
        self.versions().first()
    }

    /// The version that took this fact away after it came, if one did.
    pub const fn until(self) -> Option<ProtocolVersion> {
        let mut present = false;
        let mut rest = REVISIONS;
        while let [(version, added, removed), tail @ ..] = rest {
            if holds(added, self) {
                present = true;
            }
            if present && holds(removed, self) {
                return Some(*version);
            }
            rest = tail;
        }
        None
    }

    /// The versions that have this fact: from the revision that brought it up to the one that
    /// took it away.
    pub const fn versions(self) -> VersionSet {
        let mut set = VersionSet::EMPTY;
        let mut present = false;
        let mut rest = REVISIONS;
        while let [(version, added, removed), tail @ ..] = rest {
            if holds(added, self) {
                present = true;
            }
            if holds(removed, self) {
                present = false;
            }
            if present {
                set = set.with(*version);
            }
            rest = tail;
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_strings() {
        for v in ProtocolVersion::ALL {
            assert_eq!(v.as_str().parse::<ProtocolVersion>().unwrap(), v);
            assert_eq!(serde_json::to_value(v).unwrap(), v.as_str());
        }
        let err = "2025-01-01".parse::<ProtocolVersion>().unwrap_err();
        assert!(err.to_string().contains("2025-01-01"));
    }

    // These tests hold with a version added after the newest (`--cfg mcpdesc_next_version`).

    #[test]
    fn set_operations() {
        use ProtocolVersion::*;
        let s = VersionSet::FORM_MODE;
        assert_eq!(s.len(), ProtocolVersion::ALL.len() - 2);
        assert!(VersionSet::URL_MODE.is_subset(s));
        assert!(!s.is_subset(VersionSet::URL_MODE));
        assert_eq!(
            s.difference(VersionSet::URL_MODE),
            VersionSet::single(V2025_06_18)
        );
        assert_eq!(s.first(), Some(V2025_06_18));
        assert_eq!(VersionSet::EMPTY.first(), None);
        assert_eq!(
            format!("{:?}", VersionSet::from([V2025_06_18, V2026_07_28])),
            "{V2025_06_18, V2026_07_28}"
        );
        assert_eq!(VersionSet::since(V2025_06_18), s);
        assert_eq!(VersionSet::since(V2024_11_05), VersionSet::ALL);
        assert_eq!(
            VersionSet::since(ProtocolVersion::LATEST),
            VersionSet::single(ProtocolVersion::LATEST)
        );
        assert_eq!(ProtocolVersion::ALL.last(), Some(&ProtocolVersion::LATEST));
    }

    #[test]
    fn every_version_is_distinct_and_in_order() {
        let mut seen = VersionSet::EMPTY;
        for (i, v) in ProtocolVersion::ALL.into_iter().enumerate() {
            assert!(!seen.contains(v), "{v} listed twice");
            seen = seen.with(v);
            assert_eq!(v as usize, i, "{v} out of order");
            assert_eq!(ProtocolVersion::from_str_const(v.as_str()), Some(v));
            if let Some(next) = ProtocolVersion::ALL.get(i + 1) {
                assert!(v.as_str() < next.as_str(), "{v} dated after {next}");
            }
        }
        assert_eq!(seen, VersionSet::ALL);
        assert_eq!(VersionSet::ALL.len(), ProtocolVersion::ALL.len());
    }

    /// The table gives what the protocol's changelogs say, for facts brought and taken away.
    #[test]
    fn facts_hold_from_the_version_that_brought_them_to_the_one_that_took_them_away() {
        use ProtocolVersion::*;
        assert_eq!(VersionSet::FORM_MODE, VersionSet::since(V2025_06_18));
        assert_eq!(VersionSet::URL_MODE, VersionSet::since(V2025_11_25));
        assert_eq!(
            Fact::UrlRequiredError.versions(),
            VersionSet::single(V2025_11_25)
        );
        assert_eq!(
            Fact::TasksClientCapability.versions(),
            VersionSet::single(V2025_11_25)
        );
        assert_eq!(
            Fact::RootsListChanged.versions(),
            VersionSet::from([V2024_11_05, V2025_03_26, V2025_06_18, V2025_11_25])
        );
        assert_eq!(
            Fact::MultiRoundTrip.versions(),
            VersionSet::since(V2026_07_28)
        );
        assert_eq!(
            Fact::StreamableHttp.versions(),
            VersionSet::since(V2025_03_26)
        );
        assert_eq!(Fact::ToolExecution.since(), Some(V2025_11_25));
        assert_eq!(Fact::ToolExecution.until(), Some(V2026_07_28));
        assert_eq!(Fact::Titles.since(), Some(V2025_06_18));
        assert_eq!(Fact::Titles.until(), None);
        assert!(V2025_03_26.is_legacy() && !V2025_06_18.is_legacy());
        assert!(!ProtocolVersion::LATEST.is_legacy());
        assert!(ProtocolVersion::LATEST.supports_url_elicitation());
    }
}
