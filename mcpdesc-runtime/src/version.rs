//! MCP protocol versions and `const`-friendly sets of them.

use core::fmt;
use core::str::FromStr;

/// A revision of the Model Context Protocol.
///
/// `Display`, `FromStr` and serde use the revision's `YYYY-MM-DD` string.
///
/// ```
/// use mcpdesc_runtime::ProtocolVersion;
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
}

impl ProtocolVersion {
    /// Every known version, oldest first.
    pub const ALL: [ProtocolVersion; 5] = [
        ProtocolVersion::V2024_11_05,
        ProtocolVersion::V2025_03_26,
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
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
        }
    }

    /// Parses a `YYYY-MM-DD` string in constant evaluation; `None` when it names no known version.
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

    const fn bit(self) -> u8 {
        1 << (self as u8)
    }

    /// Whether this is one of the legacy versions (2024-11-05, 2025-03-26) that predate
    /// elicitation, for which only structural validation applies.
    pub const fn is_legacy(self) -> bool {
        matches!(
            self,
            ProtocolVersion::V2024_11_05 | ProtocolVersion::V2025_03_26
        )
    }

    /// Whether this version has form-mode elicitation (2025-06-18 and later).
    pub const fn supports_form_elicitation(self) -> bool {
        (self as u8) >= (ProtocolVersion::V2025_06_18 as u8)
    }

    /// Whether this version has URL-mode elicitation (2025-11-25 and later).
    pub const fn supports_url_elicitation(self) -> bool {
        (self as u8) >= (ProtocolVersion::V2025_11_25 as u8)
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
/// use mcpdesc_runtime::{ProtocolVersion, VersionSet};
///
/// const MODERN: VersionSet = VersionSet::EMPTY
///     .with(ProtocolVersion::V2025_11_25)
///     .with(ProtocolVersion::V2026_07_28);
/// const { assert!(MODERN.contains(ProtocolVersion::V2026_07_28)) };
/// assert!(!MODERN.contains(ProtocolVersion::V2025_06_18));
/// assert_eq!(MODERN.to_string(), "[2025-11-25, 2026-07-28]");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct VersionSet(u8);

impl VersionSet {
    /// No version.
    pub const EMPTY: VersionSet = VersionSet(0);
    /// Every known version.
    pub const ALL: VersionSet = VersionSet(0b1_1111);
    /// The versions with form-mode elicitation: 2025-06-18 and later.
    pub const FORM_MODE: VersionSet = VersionSet::EMPTY
        .with(ProtocolVersion::V2025_06_18)
        .with(ProtocolVersion::V2025_11_25)
        .with(ProtocolVersion::V2026_07_28);
    /// The versions with URL-mode elicitation: 2025-11-25 and later.
    pub const URL_MODE: VersionSet = VersionSet::EMPTY
        .with(ProtocolVersion::V2025_11_25)
        .with(ProtocolVersion::V2026_07_28);

    /// The set as bits, one per version: an order for sets in ordered maps.
    pub(crate) const fn bits(self) -> u8 {
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

/// What the versions define of the results and content a description's examples show: each fact
/// is the set of versions that define it, so that a check reads `DEFINES.contains(version)` and
/// a new version is one place to say what it adds.
pub(crate) mod results {
    use super::ProtocolVersion::{V2025_03_26, V2025_06_18, V2025_11_25, V2026_07_28};
    use super::VersionSet;

    /// A result's `resultType` (which a completed result sets to `"complete"`).
    pub(crate) const RESULT_TYPE: VersionSet = VersionSet::since(V2026_07_28);
    /// A resource read's cache hints, `ttlMs` and `cacheScope` (required where defined).
    pub(crate) const CACHE_HINTS: VersionSet = VersionSet::since(V2026_07_28);
    /// `_meta` on results and on content.
    pub(crate) const META: VersionSet = VersionSet::since(V2025_06_18);
    /// Audio content.
    pub(crate) const AUDIO: VersionSet = VersionSet::since(V2025_03_26);
    /// Resource-link content.
    pub(crate) const RESOURCE_LINK: VersionSet = VersionSet::since(V2025_06_18);
    /// `icons` on resource-link content.
    pub(crate) const RESOURCE_LINK_ICONS: VersionSet = VersionSet::since(V2025_11_25);
    /// `annotations.lastModified` on content.
    pub(crate) const LAST_MODIFIED: VersionSet = VersionSet::since(V2025_06_18);
    /// A tool result's `structuredContent`.
    pub(crate) const STRUCTURED_CONTENT: VersionSet = VersionSet::since(V2025_06_18);
    /// `structuredContent` of any JSON value (before, an object).
    pub(crate) const STRUCTURED_CONTENT_ANY: VersionSet = VersionSet::since(V2026_07_28);
    /// Argument completion (`completion/complete`).
    pub(crate) const COMPLETION: VersionSet = VersionSet::since(V2025_03_26);
    /// A completion request's `context`.
    pub(crate) const COMPLETION_CONTEXT: VersionSet = VersionSet::since(V2025_06_18);
    /// Tool schemas that name their JSON Schema dialect (2020-12 unless `$schema` says).
    pub(crate) const TOOL_SCHEMA_DIALECTS: VersionSet = VersionSet::since(V2025_11_25);
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

    #[test]
    fn set_operations() {
        let s = VersionSet::FORM_MODE;
        assert_eq!(s.len(), 3);
        assert!(VersionSet::URL_MODE.is_subset(s));
        assert!(!s.is_subset(VersionSet::URL_MODE));
        assert_eq!(
            s.difference(VersionSet::URL_MODE),
            VersionSet::single(ProtocolVersion::V2025_06_18)
        );
        assert_eq!(s.first(), Some(ProtocolVersion::V2025_06_18));
        assert_eq!(VersionSet::EMPTY.first(), None);
        assert_eq!(format!("{s:?}"), "{V2025_06_18, V2025_11_25, V2026_07_28}");
        assert_eq!(VersionSet::since(ProtocolVersion::V2025_06_18), s);
        assert_eq!(
            VersionSet::since(ProtocolVersion::V2024_11_05),
            VersionSet::ALL
        );
        assert_eq!(
            VersionSet::since(ProtocolVersion::LATEST),
            VersionSet::single(ProtocolVersion::LATEST)
        );
    }
}
