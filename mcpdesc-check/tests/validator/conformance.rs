//! Conformance over the public fixtures of mcpdesc 0.8.0 in `../shared/conformance`.
//!
//! - every `expected-valid` fixture yields no diagnostic at all;
//! - every `expected-warning` fixture yields no error, and a warning where its subject is one
//!   this validator covers;
//! - every `expected-invalid` fixture whose subject this validator covers yields an error with
//!   the expected code. Any the validator cannot classify yet are listed in `OUT_OF_SCOPE`
//!   with the reason (none now).

use std::path::{Path, PathBuf};

use mcpdesc_check::{Report, validate};

use crate::description_file::load;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/conformance/mcpdesc-0.8.0")
}

fn fixtures(dir: &str) -> Vec<(String, Report)> {
    let mut out: Vec<_> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("json" | "yaml" | "yml")
            )
        })
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, validate(&load(&p)))
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(!out.is_empty(), "no fixtures in {dir}");
    out
}

/// Invalid fixtures this validator covers, with the code it must report.
const IN_SCOPE: &[(&str, &[&str])] = &[
    ("closed-protocol-enum", &["schema-validation"]),
    (
        "component-reference-resolution",
        &[
            "component-reference-cycle",
            "missing-component-reference-target",
            "wrong-component-reference-namespace",
        ],
    ),
    ("elicitation-branch-mixing", &["schema-validation"]),
    (
        "elicitation-form-semantics",
        &[
            "duplicate-elicitation-name",
            "elicitation-form-required-property-unknown",
            "elicitation-form-enum-names-mismatch",
            "elicitation-form-default-outside-enum",
        ],
    ),
    (
        "elicitation-scope-outside-parent",
        &["protocol-scope-outside-parent"],
    ),
    (
        "elicitation-version-mismatch",
        &["elicitation-mode-not-supported-by-version"],
    ),
    (
        "empty-client-capability-requirements",
        &["schema-validation"],
    ),
    ("empty-ordinary-nested-collections", &["schema-validation"]),
    ("empty-ordinary-root-collections", &["schema-validation"]),
    (
        "invalid-tool-interaction-example-semantics",
        &[
            "unknown-elicitation-declaration",
            "interaction-example-elicitation-declaration-mismatch",
        ],
    ),
    (
        "malformed-tool-interaction-examples",
        &["schema-validation"],
    ),
    ("missing-tool-input-schema", &["schema-validation"]),
    ("object-level-unknown-property", &["schema-validation"]),
    ("overlapping-tool-scope", &["primitive-scope-overlap"]),
    (
        "revision-inapplicable-tool-schema-dialect",
        &["field-not-supported-by-version"],
    ),
    (
        "revision-inapplicable-execution",
        &["field-not-supported-by-version"],
    ),
    (
        "non-object-output-schema-before-2026",
        &["schema-validation"],
    ),
    (
        "invalid-resource-annotations",
        &[
            "schema-validation",
            "resource-annotation-not-supported-by-version",
        ],
    ),
    ("meta-invalid-key", &["schema-validation"]),
    // The empty root `tags` list (the tool's reference into it is not checked here).
    ("empty-tag-catalog-reference", &["schema-validation"]),
    // A tool without `inputSchema`, which an extension member cannot excuse.
    (
        "object-level-extension-cannot-weaken-core",
        &["schema-validation"],
    ),
    (
        "scoped-version-not-in-root",
        &["protocol-scope-outside-parent"],
    ),
    // `"required": "query"`: not JSON Schema 2020-12.
    ("malformed-tool-schema", &["invalid-tool-schema"]),
    // A `$ref` to a `$defs` entry the schema does not have.
    ("unresolved-local-tool-ref", &["invalid-tool-schema"]),
    // `"required": "value"` in scope of 2024-11-05, before tool schemas name a dialect.
    (
        "malformed-pre-dialect-tool-schema-shape",
        &["invalid-legacy-tool-schema-shape"],
    ),
    // `progressToken`, a request's `_meta` key, in a tool's (its example result's misuse is not
    // checked: tool examples are outside this validator's subject).
    ("meta-reserved-key-misuse", &["meta-reserved-key-context"]),
    // `x-mcp-header` annotations in tool input schemas.
    ("duplicate-mcp-header", &["duplicate-x-mcp-header"]),
    ("invalid-mcp-header-placement", &["invalid-x-mcp-header"]),
    ("invalid-mcp-header-value", &["invalid-x-mcp-header"]),
    (
        "revision-inapplicable-mcp-header",
        &["field-not-supported-by-version"],
    ),
    // `tasks` required on 2026-07-28 too, which has no such client capability.
    (
        "revision-incompatible-client-capability-requirements",
        &["client-requirement-version-mismatch"],
    ),
    // Transports, capabilities, tags and security requirements.
    ("duplicate-security-scope", &["duplicate-security-scope"]),
    ("duplicate-tag-reference", &["unknown-tag-reference"]),
    ("non-oauth-scopes", &["non-oauth-scope-misuse"]),
    ("overlapping-capabilities", &["capability-scope-overlap"]),
    (
        "revision-inapplicable-streamable-http",
        &["transport-not-supported-by-version"],
    ),
    (
        "root-version-without-transport",
        &["transport-coverage-gap"],
    ),
    ("unknown-security-reference", &["unknown-security-scheme"]),
    // Examples: their shape (the format's schema), then what they show against their primitive.
    // A map key `x-...` inside a component namespace is a component like any other.
    ("component-extension-boundaries", &["schema-validation"]),
    // One resource example shared by primitives of different scopes, held to each.
    (
        "component-protocol-scope",
        &["resource-example-cache-fields-version-mismatch"],
    ),
    (
        "invalid-completion-example-semantics",
        &[
            "resource-template-completion-example-invalid-template",
            "resource-template-completion-example-unknown-variable",
            "resource-template-completion-example-context-unknown-variable",
            "prompt-completion-example-unknown-argument",
            "prompt-completion-example-context-unknown-argument",
            "completion-example-duplicate-target-context",
            "completion-example-version-mismatch",
            "completion-example-context-version-mismatch",
            "completion-example-json-rpc-envelope",
            "incomplete-completion-example-result",
            "completion-example-result-version-mismatch",
        ],
    ),
    (
        "invalid-prompt-example-semantics",
        &[
            "prompt-example-unknown-argument",
            "prompt-example-missing-required-argument",
            "prompt-example-result-version-mismatch",
            "prompt-example-json-rpc-envelope",
            "incomplete-prompt-example-result",
            "prompt-example-content-version-mismatch",
        ],
    ),
    (
        "invalid-tool-example-result-semantics",
        &[
            "missing-tool-example-structured-content",
            "structured-tool-error-example",
            "tool-example-json-rpc-envelope",
            "incomplete-tool-example-result",
        ],
    ),
    ("malformed-completion-examples", &["schema-validation"]),
    ("malformed-prompt-examples", &["schema-validation"]),
    ("malformed-resource-examples", &["schema-validation"]),
    (
        "malformed-resource-template-example",
        &["resource-template-example-invalid-template"],
    ),
    ("malformed-tool-examples", &["schema-validation"]),
    (
        "object-level-extension-in-native-content",
        &["schema-validation"],
    ),
    (
        "resource-example-cache-fields",
        &[
            "schema-validation",
            "resource-example-cache-fields-version-mismatch",
        ],
    ),
    (
        "resource-example-result-semantics",
        &[
            "resource-example-json-rpc-envelope",
            "incomplete-resource-example-result",
            "resource-example-result-version-mismatch",
            "invalid-resource-example-base64",
            "resource-example-content-version-mismatch",
            "resource-template-example-invalid-expansion",
        ],
    ),
    (
        "revision-incompatible-tool-example",
        &[
            "tool-example-result-version-mismatch",
            "tool-example-content-version-mismatch",
        ],
    ),
    (
        "tool-example-schema-mismatches",
        &["tool-example-schema-mismatch"],
    ),
    // Security schemes and requirements, extension identifiers.
    ("invalid-security-scheme-name", &["schema-validation"]),
    ("oauth-flow-missing-required-url", &["schema-validation"]),
    (
        "object-level-extension-in-domain-map",
        &["schema-validation"],
    ),
    (
        "object-level-extension-in-security-requirement",
        &["schema-validation", "unknown-security-scheme"],
    ),
    ("malformed-extension-identifier", &["schema-validation"]),
    (
        "object-level-extension-in-capability-map",
        &["schema-validation"],
    ),
];

