#!/usr/bin/env python3
"""Says whether PyYAML (a YAML 1.1 reader, `safe_load`) reads each text or refuses it.

Input: a file of JSON lines, each a JSON string (a YAML text). Prints one line per text,
"read" or "refused". Used by tests/yaml.rs as a second opinion where this crate's reader and
the `yaml` package disagree.
"""
import json
import sys

import yaml


def main(path):
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            text = json.loads(line)
            try:
                yaml.safe_load(text)
                print("read")
            except Exception:  # a YAMLError, or a key PyYAML cannot hash
                print("refused")


main(sys.argv[1])
