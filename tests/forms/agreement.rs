//! `from_content` next to an independent JSON Schema validator (the `jsonschema` crate, formats
//! on), over a generated corpus of answers: every property kind, valid and invalid values, alone
//! and combined. They must agree on whether an answer is accepted and on which properties are
//! wrong, except where this crate is stricter or looser on purpose — each such case is listed in
//! `EXCEPTIONS` with its reason (`reference::forms`, "Answers are checked as the TypeScript SDK checks
//! them" names them too), and every listed case must actually occur in the corpus.
//!
//! The same corpus then goes through the TypeScript SDK's own check of an accepted answer (its
//! `AjvJsonSchemaValidator`, run with Node.js from `tests/ts_client`), with its own list of
//! deliberate differences, `TS_SDK_EXCEPTIONS`, and through the two validators of the SDK's
//! second major version: its ajv one (the same list) and `@cfworker/json-schema`, an
//! implementation of its own (`CF_WORKER_EXCEPTIONS`).

use std::collections::BTreeSet;

use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};
use serde_json::{Map, Value, json};

use crate::choices::{Label, Priority};
use crate::node;

use crate::picker;

#[derive(ElicitationEnum, Debug, Clone, Copy, PartialEq, Eq)]
#[form(rename_all = "lowercase")]
enum Size {
    Small,
    Large,
}

/// Every property kind an MCP form has.
#[allow(dead_code)]
#[derive(ElicitationForm, Debug)]
struct Everything {
    #[form(min_length = 2, max_length = 5)]
    login: String,
    #[form(format = "email")]
    email: Option<String>,
    #[form(format = "uri")]
    link: Option<String>,
    #[form(format = "date")]
    due: Option<String>,
    #[form(format = "date-time")]
    at: Option<String>,
    notify: bool,
    #[form(minimum = 1, maximum = 10)]
    estimate: u8,
    offset: Option<i16>,
    big: Option<u64>,
    #[form(minimum = 0.5, maximum = 99.5)]
    ratio: f64,
    narrow: Option<f32>,
    size: Size,
    priority: Option<Priority>,
    #[form(min_items = 1, max_items = 2)]
    labels: Vec<Label>,
    set: Option<BTreeSet<Label>>,
}

/// A valid value for every property.
fn base() -> Map<String, Value> {
    json!({
        "login": "octo",
        "email": "octo@example.com",
        "link": "https://example.com/a?b=c#d",
        "due": "2024-02-29",
        "at": "2024-02-29T10:00:00Z",
        "notify": true,
        "estimate": 3,
        "offset": -2,
        "big": 7,
        "ratio": 1.5,
        "narrow": 0.25,
        "size": "small",
        "priority": "High",
        "labels": ["bug"],
        "set": ["docs", "feature"],
    })
    .as_object()
    .cloned()
    .unwrap_or_default()
}

