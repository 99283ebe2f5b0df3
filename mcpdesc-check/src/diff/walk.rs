//! The walk over two descriptions: the document's members, each collection's primitives paired
//! by what clients call them by, their declarations, and the components they share.

use std::fmt;

use mcpdesc_format::hash::{HashMap, HashSet};
use serde_json::{Map, Value, json};

use super::Change;
use super::rules::{self as r, Rule};
use super::schema::{self, Found, Role, same};
use super::witness::{self, Witness};
use crate::object::Members as _;
use crate::validate::document::ROOT_MEMBERS;
use crate::validate::kind::{self, Kind};
use crate::validate::references::schema_target;
use crate::validate::toolbox::{Cx, pointer, root_scope_of, scope_within_at};
use crate::version::VersionSet;

/// A schema component used by one side's primitives under the same name on both sides, compared
/// once after the walk.
struct Shared {
    /// The pointer of the component the references end at, the same on both sides.
    at: String,
    roles: Vec<Role>,
    uses: Vec<String>,
}

struct Walk<'a> {
    old: &'a Value,
    new: &'a Value,
    cx_old: Cx<'a>,
    cx_new: Cx<'a>,
    out: Vec<Change>,
    shared: Vec<Shared>,
    /// How many witnesses were made (at most [`witness::MOST_WITNESSES`]).
    witnesses: usize,
    /// The schemas witnesses are checked against, and the comparison's budget for their
    /// patterns.
    instances: crate::instances::Instances,
    /// Each document's versions, as the validator reads them.
    root_old: VersionSet,
    root_new: VersionSet,
}

pub(super) fn walk(old: &Value, new: &Value) -> Vec<Change> {
    let mut w = Walk {
        old,
        new,
        cx_old: Cx::new(old),
        cx_new: Cx::new(new),
        out: Vec::new(),
        shared: Vec::new(),
        witnesses: 0,
        instances: crate::instances::Instances::default(),
        root_old: root_scope_of(old).0,
        root_new: root_scope_of(new).0,
    };
    w.document();
    w.out
}

/// The members of an object, or none.
fn members(value: Option<&Value>) -> &Map<String, Value> {
    static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
    value
        .and_then(Value::as_object)
        .unwrap_or_else(|| EMPTY.get_or_init(Map::new))
}

fn text(value: Option<&Value>) -> Option<&str> {
    value.and_then(Value::as_str)
}

/// A pointer to `key` under `base` when `object` has it, else `base`.
fn at_or(base: &str, object: Option<&Value>, key: &str) -> String {
    if object.and_then(|o| o.member(key)).is_some() {
        pointer(base, key)
    } else {
        base.to_owned()
    }
}

/// The elements of an array member, each with its pointer.
fn elements<'a>(value: Option<&'a Value>, base: &str) -> Vec<(String, &'a Value)> {
    value
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .enumerate()
                .map(|(i, v)| (pointer(base, i), v))
                .collect()
        })
        .unwrap_or_default()
}

/// Pairs `olds` with `news` one to one by `key`, in order: for each old element, the index of
/// the first new one with its key not paired yet; and the new ones no old one was paired with.
/// Each key is looked up once.
fn pair_by(
    olds: &[(String, &Value)],
    news: &[(String, &Value)],
    key: impl Fn(&Value) -> String,
) -> (Vec<Option<usize>>, Vec<usize>) {
    pair_by_sides(olds, news, &key, &key)
}

/// [`pair_by`], with a key for each side.
fn pair_by_sides(
    olds: &[(String, &Value)],
    news: &[(String, &Value)],
    key_old: impl Fn(&Value) -> String,
    key_new: impl Fn(&Value) -> String,
) -> (Vec<Option<usize>>, Vec<usize>) {
    let mut waiting: HashMap<String, std::collections::VecDeque<usize>> = HashMap::default();
    for (j, (_, b)) in news.iter().enumerate() {
        waiting.entry(key_new(b)).or_default().push_back(j);
    }
    let paired: Vec<Option<usize>> = olds
        .iter()
        .map(|(_, a)| waiting.get_mut(&key_old(a)).and_then(|q| q.pop_front()))
        .collect();
    let mut taken = vec![false; news.len()];
    for j in paired.iter().flatten() {
        if let Some(t) = taken.get_mut(*j) {
            *t = true;
        }
    }
    let rest = (0..news.len())
        .filter(|j| !taken.get(*j).copied().unwrap_or(true))
        .collect();
    (paired, rest)
}

/// The versions `value` is in effect on within `parent`, as the validator reads them (its own
/// `protocolVersions` kept to its parent's, else its parent's); what the validator would report
/// of them is left to it.
fn scope(value: &Value, parent: VersionSet) -> VersionSet {
    match value.as_object() {
        Some(object) => scope_within_at(object, "", parent, "").0,
        None => parent,
    }
}

/// Versions, names or members as a message lists them: each in backticks, comma-separated.
fn quoted<T: fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    let q: Vec<String> = items.into_iter().map(|v| format!("`{v}`")).collect();
    q.join(", ")
}

/// A kind of primitive (its collection, its noun, what identifies it to clients: the
/// validator's [`Kind`]) and the rules of its primitives added, removed and paired.
#[derive(Clone, Copy)]
struct Collection {
    kind: Kind,
    removed: &'static Rule,
    added: &'static Rule,
    /// The rule for a pair found by its second key (a rename, a URI changed), and that key.
    paired: Option<(&'static Rule, &'static str)>,
}

const COLLECTIONS: [Collection; 4] = [
    Collection {
        kind: kind::TOOL,
        removed: &r::TOOL_REMOVED,
        added: &r::TOOL_ADDED,
        paired: Some((&r::TOOL_RENAMED, "inputSchema")),
    },
    Collection {
        kind: kind::RESOURCE,
        removed: &r::RESOURCE_REMOVED,
        added: &r::RESOURCE_ADDED,
        paired: Some((&r::RESOURCE_URI_CHANGED, "name")),
    },
    Collection {
        kind: kind::RESOURCE_TEMPLATE,
        removed: &r::RESOURCE_TEMPLATE_REMOVED,
        added: &r::RESOURCE_TEMPLATE_ADDED,
        paired: Some((&r::RESOURCE_TEMPLATE_URI_CHANGED, "name")),
    },
    Collection {
        kind: kind::PROMPT,
        removed: &r::PROMPT_REMOVED,
        added: &r::PROMPT_ADDED,
        paired: Some((&r::PROMPT_RENAMED, "arguments")),
    },
];

/// Members of a primitive that only document it.
const DOCUMENTATION: &[&str] = &["title", "description", "icons", "_meta", "tags", "size"];
/// Members of a primitive that hold examples.
const EXAMPLES: &[&str] = &["examples", "interactionExamples", "completionExamples"];

