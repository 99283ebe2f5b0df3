//! What a small file can make large: the memory of reading it with positions, and the report of
//! validating it, each held to a multiple of the file (a counting allocator measures the most
//! memory held at once). A test binary of its own, with one test that runs the cases one after
//! another, so that no other test's allocations are counted.
// Test code: the workspace's no-panic lints are for the crates' own code.
#![allow(clippy::restriction)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use mcpdesc_check::{MAX_REPORT_BYTES, validate};
use serde_json::{Value, json};

/// The system allocator, counting the bytes held and the most held at once.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn held(bytes: usize) {
    let now = HELD.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call is passed to `System` unchanged; the counters only observe it.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        held(layout.size());
        // SAFETY: as `GlobalAlloc::alloc`, with the caller's layout.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: `ptr` was allocated by `System` with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        held(new_size);
        // SAFETY: `ptr` was allocated by `System` with `layout`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Runs `f`, returning what it returns and the most memory it held at once beyond what was
/// held before.
fn peak_of<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = HELD.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let out = f();
    (out, PEAK.load(Ordering::Relaxed) - before)
}

/// A JSON text of one key of `key_len` characters over `items` items.
fn long_key_over_many_items(key_len: usize, items: usize) -> String {
    serde_json::to_string(&json!({ "k".repeat(key_len): vec![1; items] })).unwrap()
}

/// A description whose shared form has a property named by `name_len` characters with a
/// problem, used by `uses` declarations: the problem is repeated at each, its path and all.
fn long_name_shared_by_many(name_len: usize, uses: usize) -> Value {
    let declarations: Vec<Value> = (0..uses)
        .map(|i| {
            json!({
                "name": format!("d{i}"),
                "mode": "form",
                "message": "m",
                "requestedSchema": {"$componentRef": "#/components/schemas/F"},
            })
        })
        .collect();
    json!({
        "$schema": "https://mcpdesc.org/schema/mcp-description/0.8.0.json",
        "mcpdesc": "0.8.0",
        "info": {"name": "amplified", "version": "1.0.0"},
        "protocolVersions": ["2026-07-28"],
        "components": {"schemas": {"F": {
            "type": "object",
            "properties": {"p".repeat(name_len): {"type": "object"}},
        }}},
        "tools": [{"name": "t", "inputSchema": {"type": "object"}, "elicitations": declarations}],
    })
}

#[test]
fn a_small_file_makes_nothing_large() {
    a_json_description_is_read_within_its_documented_multiple();
    a_yaml_description_is_read_within_its_documented_multiple();
    // Positions: a table of every value's pointer held the 100,000-character key once per
    // item, 4,000 times the file (500 MB for a 115 kB text).
    let key = "k".repeat(100_000);
    let text = long_key_over_many_items(key.len(), 5_000);
    let (read, peak) = peak_of(|| mcpdesc_check::yaml::from_json_with_positions(&text));
    let (_, positions) = read.unwrap();
    assert_eq!(positions.get("/k"), Some((1, 1)));
    // `{"k…k":[1,1,…`: the last item after the key, its quotes, `:[` and 4,999 `1,`.
    assert_eq!(
        positions.get(&format!("/{key}/4999")),
        Some((1, 1 + key.len() + 2 + 2 + 2 * 4999 + 1))
    );
    assert!(
        peak < 40 * text.len(),
        "{peak} bytes held for a text of {}",
        text.len()
    );

    // A report: the 100,000-character name in the path of the shared form's problem, at each
    // of 2,000 declarations, made 200 MB of report of a 330 kB file.
    let document = long_name_shared_by_many(100_000, 2_000);
    let file = serde_json::to_string(&document).unwrap().len();
    let (report, peak) = peak_of(|| validate(&document));
    let listed: usize = report
        .diagnostics()
        .iter()
        .map(|d| d.path.len() + d.message.len())
        .sum();
    assert!(listed <= MAX_REPORT_BYTES + 1024, "{listed} bytes listed");
    assert!(listed > MAX_REPORT_BYTES / 2, "{listed} bytes listed");
    let last = report.diagnostics().last().unwrap();
    assert_eq!(last.code, mcpdesc_check::Code::TooManyDiagnostics);
    assert!(last.message.contains("16 MiB"), "{}", last.message);
    assert!(
        peak < 2 * MAX_REPORT_BYTES + 40 * file,
        "{peak} bytes held for a file of {file}"
    );
}

