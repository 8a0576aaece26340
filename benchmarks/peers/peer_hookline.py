"""hookline: ``Agent`` with a ``ScriptedLlmService``, the memory store and
``n`` no-op handlers on every event (``build``) -- or ``n`` no-op
``AgentMiddleware`` with all six hooks (``build_middleware``, when
``hookline.middleware`` is present).

The answer streams in one piece, as every peer's scripted model sends it.
``build_unstreamed`` is the same turn with streaming off: the model is called
once per step for a complete answer, as LangChain's ``ainvoke`` calls its model
(``_agenerate``); the LangChain ratio is taken against it."""

from __future__ import annotations

import importlib
from typing import Any

from scenario import ANSWER, CALL_ID, QUESTION, TOOL_NAME, Calls, Turn

import hookline
from hookline import (
    Agent,
    AgentConfig,
    Event,
    LlmRequest,
    LlmResponse,
    MemoryConversationStore,
    RequestContext,
    ScriptedLlmService,
    ToolRegistry,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.hooks.events import ALL_EVENT_TYPES

LABEL = "hookline"
IMPORT = "import hookline"
_CALL = tool_call_reply(TOOL_NAME, {}, call_id=CALL_ID)
_ANSWER = text_reply(ANSWER)


def version() -> str:
    return str(getattr(hookline, "__version__", "dev"))


@tool(name=TOOL_NAME)
async def constant() -> str:
    """Returns a constant."""
    return Calls.tool_ran()


def _script(request: LlmRequest) -> LlmResponse:
    return _ANSWER if request.messages[-1].role == "tool" else _CALL


def _noop(event: Event[Any]) -> None:
    return None


def _agent(*, stream: bool = True) -> Agent:
    llm = ScriptedLlmService(_script, chunks=1, record_requests=False)
    return Agent(llm, tool_registry=ToolRegistry([constant]), config=AgentConfig(stream=stream))


def _turn(agent: Agent) -> Turn:
    context = RequestContext()
    turns = 0

    async def one_turn() -> str:
        nonlocal turns
        turns += 1
        if turns % 100 == 0:  # the store keeps every conversation: drop them now and then
            agent.conversation_store = MemoryConversationStore()
        text = ""
        async for component in agent.send_message(context, QUESTION):
            simple = component.simple_component
            if component.rich_component.type == "text" and simple is not None:
                text += getattr(simple, "text", "")
        return text

    return one_turn


def build(hooks: int, *, stream: bool = True) -> Turn:
    """``hooks`` no-op handlers on every event type."""
    agent = _agent(stream=stream)
    for event_type in ALL_EVENT_TYPES:
        for _ in range(hooks):
            agent.hooks.on(event_type, _noop)
    return _turn(agent)


def build_unstreamed(hooks: int) -> Turn:
    """``build``, with the model's answers not streamed (LangChain's ``ainvoke``)."""
    return build(hooks, stream=False)


def middleware_module() -> Any:
    """``hookline.middleware`` when this checkout has it, else None."""
    try:
        return importlib.import_module("hookline.middleware")
    except ImportError:
        return None


def build_middleware(hooks: int) -> Turn:
    """``hooks`` no-op ``AgentMiddleware`` overriding all six hooks."""
    module = middleware_module()
    if module is None:
        raise RuntimeError("hookline.middleware is not in this checkout")
    agent = _agent()
    for _ in range(hooks):
        agent.use(_noop_middleware(module))
    return _turn(agent)


def _noop_middleware(module: Any) -> Any:
    proceed = module.Continue()

    class NoOp(module.AgentMiddleware):  # type: ignore[misc]
        async def before_agent(self, input: str) -> str:
            return input

        async def before_model(self, messages: Any) -> Any:
            return messages

        async def wrap_model_call(self, request: Any, call_next: Any) -> Any:
            return await call_next(request)

        async def after_model(self, response: Any) -> Any:
            return proceed

        async def wrap_tool_call(self, invocation: Any, call_next: Any) -> Any:
            return await call_next(invocation)

        async def after_agent(self, result: str) -> str:
            return result

    return NoOp()
