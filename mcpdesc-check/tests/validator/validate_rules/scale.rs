//! Large documents: names written many times, long chains of references, report limits, long values.

#[allow(unused_imports)]
use super::*;

/// Asserts that `report` has no diagnostic of `code` when `expected` is `None`, else exactly one,
/// at the path given, whose message holds the text given (where the name was first written).
fn told_once(
    report: &mcpdesc_check::Report,
    code: &str,
    expected: Option<(String, String)>,
    context: &str,
) {
    let found: Vec<_> = report
        .diagnostics()
        .iter()
        .filter(|d| d.code == code)
        .collect();
    match expected {
        None => assert!(found.is_empty(), "{context}: {report}"),
        Some((path, text)) => {
            let [d] = found[..] else {
                panic!("{context}: {report}")
            };
            assert_eq!(d.path, path, "{context}");
            assert!(d.message.contains(&text), "{context}: {}", d.message);
        }
    }
}

/// A name written twice is found the same way in a list of a few entries (compared in place) and
/// of many (through a hash map past sixteen): one report at the repeat, naming the first where the
/// message does, and none without a repeat. Declarations, a form's `required` and its run-time
/// choices, root tags, `x-mcp-header` names and a requirement's scopes.
#[test]
fn names_written_twice_are_found_in_long_lists_as_in_short() {
    let key = mcpdesc_runtime::description::RUNTIME_CHOICES;
    for n in [2usize, 16, 17, 40] {
        for repeat in [None, Some(0), Some(n - 1)] {
            let with_repeat = |mut names: Vec<String>| {
                names.extend(repeat.map(|k| names[k].clone()));
                names
            };
            let context = format!("{n} names, repeating {repeat:?}");

            // Declarations of one tool.
            let declarations: Vec<Value> = with_repeat((0..n).map(|i| format!("d{i}")).collect())
                .into_iter()
                .map(|name| json!({"name": name, "mode": "url", "message": "m"}))
                .collect();
            let report = validate(&doc(json!(MODERN), tool(json!(declarations))));
            told_once(
                &report,
                "duplicate-elicitation-name",
                repeat.map(|k| {
                    (
                        format!("/tools/0/elicitations/{n}/name"),
                        format!("(at /tools/0/elicitations/{k})"),
                    )
                }),
                &context,
            );

            // A form's `required` and its run-time choices.
            let properties: serde_json::Map<String, Value> = (0..n)
                .map(|i| (format!("p{i}"), json!({"type": "string"})))
                .collect();
            let names = with_repeat((0..n).map(|i| format!("p{i}")).collect());
            let mut decl = form(Value::Object(properties));
            decl["requestedSchema"]["required"] = json!(names);
            decl[key] = json!(names);
            let report = validate(&doc(json!(MODERN), tool(json!([decl]))));
            let expected: Vec<String> = match repeat {
                None => Vec::new(),
                Some(_) => vec![
                    format!("/tools/0/elicitations/0/requestedSchema/required/{n}"),
                    format!("/tools/0/elicitations/0/{key}/{n}"),
                ],
            };
            let mut twice: Vec<&str> = report
                .diagnostics()
                .iter()
                .filter(|d| d.message.contains("twice"))
                .map(|d| d.path.as_str())
                .collect();
            twice.sort();
            let mut expected_sorted = expected.clone();
            expected_sorted.sort();
            assert_eq!(twice, expected_sorted, "{context}: {report}");
            assert_eq!(
                report.diagnostics().len(),
                expected.len(),
                "{context}: {report}"
            );

            // Root tags.
            let tags: Vec<Value> = with_repeat((0..n).map(|i| format!("t{i}")).collect())
                .into_iter()
                .map(|name| json!({"name": name}))
                .collect();
            let report = validate(&server(json!({"tags": tags})));
            let expected: Vec<(Severity, String)> = repeat
                .map(|_| (Severity::Error, format!("/tags/{n}/name")))
                .into_iter()
                .collect();
            let found: Vec<(Severity, String)> = of_code(&report, "duplicate-root-tag")
                .into_iter()
                .map(|(s, p)| (s, p.to_owned()))
                .collect();
            assert_eq!(found, expected, "{context}: {report}");

            // Header names, compared without case.
            let mut headers: Vec<String> = (0..n).map(|i| format!("X-H{i}")).collect();
            headers.extend(repeat.map(|k| format!("x-h{k}")));
            let properties: serde_json::Map<String, Value> = headers
                .iter()
                .enumerate()
                .map(|(i, h)| {
                    (
                        format!("p{i}"),
                        json!({"type": "string", "x-mcp-header": h}),
                    )
                })
                .collect();
            let report = validate(&doc(
                json!(["2026-07-28"]),
                tool_with_schema(json!({"type": "object", "properties": properties})),
            ));
            told_once(
                &report,
                "duplicate-x-mcp-header",
                repeat.map(|k| {
                    (
                        format!("/tools/0/inputSchema/properties/p{n}/x-mcp-header"),
                        format!(
                            "already named at /tools/0/inputSchema/properties/p{k}/x-mcp-header "
                        ),
                    )
                }),
                &context,
            );

            // A requirement's scopes.
            let scopes = with_repeat((0..n).map(|i| format!("s{i}")).collect());
            let report = validate(&server(json!({
                "securitySchemes": {"oauth": {"type": "oauth2", "flows": {"clientCredentials": {
                    "tokenUrl": "https://auth.example.com/token", "scopes": {}}}}},
                "security": [{"oauth": scopes}],
            })));
            let expected: Vec<(Severity, &str)> = repeat
                .map(|_| (Severity::Error, "/security/0/oauth"))
                .into_iter()
                .collect();
            assert_eq!(
                of_code(&report, "duplicate-security-scope"),
                expected,
                "{context}: {report}"
            );
        }
    }
}

