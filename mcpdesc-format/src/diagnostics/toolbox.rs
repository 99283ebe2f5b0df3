//! What every check of the validator uses: the validation context ([`Cx`]), reading scopes,
//! JSON Pointers, and the shapes most members share (closed member sets, non-empty strings,
//! names).

use std::fmt;

use serde_json::{Map, Value};

use super::followed::Resolved;
use super::report::{Diagnostic, Diagnostics, Severity};
use super::{Code, Rule};
use crate::JsonType;
use crate::object::Members as _;
use crate::shown::Shown;
use crate::version::{ProtocolVersion, VersionSet};

/// The validation context: the document, the root scope, and the diagnostics so far.
pub struct Cx<'a> {
    /// The document checked.
    pub document: &'a Value,
    /// The versions the document declares (all, until the root is checked).
    pub root_scope: VersionSet,
    /// What the checks reported so far.
    pub diagnostics: Diagnostics,
    /// Forms reached through a component reference, already checked: by the form's address in
    /// the document and the scope, the diagnostics it gave, relative to the form.
    pub checked_forms: crate::hash::HashMap<(usize, VersionSet), Vec<Diagnostic>>,
    /// Component references already followed to what they stand for, by namespace and name
    /// (see `references::follow`).
    pub resolved: Resolved<'a>,
}

impl<'a> Cx<'a> {
    /// A context for checking `document`.
    pub fn new(document: &'a Value) -> Self {
        Cx {
            document,
            root_scope: VersionSet::ALL,
            diagnostics: Diagnostics::default(),
            checked_forms: crate::hash::HashMap::default(),
            resolved: Resolved::default(),
        }
    }

    /// Reports `code` under `rule` at `path`: an error (the codes reported through here are
    /// errors in [`Code`]'s table).
    pub fn error(&mut self, rule: Rule, code: Code, path: &str, message: impl Into<String>) {
        self.push(rule, code, path, message);
    }

    /// Reports a structural error (`schema-validation`) under `rule` at `path`.
    pub fn structural(&mut self, rule: Rule, path: &str, message: impl Into<String>) {
        self.error(rule, Code::SchemaValidation, path, message);
    }

    /// Reports `code` at `path` with the severity and the rule id [`Code`]'s table gives it;
    /// `rule` is the rule of a code the table gives none (one reported under the rule of the
    /// member it checks).
    pub fn push(&mut self, rule: Rule, code: Code, path: &str, message: impl Into<String>) {
        self.diagnostics.push(Diagnostic {
            rule: code.rule().unwrap_or(rule),
            code,
            severity: code.severity().unwrap_or(Severity::Error),
            path: path.to_owned(),
            message: message.into(),
        });
    }

    /// Reads an optional `protocolVersions` member: `Some(set)` when present and well-formed.
    /// Malformed scopes are reported under `rule`.
    pub fn scope(
        &mut self,
        rule: Rule,
        object: &serde_json::Map<String, Value>,
        path: &str,
    ) -> Option<VersionSet> {
        let value = object.member("protocolVersions")?;
        read_scope(self, rule, value, path)
    }

    /// The scope of the object at `path` (`what`, for a report) within its parent's: its
    /// `protocolVersions` where present and well-formed, reported where it leaves `parent` and
    /// kept to `parent`; else `parent`'s.
    pub fn scope_within(
        &mut self,
        rule: Rule,
        object: &serde_json::Map<String, Value>,
        path: &str,
        parent: VersionSet,
        what: &str,
    ) -> VersionSet {
        match self.scope(rule, object, path) {
            Some(scope) => {
                self.check_subset(scope, parent, path, what);
                scope.intersection(parent)
            }
            None => parent,
        }
    }

    /// Checks that an explicit scope is a subset of its parent's.
    pub fn check_subset(&mut self, scope: VersionSet, parent: VersionSet, path: &str, what: &str) {
        // An empty parent is one that could not be read, which is reported where it is.
        let outside = scope.difference(parent);
        if !outside.is_empty() && !parent.is_empty() {
            self.error(
                Rule::ProtocolScopeConsistency,
                Code::ProtocolScopeOutsideParent,
                &pointer(path, "protocolVersions"),
                format!(
                    "{what} is scoped to {outside}, outside its parent's scope {parent}; an explicit scope must be a subset of its parent's: remove {outside} or add it to the parent"
                ),
            );
        }
    }
}