impl<'a> Walk<'a> {
    fn change(&mut self, rule: &'static Rule, old: String, new: String, message: String) {
        self.witnessed(rule, old, new, message, None);
    }

    /// A change with its witness.
    fn witnessed(
        &mut self,
        rule: &'static Rule,
        old: String,
        new: String,
        message: String,
        witness: Option<Witness>,
    ) {
        self.out.push(Change {
            rule,
            old,
            new,
            message,
            witness,
            uses: Vec::new(),
        });
    }

    fn document(&mut self) {
        let (old, new) = (self.old, self.new);
        for key in ["mcpdesc", "$schema", "instructions"] {
            if !same_member(old, new, key) {
                self.change(
                    &r::DOCUMENTATION_CHANGED,
                    at_or("", Some(old), key),
                    at_or("", Some(new), key),
                    format!("`{key}` changed"),
                );
            }
        }
        self.info();
        self.versions();
        self.transports();
        self.capabilities();
        self.security(
            old.member("security"),
            new.member("security"),
            "",
            "",
            "the server",
        );
        self.security_schemes();
        if !same_member(old, new, "tags") {
            self.change(
                &r::DOCUMENTATION_CHANGED,
                at_or("", Some(old), "tags"),
                at_or("", Some(new), "tags"),
                "the tag catalogue changed".into(),
            );
        }
        self.rest(old, new, "", "", ROOT_MEMBERS, "the document");
        for collection in COLLECTIONS {
            self.collection(collection);
        }
        self.components();
    }

    /// Members outside `known` that differ: extensions, and members no rule compares.
    fn rest(&mut self, old: &Value, new: &Value, po: &str, pn: &str, known: &[&str], what: &str) {
        let (mo, mn) = (members(Some(old)), members(Some(new)));
        let mut keys: Vec<&String> = mo.keys().collect();
        keys.extend(mn.keys().filter(|k| !mo.contains_key(*k)));
        for key in keys {
            if known.contains(&key.as_str()) || same_member(old, new, key) {
                continue;
            }
            let rule = if key.starts_with("x-") {
                &r::EXTENSION_CHANGED
            } else {
                &r::MEMBER_CHANGED
            };
            self.change(
                rule,
                at_or(po, Some(old), key),
                at_or(pn, Some(new), key),
                format!("{what}: `{key}` changed"),
            );
        }
    }

    fn info(&mut self) {
        let (io, in_) = (self.old.member("info"), self.new.member("info"));
        let (po, pn) = (
            at_or("", Some(self.old), "info"),
            at_or("", Some(self.new), "info"),
        );
        let mo = members(io);
        let mn = members(in_);
        let mut keys: Vec<&String> = mo.keys().collect();
        keys.extend(mn.keys().filter(|k| !mo.contains_key(*k)));
        for key in keys {
            if same_opt(mo.get(key), mn.get(key)) {
                continue;
            }
            let rule = match key.as_str() {
                "name" => &r::SERVER_NAME_CHANGED,
                k if k.starts_with("x-") => &r::EXTENSION_CHANGED,
                _ => &r::DOCUMENTATION_CHANGED,
            };
            let message = match (text(mo.get(key)), text(mn.get(key))) {
                (Some(a), Some(b)) => format!("`info.{key}` \"{a}\" → \"{b}\""),
                _ => format!("`info.{key}` changed"),
            };
            self.change(rule, at_or(&po, io, key), at_or(&pn, in_, key), message);
        }
    }

    fn versions(&mut self) {
        let (po, pn) = (
            at_or("", Some(self.old), "protocolVersions"),
            at_or("", Some(self.new), "protocolVersions"),
        );
        let removed = self.root_old.difference(self.root_new);
        let added = self.root_new.difference(self.root_old);
        if !removed.is_empty() {
            self.change(
                &r::PROTOCOL_VERSION_REMOVED,
                po.clone(),
                pn.clone(),
                format!("the server no longer speaks {}", quoted(removed)),
            );
        }
        if !added.is_empty() {
            self.change(
                &r::PROTOCOL_VERSION_ADDED,
                po,
                pn,
                format!("the server now speaks {}", quoted(added)),
            );
        }
    }

    fn transports(&mut self) {
        let key = |t: &Value| {
            format!(
                "{} {}",
                text(t.member("type")).unwrap_or_default(),
                text(t.member("url"))
                    .or_else(|| text(t.member("command")))
                    .unwrap_or_default()
            )
        };
        let (po, pn) = (
            at_or("", Some(self.old), "transports"),
            at_or("", Some(self.new), "transports"),
        );
        let olds = elements(self.old.member("transports"), &po);
        let news = elements(self.new.member("transports"), &pn);
        let (paired, rest) = pair_by(&olds, &news, key);
        for ((p, t), j) in olds.iter().zip(paired) {
            match j.and_then(|j| news.get(j)) {
                None => self.change(
                    &r::TRANSPORT_REMOVED,
                    p.clone(),
                    pn.clone(),
                    format!("transport `{}` is gone", key(t).trim()),
                ),
                Some((q, n)) if !same(t, n) => {
                    let changed: Vec<&str> = union_keys(t, n)
                        .into_iter()
                        .filter(|k| !same_member(t, n, k))
                        .collect();
                    self.change(
                        &r::TRANSPORT_CHANGED,
                        p.clone(),
                        q.clone(),
                        format!("transport `{}`: {} changed", key(t).trim(), quoted(changed)),
                    );
                }
                Some(_) => {}
            }
        }
        for (q, n) in rest.into_iter().filter_map(|j| news.get(j)) {
            self.change(
                &r::TRANSPORT_ADDED,
                po.clone(),
                q.clone(),
                format!("transport `{}` is new", key(n).trim()),
            );
        }
    }

    fn capabilities(&mut self) {
        let key = |c: &Value| {
            c.member("protocolVersions")
                .map_or_else(String::new, mcpdesc_format::json::canonical)
        };
        let (po, pn) = (
            at_or("", Some(self.old), "capabilities"),
            at_or("", Some(self.new), "capabilities"),
        );
        let olds = elements(self.old.member("capabilities"), &po);
        let news = elements(self.new.member("capabilities"), &pn);
        let empty = json!({});
        let (paired, rest) = pair_by(&olds, &news, key);
        for ((p, c), j) in olds.iter().zip(paired) {
            let (q, n) = j
                .and_then(|j| news.get(j))
                .map_or((pn.clone(), &empty), |(q, n)| (q.clone(), *n));
            self.capability_entry(c, n, p, &q);
        }
        for (q, n) in rest.into_iter().filter_map(|j| news.get(j)) {
            self.capability_entry(&empty, n, &po, q);
        }
    }

