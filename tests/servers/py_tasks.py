"""A tasks server written with the official Python SDK's low-level `Server`, for the tests of
`mcpdesc test` (`tests/tester.rs`); its description is `tests/servers/py_tasks.mcpdesc.yaml`.

The low-level API lets a server say its own schemas and answer as it likes, so each defect below
breaks one promise of the description and nothing else. Run with no argument it is the clean
control. Each `--defect NAME` seeds one:

- `crash`: `add_task` with a `priority` of 5 ends the process (server-error);
- `refuse-valid`: `add_task` refuses an empty `title` as invalid params (valid-input-refused);
- `accept-invalid`: `add_task` takes any arguments, unchecked (invalid-input-accepted);
- `wrong-output`: `count_tasks` returns its count as a string (output-schema);
- `stall`: `count_tasks` with `open_only: false` never answers (no-answer);
- `wrong-mime`: `tasks://all` is read as HTML (resource-mime-type);
- `broken-template`: `tasks://{id}` fails with an internal error (resource-unreadable);
- `noise`: prints a banner to standard output before it serves, a line that is not JSON-RPC
  (invalid-message);
- `undeclared-question`: `clear_tasks` asks a question its description does not declare
  (elicitation-drift);
- `ask-again`: `clear_tasks` asks its question again after an accepted answer (answer-refused);
- `extra-tool`: lists `purge_tasks`, which the description does not document (listing-differs).

(A version refused is seeded with the TypeScript SDK's notes server, which serves no 2026-07-28
over stdio.)
"""

import argparse
import os
import sys

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError

parser = argparse.ArgumentParser()
parser.add_argument("--defect", action="append", default=[])
defects = set(parser.parse_args().defect)

TASKS: dict[int, str] = {}

ADD_TASK = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "maxLength": 40},
        "priority": {"type": "integer", "minimum": 1, "maximum": 5},
    },
    "required": ["title"],
    "additionalProperties": False,
}
COUNT_TASKS = {
    "type": "object",
    "properties": {"open_only": {"type": "boolean"}},
    "additionalProperties": False,
}
COUNT_OUTPUT = {
    "type": "object",
    "properties": {"count": {"type": "integer", "minimum": 0}},
    "required": ["count"],
}
CLEAR_TASKS = {"type": "object", "properties": {}, "additionalProperties": False}
CONFIRM = {
    "type": "object",
    "properties": {"confirm": {"type": "boolean", "title": "Confirm"}},
    "required": ["confirm"],
}

SCHEMAS = {"add_task": ADD_TASK, "count_tasks": COUNT_TASKS, "clear_tasks": CLEAR_TASKS}


def text(message: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=message)], is_error=error)


def problems(name: str, arguments: dict) -> list[str]:
    """Each way `arguments` break the tool's input schema: the server's own check."""
    schema = SCHEMAS[name]
    out = []
    for key in schema.get("required", []):
        if key not in arguments:
            out.append(f"`{key}` is required")
    for key, value in arguments.items():
        spec = schema["properties"].get(key)
        if spec is None:
            out.append(f"`{key}` is not an argument")
            continue
        kind = spec["type"]
        if kind == "string" and not isinstance(value, str):
            out.append(f"`{key}` must be a string")
        elif kind == "integer" and (isinstance(value, bool) or not isinstance(value, int)):
            out.append(f"`{key}` must be an integer")
        elif kind == "boolean" and not isinstance(value, bool):
            out.append(f"`{key}` must be a boolean")
        elif kind == "string" and len(value) > spec.get("maxLength", len(value)):
            out.append(f"`{key}` is too long")
        elif kind == "integer" and not spec.get("minimum", value) <= value <= spec.get("maximum", value):
            out.append(f"`{key}` is out of range")
    return out