/// The document's scope, its root `protocolVersions`, as the validator reads it: `EMPTY` when it
/// is missing or cannot be read (which is reported), so that nothing is checked per version.
pub fn root_scope(cx: &mut Cx, root: &serde_json::Map<String, Value>) -> VersionSet {
    match root.member("protocolVersions") {
        None => {
            cx.structural(
                Rule::DocumentMembers,
                "",
                "the document needs `protocolVersions`, the MCP versions the server supports",
            );
            VersionSet::EMPTY
        }
        Some(value) => {
            read_scope(cx, Rule::DocumentMembers, value, "").unwrap_or(VersionSet::EMPTY)
        }
    }
}

/// [`root_scope`] of `document`, with the validator's diagnostics of it.
pub fn root_scope_of(document: &Value) -> (VersionSet, Vec<Diagnostic>) {
    let empty = serde_json::Map::new();
    let root = document.as_object().unwrap_or(&empty);
    let mut cx = Cx::new(document);
    let scope = root_scope(&mut cx, root);
    (scope, cx.diagnostics.finish())
}

/// The effective scope of the object at `path` (`what`, for a report) within `parent`, as the
/// validator reads it ([`Cx::scope_within`]), with the validator's diagnostics of it: a
/// `protocolVersions` that cannot be read, or one that leaves its parent's.
pub fn scope_within_at(
    object: &serde_json::Map<String, Value>,
    path: &str,
    parent: VersionSet,
    what: &str,
) -> (VersionSet, Vec<Diagnostic>) {
    let document = Value::Null;
    let mut cx = Cx::new(&document);
    let scope = cx.scope_within(Rule::ProtocolScopeConsistency, object, path, parent, what);
    (scope, cx.diagnostics.finish())
}

/// Reads the `protocolVersions` array of the object at `parent` (its pointer is only written for
/// a report).
pub fn read_scope(cx: &mut Cx, rule: Rule, value: &Value, parent: &str) -> Option<VersionSet> {
    let path = || pointer(parent, "protocolVersions");
    let Some(items) = value.as_array() else {
        cx.structural(
            rule,
            &path(),
            "`protocolVersions` must be an array of MCP protocol versions",
        );
        return None;
    };
    if items.is_empty() {
        cx.structural(
            rule,
            &path(),
            "`protocolVersions` must not be empty: list the versions it applies to, or leave it out to inherit",
        );
        return None;
    }
    // A version listed twice or an item that is no version is reported, and the scope is the
    // versions that are listed: checking the rest against every version instead would bury the
    // one mistake under reports about versions the document never named.
    let mut set = VersionSet::EMPTY;
    for (i, item) in items.iter().enumerate() {
        match item
            .as_str()
            .and_then(|s| s.parse::<ProtocolVersion>().ok())
        {
            Some(v) if set.contains(v) => {
                cx.structural(rule, &pointer(&path(), i), format!("`{v}` is listed twice"));
            }
            Some(v) => set = set.with(v),
            None => {
                cx.structural(
                    rule,
                    &pointer(&path(), i),
                    format!(
                        "{item} is not an MCP protocol version; the versions are {}",
                        VersionSet::ALL
                    ),
                );
            }
        }
    }
    (!set.is_empty()).then_some(set)
}

/// Versions for a message: "2025-06-18", "2024-11-05, 2025-03-26 and 2025-06-18".
pub fn plain(versions: VersionSet) -> String {
    let names: Vec<&str> = versions.iter().map(ProtocolVersion::as_str).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// A value for a message: its JSON text when short, else its type.
pub fn describe(value: &Value) -> String {
    match value {
        Value::Object(_) | Value::Array(_) => crate::JsonType::of(value).with_article().to_string(),
        other => {
            let text = other.to_string();
            if text.chars().count() <= 40 {
                text
            } else {
                crate::JsonType::of(value).with_article().to_string()
            }
        }
    }
}

/// `base` + `/token`, with the token escaped per RFC 6901. One allocation: the token is written
/// straight into the result, escaped as it goes.
pub fn pointer(base: &str, token: impl fmt::Display) -> String {
    struct Escaped<'a>(&'a mut String);
    impl fmt::Write for Escaped<'_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            if !s.contains(['~', '/']) {
                self.0.push_str(s);
                return Ok(());
            }
            for c in s.chars() {
                match c {
                    '~' => self.0.push_str("~0"),
                    '/' => self.0.push_str("~1"),
                    c => self.0.push(c),
                }
            }
            Ok(())
        }
    }
    let mut out = String::with_capacity(base.len() + 24);
    out.push_str(base);
    out.push('/');
    // Writing into a `String` cannot fail.
    let _ = fmt::Write::write_fmt(&mut Escaped(&mut out), format_args!("{token}"));
    out
}