/// A chain of forty schema components, each a reference to the next, is followed the same from
/// wherever it is entered (each component is followed once and remembered): declarations entering
/// it at its start, middle and end all reach the form, and its checks apply in each declaration's
/// scope. Ending the chain on a missing target, or on a loop back to its start, is reported at
/// every declaration and every component that enters it, each with the loop's names.
#[test]
fn a_long_chain_of_references_is_followed_from_wherever_it_is_entered() {
    let n = 40;
    let entries = [0, n / 2, n - 1];
    let with_end = |end: Value| {
        let declarations: Vec<Value> = entries
            .iter()
            .map(|i| {
                json!({"name": format!("f{i}"), "mode": "form", "message": "m",
                "requestedSchema": {"$componentRef": format!("#/components/schemas/s{i}")}})
            })
            .collect();
        let mut document = doc(json!(ALL), tool(json!(declarations)));
        let mut schemas: serde_json::Map<String, Value> = (0..n)
            .map(|i| {
                (
                    format!("s{i}"),
                    json!({"$componentRef": format!("#/components/schemas/s{}", i + 1)}),
                )
            })
            .collect();
        schemas.insert(format!("s{n}"), end);
        document["components"] = json!({ "schemas": schemas });
        validate(&document)
    };
    let report = with_end(json!({"type": "object", "properties": {"a": {"type": "string"}}}));
    assert!(report.is_empty(), "{report}");

    // A multi-select at the end of the chain fits 2025-11-25 on only: every declaration (scoped
    // to 2025-06-18 as well) is told so, however far along the chain it entered.
    let report = with_end(json!({"type": "object", "properties": {
        "a": {"type": "array", "items": {"type": "string", "enum": ["x"]}}}}));
    let mismatched: Vec<&str> = report
        .errors()
        .filter(|d| d.code == "elicitation-form-schema-version-mismatch")
        .map(|d| d.path.as_str())
        .collect();
    assert_eq!(mismatched.len(), entries.len(), "{report}");
    for (d, path) in mismatched.iter().enumerate() {
        assert!(
            path.starts_with(&format!("/tools/0/elicitations/{d}/")),
            "{path}"
        );
    }

    let broken = |report: &mcpdesc_check::Report, code: &str| -> Vec<String> {
        report
            .errors()
            .filter(|d| d.code == code)
            .map(|d| d.path.clone())
            .collect()
    };
    let entered: Vec<String> = (0..entries.len())
        .map(|d| format!("/tools/0/elicitations/{d}/requestedSchema/$componentRef"))
        .chain((0..n).map(|i| format!("/components/schemas/s{i}/$componentRef")))
        .collect();
    let mut expected = entered.clone();
    expected.sort();

    let report = with_end(json!({"$componentRef": "#/components/schemas/nowhere"}));
    let mut found = broken(&report, "missing-component-reference-target");
    found.sort();
    let mut with_last = expected.clone();
    with_last.push(format!("/components/schemas/s{n}/$componentRef"));
    with_last.sort();
    assert_eq!(found, with_last, "{report}");

    let report = with_end(json!({"$componentRef": "#/components/schemas/s0"}));
    let mut found = broken(&report, "component-reference-cycle");
    found.sort();
    assert_eq!(found, with_last, "{report}");
    let first = report
        .errors()
        .find(|d| d.path == entered[0])
        .map(|d| d.message.clone())
        .unwrap_or_default();
    // Forty-one names: the first and last three, and how many between.
    assert!(
        first.contains(
            "the references run into a loop without reaching a schema (s0 -> s1 -> s2 -> (36 more) -> s39 -> s40 -> s0)"
        ),
        "{first}"
    );
}

