"""BackgroundServer: a real uvicorn server on 127.0.0.1 in a thread, for tests, benchmarks
and notebooks.
"""

from __future__ import annotations

import socket
import threading
import time
from types import TracebackType
from typing import Any

import uvicorn

__all__ = ["BackgroundServer"]


class BackgroundServer:
    """Run an ASGI app with uvicorn on a free 127.0.0.1 port until the block ends.

    The app runs in its own thread and event loop; ``url`` is its base URL.

    Example::

        with BackgroundServer(create_app(agent)) as server:
            openai.OpenAI(base_url=f"{server.url}/v1", api_key="-").models  # ...
    """

    def __init__(self, app: Any, *, host: str = "127.0.0.1", log_level: str = "warning") -> None:
        self.app = app
        self.host = host
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._socket.bind((host, 0))
        self.port: int = self._socket.getsockname()[1]
        config = uvicorn.Config(  # the peer address is the real one (see docs/security.md)
            app, log_level=log_level, lifespan="on", timeout_graceful_shutdown=5,
            proxy_headers=False,
        )  # fmt: skip
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._run, name="hookline-server", daemon=True)
        self._error: BaseException | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self, timeout: float = 10.0) -> BackgroundServer:
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if self._error is not None or not self._thread.is_alive():
                raise RuntimeError("the server did not start") from self._error
            if time.monotonic() > deadline:
                raise TimeoutError(f"the server did not start within {timeout} s")
            time.sleep(0.01)
        return self

    def stop(self, timeout: float = 10.0) -> None:
        self._server.should_exit = True
        self._thread.join(timeout)
        self._socket.close()

    def _run(self) -> None:
        try:
            self._server.run(sockets=[self._socket])
        except BaseException as exc:  # reported by start()
            self._error = exc

    def __enter__(self) -> BackgroundServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()
