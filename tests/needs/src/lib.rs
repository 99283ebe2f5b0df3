//! `#[needs(PROGRAM, ...)]` on a test: when a program it names is missing from the machine that
//! builds the test, the test is marked `#[ignore]` with the reason, so that `cargo test` reports
//! it as ignored, never as passed. Where the program's `MCPDESC_REQUIRE_*` variable is set (as
//! `.ci/run` sets them all), the test is never ignored: it runs, and fails where the program is
//! missing.
//!
//! The programs are looked for when the test is compiled. The generated code reads `PATH` and
//! the `MCPDESC_REQUIRE_*` variable with `option_env!`, so cargo compiles the test again when
//! either changes.
//!
//! | name | what the test needs | required by |
//! |---|---|---|
//! | `node` | Node.js and npm (the TypeScript SDK's packages, `npm ci` in `tests/ts_client`) | `MCPDESC_REQUIRE_NODE` |
//! | `python_sdk` | Python 3 (the Python SDK, in a virtual environment in `tests/py_client`) | `MCPDESC_REQUIRE_PYTHON_SDK` |
//! | `pyyaml` | Python 3 with PyYAML | `MCPDESC_REQUIRE_PYYAML` |
//! | `services` | `redis-server` and `haproxy` | `MCPDESC_REQUIRE_SERVICES` |
//! | `faketime` | libfaketime's `faketime` | `MCPDESC_REQUIRE_SERVICES` |
//! | `valgrind` | Valgrind | `MCPDESC_REQUIRE_VALGRIND` |
//!
//! The last three come from the distribution's packages, and a test that needs them installs
//! them itself: they count as found where `apt-get` can be run as root.

use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use std::path::Path;
use std::process::Command;

/// What one name stands for: the variable that makes it required, what is missing when it is,
/// and how it is found.
struct Need {
    name: &'static str,
    required_by: &'static str,
    missing: &'static str,
    found: fn() -> bool,
}

const NEEDS: [Need; 6] = [
    Need {
        name: "node",
        required_by: "MCPDESC_REQUIRE_NODE",
        missing: "Node.js and npm",
        found: || on_path("node") && on_path("npm"),
    },
    Need {
        name: "python_sdk",
        required_by: "MCPDESC_REQUIRE_PYTHON_SDK",
        missing: "python3 (the Python MCP SDK is installed in tests/py_client/.venv on first use)",
        found: || on_path("python3"),
    },
    Need {
        name: "pyyaml",
        required_by: "MCPDESC_REQUIRE_PYYAML",
        missing: "python3 with PyYAML (pip install PyYAML)",
        found: || {
            Command::new("python3")
                .args(["-c", "import yaml"])
                .output()
                .is_ok_and(|o| o.status.success())
        },
    },
    Need {
        name: "services",
        required_by: "MCPDESC_REQUIRE_SERVICES",
        missing: "redis-server and haproxy (apt-get install redis-server haproxy)",
        found: || on_path("redis-server") && on_path("haproxy") || installable(),
    },
    Need {
        name: "faketime",
        required_by: "MCPDESC_REQUIRE_SERVICES",
        missing: "libfaketime (apt-get install faketime)",
        found: || on_path("faketime") || installable(),
    },
    Need {
        name: "valgrind",
        required_by: "MCPDESC_REQUIRE_VALGRIND",
        missing: "Valgrind (apt-get install valgrind)",
        found: || on_path("valgrind") || installable(),
    },
];

/// Whether the test can install a missing package itself: `apt-get` is here and the tests run
/// as root.
fn installable() -> bool {
    on_path("apt-get")
        && Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| o.stdout.trim_ascii() == b"0")
}

/// Whether an executable file `program` is in a folder of `PATH`.
fn on_path(program: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let executable = |path: &Path| {
        path.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|dir| executable(&dir.join(program)))
    })
}

/// Marks the test `#[ignore]`, with the reason, when a program it needs is missing and not
/// required. See the crate's documentation for the names.
#[proc_macro_attribute]
pub fn needs(args: TokenStream, item: TokenStream) -> TokenStream {
    let mut names = Vec::new();
    for token in args {
        match token {
            TokenTree::Ident(ident) => names.push((ident.to_string(), ident.span())),
            TokenTree::Punct(p) if p.as_char() == ',' => {}
            other => {
                return error(
                    other.span(),
                    "`#[needs(...)]` takes names: node, python_sdk, pyyaml, services, faketime, valgrind",
                );
            }
        }
    }
    let mut out = TokenStream::new();
    let mut missing = Vec::new();
    for (name, span) in names {
        let Some(need) = NEEDS.iter().find(|n| n.name == name) else {
            return error(
                span,
                "unknown need: node, python_sdk, pyyaml, services, faketime or valgrind",
            );
        };
        out.extend(track(need.required_by));
        if std::env::var_os(need.required_by).is_none() && !(need.found)() {
            missing.push(format!(
                "{} ({} makes this a failure)",
                need.missing, need.required_by
            ));
        }
    }
    out.extend(track("PATH"));
    if !missing.is_empty() {
        let reason = format!(
            "needs {}, not found when this test was built",
            missing.join("; ")
        );
        out.extend(attribute(&reason));
    }
    out.extend(item);
    out
}

/// `const _: Option<&str> = option_env!("VAR");`: cargo builds the test again when `VAR` changes.
fn track(var: &str) -> TokenStream {
    format!("const _: ::core::option::Option<&str> = ::core::option_env!({var:?});")
        .parse()
        .unwrap_or_default()
}

/// `#[ignore = "reason"]`.
fn attribute(reason: &str) -> TokenStream {
    let inner: TokenStream = [
        TokenTree::Ident(Ident::new("ignore", Span::call_site())),
        TokenTree::Punct(Punct::new('=', Spacing::Alone)),
        TokenTree::Literal(Literal::string(reason)),
    ]
    .into_iter()
    .collect();
    [
        TokenTree::Punct(Punct::new('#', Spacing::Alone)),
        TokenTree::Group(Group::new(Delimiter::Bracket, inner)),
    ]
    .into_iter()
    .collect()
}

fn error(span: Span, message: &str) -> TokenStream {
    let mut call: TokenStream = format!("::core::compile_error!({message:?});")
        .parse()
        .unwrap_or_default();
    call = call
        .into_iter()
        .map(|mut t| {
            t.set_span(span);
            t
        })
        .collect();
    call
}
