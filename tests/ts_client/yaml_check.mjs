// The `yaml` package (a YAML 1.2 reader and writer written independently of this crate and of
// the YAML parser it uses), for tests/validator/yaml.rs.
//
// Usage: node yaml_check.mjs read|write|parse|positions, JSON lines on stdin.
//   read   each line {"yaml": <text>, "json": <text>}: reads the YAML (YAML 1.2, core schema) and
//          compares it with the JSON. Prints {"count": N, "mismatches": [...]}.
//   write  each line a JSON value: prints per line {"yaml": [<{"k": value} as YAML, in each of the
//          writer's styles>], "read": [<what the package reads each text as, as JSON>], "json":
//          <the value as JSON>} (JSON as JavaScript holds it: integers beyond 2^53 rounded).

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
  // In each of the writer's styles: block and flow collections, and every string style.
  const styles = [
    {},
    { collectionStyle: 'flow' },
    { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN' },
    { defaultStringType: 'QUOTE_SINGLE' },
    { defaultStringType: 'BLOCK_LITERAL' },
    { defaultStringType: 'BLOCK_FOLDED', lineWidth: 20 },
  ];
  for (const line of lines) {
    const value = { k: JSON.parse(line) };
    const yaml = styles.map((style) => YAML.stringify(value, { version: '1.2', ...style }));
    // What the package reads its own text as: the writer does not always write the value it was
    // given (a folded string can gain a leading line break), so the reader is the judge.
    const read = yaml.map((text) => JSON.stringify(YAML.parse(text, { version: '1.2', schema: 'core' })));
    console.log(JSON.stringify({ yaml, read, json: JSON.stringify(value) }));
  }
} else if (mode === 'parse') {
  for (const line of lines) {
    try {
      const value = YAML.parse(JSON.parse(line), { version: '1.2', schema: 'core', uniqueKeys: true });
      console.log(JSON.stringify({ value: value === undefined ? null : value }));
    } catch (error) {
      console.log(JSON.stringify({ error: String(error.message).split('\n')[0] }));
    }
  }
} else if (mode === 'positions') {
  // Each line a YAML text (JSON-encoded): prints {"positions": {pointer: [line, column]}} for
  // every mapping member (where its key is written) and every sequence item (where it starts;
  // an empty item, written as nothing, is left out), lines and columns 1-based, columns in
  // characters; or {"error": ...}.
  for (const line of lines) {
    const text = JSON.parse(line);
    const doc = YAML.parseDocument(text, { version: '1.2', schema: 'core', uniqueKeys: true });
    if (doc.errors.length > 0) {
      console.log(JSON.stringify({ error: String(doc.errors[0].message).split('\n')[0] }));
      continue;
    }
    const starts = [0];
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
    const at = (offset) => {
      let l = starts.length - 1;
      while (starts[l] > offset) l--;
      return [l + 1, Array.from(text.slice(starts[l], offset)).length + 1];
    };
    const positions = {};
    const token = (s) => String(s).replaceAll('~', '~0').replaceAll('/', '~1');
    const walk = (node, pointer) => {
      if (YAML.isMap(node)) {
        for (const pair of node.items) {
          const p = `${pointer}/${token(YAML.isScalar(pair.key) ? pair.key.value : pair.key)}`;
          if (pair.key && pair.key.range) positions[p] = at(pair.key.range[0]);
          walk(pair.value, p);
        }
      } else if (YAML.isSeq(node)) {
        node.items.forEach((item, i) => {
          const p = `${pointer}/${i}`;
          if (item && item.range && item.range[1] > item.range[0]) positions[p] = at(item.range[0]);
          walk(item, p);
        });
      }
    };
    walk(doc.contents, '');
    console.log(JSON.stringify({ positions }));
  }
} else {
  console.error('usage: node yaml_check.mjs read|write|parse|positions');
  process.exit(2);
}
