"""Request body size limit: a clear 413 before the body is read, or as soon as it passes
the limit while it streams in (chunked bodies have no Content-Length).
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hookline.server.errors import ApiError, error_body

__all__ = ["BodySizeLimitMiddleware", "BodyTooLargeError"]

DEFAULT_MAX_BODY_BYTES = 1_048_576


class BodyTooLargeError(ApiError):
    """Raised while reading a body that exceeds the limit (rendered as 413)."""

    def __init__(self, limit: int) -> None:
        super().__init__(
            413,
            f"Request body too large: the limit is {limit} bytes.",
            code="request_too_large",
        )


class BodySizeLimitMiddleware:
    """Refuse request bodies larger than ``max_body_bytes`` with 413.

    Example::

        app.add_middleware(BodySizeLimitMiddleware, max_body_bytes=64_000)
    """

    def __init__(self, app: ASGIApp, *, max_body_bytes: int = DEFAULT_MAX_BODY_BYTES) -> None:
        if max_body_bytes < 1:
            raise ValueError("max_body_bytes must be at least 1")
        self.app = app
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.max_body_bytes
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            await _refuse(send, limit)
            return
        received = 0

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLargeError(limit)
            return message

        await self.app(scope, limited_receive, send)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _refuse(send: Send, limit: int) -> None:
    body = error_body(413, BodyTooLargeError(limit).detail, code="request_too_large")
    payload = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": payload})
