#!/usr/bin/env python3
"""The visible surface of a crate, counted from rustdoc's JSON output.

Items: every public item a user can name from the crate root (modules, types, traits,
functions, constants, statics, macros), each counted once however many paths lead to it.
Methods: the associated functions, constants and types of those types' inherent impls and the
items those traits declare. An item the crate re-exports from another crate of this workspace
(`mcpdesc_format`, `mcpdesc_derive`) is counted too, read from that crate's own JSON: the user
reads it on this crate's pages. Other crates' items are not counted. `#[doc(hidden)]` items are
not in rustdoc's output, so they are not counted.

Usage: scripts/surface.py CRATE   (needs a nightly toolchain)
"""
import json
import subprocess
import sys
import tempfile
from collections import Counter

KINDS = {"module", "struct", "enum", "union", "trait", "function", "constant", "static",
         "type_alias", "macro", "proc_macro", "trait_alias"}
TARGET = tempfile.gettempdir() + "/surface-target"
DOCS = {}


def load(crate):
    """The rustdoc JSON of the workspace crate `crate` (its name with `_`)."""
    if crate not in DOCS:
        subprocess.run(["cargo", "+nightly", "rustdoc", "-q", "-p", crate.replace("_", "-"),
                        "--lib", "--all-features", "--target-dir", TARGET, "--", "-Z",
                        "unstable-options", "--output-format", "json"], check=True)
        with open(f"{TARGET}/doc/{crate}.json") as file:
            DOCS[crate] = json.load(file)
    return DOCS[crate]


def kind(item):
    return next(iter(item["inner"])) if isinstance(item["inner"], dict) else item["inner"]


def main():
    root_crate = sys.argv[1].replace("-", "_")
    seen, items, methods = set(), Counter(), Counter()

    def visit(crate, item_id):
        doc = load(crate)
        index = doc["index"]
        if (crate, item_id) in seen:
            return
        seen.add((crate, item_id))
        if str(item_id) not in index:
            # Another crate's item: followed into that crate when it is one of ours.
            summary = doc["paths"].get(str(item_id))
            if not summary:
                return
            owner = doc["external_crates"].get(str(summary["crate_id"]), {}).get("name", "")
            if not owner.startswith("mcpdesc_"):
                return
            there = load(owner)
            for other_id, entry in there["paths"].items():
                if entry["crate_id"] == 0 and entry["path"] == summary["path"]:
                    if other_id not in there["index"]:
                        # A derive macro is listed under another id than its item's.
                        other_id = next((i for i, it in there["index"].items()
                                         if it["name"] == summary["path"][-1]
                                         and kind(it) == "proc_macro"), other_id)
                    visit(owner, int(other_id))
                    return
            return
        item = index[str(item_id)]
        k = kind(item)
        inner = item["inner"][k] if isinstance(item["inner"], dict) else None
        if k == "use":
            if inner.get("id") is not None:
                visit(crate, inner["id"])
            return
        if item["crate_id"] != 0 or item["visibility"] != "public" and k != "module":
            return
        if k in KINDS:
            items[k] += 1
        if k == "module":
            for child in inner["items"]:
                visit(crate, child)
        elif k in ("struct", "enum", "union"):
            for impl_id in inner["impls"]:
                impl = index.get(str(impl_id))
                if impl and impl["inner"]["impl"]["trait"] is None:
                    for member in impl["inner"]["impl"]["items"]:
                        entry = index.get(str(member))
                        if entry and entry["visibility"] == "public":
                            methods[kind(entry)] += 1
        elif k == "trait":
            for member in inner["items"]:
                if str(member) in index:
                    methods[kind(index[str(member)])] += 1

    visit(root_crate, load(root_crate)["root"])
    print(f"{sys.argv[1]}: {sum(items.values())} items, {sum(methods.values())} methods")
    print("  items:  ", ", ".join(f"{k} {n}" for k, n in sorted(items.items())))
    print("  methods:", ", ".join(f"{k} {n}" for k, n in sorted(methods.items())))


if __name__ == "__main__":
    main()