/// `/collection/index`, the pointer of a primitive: written for every primitive, so without the
/// formatting machinery (a collection name needs no escaping).
pub fn item_pointer(collection: &str, index: usize) -> String {
    let mut out = String::new();
    write_item_pointer(&mut out, collection, index);
    out
}

/// [`item_pointer`] written over `out`, so that one buffer serves a whole collection.
pub fn write_item_pointer(out: &mut String, collection: &str, index: usize) {
    // The digits, last first: at most 20 (`usize::MAX` has 20).
    let mut digits = [0u8; 20];
    let mut len = 0;
    let mut n = index;
    for digit in &mut digits {
        // `n % 10` is below 10, so the cast cannot truncate.
        *digit = b'0' + (n % 10) as u8;
        len += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.clear();
    out.reserve(collection.len() + 2 + len);
    out.push('/');
    out.push_str(collection);
    out.push('/');
    for &d in digits.iter().take(len).rev() {
        out.push(char::from(d));
    }
}

/// The members of `object` outside `allowed`, and outside the `x-` extensions when `extensions`.
fn outside<'o>(
    object: &'o serde_json::Map<String, Value>,
    allowed: &'o [&str],
    extensions: bool,
) -> impl Iterator<Item = &'o String> {
    object.keys().filter(move |key| {
        !(allowed.contains(&key.as_str()) || extensions && key.starts_with("x-"))
    })
}

/// Checks the keys of an object against a closed set (plus `x-` extensions).
pub fn closed_members(
    cx: &mut Cx,
    rule: Rule,
    object: &serde_json::Map<String, Value>,
    path: &str,
    allowed: &[&str],
    what: &str,
) {
    for key in outside(object, allowed, true) {
        let members = allowed.join(", ");
        let message = format!(
            "`{key}` is not a member of {what}; the members are {members} (and `x-` extensions)"
        );
        cx.structural(rule, &pointer(path, key), message);
    }
}

/// Reports every member of `object` outside `allowed`, `x-` extensions too: for the protocol's
/// own objects, where the format's schema admits no extension.
pub fn exact_members(
    cx: &mut Cx,
    rule: Rule,
    object: &serde_json::Map<String, Value>,
    path: &str,
    allowed: &[&str],
    what: &str,
) {
    for key in outside(object, allowed, false) {
        let members = match allowed {
            [] => "it has none".to_owned(),
            _ => format!("its members are {}", allowed.join(", ")),
        };
        let key_shown = Shown::quoted(key);
        let message =
            format!("{key_shown} is not a member of {what}, which takes no extensions; {members}");
        cx.structural(rule, &pointer(path, key), message);
    }
}

/// A non-empty string member, reported when present but not one.
pub fn nonempty_string<'v>(
    cx: &mut Cx,
    rule: Rule,
    object: &'v serde_json::Map<String, Value>,
    key: &str,
    path: &str,
    required: bool,
    what: &str,
) -> Option<&'v str> {
    match object.member(key) {
        None => {
            if required {
                cx.structural(rule, path, format!("{what} needs a `{key}`"));
            }
            None
        }
        Some(Value::String(s)) if s.is_empty() => {
            cx.structural(
                rule,
                &pointer(path, key),
                format!("`{key}` of {what} must not be empty"),
            );
            None
        }
        // The format's schema asks for at least one character; a text of spaces has them but
        // shows the user nothing, which is worth a warning, not a refusal.
        Some(Value::String(s)) => {
            if s.chars().all(char::is_whitespace) {
                cx.push(
                    rule,
                    Code::BlankText,
                    &pointer(path, key),
                    format!(
                        "`{key}` of {what} is only whitespace, so a client shows nothing; write the text the user should read"
                    ),
                );
            }
            Some(s)
        }
        Some(other) => {
            cx.structural(
                rule,
                &pointer(path, key),
                format!(
                    "`{key}` of {what} must be a string, not {}",
                    crate::JsonType::of(other).with_article()
                ),
            );
            None
        }
    }
}

