// The `yaml` package (a YAML 1.2 reader and writer written independently of this crate and of
// the YAML parser it uses), for tests/yaml.rs.
//
// Usage: node yaml_check.mjs read|write, JSON lines on stdin.
//   read   each line {"yaml": <text>, "json": <text>}: reads the YAML (YAML 1.2, core schema) and
//          compares it with the JSON. Prints {"count": N, "mismatches": [...]}.
//   write  each line a JSON value: prints per line {"yaml": <{"k": value} as YAML>, "json":
//          <the same value as JSON>} (JSON as JavaScript holds it: integers beyond 2^53 rounded).

import { createInterface } from 'node:readline';
import YAML from 'yaml';

function same(a, b) {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
  }
  return a === b;
}

const mode = process.argv[2];
const lines = [];
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() !== '') lines.push(line);
}
if (mode === 'read') {
  const mismatches = [];
  for (const line of lines) {
    const { yaml, json } = JSON.parse(line);
    let read;
    try {
      read = YAML.parse(yaml, { version: '1.2', schema: 'core', uniqueKeys: true });
    } catch (error) {
      mismatches.push({ yaml, json, error: String(error.message) });
      continue;
    }
    if (!same(read, JSON.parse(json))) mismatches.push({ yaml, json, read: JSON.stringify(read) });
  }
  console.log(JSON.stringify({ count: lines.length, mismatches }));
} else if (mode === 'write') {
  for (const line of lines) {
    const value = { k: JSON.parse(line) };
    console.log(JSON.stringify({ yaml: YAML.stringify(value, { version: '1.2' }), json: JSON.stringify(value) }));
  }
} else {
  console.error('usage: node yaml_check.mjs read|write');
  process.exit(2);
}
