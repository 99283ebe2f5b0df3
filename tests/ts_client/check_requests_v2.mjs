// check_requests.mjs for the official TypeScript SDK's second major version: reads
// elicitation/create params, one JSON object per line on stdin, and checks each against that
// SDK's published schema of the request (`specTypeSchemas.ElicitRequest`, the 2025 wire that
// its client checks an `elicitation/create` request with), for tests/sdk_clients.rs.
//
// Output (stdout): one JSON array, per line {"ok": bool, "kept": bool, "issues": [...]}, as
// check_requests.mjs writes it.

import { specTypeSchemas } from '@modelcontextprotocol/client';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const results = input
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => {
    const params = JSON.parse(line);
    const checked = specTypeSchemas.ElicitRequest['~standard'].validate({ method: 'elicitation/create', params });
    if (checked.issues !== undefined) return { ok: false, kept: false, issues: checked.issues };
    const kept =
      params.mode !== 'form' ||
      JSON.stringify(checked.value.params.requestedSchema) === JSON.stringify(params.requestedSchema);
    return { ok: true, kept, issues: [] };
  });
console.log(JSON.stringify(results));
