// Drives an MCP server over stdio with the official TypeScript SDK's client, for
// tests/sdk_clients.rs. The SDK's client checks every elicitation/create request it receives
// against its own schema of the protocol (and answers the server with an error when one does
// not fit), so a request it hands to the handler below is one the SDK accepts.
//
// Usage: node drive.mjs SERVER VERSION ACT TOOL...
//   SERVER   the server binary, run with the argument `serve`
//   VERSION  the protocol version the client asks for in `initialize`
//   ACT      accept | accept-invalid | decline | cancel: what the scripted user does with every
//            elicitation (accept-invalid: accepts a form with a value of the wrong JSON type for
//            every property)
//   TOOL     the tools to call, in this order (each must be listed by the server)
//
// Prints one JSON line: {"version": <negotiated>, "tools": [{"name", "arguments", "requests",
// "isError", "text", "error"}], "prompts": [{"name", "arguments", "requests", "text", "error"}]},
// calling each TOOL once with its required arguments only (strings "abc", integers 1, the first
// of any choices), then getting every prompt with its required arguments ("abc").

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const [server, version, act, ...order] = process.argv.slice(2);

// A server that stops answering fails the run instead of hanging the test (each request also
// times out on its own, after the SDK's 60 seconds).
setTimeout(() => {
  console.error('drive.mjs: no answer within 120 seconds');
  process.exit(3);
}, 120_000).unref();

/** A value of the wrong JSON type for the form property schema `s`. */
function wrongFor(s) {
  switch (s.type) {
    case 'string':
      return 12345;
    case 'array':
      return 'not a list';
    default:
      return 'not a value of this type';
  }
}

/** A value that fits the (form or argument) property schema `s`. */
function valueFor(s) {
  if (s.enum) return s.enum[0];
  const options = s.oneOf || s.anyOf;
  if (options) return options[0].const;
  switch (s.type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'array': {
      const item = s.items || {};
      const choices = item.enum || (item.oneOf || item.anyOf || []).map((o) => o.const);
      return choices.slice(0, Math.max(1, s.minItems || 1));
    }
    case 'string': {
      if (s.format === 'email') return 'octo@example.com';
      if (s.format === 'uri') return 'https://example.com/x';
      if (s.format === 'date') return '2025-01-01';
      if (s.format === 'date-time') return '2025-01-01T10:00:00Z';
      let v = 'abc';
      while (v.length < (s.minLength || 0)) v += 'x';
      return s.maxLength ? v.slice(0, s.maxLength) : v;
    }
    default:
      return null;
  }
}

let requests = [];
// The elicitation capability the client declares: both modes, unless ELICITATION_CAPABILITY
// gives another (such as `{}`, which the protocol reads as form mode only).
const elicitation = JSON.parse(process.env.ELICITATION_CAPABILITY || '{"form": {}, "url": {}}');
const client = new Client({ name: 'mcpdesc-ts-check', version: '1.0.0' }, { capabilities: { elicitation } });
client.setRequestHandler(ElicitRequestSchema, async (request) => {
  requests.push(request.params);
  if (act !== 'accept' && act !== 'accept-invalid') return { action: act };
  if (request.params.mode === 'url') return { action: 'accept' };
  const content = {};
  for (const [name, property] of Object.entries(request.params.requestedSchema.properties)) {
    content[name] = act === 'accept' ? valueFor(property) : wrongFor(property);
  }
  return { action: 'accept', content };
});

const transport = new StdioClientTransport({ command: server, args: ['serve'], stderr: 'ignore' });
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

const listed = new Map((await client.listTools()).tools.map((t) => [t.name, t]));
const tools = [];
for (const tool of order.map((name) => listed.get(name) ?? { name, inputSchema: {} })) {
  const args = {};
  for (const name of tool.inputSchema.required || []) {
    args[name] = valueFor(tool.inputSchema.properties[name]);
  }
  requests = [];
  const entry = { name: tool.name, arguments: args, requests: null, isError: null, text: null, error: null };
  try {
    const result = await client.callTool({ name: tool.name, arguments: args });
    entry.isError = !!result.isError;
    entry.text = (result.content || []).map((c) => c.text ?? '').join('\n');
  } catch (e) {
    entry.error = String(e.message);
  }
  entry.requests = requests;
  tools.push(entry);
}
// Every prompt, with each required argument "abc".
const prompts = [];
for (const prompt of (await client.listPrompts()).prompts) {
  const args = {};
  for (const argument of prompt.arguments || []) {
    if (argument.required) args[argument.name] = 'abc';
  }
  requests = [];
  const entry = { name: prompt.name, arguments: args, requests: null, text: null, error: null };
  try {
    const result = await client.getPrompt({ name: prompt.name, arguments: args });
    entry.text = result.messages.map((m) => m.content.text ?? '').join('\n');
  } catch (e) {
    entry.error = String(e.message);
  }
  entry.requests = requests;
  prompts.push(entry);
}
await client.close();
console.log(JSON.stringify({ version: negotiated, tools, prompts }));
