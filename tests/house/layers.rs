//! The crates form layers, and so do each crate's modules: no two use each other, directly or
//! through others.
//!
//! Between the crates: the format (`mcpdesc-format`) depends on no crate of ours; the runtime,
//! the crate a server depends on, builds on it and never depends on the checker, in any
//! dependency table or feature; the checker (`mcpdesc-check`) builds on the format's public
//! layers and takes nothing hidden from the runtime.
//! Within a crate, the test reads the sources and builds two kinds of graph: one over the crate's
//! top-level modules (`crate::schema`, and items `lib.rs` re-exports from them, such as
//! `crate::JsonType`), and one over the sibling modules of each directory module (`super::kind`
//! inside `diagnostics/`). A parent's own items (`super::Cx`) are not edges: a directory's
//! `mod.rs` drives its children.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The sources of the workspace's crate `name`.
fn src(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(name).join("src")
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

/// The graph of `crate_src`'s top-level modules.
fn top_level_graph(crate_src: &Path) -> Graph {
    let lib = crate_src.join("lib.rs");
    let modules = declared_modules(&lib);
    assert!(
        modules.len() > 3,
        "modules not found in {}: {modules:?}",
        lib.display()
    );
    let items = reexports(&code(&lib), &modules);
    let mut graph = Graph::new();
    for module in &modules {
        let mut uses = BTreeSet::new();
        for file in files_of(crate_src, module) {
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
    graph
}

#[test]
fn top_level_modules_have_no_cycle() {
    let format = top_level_graph(&src("mcpdesc-format"));
    // The check of an answer uses the schema model, never the other way round.
    assert!(format["content"].contains("schema"), "{format:#?}");
    assert!(!format["schema"].contains("content"), "{format:#?}");
    assert!(format["diagnostics"].contains("primitive"), "{format:#?}");
    assert_eq!(cycle(&format), None, "{format:#?}");

    let runtime = top_level_graph(&src("mcpdesc-runtime"));
    // The builder reads the registry; the registry knows nothing of the builder.
    assert!(runtime["description"].contains("registry"), "{runtime:#?}");
    assert!(!runtime["registry"].contains("description"), "{runtime:#?}");
    assert_eq!(cycle(&runtime), None, "{runtime:#?}");

    let checker = top_level_graph(&src("mcpdesc-check"));
    // The readers report through `source`; the validator reads nothing.
    assert!(checker["yaml"].contains("source"), "{checker:#?}");
    assert!(!checker["validate"].contains("yaml"), "{checker:#?}");
    assert_eq!(cycle(&checker), None, "{checker:#?}");
}

#[test]
fn sibling_modules_have_no_cycle() {
    let mut checked = 0;
    for (krate, directory) in [
        ("mcpdesc-format", "diagnostics"),
        ("mcpdesc-runtime", "description"),
        ("mcpdesc-runtime", "session"),
        ("mcpdesc-check", "validate"),
        ("mcpdesc-check", "validate/examples"),
        ("mcpdesc-check", "yaml"),
    ] {
        let dir = src(krate).join(directory);
        let modules = declared_modules(&dir.join("mod.rs"));
        assert!(!modules.is_empty(), "{krate}/{directory}: no modules");
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
        if directory == "diagnostics" {
            assert!(graph["declarations"].contains("kind"), "{graph:#?}");
            assert!(!graph["declarations"].contains("primitives"), "{graph:#?}");
            assert!(!graph["primitives"].contains("declarations"), "{graph:#?}");
        }
        if directory == "validate" {
            assert!(graph["examples"].contains("tool_schema"), "{graph:#?}");
            assert!(!graph["tool_schema"].contains("examples"), "{graph:#?}");
        }
        assert_eq!(cycle(&graph), None, "{krate}/{directory}: {graph:#?}");
        checked += 1;
    }
    assert_eq!(checked, 6);
}

/// The derive's modules form layers too: `ctxt` (errors) and `span` below `keys` (reading a
/// key), below `runtime` and `attr`, below `check` and `expand`.
#[test]
fn the_derives_modules_have_no_cycle() {
    let src = src("mcpdesc-derive");
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

/// The crates `cargo tree` lists under `package` with `args`, by name.
fn tree(package: &str, args: &[&str]) -> BTreeSet<String> {
    let out = std::process::Command::new(env!("CARGO"))
        .args(["tree", "--offline", "--prefix", "none", "-p", package])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo tree -p {package}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_owned)
        .collect()
}

/// The crate a server depends on never depends on the checker, with every feature and in every
/// kind of dependency; the checker's own dependencies (the YAML parser, `jsonschema`) stay out of
/// it too. The checker builds on the runtime.
#[test]
fn the_runtime_never_depends_on_the_checker() {
    let runtime = tree(
        "mcpdesc-runtime",
        &["--all-features", "-e", "normal,build,dev"],
    );
    assert!(runtime.contains("mcpdesc-derive"), "{runtime:?}");
    for checker_only in ["mcpdesc-check", "yaml-rust2", "jsonschema"] {
        assert!(
            !runtime.contains(checker_only),
            "mcpdesc-runtime depends on {checker_only}: {runtime:?}"
        );
    }
    let checker = tree("mcpdesc-check", &["-e", "normal"]);
    assert!(checker.contains("mcpdesc-runtime"), "{checker:?}");
    assert!(checker.contains("mcpdesc-format"), "{checker:?}");
    assert!(checker.contains("yaml-rust2"), "{checker:?}");
    // The format is below both: it depends on no crate of ours, nor on rmcp.
    let format = tree(
        "mcpdesc-format",
        &["--all-features", "-e", "normal,build,dev"],
    );
    for above in ["mcpdesc-runtime", "mcpdesc-derive", "mcpdesc-check", "rmcp"] {
        assert!(
            !format.contains(above),
            "mcpdesc-format depends on {above}: {format:?}"
        );
    }
}

/// The checker uses nothing hidden of the runtime: it names the runtime only for the
/// description `check_checked_in` takes, (the tester, `src/tester/`) for the contract check it
/// holds a server's questions to and the transport it serves a server in process over, and (the
/// mock, `src/mock/`) for the declarations it reads and the asking path it asks them by; the
/// runtime hides no module but `__private`, the paths generated code uses. What the checker
/// builds on is `mcpdesc-format`'s, public and documented; of the format it uses nothing hidden
/// either.
#[test]
fn the_checker_uses_nothing_hidden_of_the_runtime() {
    let mut named = BTreeSet::new();
    let mut by_tester = BTreeSet::new();
    let mut by_mock = BTreeSet::new();
    for file in files_of(&src("mcpdesc-check"), "") {
        let heads = heads(&code(&file), "mcpdesc_runtime::");
        if file.components().any(|c| c.as_os_str() == "tester") {
            by_tester.extend(heads);
        } else if file.components().any(|c| c.as_os_str() == "mock") {
            by_mock.extend(heads);
        } else {
            named.extend(heads);
        }
    }
    assert_eq!(
        named,
        BTreeSet::from(["description".to_owned()]),
        "the checker names these of the runtime"
    );
    assert_eq!(
        by_tester,
        BTreeSet::from(["contract".to_owned(), "session".to_owned()]),
        "the tester names these of the runtime"
    );
    assert_eq!(
        by_mock,
        BTreeSet::from(["registry".to_owned(), "session".to_owned()]),
        "the mock names these of the runtime"
    );

    let lib = std::fs::read_to_string(src("mcpdesc-runtime").join("lib.rs")).unwrap();
    let lines: Vec<&str> = lib.lines().map(str::trim).collect();
    let mut hidden = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if *line != "#[doc(hidden)]" {
            continue;
        }
        let item = lines[i + 1..]
            .iter()
            .find(|l| !l.starts_with("#[") && !l.starts_with("//"))
            .copied()
            .unwrap_or_default();
        if item.starts_with("pub mod") || item.starts_with("pub use") {
            hidden.push(item);
        }
    }
    assert_eq!(
        hidden,
        [
            "pub mod __private;",
            "pub use form::{EnumChoices, FormField, MultiSelectValue, RuntimeChoiceField, RuntimeChoiceValue};"
        ],
        "the runtime hides these"
    );

    // The format hides only what the runtime and its generated code build forms with (and the
    // test-only protocol version); the checker names none of it.
    let mut hidden_in_format = BTreeSet::new();
    for file in files_of(&src("mcpdesc-format"), "") {
        let text = code(&file);
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for (i, line) in lines.iter().enumerate() {
            if *line != "#[doc(hidden)]" {
                continue;
            }
            let item = lines.get(i + 1).copied().unwrap_or_default();
            let name = item
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .find(|w| !["pub", "const", "fn", "type", "struct", "crate", ""].contains(w))
                .unwrap_or_default()
                .to_owned();
            hidden_in_format.insert(name);
        }
    }
    assert_eq!(hidden_in_format.len(), 25, "{hidden_in_format:?}");
    assert!(hidden_in_format.contains("from_static_with_wire"));
    let mut named = Vec::new();
    for file in files_of(&src("mcpdesc-check"), "") {
        let text = code(&file);
        for name in hidden_in_format.iter().filter(|n| *n != "VNext") {
            let called = [format!(".{name}("), format!("::{name}(")];
            let as_type = name.starts_with(char::is_uppercase) && text.contains(name.as_str());
            if as_type || called.iter().any(|c| text.contains(c.as_str())) {
                named.push(format!("{}: {name}", file.display()));
            }
        }
    }
    assert!(
        named.is_empty(),
        "the checker uses the format's hidden items: {named:?}"
    );
}

/// The whole-format checks live in the checker's crate only: the runtime's and the format's sources hold no YAML
/// reader, no ECMAScript regex or Unicode property tables, no example, tool-schema, metadata,
/// interaction or surface checks, and nothing of the runtime names the YAML parser or
/// `jsonschema`.
#[test]
fn the_runtime_holds_no_checker_code() {
    let checker = src("mcpdesc-check");
    let parts = [
        "yaml/reader.rs",
        "yaml/mend.rs",
        "validate/regex.rs",
        "validate/unicode_properties.rs",
        "validate/examples",
        "validate/tool_schema.rs",
        "validate/metadata.rs",
        "validate/interactions.rs",
        "validate/surface.rs",
    ];
    let mut runtime_paths = Vec::new();
    let mut todo = vec![src("mcpdesc-runtime"), src("mcpdesc-format")];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                todo.push(path.clone());
            }
            runtime_paths.push(path);
        }
    }
    assert!(runtime_paths.len() > 40, "{runtime_paths:?}");
    for part in parts {
        assert!(checker.join(part).exists(), "mcpdesc-check/src/{part}");
        let name = Path::new(part).file_name().unwrap();
        let found: Vec<_> = runtime_paths
            .iter()
            .filter(|path| path.file_name() == Some(name))
            .collect();
        assert!(found.is_empty(), "{part} in the runtime: {found:?}");
    }
    for file in runtime_paths
        .iter()
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
    {
        let text = code(file);
        for name in ["yaml_rust2", "jsonschema::"] {
            assert!(!text.contains(name), "{} uses {name}", file.display());
        }
    }
}

/// The macros read no files: what they say depends on the tokens they are given, never on the
/// build environment (serde, thiserror and schemars read none either).
#[test]
fn the_macros_read_no_files() {
    let mut read = Vec::new();
    for file in files_of(&src("mcpdesc-derive"), "") {
        let code = code(&file);
        for what in [
            "std::fs",
            "local_file",
            "read_to_string",
            "File::open",
            "include_str!",
        ] {
            if code.contains(what) {
                read.push(format!("{}: {what}", file.display()));
            }
        }
    }
    assert!(read.is_empty(), "{read:?}");
}