/// Invalid fixtures outside this validator's subject, with the reason: none now. A fixture the
/// validator cannot classify as the reference does is listed here until it can.
const OUT_OF_SCOPE: &[(&str, &str)] = &[];

/// Warning fixtures whose warning belongs to a subject outside this validator. They must still
/// yield no error, and no warning: one that warns is in scope, and leaves this list.
const WARNING_OUT_OF_SCOPE: &[(&str, &str)] = &[];

#[test]
fn expected_valid_fixtures_are_clean() {
    let mut failures = Vec::new();
    for (name, report) in fixtures("expected-valid") {
        if !report.is_empty() {
            failures.push(format!("{name}:\n{report}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn expected_warning_fixtures_warn_without_error() {
    let mut failures = Vec::new();
    for (name, report) in fixtures("expected-warning") {
        if !report.is_valid() {
            failures.push(format!("{name} has errors:\n{report}"));
        }
        let out_of_scope = WARNING_OUT_OF_SCOPE.iter().any(|(n, _)| *n == name);
        match (out_of_scope, report.warnings().next()) {
            (false, None) => failures.push(format!("{name} has no warning")),
            (true, Some(_)) => failures.push(format!(
                "{name} warns now: take it out of WARNING_OUT_OF_SCOPE\n{report}"
            )),
            _ => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn expected_invalid_fixtures_in_scope_fail_with_their_codes() {
    let all = fixtures("expected-invalid");
    let mut failures = Vec::new();
    for (name, report) in &all {
        let in_scope = IN_SCOPE.iter().find(|(n, _)| n == name);
        let out = OUT_OF_SCOPE.iter().any(|(n, _)| n == name);
        match (in_scope, out) {
            (Some((_, codes)), false) => {
                for code in *codes {
                    if !report.errors().any(|d| d.code == *code) {
                        failures.push(format!("{name}: no `{code}` error in:\n{report}"));
                    }
                }
            }
            (None, true) => {}
            _ => failures.push(format!(
                "{name} must be listed exactly once, in or out of scope"
            )),
        }
    }
    for (name, _) in IN_SCOPE.iter().map(|(n, c)| (n, c)) {
        assert!(
            all.iter().any(|(n, _)| n == name),
            "{name} is not a fixture"
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn contradicting_client_requirements_warn() {
    let report = fixtures("expected-warning")
        .into_iter()
        .find(|(n, _)| n == "tool-interaction-client-requirements-contradictions")
        .unwrap()
        .1;
    // Beside the deprecation warnings of the capabilities it requires on 2026-07-28: each step
    // that shows input the tool's requirements leave out, where the reference reports it.
    let mut paths: Vec<&str> = report
        .warnings()
        .filter(|w| w.code == "interaction-example-client-requirements-contradiction")
        .map(|w| w.path.as_str())
        .collect();
    paths.sort_unstable();
    let at = "/tools/0/interactionExamples/contradictory/steps";
    assert_eq!(
        paths,
        [
            format!("{at}/0/type"),
            format!("{at}/1/request/includeContext"),
            format!("{at}/1/request/tools"),
            format!("{at}/2/request/mode"),
        ],
        "{report}"
    );
}

#[test]
fn warning_fixtures_in_scope_warn_with_their_codes() {
    let reports = fixtures("expected-warning");
    for (fixture, code, path) in [
        (
            "unknown-reserved-meta-key",
            "meta-unknown-reserved-key",
            "/prompts/0/_meta/io.modelcontextprotocol~1future-key",
        ),
        (
            "unresolved-external-tool-ref",
            "unresolved-external-tool-schema-reference",
            "/tools/0/inputSchema",
        ),
        (
            "deprecated-client-capability-requirements",
            "deprecated-client-requirement",
            "/prompts/0/clientRequirements/sampling/context",
        ),
        (
            "pre-standard-extension-capabilities",
            "extensions-not-supported-by-version",
            "/capabilities/0/extensions",
        ),
        (
            "unknown-reserved-extension-identifier",
            "unknown-reserved-extension-identifier",
            "/capabilities/0/extensions/io.modelcontextprotocol~1future-capability",
        ),
        (
            "deprecated-client-capability-requirements",
            "unknown-reserved-extension-identifier",
            "/prompts/0/clientRequirements/extensions/io.modelcontextprotocol~1future-capability",
        ),
        (
            "logging-deprecated-2026",
            "logging-deprecated-in-2026",
            "/capabilities/0/logging",
        ),
        (
            "uncatalogued-oauth-scope",
            "uncatalogued-oauth-scope",
            "/tools/0/security/0/oauth/0",
        ),
        (
            "uncatalogued-openid-scope",
            "uncatalogued-oauth-scope",
            "/security/0/oidc/0",
        ),
    ] {
        let report = &reports.iter().find(|(n, _)| n == fixture).unwrap().1;
        assert!(
            report
                .warnings()
                .any(|w| (w.code.as_str(), w.path.as_str()) == (code, path)),
            "{fixture}: no {code} at {path} in\n{report}"
        );
    }
}

#[test]
fn legacy_fixtures_warn_that_validation_is_incomplete() {
    for (name, report) in fixtures("expected-warning") {
        if [
            "legacy-completion-examples",
            "legacy-sse-modern-revision",
            "pre-dialect-tool-example",
            "pre-dialect-tool-schema-shape",
        ]
        .contains(&name.as_str())
        {
            let w = report.warnings().next().unwrap_or_else(|| panic!("{name}"));
            assert_eq!(w.code, "legacy-protocol-validation-incomplete");
            assert_eq!(w.rule, "mcpdesc.legacy-protocol.validation-scope");
            assert_eq!(w.path, "/protocolVersions");
        }
    }
}
