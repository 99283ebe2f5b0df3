"""Reads a JSON-RPC error and a notification a server sent (stdin: {"error": {code, message,
data}, "notification": {method, params}}) as the official Python SDK does, for
tests/sdk_clients.rs: the error through the SDK's `UrlElicitationRequiredError.from_error` (its
reading of a -32042 error, whose data lists URL-mode elicitations as `ElicitRequestURLParams`),
and the notification into its `ElicitCompleteNotification` model.

Output (stdout): {"recognized": bool, "elicitations": [each written back from the model],
"notification": the notification written back from the model, or null}.
"""

import json
import sys

import mcp_types
from mcp.shared.exceptions import UrlElicitationRequiredError
from pydantic import ValidationError

sent = json.load(sys.stdin)
try:
    made = UrlElicitationRequiredError.from_error(mcp_types.ErrorData.model_validate(sent["error"]))
    recognized = True
    elicitations = [e.model_dump(by_alias=True, exclude_none=True, mode="json") for e in made.elicitations]
except (ValueError, ValidationError):
    recognized, elicitations = False, []
try:
    read = mcp_types.ElicitCompleteNotification.model_validate(sent["notification"])
    notification = read.model_dump(by_alias=True, exclude_none=True, mode="json")
except ValidationError:
    notification = None
print(json.dumps({"recognized": recognized, "elicitations": elicitations, "notification": notification}))
