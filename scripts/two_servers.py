"""Writes the two servers the build scripts compare: the README's (its `[dependencies]` and its
server, which asks with `ask!`), and the same tool on rmcp and schemars alone
(`scripts/plain_server.rs`, rmcp's stdio transport).

Usage: two_servers.py ROOT WORK workspace|projects
- `workspace`: one workspace in WORK, the packages `user-build-cost` (in `server/`) and
  `plain-server` (in `plain/`), sharing one `target/` (scripts/user-build-cost.sh);
- `projects`: two projects, `ours/` and `plain/`, each its own workspace with its own `target/`
  (scripts/server-build.sh).
"""
import pathlib
import shutil
import sys

root, work, layout = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3]
readme = (root / "README.md").read_text()


def block_after(after, language):
    start = readme.index(after) + len(after)
    fence = "```" + language + "\n"
    start = readme.index(fence, start) + len(fence)
    return readme[start:readme.index("```", start)]


dependencies = block_after("### Asking over rmcp", "toml")
published = 'mcpdesc-runtime = { version = "0.1",'
assert published in dependencies, dependencies
dependencies = dependencies.replace(
    published, f'mcpdesc-runtime = {{ path = "{root / "mcpdesc-runtime"}",')
plain = "\n".join(l for l in dependencies.splitlines() if not l.startswith("mcpdesc-runtime"))
plain = plain.replace('features = ["server",', 'features = ["transport-io", "server",', 1)
assert "transport-io" in plain, plain

own_workspace = "[workspace]\n\n" if layout == "projects" else ""
package = ('[package]\nname = "{}"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n'
           + own_workspace)
dirs = {"workspace": ("server", "plain"), "projects": ("ours", "plain")}[layout]
names = {"workspace": ("user-build-cost", "plain-server"), "projects": ("ours", "plain")}[layout]
if layout == "workspace":
    (work / "Cargo.toml").write_text('[workspace]\nmembers = ["server", "plain"]\nresolver = "3"\n')
for d in dirs:
    (work / d / "src").mkdir(parents=True, exist_ok=True)
(work / dirs[0] / "Cargo.toml").write_text(package.format(names[0]) + dependencies)
(work / dirs[0] / "src/main.rs").write_text(block_after("### Asking over rmcp", "rust,ignore"))
(work / dirs[1] / "Cargo.toml").write_text(package.format(names[1]) + plain + "\n")
shutil.copy(root / "scripts/plain_server.rs", work / dirs[1] / "src/main.rs")
