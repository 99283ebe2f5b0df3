//! The checks `mcpdesc test` makes, each with a stable code: what it finds, and an exchange
//! that fails it.

use std::fmt;

/// One check of `mcpdesc test`. Its [`code`](Check::code) is stable: reports, the known-failures
/// file and `--warn` / `--ignore` name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Check {
    /// `version-refused`: the description lists a protocol version the server does not take.
    ///
    /// ```text
    /// → {"method": "initialize", "params": {"protocolVersion": "2025-11-25", ...}}
    /// ← {"result": {"protocolVersion": "2025-06-18", ...}}
    /// ```
    VersionRefused,
    /// `listing-differs`: what the server lists on a version is not what the description
    /// documents there: a primitive documented and not served, or served and not documented, an
    /// input or output schema, an annotation or a prompt argument that differs. Each finding
    /// names the rule of `mcpdesc diff` it falls under (the description is the old side, the
    /// listing the new).
    ///
    /// ```text
    /// description: tools: [{name: add_note, inputSchema: {required: [title]}}]
    /// ← {"result": {"tools": [{"name": "add_note", "inputSchema": {"required": ["title", "body"]}}]}}
    /// ```
    ListingDiffers,
    /// `server-error`: a valid input (or a prompt's arguments, or an accepted answer) ended in
    /// an error other than invalid params, or the server closed the connection.
    ///
    /// ```text
    /// → {"method": "tools/call", "params": {"name": "count_notes", "arguments": {"limit": 0}}}
    /// ← {"error": {"code": -32603, "message": "division by zero"}}
    /// ```
    ServerError,
    /// `valid-input-refused`: an input the tool's `inputSchema` allows was refused as invalid
    /// params (`-32602`). A tool that cannot do what a valid input asks (no such note) says so
    /// with a result whose `isError` is true, which this check does not count.
    ///
    /// ```text
    /// → {"method": "tools/call", "params": {"name": "add_note", "arguments": {"title": ""}}}
    /// ← {"error": {"code": -32602, "message": "title must not be empty"}}
    /// ```
    ValidInputRefused,
    /// `invalid-input-accepted`: an input the tool's `inputSchema` does not allow got a result
    /// that is not an error. Servers must validate tool inputs; where a server reads inputs
    /// more loosely on purpose (a string `"5"` taken for the integer 5), make this check a
    /// warning, or ignore it.
    ///
    /// ```text
    /// → {"method": "tools/call", "params": {"name": "count_notes", "arguments": {"limit": "ten"}}}
    /// ← {"result": {"content": [{"type": "text", "text": "0"}]}}
    /// ```
    InvalidInputAccepted,
    /// `invalid-input-coerced`: an input the tool's `inputSchema` does not allow got a result
    /// that is not an error, and the input is valid once one value is converted to another type
    /// (`"5"` read as 5, `true` as 1): the server reads types loosely, as Pydantic's default
    /// mode does. A warning unless made a failure: the value meant is still what the schema
    /// allows.
    ///
    /// ```text
    /// → {"method": "tools/call", "params": {"name": "count_notes", "arguments": {"limit": "0"}}}
    /// ← {"result": {"content": [{"type": "text", "text": "0"}], "structuredContent": {"result": 0}}}
    /// ```
    InvalidInputCoerced,
    /// `output-schema`: a tool with an `outputSchema` returned a result that is not an error
    /// without `structuredContent`, or with `structuredContent` the schema does not allow.
    ///
    /// ```text
    /// description: outputSchema: {type: object, properties: {result: {type: integer}}, required: [result]}
    /// ← {"result": {"content": [...], "structuredContent": {"result": "3"}}}
    /// ```
    OutputSchema,
    /// `no-answer`: the server answered nothing to a request within the per-call time limit.
    ///
    /// ```text
    /// → {"id": 7, "method": "tools/call", "params": {"name": "add_note", ...}}
    /// (nothing within 10 s)
    /// ```
    NoAnswer,
    /// `resource-unreadable`: a resource the description documents, or a URI a resource
    /// template produces, could not be read: an error other than not found or invalid params,
    /// or the connection closed.
    ///
    /// ```text
    /// description: resourceTemplates: [{uriTemplate: "notes://{id}"}]
    /// → {"method": "resources/read", "params": {"uri": "notes://a"}}
    /// ← {"error": {"code": -32603, "message": "invalid literal for int()"}}
    /// ```
    ResourceUnreadable,
    /// `resource-mime-type`: a resource was read with contents of another MIME type than the
    /// description documents.
    ///
    /// ```text
    /// description: resources: [{uri: "notes://all", mimeType: text/plain}]
    /// ← {"result": {"contents": [{"uri": "notes://all", "mimeType": "text/html", ...}]}}
    /// ```
    ResourceMimeType,
    /// `elicitation-drift`: an elicitation request the server sent matches no declaration of
    /// its primitive on that version: undeclared, another form or mode, another URL, out of
    /// the declaration's scope, or reworded (§12.2 allows representative wording; make this a
    /// warning for a server that words its questions at run time). The reasons are
    /// [`contract::Reason`](mcpdesc_runtime::contract::Reason)s.
    ///
    /// ```text
    /// description: elicitations: [{name: confirm, mode: form, requestedSchema: {properties: {confirm: {type: boolean}}}}]
    /// ← {"method": "elicitation/create", "params": {"mode": "form", "requestedSchema": {"properties": {"ok": ...}}}}
    /// ```
    ElicitationDrift,
    /// `never-asked`: a declaration applies on a version, its primitive was called there, and
    /// no call asked it. A question asked only on a branch the tester does not take (a later
    /// choice, a state the server must be in) is said to be conditional
    /// ([`Test::conditional`](super::Test::conditional), `--conditional`).
    ///
    /// ```text
    /// description: tools: [{name: clear_tasks, elicitations: [{name: confirm_clear, ...}]}]
    /// → {"method": "tools/call", "params": {"name": "clear_tasks", "arguments": {}}}
    /// ← {"result": {"content": [{"type": "text", "text": "Every task was removed."}]}}
    /// ```
    NeverAsked,
    /// `answer-refused`: every question of a call was accepted with answers its own form
    /// allows, and the call ended in an error, or asked the same question again.
    ///
    /// ```text
    /// ← {"method": "elicitation/create", "params": {"message": "Close it?", ...}}
    /// → {"result": {"action": "accept", "content": {"confirm": true}}}
    /// ← {"error": {"code": -32602, "message": "answer not understood"}}
    /// ```
    AnswerRefused,
    /// `invalid-message`: the server wrote something that is not a JSON-RPC message, or a
    /// result that is not valid for the negotiated version (a tool result without `content`;
    /// on a version whose results carry `resultType`, one without it).
    ///
    /// ```text
    /// ← Starting notes server...
    /// ← {"jsonrpc": "2.0", "id": 3, "result": {"structuredContent": {}}}
    /// ```
    InvalidMessage,
}