    fn capability_entry(&mut self, old: &Value, new: &Value, po: &str, pn: &str) {
        let scope = match new
            .member("protocolVersions")
            .or(old.member("protocolVersions"))
        {
            Some(v) => format!(" (on {v})"),
            None => String::new(),
        };
        for key in union_keys(old, new) {
            if key == "protocolVersions" || same_member(old, new, key) {
                continue;
            }
            let (a, b) = (old.member(key), new.member(key));
            let (x, y) = (at_or(po, Some(old), key), at_or(pn, Some(new), key));
            match (a, b) {
                (Some(_), None) => self.change(
                    &r::CAPABILITY_REMOVED,
                    x,
                    y,
                    format!("capability `{key}`{scope} is gone"),
                ),
                (None, Some(_)) => self.change(
                    &r::CAPABILITY_ADDED,
                    x,
                    y,
                    format!("capability `{key}`{scope} is new"),
                ),
                (Some(a), Some(b)) => {
                    let flag =
                        |v: &Value, f: &str| v.member(f).and_then(Value::as_bool).unwrap_or(false);
                    let mut reported = false;
                    for f in ["listChanged", "subscribe"] {
                        match (flag(a, f), flag(b, f)) {
                            (true, false) => self.change(
                                &r::CAPABILITY_NARROWED,
                                at_or(&x, Some(a), f),
                                at_or(&y, Some(b), f),
                                format!("capability `{key}.{f}`{scope} is no longer offered"),
                            ),
                            (false, true) => self.change(
                                &r::CAPABILITY_WIDENED,
                                at_or(&x, Some(a), f),
                                at_or(&y, Some(b), f),
                                format!("capability `{key}.{f}`{scope} is now offered"),
                            ),
                            _ => continue,
                        }
                        reported = true;
                    }
                    let rest_differs = union_keys(a, b).into_iter().any(|k| {
                        !["listChanged", "subscribe"].contains(&k) && !same_member(a, b, k)
                    });
                    if rest_differs || !reported {
                        self.change(
                            &r::CAPABILITY_CHANGED,
                            x,
                            y,
                            format!("capability `{key}`{scope} changed"),
                        );
                    }
                }
                (None, None) => {}
            }
        }
    }

    /// A security requirement list (`None`: absent) compared: alternatives, each a set of
    /// schemes and scopes; `{}` is "no authentication".
    fn security(
        &mut self,
        old: Option<&Value>,
        new: Option<&Value>,
        po: &str,
        pn: &str,
        what: &str,
    ) {
        if same_opt(old, new) {
            return;
        }
        let (x, y) = (
            if old.is_some() {
                pointer(po, "security")
            } else {
                po.to_owned()
            },
            if new.is_some() {
                pointer(pn, "security")
            } else {
                pn.to_owned()
            },
        );
        fn list(v: Option<&Value>) -> Vec<&Value> {
            v.and_then(Value::as_array)
                .map(|a| a.iter().collect())
                .unwrap_or_default()
        }
        let (a, b) = (list(old), list(new));
        let required =
            |alts: &[&Value]| !alts.is_empty() && !alts.iter().any(|v| members(Some(v)).is_empty());
        let (ra, rb) = (required(&a), required(&b));
        let shown = |v: &Value| mcpdesc_format::json::canonical(v);
        if !ra && rb {
            self.change(
                &r::SECURITY_REQUIRED,
                x,
                y,
                format!("{what} now requires authentication"),
            );
            return;
        }
        if ra && !rb {
            self.change(
                &r::SECURITY_LIFTED,
                x,
                y,
                format!("{what} no longer requires authentication"),
            );
            return;
        }
        let (in_a, in_b): (HashSet<String>, HashSet<String>) = (
            a.iter().map(|v| shown(v)).collect(),
            b.iter().map(|v| shown(v)).collect(),
        );
        let removed: Vec<String> = a
            .iter()
            .map(|v| shown(v))
            .filter(|v| !in_b.contains(v))
            .collect();
        let added: Vec<String> = b
            .iter()
            .map(|v| shown(v))
            .filter(|v| !in_a.contains(v))
            .collect();
        if !removed.is_empty() {
            self.change(
                &r::SECURITY_ALTERNATIVE_REMOVED,
                x.clone(),
                y.clone(),
                format!("{what} no longer accepts {}", removed.join(", ")),
            );
        }
        if !added.is_empty() {
            self.change(
                &r::SECURITY_ALTERNATIVE_ADDED,
                x,
                y,
                format!("{what} now also accepts {}", added.join(", ")),
            );
        }
    }

    fn security_schemes(&mut self) {
        let (so, sn) = (
            self.old.member("securitySchemes"),
            self.new.member("securitySchemes"),
        );
        let (po, pn) = (
            at_or("", Some(self.old), "securitySchemes"),
            at_or("", Some(self.new), "securitySchemes"),
        );
        let (mo, mn) = (members(so), members(sn));
        for (name, a) in mo {
            match mn.get(name) {
                None => self.change(
                    &r::SECURITY_SCHEME_REMOVED,
                    pointer(&po, name),
                    pn.clone(),
                    format!("security scheme `{name}` is gone"),
                ),
                Some(b) if !same(a, b) => self.change(
                    &r::SECURITY_SCHEME_CHANGED,
                    pointer(&po, name),
                    pointer(&pn, name),
                    format!("security scheme `{name}` changed"),
                ),
                Some(_) => {}
            }
        }
        for name in mn.keys().filter(|n| !mo.contains_key(*n)) {
            self.change(
                &r::SECURITY_SCHEME_ADDED,
                po.clone(),
                pointer(&pn, name),
                format!("security scheme `{name}` is new"),
            );
        }
    }

