// Drives an MCP server over stdio with the client of the official TypeScript SDK's second major
// version (the split packages, `@modelcontextprotocol/client`), for tests/sdk_clients.rs: the
// same runs and the same output as drive.mjs. This client checks every elicitation request
// against its schema of the negotiated era's wire (2025 or 2026), and its result too; on
// 2026-07-28, negotiated with `server/discover`, it answers the server's input-required results
// through the same handler and retries the call with `inputResponses` and the echoed
// `requestState` (its own multi-round-trip driver).
//
// Usage: node drive_v2.mjs SERVER VERSION ACT TOOL...
//   SERVER   the server binary, run with the argument `serve` (or with SERVER_ARGS, a JSON array); or the URL of a server (or of the
//            load balancer in front of its replicas) served over Streamable HTTP
//   VERSION  2025-06-18 or 2025-11-25 (the initialize handshake, offering only that version),
//            or 2026-07-28 (pinned: negotiated with server/discover, no fallback)
//   ACT      accept | accept-invalid | decline | cancel | silent | cancel-call (drive_common.mjs)
//   TOOL     the tools to call, in this order
//
// Prints one JSON line, as drive.mjs does.

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { callAndReport, elicitation, failAfter, scriptedUser } from './drive_common.mjs';

// The server's arguments: `serve` (the example), or those SERVER_ARGS gives as a JSON array
// (`mcpdesc mock DESCRIPTION`).
const serverArgs = process.env.SERVER_ARGS ? JSON.parse(process.env.SERVER_ARGS) : ['serve'];
const [server, version, act, ...order] = process.argv.slice(2);
failAfter('drive_v2.mjs', 120);

const requests = [];
const modern = version >= '2026-07-28';
const client = new Client(
  { name: 'mcpdesc-ts-v2-check', version: '1.0.0' },
  {
    capabilities: elicitation === null ? {} : { elicitation },
    ...(modern ? { versionNegotiation: { mode: { pin: version } } } : { supportedProtocolVersions: [version] }),
  },
);
// A client that declares no elicitation may not handle it.
if (elicitation !== null) client.setRequestHandler('elicitation/create', scriptedUser(act, requests));

// The server gets this process's environment (the SDK would pass only a few variables).
const transport = /^https?:/.test(server)
  ? new StreamableHTTPClientTransport(new URL(server))
  : new StdioClientTransport({ command: server, args: serverArgs, stderr: 'ignore', env: process.env });
await client.connect(transport);
await callAndReport(
  client,
  client.getNegotiatedProtocolVersion() ?? null,
  order,
  requests,
  (params, options) => client.callTool(params, options),
);