impl Check {
    /// How the check's findings count unless [`Test::level`](super::Test::level) says
    /// otherwise: a failure, but [`InvalidInputCoerced`](Check::InvalidInputCoerced), a warning.
    pub fn default_level(self) -> Level {
        match self {
            Check::InvalidInputCoerced => Level::Warning,
            _ => Level::Failure,
        }
    }

    /// Every check, in the order reports list them.
    pub const ALL: [Check; 14] = [
        Check::VersionRefused,
        Check::ListingDiffers,
        Check::ServerError,
        Check::ValidInputRefused,
        Check::InvalidInputAccepted,
        Check::InvalidInputCoerced,
        Check::OutputSchema,
        Check::NoAnswer,
        Check::ResourceUnreadable,
        Check::ResourceMimeType,
        Check::ElicitationDrift,
        Check::NeverAsked,
        Check::AnswerRefused,
        Check::InvalidMessage,
    ];

    /// The stable code: `server-error`, `output-schema`, ...
    pub fn code(self) -> &'static str {
        match self {
            Check::VersionRefused => "version-refused",
            Check::ListingDiffers => "listing-differs",
            Check::ServerError => "server-error",
            Check::ValidInputRefused => "valid-input-refused",
            Check::InvalidInputAccepted => "invalid-input-accepted",
            Check::InvalidInputCoerced => "invalid-input-coerced",
            Check::OutputSchema => "output-schema",
            Check::NoAnswer => "no-answer",
            Check::ResourceUnreadable => "resource-unreadable",
            Check::ResourceMimeType => "resource-mime-type",
            Check::ElicitationDrift => "elicitation-drift",
            Check::NeverAsked => "never-asked",
            Check::AnswerRefused => "answer-refused",
            Check::InvalidMessage => "invalid-message",
        }
    }

    /// The check whose code is `code`.
    pub fn from_code(code: &str) -> Option<Check> {
        Check::ALL.into_iter().find(|c| c.code() == code)
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// How a check's findings count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Reported, and the run fails (the default of every check).
    Failure,
    /// Reported; the run does not fail for it.
    Warning,
    /// Not made.
    Ignored,
}

impl Level {
    /// `failure`, `warning`, `ignored`.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Failure => "failure",
            Level::Warning => "warning",
            Level::Ignored => "ignored",
        }
    }
}
