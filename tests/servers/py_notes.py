"""A notes server written with the official Python SDK (MCPServer), for the tests that hold a
server nobody here wrote to its description (`tests/servers/py_notes.mcpdesc.yaml`).

Run with no argument it is the clean control: it serves what its description documents. Each
`--defect NAME` seeds one difference:

- `missing-tool`: `count_notes` is documented and not served;
- `undocumented-tool`: `delete_note` is served and not documented;
- `tightened-input`: `add_note` requires `body` and refuses `null` there, where the description
  leaves it optional and nullable;
- `crash-on-read`: reading `notes://{id}` at an `id` that is not a number fails with an internal
  error, where the template produces such URIs.
"""

import argparse

from mcp.server.mcpserver import MCPServer

parser = argparse.ArgumentParser()
parser.add_argument("--defect", action="append", default=[])
defects = set(parser.parse_args().defect)

server = MCPServer("notes")
NOTES: dict[int, str] = {}


if "tightened-input" in defects:

    @server.tool(description="Add a note.")
    def add_note(title: str, body: str) -> str:
        NOTES[len(NOTES) + 1] = f"{title}\n{body}"
        return f"note {len(NOTES)}"

else:

    @server.tool(description="Add a note.")
    def add_note(title: str, body: str | None = None) -> str:
        NOTES[len(NOTES) + 1] = f"{title}\n{body or ''}"
        return f"note {len(NOTES)}"


if "missing-tool" not in defects:

    @server.tool(description="Count the notes, up to a limit.")
    def count_notes(limit: int = 10) -> int:
        return min(len(NOTES), limit)


if "undocumented-tool" in defects:

    @server.tool(description="Delete a note.")
    def delete_note(id: int) -> str:
        NOTES.pop(id, None)
        return "deleted"


@server.prompt(description="Summarize the notes on a topic.")
def summarize(topic: str) -> str:
    return f"Summarize the notes about {topic}."


@server.resource("notes://all", description="Every note.", mime_type="text/plain")
def all_notes() -> str:
    return "\n\n".join(NOTES.values())


if "crash-on-read" in defects:

    @server.resource("notes://{id}", description="One note.", mime_type="text/plain")
    def one_note(id: str) -> str:
        return NOTES.get(int(id), "")

else:

    @server.resource("notes://{id}", description="One note.", mime_type="text/plain")
    def one_note(id: str) -> str:
        return NOTES.get(int(id), "") if id.isdigit() else ""


if __name__ == "__main__":
    server.run("stdio")