/// A tool schema of many resources and anchors, each `$ref` naming the next: anchors are found in
/// the resource they are defined in and no other, a URI names the first resource with that `$id`,
/// and a second schema with an `$id` is told, at any count (they are looked up, not searched for).
#[test]
fn many_anchors_and_ids_in_a_tool_schema_resolve_as_few_do() {
    for n in [3usize, 40] {
        // Anchors, each defined in the root resource.
        let defs: Map<String, Value> = (0..=n)
            .map(|i| {
                let def = if i < n {
                    json!({"$anchor": format!("x{i}"), "$ref": format!("#x{}", i + 1)})
                } else {
                    json!({"$anchor": format!("x{i}"), "type": "string"})
                };
                (format!("a{i}"), def)
            })
            .collect();
        let mut schema =
            json!({"type": "object", "$defs": defs, "properties": {"p": {"$ref": "#x0"}}});
        let report = validate(&doc(json!(MODERN), tool_with_schema(schema.clone())));
        assert!(report.is_empty(), "{n}: {report}");
        schema["properties"]["q"] = json!({"$ref": format!("#x{}", n + 1)});
        let report = validate(&doc(json!(MODERN), tool_with_schema(schema)));
        only(
            &report,
            "invalid-tool-schema",
            Severity::Error,
            "/tools/0/inputSchema/properties/q/$ref",
        );

        // Resources, each with its `$id` and an anchor of its own, each referring to the next.
        let resources: Map<String, Value> = (0..=n)
            .map(|i| {
                let mut def =
                    json!({"$id": format!("https://example.com/s{i}"), "$anchor": "here"});
                if i < n {
                    def["$ref"] = json!(format!("https://example.com/s{}#here", i + 1));
                }
                (format!("s{i}"), def)
            })
            .collect();
        let mut schema = json!({"type": "object", "$defs": resources, "properties": {"p": {"$ref": "https://example.com/s0"}}});
        let report = validate(&doc(json!(MODERN), tool_with_schema(schema.clone())));
        assert!(report.is_empty(), "{n}: {report}");
        // The root resource has no anchor `here`: each resource's anchors are its own.
        let mut elsewhere = schema.clone();
        elsewhere["properties"]["q"] = json!({"$ref": "#here"});
        let report = validate(&doc(json!(MODERN), tool_with_schema(elsewhere)));
        only(
            &report,
            "invalid-tool-schema",
            Severity::Error,
            "/tools/0/inputSchema/properties/q/$ref",
        );
        // The last `$id` again, on a schema of its own.
        schema["$defs"]["again"] = json!({"$id": format!("https://example.com/s{n}")});
        let report = validate(&doc(json!(MODERN), tool_with_schema(schema)));
        only(
            &report,
            "invalid-tool-schema",
            Severity::Error,
            "/tools/0/inputSchema/$defs/again/$id",
        );
    }
}

