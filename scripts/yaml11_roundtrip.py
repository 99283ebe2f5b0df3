#!/usr/bin/env python3
"""Reads YAML written by mcpdesc-runtime's `yaml::to_string` with PyYAML (a YAML 1.1 reader) and
checks that each document equals its JSON source, types included (5.0 is not 5, true is not 1).

Input: a file of JSON lines, each {"yaml": <text>, "json": <text>}. Prints every mismatch and
exits 1 if there is one; exits 0 when all agree. Used by tests/validator/yaml.rs.
"""
import json
import sys

import yaml


def same(a, b):
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def main(path):
    failures = 0
    count = 0
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            case = json.loads(line)
            count += 1
            expected = json.loads(case["json"])
            try:
                actual = yaml.safe_load(case["yaml"])
            except yaml.YAMLError as error:
                failures += 1
                print(f"case {number}: PyYAML refused it: {error}\n{case['yaml']}")
                continue
            if not same(actual, expected):
                failures += 1
                print(f"case {number}: read {actual!r}, expected {expected!r}\n{case['yaml']}")
    print(f"{count} documents, {failures} mismatches")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
