// Judges MCP Description documents against the format's JSON Schema the way the reference
// mcpdesc validator does (ajv 8 for JSON Schema 2020-12 with ajv-formats, `strict: false`,
// `allErrors: true`), for tests/validator/format_schema.rs.
//
// Input (stdin): {"schema": <the format's schema>, "documents": [<document>, ...]}.
// Output (stdout): a JSON array, per document whether it is valid against the schema.

import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { schema, documents } = JSON.parse(input);
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);
console.log(JSON.stringify(documents.map((document) => validate(document))));
