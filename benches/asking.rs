//! The whole asking path of one tool call on MCP 2026-07-28, side by side in one run:
//! `cargo bench --bench asking`.
//!
//! Each server has one `#[tool]`, `close_issue`, that asks a `#[elicitation]` confirmation; a
//! call goes through rmcp's `ServerHandler::call_tool`, its tool router and extractors, as a
//! served request does (only the transport is left out: a request context is made per call from
//! one peer of an in-memory session).
//!
//! - `asker`: `ask!(asker, Self::CLOSE_ISSUE_CONFIRM)`, served as `AskingServer` (guarded, sealed with a
//!   key ring, the arguments bound exactly).
//!
//! `first_round`: the call that returns the input-required result (guard and seal). `round_trip`:
//! that call, then the retry that brings the answer back (the state opened, for `asker` spent
//! too, and the answer read).
use mcpdesc_runtime::registry::Primitive;
use mcpdesc_runtime::session::{Asked, Asker, AskingServer, Policy, StateKeys};
use mcpdesc_runtime::{ElicitationForm, ask, elicitation};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock,
    ErrorData, InputResponses as Responses, ProtocolVersion, RequestId,
};
use rmcp::service::{Peer, RequestContext, RoleServer};
use rmcp::{ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use serde::Deserialize;
use serde_json::{Map, json};

fn main() {
    divan::main();
}

#[derive(ElicitationForm)]
struct Confirm {
    /// Go ahead.
    confirm: bool,
    /// Why.
    #[form(max_length = 200)]
    reason: Option<String>,
}

#[derive(Deserialize, serde::Serialize, schemars::JsonSchema)]
struct IssueArgs {
    issue: u64,
}

fn text(s: String) -> CallToolResponse {
    CallToolResult::success(vec![ContentBlock::text(s)]).into()
}

#[derive(Clone)]
struct After;

#[tool_router]
impl After {
    // A declaration of the same tool, in another server: named apart in the registry.
    #[elicitation(name = "confirm_now", form = Confirm, message = "Close this issue?")]
    #[tool(description = "Close an issue.")]
    async fn close_issue(
        &self,
        Parameters(args): Parameters<IssueArgs>,
        asker: Asker,
    ) -> Result<CallToolResponse, ErrorData> {
        Ok(match ask!(asker, Self::CLOSE_ISSUE_CONFIRM_NOW) {
            Ok(Asked::Accepted(c)) => text(format!("{} {}", args.issue, c.confirm)),
            Ok(_) => text("kept".into()),
            Err(e) => text(e.to_string()),
        })
    }
}

#[tool_handler]
impl ServerHandler for After {}

/// A peer of an in-memory session, kept alive for the whole run.
fn peer(runtime: &tokio::runtime::Runtime) -> Peer<RoleServer> {
    runtime.block_on(async {
        let (server_io, client_io) = tokio::io::duplex(4096);
        let (server, client) = tokio::join!(After.serve(server_io), ().serve(client_io));
        let (server, client) = (server.unwrap(), client.unwrap());
        let peer = server.peer().clone();
        std::mem::forget((server, client));
        peer
    })
}

/// The context of a 2026-07-28 request from a client that declares form mode.
fn context(peer: &Peer<RoleServer>) -> RequestContext<RoleServer> {
    let mut ctx = RequestContext::new(RequestId::Number(1), peer.clone());
    ctx.meta.set_protocol_version(ProtocolVersion::V_2026_07_28);
    let mut capabilities = ClientCapabilities::default();
    capabilities.elicitation = serde_json::from_value(json!({"form": {}})).ok();
    ctx.meta.set_client_capabilities(capabilities);
    ctx
}

fn arguments() -> Map<String, serde_json::Value> {
    json!({"issue": 7}).as_object().cloned().unwrap()
}

fn answer(key: &str) -> Responses {
    [(
        key.to_owned(),
        json!({"action": "accept", "content": {"confirm": true}}),
    )]
    .into()
}

struct Servers {
    runtime: tokio::runtime::Runtime,
    peer: Peer<RoleServer>,
    after: AskingServer<After>,
}

fn servers() -> Servers {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let peer = peer(&runtime);
    let key = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
    let keys = StateKeys::parse(&format!("k1:{key}")).unwrap();
    let after = AskingServer::new(After, Policy::with_keys(keys));
    Servers {
        runtime,
        peer,
        after,
    }
}

impl Servers {
    fn call(&self, server: &impl ServerHandler, retry: Option<(&str, String)>) -> CallToolResponse {
        let mut params = CallToolRequestParams::new("close_issue").with_arguments(arguments());
        if let Some((key, state)) = retry {
            params = params
                .with_input_responses(answer(key))
                .with_request_state(state);
        }
        self.runtime
            .block_on(server.call_tool(params, context(&self.peer)))
            .unwrap()
    }

    fn round_trip(&self, server: &impl ServerHandler, key: &str) -> bool {
        let CallToolResponse::InputRequired(first) = self.call(server, None) else {
            panic!("the first round asks");
        };
        let state = first.request_state.unwrap();
        matches!(
            self.call(server, Some((key, state))),
            CallToolResponse::Complete(_)
        )
    }
}

mod first_round {
    use super::*;

    #[divan::bench]
    fn asker(bencher: divan::Bencher) {
        let s = servers();
        bencher.bench_local(|| s.call(&s.after, None));
    }
}

mod round_trip {
    use super::*;

    /// Sealed, opened once and spent: each round trip adds one spent state to the in-memory
    /// store.
    #[divan::bench]
    fn asker(bencher: divan::Bencher) {
        let s = servers();
        assert!(s.round_trip(&s.after, "confirm_now"));
        bencher.bench_local(|| s.round_trip(&s.after, "confirm_now"));
    }
}

/// The guard alone: the contract check a guarded ask runs before sending a request that is not
/// its declaration's by construction (a form filled at run time), and one that is (the guard's
/// full comparison, which `ask!` skips for it).
mod guard {
    use super::*;
    use mcpdesc_runtime::choices::{ChoiceList, FormChoices};
    use mcpdesc_runtime::contract;

    #[derive(ElicitationForm)]
    struct Pick {
        /// Who owns it.
        #[form(runtime_choices)]
        assignee: String,
        /// Notify them.
        #[form(default = true)]
        notify: bool,
    }

    #[elicitation(name = "pick", form = Pick, message = "Who?")]
    fn assign() {}

    fn filled() -> serde_json::Value {
        assign();
        let fill = PickChoices {
            assignee: ChoiceList::titled((0..20).map(|i| (format!("u{i}"), format!("User {i}")))),
            defaults: PickDefaults::default(),
        };
        let filled = fill
            .prepare(Some(mcpdesc_runtime::ProtocolVersion::V2025_11_25))
            .unwrap();
        json!({"mode": "form", "message": "Who?", "requestedSchema": filled.requested_schema().to_value()})
    }

    #[divan::bench]
    fn filled_form(bencher: divan::Bencher) {
        let params = filled();
        let v = mcpdesc_runtime::ProtocolVersion::V2025_11_25;
        bencher.bench(|| contract::check_registered(Primitive::Tool("assign"), v, &params).is_ok());
    }

    #[divan::bench]
    fn static_form(bencher: divan::Bencher) {
        let params = json!({"mode": "form", "message": "Close this issue?",
            "requestedSchema": Confirm::requested_schema().to_value()});
        let v = mcpdesc_runtime::ProtocolVersion::V2025_11_25;
        let tool = Primitive::Tool("close_issue");
        bencher.bench(|| contract::check_registered(tool, v, &params).is_ok());
    }
}