/// Candidate values per property, valid and invalid; `None` is "absent".
fn candidates(property: &str) -> Vec<Option<Value>> {
    let common = [
        json!(null),
        json!(true),
        json!(0),
        json!(-1),
        json!(2.5),
        json!(""),
        json!("x"),
        json!([]),
        json!({}),
    ];
    let specific: Vec<Value> = match property {
        "login" => vec![
            json!("ab"),
            json!("abcde"),
            json!("abcdef"),
            json!("a"),
            json!("ééé"),
            json!("😀😀"),
        ],
        "email" => vec![
            json!("a@example.com"),
            json!("first.last+tag@sub.example.org"),
            json!("a@b"),
            json!("user@localhost"),
            json!("a..b@example.com"),
            json!("ü@example.com"),
            json!("@example.com"),
            json!("a@"),
            json!("a b@example.com"),
            json!(".a@example.com"),
            json!("a@-example.com"),
        ],
        "link" => vec![
            json!("https://example.com"),
            json!("urn:isbn:0451450523"),
            json!("mailto:a@example.com"),
            json!("http://[::1]:80/"),
            json!("http://a/[x]"),
            json!("https:"),
            json!("a:["),
            json!("x:"),
            json!("/relative/path"),
            json!("no scheme"),
            json!("http://exa mple.com"),
            json!("http://a/%zz"),
            // An authority that is not one: ajv-formats reads a path after an empty one.
            json!("http://::1"),
            json!("https://:x//"),
            json!("http://user:pw@:x"),
            // An IP literal after one slash: ajv-formats' pattern takes it for an authority.
            json!("http:/[::1]"),
            // IP literals: RFC 3986's IPv6 address, with an IPv4 tail or not.
            json!("http://[::ffff:192.0.2.1]/"),
            json!("http://[1:2:3:4:5:6:7::]/"),
            json!("http://[:2:1]/"),
            json!("http://[1::2::3]/"),
            json!("http://[1:2:3:4:5:6:7:8:9]/"),
            json!("http://[12345::]/"),
            json!("http://[::256.1.1.1]/"),
            json!("http://[::1.2.3]/"),
            // An IPv4 octet with a leading zero: ajv-formats' pattern reads it.
            json!("http://[::1.2.3.01]/"),
        ],
        "due" => vec![
            json!("2023-02-28"),
            json!("2023-02-29"),
            json!("2024-13-01"),
            json!("2024-04-31"),
            json!("24-01-01"),
            json!("2024-1-01"),
            json!("2024-01-01T00:00:00Z"),
        ],
        "at" => vec![
            json!("2024-01-01T10:00:00+05:30"),
            json!("2024-01-01t10:00:00.123z"),
            json!("1998-12-31T23:59:60Z"),
            json!("1998-12-31T22:59:60Z"),
            json!("1998-12-31T18:59:60-05:00"),
            json!("2024-01-01T24:00:00Z"),
            json!("2024-01-01T10:00:00"),
            json!("2024-01-01T10:00:00+0530"),
            json!("2024-01-01T10:00:00+05"),
            json!("2024-01-01 10:00:00Z"),
            json!("2024-01-01T10:60:00Z"),
            json!("2024-01-01"),
            // An hour of 24 or a minute of 60 that is 23:59 in UTC after its offset: ajv-formats'
            // leap-second branch lets it through.
            json!("2024-01-01T24:59:00+01:00"),
            json!("2024-01-01T23:60:00+00:01"),
        ],
        "estimate" => vec![
            json!(1),
            json!(10),
            json!(11),
            json!(3.0),
            json!(3.5),
            json!("3"),
            json!(1e300),
        ],
        "offset" => vec![
            json!(-32768),
            json!(32767),
            json!(32768),
            json!(-32769),
            json!(-2.0),
            json!(-0.0),
            json!(1e2),
            json!(1.0000000000000002),
            json!(-32768.5),
            json!(32767.000000000004),
            json!(5e-324),
        ],
        "big" => vec![
            json!(u64::MAX),
            json!(18446744073709551616.0),
            json!(9223372036854775808.0),
            json!(1e300),
            json!(5.0),
        ],
        "ratio" => vec![
            json!(0.5),
            json!(99.5),
            json!(0.49999999999999994),
            json!(99.50000000000001),
            json!(-0.0),
            json!(5e-324),
            json!(1e2),
            json!(0.49),
            json!(99.51),
            json!(50),
            json!("1.5"),
        ],
        "narrow" => vec![
            json!(3.4e38),
            json!(-3.4e38),
            json!(3.5e38),
            json!(1e300),
            json!(-1e39),
        ],
        "size" => vec![
            json!("small"),
            json!("large"),
            json!("Small"),
            json!("medium"),
        ],
        "priority" => vec![json!("Low"), json!("low"), json!("High "), json!(["High"])],
        "labels" => vec![
            json!(["bug", "docs"]),
            json!(["bug", "docs", "feature"]),
            json!(["bug", "bug"]),
            json!(["nope"]),
            json!([1]),
            json!("bug"),
            json!([null]),
        ],
        "set" => vec![
            json!(["bug"]),
            json!(["bug", "bug"]),
            json!(["x"]),
            json!([]),
        ],
        _ => vec![],
    };
    std::iter::once(None)
        .chain(common.into_iter().chain(specific).map(Some))
        .collect()
}

/// Where this crate differs on purpose from another check of answers.
struct Exception {
    /// A short name, for the report.
    name: &'static str,
    /// Whether this crate accepts the value (`true`: looser; `false`: stricter).
    ours_accept: bool,
    /// Whether it applies to this property and value.
    applies: fn(&str, &Value) -> bool,
    /// Why.
    #[allow(dead_code)]
    reason: &'static str,
}

const NULL_OPTIONAL: Exception = Exception {
    name: "null optional reads as absent",
    ours_accept: true,
    applies: |p, v| {
        v.is_null() && !["login", "notify", "estimate", "ratio", "size", "labels"].contains(&p)
    },
    reason: "Python clients send None for empty optional fields",
};