async def list_tools(ctx, params) -> types.ListToolsResult:
    tools = [
        types.Tool(name="add_task", description="Add a task.", input_schema=ADD_TASK),
        types.Tool(
            name="count_tasks",
            description="Count the tasks.",
            input_schema=COUNT_TASKS,
            output_schema=COUNT_OUTPUT,
        ),
        types.Tool(name="clear_tasks", description="Remove every task, once confirmed.", input_schema=CLEAR_TASKS),
    ]
    if "extra-tool" in defects:
        tools.append(types.Tool(name="purge_tasks", description="Purge.", input_schema=CLEAR_TASKS))
    return types.ListToolsResult(tools=tools)


async def call_tool(ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
    name = params.name
    arguments = params.arguments or {}
    if name not in SCHEMAS:
        raise MCPError(-32602, f"no tool {name}")
    found = problems(name, arguments)
    if found and not (name == "add_task" and "accept-invalid" in defects):
        return text("; ".join(found), error=True)
    if name == "add_task":
        title = arguments.get("title")
        if "crash" in defects and arguments.get("priority") == 5:
            os._exit(3)
        if "refuse-valid" in defects and title == "":
            raise MCPError(-32602, "title must not be empty")
        TASKS[len(TASKS) + 1] = str(title)
        return text(f"task {len(TASKS)}")
    if name == "count_tasks":
        if "stall" in defects and arguments.get("open_only") is False:
            await anyio.sleep_forever()
        count = len(TASKS)
        structured = {"count": str(count) if "wrong-output" in defects else count}
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=str(count))],
            structured_content=structured,
        )
    # clear_tasks asks first, on the versions it declares the question for.
    if ctx.protocol_version in ("2025-06-18", "2025-11-25"):
        message = "Remove every task?"
        if "undeclared-question" in defects:
            message = "Type the word DELETE to go on."
            schema = {"type": "object", "properties": {"word": {"type": "string"}}, "required": ["word"]}
        else:
            schema = CONFIRM
        answer = await ctx.session.elicit_form(message, schema, ctx.request_id)
        if answer.action == "accept" and "ask-again" in defects:
            answer = await ctx.session.elicit_form(message, schema, ctx.request_id)
        if answer.action != "accept":
            return text("Nothing was removed.")
    TASKS.clear()
    return text("Every task was removed.")


async def list_resources(ctx, params) -> types.ListResourcesResult:
    return types.ListResourcesResult(
        resources=[types.Resource(uri="tasks://all", name="all_tasks", description="Every task.", mime_type="text/plain")]
    )


async def list_resource_templates(ctx, params) -> types.ListResourceTemplatesResult:
    return types.ListResourceTemplatesResult(
        resource_templates=[
            types.ResourceTemplate(
                uri_template="tasks://{id}", name="one_task", description="One task.", mime_type="text/plain"
            )
        ]
    )


async def read_resource(ctx, params: types.ReadResourceRequestParams) -> types.ReadResourceResult:
    uri = str(params.uri)
    if uri == "tasks://all":
        mime = "text/html" if "wrong-mime" in defects else "text/plain"
        body = "\n".join(TASKS.values())
        return types.ReadResourceResult(contents=[types.TextResourceContents(uri=uri, mime_type=mime, text=body)])
    if uri.startswith("tasks://"):
        if "broken-template" in defects:
            raise MCPError(-32603, "the task store is not reachable")
        key = uri.removeprefix("tasks://")
        body = TASKS.get(int(key), "") if key.isdigit() else ""
        return types.ReadResourceResult(
            contents=[types.TextResourceContents(uri=uri, mime_type="text/plain", text=body)]
        )
    raise MCPError(-32002, f"no resource {uri}")


server = Server(
    "tasks",
    version="1.0.0",
    on_list_tools=list_tools,
    on_call_tool=call_tool,
    on_list_resources=list_resources,
    on_list_resource_templates=list_resource_templates,
    on_read_resource=read_resource,
)


async def main() -> None:
    async with stdio_server() as (read_stream, write_stream):
        options = server.create_initialization_options()
        await server.run(read_stream, write_stream, options)


if __name__ == "__main__":
    if "noise" in defects:
        # Before the SDK takes standard output for the protocol.
        os.write(1, b"tasks server starting\n")
    anyio.run(main)
    sys.exit(0)
