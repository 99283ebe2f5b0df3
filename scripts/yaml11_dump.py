#!/usr/bin/env python3
"""Writes JSON values as YAML with PyYAML (a YAML 1.1 writer), for tests/validator/yaml.rs to read back with
mcpdesc-runtime's reader.

Input: a file of JSON lines, each a JSON value. Output (stdout): one JSON line per input line,
{"block": <text>, "flow": <text>}: the value under the key "k", written in block style with
non-ASCII characters as they are, and in flow style with them escaped.
"""
import json
import sys

import yaml


def main(path):
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            value = {"k": json.loads(line)}
            block = yaml.safe_dump(value, default_flow_style=False, allow_unicode=True)
            flow = yaml.safe_dump(value, default_flow_style=True, allow_unicode=False)
            print(json.dumps({"block": block, "flow": flow}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
