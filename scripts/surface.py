#!/usr/bin/env python3
"""The visible surface of a crate, counted from rustdoc's JSON output.

Items: every public item a user can name from the crate root (modules, types, traits,
functions, constants, statics, macros), each counted once however many paths lead to it.
Methods: the associated functions, constants and types of those types' inherent impls and the
items those traits declare. An item re-exported from another crate of this workspace
(`mcpdesc_format`, `mcpdesc_derive`) counts where it is inlined, as the user reads it there;
`#[doc(no_inline)]` re-exports and other crates' items do not. `#[doc(hidden)]` items are not in
rustdoc's output, so they are not counted.

Usage: scripts/surface.py CRATE [FEATURES...]   (needs a nightly toolchain)
"""
import json
import subprocess
import sys
import tempfile
from collections import Counter

KINDS = {"module", "struct", "enum", "union", "trait", "function", "constant", "static",
         "type_alias", "macro", "proc_macro", "trait_alias"}


def main():
    krate = sys.argv[1]
    target = tempfile.gettempdir() + "/surface-target"
    subprocess.run(["cargo", "+nightly", "rustdoc", "-q", "-p", krate, "--lib", "--all-features",
                    "--target-dir", target, "--", "-Z", "unstable-options",
                    "--output-format", "json"], check=True)
    with open(f"{target}/doc/{krate.replace('-', '_')}.json") as file:
        doc = json.load(file)
    index = doc["index"]
    seen, items, methods = set(), Counter(), Counter()
    crates = {int(i): c["name"] for i, c in doc.get("external_crates", {}).items()}

    def ours(crate_id):
        return crate_id == 0 or crates.get(crate_id, "").startswith("mcpdesc_")

    def kind(item):
        return next(iter(item["inner"])) if isinstance(item["inner"], dict) else item["inner"]

    def visit(item_id):
        if item_id in seen or str(item_id) not in index:
            return
        seen.add(item_id)
        item = index[str(item_id)]
        k = kind(item)
        inner = item["inner"][k] if isinstance(item["inner"], dict) else None
        if k == "use":
            if inner.get("id") is not None:
                visit(inner["id"])
            return
        if not ours(item["crate_id"]) or item["visibility"] != "public" and k != "module":
            return
        if k in KINDS:
            items[k] += 1
        if k == "module":
            for child in inner["items"]:
                visit(child)
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

    visit(doc["root"])
    print(f"{krate}: {sum(items.values())} items, {sum(methods.values())} methods")
    print("  items:  ", ", ".join(f"{k} {n}" for k, n in sorted(items.items())))
    print("  methods:", ", ".join(f"{k} {n}" for k, n in sorted(methods.items())))


if __name__ == "__main__":
    main()