/// A form shared through `components.schemas` has its problems repeated at every declaration
/// that uses it; a report lists the first `MAX_DIAGNOSTICS` of them and ends with how many more
/// there were, so that a small file cannot make a report of millions (200 problems × 60 uses).
#[test]
fn a_report_of_a_form_shared_by_many_declarations_stops_listing_at_the_limit() {
    use mcpdesc_check::MAX_DIAGNOSTICS;
    let with_uses = |uses: usize| {
        let declarations: Vec<Value> = (0..uses)
            .map(|i| {
                json!({"name": format!("f{i}"), "mode": "form", "message": "m",
                "requestedSchema": {"$componentRef": "#/components/schemas/Bad"}})
            })
            .collect();
        let mut document = doc(json!(MODERN), tool(json!(declarations)));
        let properties: Map<String, Value> = (0..200)
            .map(|i| (format!("p{i}"), json!({"type": "object"})))
            .collect();
        document["components"] =
            json!({"schemas": {"Bad": {"type": "object", "properties": properties}}});
        validate(&document)
    };
    // Under the limit, every use lists every problem.
    let report = with_uses(50);
    assert_eq!(report.diagnostics().len(), 50 * 200);
    assert!(
        report
            .diagnostics()
            .iter()
            .all(|d| d.code == "schema-validation")
    );
    assert_eq!(
        report.diagnostics()[200].path,
        "/tools/0/elicitations/1/requestedSchema/properties/p0/type"
    );

    let report = with_uses(60);
    let listed = report.diagnostics();
    assert_eq!(listed.len(), MAX_DIAGNOSTICS + 1, "{}", listed.len());
    let last = &listed[MAX_DIAGNOSTICS];
    assert_eq!(
        (last.code.as_str(), last.severity, last.path.as_str()),
        ("too-many-diagnostics", Severity::Error, "")
    );
    assert!(
        last.message
            .starts_with("at least 2000 more diagnostics, errors among them, are not listed"),
        "{}",
        last.message
    );
    assert!(!report.is_valid());
}

#[test]
fn long_values_are_cut_in_messages_with_their_length() {
    // A name, a URL, a default and choices as long as a file likes: each message shows the
    // first 80 characters of a value over 100, then how many it has, and the first ten of more
    // than twelve choices.
    let long_name = format!("bad name {}", "n".repeat(5_000));
    let long_url = format!("not a uri {}", "u".repeat(5_000));
    let choices: Vec<String> = (0..40).map(|i| format!("c{i}")).collect();
    let long_default = "d".repeat(300);
    let long_key = "k".repeat(1_000);
    let long_component = "r".repeat(2_000);
    let mut document = doc(
        json!(MODERN),
        tool(json!([
            {"name": long_name, "mode": "url", "message": "m", "url": long_url},
            {"name": "f", "mode": "form", "message": "m", "requestedSchema": {
                "type": "object",
                "properties": {"pick": {"type": "string", "enum": choices, "default": long_default}},
            }},
        ])),
    );
    if let Some(list) = document["tools"][0]["elicitations"].as_array_mut() {
        list.push(
            json!({"name": "g", "mode": "form", "message": "m", "requestedSchema": {
                "$componentRef": "#/components/schemas/A", long_key.clone(): 1,
            }}),
        );
        list.push(
            json!({"name": "h", "mode": "form", "message": "m", "requestedSchema": {
                "$componentRef": format!("#/components/schemas/{long_component}"),
            }}),
        );
    }
    let report = validate(&document);
    let message = |needle: &str| {
        report
            .diagnostics()
            .iter()
            .find(|d| d.message.contains(needle))
            .map(|d| d.message.clone())
            .unwrap_or_else(|| panic!("no message with {needle:?} in:\n{report}"))
    };
    let name = message("must match");
    assert!(
        name.contains(&format!("{:?}\u{2026} (5009 characters)", &long_name[..80])),
        "{name}"
    );
    let url = message("absolute URI");
    assert!(
        url.contains(&format!("{:?}\u{2026} (5010 characters)", &long_url[..80])),
        "{url}"
    );
    let default = message("not one of the choices");
    assert!(
        default.contains(&format!(
            "{:?}\u{2026} (300 characters)",
            &long_default[..80]
        )),
        "{default}"
    );
    assert!(
        default.ends_with(r#""c8", "c9", and 30 more]"#),
        "{default}"
    );
    let siblings = message("no sibling members");
    assert!(
        siblings.contains(&format!("{:?}\u{2026} (1000 characters);", &long_key[..80])),
        "{siblings}"
    );
    // A valid name too long to show is not written out again in the fix.
    let missing = message("names no component");
    assert!(
        missing.starts_with(&format!(
            "{:?}\u{2026} (2021 characters) names no component: add one of that name to `components.schemas`, or fix the name",
            format!("#/components/schemas/{long_component}").get(..80).unwrap_or_default()
        )),
        "{missing}"
    );
    for d in report.diagnostics() {
        assert!(d.message.len() < 1_000, "{}", d.message);
    }
}