const BEYOND_THE_RUST_TYPE: Exception = Exception {
    name: "values beyond the Rust type",
    ours_accept: false,
    applies: |p, v| match p {
        "big" => v.as_f64().is_some_and(|f| f >= 18446744073709551615.0) && !v.is_u64(),
        "narrow" => v.as_f64().is_some_and(|f| f.abs() > f64::from(f32::MAX)),
        _ => false,
    },
    reason: "64-bit and f32 fields leave their type's range out of the schema; a value beyond it cannot be read",
};

/// Where this crate differs from a plain JSON Schema validator (the `jsonschema` crate) on
/// purpose.
const EXCEPTIONS: &[Exception] = &[
    NULL_OPTIONAL,
    BEYOND_THE_RUST_TYPE,
    Exception {
        name: "ajv-formats email",
        ours_accept: false,
        applies: |p, v| {
            p == "email"
                && ["a@b", "user@localhost", "a..b@example.com", "ü@example.com"]
                    .contains(&v.as_str().unwrap_or_default())
        },
        reason: "the TypeScript SDK's ajv-formats needs a dotted domain and an ASCII local part of dot-atoms; jsonschema follows RFC 5321 more loosely",
    },
    Exception {
        name: "ajv-formats uri",
        ours_accept: false,
        applies: |p, v| {
            p == "link"
                && ["http://a/[x]", "https:", "a:[", "x:"].contains(&v.as_str().unwrap_or_default())
        },
        reason: "ajv-formats' uri refuses brackets outside an IP literal and an empty hierarchical part",
    },
];

/// ajv-formats' `date-time` reads an offset without its colon or its minutes, and a space for `T`.
const RFC3339_DATE_TIME_SHAPE: Exception = Exception {
    name: "RFC 3339 date-time",
    ours_accept: false,
    applies: |p, v| {
        p == "at"
            && [
                "2024-01-01T10:00:00+0530",
                "2024-01-01T10:00:00+05",
                "2024-01-01 10:00:00Z",
            ]
            .contains(&v.as_str().unwrap_or_default())
    },
    reason: "RFC 3339's date-time production has no offset without a colon or without minutes, and no space for `T`; ajv-formats accepts all three",
};

/// ajv-formats' leap-second branch reads any time that is 23:59 in UTC after its offset.
const RFC3339_HOUR_AND_MINUTE: Exception = Exception {
    name: "RFC 3339 time-hour and time-minute",
    ours_accept: false,
    applies: |p, v| {
        p == "at"
            && ["2024-01-01T24:59:00+01:00", "2024-01-01T23:60:00+00:01"]
                .contains(&v.as_str().unwrap_or_default())
    },
    reason: "RFC 3339's time-hour is 00-23 and time-minute 00-59; ajv-formats' leap-second branch accepts any time that is 23:59 in UTC after its offset",
};

/// ajv-formats' `uri` reads what is not an authority after `//`.
const RFC3986_AUTHORITY: Exception = Exception {
    name: "RFC 3986 authority",
    ours_accept: false,
    applies: |p, v| {
        p == "link"
            && [
                "http://::1",
                "https://:x//",
                "http://user:pw@:x",
                "http:/[::1]",
                "http://[::1.2.3.01]/",
            ]
            .contains(&v.as_str().unwrap_or_default())
    },
    reason: "after `//` comes an authority, whose port is digits, and brackets belong to an authority's IP literal, whose IPv4 octets have no leading zero; ajv-formats' pattern reads an empty authority and a path after `//`, an authority after one `/`, and octets such as `01`",
};

/// Where this crate differs from the TypeScript SDK's own check on purpose (`reference::forms`,
/// "Answers are checked as the TypeScript SDK checks them" names each).
const TS_SDK_EXCEPTIONS: &[Exception] = &[
    NULL_OPTIONAL,
    BEYOND_THE_RUST_TYPE,
    RFC3339_DATE_TIME_SHAPE,
    RFC3339_HOUR_AND_MINUTE,
    RFC3986_AUTHORITY,
];

