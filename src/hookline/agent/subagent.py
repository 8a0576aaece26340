"""A child agent exposed as a tool, with none, full or selective hook isolation.

Each call runs a copy of the child (``Agent.copy(hooks=...)``) whose registry is the
one its isolation mode gives.  A selective child's registry (a copy tapping into the
parent's; its events reach the parent's handlers with the child's context) lives for
one call:
``child_hooks`` releases it when the call ends, so the parent's registry is left as
it was (issue 32: it kept one tap source per call, for ever).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from pydantic import Field

from hookline._model import Model
from hookline.agent.nested import RESUME_KEY, paused_result, resume_key
from hookline.agent.result import RunResult
from hookline.agent.turn import Turn
from hookline.hooks.registry import HookContext, HookRegistry
from hookline.tools.base import Tool
from hookline.tools.context import ToolContext
from hookline.tools.result import ToolResult
from hookline.users.models import RequestContext

if TYPE_CHECKING:
    from hookline.agent.config import Isolation
    from hookline.agent.turn_agent import TurnAgent as Agent

__all__ = ["SubAgentTool", "TaskArgs"]


class TaskArgs(Model):
    task: str = Field(description="What the sub-agent should do, in plain words.")


class SubAgentTool(Tool[TaskArgs]):
    """Runs ``agent`` on the task in a fresh conversation and returns its answer."""

    def __init__(
        self,
        agent: Agent,
        *,
        name: str,
        description: str,
        isolation: Isolation,
        only: Iterable[type[Any]] | None,
        exclude: Iterable[type[Any]] | None,
        access_groups: list[str] | None,
    ) -> None:
        if isolation not in ("none", "full", "selective"):
            raise ValueError(f"isolation must be 'none', 'full' or 'selective', not {isolation!r}")
        self.agent = agent
        self.name = name
        self.description = description
        self.isolation = isolation
        self.only = list(only) if only is not None else None
        self.exclude = list(exclude or ())
        self.access_groups = list(access_groups or [])

    def get_args_schema(self) -> type[TaskArgs]:
        return TaskArgs

    async def execute(self, context: ToolContext, args: TaskArgs) -> ToolResult:
        """Run the task in a new conversation, or resume the one that paused for a reviewer."""
        with self.child_hooks(context.hooks) as hooks:
            result = await self._run(context, args, hooks)
        if result.paused:  # a call inside waits for a reviewer: so does this one
            return paused_result(self.name, result)
        if result.halted:
            return ToolResult.failure(f"Sub-agent {self.name!r} stopped: {result.error}")
        return ToolResult(result_for_llm=result.text, metadata={"usage": result.usage.model_dump()})

    async def _run(self, context: ToolContext, args: TaskArgs, hooks: HookRegistry) -> RunResult:
        """The child's turn on ``args.task`` (or its paused turn, resumed), run by a copy
        of the child whose registry is ``hooks`` (``Agent.copy``)."""
        waiting = (context.metadata.get(RESUME_KEY) or {}).get(resume_key(self.name, args.task))
        resume = waiting.pop(0) if waiting else None
        child = self.agent.copy(hooks=hooks)
        if resume is None:
            turn = Turn(child, RequestContext(), args.task, user=context.user)
        else:
            cid, decisions = resume["conversation_id"], resume["decisions"]
            turn = Turn(
                child,
                RequestContext(),
                "",
                cid,
                user=context.user,
                decisions=decisions,
                approver=resume["approver"],
            )
        from hookline.agent.collect import collect

        return await collect(turn)

    @contextmanager
    def child_hooks(self, parent: HookRegistry | None) -> Iterator[HookRegistry]:
        """The registry the child's turn emits into, for this tool's isolation mode.

        "none" and "full" give views (nothing to undo).  "selective" gives a copy of
        the child agent's registry tapping into ``parent``; it is released when the
        ``with`` block ends, however it ends (error, cancellation), so a thousand calls
        leave ``parent`` as it was.
        """
        parent_path = parent.context.agent_path if parent and parent.context else ""
        path = f"{parent_path}.{self.name}" if parent_path else self.name
        agent_type = type(self.agent)
        if self.isolation == "none" and parent is not None:
            yield parent.view(agent_type=agent_type, agent_path=path, agent_name=self.name)
        elif self.isolation == "selective" and parent is not None:
            context = HookContext(agent_type=agent_type, agent_path=path, agent_name=self.name)
            child = self.agent.hooks.copy(context)
            try:
                child.propagate_to(parent, only=self.only, exclude=self.exclude)
                yield child
            finally:
                child.release()
        else:
            yield self.agent.hooks.view(
                agent_type=agent_type, agent_path=path, agent_name=self.name
            )
