"""A small MCP server for the McpToolset tests, built with the official SDK.

Run as ``python mcp_server_fixture.py`` (stdio) or
``python mcp_server_fixture.py http PORT`` (streamable HTTP on 127.0.0.1).
"""

from __future__ import annotations

import sys
from typing import Any

try:  # mcp >= 2
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import (  # type: ignore[attr-defined,no-redef,unused-ignore]
        FastMCP as _Server,
    )
    from mcp.server.fastmcp.exceptions import (  # type: ignore[import-not-found,no-redef,unused-ignore]
        ToolError,
    )

server = _Server("hookline-test-server")
_calls: list[str] = []


@server.tool()
def add(a: int, b: int) -> int:
    """Add two integers."""
    _calls.append("add")
    return a + b


@server.tool()
def echo(text: str, times: int = 1) -> str:
    """Repeat a text."""
    _calls.append("echo")
    return " ".join([text] * times)


@server.tool()
def fail(reason: str) -> str:
    """Always fails with the given reason."""
    _calls.append("fail")
    raise ToolError(reason)


@server.tool(name="calls.log")
def calls_log() -> str:
    """The tools called so far, in order (this call excluded)."""
    return ",".join(_calls)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "http":
        port = int(sys.argv[2])
        try:
            server.run("streamable-http", host="127.0.0.1", port=port)
        except TypeError:  # mcp 1.x: host and port are settings
            settings: Any = server.settings
            settings.host, settings.port = "127.0.0.1", port
            server.run("streamable-http")
    else:
        server.run()


if __name__ == "__main__":
    main()
