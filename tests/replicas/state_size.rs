//! A sealed `requestState` has a size bound whatever the form: a tool offers 1,000,000 run-time
//! choices, and on every version, over rmcp's stdio framing and over Streamable HTTP, the call
//! completes; on 2026-07-28 the state stays under `STATE_BOUND` bytes, and the retry that brings
//! it back is a small request.

use std::net::SocketAddr;

use mcpdesc_runtime::choices::ChoiceList;
use mcpdesc_runtime::session::{Asked, Asker, AskingServer, Policy};
use mcpdesc_runtime::{ElicitationForm, ask, elicitation};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock,
    ProtocolVersion as RmcpVersion, ServerCapabilities, ServerConfig,
};
use rmcp::transport::streamable_http_server::StreamableHttpServerConfig;
use rmcp::{ErrorData, ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use serde_json::{Value, json};

use crate::Session;
use crate::wire::{post, request_2026};

/// How many choices the form offers.
const CHOICES: usize = 1_000_000;

/// The bound on a sealed state's length, in bytes, that the docs give: the state holds a nonce,
/// the pending declaration's name, a 43-character digest of the choices and the earlier rounds'
/// answers, and none of the choices.
const STATE_BOUND: usize = 512;

/// The last choice, which every client picks.
const PICKED: &str = "c0999999";

/// One of many.
#[derive(ElicitationForm, Debug)]
pub struct Pick {
    /// The choice.
    #[form(title = "Choice", runtime_choices)]
    pub choice: String,
}

fn million() -> Vec<String> {
    (0..CHOICES).map(|i| format!("c{i:07}")).collect()
}

#[derive(Clone)]
struct Big;

#[tool_router]
impl Big {
    #[elicitation(name = "pick", form = Pick, message = "Pick one of a million.")]
    #[tool(description = "Pick one of a million.")]
    async fn pick(&self, asker: Asker) -> Result<CallToolResponse, ErrorData> {
        let fill = PickChoices {
            choice: ChoiceList::untitled(million()),
            defaults: PickDefaults::default(),
        };
        let said = match ask!(asker, Self::PICK_PICK, fill)? {
            Asked::Accepted(p) => format!("picked {}", p.choice),
            _ => "nothing picked".to_owned(),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(said)]).into())
    }
}

#[tool_handler]
impl ServerHandler for Big {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

fn big() -> AskingServer<Big> {
    // A server and a policy made anew for each request, as rmcp's HTTP service makes them: the
    // development key and the spent states are the process's, so states still open, once.
    AskingServer::new(Big, Policy::development())
}

/// The answer a client gives to the form: the last of the million, checked to be offered.
fn pick_last(params: &Value) -> Value {
    let offered = &params["requestedSchema"]["properties"]["choice"]["enum"];
    assert_eq!(offered.as_array().map(Vec::len), Some(CHOICES));
    assert_eq!(offered[CHOICES - 1], PICKED);
    json!({"action": "accept", "content": {"choice": PICKED}})
}

fn text_of(result: &CallToolResult) -> String {
    serde_json::to_value(&result.content).unwrap_or_default()[0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Over rmcp's stdio framing (newline-delimited JSON on a byte stream, here an in-memory pipe,
/// the codec `rmcp::transport::stdio()` uses), on every version.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_million_choices_over_stdio_on_every_version() {
    for version in [
        RmcpVersion::V_2025_06_18,
        RmcpVersion::V_2025_11_25,
        RmcpVersion::V_2026_07_28,
    ] {
        let (server_io, client_io) = tokio::io::duplex(64 * 1024);
        let server = tokio::spawn(async move {
            let running = big().serve(server_io).await.expect("the server starts");
            running.waiting().await.ok();
        });
        let client = crate::client::Answering::new(version.clone(), |params| {
            pick_last(params)["content"].clone()
        })
        .connect(client_io)
        .await;
        let call = CallToolRequestParams::new("pick");
        let result = if version == RmcpVersion::V_2026_07_28 {
            let first = client.call_tool_once(call.clone()).await.expect("answered");
            let CallToolResponse::InputRequired(required) = first else {
                panic!("2026-07-28 asks with an input-required result");
            };
            let request = serde_json::to_value(&required.input_requests).expect("JSON");
            pick_last(&request["pick"]["params"]);
            let state = required.request_state.clone().expect("a sealed state");
            assert!(state.len() <= STATE_BOUND, "{} bytes: {state}", state.len());
            let responses: rmcp::model::InputResponses = [(
                "pick".to_owned(),
                json!({"action": "accept", "content": {"choice": PICKED}}),
            )]
            .into();
            let retry = call
                .with_input_responses(responses)
                .with_request_state(state);
            assert!(serde_json::to_string(&retry).expect("JSON").len() < 1024);
            match client.call_tool_once(retry).await.expect("answered") {
                CallToolResponse::Complete(result) => result,
                other => panic!("{other:?}"),
            }
        } else {
            client.call_tool(call).await.expect("answered")
        };
        assert_eq!(text_of(&result), format!("picked {PICKED}"), "{version:?}");
        client.cancel().await.ok();
        server.abort();
    }
}

/// Serves `Big` over Streamable HTTP on loopback, on a runtime of its own, while the test runs.
fn serve_http() -> (SocketAddr, tokio::runtime::Runtime) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let addr = runtime.block_on(async {
        // The body limit stays rmcp's default (4 MiB): the retry is far below it.
        let service = big().streamable_http(StreamableHttpServerConfig::default());
        let router = axum::Router::new().nest_service("/mcp", service);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port");
        let addr = listener.local_addr().expect("an address");
        tokio::spawn(async move { axum::serve(listener, router).await });
        addr
    });
    (addr, runtime)
}

/// Over Streamable HTTP, on every version.
#[test]
fn a_million_choices_over_http_on_every_version() {
    let (addr, _runtime) = serve_http();
    for version in ["2025-06-18", "2025-11-25"] {
        let mut session = Session::open(addr, version).expect("a session");
        let result = session
            .call_with("tools/call", json!({"name": "pick"}), &pick_last)
            .expect("the call completes");
        assert_eq!(
            result["content"][0]["text"],
            format!("picked {PICKED}"),
            "{version}"
        );
    }
    let params = json!({"name": "pick"});
    let (headers, body) = request_2026(1, "tools/call", params.clone());
    let first = post(addr, &headers, &body).answer()["result"].clone();
    pick_last(&first["inputRequests"]["pick"]["params"]);
    let state = first["requestState"]
        .as_str()
        .expect("a sealed state")
        .to_owned();
    assert!(state.len() <= STATE_BOUND, "{} bytes: {state}", state.len());
    let mut retry = params;
    retry["inputResponses"] = json!({"pick": {"action": "accept", "content": {"choice": PICKED}}});
    retry["requestState"] = Value::String(state);
    let (headers, body) = request_2026(2, "tools/call", retry);
    assert!(body.to_string().len() < 1024);
    let done = post(addr, &headers, &body).answer();
    let done = done.get("result").cloned().unwrap_or(done);
    assert_eq!(
        done["content"][0]["text"],
        format!("picked {PICKED}"),
        "{done}"
    );
}
