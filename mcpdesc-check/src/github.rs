//! GitHub Actions workflow commands (`::error file=...::message`), as `mcpdesc diff` and
//! `mcpdesc test` write them with `--format github`: the escaping the runner reads.
//!
//! ```
//! use mcpdesc_check::github;
//!
//! let line = format!(
//!     "::error file={},title={}::{}",
//!     github::escape_property("tracker.mcpdesc.yaml"),
//!     github::escape_property("mcpdesc: tool-removed"),
//!     github::escape_data("100% gone\nsee the diff"),
//! );
//! assert_eq!(
//!     line,
//!     "::error file=tracker.mcpdesc.yaml,title=mcpdesc%3A tool-removed::100%25 gone%0Asee the diff"
//! );
//! ```

/// A workflow command's message, escaped: `%`, carriage return and line feed.
pub fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A workflow command's property (`file=`, `title=`), escaped as its message is, and `:` and
/// `,` too.
pub fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}
