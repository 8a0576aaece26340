"""Control tools: how an agent hands off, finishes the run or asks the human.

The workflow gives these tools to its agents (``handoff_to_<agent>`` with
the handoff pattern, ``finish`` with ``finish_tool=True``, ``ask_user``
with ``human_input=True``).  Calling one ends the agent's turn: the model
is not called again after the tool's result, and the turn's answer is the
message the tool was given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pydantic import Field

from hookline._model import Model
from hookline.hooks.events import ModelCallNext
from hookline.hooks.registry import Wrapper
from hookline.llm.models import LlmRequest, LlmResponse
from hookline.tools.base import Tool
from hookline.tools.context import ToolContext
from hookline.tools.result import ToolResult

__all__ = [
    "ASK_USER_TOOL",
    "FINISH_TOOL",
    "AskUserTool",
    "FinishTool",
    "HandoffTool",
    "TurnSignals",
    "handoff_tool_name",
    "short_circuit_wrapper",
]

FINISH_TOOL = "finish"
ASK_USER_TOOL = "ask_user"


def handoff_tool_name(agent: str) -> str:
    """``handoff_to_<agent>``."""
    return f"handoff_to_{agent}"


@dataclass(kw_only=True)
class TurnSignals:
    """What the control tools asked for during the current turn (the first call wins)."""

    handoff_to: str | None = None
    finished: bool = False
    question: str | None = None
    closing_text: str | None = None

    @property
    def ends_turn(self) -> bool:
        return self.closing_text is not None

    def claim(self) -> bool:
        """True when no control tool has ended this turn yet."""
        return self.closing_text is None


SignalsSource = Callable[[], TurnSignals]


class HandoffArgs(Model):
    message: str = Field(
        default="", description="What the next agent should know (optional, plain words)."
    )


class FinishArgs(Model):
    summary: str = Field(default="", description="The final answer or a short summary.")


class AskUserArgs(Model):
    question: str = Field(description="The question for the user.")


class HandoffTool(Tool[HandoffArgs]):
    """``handoff_to_<target>``: the next speaker will be ``target``."""

    def __init__(self, target: str, description: str, signals: SignalsSource) -> None:
        self.target = target
        self.name = handoff_tool_name(target)
        about = f" ({description})" if description else ""
        self.description = (
            f"Hand the conversation over to {target}{about}. Ends your turn; {target} speaks next."
        )
        self.access_groups = []
        self._signals = signals

    def get_args_schema(self) -> type[HandoffArgs]:
        return HandoffArgs

    async def execute(self, context: ToolContext, args: HandoffArgs) -> ToolResult:
        signals = self._signals()
        if not signals.claim():
            return ToolResult.failure("Your turn is already ending; this call was ignored.")
        signals.handoff_to = self.target
        signals.closing_text = args.message or f"Handing off to {self.target}."
        return ToolResult(result_for_llm=f"Handing off to {self.target}.")


class FinishTool(Tool[FinishArgs]):
    """``finish``: the run ends after this turn (reason "finish_tool")."""

    name = FINISH_TOOL
    description = "Finish the whole task: call this when the work is complete. Ends the workflow."

    def __init__(self, signals: SignalsSource) -> None:
        self.access_groups = []
        self._signals = signals

    def get_args_schema(self) -> type[FinishArgs]:
        return FinishArgs

    async def execute(self, context: ToolContext, args: FinishArgs) -> ToolResult:
        signals = self._signals()
        if not signals.claim():
            return ToolResult.failure("Your turn is already ending; this call was ignored.")
        signals.finished = True
        signals.closing_text = args.summary or "Done."
        return ToolResult(result_for_llm="The workflow will finish after your turn.")


class AskUserTool(Tool[AskUserArgs]):
    """``ask_user``: the run pauses after this turn; the same agent continues with the answer."""

    name = ASK_USER_TOOL
    description = (
        "Ask the human user a question and wait for the answer. Ends your turn; you continue "
        "when the user has answered."
    )

    def __init__(self, signals: SignalsSource) -> None:
        self.access_groups = []
        self._signals = signals

    def get_args_schema(self) -> type[AskUserArgs]:
        return AskUserArgs

    async def execute(self, context: ToolContext, args: AskUserArgs) -> ToolResult:
        signals = self._signals()
        if not signals.claim():
            return ToolResult.failure("Your turn is already ending; this call was ignored.")
        signals.question = args.question
        signals.closing_text = args.question
        return ToolResult(result_for_llm="The question was sent to the user.")


def short_circuit_wrapper(
    closing_text: Callable[[], str | None],
) -> Wrapper[LlmRequest, LlmResponse]:
    """A ``MODEL_CALL`` wrapper that answers ``closing_text()`` without the model when set."""

    async def wrapper(request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        text = closing_text()
        if text is not None:
            return LlmResponse(content=text, finish_reason="stop")
        return await call_next(request)

    return wrapper
