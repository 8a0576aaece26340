"""The JSON body check: a body that is not UTF-8, nests too deeply or holds a lone
surrogate gets the same 422 as any other invalid request, before a route sees it.

Python's ``json`` module accepts ``"\\ud800"`` (a lone surrogate escape) and
returns a string no UTF-8 encoder can write: stored, it would break every
later read of the conversation.  Deep nesting would exhaust the recursion of
the parsers and serialisers behind the route.  Both are refused here, for
every endpoint at once.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hookline.server.errors import ApiError, error_body

__all__ = ["DEFAULT_MAX_JSON_DEPTH", "JsonBodyCheckMiddleware", "check_json_text"]

DEFAULT_MAX_JSON_DEPTH = 64
_BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class JsonBodyCheckMiddleware:
    """Refuse, with 422 ``invalid_request``, JSON bodies that are not UTF-8, nest deeper
    than ``max_depth`` or contain a lone surrogate; pass the others on unchanged.

    Example::

        app.add_middleware(JsonBodyCheckMiddleware, max_depth=32)
    """

    def __init__(self, app: ASGIApp, *, max_depth: int = DEFAULT_MAX_JSON_DEPTH) -> None:
        if max_depth < 2:
            raise ValueError("max_depth must be at least 2")
        self.app = app
        self.max_depth = max_depth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in _BODY_METHODS or not _is_json(scope):
            await self.app(scope, receive, send)
            return
        try:
            body = await _read_body(receive)
        except ApiError as exc:  # the body size limit
            await _send_error(send, exc.status_code, str(exc.detail), exc.code, None)
            return
        problem = check_json_text(body, self.max_depth) if body else None
        if problem is not None:
            await _send_error(send, 422, problem[0], "invalid_request", problem[1])
            return
        await self.app(scope, _replay(body, receive), send)


def check_json_text(body: bytes, max_depth: int) -> tuple[str, str] | None:
    """``(message, field)`` of the first problem of ``body``, or None when it is fine
    (invalid JSON syntax is left to the route's own error)."""
    try:
        text = body.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return (
            f"The request body is not valid UTF-8 (byte 0x{body[exc.start]:02x} "
            f"at position {exc.start}).",
            "body",
        )
    try:
        value = json.loads(text)
    except RecursionError:
        return _too_deep(max_depth), "body"
    except ValueError:
        return None
    return _walk(value, max_depth)


def _walk(value: Any, max_depth: int) -> tuple[str, str] | None:
    """Depth and text check without recursion (the value may be deep)."""
    stack: list[tuple[Any, tuple[str, ...]]] = [(value, ())]
    while stack:
        item, path = stack.pop()
        if len(path) >= max_depth:  # the whole body, as when the parser itself gives up
            return _too_deep(max_depth), "body"
        if isinstance(item, str):
            if not _encodable(item):
                return f"{_field(path)}: {_SURROGATE}", _field(path)
        elif isinstance(item, dict):
            for key, child in item.items():
                if not _encodable(key):
                    return f"{_field(path)}: a key {_SURROGATE}", _field(path)
                stack.append((child, (*path, key)))
        elif isinstance(item, list):
            stack.extend((child, (*path, str(i))) for i, child in enumerate(item))
    return None


_SURROGATE = "contains a lone UTF-16 surrogate (such as \\ud800), which is not valid Unicode text."


def _encodable(text: str) -> bool:
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _too_deep(max_depth: int) -> str:
    return f"The request body nests deeper than {max_depth} levels."


def _field(path: tuple[str, ...]) -> str:
    return ".".join(path) or "body"


def _is_json(scope: Scope) -> bool:
    """True when FastAPI would parse the body as JSON (no content type, or a JSON one)."""
    for key, value in scope.get("headers", ()):
        if key == b"content-type":
            mime = bytes(value).decode("latin-1").split(";")[0].strip().lower()
            return mime == "application/json" or (
                mime.startswith("application/") and mime.endswith("+json")
            )
    return True


async def _read_body(receive: Receive) -> bytes:
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks)
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    """The body once, then the real channel (a streaming route still sees the disconnect)."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


async def _send_error(
    send: Send, status: int, message: str, code: str | None, field: str | None
) -> None:
    body = error_body(status, message, code=code, param=field)
    if field is not None:
        body["error"]["fields"] = [{"field": field, "message": message}]
    payload = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": payload})
