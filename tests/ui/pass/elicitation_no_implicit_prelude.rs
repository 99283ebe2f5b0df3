#![no_implicit_prelude]

#[derive(::mcpdesc_runtime::ElicitationForm)]
struct Confirm {
    confirm: bool,
}

struct Option;
struct Some;
struct None;

#[::mcpdesc_runtime::elicitation(name = "c", form = Confirm, message = "Sure?", when = "Always.", protocol_versions = ["2025-06-18"])]
#[::mcpdesc_runtime::elicitation(name = "u", url = "https://example.com", message = "Go.", protocol_versions = ["2025-11-25"])]
fn close_issue() {}

// The syntax checks of a resource's URI and a template's, with the runtime's `const fn`s that
// check them named by absolute paths too.
#[::mcpdesc_runtime::elicitation(name = "r", form = Confirm, message = "Read?", resource = "file:///notes/today.md")]
#[::mcpdesc_runtime::elicitation(name = "t", form = Confirm, message = "Read?", resource_template = "file:///notes/{name}.md")]
fn read_note() {}

// A resource URI may hold characters beyond ASCII unescaped (an IRI), as MCP servers write them.
#[::mcpdesc_runtime::elicitation(name = "r", form = Confirm, message = "Read?", resource = "file:///home/josé/notes.md")]
fn read_own_note() {}

// Asking with `ask!`, beside user types named as the prelude's.
struct Result;
struct Ok;
struct Err;
struct Tracker;

impl Tracker {
    #[::mcpdesc_runtime::elicitation(name = "c", form = Confirm, message = "Sure?")]
    async fn asks(
        &self,
        asker: ::mcpdesc_runtime::session::Asker,
    ) -> ::core::result::Result<::rmcp::model::CallToolResponse, ::rmcp::ErrorData> {
        let _ = ::mcpdesc_runtime::ask!(asker, Self::ASKS_C);
        let result = ::rmcp::model::CallToolResult::success(::std::vec::Vec::new());
        ::core::result::Result::Ok(::core::convert::Into::into(result))
    }
}

fn main() {
    let _ = (Result, Ok, Err, Tracker::asks);
    close_issue();
    read_note();
    read_own_note();
}