/// `@cfworker/json-schema` (the TypeScript SDK 2's validator on Cloudflare Workers and in
/// browsers) reads an e-mail domain without a dot, as the `jsonschema` crate does; this crate
/// follows ajv-formats, the SDK's validator on Node.js.
const CF_WORKER_DOTLESS_DOMAIN: Exception = Exception {
    name: "cf-worker e-mail domain without a dot",
    ours_accept: false,
    // Only where the domain's missing dot is all that is wrong: with one, this crate accepts.
    applies: |p, v| {
        p == "email"
            && v.as_str().is_some_and(|v| {
                v.rsplit_once('@')
                    .is_some_and(|(_, domain)| !domain.contains('.'))
                    && ours_accept_alone("email", &format!("{v}.com"))
            })
    },
    reason: "ajv-formats needs a dotted domain; @cfworker/json-schema does not",
};

/// `@cfworker/json-schema` reads a `date-time` offset's hour and minute as any two digits.
const CF_WORKER_OFFSET_RANGE: Exception = Exception {
    name: "cf-worker date-time offset beyond 23:59",
    ours_accept: false,
    // Only where the offset is all that is wrong: with `+00:00`, this crate accepts.
    applies: |p, v| {
        let Some(v) = v.as_str().filter(|_| p == "at") else {
            return false;
        };
        let Some((time, offset)) = v.split_at_checked(v.len().saturating_sub(6)) else {
            return false;
        };
        let b = offset.as_bytes();
        b.len() == 6
            && matches!(b[0], b'+' | b'-')
            && b[3] == b':'
            && (offset[1..3].parse::<u8>().is_ok_and(|h| h > 23)
                || offset[4..6].parse::<u8>().is_ok_and(|m| m > 59))
            && ours_accept_alone("at", &format!("{time}+00:00"))
    },
    reason: "RFC 3339's time-numoffset is a time-hour (00-23) and a time-minute (00-59)",
};

/// Where this crate differs from the checks of the TypeScript SDK 2's validator on Cloudflare
/// Workers and in browsers (`@cfworker/json-schema`) on purpose.
const CF_WORKER_EXCEPTIONS: &[Exception] = &[
    NULL_OPTIONAL,
    BEYOND_THE_RUST_TYPE,
    RFC3339_DATE_TIME_SHAPE,
    RFC3986_AUTHORITY,
    CF_WORKER_DOTLESS_DOMAIN,
    CF_WORKER_LEAP_SECOND_WITH_OFFSET,
];

/// `@cfworker/json-schema` refuses a leap second written with an offset.
const CF_WORKER_LEAP_SECOND_WITH_OFFSET: Exception = Exception {
    name: "cf-worker leap second with an offset",
    ours_accept: true,
    applies: |p, v| {
        p == "at"
            && v.as_str()
                .is_some_and(|v| v.get(17..19) == Some("60") && !v.ends_with(['Z', 'z']))
    },
    reason: "RFC 3339 allows second 60 where the time is 23:59:60 in UTC after its offset (1998-12-31T18:59:60-05:00), as ajv-formats reads it; @cfworker/json-schema allows it only at 23:59:60 as written",
};

/// Whether `from_content` accepts the valid base answer with `property` set to `value`.
fn ours_accept_alone(property: &str, value: &str) -> bool {
    let mut content = base();
    content.insert(property.to_owned(), Value::from(value));
    ours(&content).is_none()
}

/// The properties `from_content` reports problems for, or `None` when it accepts.
fn ours(content: &Map<String, Value>) -> Option<BTreeSet<String>> {
    match Everything::from_content(content) {
        Ok(_) => None,
        Err(e) => Some(
            e.problems()
                .iter()
                .map(|p| p.property().to_owned())
                .collect(),
        ),
    }
}

/// The properties the validator reports errors for, or `None` when it accepts.
fn theirs(
    validator: &jsonschema::Validator,
    content: &Map<String, Value>,
) -> Option<BTreeSet<String>> {
    let instance = Value::Object(content.clone());
    let mut wrong = BTreeSet::new();
    for error in validator.iter_errors(&instance) {
        let path = error.instance_path().to_string();
        let first = path
            .trim_start_matches('/')
            .split('/')
            .next()
            .unwrap_or_default()
            .to_owned();
        if first.is_empty() {
            // A `required` error sits at the root; it names the property in its message.
            let message = error.to_string();
            let name = message.split('"').nth(1).unwrap_or_default().to_owned();
            wrong.insert(name);
        } else {
            wrong.insert(first);
        }
    }
    (!wrong.is_empty()).then_some(wrong)
}

fn validator() -> jsonschema::Validator {
    let schema = Everything::requested_schema().to_value();
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .unwrap_or_else(|e| panic!("the validator refuses our schema: {e}\n{schema}"))
}

