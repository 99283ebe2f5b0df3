//! How a built [`Description`](super::Description) keeps its declarations beside the document,
//! and writes them back into it: as a JSON tree ([`assemble`]) or straight to a serializer
//! ([`Primitives`]).

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::Value;

use crate::diagnostics::kind;
use crate::registry::{Declaration, Mode};
use crate::version::VersionSet;

/// What a declaration's written object depends on, compared by address: two declarations with
/// the same key write the same object. Texts are `&'static str`s, so the same address and length
/// is the same text; a form is its static schema. Declarations equal in text but at other
/// addresses get their own objects, which is only slower.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Key {
    texts: [Option<(usize, usize)>; 5],
    /// 0 and the schema's address for a form, 1 and the URL's for a URL.
    target: (u8, Option<(usize, usize)>),
    scope: Option<u32>,
}

fn text(s: Option<&'static str>) -> Option<(usize, usize)> {
    s.map(|s| (s.as_ptr() as usize, s.len()))
}

impl Key {
    pub(super) fn of(d: &Declaration, scope: Option<VersionSet>) -> Key {
        Key {
            texts: [
                text(Some(d.name())),
                text(Some(d.message())),
                text(d.when()),
                text(d.on_decline()),
                text(d.on_cancel()),
            ],
            target: match d.mode() {
                Mode::Form { .. } | Mode::Described { .. } => (0, Some((super::schema_key(d), 0))),
                Mode::Url { url } => (1, text(url)),
            },
            scope: scope.map(VersionSet::bits),
        }
    }
}

/// The whole document: `skeleton` with each primitive's declarations written into it as its
/// last member, `elicitations`.
pub(super) fn assemble(
    mut skeleton: Value,
    declarations: &[Value],
    lists: &[Vec<Vec<usize>>; 4],
) -> Value {
    for (kind, lists) in kind::KINDS.iter().zip(lists) {
        let Some(Value::Array(items)) = skeleton.get_mut(kind.collection) else {
            continue;
        };
        for (item, list) in items.iter_mut().zip(lists) {
            if let (Value::Object(members), false) = (item, list.is_empty()) {
                let written = list
                    .iter()
                    .filter_map(|&i| declarations.get(i).cloned())
                    .collect();
                members.insert("elicitations".into(), Value::Array(written));
            }
        }
    }
    skeleton
}

/// One collection of primitives, each with its declarations.
pub(super) struct Primitives<'a> {
    pub(super) items: &'a Value,
    pub(super) lists: &'a [Vec<usize>],
    pub(super) declarations: &'a [Value],
}

impl Serialize for Primitives<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Value::Array(items) = self.items else {
            return self.items.serialize(serializer);
        };
        let mut seq = serializer.serialize_seq(Some(items.len()))?;
        for (i, item) in items.iter().enumerate() {
            match self.lists.get(i) {
                Some(list) if !list.is_empty() => seq.serialize_element(&Primitive {
                    item,
                    list,
                    declarations: self.declarations,
                })?,
                _ => seq.serialize_element(item)?,
            }
        }
        seq.end()
    }
}

struct Primitive<'a> {
    item: &'a Value,
    list: &'a [usize],
    declarations: &'a [Value],
}

impl Serialize for Primitive<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Value::Object(members) = self.item else {
            return self.item.serialize(serializer);
        };
        let mut map = serializer.serialize_map(Some(members.len() + 1))?;
        for (key, value) in members {
            map.serialize_entry(key, value)?;
        }
        map.serialize_entry(
            "elicitations",
            &Declarations {
                list: self.list,
                declarations: self.declarations,
            },
        )?;
        map.end()
    }
}

struct Declarations<'a> {
    list: &'a [usize],
    declarations: &'a [Value],
}

