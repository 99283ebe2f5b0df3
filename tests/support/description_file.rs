//! A description file read as `mcpdesc check` reads it: YAML by its extension, else JSON.

use std::path::Path;

use serde_json::Value;

/// The description in the file at `path`; panics with the path when it cannot be read.
pub fn load(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    match path.extension().and_then(|e| e.to_str()) {
        Some("yaml" | "yml") => mcpdesc_check::yaml::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display())),
        _ => serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
    }
}