/// One answer per property and candidate value: the valid base with that property changed (or
/// left out, for `None`).
struct Case {
    property: String,
    candidate: Option<Value>,
    content: Map<String, Value>,
}

fn one_property_at_a_time() -> Vec<Case> {
    let mut cases = Vec::new();
    for property in base().keys() {
        for candidate in candidates(property) {
            let mut content = base();
            match &candidate {
                None => {
                    content.remove(property);
                }
                Some(v) => {
                    content.insert(property.clone(), v.clone());
                }
            }
            cases.push(Case {
                property: property.clone(),
                candidate,
                content,
            });
        }
    }
    assert!(cases.len() > 150, "{}", cases.len());
    cases
}

/// Holds `from_content` to another check's verdicts on `cases` (`theirs`, in the same order):
/// every difference must be one of `exceptions`, in its direction (looser: we accept what it
/// refuses; stricter: we refuse that property only, where it accepts), and every exception must
/// occur.
fn assert_agreement(
    cases: &[Case],
    theirs: Vec<Option<BTreeSet<String>>>,
    exceptions: &[Exception],
    judge: &str,
) {
    let mut used: BTreeSet<&str> = BTreeSet::new();
    let mut disagreements = Vec::new();
    for (case, b) in cases.iter().zip(theirs) {
        let (property, candidate) = (&case.property, &case.candidate);
        let a = ours(&case.content);
        if a == b {
            continue;
        }
        let exception = candidate
            .as_ref()
            .and_then(|v| exceptions.iter().find(|e| (e.applies)(property, v)));
        let explained = exception.filter(|e| {
            if e.ours_accept {
                a.is_none() && b.is_some()
            } else {
                b.is_none()
                    && a.as_ref()
                        .is_some_and(|a| a.len() == 1 && a.contains(property))
            }
        });
        match explained {
            Some(e) => {
                used.insert(e.name);
            }
            None => disagreements.push(format!(
                "{property} = {candidate:?}: from_content {a:?}, {judge} {b:?}"
            )),
        }
    }
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
    let unused: Vec<&str> = exceptions
        .iter()
        .map(|e| e.name)
        .filter(|n| !used.contains(n))
        .collect();
    assert!(
        unused.is_empty(),
        "exceptions that never occurred: {unused:?}"
    );
}

#[test]
fn one_property_at_a_time_agrees_apart_from_the_listed_exceptions() {
    let validator = validator();
    let cases = one_property_at_a_time();
    let verdicts = cases
        .iter()
        .map(|c| theirs(&validator, &c.content))
        .collect();
    assert_agreement(&cases, verdicts, EXCEPTIONS, "jsonschema");
}

#[mcpdesc_needs::needs(node)]
#[test]
fn combined_answers_agree_on_every_wrong_property() {
    let validator = validator();
    let properties: Vec<String> = base().keys().cloned().collect();
    // Per property, the candidates no exception covers.
    let pools: Vec<Vec<Option<Value>>> = properties
        .iter()
        .map(|p| {
            candidates(p)
                .into_iter()
                .filter(|c| {
                    c.as_ref().is_none_or(|v| {
                        !EXCEPTIONS
                            .iter()
                            .chain(TS_SDK_EXCEPTIONS)
                            .any(|e| (e.applies)(p, v))
                    })
                })
                .collect()
        })
        .collect();
    // A fixed-seed generator, so the corpus is the same on every run.
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut rejected = 0;
    let mut contents = Vec::new();
    for _ in 0..3000 {
        let mut content = Map::new();
        for (property, pool) in properties.iter().zip(&pools) {
            // Half the time the valid base value, else any candidate.
            let value = if next(2) == 0 {
                base().get(property).cloned()
            } else {
                pool[next(pool.len())].clone()
            };
            if let Some(v) = value {
                content.insert(property.clone(), v);
            }
        }
        let (a, b) = (ours(&content), theirs(&validator, &content));
        assert_eq!(a, b, "{}", Value::Object(content));
        rejected += usize::from(a.is_some());
        contents.push(content);
    }
    assert!(rejected > 1000, "{rejected}");
    // The same answers through the TypeScript SDK's own check.
    {
        let verdicts = ts_sdk(&contents);
        for (content, b) in contents.iter().zip(verdicts) {
            assert_eq!(ours(content), b, "{}", Value::Object(content.clone()));
        }
    }
}

