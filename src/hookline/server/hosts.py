"""The Host check: a request must name this server by a host name it was told to answer.

A browser page from another site can make the browser talk to a server on
127.0.0.1 by pointing its own name at that address (DNS rebinding); the
request then carries the page's host name, which this check refuses.  Loopback
names are always allowed; the others must be listed.
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Iterable

from starlette.types import ASGIApp, Receive, Scope, Send

from hookline.server.errors import error_body

__all__ = ["LOOPBACK_HOSTS", "HostCheckMiddleware", "host_name", "is_loopback"]

LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")
"""Accepted by default, with any port."""


def host_name(host_header: str) -> str:
    """The name part of a ``Host`` header, lower case: ``"[::1]:8000"`` -> ``"::1"``."""
    host = host_header.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    name, _, port = host.rpartition(":")
    return (name if name and port.isdigit() else host).rstrip(".")


def is_loopback(host: str) -> bool:
    """True for ``localhost`` and loopback addresses (a bind address or a host name)."""
    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


class HostCheckMiddleware:
    """Answer 421 to a request whose ``Host`` is neither a loopback name nor listed.

    ``allowed_hosts`` entries are host names without a port (``chat.example.com``),
    ``*.example.com`` for its subdomains, or ``*`` for any host (a proxy in
    front checks it).  WebSocket handshakes are checked too.

    Example::

        app.add_middleware(HostCheckMiddleware, allowed_hosts=["chat.example.com"])
    """

    def __init__(self, app: ASGIApp, *, allowed_hosts: Iterable[str] = ()) -> None:
        self.app = app
        listed = [h.strip().strip("[]").rstrip(".").lower() for h in allowed_hosts]
        self.any_host = "*" in listed
        self.names = frozenset(LOOPBACK_HOSTS) | {h for h in listed if not h.startswith("*")}
        self.suffixes = tuple(h[1:] for h in listed if h.startswith("*."))

    def allows(self, host_header: str) -> bool:
        """True when ``host_header`` names this server by an allowed name."""
        if self.any_host:
            return True
        name = host_name(host_header)
        return bool(name) and (name in self.names or name.endswith(self.suffixes))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or self.any_host:
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        if self.allows(host):
            await self.app(scope, receive, send)
            return
        await _refuse(scope, send, host)


def _header(scope: Scope, name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return ""


async def _refuse(scope: Scope, send: Send, host: str) -> None:
    shown = host_name(host)[:100] or "(none)"
    message = (
        f"Host {shown!r} is not allowed: this server answers only to localhost and the "
        "host names it is configured with (create_app(allowed_hosts=...), "
        "hookline serve --allowed-host)."
    )
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008, "reason": "host not allowed"})
        return
    payload = json.dumps(error_body(421, message, code="host_not_allowed", param="host")).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 421,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": payload})
