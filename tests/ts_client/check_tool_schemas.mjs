// Judges tool schemas the way the reference mcpdesc validator does for MCP 2025-11-25 and later
// (ajv 8 with ajv-formats, `strict: false`, `allErrors: true`; Ajv2020 for JSON Schema 2020-12,
// Ajv for draft-07): the schema is checked against its dialect's meta-schema and compiled; when
// that fails only because of `$ref`s to other documents (which are never fetched), the schema
// without them compiles and the verdict is a warning. For tests/validator/tool_schema_agreement.rs.
//
// Input (stdin): a JSON array of schemas. Output (stdout): a JSON array of verdicts, one per
// schema: "valid", "warning" (external references left unchecked) or "invalid".

import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

function validatorFor(schema) {
  const draft07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/.test(schema.$schema ?? '');
  const ajv = draft07 ? new Ajv({ allErrors: true, strict: false }) : new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv;
}

// The schema with every `$ref` that does not start with `#` taken out, and whether there was one.
function localOnly(value) {
  let external = false;
  const visit = (v) => {
    if (Array.isArray(v)) return v.map(visit);
    if (v === null || typeof v !== 'object') return v;
    const out = {};
    for (const [key, child] of Object.entries(v)) {
      if (key === '$ref' && typeof child === 'string' && !child.startsWith('#')) {
        external = true;
        continue;
      }
      out[key] = visit(child);
    }
    return out;
  };
  return { schema: visit(value), external };
}

function verdict(schema) {
  try {
    const ajv = validatorFor(schema);
    if (!ajv.validateSchema(schema, true)) return 'invalid';
    ajv.compile(schema);
    return 'valid';
  } catch {
    const { schema: local, external } = localOnly(schema);
    if (!external) return 'invalid';
    try {
      validatorFor(local).compile(local);
      return 'warning';
    } catch {
      return 'invalid';
    }
  }
}

let input = '';
for await (const chunk of process.stdin) input += chunk;
console.log(JSON.stringify(JSON.parse(input).map(verdict)));
