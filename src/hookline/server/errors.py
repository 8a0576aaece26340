"""Error responses: one JSON shape for every endpoint, never a stack trace.

The shape is OpenAI's, so OpenAI clients read hookline errors as they read
theirs::

    {"error": {"message": "...", "type": "invalid_request_error", "code": "...", "param": "..."}}
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from hookline._error_ids import new_error_id
from hookline.scrub import scrub_secrets

__all__ = ["ApiError", "error_body", "install_error_handlers", "validation_message"]

logger = logging.getLogger("hookline.server")

_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    409: "conflict_error",
    413: "request_too_large",
    421: "invalid_request_error",
    422: "invalid_request_error",
    429: "rate_limit_error",
}


class ApiError(HTTPException):
    """An HTTP error with a code and, for validation errors, the field it is about.

    Example::

        raise ApiError(404, "Conversation not found.", code="conversation_not_found")
    """

    def __init__(
        self,
        status_code: int,
        message: str,
        *,
        code: str | None = None,
        param: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(status_code=status_code, detail=message, headers=dict(headers or {}))
        self.code = code
        self.param = param


def error_body(
    status_code: int, message: str, *, code: str | None = None, param: str | None = None
) -> dict[str, Any]:
    """``{"error": {...}}`` for ``status_code``; secrets in ``message`` are masked
    (``scrub_secrets``): every error body a client gets is built here."""
    kind = _TYPES.get(status_code, "server_error" if status_code >= 500 else "api_error")
    body = {"message": scrub_secrets(message), "type": kind, "code": code, "param": param}
    return {"error": body}


def validation_message(errors: Sequence[Any]) -> tuple[str, str | None]:
    """A readable message naming the first invalid field, and that field's dotted path."""
    if not errors:
        return "Invalid request.", None
    first = errors[0]
    if first.get("type") == "json_invalid":
        detail = (first.get("ctx") or {}).get("error", "invalid JSON")
        location = [str(part) for part in first.get("loc", ()) if part != "body"]
        position = location[0] if location else "?"
        return f"The request body is not valid JSON ({detail} at position {position}).", "body"
    field = _field_name(first)
    return f"{field}: {first.get('msg', 'invalid value')}", field


def install_error_handlers(app: FastAPI) -> None:
    """JSON errors for HTTP errors, validation errors (422) and unexpected ones (500)."""
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(Exception, _unexpected_error)


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    code = getattr(exc, "code", None)
    param = getattr(exc, "param", None)
    message = str(exc.detail) if exc.detail else "Error."
    return JSONResponse(
        error_body(exc.status_code, message, code=code, param=param),
        status_code=exc.status_code,
        headers=dict(exc.headers or {}),
    )


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = list(exc.errors())
    message, field = validation_message(errors)
    body = error_body(422, message, code="invalid_request", param=field)
    body["error"]["fields"] = [
        {"field": _field_name(e), "message": e.get("msg", "")} for e in errors
    ]
    return JSONResponse(body, status_code=422)


def _field_name(error: Any) -> str:
    if error.get("type") == "json_invalid":
        return "body"
    return ".".join(str(p) for p in error.get("loc", ()) if p != "body") or "body"


async def _unexpected_error(request: Request, exc: Exception) -> JSONResponse:
    error_id = new_error_id()
    logger.error(
        "%s %s failed [%s]: %s",
        request.method,
        request.url.path,
        error_id,
        type(exc).__name__,
        exc_info=exc,
    )
    body = error_body(500, f"Internal server error (error id {error_id}).", code="internal_error")
    body["error"]["error_id"] = error_id
    return JSONResponse(body, 500)
