//! A test that cannot find its outside program is reported as ignored, with the reason, never
//! as passed: every test that calls a helper which needs a program is marked `#[needs(...)]`
//! with that program (`tests/needs`), and no test returns early when one is missing.

use std::path::{Path, PathBuf};

/// The helpers that start or run an outside program, and the need each stands for.
const HELPERS: [(&str, &str); 8] = [
    ("ts_client_dir(", "node"),
    ("sdk_python(", "python_sdk"),
    ("pyyaml()", "pyyaml"),
    ("services()", "services"),
    ("Cluster::start", "services"),
    ("cluster_with_tokens()", "services"),
    ("faketime_library(", "faketime"),
    ("valgrind_present(", "valgrind"),
];

fn test_sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let mut dirs = vec![root.join("tests"), root.join("mcpdesc-check/tests")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir()
                && !["node_modules", ".venv", "ui", "needs", "house"].contains(&name.as_str())
            {
                dirs.push(path);
            } else if name.ends_with(".rs") {
                files.push(path);
            }
        }
    }
    files
}

/// Each test function of `code`: the attributes above it, and the function to its closing brace
/// (braces in strings and comments are counted too, which the tests here do not unbalance).
fn tests_of(code: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let lines: Vec<&str> = code.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[test]") || trimmed.starts_with("#[tokio::test") {
            let above: Vec<&str> = lines[..i]
                .iter()
                .rev()
                .take_while(|l| {
                    l.trim_start().starts_with("#[") || l.trim_start().starts_with("//")
                })
                .copied()
                .collect();
            let rest = lines[i..].join("\n");
            let open = rest.find('{').unwrap_or(rest.len());
            let mut depth = 0;
            let mut end = rest.len();
            for (at, c) in rest.char_indices().skip_while(|(at, _)| *at < open) {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = at + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            out.push((above.join("\n"), rest[..end].to_owned()));
        }
    }
    out
}

#[test]
fn a_test_that_needs_an_outside_program_says_so_and_never_returns_early_without_it() {
    let mut wrong = Vec::new();
    let mut marked = 0;
    for file in test_sources() {
        let code = std::fs::read_to_string(&file).unwrap();
        let shown = file.display();
        assert!(
            !code.contains("\"skipped:"),
            "{shown}: a test says it skipped; mark it #[needs(...)]"
        );
        for (attributes, body) in tests_of(&code) {
            let name = body
                .lines()
                .find(|l| l.contains("fn "))
                .unwrap_or_default()
                .trim()
                .to_owned();
            for (helper, need) in HELPERS {
                if body.contains(helper) {
                    let says = attributes
                        .lines()
                        .any(|l| l.contains("needs(") && l.contains(need));
                    if !says {
                        wrong.push(format!(
                            "{shown}: {name} calls {helper} without #[needs({need})]"
                        ));
                    }
                }
            }
            marked += usize::from(attributes.contains("mcpdesc_needs::needs("));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The helpers are found where they are: a test that needs each kind is marked.
    assert!(marked > 60, "{marked} tests marked");
}

#[test]
fn the_finder_sees_a_test_without_its_mark() {
    let code = "#[test]\nfn a() {\n    let dir = node::ts_client_dir();\n}\n\n#[mcpdesc_needs::needs(node)]\n#[test]\nfn b() {\n    let dir = node::ts_client_dir();\n}\n";
    let tests = tests_of(code);
    assert_eq!(tests.len(), 2);
    assert!(!tests[0].0.contains("needs("));
    assert!(tests[1].0.contains("needs(node)"));
}
