"""Tool: the base class of everything the model can call."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Generic, TypeVar

from pydantic import BaseModel

from hookline.llm.models import ToolSchema
from hookline.tools.context import ToolContext
from hookline.tools.result import ToolResult

__all__ = ["ArgsT", "Tool"]

ArgsT = TypeVar("ArgsT", bound=BaseModel)


class Tool(ABC, Generic[ArgsT]):
    """A tool with pydantic-validated arguments.

    ``access_groups`` empty means everyone may use it; otherwise the user must
    belong to one of the groups (checked when schemas are offered and again
    when the call executes).

    Example::

        class AddArgs(BaseModel):
            a: int
            b: int

        class AddTool(Tool[AddArgs]):
            name = "add"
            description = "Add two integers."

            def get_args_schema(self) -> type[AddArgs]:
                return AddArgs

            async def execute(self, context: ToolContext, args: AddArgs) -> ToolResult:
                return ToolResult(result_for_llm=str(args.a + args.b))

    ``idempotent = True`` says that running the tool twice with the same
    ``context.idempotency_key`` has the effect of running it once: after a
    crash cut a call off, recovery runs it again with that key instead of
    reporting it as interrupted (docs/exactly-once.md).

    For most tools the ``@tool`` decorator is shorter.
    """

    name: str
    description: str
    access_groups: list[str] = []
    idempotent: bool = False

    @abstractmethod
    def get_args_schema(self) -> type[ArgsT]:
        """The pydantic model the arguments are validated against."""

    @abstractmethod
    async def execute(self, context: ToolContext, args: ArgsT) -> ToolResult:
        """Run the tool. An exception becomes a failed result the model reads."""

    def get_schema(self) -> ToolSchema:
        """The schema offered to the model (the registry caches it)."""
        parameters = self.get_args_schema().model_json_schema()
        parameters.pop("title", None)
        return ToolSchema(
            name=self.name,
            description=self.description,
            parameters=parameters,
            access_groups=list(self.access_groups),
        )
