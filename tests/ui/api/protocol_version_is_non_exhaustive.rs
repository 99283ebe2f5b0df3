// New MCP protocol versions come out; a match over the known ones needs a wildcard arm, so that
// adding one is not a breaking change.
use mcpdesc_runtime::ProtocolVersion;

fn name(v: ProtocolVersion) -> &'static str {
    match v {
        ProtocolVersion::V2024_11_05 => "a",
        ProtocolVersion::V2025_03_26 => "b",
        ProtocolVersion::V2025_06_18 => "c",
        ProtocolVersion::V2025_11_25 => "d",
        ProtocolVersion::V2026_07_28 => "e",
    }
}

fn main() {
    let _ = name(ProtocolVersion::V2025_06_18);
}
