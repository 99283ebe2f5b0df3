// Reads a JSON-RPC error and a notification a server sent (stdin: {"error": {code, message,
// data}, "notification": {method, params}}) and reads them as both major versions of the
// official TypeScript SDK's client do, for tests/sdk_clients.rs: the error through the SDK's
// own `fromError` (which makes a `UrlElicitationRequiredError` of a -32042 error whose data
// lists the elicitations), each of its elicitations through the SDK's schema of URL-mode
// params, and the notification through its schema of `notifications/elicitation/complete`.
//
// Output (stdout): {"v1": {...}, "v2": {...}}, each {"recognized": bool, "elicitations": [the
// elicitations as the SDK's schema reads them, or null for one it refuses], "notification":
// the notification as it reads it, or null}.

import { McpError, UrlElicitationRequiredError, ElicitRequestURLParamsSchema, ElicitationCompleteNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import * as v2 from '@modelcontextprotocol/client';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { error, notification } = JSON.parse(input);

const zod = (schema) => (value) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
};
const standard = (schema) => (value) => {
  const checked = schema['~standard'].validate(value);
  return checked.issues === undefined ? checked.value : null;
};

function read(fromError, UrlError, urlParams, completion) {
  const made = fromError(error.code, error.message, error.data);
  const recognized = made instanceof UrlError;
  return {
    recognized,
    elicitations: recognized ? made.elicitations.map(urlParams) : [],
    notification: completion(notification),
  };
}

console.log(
  JSON.stringify({
    v1: read(
      (c, m, d) => McpError.fromError(c, m, d),
      UrlElicitationRequiredError,
      zod(ElicitRequestURLParamsSchema),
      zod(ElicitationCompleteNotificationSchema),
    ),
    v2: read(
      (c, m, d) => v2.ProtocolError.fromError(c, m, d),
      v2.UrlElicitationRequiredError,
      standard(v2.specTypeSchemas.ElicitRequestURLParams),
      standard(v2.specTypeSchemas.ElicitationCompleteNotification),
    ),
  }),
);
