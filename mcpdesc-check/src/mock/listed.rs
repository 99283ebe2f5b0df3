//! Listings written as the description writes them. rmcp's model of a tool, prompt, resource or
//! resource template has no member for some of what MCP defines or may add (a tool's
//! `execution`, an annotation hint it does not know, an `x-` member of a prompt argument), so a
//! list result rmcp writes leaves them out. [`Listed`] is a transport around another: it notes
//! each list request it receives, with the protocol version it asks on, and writes the answer's
//! entries from the description instead, keeping the rest of rmcp's result (its `resultType`
//! where the version has one, its cursor).

use std::collections::HashMap;
use std::sync::Arc;

use mcpdesc_format::ProtocolVersion;
use rmcp::model::{ClientRequest, CustomResult, JsonRpcMessage, RequestId, ServerResult};
use rmcp::service::{RoleServer, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::Value;

use super::{Kind, Served};

/// The `_meta` key a request of MCP 2026-07-28 names its version under.
const VERSION_META: &str = "io.modelcontextprotocol/protocolVersion";

/// `inner`, its list results written from the description.
pub(super) struct Listed<T> {
    inner: T,
    served: Arc<Served>,
    /// The version `initialize` agreed on, for requests that do not name theirs.
    session: Option<ProtocolVersion>,
    /// The list requests not answered yet: what each lists, and the version it names.
    pending: HashMap<RequestId, (Kind, Option<ProtocolVersion>)>,
}

impl<T> Listed<T> {
    pub(super) fn new(inner: T, served: Arc<Served>) -> Self {
        Listed {
            inner,
            served,
            session: None,
            pending: HashMap::new(),
        }
    }

    /// Notes a list request, and the version it names.
    fn note(&mut self, message: &RxJsonRpcMessage<RoleServer>) {
        let JsonRpcMessage::Request(request) = message else {
            return;
        };
        let kind = match &request.request {
            ClientRequest::ListToolsRequest(_) => Kind::Tool,
            ClientRequest::ListPromptsRequest(_) => Kind::Prompt,
            ClientRequest::ListResourcesRequest(_) => Kind::Resource,
            ClientRequest::ListResourceTemplatesRequest(_) => Kind::Template,
            _ => return,
        };
        let named = serde_json::to_value(&request.request).ok().and_then(|r| {
            r.get("params")?
                .get("_meta")?
                .get(VERSION_META)?
                .as_str()?
                .parse::<ProtocolVersion>()
                .ok()
        });
        self.pending.insert(request.id.clone(), (kind, named));
    }

    /// The message to send: a list result's entries written from the description; the
    /// version `initialize` agreed on, noted.
    fn written(&mut self, message: TxJsonRpcMessage<RoleServer>) -> TxJsonRpcMessage<RoleServer> {
        let JsonRpcMessage::Response(mut response) = message else {
            if let JsonRpcMessage::Error(error) = &message
                && let Some(id) = &error.id
            {
                self.pending.remove(id);
            }
            return message;
        };
        if let ServerResult::InitializeResult(result) = &response.result {
            self.session = result.protocol_version.as_str().parse().ok();
        }
        let Some((kind, named)) = self.pending.remove(&response.id) else {
            return JsonRpcMessage::Response(response);
        };
        let version = named
            .or(self.session)
            .filter(|v| self.served.versions.contains(v))
            .or_else(|| self.served.versions.last().copied());
        let (Some(version), Ok(Value::Object(mut result))) =
            (version, serde_json::to_value(&response.result))
        else {
            return JsonRpcMessage::Response(response);
        };
        let member = kind.collection();
        if result.contains_key(member) {
            result.insert(
                member.to_owned(),
                Value::Array(self.served.listed(kind, version)),
            );
            response.result = ServerResult::CustomResult(CustomResult(Value::Object(result)));
        }
        JsonRpcMessage::Response(response)
    }
}

impl<T: Transport<RoleServer>> Transport<RoleServer> for Listed<T> {
    type Error = T::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        let item = self.written(item);
        self.inner.send(item)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        let message = self.inner.receive().await?;
        self.note(&message);
        Some(message)
    }

    fn close(&mut self) -> impl Future<Output = Result<(), Self::Error>> + Send {
        self.inner.close()
    }
}
