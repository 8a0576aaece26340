"""The model chain drives streaming in the turn's task: live deltas, any wrapper."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import AsyncIterator

import pytest

from hookline import (
    Agent,
    AgentConfig,
    LlmRequest,
    LlmResponse,
    LlmService,
    LlmStreamChunk,
    RequestContext,
    ScriptedLlmService,
    text_reply,
)
from hookline.components import UiComponent
from hookline.events import MODEL_CALL, ModelCallNext, TextDeltaEvent
from hookline.middleware import ModelFallbackMiddleware, RetryMiddleware
from tests.conftest import make_agent, send


class GatedLlm(LlmService):
    """Streams "one ", then waits until the consumer saw it, then streams "two"."""

    def __init__(self) -> None:
        self.seen_first = asyncio.Event()
        self.finished = False

    async def send_request(self, request: LlmRequest) -> LlmResponse:
        raise AssertionError("streaming expected")

    async def stream_request(self, request: LlmRequest) -> AsyncIterator[LlmStreamChunk]:
        yield LlmStreamChunk(content="one ")
        await asyncio.wait_for(self.seen_first.wait(), timeout=2)
        yield LlmStreamChunk(content="two", finish_reason="stop")
        self.finished = True


async def passthrough(request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
    return await call_next(request)


async def with_timeout(request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
    return await asyncio.wait_for(call_next(request), timeout=5)  # runs in another task


def as_task(request: LlmRequest, call_next: ModelCallNext) -> asyncio.Future[LlmResponse]:
    """A plain function returning a task (an awaitable that is not a coroutine)."""
    return asyncio.ensure_future(call_next(request))


@pytest.mark.parametrize(
    "wrapper", [passthrough, with_timeout, as_task], ids=["same-task", "wait_for", "task"]
)
async def test_deltas_reach_the_user_before_the_model_finishes(wrapper: object) -> None:
    llm = GatedLlm()
    agent = Agent(llm, config=AgentConfig(stream=True))
    agent.hooks.wrap(MODEL_CALL, wrapper)  # type: ignore[arg-type]
    texts: list[str] = []
    async for component in agent.send_message(RequestContext(), "hi"):
        if component.type == "text":
            texts.append(component.rich_component.content)  # type: ignore[attr-defined]
            if len(texts) == 1:
                assert not llm.finished  # live: the model is still streaming
                llm.seen_first.set()
    assert texts == ["one ", "two"]


async def test_a_wrapper_answering_without_the_model_still_shows_its_text() -> None:
    agent, llm = make_agent([], stream=True)
    deltas: list[str] = []
    agent.hooks.on(TextDeltaEvent, lambda e: deltas.append(e.data.text))

    async def cache(request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        return LlmResponse(content="from cache")

    agent.hooks.wrap(MODEL_CALL, cache)
    components = await send(agent, "hi")
    texts = [c.rich_component for c in components if c.type == "text"]
    assert [(t.content, t.delta) for t in texts] == [("from", True), (" cache", True)]  # type: ignore[attr-defined]
    assert deltas == ["from", " cache"]  # in pieces, as a model's
    assert llm.requests == []


async def test_the_chain_sees_the_callers_context_and_a_reset_does_not_leak() -> None:
    marker: contextvars.ContextVar[str] = contextvars.ContextVar("marker", default="unset")
    agent, _ = make_agent([text_reply("a streamed answer in pieces")], stream=True)
    seen_in_chain: list[str] = []
    seen_by_consumer: list[str] = []

    async def scoped(request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        seen_in_chain.append(marker.get())
        token = marker.set("inside")
        try:
            return await call_next(request)
        finally:
            marker.reset(token)

    agent.hooks.wrap(MODEL_CALL, scoped)
    marker.set("request-scope")
    async for _ in agent.send_message(RequestContext(), "hi"):
        seen_by_consumer.append(marker.get())
    assert seen_in_chain == ["request-scope"]
    assert set(seen_by_consumer) == {"request-scope"}


async def test_cancelling_the_turn_cancels_the_chain() -> None:
    started = asyncio.Event()
    cleaned_up: list[str] = []

    async def slow(request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        started.set()
        try:
            await asyncio.sleep(10)
        except asyncio.CancelledError:
            cleaned_up.append("cancelled")
            raise
        return await call_next(request)

    agent, _ = make_agent([text_reply("never")], stream=True)
    agent.hooks.wrap(MODEL_CALL, slow)
    task = asyncio.ensure_future(send(agent, "hi"))
    await asyncio.wait_for(started.wait(), timeout=2)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert cleaned_up == ["cancelled"]


async def test_closing_the_stream_closes_the_chain() -> None:
    closed: list[str] = []

    async def watch(request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        try:
            return await call_next(request)
        finally:
            closed.append("closed")

    agent, _ = make_agent([text_reply("a long answer in pieces")], stream=True)
    agent.hooks.wrap(MODEL_CALL, watch)
    stream = agent.send_message(RequestContext(), "hi")
    async for component in stream:
        if component.type == "text":
            break
    await stream.aclose()  # type: ignore[attr-defined]
    del stream
    for _ in range(5):  # the inner generators are finalised by the event loop
        await asyncio.sleep(0)
    assert closed == ["closed"]


async def test_a_chain_error_fails_the_turn_cleanly() -> None:
    async def broken(request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        await asyncio.sleep(0)
        raise RuntimeError("boom")

    agent, _ = make_agent([text_reply("never")], stream=True)
    agent.hooks.wrap(MODEL_CALL, broken)
    components = await send(agent, "hi")
    assert [c.type for c in components] == ["error"]


async def test_a_wrapper_that_yields_to_the_loop_still_streams() -> None:
    async def polite(request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        await asyncio.sleep(0)  # a bare yield
        response = await call_next(request)
        await asyncio.sleep(0.001)  # a timer
        return response

    agent, _ = make_agent([text_reply("streamed through a polite wrapper")], stream=True)
    agent.hooks.wrap(MODEL_CALL, polite)
    components = await send(agent, "hi")
    texts = [c.rich_component for c in components if c.type == "text"]
    assert "".join(t.content for t in texts) == "streamed through a polite wrapper"  # type: ignore[attr-defined]
    assert all(t.delta for t in texts)  # type: ignore[attr-defined]
    assert len(texts) == 3


class TickingLlm(LlmService):
    """Streams ten chunks, each after a future the loop resolves (a network read's shape)."""

    async def send_request(self, request: LlmRequest) -> LlmResponse:
        raise AssertionError("streaming expected")

    async def stream_request(self, request: LlmRequest) -> AsyncIterator[LlmStreamChunk]:
        loop = asyncio.get_running_loop()
        for index in range(10):
            ready: asyncio.Future[None] = loop.create_future()
            loop.call_soon(ready.set_result, None)
            await ready
            yield LlmStreamChunk(content=f"{index} ")


async def loop_iterations_of_a_turn(agent: Agent) -> int:
    """How many event-loop iterations one turn takes (a callback re-arms itself each)."""
    loop = asyncio.get_running_loop()
    iterations = 0
    running = True

    def tick() -> None:
        nonlocal iterations
        iterations += 1
        if running:
            loop.call_soon(tick)

    loop.call_soon(tick)
    await send(agent, "hi")
    running = False
    return iterations


async def test_a_wrapped_stream_takes_no_extra_loop_turn_per_provider_wait() -> None:
    bare = Agent(TickingLlm(), config=AgentConfig(stream=True), workflow_handler=None)
    wrapped = Agent(TickingLlm(), config=AgentConfig(stream=True), workflow_handler=None)
    wrapped.hooks.wrap(MODEL_CALL, passthrough)
    await send(bare, "warm up")
    await send(wrapped, "warm up")
    direct = await loop_iterations_of_a_turn(bare)
    through_chain = await loop_iterations_of_a_turn(wrapped)
    assert through_chain <= direct + 3  # not one more per chunk (would be about +10)


class BreaksOffOnce(LlmService):
    """The first stream shows "Partial ans" and fails (a timeout); later ones answer."""

    def __init__(self, answer: str = "The full answer.") -> None:
        self.answer = answer
        self.streams = 0

    async def send_request(self, request: LlmRequest) -> LlmResponse:
        raise AssertionError("streaming expected")

    async def stream_request(self, request: LlmRequest) -> AsyncIterator[LlmStreamChunk]:
        self.streams += 1
        if self.streams == 1:
            yield LlmStreamChunk(content="Partial ans")
            raise TimeoutError("the stream broke off")
        for word in self.answer.split(" "):
            yield LlmStreamChunk(content=word + " ")
        yield LlmStreamChunk(finish_reason="stop")


def _shown(components: list[UiComponent]) -> list[tuple[str, object]]:
    """(type, text or title) of what the user saw, in order."""
    rows: list[tuple[str, object]] = []
    for component in components:
        rich = component.rich_component
        if component.type == "text":
            rows.append(("text", rich.content))  # type: ignore[attr-defined]
        elif component.type in ("status_card", "error"):
            rows.append((component.type, getattr(rich, "title", None)))
    return rows


async def _stored_answer(agent: Agent, components: list[UiComponent]) -> str | None:
    conversations = agent.conversation_store
    user = await agent.user_resolver.resolve_user(RequestContext())
    (conversation,) = await conversations.list_conversations(user)
    stored = await conversations.get_conversation(conversation.id, user)
    assert stored is not None
    return stored.messages[-1].content


async def test_a_retry_after_a_broken_stream_starts_its_text_below_a_marker() -> None:
    llm = BreaksOffOnce()
    retry = RetryMiddleware(base_delay=0, jitter=0, tools=False)
    agent = Agent(llm, config=AgentConfig(stream=True), middleware=[retry])
    components = await send(agent, "hi")
    assert _shown(components) == [
        ("text", "Partial ans"),
        ("status_card", "The answer broke off"),
        ("text", "The "),
        ("text", "full "),
        ("text", "answer. "),
    ]
    assert await _stored_answer(agent, components) == "The full answer. "


async def test_a_fallback_after_a_broken_stream_shows_its_answer() -> None:
    backup = ScriptedLlmService([text_reply("The backup answer.")])
    agent = Agent(
        BreaksOffOnce(),
        config=AgentConfig(stream=True),
        middleware=[ModelFallbackMiddleware([backup])],
    )
    components = await send(agent, "hi")
    assert _shown(components) == [
        ("text", "Partial ans"),
        ("status_card", "The answer broke off"),
        ("text", "The"),  # a whole answer is shown in pieces, as a model's
        ("text", " backup"),
        ("text", " answer."),
    ]
    assert await _stored_answer(agent, components) == "The backup answer."


async def test_a_broken_stream_nobody_retries_ends_in_the_error_without_a_marker() -> None:
    agent = Agent(BreaksOffOnce(), config=AgentConfig(stream=True))
    agent.hooks.wrap(MODEL_CALL, passthrough)
    components = await send(agent, "hi")
    assert [row[0] for row in _shown(components)] == ["text", "error"]
