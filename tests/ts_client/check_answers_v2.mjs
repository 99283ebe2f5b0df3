// check_answers.mjs for the official TypeScript SDK's second major version: checks answers the
// way its server (`@modelcontextprotocol/server`) checks an accepted elicitation answer, with
// one of its two validators, for tests/agreement.rs:
//   ajv        its default on Node.js (`AjvJsonSchemaValidator`: ajv's 2020-12 engine with
//              ajv-formats, `strict: false`, `validateFormats: true`, `allErrors: true`);
//   cf-worker  its default on Cloudflare Workers and in browsers (`CfWorkerJsonSchemaValidator`,
//              `@cfworker/json-schema`, an implementation of its own), made to report every error
//              (`shortcircuit: false`) so that each wrong property is named; whether an answer is
//              valid does not depend on it.
//
// Usage: node check_answers_v2.mjs ajv|cf-worker
// Input (stdin): {"schema": <requestedSchema>, "contents": [<content>, ...]}.
// Output (stdout): one JSON array, per content {"valid": bool, "message": <the SDK's error text>}.

import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';

const which = process.argv[2];
const provider =
  which === 'ajv'
    ? new AjvJsonSchemaValidator()
    : which === 'cf-worker'
      ? new CfWorkerJsonSchemaValidator({ shortcircuit: false })
      : null;
if (provider === null) {
  console.error('usage: node check_answers_v2.mjs ajv|cf-worker');
  process.exit(2);
}

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { schema, contents } = JSON.parse(input);
const validate = provider.getValidator(schema);
const verdicts = contents.map((content) => {
  const { valid, errorMessage } = validate(content);
  return { valid, message: errorMessage ?? null };
});
console.log(JSON.stringify(verdicts));
