"""McpToolset: the tools of an MCP server as hookline tools (official ``mcp`` SDK, extra ``mcp``).

The toolset owns one MCP client session (a stdio subprocess or a streamable
HTTP connection) in a background task, lists the server's tools and wraps each
as a ``McpTool``: the model sees the server's JSON input schema, arguments are
validated against it (jsonschema) before the call, access groups work as for
any tool, and the result's text content becomes ``result_for_llm``.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import logging
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pydantic import BaseModel, ConfigDict, model_validator
from pydantic_core import PydanticCustomError

from hookline.errors import HooklineError
from hookline.llm.models import ToolSchema
from hookline.tools.base import Tool
from hookline.tools.context import ToolContext
from hookline.tools.registry import ToolRegistry
from hookline.tools.result import ToolResult

if TYPE_CHECKING:
    from mcp import ClientSession

__all__ = ["McpConnectionError", "McpTool", "McpToolset"]

logger = logging.getLogger(__name__)

_INVALID_NAME_CHARS = re.compile(r"[^A-Za-z0-9_-]")
_MAX_NAME = 64  # what OpenAI-compatible APIs accept


class McpConnectionError(HooklineError):
    """The MCP server could not be started, reached or initialised."""


class McpTool(Tool[BaseModel]):
    """One tool of an MCP server; created by ``McpToolset``, not by hand.

    ``name`` is the hookline name (prefixed and sanitised), ``remote_name``
    the server's.

    Example::

        async with McpToolset(command="python", args=["server.py"]) as toolset:
            add = toolset.get_tool("add")
            print(add.get_schema().parameters)
    """

    def __init__(
        self,
        toolset: McpToolset,
        *,
        name: str,
        remote_name: str,
        description: str,
        input_schema: dict[str, Any],
        access_groups: Sequence[str] = (),
    ) -> None:
        self.toolset = toolset
        self.name = name
        self.remote_name = remote_name
        self.description = description or f"MCP tool {remote_name}."
        self.input_schema = input_schema
        self.access_groups = list(access_groups)
        self._args_model = arguments_model(name, input_schema)

    def get_args_schema(self) -> type[BaseModel]:
        return self._args_model

    def with_access_groups(self, access_groups: Sequence[str]) -> McpTool:
        """A copy of this tool with other access groups (same server, same validation)."""
        clone = copy.copy(self)
        clone.access_groups = list(access_groups)
        return clone

    def get_schema(self) -> ToolSchema:
        """The server's JSON input schema, as the server wrote it."""
        return ToolSchema(
            name=self.name,
            description=self.description,
            parameters=dict(self.input_schema),
            access_groups=list(self.access_groups),
        )

    async def execute(self, context: ToolContext, args: BaseModel) -> ToolResult:
        return await self.toolset.call_tool(self.remote_name, args.model_dump())


def arguments_model(tool_name: str, input_schema: dict[str, Any]) -> type[BaseModel]:
    """A pydantic model that accepts what ``input_schema`` accepts, checked with jsonschema.

    Validation errors become pydantic ``ValidationError``s, so the registry
    reports them to the model like any other invalid arguments.
    """
    import jsonschema

    schema = input_schema if input_schema else {"type": "object"}
    validator_class = jsonschema.validators.validator_for(schema)
    try:
        validator_class.check_schema(schema)
        validator = validator_class(schema)
    except jsonschema.SchemaError:
        logger.warning(
            "MCP tool %s has an invalid input schema; only objects are checked", tool_name
        )
        validator = jsonschema.Draft202012Validator({"type": "object"})

    class McpArguments(BaseModel):
        model_config = ConfigDict(extra="allow")

        @model_validator(mode="before")
        @classmethod
        def _matches_schema(cls, data: Any) -> Any:
            if not isinstance(data, dict):
                raise PydanticCustomError("json_schema", "the arguments must be a JSON object")
            errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
            if errors:
                detail = "; ".join(_schema_error(e) for e in errors[:5])
                raise PydanticCustomError("json_schema", "{detail}", {"detail": detail})
            return data

    McpArguments.__name__ = McpArguments.__qualname__ = f"{_camel(tool_name)}Args"
    return McpArguments


def _schema_error(error: Any) -> str:
    path = ".".join(str(p) for p in error.absolute_path)
    return f"{path}: {error.message}" if path else str(error.message)


def _camel(name: str) -> str:
    return "".join(part.title() for part in re.split(r"[_\-]", name) if part) or "Mcp"