    fn collection(&mut self, c: Collection) {
        let (po, pn) = (
            at_or("", Some(self.old), c.kind.collection),
            at_or("", Some(self.new), c.kind.collection),
        );
        let olds = elements(self.old.member(c.kind.collection), &po);
        let news = elements(self.new.member(c.kind.collection), &pn);
        let first = self.out.len();
        // Paired by name and versions offered, then by name alone, one to one, in order.
        let name = |v: &Value| {
            text(v.member(c.kind.identity))
                .unwrap_or_default()
                .to_owned()
        };
        let (root_old, root_new) = (self.root_old, self.root_new);
        let scoped =
            |root: VersionSet, v: &Value| format!("{}\u{0}{}", name(v), quoted(scope(v, root)));
        // The versions are written into the key only where a name stands twice on a side.
        let repeats = |list: &[(String, &Value)]| {
            let mut met: HashSet<&str> = HashSet::default();
            list.iter()
                .any(|(_, v)| !met.insert(text(v.member(c.kind.identity)).unwrap_or_default()))
        };
        let (first_pass, left_new) = if repeats(&olds) || repeats(&news) {
            pair_by_sides(
                &olds,
                &news,
                |v| scoped(root_old, v),
                |v| scoped(root_new, v),
            )
        } else {
            pair_by(&olds, &news, name)
        };
        let left_old: Vec<usize> = first_pass
            .iter()
            .enumerate()
            .filter(|(_, j)| j.is_none())
            .map(|(i, _)| i)
            .collect();
        let pick = |from: &[(String, &'a Value)], at: &[usize]| -> Vec<(String, &'a Value)> {
            at.iter().filter_map(|i| from.get(*i).cloned()).collect()
        };
        let (second_pass, still_new) =
            pair_by(&pick(&olds, &left_old), &pick(&news, &left_new), name);
        let mut pairs: Vec<(usize, usize)> = first_pass
            .iter()
            .enumerate()
            .filter_map(|(i, j)| Some((i, (*j)?)))
            .collect();
        pairs.extend(
            second_pass
                .iter()
                .enumerate()
                .filter_map(|(k, j)| Some((*left_old.get(k)?, *left_new.get((*j)?)?))),
        );
        pairs.sort_unstable();
        let mut removed: Vec<(String, &Value)> = Vec::new();
        for (k, j) in second_pass.iter().enumerate() {
            if j.is_none()
                && let Some(old) = left_old.get(k).and_then(|i| olds.get(*i))
            {
                removed.push(old.clone());
            }
        }
        for (i, j) in pairs {
            if let (Some((p, a)), Some((q, b))) = (olds.get(i), news.get(j)) {
                self.primitive(c, a, b, p, q);
            }
        }
        let mut added: Vec<Option<(String, &Value)>> = still_new
            .iter()
            .filter_map(|k| left_new.get(*k).and_then(|j| news.get(*j)))
            .map(|(q, b)| Some((q.clone(), *b)))
            .collect();
        // A removal and an addition alike in their second key, each the only one so on its
        // side: a rename, or a URI changed. Alike is compared as canonical JSON, once each.
        if let Some((rule, second)) = c.paired {
            let alike = |w: &Walk<'a>, v: &'a Value, old: bool| -> Option<String> {
                let member = v.member(second)?;
                if second == "inputSchema" {
                    let cx = if old { &w.cx_old } else { &w.cx_new };
                    return schema_target(cx, member)
                        .map(|(t, _)| mcpdesc_format::json::canonical(t));
                }
                Some(mcpdesc_format::json::canonical(member))
            };
            let mut olds_alike: HashMap<String, Vec<usize>> = HashMap::default();
            for (i, (_, a)) in removed.iter().enumerate() {
                if let Some(key) = alike(self, a, true) {
                    olds_alike.entry(key).or_default().push(i);
                }
            }
            let mut news_alike: HashMap<String, Vec<usize>> = HashMap::default();
            for (j, (_, b)) in added.iter().flatten().enumerate() {
                if let Some(key) = alike(self, b, false) {
                    news_alike.entry(key).or_default().push(j);
                }
            }
            let mut paired: Vec<(usize, usize)> = olds_alike
                .iter()
                .filter_map(|(key, olds)| {
                    match (olds.as_slice(), news_alike.get(key).map(Vec::as_slice)) {
                        ([i], Some([j])) => Some((*i, *j)),
                        _ => None,
                    }
                })
                .collect();
            paired.sort_unstable();
            let mut taken = vec![false; removed.len()];
            for (i, j) in paired {
                let (Some((p, a)), Some(slot)) = (removed.get(i), added.get_mut(j)) else {
                    continue;
                };
                let Some((q, b)) = slot.take() else { continue };
                if let Some(t) = taken.get_mut(i) {
                    *t = true;
                }
                let name = |v: &Value| {
                    text(v.member(c.kind.identity))
                        .unwrap_or_default()
                        .to_owned()
                };
                let message = if second == "name" {
                    format!(
                        "{} `{}`: `{}` → `{}`",
                        c.kind.noun(),
                        text(b.member("name")).unwrap_or_default(),
                        name(a),
                        name(b)
                    )
                } else {
                    format!(
                        "{} `{}` is now `{}` (the same {second}: likely a rename)",
                        c.kind.noun(),
                        name(a),
                        name(b)
                    )
                };
                self.change(rule, p.clone(), q, message);
            }
            removed = removed
                .into_iter()
                .zip(taken)
                .filter(|(_, t)| !t)
                .map(|(r, _)| r)
                .collect();
        }
        let added: Vec<(String, &Value)> = added.into_iter().flatten().collect();
        for (p, a) in removed {
            let name = text(a.member(c.kind.identity)).unwrap_or("?");
            self.change(
                c.removed,
                p,
                pn.clone(),
                format!("{} `{name}` is gone", c.kind.noun()),
            );
        }
        for (q, b) in added {
            let name = text(b.member(c.kind.identity)).unwrap_or("?");
            self.change(
                c.added,
                po.clone(),
                q,
                format!("{} `{name}` is new", c.kind.noun()),
            );
        }
        // In the old document's order, what is new after it in the new document's.
        let index = |pointer: &str, base: &str| {
            pointer
                .strip_prefix(base)
                .and_then(|rest| rest.strip_prefix('/'))
                .and_then(|rest| rest.split('/').next())
                .and_then(|i| i.parse::<usize>().ok())
        };
        if let Some(changes) = self.out.get_mut(first..) {
            changes.sort_by_key(|change| match index(&change.old, &po) {
                Some(i) => (0, i),
                None => (1, index(&change.new, &pn).unwrap_or(usize::MAX)),
            });
        }
    }

    fn primitive(&mut self, c: Collection, a: &'a Value, b: &'a Value, po: &str, pn: &str) {
        if same(a, b) {
            self.note_uses(c, b, pn);
            return;
        }
        let subject = format!(
            "{} `{}`",
            c.kind.noun(),
            text(b.member(c.kind.identity)).unwrap_or_default()
        );
        let mut known: Vec<&str> = vec![
            c.kind.identity,
            "deprecated",
            "protocolVersions",
            "clientRequirements",
            "security",
            "elicitations",
        ];
        known.extend(DOCUMENTATION);
        known.extend(EXAMPLES);
        for key in DOCUMENTATION {
            if !same_member(a, b, key) {
                self.change(
                    &r::DOCUMENTATION_CHANGED,
                    at_or(po, Some(a), key),
                    at_or(pn, Some(b), key),
                    format!("{subject}: `{key}` changed"),
                );
            }
        }
        for key in EXAMPLES {
            if !same_member(a, b, key) {
                self.change(
                    &r::EXAMPLE_CHANGED,
                    at_or(po, Some(a), key),
                    at_or(pn, Some(b), key),
                    format!("{subject}: `{key}` changed"),
                );
            }
        }
        let deprecated = |v: &Value| {
            v.member("deprecated")
                .and_then(Value::as_bool)
                .unwrap_or(false)
        };
        match (deprecated(a), deprecated(b)) {
            (false, true) => self.change(
                &r::DEPRECATED,
                po.into(),
                pointer(pn, "deprecated"),
                format!("{subject} is now deprecated"),
            ),
            (true, false) => self.change(
                &r::DEPRECATION_WITHDRAWN,
                pointer(po, "deprecated"),
                pn.into(),
                format!("{subject} is no longer deprecated"),
            ),
            _ => {}
        }
        let (so, sn) = (scope(a, self.root_old), scope(b, self.root_new));
        // A version the root dropped or added is the root's change, said once there.
        let lost = so.difference(sn).intersection(self.root_new);
        let gained = sn.difference(so).intersection(self.root_old);
        if !lost.is_empty() {
            self.change(
                &r::SCOPE_NARROWED,
                at_or(po, Some(a), "protocolVersions"),
                at_or(pn, Some(b), "protocolVersions"),
                format!("{subject} is no longer offered on {}", quoted(lost)),
            );
        }
        if !gained.is_empty() {
            self.change(
                &r::SCOPE_WIDENED,
                at_or(po, Some(a), "protocolVersions"),
                at_or(pn, Some(b), "protocolVersions"),
                format!("{subject} is now offered on {}", quoted(gained)),
            );
        }
        self.requirements(
            a.member("clientRequirements"),
            b.member("clientRequirements"),
            &at_or(po, Some(a), "clientRequirements"),
            &at_or(pn, Some(b), "clientRequirements"),
            &subject,
            "",
        );
        if a.member("security").is_some() || b.member("security").is_some() {
            let (ea, eb) = (
                a.member("security").or(self.old.member("security")),
                b.member("security").or(self.new.member("security")),
            );
            let (x, y) = (po.to_owned(), pn.to_owned());
            self.security(ea, eb, &x, &y, &subject);
        }
        match c.kind.collection {
            "tools" => {
                known.extend(["inputSchema", "outputSchema", "annotations", "execution"]);
                self.tool(a, b, po, pn, &subject);
            }
            "resources" | "resourceTemplates" => {
                known.extend(["name", "mimeType", "annotations"]);
                let (renamed, mime) = if c.kind == kind::RESOURCE {
                    (&r::RESOURCE_RENAMED, &r::RESOURCE_MIME_TYPE_CHANGED)
                } else {
                    (
                        &r::RESOURCE_TEMPLATE_RENAMED,
                        &r::RESOURCE_TEMPLATE_MIME_TYPE_CHANGED,
                    )
                };
                if !same_member(a, b, "name") {
                    self.change(
                        renamed,
                        at_or(po, Some(a), "name"),
                        at_or(pn, Some(b), "name"),
                        format!(
                            "{subject}: name `{}` → `{}`",
                            text(a.member("name")).unwrap_or_default(),
                            text(b.member("name")).unwrap_or_default()
                        ),
                    );
                }
                if !same_member(a, b, "mimeType") {
                    self.change(
                        mime,
                        at_or(po, Some(a), "mimeType"),
                        at_or(pn, Some(b), "mimeType"),
                        format!(
                            "{subject}: MIME type {} → {}",
                            shown(a.member("mimeType")),
                            shown(b.member("mimeType"))
                        ),
                    );
                }
                if !same_member(a, b, "annotations") {
                    self.change(
                        &r::DOCUMENTATION_CHANGED,
                        at_or(po, Some(a), "annotations"),
                        at_or(pn, Some(b), "annotations"),
                        format!("{subject}: `annotations` changed"),
                    );
                }
            }
            _ => {
                known.push("arguments");
                self.prompt_arguments(a, b, po, pn, &subject);
            }
        }
        self.declarations(a, b, po, pn, &subject, (so, sn));
        self.rest(a, b, po, pn, &known, &subject);
    }

    /// Client requirements compared member by member: a member added is a requirement added.
    fn requirements(
        &mut self,
        a: Option<&Value>,
        b: Option<&Value>,
        po: &str,
        pn: &str,
        subject: &str,
        prefix: &str,
    ) {
        let (mo, mn) = (members(a), members(b));
        for (key, va) in mo {
            let name = if prefix.is_empty() {
                key.clone()
            } else {
                format!("{prefix}.{key}")
            };
            match mn.get(key) {
                None => self.change(
                    &r::CLIENT_REQUIREMENT_REMOVED,
                    pointer(po, key),
                    pn.into(),
                    format!("{subject} no longer requires the client capability `{name}`"),
                ),
                Some(vb) if va.is_object() && vb.is_object() => self.requirements(
                    Some(va),
                    Some(vb),
                    &pointer(po, key),
                    &pointer(pn, key),
                    subject,
                    &name,
                ),
                Some(vb) if !same(va, vb) => self.change(
                    &r::CLIENT_REQUIREMENT_CHANGED,
                    pointer(po, key),
                    pointer(pn, key),
                    format!("{subject}: client requirement `{name}` changed"),
                ),
                Some(_) => {}
            }
        }
        for key in mn.keys().filter(|k| !mo.contains_key(*k)) {
            let name = if prefix.is_empty() {
                key.clone()
            } else {
                format!("{prefix}.{key}")
            };
            self.change(
                &r::CLIENT_REQUIREMENT_ADDED,
                po.into(),
                pointer(pn, key),
                format!("{subject} now requires the client capability `{name}`"),
            );
        }
    }

    fn tool(&mut self, a: &'a Value, b: &'a Value, po: &str, pn: &str, subject: &str) {
        if let (Some(x), Some(y)) = (a.member("inputSchema"), b.member("inputSchema")) {
            self.schemas(
                Role::Input,
                x,
                y,
                &pointer(po, "inputSchema"),
                &pointer(pn, "inputSchema"),
                &format!("the input of {subject}"),
            );
        }
        match (a.member("outputSchema"), b.member("outputSchema")) {
            (Some(x), Some(y)) => self.schemas(
                Role::Output,
                x,
                y,
                &pointer(po, "outputSchema"),
                &pointer(pn, "outputSchema"),
                &format!("the output of {subject}"),
            ),
            (None, Some(_)) => self.change(
                &r::OUTPUT_SCHEMA_ADDED,
                po.into(),
                pointer(pn, "outputSchema"),
                format!("{subject} now describes its structured result"),
            ),
            (Some(_), None) => {
                let none = Witness::Withheld {
                    reason: "the new description promises no structured result at all: any result is allowed, and none is refused".into(),
                };
                self.witnessed(
                    &r::OUTPUT_SCHEMA_REMOVED,
                    pointer(po, "outputSchema"),
                    pn.into(),
                    format!("{subject} no longer describes its structured result"),
                    Some(none),
                );
            }
            (None, None) => {}
        }
        self.annotations(
            a.member("annotations"),
            b.member("annotations"),
            &at_or(po, Some(a), "annotations"),
            &at_or(pn, Some(b), "annotations"),
            subject,
        );
        let modes =
            |v: &Value| match text(v.member("execution").and_then(|e| e.member("taskSupport"))) {
                Some("optional") => (true, true),
                Some("required") => (false, true),
                _ => (true, false),
            };
        let ((plain_a, task_a), (plain_b, task_b)) = (modes(a), modes(b));
        let ts = |v: &Value| {
            text(v.member("execution").and_then(|e| e.member("taskSupport")))
                .unwrap_or("forbidden")
                .to_owned()
        };
        let (x, y) = (
            at_or(po, Some(a), "execution"),
            at_or(pn, Some(b), "execution"),
        );
        if (plain_a && !plain_b) || (task_a && !task_b) {
            self.change(
                &r::TOOL_TASK_SUPPORT_NARROWED,
                x,
                y,
                format!("{subject}: task support `{}` → `{}`", ts(a), ts(b)),
            );
        } else if (plain_b && !plain_a) || (task_b && !task_a) {
            self.change(
                &r::TOOL_TASK_SUPPORT_WIDENED,
                x,
                y,
                format!("{subject}: task support `{}` → `{}`", ts(a), ts(b)),
            );
        } else if !same_member(a, b, "execution") {
            self.change(
                &r::MEMBER_CHANGED,
                x,
                y,
                format!("{subject}: `execution` changed"),
            );
        }
    }

    fn annotations(
        &mut self,
        a: Option<&Value>,
        b: Option<&Value>,
        po: &str,
        pn: &str,
        subject: &str,
    ) {
        if same_opt(a, b) {
            return;
        }
        let hint = |v: Option<&Value>, key: &str, default: bool| {
            v.and_then(|v| v.member(key))
                .and_then(Value::as_bool)
                .unwrap_or(default)
        };
        let (ro_a, ro_b) = (
            hint(a, "readOnlyHint", false),
            hint(b, "readOnlyHint", false),
        );
        let (d_a, d_b) = (
            hint(a, "destructiveHint", true),
            hint(b, "destructiveHint", true),
        );
        let (i_a, i_b) = (
            hint(a, "idempotentHint", false),
            hint(b, "idempotentHint", false),
        );
        let (o_a, o_b) = (
            hint(a, "openWorldHint", true),
            hint(b, "openWorldHint", true),
        );
        let at = |base: &str, v: Option<&Value>, key: &str| {
            if v.and_then(|v| v.member(key)).is_some() {
                pointer(base, key)
            } else {
                base.to_owned()
            }
        };
        if ro_a && !ro_b {
            self.change(
                &r::TOOL_NO_LONGER_READ_ONLY,
                at(po, a, "readOnlyHint"),
                at(pn, b, "readOnlyHint"),
                format!("{subject} is no longer read-only"),
            );
        }
        if !ro_a && !ro_b && !d_a && d_b {
            self.change(
                &r::TOOL_NOW_DESTRUCTIVE,
                at(po, a, "destructiveHint"),
                at(pn, b, "destructiveHint"),
                format!("{subject} may now destroy data"),
            );
        }
        if !ro_a && !ro_b && i_a && !i_b {
            self.change(
                &r::TOOL_NO_LONGER_IDEMPOTENT,
                at(po, a, "idempotentHint"),
                at(pn, b, "idempotentHint"),
                format!("{subject} is no longer idempotent"),
            );
        }
        if !o_a && o_b {
            self.change(
                &r::TOOL_NOW_OPEN_WORLD,
                at(po, a, "openWorldHint"),
                at(pn, b, "openWorldHint"),
                format!("{subject} now reaches outside systems"),
            );
        }
        // Read-only now; not destructive now (still writing); idempotent now; closed-world now.
        let now_read_only = !ro_a && ro_b;
        let now_harmless = !ro_a && !ro_b && d_a && !d_b;
        let now_idempotent = !ro_b && !i_a && i_b;
        let now_closed = o_a && !o_b;
        let relaxed = now_read_only || now_harmless || now_idempotent || now_closed;
        if relaxed {
            self.change(&r::TOOL_HINTS_RELAXED, po.into(), pn.into(), format!("{subject}: its hints now promise more (read-only, not destructive, idempotent or closed-world)"));
        }
        if !same_opt(
            a.and_then(|v| v.member("title")),
            b.and_then(|v| v.member("title")),
        ) {
            self.change(
                &r::DOCUMENTATION_CHANGED,
                at(po, a, "title"),
                at(pn, b, "title"),
                format!("{subject}: `annotations.title` changed"),
            );
        }
        let hints = [
            "readOnlyHint",
            "destructiveHint",
            "idempotentHint",
            "openWorldHint",
            "title",
        ];
        let (ea, eb) = (json!({}), json!({}));
        self.rest(
            a.unwrap_or(&ea),
            b.unwrap_or(&eb),
            po,
            pn,
            &hints,
            &format!("{subject}'s annotations"),
        );
    }

    fn prompt_arguments(&mut self, a: &Value, b: &Value, po: &str, pn: &str, subject: &str) {
        let (x, y) = (
            at_or(po, Some(a), "arguments"),
            at_or(pn, Some(b), "arguments"),
        );
        let olds = elements(a.member("arguments"), &x);
        let news = elements(b.member("arguments"), &y);
        let name = |v: &Value| text(v.member("name")).unwrap_or_default().to_owned();
        let required = |v: &Value| {
            v.member("required")
                .and_then(Value::as_bool)
                .unwrap_or(false)
        };
        let schema = |args: &[(String, &Value)]| {
            let properties: Map<String, Value> = args
                .iter()
                .map(|(_, v)| (name(v), json!({"type": "string"})))
                .collect();
            let required: Vec<String> = args
                .iter()
                .filter(|(_, v)| required(v))
                .map(|(_, v)| name(v))
                .collect();
            json!({"type": "object", "properties": properties, "required": required})
        };
        let (sa, sb) = (schema(&olds), schema(&news));
        let (paired, rest) = pair_by(&olds, &news, name);
        for ((p, va), j) in olds.iter().zip(paired) {
            match j.and_then(|j| news.get(j)) {
                None => self.change(
                    &r::PROMPT_ARGUMENT_REMOVED,
                    p.clone(),
                    y.clone(),
                    format!("{subject}: argument `{}` is gone", name(va)),
                ),
                Some((q, vb)) => {
                    match (required(va), required(vb)) {
                        (false, true) => {
                            let witness = self.prompt_witness(&sa, &sb, &name(va));
                            self.witnessed(
                                &r::PROMPT_ARGUMENT_MADE_REQUIRED,
                                p.clone(),
                                q.clone(),
                                format!("{subject}: argument `{}` is now required", name(va)),
                                Some(witness),
                            );
                        }
                        (true, false) => self.change(
                            &r::PROMPT_ARGUMENT_MADE_OPTIONAL,
                            p.clone(),
                            q.clone(),
                            format!("{subject}: argument `{}` is no longer required", name(va)),
                        ),
                        _ => {}
                    }
                    for key in ["title", "description"] {
                        if !same_member(va, vb, key) {
                            self.change(
                                &r::DOCUMENTATION_CHANGED,
                                at_or(p, Some(va), key),
                                at_or(q, Some(vb), key),
                                format!("{subject}: argument `{}`'s `{key}` changed", name(va)),
                            );
                        }
                    }
                    self.rest(
                        va,
                        vb,
                        p,
                        q,
                        &["name", "required", "title", "description"],
                        &format!("{subject}: argument `{}`", name(va)),
                    );
                }
            }
        }
        for (q, vb) in rest.into_iter().filter_map(|j| news.get(j)) {
            if required(vb) {
                let witness = self.prompt_witness(&sa, &sb, &name(vb));
                self.witnessed(
                    &r::PROMPT_ARGUMENT_REQUIRED_ADDED,
                    x.clone(),
                    q.clone(),
                    format!("{subject}: argument `{}` is new and required", name(vb)),
                    Some(witness),
                );
            } else {
                self.change(
                    &r::PROMPT_ARGUMENT_ADDED,
                    x.clone(),
                    q.clone(),
                    format!("{subject}: argument `{}` is new (optional)", name(vb)),
                );
            }
        }
    }

    /// The witness of a prompt argument now required: arguments without it.
    fn prompt_witness(&mut self, old: &Value, new: &Value, name: &str) -> Witness {
        let found = Found {
            event: schema::Event::RequiredAdded(name.to_owned()),
            path: Vec::new(),
            old_at: String::new(),
            new_at: String::new(),
        };
        self.witness(
            &mut witness::Judges::new(old, new, Role::Input),
            &found,
            true,
        )
    }

    /// Two schemas of `role`, each inline or a component reference, compared; a component both
    /// sides reference by one name is compared once, at the component, after the walk.
    fn schemas(
        &mut self,
        role: Role,
        a: &'a Value,
        b: &'a Value,
        po: &str,
        pn: &str,
        subject: &str,
    ) {
        if self.share(role, a, b, pn) {
            return;
        }
        let (Some((ta, ca)), Some((tb, cb))) = (
            schema_target(&self.cx_old, a),
            schema_target(&self.cx_new, b),
        ) else {
            if !same(a, b) {
                let rule = schema::Found {
                    event: schema::Event::KeywordChanged("$componentRef".into()),
                    path: Vec::new(),
                    old_at: String::new(),
                    new_at: String::new(),
                }
                .rule(role);
                self.change(rule, po.into(), pn.into(), format!("{subject}: a `$componentRef` does not resolve, so the schemas are not compared"));
            }
            return;
        };
        let (ba, bb) = (
            ca.unwrap_or_else(|| po.to_owned()),
            cb.unwrap_or_else(|| pn.to_owned()),
        );
        self.compare_schemas(role, ta, tb, &ba, &bb, subject, &[]);
    }

    /// Notes a use of a shared component when `a` and `b` are references that end at the same
    /// component (compared once, at the component, by [`Walk::components`]); whether they do.
    fn share(&mut self, role: Role, a: &'a Value, b: &'a Value, pn: &str) -> bool {
        if a.member("$componentRef").is_none() || b.member("$componentRef").is_none() {
            return false;
        }
        let (Some((_, Some(x))), Some((_, Some(y)))) = (
            schema_target(&self.cx_old, a),
            schema_target(&self.cx_new, b),
        ) else {
            return false;
        };
        if x != y {
            return false;
        }
        let place = pn.to_owned();
        match self.shared.iter_mut().find(|s| s.at == x) {
            Some(s) => {
                if !s.roles.contains(&role) {
                    s.roles.push(role);
                }
                s.uses.push(place);
            }
            None => self.shared.push(Shared {
                at: x,
                roles: vec![role],
                uses: vec![place],
            }),
        }
        true
    }

    /// The uses of shared components in a primitive the same on both sides.
    fn note_uses(&mut self, c: Collection, b: &'a Value, pn: &str) {
        if c.kind == kind::TOOL {
            for (key, role) in [("inputSchema", Role::Input), ("outputSchema", Role::Output)] {
                if let Some(schema) = b.member(key) {
                    self.share(role, schema, schema, &pointer(pn, key));
                }
            }
        }
        let at = pointer(pn, "elicitations");
        for (q, declaration) in elements(b.member("elicitations"), &at) {
            if let Some(form) = declaration.member("requestedSchema") {
                self.share(Role::Form, form, form, &pointer(&q, "requestedSchema"));
            }
        }
    }

    /// A witness for `found` through `judges`, while fewer than [`witness::MOST_WITNESSES`]
    /// were made.
    fn witness(
        &mut self,
        judges: &mut witness::Judges<'_>,
        found: &Found,
        old_first: bool,
    ) -> Witness {
        if self.witnesses >= witness::MOST_WITNESSES {
            return Witness::Withheld {
                reason: format!(
                    "witnesses are made for the first {} breaking changes of a comparison",
                    witness::MOST_WITNESSES
                ),
            };
        }
        self.witnesses += 1;
        judges.witness(found, old_first, &mut self.instances)
    }

    #[allow(clippy::too_many_arguments)]
    fn compare_schemas(
        &mut self,
        role: Role,
        a: &Value,
        b: &Value,
        po: &str,
        pn: &str,
        subject: &str,
        uses: &[String],
    ) {
        let mut found = Vec::new();
        schema::compare(a, b, &mut Vec::new(), po, pn, &mut found);
        let mut judges = witness::Judges::new(a, b, role);
        for f in found {
            let rule = f.rule(role);
            let witness = f
                .witness_direction(role)
                .map(|old_first| self.witness(&mut judges, &f, old_first));
            self.out.push(Change {
                rule,
                old: f.old_at.clone(),
                new: f.new_at.clone(),
                message: format!("{subject}: {}", f.detail()),
                witness,
                uses: uses.to_vec(),
            });
        }
    }

    fn declarations(
        &mut self,
        a: &'a Value,
        b: &'a Value,
        po: &str,
        pn: &str,
        subject: &str,
        scopes: (VersionSet, VersionSet),
    ) {
        let (x, y) = (
            at_or(po, Some(a), "elicitations"),
            at_or(pn, Some(b), "elicitations"),
        );
        let olds = elements(a.member("elicitations"), &x);
        let news = elements(b.member("elicitations"), &y);
        let name = |v: &Value| text(v.member("name")).unwrap_or_default().to_owned();
        let (paired, rest) = pair_by(&olds, &news, name);
        for ((p, da), j) in olds.iter().zip(paired) {
            match j.and_then(|j| news.get(j)) {
                None => self.change(
                    &r::ELICITATION_REMOVED,
                    p.clone(),
                    y.clone(),
                    format!("{subject}: declaration `{}` is gone", name(da)),
                ),
                Some((q, db)) => self.declaration(
                    da,
                    db,
                    p,
                    q,
                    &format!("{subject}'s declaration `{}`", name(da)),
                    scopes,
                ),
            }
        }
        for (q, db) in rest.into_iter().filter_map(|j| news.get(j)) {
            self.change(
                &r::ELICITATION_ADDED,
                x.clone(),
                q.clone(),
                format!(
                    "{subject}: declaration `{}` is new: calls may now ask the client",
                    name(db)
                ),
            );
        }
    }

    fn declaration(
        &mut self,
        a: &'a Value,
        b: &'a Value,
        po: &str,
        pn: &str,
        subject: &str,
        (so, sn): (VersionSet, VersionSet),
    ) {
        if same(a, b) {
            return;
        }
        let mode = |v: &Value| text(v.member("mode")).unwrap_or_default().to_owned();
        let known = vec![
            "name",
            "mode",
            "message",
            "when",
            "url",
            "requestedSchema",
            "protocolVersions",
            "onDecline",
            "onCancel",
        ];
        if mode(a) != mode(b) {
            self.change(
                &r::ELICITATION_MODE_CHANGED,
                at_or(po, Some(a), "mode"),
                at_or(pn, Some(b), "mode"),
                format!("{subject}: mode `{}` → `{}`", mode(a), mode(b)),
            );
        } else {
            if let (Some(x), Some(y)) = (a.member("requestedSchema"), b.member("requestedSchema")) {
                self.schemas(
                    Role::Form,
                    x,
                    y,
                    &pointer(po, "requestedSchema"),
                    &pointer(pn, "requestedSchema"),
                    &format!("the form of {subject}"),
                );
            }
            if !same_member(a, b, "url") {
                self.change(
                    &r::ELICITATION_URL_CHANGED,
                    at_or(po, Some(a), "url"),
                    at_or(pn, Some(b), "url"),
                    format!(
                        "{subject}: URL {} → {}",
                        shown(a.member("url")),
                        shown(b.member("url"))
                    ),
                );
            }
        }
        for (key, rule) in [
            ("message", &r::ELICITATION_TEXT_CHANGED),
            ("when", &r::ELICITATION_TEXT_CHANGED),
            ("onDecline", &r::ELICITATION_ON_DECLINE_CHANGED),
            ("onCancel", &r::ELICITATION_ON_CANCEL_CHANGED),
        ] {
            if !same_member(a, b, key) {
                self.change(
                    rule,
                    at_or(po, Some(a), key),
                    at_or(pn, Some(b), key),
                    format!("{subject}: `{key}` changed"),
                );
            }
        }
        let (da, db) = (scope(a, so), scope(b, sn));
        // Versions the primitive gained or lost are the primitive's change.
        let both = so.intersection(sn);
        let gained = db.difference(da).intersection(both);
        let lost = da.difference(db).intersection(both);
        let (x, y) = (
            at_or(po, Some(a), "protocolVersions"),
            at_or(pn, Some(b), "protocolVersions"),
        );
        if !gained.is_empty() {
            self.change(
                &r::ELICITATION_SCOPE_WIDENED,
                x.clone(),
                y.clone(),
                format!("{subject} now applies on {}", quoted(gained)),
            );
        }
        if !lost.is_empty() {
            self.change(
                &r::ELICITATION_SCOPE_NARROWED,
                x,
                y,
                format!("{subject} no longer applies on {}", quoted(lost)),
            );
        }
        self.rest(a, b, po, pn, &known, subject);
    }

    /// The components both sides' primitives reference by one name, compared once, naming every
    /// place that uses them; the other components' changes are documentation.
    fn components(&mut self) {
        let (co, cn) = (self.old.member("components"), self.new.member("components"));
        let (po, pn) = (
            at_or("", Some(self.old), "components"),
            at_or("", Some(self.new), "components"),
        );
        let shared = std::mem::take(&mut self.shared);
        for s in &shared {
            let (Some(ta), Some(tb)) = (self.old.pointer(&s.at), self.new.pointer(&s.at)) else {
                continue;
            };
            let (ba, bb) = (s.at.clone(), s.at.clone());
            let name = s.at.rsplit('/').next().unwrap_or_default();
            for role in &s.roles {
                let subject = format!(
                    "component schema `{}` (as {})",
                    name,
                    match role {
                        Role::Input => "a tool's input",
                        Role::Output => "a tool's output",
                        Role::Form => "a form",
                    }
                );
                self.compare_schemas(*role, ta, tb, &ba, &bb, &subject, &s.uses);
            }
        }
        // Components no primitive shares by name on both sides: their users were compared
        // through them; what is left documents.
        let (mo, mn) = (members(co), members(cn));
        for ns in union_keys_maps(mo, mn) {
            let (a, b) = (mo.get(ns), mn.get(ns));
            let (ma, mb) = (members(a), members(b));
            for name in union_keys_maps(ma, mb) {
                let at = pointer(&pointer("/components", ns), name);
                if shared.iter().any(|s| s.at == at) || same_opt(ma.get(name), mb.get(name)) {
                    continue;
                }
                let rule = if ns == "schemas" {
                    &r::DOCUMENTATION_CHANGED
                } else if ns.starts_with("x-") {
                    &r::EXTENSION_CHANGED
                } else {
                    &r::EXAMPLE_CHANGED
                };
                let (x, y) = (
                    at_or(&at_or(&po, co, ns), a, name),
                    at_or(&at_or(&pn, cn, ns), b, name),
                );
                self.change(rule, x, y, format!("component `{ns}/{name}` changed"));
            }
        }
    }
}

fn shown(v: Option<&Value>) -> String {
    v.map_or_else(|| "none".to_owned(), ToString::to_string)
}

fn same_opt(a: Option<&Value>, b: Option<&Value>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => same(a, b),
        (None, None) => true,
        _ => false,
    }
}

fn same_member(a: &Value, b: &Value, key: &str) -> bool {
    same_opt(a.member(key), b.member(key))
}

fn union_keys<'v>(a: &'v Value, b: &'v Value) -> Vec<&'v str> {
    union_keys_maps(members(Some(a)), members(Some(b)))
}

fn union_keys_maps<'v>(a: &'v Map<String, Value>, b: &'v Map<String, Value>) -> Vec<&'v str> {
    let mut keys: Vec<&str> = a.keys().map(String::as_str).collect();
    keys.extend(b.keys().map(String::as_str).filter(|k| !a.contains_key(*k)));
    keys
}
