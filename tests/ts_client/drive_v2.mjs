// Drives an MCP server over stdio with the client of the official TypeScript SDK's second major
// version (the split packages, `@modelcontextprotocol/client`), for tests/sdk_clients.rs: the
// same runs and the same output as drive.mjs. This client checks every elicitation request
// against its schema of the negotiated version's wire (one codec per protocol revision, where
// the first major version checks every version against its latest), and its result too; on
// 2026-07-28, negotiated with `server/discover`, it answers the server's input-required results
// through the same handler and retries the call with `inputResponses` and the echoed
// `requestState` (its own multi-round-trip driver).
//
// Usage: node drive_v2.mjs SERVER VERSION ACT TOOL...
//   SERVER   the server binary, run with the argument `serve`
//   VERSION  2025-06-18 or 2025-11-25 (the initialize handshake, offering only that version),
//            or 2026-07-28 (pinned: negotiated with server/discover, no fallback)
//   ACT      accept | accept-invalid | decline | cancel (as in drive.mjs)
//   TOOL     the tools to call, in this order
//
// Prints one JSON line, as drive.mjs does.

import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [server, version, act, ...order] = process.argv.slice(2);

setTimeout(() => {
  console.error('drive_v2.mjs: no answer within 120 seconds');
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
const elicitation = JSON.parse(process.env.ELICITATION_CAPABILITY || '{"form": {}, "url": {}}');
const modern = version >= '2026-07-28';
const client = new Client(
  { name: 'mcpdesc-ts-v2-check', version: '1.0.0' },
  {
    capabilities: { elicitation },
    ...(modern ? { versionNegotiation: { mode: { pin: version } } } : { supportedProtocolVersions: [version] }),
  },
);
client.setRequestHandler('elicitation/create', async (request) => {
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
await client.connect(transport);
const negotiated = client.getNegotiatedProtocolVersion() ?? null;
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
