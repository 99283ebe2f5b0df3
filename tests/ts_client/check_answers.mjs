// Checks answers the way the official TypeScript SDK's server checks an accepted elicitation
// answer (its default `AjvJsonSchemaValidator`: ajv with ajv-formats, `strict: false`,
// `validateFormats: true`, `allErrors: true`), for tests/agreement.rs.
//
// Input (stdin): {"schema": <requestedSchema>, "contents": [<content>, ...]}.
// Output (stdout): one JSON array, per content {"valid": bool, "message": <the SDK's error text>}.

import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { schema, contents } = JSON.parse(input);
const validate = new AjvJsonSchemaValidator().getValidator(schema);
const verdicts = contents.map((content) => {
  const { valid, errorMessage } = validate(content);
  return { valid, message: errorMessage ?? null };
});
console.log(JSON.stringify(verdicts));