class McpToolset:
    """The tools of one MCP server, reachable by stdio (``command``) or HTTP (``url``).

    Use it as an async context manager (it owns the session; leaving closes
    it and stops a stdio server) and register its tools into a registry.
    ``name_prefix`` is put before every tool name; ``include``/``exclude``
    filter by the server's names; ``access_groups`` apply to every tool and
    ``tool_access_groups`` override them per server tool name.
    ``call_timeout_s`` bounds each call.

    Example::

        async with McpToolset(command="uvx", args=["mcp-server-time"], name_prefix="time_") as mcp:
            await mcp.register_into(registry, access_groups=["staff"])
            result = await agent.run("What time is it in Tokyo?")
    """

    def __init__(
        self,
        *,
        command: str | None = None,
        args: Sequence[str] = (),
        env: Mapping[str, str] | None = None,
        cwd: str | Path | None = None,
        url: str | None = None,
        headers: Mapping[str, str] | None = None,
        name_prefix: str = "",
        include: Iterable[str] | None = None,
        exclude: Iterable[str] = (),
        access_groups: Sequence[str] = (),
        tool_access_groups: Mapping[str, Sequence[str]] | None = None,
        call_timeout_s: float = 60.0,
        connect_timeout_s: float = 30.0,
        errlog: TextIO | None = None,
    ) -> None:
        if (command is None) == (url is None):
            raise ValueError("McpToolset: give a stdio `command` or an HTTP `url` (one of them).")
        self.command, self.args, self.env, self.cwd = command, list(args), env, cwd
        self.url, self.headers = url, dict(headers or {})
        self.name_prefix = name_prefix
        self.include = set(include) if include is not None else None
        self.exclude = set(exclude)
        self.access_groups = list(access_groups)
        self.tool_access_groups = {k: list(v) for k, v in (tool_access_groups or {}).items()}
        self.call_timeout_s = call_timeout_s
        self.connect_timeout_s = connect_timeout_s
        self.errlog = errlog
        self.tools: list[McpTool] = []
        self._session: ClientSession | None = None
        self._task: asyncio.Task[None] | None = None
        self._stop = asyncio.Event()

    def __repr__(self) -> str:
        target = self.url or " ".join([self.command or "", *self.args])
        return f"McpToolset({target!r}, tools={[t.name for t in self.tools]})"

    async def __aenter__(self) -> McpToolset:
        await self.connect()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def connected(self) -> bool:
        return self._session is not None

    async def connect(self) -> list[McpTool]:
        """Start the session and list the tools (done by ``async with``)."""
        if self._task is not None:
            return self.tools
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._stop = asyncio.Event()
        self._task = asyncio.create_task(self._own_session(ready), name=f"mcp:{self!r}")
        try:
            async with asyncio.timeout(self.connect_timeout_s):
                await asyncio.shield(ready)
        except asyncio.CancelledError:
            await self.close()
            raise
        except Exception as exc:
            await self.close()
            if isinstance(exc, McpConnectionError):
                raise
            raise McpConnectionError(f"Cannot connect to the MCP server: {_reason(exc)}") from exc
        return await self.refresh_tools()

    async def refresh_tools(self) -> list[McpTool]:
        """List the server's tools again (new ``McpTool`` objects)."""
        descriptions = await _list_tools(self._require_session())
        self.tools = [self._wrap(d) for d in descriptions if self._wanted(d["name"])]
        return list(self.tools)

    def get_tool(self, name: str) -> McpTool | None:
        """A tool by hookline name or by the server's name."""
        return next((t for t in self.tools if name in (t.name, t.remote_name)), None)

    async def register_into(
        self, registry: ToolRegistry, *, access_groups: Sequence[str] | None = None
    ) -> list[McpTool]:
        """Register every tool into ``registry`` (connecting first if needed).

        ``access_groups`` replaces the toolset's groups, for this registry only,
        on tools without a ``tool_access_groups`` entry.  Returns the tools
        registered.
        """
        if self._task is None:
            await self.connect()
        registered = []
        for tool in self.tools:
            if access_groups is not None and tool.remote_name not in self.tool_access_groups:
                tool = tool.with_access_groups(access_groups)
            registry.register(tool)
            registered.append(tool)
        return registered

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> ToolResult:
        """Call the server's tool ``name``; text content goes to the model."""
        session = self._session
        if session is None:
            return ToolResult.failure(
                f"MCP tool {name!r} is unavailable: the server is not connected."
            )
        try:
            async with asyncio.timeout(self.call_timeout_s):
                result = await session.call_tool(name, arguments)
        except TimeoutError:
            return ToolResult.failure(
                f"MCP tool {name!r} did not answer within {self.call_timeout_s:g} s."
            )
        return _to_tool_result(
            name, result.model_dump(by_alias=True, mode="json", exclude_none=True)
        )

    async def close(self) -> None:
        """End the session (stops a stdio server). Safe to call twice."""
        task, self._task = self._task, None
        if task is None:
            return
        self._stop.set()
        try:
            await asyncio.wait_for(asyncio.shield(task), timeout=10.0)
        except (TimeoutError, asyncio.CancelledError):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        except Exception as exc:  # closing must not raise for a server that died
            logger.warning("MCP session ended with an error: %s", _reason(exc))
        self._session = None

    async def _own_session(self, ready: asyncio.Future[None]) -> None:
        """Open transport and session, then hold them until ``close``: one task enters and exits."""
        from mcp import ClientSession

        try:
            async with contextlib.AsyncExitStack() as stack:
                read, write = await self._open_transport(stack)
                session = await stack.enter_async_context(ClientSession(read, write))
                await session.initialize()
                self._session = session
                ready.set_result(None)
                await self._stop.wait()
        except BaseException as exc:
            if not ready.done():
                ready.set_exception(McpConnectionError(f"MCP session failed: {_reason(exc)}"))
            elif not isinstance(exc, asyncio.CancelledError):
                logger.warning("MCP session ended: %s", _reason(exc))
            if isinstance(exc, asyncio.CancelledError):
                raise
        finally:
            self._session = None

    async def _open_transport(self, stack: contextlib.AsyncExitStack) -> tuple[Any, Any]:
        if self.url is not None:
            return await _open_http(stack, self.url, self.headers)
        from mcp import StdioServerParameters
        from mcp.client.stdio import stdio_client

        assert self.command is not None
        parameters = StdioServerParameters(
            command=self.command,
            args=self.args,
            env=dict(self.env) if self.env is not None else None,
            cwd=self.cwd,
        )
        streams = await stack.enter_async_context(
            stdio_client(parameters, errlog=self.errlog or sys.stderr)
        )
        return streams[0], streams[1]

    def _require_session(self) -> ClientSession:
        if self._session is None:
            raise McpConnectionError("The MCP toolset is not connected; use `async with` first.")
        return self._session

    def _wanted(self, remote_name: str) -> bool:
        if self.include is not None and remote_name not in self.include:
            return False
        return remote_name not in self.exclude

    def _wrap(self, description: dict[str, Any]) -> McpTool:
        remote = str(description["name"])
        return McpTool(
            self,
            name=_local_name(self.name_prefix, remote),
            remote_name=remote,
            description=str(description.get("description") or ""),
            input_schema=dict(description.get("inputSchema") or {"type": "object"}),
            access_groups=self.tool_access_groups.get(remote, self.access_groups),
        )


