"""``response_format`` enforced: the answer must be JSON (and match the schema).

An answer wrapped in a Markdown code fence is unwrapped first.  An answer
that is not valid is a failed request (500 ``response_format_violation``;
in a stream, an error event instead of the final chunk), never passed on as
if it were valid.

Example::

    check_format(ResponseFormat(type="json_object"), '{"a": 1}')  # -> '{"a": 1}'
"""

from __future__ import annotations

import json
import re
from typing import Any

from hookline.server.errors import ApiError
from hookline.server.openai_request import ResponseFormat

__all__ = ["FormatViolation", "check_format", "check_schema"]

_FENCE = re.compile(r"^\s*```[a-zA-Z]*\s*\n(.*?)\n?```\s*$", re.DOTALL)


class FormatViolation(ValueError):
    """The answer does not follow the requested ``response_format``."""


def check_format(fmt: ResponseFormat | None, text: str) -> str:
    """The answer as the client gets it; raises ``FormatViolation`` saying why not."""
    if fmt is None or fmt.type == "text":
        return text
    fenced = _FENCE.match(text)
    answer = fenced.group(1) if fenced else text.strip()
    try:
        value = json.loads(answer)
    except ValueError:
        raise FormatViolation("the answer is not valid JSON") from None
    if fmt.type == "json_object" and not isinstance(value, dict):
        raise FormatViolation("the answer is not a JSON object")
    if fmt.type == "json_schema":
        assert fmt.json_schema is not None and fmt.json_schema.json_schema is not None
        _validate(value, fmt.json_schema.json_schema)
    return answer


def check_schema(fmt: ResponseFormat | None) -> None:
    """400 when a ``json_schema`` format carries a schema that is not a valid JSON Schema."""
    if fmt is None or fmt.json_schema is None or fmt.json_schema.json_schema is None:
        return
    import jsonschema

    schema = fmt.json_schema.json_schema
    try:
        jsonschema.validators.validator_for(schema).check_schema(schema)
    except jsonschema.SchemaError as exc:
        raise ApiError(
            400,
            f"response_format.json_schema.schema: not a valid JSON Schema ({exc.message}).",
            code="invalid_request",
            param="response_format.json_schema",
        ) from None


def _validate(value: Any, schema: dict[str, Any]) -> None:
    import jsonschema  # the server extra's dependency

    validator_class = jsonschema.validators.validator_for(schema)
    errors = sorted(validator_class(schema).iter_errors(value), key=lambda e: list(e.path))
    if errors:
        where = "/".join(str(p) for p in errors[0].path) or "(root)"
        raise FormatViolation(
            f"the answer does not match the schema at {where}: {errors[0].message}"
        )
