"""Server-Sent Events: the wire format, and a response that cancels its producer when the
client goes away.

``EventStreamResponse`` runs the event iterator in its own task and watches the
connection at the same time: a client disconnect cancels that task, so the
agent's turn stops at its current await and its own cleanup (closing open tool
calls, saving the partial turn) runs to the end before the response returns.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from typing import Any

import anyio
from starlette.background import BackgroundTask
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from hookline._error_ids import new_error_id

__all__ = ["EventStreamResponse", "sse_comment", "sse_event", "utf8"]

logger = logging.getLogger("hookline.server")

Emit = Callable[[bytes], Awaitable[None]]


def sse_event(data: str, *, event: str | None = None, event_id: str | None = None) -> bytes:
    """One SSE event: optional ``event:`` and ``id:`` lines, one ``data:`` line per line
    (text no UTF-8 encoder can write, a lone surrogate, is sent as U+FFFD)."""
    lines = []
    if event is not None:
        lines.append(f"event: {event}")
    if event_id is not None:
        lines.append(f"id: {event_id}")
    lines.extend(f"data: {line}" for line in data.split("\n"))
    return utf8("\n".join(lines) + "\n\n")


def utf8(text: str) -> bytes:
    """``text`` as UTF-8; a lone surrogate (which UTF-8 cannot hold) becomes U+FFFD."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        fixed = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
        return fixed.encode("utf-8")


def sse_comment(text: str) -> bytes:
    """A comment line (clients ignore it); used as a keep-alive ping."""
    return f": {text}\n\n".encode()


class EventStreamResponse(Response):
    """A ``text/event-stream`` response fed by an async iterator of encoded events.

    A client disconnect cancels the iterator's task (its ``finally`` blocks
    run, shielded from the server's own cancellation); an exception in the
    iterator is logged with an error id and ends the stream with
    ``error_event`` (default: a generic message with that id; no trace).
    A ``: ping`` comment goes out after ``ping_interval`` idle seconds.

    Example::

        async def events():
            yield sse_event('{"n": 1}')

        return EventStreamResponse(events())
    """

    media_type = "text/event-stream"

    def __init__(
        self,
        events: AsyncIterator[bytes],
        *,
        status_code: int = 200,
        headers: Mapping[str, str] | None = None,
        ping_interval: float | None = 15.0,
        error_event: bytes | None = None,
        background: BackgroundTask | None = None,
    ) -> None:
        self.events = events
        self.status_code = status_code
        self.ping_interval = ping_interval
        self.error_event = error_event
        self.background = background
        extra = {"cache-control": "no-cache", "x-accel-buffering": "no"}
        self.init_headers({**extra, **dict(headers or {})})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await send(
            {"type": "http.response.start", "status": self.status_code, "headers": self.raw_headers}
        )
        lock = asyncio.Lock()

        async def emit(chunk: bytes) -> None:
            async with lock:
                await send({"type": "http.response.body", "body": chunk, "more_body": True})

        producer = asyncio.ensure_future(self._produce(emit))
        watcher = asyncio.ensure_future(_wait_for_disconnect(receive))
        pinger = asyncio.ensure_future(self._ping(emit)) if self.ping_interval else None
        try:
            await asyncio.wait({producer, watcher}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            with anyio.CancelScope(shield=True):  # the turn's cleanup must finish
                await _cancel(producer, watcher, pinger)
        if _ended_normally(producer):
            with contextlib.suppress(OSError):
                await send({"type": "http.response.body", "body": b"", "more_body": False})
            if self.background is not None:
                await self.background()

    async def _produce(self, emit: Emit) -> bool:
        """Send every event; True when the stream ended normally."""
        events = self.events
        try:
            async for chunk in events:
                await emit(chunk)
        except OSError:  # the client went away while we were sending
            return False
        except Exception as exc:
            error_id = new_error_id()
            logger.error("event stream failed [%s]: %s", error_id, type(exc).__name__, exc_info=exc)
            with contextlib.suppress(OSError):
                await emit(self.error_event or _stream_failed(error_id))
        finally:
            aclose = getattr(events, "aclose", None)
            if aclose is not None:
                await aclose()
        return True

    async def _ping(self, emit: Emit) -> None:
        assert self.ping_interval is not None
        with contextlib.suppress(OSError):
            while True:
                await asyncio.sleep(self.ping_interval)
                await emit(sse_comment("ping"))


def _stream_failed(error_id: str) -> bytes:
    message = f"The stream failed (error id {error_id})."
    error = {"message": message, "type": "server_error", "error_id": error_id}
    return sse_event(json.dumps({"error": error}), event="error")


def _ended_normally(producer: asyncio.Future[bool]) -> bool:
    if producer.cancelled() or producer.exception() is not None:
        return False
    return producer.result()


async def _wait_for_disconnect(receive: Receive) -> None:
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return


async def _cancel(*tasks: asyncio.Future[Any] | None) -> None:
    pending = [task for task in tasks if task is not None]
    for task in pending:
        if not task.done():
            task.cancel()
    results = await asyncio.gather(*pending, return_exceptions=True)
    for result in results:
        if isinstance(result, Exception):
            logger.error("event stream task failed: %s", type(result).__name__, exc_info=result)
