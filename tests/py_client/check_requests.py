"""Reads elicitation/create params, one JSON object per line on stdin, and reads each into the
official Python SDK's models of a request (`ElicitRequestFormParams` / `ElicitRequestURLParams`),
for tests/sdk_clients.rs.

Output (stdout): one JSON array, per line {"ok": bool, "kept": bool, "error": <text or null>}.
`kept`: the params written back from the model equal the ones read (nothing dropped or changed).
"""

import json
import sys

import mcp_types
from pydantic import ValidationError


def check(params):
    model = mcp_types.ElicitRequestURLParams if params.get("mode") == "url" else mcp_types.ElicitRequestFormParams
    try:
        read = model.model_validate(params)
    except ValidationError as error:
        return {"ok": False, "kept": False, "error": str(error)}
    back = read.model_dump(by_alias=True, exclude_none=True, mode="json")
    return {"ok": True, "kept": back == params, "error": None}


print(json.dumps([check(json.loads(line)) for line in sys.stdin if line.strip()]))
