#!/usr/bin/env python3
"""Reads each text with PyYAML (a YAML 1.1 reader, `safe_load`).

Input: a file of JSON lines, each a JSON string (a YAML text). Prints one JSON line per text:
{"value": <what PyYAML reads, as JSON>} or {"error": <why it refuses>}. Used by tests/validator/yaml.rs
as a second opinion where this crate's reader and the `yaml` package disagree.
"""
import json
import sys

import yaml


def main(path):
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            text = json.loads(line)
            try:
                value = yaml.safe_load(text)
                # What JSON cannot hold (a date, a set) is written as a string, which no value
                # this crate reads equals.
                print(json.dumps({"value": value}, default=repr))
            except Exception as error:  # a YAMLError, or a key PyYAML cannot hash
                print(json.dumps({"error": str(error).splitlines()[0] if str(error) else "error"}))


main(sys.argv[1])