/// Reading a JSON description, its value and positions (what `mcpdesc check` and `diff` read),
/// takes at most `json::MAX_READ_MULTIPLE` times its text, for each of the shapes that cost the
/// most memory for their size: long arrays of small numbers (a 2 MB one took 218 times its size
/// through the YAML reader's positions), of empty arrays, objects and strings, objects of many
/// short keys, and arrays nested in arrays. (Run by the one test of this binary.)
fn a_json_description_is_read_within_its_documented_multiple() {
    let n = 300_000;
    let shapes: Vec<(&str, String)> = vec![
        (
            "numbers",
            serde_json::to_string(&json!({"a": vec![1; n]})).unwrap(),
        ),
        ("arrays", format!("{{\"a\":[{}[]]}}", "[],".repeat(n))),
        ("objects", format!("{{\"a\":[{}{{}}]}}", "{},".repeat(n))),
        ("strings", format!("{{\"a\":[{}\"\"]}}", "\"\",".repeat(n))),
        (
            "keys",
            format!(
                "{{{}\"z\":0}}",
                (0..n).map(|i| format!("\"{i:x}\":0,")).collect::<String>()
            ),
        ),
        (
            "nested",
            format!("{{\"a\":[{}1]}}", "[[[1]]],".repeat(n / 4)),
        ),
    ];
    for (name, text) in shapes {
        let (document, peak) = peak_of(|| {
            mcpdesc_check::document::Document::read(&text, mcpdesc_check::document::Format::Json)
                .unwrap()
        });
        assert!(
            document.position("/a/0").is_some() || name == "keys",
            "{name}"
        );
        let multiple = peak / text.len();
        assert!(
            multiple <= mcpdesc_check::json::MAX_READ_MULTIPLE,
            "{name}: {peak} bytes held for a text of {} ({multiple} times)",
            text.len()
        );
    }
}

/// Reading a YAML description with its positions takes at most `yaml::MAX_READ_MULTIPLE` times
/// its text, for each of the costliest shapes: flow and block sequences of small scalars, of
/// empty collections, nested, and mappings of many short keys; a JSON text, read as JSON, within
/// the JSON reader's multiple. (Run by the one test of this binary.)
fn a_yaml_description_is_read_within_its_documented_multiple() {
    let n = 100_000;
    let json_text = serde_json::to_string(&json!({"a": vec![1; n]})).unwrap();
    let (_, peak) = peak_of(|| mcpdesc_check::yaml::from_str_with_positions(&json_text).unwrap());
    assert!(
        peak / json_text.len() <= mcpdesc_check::json::MAX_READ_MULTIPLE,
        "JSON read as YAML: {} times",
        peak / json_text.len()
    );
    let shapes: Vec<(&str, String)> = vec![
        ("flow plain scalars", format!("a: [{}a]\n", "a,".repeat(n))),
        ("flow numbers", format!("a: [{}1]\n", "1,".repeat(n))),
        (
            "flow empty mappings",
            format!("a: [{}{{}}]\n", "{},".repeat(n)),
        ),
        (
            "flow nested",
            format!("a: [{}1]\n", "[[[1]]],".repeat(n / 4)),
        ),
        (
            "flow keys",
            format!(
                "{{{}z: 0}}\n",
                (0..n).map(|i| format!("k{i}: 0,")).collect::<String>()
            ),
        ),
        ("block numbers", format!("a:\n{}", "- 1\n".repeat(n))),
        ("block empty", format!("a:\n{}", "- []\n".repeat(n))),
        ("block nested", format!("a:\n{}", "- - - 1\n".repeat(n / 4))),
        (
            "block keys",
            (0..n).map(|i| format!("k{i}: 0\n")).collect::<String>(),
        ),
    ];
    for (name, text) in shapes {
        let (read, peak) = peak_of(|| mcpdesc_check::yaml::from_str_with_positions(&text));
        assert!(read.is_ok(), "{name}");
        let multiple = peak / text.len();
        assert!(
            multiple <= mcpdesc_check::yaml::MAX_READ_MULTIPLE,
            "{name}: {peak} bytes held for a text of {} ({multiple} times)",
            text.len()
        );
    }
}
