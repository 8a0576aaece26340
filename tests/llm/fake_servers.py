"""Test servers: the ``fakellm`` mock LLM server and a recording reverse proxy before it.

fakellm speaks the OpenAI and Anthropic HTTP APIs but does not keep request
bodies, cannot fail a streamed request, and sends no usage chunk or thinking
block.  ``RecordingProxy`` records every request the SDKs send and forwards
it to fakellm, or answers with a queued ``CannedResponse`` for those cases.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

RULES = """\
version: 1
rules:
  - name: weather_answer
    when: {tool_result_contains: "WEATHER-RESULT"}
    respond: {content: "It is sunny in Lisbon."}
  - name: weather_tool
    when: {messages_contain: "weather in lisbon"}
    respond:
      content: ""
      tool_calls:
        - {name: get_weather, arguments: {city: Lisbon, unit: celsius}}
  - name: two_tools
    when: {messages_contain: "compare lisbon and porto"}
    respond:
      content: ""
      tool_calls:
        - {name: get_weather, arguments: {city: Lisbon}}
        - {name: get_weather, arguments: {city: Porto}}
  - name: rate_limited
    when: {messages_contain: "trigger 429"}
    respond: {status: 429, error: "Rate limit exceeded (fake)"}
  - name: server_error
    when: {messages_contain: "trigger 500"}
    respond: {status: 500, error: "Internal failure (fake)"}
  - name: bad_request
    when: {messages_contain: "trigger 400"}
    respond: {status: 400, error: "Invalid request (fake)"}
  - name: hello
    when: {messages_contain: "hello"}
    respond: {content: "Hi there from fakellm."}
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen[bytes], timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            stderr = process.stderr.read().decode() if process.stderr else ""
            raise RuntimeError(f"fakellm exited with {process.returncode}:\n{stderr}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.05)
    raise RuntimeError(f"fakellm did not listen on port {port} within {timeout_s} s")


class FakeLlm:
    """A ``fakellm serve`` subprocess on 127.0.0.1 with ``RULES``."""

    def __init__(self, folder: Path) -> None:
        self.config = folder / "fakellm.yaml"
        self.config.write_text(RULES, encoding="utf-8")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "fakellm.cli", "serve", "--host", "127.0.0.1"]
        command += ["--port", str(self.port), "--config", str(self.config)]
        self.process = subprocess.Popen(
            command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        try:
            wait_for_port(self.port, self.process)
        except BaseException:
            self.stop()
            raise

    def reset(self) -> None:
        """Forget fakellm's conversations (turn counts, tool results seen)."""
        request = urllib.request.Request(self.url + "/_fakellm/reset", method="POST")
        with urllib.request.urlopen(request, timeout=5) as response:
            response.read()

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stderr:
            self.process.stderr.close()


@dataclass(kw_only=True)
class Recorded:
    """One request as the proxy received it."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any


@dataclass(kw_only=True)
class CannedResponse:
    """An answer the proxy gives instead of forwarding (after ``delay_s``)."""

    status: int = 200
    body: bytes = b""
    content_type: str = "application/json"
    delay_s: float = 0.0

    @classmethod
    def json(cls, payload: Any, *, status: int = 200, delay_s: float = 0.0) -> CannedResponse:
        return cls(status=status, body=json.dumps(payload).encode(), delay_s=delay_s)

    @classmethod
    def sse(cls, events: list[tuple[str | None, Any]], *, status: int = 200) -> CannedResponse:
        """Server-sent events; a ``None`` event name writes a bare ``data:`` line."""
        lines = []
        for name, data in events:
            text = data if isinstance(data, str) else json.dumps(data)
            lines.append((f"event: {name}\n" if name else "") + f"data: {text}\n\n")
        return cls(status=status, body="".join(lines).encode(), content_type="text/event-stream")


@dataclass
class RecordingProxy:
    """An HTTP/1.1 reverse proxy on 127.0.0.1 in its own thread and event loop."""

    upstream_port: int
    requests: list[Recorded] = field(default_factory=list)
    canned: deque[CannedResponse] = field(default_factory=deque)
    port: int = 0

    def __post_init__(self) -> None:
        self._handlers: set[asyncio.Task[None]] = set()  # strong references while they run
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._serve, name="recording-proxy", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the recording proxy did not start")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def clear(self) -> None:
        self.requests.clear()
        self.canned.clear()

    def bodies(self, path: str) -> list[Any]:
        return [request.body for request in self.requests if request.path == path]

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    def _serve(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(asyncio.start_server(self._handle, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        self._loop.run_forever()
        server.close()
        pending = asyncio.all_tasks(self._loop)  # connections the clients kept open
        for task in pending:
            task.cancel()
        self._loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        self._loop.run_until_complete(server.wait_closed())
        self._loop.close()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)
        try:
            head, body = await _read_request(reader)
            self.requests.append(_recorded(head, body))
            if self.canned:
                await _answer(writer, self.canned.popleft())
            else:
                await self._forward(head, body, writer)
        except (ConnectionError, asyncio.IncompleteReadError, IndexError):
            pass  # the client went away (timeouts are part of the tests)
        finally:
            writer.close()

    async def _forward(self, head: list[str], body: bytes, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)
        kept = [line for line in head[1:] if not line.lower().startswith(("connection:", "host:"))]
        lines = [head[0], f"host: 127.0.0.1:{self.upstream_port}", "connection: close", *kept]
        up_writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        await up_writer.drain()
        while chunk := await up_reader.read(65536):
            writer.write(chunk)
            await writer.drain()
        up_writer.close()


async def _read_request(reader: asyncio.StreamReader) -> tuple[list[str], bytes]:
    head: list[str] = []
    while (line := (await reader.readline()).decode("latin-1").rstrip("\r\n")) != "":
        head.append(line)
    length = next(
        (int(line.split(":", 1)[1]) for line in head if line.lower().startswith("content-length:")),
        0,
    )
    return head, await reader.readexactly(length)


def _recorded(head: list[str], body: bytes) -> Recorded:
    method, path, _ = head[0].split(" ", 2)
    headers = dict(line.split(":", 1) for line in head[1:])
    return Recorded(
        method=method,
        path=path,
        headers={name.strip().lower(): value.strip() for name, value in headers.items()},
        body=json.loads(body) if body else None,
    )


async def _answer(writer: asyncio.StreamWriter, canned: CannedResponse) -> None:
    if canned.delay_s:
        await asyncio.sleep(canned.delay_s)
    head = (
        f"HTTP/1.1 {canned.status} Canned\r\ncontent-type: {canned.content_type}\r\n"
        f"content-length: {len(canned.body)}\r\nconnection: close\r\n\r\n"
    )
    writer.write(head.encode("latin-1") + canned.body)
    await writer.drain()
