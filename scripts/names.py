#!/usr/bin/env python3
"""The names of `mcpdesc_runtime` a user writes: every path imported from it or written out in
the README, the runtime's reference pages (`mcpdesc-runtime/docs/`) and the example server, at
a git revision. A second measure of the surface beside `surface.py`, which counts everything the
documentation shows: this one counts what the documented ways of doing each job use.

Usage: scripts/names.py [REV]   (default HEAD)
"""
import re
import subprocess
import sys


def files(rev):
    listed = subprocess.run(["git", "ls-tree", "-r", "--name-only", rev],
                            capture_output=True, text=True, check=True).stdout.split()
    return [f for f in listed if f == "README.md" or f.startswith("mcpdesc-runtime/docs/")
            or f.startswith("examples/issue_tracker/")]


def flatten(prefix, text, out):
    """Every path of a `use` tree: `a::{b, c::{d}}` gives `a::b`, `a::c::d`."""
    text = " ".join(text.split())
    if text.startswith("{") and text.endswith("}"):
        depth, part, parts = 0, "", []
        for ch in text[1:-1]:
            depth += ch == "{"
            depth -= ch == "}"
            if ch == "," and depth == 0:
                parts.append(part)
                part = ""
            else:
                part += ch
        parts.append(part)
        for part in parts:
            flatten(prefix, part.strip(), out)
    elif "::{" in text:
        head, rest = text.split("::{", 1)
        flatten(prefix + head + "::", "{" + rest, out)
    elif text and text != "self":
        out.add(prefix + text.split(" as ")[0].strip())
    elif text == "self" and prefix:
        out.add(prefix.rstrip(":"))


def main():
    rev = sys.argv[1] if len(sys.argv) > 1 else "HEAD"
    names = set()
    for name in files(rev):
        text = subprocess.run(["git", "show", f"{rev}:{name}"],
                              capture_output=True, text=True, check=True).stdout
        for use in re.finditer(r"use mcpdesc_runtime::(\{[^;]*\}|[^;]+);", text, re.S):
            flatten("", use.group(1), names)
        for path in re.finditer(r"(?<!use )mcpdesc_runtime::([A-Za-z_][A-Za-z_0-9:]*[A-Za-z_0-9])", text):
            names.add(path.group(1))
    print(f"{rev}: {len(names)} names")
    for name in sorted(names):
        print(" ", name)


if __name__ == "__main__":
    main()