/// The TypeScript SDK's own check of an accepted answer (`tests/ts_client/check_answers.mjs`: its
/// default `AjvJsonSchemaValidator`, ajv with ajv-formats) over `contents`: per content, the
/// properties its error text names, or `None` when it accepts.
fn ts_sdk(contents: &[Map<String, Value>]) -> Vec<Option<BTreeSet<String>>> {
    run_check("check_answers.mjs", contents, ajv_names)
}

/// A check of accepted answers by the server of the TypeScript SDK's second major version
/// (`tests/ts_client/check_answers_v2.mjs`, with one of its validators): how its error text
/// names the wrong properties, and where this crate differs from it on purpose, one property at
/// a time and over edited format values.
struct TsV2Check {
    script: &'static str,
    names: fn(&str) -> BTreeSet<String>,
    exceptions: &'static [Exception],
    edited: &'static [Exception],
}

/// Its two validators: ajv (its default on Node.js) and `@cfworker/json-schema` (its default on
/// Cloudflare Workers and in browsers).
const TS_V2_CHECKS: [TsV2Check; 2] = [
    TsV2Check {
        script: "check_answers_v2.mjs ajv",
        names: ajv_names,
        exceptions: TS_SDK_EXCEPTIONS,
        edited: MUTATED_EXCEPTIONS,
    },
    TsV2Check {
        script: "check_answers_v2.mjs cf-worker",
        names: cf_worker_names,
        exceptions: CF_WORKER_EXCEPTIONS,
        edited: CF_WORKER_MUTATED_EXCEPTIONS,
    },
];

/// Runs `script` over `contents` (answers to `Everything`): per content, the properties `names`
/// reads in its error text, or `None` when it accepts.
fn run_check(
    script: &str,
    contents: &[Map<String, Value>],
    names: fn(&str) -> BTreeSet<String>,
) -> Vec<Option<BTreeSet<String>>> {
    let dir = node::ts_client_dir();
    let input = json!({
        "schema": Everything::requested_schema().to_value(),
        "contents": contents,
    });
    let verdicts = node::run_verdicts(&dir, script, &input, contents.len());
    verdicts
        .iter()
        .map(|v| (v["valid"] != true).then(|| names(v["message"].as_str().unwrap_or_default())))
        .collect()
}

/// The properties an ajv error text names: "data/<property> must ..., data must have required
/// property '<property>'", one entry per error.
fn ajv_names(message: &str) -> BTreeSet<String> {
    message
        .split("data")
        .filter_map(|entry| match entry.strip_prefix('/') {
            Some(rest) => rest.split(['/', ' ']).next().map(str::to_owned),
            None => entry
                .split("required property '")
                .nth(1)
                .and_then(|r| r.split('\'').next())
                .map(str::to_owned),
        })
        .collect()
}

/// The properties a `@cfworker/json-schema` error text names, as the SDK joins its errors:
/// "<instance location>: <error>; ...", where a property's own errors sit at `#/<property>`
/// and a missing one at `#` ("Instance does not have required property \"<property>\".").
fn cf_worker_names(message: &str) -> BTreeSet<String> {
    message
        .split("; ")
        .filter_map(|entry| {
            let (location, error) = entry.split_once(": ")?;
            match location.strip_prefix("#/") {
                Some(rest) => rest.split('/').next().map(str::to_owned),
                None => error
                    .split("property \"")
                    .nth(1)
                    .and_then(|r| r.split('"').next())
                    .map(str::to_owned),
            }
        })
        .collect()
}

#[mcpdesc_needs::needs(node)]
#[test]
fn one_property_at_a_time_agrees_with_the_typescript_v2_sdks_checks() {
    let cases = one_property_at_a_time();
    let contents: Vec<Map<String, Value>> = cases.iter().map(|c| c.content.clone()).collect();
    for check in &TS_V2_CHECKS {
        let verdicts = run_check(check.script, &contents, check.names);
        let judge = format!("TypeScript SDK 2 ({})", check.script);
        assert_agreement(&cases, verdicts, check.exceptions, &judge);
    }
}

#[mcpdesc_needs::needs(node)]
#[test]
fn edited_format_values_agree_with_the_typescript_v2_sdks_checks() {
    let cases = mutated_format_cases(1500);
    let contents: Vec<Map<String, Value>> = cases.iter().map(|c| c.content.clone()).collect();
    for check in &TS_V2_CHECKS {
        let verdicts = run_check(check.script, &contents, check.names);
        let judge = format!("TypeScript SDK 2 ({})", check.script);
        assert_agreement(&cases, verdicts, check.edited, &judge);
    }
}