def _local_name(prefix: str, remote: str) -> str:
    return _INVALID_NAME_CHARS.sub("_", f"{prefix}{remote}")[:_MAX_NAME]


async def _open_http(
    stack: contextlib.AsyncExitStack, url: str, headers: dict[str, str]
) -> tuple[Any, Any]:
    """Streamable HTTP with the SDK at hand: ``streamable_http_client`` (newer) or the 1.x name."""
    try:
        from mcp.client.streamable_http import streamable_http_client
    except ImportError:  # mcp < 1.24
        from mcp.client.streamable_http import (  # type: ignore[attr-defined,unused-ignore]
            streamablehttp_client,
        )

        streams = await stack.enter_async_context(streamablehttp_client(url, headers=headers))
        return streams[0], streams[1]
    http_client = None
    if headers:
        from mcp.shared._httpx_utils import create_mcp_http_client

        http_client = await stack.enter_async_context(create_mcp_http_client(headers=headers))
    streams = await stack.enter_async_context(streamable_http_client(url, http_client=http_client))
    return streams[0], streams[1]


async def _list_tools(session: ClientSession) -> list[dict[str, Any]]:
    tools: list[dict[str, Any]] = []
    cursor: str | None = None
    while True:
        page = await (session.list_tools() if cursor is None else _next_page(session, cursor))
        data = page.model_dump(by_alias=True, mode="json", exclude_none=True)
        tools.extend(data.get("tools", []))
        cursor = data.get("nextCursor")
        if not cursor:
            return tools


async def _next_page(session: Any, cursor: str) -> Any:
    from mcp import types

    params_type = getattr(types, "PaginatedRequestParams", None)
    if params_type is not None:
        with contextlib.suppress(TypeError):
            return await session.list_tools(params=params_type(cursor=cursor))
    return await session.list_tools(cursor=cursor)


def _to_tool_result(name: str, data: dict[str, Any]) -> ToolResult:
    structured = data.get("structuredContent")
    text = "\n".join(_content_text(item) for item in data.get("content", []))
    if not text and structured is not None:
        text = json.dumps(structured, ensure_ascii=False)
    metadata = {"mcp_tool": name, "structured_content": structured}
    if data.get("isError"):
        failure = ToolResult.failure(text or f"MCP tool {name!r} reported an error.")
        failure.metadata = metadata
        return failure
    return ToolResult(result_for_llm=text, metadata=metadata)


def _content_text(item: dict[str, Any]) -> str:
    kind = item.get("type")
    if kind == "text":
        return str(item.get("text", ""))
    if kind in ("image", "audio"):
        return f"[{kind} content: {item.get('mimeType', 'unknown type')}]"
    if kind == "resource":
        resource = item.get("resource") or {}
        return str(resource.get("text") or f"[resource {resource.get('uri', '')}]")
    if kind == "resource_link":
        return f"[resource link {item.get('name', '')}: {item.get('uri', '')}]"
    return f"[{kind} content]"


def _reason(exc: BaseException) -> str:
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    if isinstance(exc, TimeoutError | asyncio.TimeoutError):
        return "timed out"
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
