// Reads elicitation/create params, one JSON object per line on stdin, and checks each the way
// the official TypeScript SDK's client checks a request it receives, for tests/sdk_clients.rs:
// with no argument, the first major version's `ElicitRequestSchema`; with `v2`, the second major
// version's published schema of the request (`specTypeSchemas.ElicitRequest`, the 2025 wire,
// with which its client checks an `elicitation/create` request).
//
// Usage: node check_requests.mjs [v2]
// Output (stdout): one JSON array, per line {"ok": bool, "kept": bool, "issues": [...]}.
// `kept`: the requestedSchema the SDK hands on equals the one sent (the SDK's schema drops
// members it does not know, so a dropped member is one outside its vocabulary).

import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { specTypeSchemas } from '@modelcontextprotocol/client';

/** The request as the SDK reads it: {"value"} or {"issues"}. */
const check =
  process.argv[2] === 'v2'
    ? (request) => specTypeSchemas.ElicitRequest['~standard'].validate(request)
    : (request) => {
        const parsed = ElicitRequestSchema.safeParse(request);
        return parsed.success ? { value: parsed.data } : { issues: parsed.error.issues };
      };

let input = '';
for await (const chunk of process.stdin) input += chunk;
const results = input
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => {
    const params = JSON.parse(line);
    const checked = check({ method: 'elicitation/create', params });
    if (checked.issues !== undefined) return { ok: false, kept: false, issues: checked.issues };
    const kept =
      params.mode !== 'form' ||
      JSON.stringify(checked.value.params.requestedSchema) === JSON.stringify(params.requestedSchema);
    return { ok: true, kept, issues: [] };
  });
console.log(JSON.stringify(results));
