"""The memory tools: let the model reuse tool calls that worked and keep useful facts.

Their names are the ones the setup analysis (``/status``) looks for:
``search_saved_correct_tool_uses``, ``save_question_tool_args`` and
``save_text_memory``.  They use the turn's ``context.agent_memory`` (the
``agent_memory`` given to the ``Agent``) and fail with a clear result when
there is none.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from hookline.memory.base import AgentMemory
from hookline.tools.base import ArgsT, Tool
from hookline.tools.context import ToolContext
from hookline.tools.result import ToolResult

__all__ = [
    "SaveQuestionToolArgsTool",
    "SaveTextMemoryTool",
    "SearchSavedCorrectToolUsesTool",
    "memory_tools",
]

NO_MEMORY = (
    "No agent memory is configured, so nothing can be saved or searched. Continue without memory."
)


class SearchArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    question: str = Field(description="The user's question, to find similar past ones.")
    limit: int = Field(5, ge=1, le=50, description="At most this many results.")
    similarity_threshold: float = Field(
        0.0, ge=0.0, le=1.0, description="Only results at least this similar (0..1)."
    )
    tool_name_filter: str | None = Field(None, description="Only uses of this tool.")


class SaveToolArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    question: str = Field(description="The question the tool call answered correctly.")
    tool_name: str = Field(description="The tool that was called.")
    args: dict[str, Any] = Field(description="The exact arguments of that call.")


class SaveTextArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    content: str = Field(min_length=1, description="The fact to remember, in one sentence.")


class _MemoryTool(Tool[ArgsT]):
    """Shared by the memory tools: access groups and the memory lookup."""

    def __init__(self, *, access_groups: list[str] | None = None) -> None:
        self.access_groups = list(access_groups or [])

    @staticmethod
    def memory_of(context: ToolContext) -> AgentMemory | None:
        memory = context.agent_memory
        return memory if isinstance(memory, AgentMemory) else None


class SearchSavedCorrectToolUsesTool(_MemoryTool[SearchArgs]):
    """Finds tool calls that correctly answered questions like the user's.

    Example::

        registry = ToolRegistry([SearchSavedCorrectToolUsesTool(), SaveQuestionToolArgsTool()])
    """

    name = "search_saved_correct_tool_uses"
    description = (
        "Search memory for tool calls that correctly answered questions similar to this "
        "one. Use before answering a question, and reuse or adapt the arguments found."
    )

    def get_args_schema(self) -> type[SearchArgs]:
        return SearchArgs

    async def execute(self, context: ToolContext, args: SearchArgs) -> ToolResult:
        memory = self.memory_of(context)
        if memory is None:
            return ToolResult.failure(NO_MEMORY)
        results = await memory.search_similar_usage(
            args.question,
            context,
            limit=args.limit,
            similarity_threshold=args.similarity_threshold,
            tool_name_filter=args.tool_name_filter,
        )
        if not results:
            return ToolResult(result_for_llm="No similar saved tool uses found.")
        lines = [f"Found {len(results)} similar saved tool use(s):"]
        for r in results:
            lines.append(
                f"{r.rank}. similarity {r.similarity_score:.2f}: question {r.memory.question!r} "
                f"-> {r.memory.tool_name}({json.dumps(r.memory.args, ensure_ascii=False)})"
            )
        return ToolResult(
            result_for_llm="\n".join(lines),
            metadata={"memory_ids": [r.memory.memory_id for r in results]},
        )


class SaveQuestionToolArgsTool(_MemoryTool[SaveToolArgs]):
    """Saves a question with the tool call that answered it, for the search tool to find.

    Example::

        registry.register(SaveQuestionToolArgsTool(access_groups=["admin"]))
    """

    name = "save_question_tool_args"
    description = (
        "Save a question together with the tool name and exact arguments that answered it "
        "correctly, so similar questions can reuse them. Save only verified, successful uses."
    )

    def get_args_schema(self) -> type[SaveToolArgs]:
        return SaveToolArgs

    async def execute(self, context: ToolContext, args: SaveToolArgs) -> ToolResult:
        memory = self.memory_of(context)
        if memory is None:
            return ToolResult.failure(NO_MEMORY)
        saved = await memory.save_tool_usage(args.question, args.tool_name, args.args, context)
        return ToolResult(
            result_for_llm=f"Saved the {args.tool_name} call for {args.question!r}.",
            metadata={"memory_id": saved.memory_id},
        )


class SaveTextMemoryTool(_MemoryTool[SaveTextArgs]):
    """Saves a free-text fact (a definition, a preference) for later turns.

    Example::

        registry.register(SaveTextMemoryTool())
    """

    name = "save_text_memory"
    description = (
        "Remember a short fact worth knowing in later conversations (a business rule, a "
        "definition, a user preference). Do not save secrets or one-off details."
    )

    def get_args_schema(self) -> type[SaveTextArgs]:
        return SaveTextArgs

    async def execute(self, context: ToolContext, args: SaveTextArgs) -> ToolResult:
        memory = self.memory_of(context)
        if memory is None:
            return ToolResult.failure(NO_MEMORY)
        saved = await memory.save_text_memory(args.content, context)
        return ToolResult(
            result_for_llm=f"Remembered: {args.content}",
            metadata={"memory_id": saved.memory_id},
        )


def memory_tools(*, access_groups: list[str] | None = None) -> list[Tool[Any]]:
    """The three memory tools, ready for a ``ToolRegistry``."""
    return [
        SearchSavedCorrectToolUsesTool(access_groups=access_groups),
        SaveQuestionToolArgsTool(access_groups=access_groups),
        SaveTextMemoryTool(access_groups=access_groups),
    ]
