// Drives an MCP server over stdio with the official TypeScript SDK's client, for
// tests/sdk_clients.rs. The SDK's client checks every elicitation/create request it receives
// against its own schema of the protocol (and answers the server with an error when one does
// not fit), so a request it hands to the handler below is one the SDK accepts.
//
// Usage: node drive.mjs SERVER VERSION ACT TOOL...
//   SERVER   the server binary, run with the argument `serve` (or with SERVER_ARGS, a JSON array)
//   VERSION  the protocol version the client asks for in `initialize`
//   ACT      accept | accept-invalid | decline | cancel: what the scripted user does with every
//            elicitation (accept-invalid: accepts a form with a value of the wrong JSON type for
//            every property)
//   TOOL     the tools to call, in this order (each must be listed by the server)
//
// Prints one JSON line (drive_common.mjs's `callAndReport`).

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { callAndReport, elicitation, failAfter, scriptedUser } from './drive_common.mjs';

// The server's arguments: `serve` (the example), or those SERVER_ARGS gives as a JSON array
// (`mcpdesc mock DESCRIPTION`).
const serverArgs = process.env.SERVER_ARGS ? JSON.parse(process.env.SERVER_ARGS) : ['serve'];
const [server, version, act, ...order] = process.argv.slice(2);
failAfter('drive.mjs', 120);

const requests = [];
const client = new Client({ name: 'mcpdesc-ts-check', version: '1.0.0' }, { capabilities: { elicitation } });
client.setRequestHandler(ElicitRequestSchema, scriptedUser(act, requests));

// The server gets this process's environment (the SDK would pass only a few variables).
const transport = new StdioClientTransport({ command: server, args: serverArgs, stderr: 'ignore', env: process.env });
// The SDK always asks for its latest version; ask for the one under test instead.
const send = transport.send.bind(transport);
transport.send = (message) => {
  if (message.method === 'initialize') message.params.protocolVersion = version;
  return send(message);
};
// The version the server answered with, as the SDK hands it to the transport.
let negotiated = null;
transport.setProtocolVersion = (v) => {
  negotiated = v;
};
await client.connect(transport);
await callAndReport(client, negotiated, order, requests);
