// What drive.mjs and drive_v2.mjs share: the scripted user's answers and the calls, for
// tests/sdk_clients.rs. Each script makes its SDK's client, connects it, and hands it here.

/** A value of the wrong JSON type for the form property schema `s`. */
export function wrongFor(s) {
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
export function valueFor(s) {
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

/** The elicitation capability the client declares: both modes, unless ELICITATION_CAPABILITY
 * gives another (such as `{}`, which the protocol reads as form mode only; `null`: none). */
export const elicitation = JSON.parse(process.env.ELICITATION_CAPABILITY || '{"form": {}, "url": {}}');

/** Fails the run instead of hanging the test when the server stops answering (each request
 * also times out on its own, after the SDK's 60 seconds). */
export function failAfter(script, seconds) {
  setTimeout(() => {
    console.error(`${script}: no answer within ${seconds} seconds`);
    process.exit(3);
  }, seconds * 1000).unref();
}

/** The messages of the requests the server cancelled while the scripted user held them. */
export const cancelled = [];

/** Aborts the call in flight (set by `callAndReport` for each call). */
let abortCall = () => {};

/** Whether the scripted user holds requests unanswered (silent, cancel-call). */
let holds = false;

/** The scripted user, as an elicitation handler that records each request's params in
 * `requests`: `act` is accept | accept-invalid | decline | cancel (accept-invalid: accepts a
 * form with a value of the wrong JSON type for every property) | silent (never answers) |
 * cancel-call (never answers, and cancels the call that asked). A request the server cancels is
 * recorded in `cancelled`. */
export function scriptedUser(act, requests) {
  holds = act === 'silent' || act === 'cancel-call';
  return async (request, extra) => {
    requests.push(request.params);
    if (act === 'silent' || act === 'cancel-call') {
      return new Promise((_, reject) => {
        // The SDK's first major version hands the signal as `extra.signal`, its second as `ctx.mcpReq.signal`.
        const signal = extra?.signal ?? extra?.mcpReq?.signal;
        signal?.addEventListener('abort', () => {
          cancelled.push(request.params.message);
          reject(new Error('cancelled by the server'));
        });
        if (act === 'cancel-call') abortCall();
      });
    }
    if (act !== 'accept' && act !== 'accept-invalid') return { action: act };
    if (request.params.mode === 'url') return { action: 'accept' };
    const content = {};
    for (const [name, property] of Object.entries(request.params.requestedSchema.properties)) {
      content[name] = act === 'accept' ? valueFor(property) : wrongFor(property);
    }
    return { action: 'accept', content };
  };
}

/** Calls each tool of `order` once with its required arguments only (strings "abc", integers
 * 1, the first of any choices), then gets every prompt with its required arguments ("abc"),
 * then reads every resource template (each variable `2026-q4`), and prints the run as one JSON
 * line: {"version", "tools": [{"name", "arguments", "requests", "isError", "text", "structured", "error",
 * "errorCode", "errorData", "errorType"}], "prompts": [{"name", "arguments", "requests", "text",
 * "error"}], "resources": [{"uriTemplate", "uri", "requests", "text", "error"}]}: a call answered with a JSON-RPC error gives its
 * message, code and data, and the class the SDK read it as. `requests` is the array the handler
 * records into. */
export async function callAndReport(client, negotiated, order, requests, callTool) {
  const call = callTool ?? ((params, options) => client.callTool(params, undefined, options));
  const listed = new Map((await client.listTools()).tools.map((t) => [t.name, t]));
  const tools = [];
  for (const tool of order.map((name) => listed.get(name) ?? { name, inputSchema: {} })) {
    const args = {};
    for (const name of tool.inputSchema.required || []) {
      args[name] = valueFor(tool.inputSchema.properties[name]);
    }
    requests.length = 0;
    cancelled.length = 0;
    const entry = { name: tool.name, arguments: args, requests: null, isError: null, text: null, error: null };
    const controller = new AbortController();
    abortCall = () => controller.abort('the user closed the window');
    try {
      const result = await call({ name: tool.name, arguments: args }, { signal: controller.signal });
      entry.isError = !!result.isError;
      entry.text = (result.content || []).map((c) => c.text ?? '').join('\n');
      entry.structured = result.structuredContent !== undefined;
    } catch (e) {
      entry.error = String(e.message);
      entry.errorCode = e.code ?? null;
      entry.errorData = e.data ?? null;
      entry.errorType = e.constructor.name;
      if (e.requiredCapabilities !== undefined) entry.requiredCapabilities = e.requiredCapabilities;
    }
    // A server that ends its wait cancels its request; give the notification a moment.
    if (holds && requests.length > cancelled.length) await new Promise((r) => setTimeout(r, 200));
    entry.requests = [...requests];
    entry.cancelled = [...cancelled];
    tools.push(entry);
  }
  const prompts = [];
  for (const prompt of (await client.listPrompts()).prompts) {
    const args = {};
    for (const argument of prompt.arguments || []) {
      if (argument.required) args[argument.name] = 'abc';
    }
    requests.length = 0;
    const entry = { name: prompt.name, arguments: args, requests: null, text: null, error: null };
    const controller = new AbortController();
    abortCall = () => controller.abort('the user closed the window');
    try {
      const result = await client.getPrompt({ name: prompt.name, arguments: args }, { signal: controller.signal });
      entry.text = result.messages.map((m) => m.content.text ?? '').join('\n');
    } catch (e) {
      entry.error = String(e.message);
    }
    entry.requests = [...requests];
    prompts.push(entry);
  }
  const resources = [];
  for (const template of (await client.listResourceTemplates()).resourceTemplates) {
    // Every variable of the template stands for the same value.
    const uri = template.uriTemplate.replace(/\{[^}]*\}/g, '2026-q4');
    requests.length = 0;
    const entry = { uriTemplate: template.uriTemplate, uri, requests: null, text: null, error: null };
    const controller = new AbortController();
    abortCall = () => controller.abort('the user closed the window');
    try {
      const result = await client.readResource({ uri }, { signal: controller.signal });
      entry.text = result.contents.map((c) => c.text ?? '').join('\n');
    } catch (e) {
      entry.error = String(e.message);
    }
    entry.requests = [...requests];
    resources.push(entry);
  }
  await client.close();
  console.log(JSON.stringify({ version: negotiated, tools, prompts, resources }));
}
