"""The ``@tool`` decorator: a typed Python function becomes a Tool."""

from __future__ import annotations

import asyncio
import inspect
import json
import re
from collections.abc import Callable
from typing import Any, get_type_hints, overload

from pydantic import BaseModel, ConfigDict, Field, create_model

from hookline.components.base import UiComponent
from hookline.tools.base import Tool
from hookline.tools.context import ToolContext
from hookline.tools.result import ToolResult

__all__ = ["FunctionTool", "tool"]

_ARGS_HEADER = r"^\s*(Args|Arguments|Parameters):\s*$"  # re compiles and caches on first use
_ARG_LINE = r"^\s*(\w+)\s*(?:\([^)]*\))?\s*:\s*(.*)$"


class FunctionTool(Tool[BaseModel]):
    """A tool made from a function; see ``tool``."""

    def __init__(
        self,
        function: Callable[..., Any],
        *,
        name: str | None = None,
        description: str | None = None,
        access_groups: list[str] | None = None,
        inline: bool = False,
        idempotent: bool = False,
    ) -> None:
        self.function = function
        self.name = name or function.__name__
        summary, arg_docs = _parse_docstring(inspect.getdoc(function) or "")
        self.description = description or summary or self.name
        self.access_groups = list(access_groups or [])
        self.idempotent = idempotent
        self._is_async = inspect.iscoroutinefunction(function)
        self._inline = inline
        self._context_param, self._args_model = _build_args_model(self.name, function, arg_docs)
        self._arg_names = tuple(self._args_model.model_fields)

    def get_args_schema(self) -> type[BaseModel]:
        return self._args_model

    async def execute(self, context: ToolContext, args: BaseModel) -> ToolResult:
        kwargs = {name: getattr(args, name) for name in self._arg_names}
        if self._context_param:
            kwargs[self._context_param] = context
        if self._is_async:
            value = await self.function(**kwargs)
        elif self._inline:
            value = self.function(**kwargs)
        else:
            value = await asyncio.to_thread(self.function, **kwargs)
        return _to_result(value)


@overload
def tool(function: Callable[..., Any], /) -> FunctionTool: ...


@overload
def tool(
    *,
    name: str | None = None,
    description: str | None = None,
    access_groups: list[str] | None = None,
    inline: bool = False,
    idempotent: bool = False,
) -> Callable[[Callable[..., Any]], FunctionTool]: ...


def tool(
    function: Callable[..., Any] | None = None,
    /,
    *,
    name: str | None = None,
    description: str | None = None,
    access_groups: list[str] | None = None,
    inline: bool = False,
    idempotent: bool = False,
) -> FunctionTool | Callable[[Callable[..., Any]], FunctionTool]:
    """Turn a function into a tool: type hints give the schema, the docstring the text.

    The function may be sync or async.  A parameter annotated ``ToolContext``
    receives the turn's context and is not shown to the model.  Sync
    functions run in a worker thread so they cannot block the event loop;
    ``inline=True`` runs a cheap one on the loop.  A ``str`` return goes to
    the model as is, a ``ToolResult`` is used as is, anything else as JSON.
    ``idempotent=True``: running it twice with the same
    ``ToolContext.idempotency_key`` does what running it once does, so a call
    a crash cut off is run again on recovery (docs/exactly-once.md).

    Example::

        @tool
        async def get_weather(city: str, unit: str = "C") -> str:
            \"\"\"Current weather for a city.

            Args:
                city: City name, e.g. "Paris".
                unit: "C" or "F".
            \"\"\"
            return f"18 {unit} in {city}"
    """

    def decorate(fn: Callable[..., Any]) -> FunctionTool:
        return FunctionTool(
            fn,
            name=name,
            description=description,
            access_groups=access_groups,
            inline=inline,
            idempotent=idempotent,
        )

    return decorate(function) if function is not None else decorate


def _parse_docstring(doc: str) -> tuple[str, dict[str, str]]:
    """The summary (text before ``Args:``) and per-argument descriptions."""
    summary_lines: list[str] = []
    arg_docs: dict[str, str] = {}
    current: str | None = None
    in_args = False
    for line in doc.splitlines():
        if re.match(_ARGS_HEADER, line):
            in_args = True
            continue
        if not in_args:
            summary_lines.append(line)
            continue
        match = re.match(_ARG_LINE, line)
        if match:
            current = match.group(1)
            arg_docs[current] = match.group(2).strip()
        elif line.strip() and current and line.startswith((" ", "\t")):
            arg_docs[current] = f"{arg_docs[current]} {line.strip()}".strip()
        elif line.strip():
            in_args = False
            current = None
    return "\n".join(summary_lines).strip(), arg_docs


def _build_args_model(
    tool_name: str, function: Callable[..., Any], arg_docs: dict[str, str]
) -> tuple[str | None, type[BaseModel]]:
    hints = _parameter_hints(function)
    context_param: str | None = None
    fields: dict[str, Any] = {}
    for param in inspect.signature(function).parameters.values():
        annotation = hints.get(param.name, Any)
        if annotation is ToolContext:
            context_param = param.name
            continue
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            raise TypeError(f"@tool {tool_name!r}: *args and **kwargs cannot be described.")
        default = ... if param.default is param.empty else param.default
        fields[param.name] = (annotation, Field(default, description=arg_docs.get(param.name)))
    model_name = "".join(part.title() for part in tool_name.split("_")) + "Args"
    config = ConfigDict(extra="forbid")
    model: type[BaseModel] = create_model(model_name, __config__=config, **fields)
    return context_param, model


def _parameter_hints(function: Callable[..., Any]) -> dict[str, Any]:
    """Resolved parameter annotations; the return annotation is not needed."""
    try:
        return get_type_hints(function)
    except NameError:
        annotations = dict(getattr(function, "__annotations__", {}))
        annotations.pop("return", None)
        holder = type("_Params", (), {"__annotations__": annotations})
        holder.__module__ = function.__module__
        return get_type_hints(holder, globalns=getattr(function, "__globals__", None))


def _to_result(value: Any) -> ToolResult:
    if type(value) is str:  # the common case first
        return ToolResult(result_for_llm=value)
    if isinstance(value, ToolResult):
        return value
    if isinstance(value, UiComponent):
        return ToolResult(result_for_llm="Shown to the user.", ui_component=value)
    if isinstance(value, str):
        return ToolResult(result_for_llm=value)
    if isinstance(value, BaseModel):
        return ToolResult(result_for_llm=value.model_dump_json())
    return ToolResult(result_for_llm=json.dumps(value, default=str, ensure_ascii=False))
