"""LangChain 1.x: ``create_agent`` with a fake chat model (a ``BaseChatModel``
subclass whose ``bind_tools`` keeps the scripted behaviour), a ``@tool``, and
``n`` no-op ``AgentMiddleware`` overriding every hook (``before_agent``,
``before_model``, ``wrap_model_call``, ``after_model``, ``wrap_tool_call``,
``after_agent``; the async forms, as the agent runs with ``ainvoke``).
No checkpointer: every ``ainvoke`` is a new conversation.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from importlib.metadata import version as installed_version
from typing import Any

from langchain.agents import create_agent  # type: ignore[import-not-found, unused-ignore]
from langchain.agents.middleware import AgentMiddleware  # type: ignore[import-not-found, unused-ignore]
from langchain_core.language_models import BaseChatModel  # type: ignore[import-not-found, unused-ignore]
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage  # type: ignore[import-not-found, unused-ignore]
from langchain_core.outputs import ChatGeneration, ChatResult  # type: ignore[import-not-found, unused-ignore]
from langchain_core.tools import tool  # type: ignore[import-not-found, unused-ignore]
from scenario import ANSWER, CALL_ID, QUESTION, TOOL_NAME, Calls, Turn

LABEL = "langchain"
IMPORT = "from langchain.agents import create_agent"


def version() -> str:
    return installed_version("langchain")


class ScriptedChatModel(BaseChatModel):  # type: ignore[misc, unused-ignore]
    """Asks for the constant tool, then answers once a tool message is last."""

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedChatModel:
        return self  # the script already knows its one tool

    def _generate(
        self, messages: list[Any], stop: Any = None, run_manager: Any = None, **kwargs: Any
    ) -> Any:
        if isinstance(messages[-1], ToolMessage):
            message = AIMessage(content=ANSWER)
        else:
            call = {"name": TOOL_NAME, "args": {}, "id": CALL_ID, "type": "tool_call"}
            message = AIMessage(content="", tool_calls=[call])
        return ChatResult(generations=[ChatGeneration(message=message)])

    async def _agenerate(
        self, messages: list[Any], stop: Any = None, run_manager: Any = None, **kwargs: Any
    ) -> Any:
        return self._generate(messages, stop, None, **kwargs)


@tool(TOOL_NAME)  # type: ignore[untyped-decorator, unused-ignore]
def constant() -> str:
    """Returns a constant."""
    return Calls.tool_ran()


def _noop_middleware(index: int) -> Any:
    class NoOp(AgentMiddleware):  # type: ignore[misc, unused-ignore]
        @property
        def name(self) -> str:
            return f"noop_{index}"

        async def abefore_agent(self, state: Any, runtime: Any) -> None:
            return None

        async def abefore_model(self, state: Any, runtime: Any) -> None:
            return None

        async def awrap_model_call(
            self, request: Any, handler: Callable[[Any], Awaitable[Any]]
        ) -> Any:
            return await handler(request)

        async def aafter_model(self, state: Any, runtime: Any) -> None:
            return None

        async def awrap_tool_call(
            self, request: Any, handler: Callable[[Any], Awaitable[Any]]
        ) -> Any:
            return await handler(request)

        async def aafter_agent(self, state: Any, runtime: Any) -> None:
            return None

    return NoOp()


def build(hooks: int) -> Turn:
    middleware = [_noop_middleware(i) for i in range(hooks)]
    agent = create_agent(ScriptedChatModel(), tools=[constant], middleware=middleware)

    async def one_turn() -> str:
        state = await agent.ainvoke({"messages": [HumanMessage(QUESTION)]})
        return str(state["messages"][-1].content)

    return one_turn