impl Serialize for Declarations<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.list.len()))?;
        for declaration in self.list.iter().filter_map(|&i| self.declarations.get(i)) {
            seq.serialize_element(declaration)?;
        }
        seq.end()
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::{Value, json};

    use super::assemble;
    use crate::diagnostics::check_built;
    use crate::diagnostics::declarations::Listed;

    /// Declaration objects, valid and not, each listed by any primitive in the documents below.
    fn pool() -> Vec<Value> {
        vec![
            json!({"name": "confirm", "mode": "form", "message": "Confirm.",
                   "requestedSchema": {"$componentRef": "#/components/schemas/Confirm"}}),
            json!({"name": "ask", "mode": "form", "message": "Ask.",
                   "requestedSchema": {"type": "object", "properties": {
                       "pick": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}}}}),
            json!({"name": "sign_in", "mode": "url", "message": "Sign in.",
                   "url": "https://example.com/sign-in"}),
            json!({"name": "sign_in", "mode": "url", "message": "Sign in.",
                   "protocolVersions": ["2025-11-25"]}),
            json!({"name": "bad url", "mode": "url", "message": " ", "url": "not a uri"}),
            json!({"name": "missing", "mode": "form", "message": "Missing.",
                   "requestedSchema": {"$componentRef": "#/components/schemas/Nowhere"}}),
            json!({"name": "nested", "mode": "form", "message": "Nested.",
                   "requestedSchema": {"type": "object", "properties": {
                       "n": {"type": "object"}}}}),
            json!({"name": "modeless", "message": "No mode."}),
            json!({"name": "late", "mode": "form", "message": "Late.",
                   "requestedSchema": {"$componentRef": "#/components/schemas/Confirm"},
                   "protocolVersions": ["2026-07-28"]}),
            json!("not an object"),
        ]
    }

    const VERSIONS: [&str; 4] = ["2024-11-05", "2025-06-18", "2025-11-25", "2026-07-28"];

    fn scope(bits: u8) -> Value {
        Value::Array(
            VERSIONS
                .iter()
                .enumerate()
                .filter(|(i, _)| bits & (1 << i) != 0)
                .map(|(_, v)| json!(v))
                .collect(),
        )
    }

    /// A document of tools and prompts (each with an optional scope), without declarations.
    fn skeleton(root: u8, tools: &[Option<u8>], prompts: &[Option<u8>]) -> Value {
        let primitive = |i: usize, s: &Option<u8>, tool: bool| {
            let mut m = serde_json::Map::new();
            m.insert("name".into(), json!(format!("p{i}")));
            if tool {
                m.insert("inputSchema".into(), json!({"type": "object"}));
            }
            if let Some(s) = s {
                m.insert("protocolVersions".into(), scope(*s));
            }
            Value::Object(m)
        };
        let tools: Vec<Value> = tools
            .iter()
            .enumerate()
            .map(|(i, s)| primitive(i, s, true))
            .collect();
        let prompts: Vec<Value> = prompts
            .iter()
            .enumerate()
            .map(|(i, s)| primitive(i, s, false))
            .collect();
        json!({
            "mcpdesc": "0.9.0",
            "info": {"name": "t", "version": "1.0.0"},
            "protocolVersions": scope(root),
            "tools": tools,
            "prompts": prompts,
            "components": {"schemas": {"Confirm": {"type": "object", "properties": {
                "ok": {"type": "boolean", "default": true}}}}}
        })
    }

    proptest! {
        /// Checking the declarations beside the document gives exactly the report of the
        /// document with them written in; and writing them in, as a tree or as text, agrees.
        #[test]
        fn declarations_beside_the_document_validate_and_write_as_inside_it(
            root in 1u8..16,
            tools in proptest::collection::vec(
                (proptest::option::of(0u8..16), proptest::collection::vec(0usize..10, 0..4)), 0..5),
            prompts in proptest::collection::vec(
                (proptest::option::of(0u8..16), proptest::collection::vec(0usize..10, 0..3)), 0..3),
        ) {
            let objects = pool();
            let tool_scopes: Vec<_> = tools.iter().map(|(s, _)| *s).collect();
            let prompt_scopes: Vec<_> = prompts.iter().map(|(s, _)| *s).collect();
            let skeleton = skeleton(root, &tool_scopes, &prompt_scopes);
            let lists: [Vec<Vec<usize>>; 4] = [
                tools.iter().map(|(_, l)| l.clone()).collect(),
                Vec::new(),
                Vec::new(),
                prompts.iter().map(|(_, l)| l.clone()).collect(),
            ];
            let whole = assemble(skeleton.clone(), &objects, &lists);
            let beside = check_built(&skeleton, Some(&Listed { objects: &objects, lists: &lists }));
            prop_assert_eq!(beside, check_built(&whole, None));

            let description = super::super::Description {
                skeleton,
                declarations: objects,
                lists,
                value: std::sync::OnceLock::new(),
                warnings: Vec::new(),
            };
            let text = description.to_json();
            prop_assert_eq!(&serde_json::from_str::<Value>(&text).ok(), &Some(whole.clone()));
            prop_assert_eq!(text, serde_json::to_string(&whole).unwrap_or_default());
            prop_assert_eq!(description.as_value(), &whole);
            prop_assert_eq!(description.into_value(), whole);
        }
    }
}