/// Whether `name` matches `^[A-Za-z0-9._-]+$`.
pub fn is_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// Whether `label` is one MCP reserves in identifier prefixes (`modelcontextprotocol`, `mcp`,
/// in any case).
pub fn is_reserved_label(label: &str) -> bool {
    label.eq_ignore_ascii_case("modelcontextprotocol") || label.eq_ignore_ascii_case("mcp")
}

/// Whether the prefix of an identifier (`io.modelcontextprotocol` of
/// `io.modelcontextprotocol/tasks`) is MCP's: its second label is reserved.
pub fn reserved_prefix(prefix: &str) -> bool {
    prefix.split('.').nth(1).is_some_and(is_reserved_label)
}

/// A map of named examples: an object, not empty, its names `^[A-Za-z0-9._-]+$`.
pub fn named_map<'v>(
    cx: &mut Cx,
    rule: Rule,
    value: &'v Value,
    at: &str,
    what: &str,
) -> Option<&'v Map<String, Value>> {
    let Some(map) = value.as_object() else {
        cx.structural(
            rule,
            at,
            format!(
                "{what} must be an object of named examples, not {}",
                describe(value)
            ),
        );
        return None;
    };
    if map.is_empty() {
        cx.structural(
            rule,
            at,
            format!("{what} must not be empty when present: leave it out instead"),
        );
    }
    for name in map.keys() {
        if !is_name(name) {
            cx.structural(
                rule,
                &pointer(at, name),
                format!(
                    "the example name {name} must match ^[A-Za-z0-9._-]+$: use letters, digits, `.`, `_` and `-`",
                    name = Shown::quoted(name)
                ),
            );
        }
    }
    Some(map)
}

/// Reports member `key` of the object at `parent` unless it has the `expected` type (the
/// member's pointer is only written for a report).
pub fn expect(cx: &mut Cx, rule: Rule, value: &Value, expected: JsonType, parent: &str, key: &str) {
    let actual = JsonType::of(value);
    let fits = actual == expected || (expected == JsonType::Number && actual == JsonType::Integer);
    if !fits {
        cx.structural(
            rule,
            &pointer(parent, key),
            format!(
                "`{key}` must be {}, not {}",
                expected.with_article(),
                actual.with_article()
            ),
        );
    }
}

/// Reports that `value` at `at`, which should be `what`, is not an object.
pub fn not_object(cx: &mut Cx, rule: Rule, value: &Value, at: &str, what: &str) {
    cx.structural(
        rule,
        at,
        format!("{what} must be an object, not {}", describe(value)),
    );
}

#[cfg(test)]
mod tests {
    use super::{item_pointer, pointer};

    #[test]
    fn item_pointers_are_the_collection_and_the_index_in_decimal() {
        for i in [0, 7, 9, 10, 99, 100, 1234, 1_000_000, usize::MAX] {
            assert_eq!(item_pointer("tools", i), pointer(&pointer("", "tools"), i));
        }
        assert_eq!(
            item_pointer("resourceTemplates", 42),
            "/resourceTemplates/42"
        );
    }

    #[test]
    fn pointers_escape_tilde_and_slash_in_any_token() {
        assert_eq!(pointer("", "tools"), "/tools");
        assert_eq!(pointer("/tools", 12), "/tools/12");
        assert_eq!(pointer("/x", "a/b~c"), "/x/a~1b~0c");
        assert_eq!(pointer("/x", "~/"), "/x/~0~1");
        assert_eq!(pointer("/x", ""), "/x/");
        assert_eq!(pointer("/x", "é/ü"), "/x/é~1ü");
        assert_eq!(pointer("/x", 0), "/x/0");
        assert_eq!(pointer("/x", usize::MAX), format!("/x/{}", usize::MAX));
        assert_eq!(pointer("/x", String::from("a/b")), "/x/a~1b");
    }
}