#[mcpdesc_needs::needs(node)]
#[test]
fn one_property_at_a_time_agrees_with_the_typescript_sdks_own_check() {
    let cases = one_property_at_a_time();
    let contents: Vec<Map<String, Value>> = cases.iter().map(|c| c.content.clone()).collect();
    let verdicts = ts_sdk(&contents);
    assert_agreement(&cases, verdicts, TS_SDK_EXCEPTIONS, "TypeScript SDK");
}

/// Values of each format made by editing valid ones (1 to 3 characters removed, inserted or
/// replaced, from characters that matter to the format): generated from a fixed seed, so each
/// run checks the same values.
fn mutated_format_cases(per_format: usize) -> Vec<Case> {
    const FORMATS: &[(&str, &[&str], &[&str])] = &[
        (
            "email",
            &[
                "a@example.com",
                "first.last+tag@sub.example.org",
                "x_y@a-b.co",
                "\"q\"@example.com",
                "a@[127.0.0.1]",
            ],
            &[
                "a", ".", "@", "-", "_", "+", "\"", " ", "[", "]", "1", "é", "(", ")", ",", ":",
                ";", "\\", "!", "#", "%", "'", "*", "/", "=", "?", "`", "{", "|", "~",
            ],
        ),
        (
            "link",
            &[
                "https://example.com/a?b=c#d",
                "urn:isbn:0451450523",
                "mailto:a@example.com",
                "http://[::1]:80/",
                "http://user:pw@host:8080/p/a/t/h?q#f",
                "file:///etc/hosts",
                "http://[v1.x]/",
                "http://[::ffff:1.2.3.4]/",
            ],
            &[
                "a", ":", "/", "?", "#", "[", "]", "@", "%", "2", "0", "F", "!", "$", "&", "'",
                "(", ")", "*", "+", ",", ";", "=", "-", ".", "_", "~", " ", "é", "\\", "^", "|",
                "{", "}", "<", ">", "\"", "::", "v",
            ],
        ),
        (
            "due",
            &["2024-02-29", "2023-12-31", "0000-01-01", "9999-12-31"],
            &["0", "1", "2", "3", "9", "-", "T", " ", "+", "Z", ":", "."],
        ),
        (
            "at",
            &[
                "2024-01-01T10:00:00Z",
                "2024-01-01t10:00:00.123z",
                "1998-12-31T23:59:60Z",
                "2024-01-01T10:00:00+05:30",
                "2024-01-01T10:00:00.5-00:00",
            ],
            &[
                "0", "1", "2", "3", "5", "6", "9", "-", "T", "t", " ", "+", "Z", "z", ":", ".", "a",
            ],
        ),
    ];
    let mut picker = picker::Picker::new(7);
    let mut cases = Vec::new();
    for (property, valid, alphabet) in FORMATS {
        let mut seen = BTreeSet::new();
        while seen.len() < per_format {
            let mut chars: Vec<&str> = Vec::new();
            let template = picker.pick(valid);
            chars.extend(
                template
                    .char_indices()
                    .map(|(i, c)| &template[i..i + c.len_utf8()]),
            );
            for _ in 0..=picker.below(3) {
                let at = picker.below(chars.len() + 1);
                match picker.below(3) {
                    0 if at < chars.len() => {
                        chars.remove(at);
                    }
                    1 => chars.insert(at, picker.pick(alphabet)),
                    _ if at < chars.len() => chars[at] = picker.pick(alphabet),
                    _ => {}
                }
            }
            let value = chars.concat();
            if seen.insert(value.clone()) {
                let mut content = base();
                content.insert((*property).to_owned(), json!(value));
                cases.push(Case {
                    property: (*property).to_owned(),
                    candidate: Some(json!(value)),
                    content,
                });
            }
        }
    }
    cases
}

