// Reads elicitation/create params, one JSON object per line on stdin, and checks each the way
// the official TypeScript SDK's client checks a request it receives (`ElicitRequestSchema`),
// for tests/sdk_clients.rs.
//
// Output (stdout): one JSON array, per line {"ok": bool, "kept": bool, "issues": <zod issues>}.
// `kept`: the requestedSchema the SDK hands on equals the one sent (the SDK's schema drops
// members it does not know, so a dropped member is one outside its vocabulary).

import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const results = input
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => {
    const params = JSON.parse(line);
    const parsed = ElicitRequestSchema.safeParse({ method: 'elicitation/create', params });
    if (!parsed.success) return { ok: false, kept: false, issues: parsed.error.issues };
    const kept =
      params.mode !== 'form' ||
      JSON.stringify(parsed.data.params.requestedSchema) === JSON.stringify(params.requestedSchema);
    return { ok: true, kept, issues: [] };
  });
console.log(JSON.stringify(results));
