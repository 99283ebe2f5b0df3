// Whether each string is an ECMAScript regular expression in Unicode mode, as ajv compiles a
// JSON Schema `pattern` (`new RegExp(pattern, "u")`), for tests/validator/tool_schema_agreement.rs.
//
// Input (stdin): a JSON array of strings. Output (stdout): a JSON array of booleans.

let input = '';
for await (const chunk of process.stdin) input += chunk;
console.log(JSON.stringify(JSON.parse(input).map((pattern) => {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
})));