/// The text after a URI's scheme and `:`, when it has a scheme.
fn after_scheme(uri: &str) -> Option<&str> {
    let (scheme, rest) = uri.split_once(':')?;
    let mut chars = scheme.chars();
    (chars.next()?.is_ascii_alphabetic()
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
    .then_some(rest)
}

/// Where this crate differs from the TypeScript SDK's own check on the edited format values:
/// the same rules as `TS_SDK_EXCEPTIONS` names by example, stated for any value.
/// `RFC3339_DATE_TIME_SHAPE` and `RFC3339_HOUR_AND_MINUTE`, for any edited value.
const EDITED_RFC3339_DATE_TIME: Exception = Exception {
    name: "RFC 3339 date-time",
    ours_accept: false,
    applies: |p, v| {
        let Some(v) = v.as_str().filter(|_| p == "at") else {
            return false;
        };
        let b = v.as_bytes();
        let number = |at: usize| v.get(at..at + 2).and_then(|d| d.parse::<u8>().ok());
        // A space for `T`; an offset without its colon (`+0530`) or its minutes (`+05`);
        // hour 24 or minute 60.
        let offset = |digits: usize| {
            b.len() > digits + 19
                && matches!(b[b.len() - digits - 1], b'+' | b'-')
                && b[b.len() - digits..].iter().all(u8::is_ascii_digit)
        };
        b.get(10) == Some(&b' ')
            || offset(4)
            || offset(2)
            || number(11).is_some_and(|h| h > 23)
            || number(14).is_some_and(|m| m > 59)
    },
    reason: "as TS_SDK_EXCEPTIONS says: RFC 3339 has neither, ajv-formats' pattern is looser",
};

/// `RFC3986_AUTHORITY`, for any edited value.
const EDITED_RFC3986_AUTHORITY: Exception = Exception {
    name: "RFC 3986 authority",
    ours_accept: false,
    applies: |p, v| {
        let Some(rest) = v.as_str().filter(|_| p == "link").and_then(after_scheme) else {
            return false;
        };
        // An IP literal after a single `/` (with a user before it or not), which ajv-formats'
        // pattern reads as an authority: brackets in the path's first segment.
        if let Some(path) = rest.strip_prefix('/')
            && !path.starts_with('/')
        {
            return path
                .split(['/', '?', '#'])
                .next()
                .is_some_and(|segment| segment.contains('['));
        }
        let Some(authority) = rest.strip_prefix("//") else {
            return false;
        };
        let authority = authority.split(['/', '?', '#']).next().unwrap_or_default();
        let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
        if let Some(literal) = host_port.strip_prefix('[') {
            // An IPv4 octet with a leading zero in an IP literal.
            let inside = literal.split(']').next().unwrap_or_default();
            let tail = inside.rsplit(':').next().unwrap_or_default();
            return tail.contains('.')
                && tail.split('.').any(|o| o.len() > 1 && o.starts_with('0'));
        }
        // An empty host, or a port that is not digits (a reg-name has no `:`).
        let (host, port) = host_port.split_once(':').unwrap_or((host_port, ""));
        host.is_empty() || !port.bytes().all(|b| b.is_ascii_digit())
    },
    reason: "as TS_SDK_EXCEPTIONS says: after `//` comes an authority, whose port is digits; brackets belong to an authority's IP literal, whose IPv4 octets have no leading zero",
};

const MUTATED_EXCEPTIONS: &[Exception] = &[EDITED_RFC3339_DATE_TIME, EDITED_RFC3986_AUTHORITY];

/// The same for `@cfworker/json-schema`.
const CF_WORKER_MUTATED_EXCEPTIONS: &[Exception] = &[
    EDITED_RFC3339_DATE_TIME,
    EDITED_RFC3986_AUTHORITY,
    CF_WORKER_DOTLESS_DOMAIN,
    CF_WORKER_OFFSET_RANGE,
];

#[mcpdesc_needs::needs(node)]
#[test]
fn edited_format_values_agree_with_the_typescript_sdks_own_check() {
    let cases = mutated_format_cases(1500);
    let contents: Vec<Map<String, Value>> = cases.iter().map(|c| c.content.clone()).collect();
    let verdicts = ts_sdk(&contents);
    // Both sides of every format are exercised.
    for property in ["email", "link", "due", "at"] {
        let (accepted, refused) =
            cases
                .iter()
                .filter(|c| c.property == property)
                .fold((0, 0), |(a, r), c| match ours(&c.content) {
                    None => (a + 1, r),
                    Some(_) => (a, r + 1),
                });
        assert!(
            accepted >= 25 && refused >= 25,
            "{property}: {accepted} accepted, {refused} refused"
        );
    }
    assert_agreement(&cases, verdicts, MUTATED_EXCEPTIONS, "TypeScript SDK");
}
