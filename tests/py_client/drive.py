"""Drives an MCP server over stdio with the official Python SDK's client, for
tests/sdk_clients.rs: the same runs and the same output as ../ts_client/drive.mjs.

The SDK negotiates the protocol itself: `legacy` is the initialize handshake (2025-11-25), and
`2026-07-28` pins that version, on which the server asks through input-required results that the
SDK answers by retrying the call with its `inputResponses` (its own multi-round-trip driver).

Usage: python drive.py SERVER MODE ACT TOOL...
  SERVER  the server binary, run with the argument `serve` (or with SERVER_ARGS, a JSON array); or the URL of a server (or of the
          load balancer in front of its replicas) served over Streamable HTTP
  MODE    legacy | 2026-07-28
  ACT     accept | accept-invalid | decline | cancel: what the scripted user does with every
          elicitation (accept-invalid: a value of the wrong JSON type for every property);
          silent: it never answers (a request the server cancels is recorded in "cancelled");
          no-elicitation: the client declares no elicitation capability (it has no callback)
  TOOL    the tools to call, in this order

Prints one JSON line: {"version", "tools": [{"name", "arguments", "requests", "isError", "text",
"error"}], "prompts": [{"name", "arguments", "requests", "text", "error"}], "resources":
[{"uriTemplate", "uri", "requests", "text", "error"}]} (every resource template read, each
variable `2026-q4`). A call answered with
a JSON-RPC error also has "errorCode" and "errorData"; for -32021 (missing required client
capability), "requiredCapabilities" is its data read into the SDK's
`MissingRequiredClientCapabilityErrorData` and written back.
"""

import json
import os
import re
import sys

import anyio
import mcp.types as types
import mcp_types
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError


def value_for(schema):
    """A value that fits the (form or argument) property `schema`."""
    if "enum" in schema:
        return schema["enum"][0]
    options = schema.get("oneOf") or schema.get("anyOf")
    if options:
        return options[0]["const"]
    kind = schema.get("type")
    if kind == "boolean":
        return True
    if kind in ("integer", "number"):
        return max(schema.get("minimum", 1), 1)
    if kind == "array":
        item = schema.get("items", {})
        choices = item.get("enum") or [o["const"] for o in item.get("oneOf") or item.get("anyOf") or []]
        return choices[: max(1, schema.get("minItems", 1))]
    if kind == "string":
        examples = {
            "email": "octo@example.com",
            "uri": "https://example.com/x",
            "date": "2025-01-01",
            "date-time": "2025-01-01T10:00:00Z",
        }
        if schema.get("format") in examples:
            return examples[schema["format"]]
        value = "abc"
        while len(value) < schema.get("minLength", 0):
            value += "x"
        return value[: schema["maxLength"]] if "maxLength" in schema else value
    return None


def wrong_for(schema):
    """A value of the wrong JSON type for the form property `schema`."""
    kind = schema.get("type")
    if kind == "string":
        return 12345
    if kind == "array":
        return "not a list"
    return "not a value of this type"


cancelled = []


async def main(server, mode, act, order):
    requests = []

    async def elicit(_context, params):
        sent = params.model_dump(by_alias=True, exclude_none=True, mode="json")
        requests.append(sent)
        if act == "silent":
            # Never answers; a request the server cancels is recorded.
            try:
                await anyio.sleep_forever()
            except anyio.get_cancelled_exc_class():
                cancelled.append(sent["message"])
                raise
        if act not in ("accept", "accept-invalid"):
            return types.ElicitResult(action=act)
        if sent.get("mode") == "url":
            return types.ElicitResult(action="accept")
        pick = value_for if act == "accept" else wrong_for
        content = {name: pick(p) for name, p in sent["requestedSchema"]["properties"].items()}
        return types.ElicitResult(action="accept", content=content)

    # The server gets this process's environment (the SDK would pass only a few variables); a
    # URL is served over Streamable HTTP.
    if re.match(r"https?:", server):
        params = server
    else:
        # The server's arguments: `serve` (the example), or those SERVER_ARGS gives as a JSON
        # array (`mcpdesc mock DESCRIPTION`).
        args = json.loads(os.environ["SERVER_ARGS"]) if "SERVER_ARGS" in os.environ else ["serve"]
        params = StdioServerParameters(command=server, args=args, env=dict(os.environ))
    # A server that stops answering fails the run instead of hanging the test.
    with anyio.fail_after(120):
        await run(params, mode, None if act == "no-elicitation" else elicit, requests, order, act)


async def run(params, mode, elicit, requests, order, act):
    async with Client(params, mode=mode, elicitation_callback=elicit, read_timeout_seconds=30) as client:
        version = client.protocol_version
        listed = {t.name: t for t in (await client.list_tools()).tools}
        tools = []
        for name in order:
            schema = listed[name].input_schema
            arguments = {k: value_for(schema["properties"][k]) for k in schema.get("required", [])}
            requests.clear()
            cancelled.clear()
            entry = {"name": name, "arguments": arguments, "isError": None, "text": None, "error": None}
            try:
                result = await client.call_tool(name, arguments)
                entry["isError"] = bool(result.is_error)
                entry["text"] = "\n".join(getattr(c, "text", "") for c in result.content)
                entry["structured"] = result.structured_content is not None
            except MCPError as error:
                entry["error"] = str(error)
                entry["errorCode"] = error.code
                entry["errorData"] = error.data
                if error.code == mcp_types.jsonrpc.MISSING_REQUIRED_CLIENT_CAPABILITY:
                    read = mcp_types.MissingRequiredClientCapabilityErrorData.model_validate(error.data)
                    entry["requiredCapabilities"] = read.required_capabilities.model_dump(
                        by_alias=True, exclude_none=True, mode="json"
                    )
            except Exception as error:  # noqa: BLE001 - recorded for the test to judge
                entry["error"] = str(error)
            if act == "silent" and len(requests) > len(cancelled):
                # A server that ends its wait cancels its request; give the notification a moment.
                await anyio.sleep(0.2)
            entry["requests"] = list(requests)
            entry["cancelled"] = list(cancelled)
            tools.append(entry)
        prompts = []
        for prompt in (await client.list_prompts()).prompts:
            arguments = {a.name: "abc" for a in prompt.arguments or [] if a.required}
            requests.clear()
            entry = {"name": prompt.name, "arguments": arguments, "text": None, "error": None}
            try:
                result = await client.get_prompt(prompt.name, arguments)
                entry["text"] = "\n".join(getattr(m.content, "text", "") for m in result.messages)
            except Exception as error:  # noqa: BLE001 - recorded for the test to judge
                entry["error"] = str(error)
            entry["requests"] = list(requests)
            prompts.append(entry)
        resources = []
        for template in (await client.list_resource_templates()).resource_templates:
            # Every variable of the template stands for the same value.
            uri = re.sub(r"\{[^}]*\}", "2026-q4", template.uri_template)
            requests.clear()
            entry = {"uriTemplate": template.uri_template, "uri": uri, "text": None, "error": None}
            try:
                result = await client.read_resource(uri)
                entry["text"] = "\n".join(getattr(c, "text", "") for c in result.contents)
            except Exception as error:  # noqa: BLE001 - recorded for the test to judge
                entry["error"] = str(error)
            entry["requests"] = list(requests)
            resources.append(entry)
    print(json.dumps({"version": version, "tools": tools, "prompts": prompts, "resources": resources}))


if __name__ == "__main__":
    anyio.run(main, sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:])
