//! The crate's modules form layers: no two modules use each other, directly or through others.
//!
//! The test reads the sources and builds two kinds of graph: one over the crate's top-level
//! modules (`crate::schema`, and items `lib.rs` re-exports from them, such as `crate::JsonType`),
//! and one over the sibling modules of each directory module (`super::kind` inside `validate/`).
//! A parent's own items (`super::Cx`) are not edges: a directory's `mod.rs` drives its children.
// Test code: the workspace's no-panic lints are for the crate's own code.
#![allow(clippy::restriction)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The source without comments (doc links name modules without using them).
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first identifier of every path that follows `prefix` (`crate::`, `super::`), looking
/// into `{...}` groups.
fn heads(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find(prefix) {
        rest = &rest[i + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let mut end = group.len();
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = j;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            // Top-level entries of the group only.
            let mut depth = 0;
            let mut start = true;
            let inner = &group[..end];
            let mut word = String::new();
            for c in inner.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if start && depth == 0 && (c.is_alphanumeric() || c == '_') => word.push(c),
                    _ => {
                        if start && !word.is_empty() {
                            out.insert(std::mem::take(&mut word));
                            start = false;
                        }
                    }
                }
            }
            if start && !word.is_empty() {
                out.insert(word);
            }
        } else {
            let word: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !word.is_empty() {
                out.insert(word);
            }
        }
    }
    out
}

/// Module name → the modules it uses, among `modules`.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// A cycle in `graph`, if any, as the list of modules around it.
fn cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &Graph,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_owned(), 1);
        stack.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            match state.get(next.as_str()) {
                Some(1) => {
                    let from = stack.iter().position(|n| n == next).unwrap_or(0);
                    let mut found = stack[from..].to_vec();
                    found.push(next.clone());
                    return Some(found);
                }
                Some(_) => {}
                None => {
                    if let Some(found) = visit(next, graph, state, stack) {
                        return Some(found);
                    }
                }
            }
        }
        stack.pop();
        state.insert(node.to_owned(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in graph.keys() {
        if !state.contains_key(node.as_str())
            && let Some(found) = visit(node, graph, &mut state, &mut Vec::new())
        {
            return Some(found);
        }
    }
    None
}

/// The files of a module: `name.rs`, or every file under `name/`.
fn files_of(dir: &Path, name: &str) -> Vec<PathBuf> {
    let file = dir.join(format!("{name}.rs"));
    if file.exists() {
        return vec![file];
    }
    let mut out = Vec::new();
    let mut todo = vec![dir.join(name)];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = entry.path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    out
}

/// The modules declared in `file` (`mod x;`, `pub mod x;`, `pub(crate) mod x;`).
fn declared_modules(file: &Path) -> Vec<String> {
    code(file)
        .lines()
        .filter_map(|line| {
            let line = line.trim();
            let rest = line
                .strip_prefix("pub mod ")
                .or_else(|| line.strip_prefix("pub(crate) mod "))
                .or_else(|| line.strip_prefix("mod "))?;
            rest.strip_suffix(';').map(str::to_owned)
        })
        .collect()
}

/// Items `lib.rs` re-exports, by the module they come from: `JsonType` → `content`.
fn reexports(lib: &str, modules: &[String]) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for statement in lib.split(';') {
        let Some(path) = statement.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, items)) = path.split_once("::") else {
            continue;
        };
        if !modules.iter().any(|m| m == module) {
            continue;
        }
        for item in items.trim_matches(|c| c == '{' || c == '}').split(',') {
            let item = item.trim();
            if !item.is_empty() {
                out.insert(item.to_owned(), module.to_owned());
            }
        }
    }
    out
}

#[test]
fn top_level_modules_have_no_cycle() {
    let lib = src().join("lib.rs");
    let modules = declared_modules(&lib);
    assert!(
        modules.len() > 5,
        "modules not found in lib.rs: {modules:?}"
    );
    let items = reexports(&code(&lib), &modules);
    assert_eq!(items.get("JsonType").map(String::as_str), Some("content"));
    let mut graph = Graph::new();
    for module in &modules {
        let mut uses = BTreeSet::new();
        for file in files_of(&src(), module) {
            for head in heads(&code(&file), "crate::") {
                let target = if modules.contains(&head) {
                    Some(head)
                } else {
                    items.get(&head).cloned()
                };
                if let Some(target) = target
                    && &target != module
                {
                    uses.insert(target);
                }
            }
        }
        graph.insert(module.clone(), uses);
    }
    // The layers the issue named: the check uses the schema model, never the other way round.
    assert!(graph["content"].contains("schema"));
    assert!(!graph["schema"].contains("content"), "{graph:#?}");
    assert_eq!(cycle(&graph), None, "{graph:#?}");
}

#[test]
fn sibling_modules_have_no_cycle() {
    let mut checked = 0;
    for directory in ["validate", "description", "yaml", "validate/examples"] {
        let dir = src().join(directory);
        let modules = declared_modules(&dir.join("mod.rs"));
        let mut graph = Graph::new();
        for module in &modules {
            let mut uses = BTreeSet::new();
            for file in files_of(&dir, module) {
                for head in heads(&code(&file), "super::") {
                    if modules.contains(&head) && &head != module {
                        uses.insert(head);
                    }
                }
            }
            graph.insert(module.clone(), uses);
        }
        if directory == "validate" {
            assert!(graph["declarations"].contains("kind"), "{graph:#?}");
            assert!(!graph["declarations"].contains("primitives"), "{graph:#?}");
            assert!(!graph["primitives"].contains("declarations"), "{graph:#?}");
        }
        assert_eq!(cycle(&graph), None, "{directory}: {graph:#?}");
        checked += 1;
    }
    assert_eq!(checked, 4);
}

/// The derive's modules form layers too: `ctxt` (errors) and `span` below `keys` (reading a
/// key), below `runtime` and `attr`, below `check` and `expand`.
#[test]
fn the_derives_modules_have_no_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../mcpdesc-derive/src");
    let lib = src.join("lib.rs");
    let modules = declared_modules(&lib);
    assert!(modules.len() > 5, "modules not found: {modules:?}");
    let mut graph = Graph::new();
    for module in &modules {
        let mut uses = BTreeSet::new();
        for file in files_of(&src, module) {
            for head in heads(&code(&file), "crate::") {
                if modules.contains(&head) && &head != module {
                    uses.insert(head);
                }
            }
        }
        graph.insert(module.clone(), uses);
    }
    assert!(graph["attr"].contains("runtime"), "{graph:#?}");
    assert!(!graph["runtime"].contains("attr"), "{graph:#?}");
    assert!(!graph["ctxt"].contains("attr"), "{graph:#?}");
    assert_eq!(cycle(&graph), None, "{graph:#?}");
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let mut graph = Graph::new();
    graph.insert("a".into(), ["b".to_owned()].into());
    graph.insert("b".into(), ["c".to_owned()].into());
    graph.insert("c".into(), ["a".to_owned()].into());
    assert_eq!(
        cycle(&graph),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    assert_eq!(
        heads(
            "use crate::{content::X, schema::{A, B}, JsonType};",
            "crate::"
        ),
        ["JsonType", "content", "schema"]
            .map(str::to_owned)
            .into_iter()
            .collect()
    );
}
