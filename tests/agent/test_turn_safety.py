"""A failed, halted or cancelled turn leaves the conversation valid and loses nothing."""

from __future__ import annotations

import asyncio

import pytest

from hookline import (
    AgentConfig,
    AgentError,
    Event,
    LlmError,
    LlmRequest,
    LlmResponse,
    MemoryConversationStore,
    Message,
    RequestContext,
    ToolCall,
    ToolRegistry,
    TurnFailedError,
    User,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.agent.history import repair_tool_pairs
from hookline.events import MessageReceivedEvent, TurnFailedEvent
from tests.conftest import make_agent, send

DEFAULT_USER = User(id="default", username="default")


async def stored(agent: object, conversation_id: str) -> list[Message]:
    store = agent.conversation_store  # type: ignore[attr-defined]
    conversation = await store.get_conversation(conversation_id, DEFAULT_USER)
    assert conversation is not None
    return list(conversation.messages)


async def test_agent_error_in_before_message_halts_without_touching_the_conversation() -> None:
    agent, llm = make_agent([text_reply("first"), text_reply("never")])
    await send(agent, "hello", conversation_id="c1")
    before = (await agent.conversation_store.get_conversation("c1", DEFAULT_USER)).model_dump_json()  # type: ignore[union-attr]

    def quota(event: Event[MessageReceivedEvent]) -> None:
        raise AgentError("Daily quota reached.")

    agent.hooks.on(MessageReceivedEvent, quota)
    components = await send(agent, "again", conversation_id="c1")

    after = (await agent.conversation_store.get_conversation("c1", DEFAULT_USER)).model_dump_json()  # type: ignore[union-attr]
    assert after == before
    assert [(c.type, c.rich_component.message) for c in components] == [  # type: ignore[attr-defined]
        ("error", "Daily quota reached.")
    ]
    assert len(llm.requests) == 1
    result = await agent.run("third", conversation_id="c1")
    assert result.halted and result.error == "Daily quota reached." and result.text == ""


async def test_model_error_ends_the_turn_with_an_error_and_keeps_the_user_message() -> None:
    agent, _ = make_agent([LlmError("upstream 503", transient=True)])
    failures: list[TurnFailedEvent] = []
    agent.hooks.on(TurnFailedEvent, lambda e: failures.append(e.data))

    components = await send(agent, "hello", conversation_id="c1")

    assert [c.type for c in components] == ["error"]
    message = components[0].rich_component.message  # type: ignore[attr-defined]
    assert message == "The answer failed: upstream 503"
    assert "Traceback" not in message
    assert [m.content for m in await stored(agent, "c1")] == ["hello"]
    assert isinstance(failures[0].error, LlmError)


async def test_run_raises_turn_failed_error() -> None:
    agent, _ = make_agent([RuntimeError("boom")])
    with pytest.raises(TurnFailedError, match="internal error \\(RuntimeError; error id err-"):
        await agent.run("hello")


async def test_failure_after_a_tool_call_stores_a_valid_history() -> None:
    agent, _ = make_agent([tool_call_reply("lookup", {"city": "Oslo"}), LlmError("gone")])
    await send(agent, "Oslo?", conversation_id="c1")
    history = await stored(agent, "c1")
    assert [m.role for m in history] == ["user", "assistant", "tool"]
    assert repair_tool_pairs(history) is not None
    assert history[2].content == "Oslo: 2.1 million"


async def test_orphan_tool_call_in_storage_is_closed_before_the_next_model_call() -> None:
    store = MemoryConversationStore()
    await store.create_conversation(DEFAULT_USER, conversation_id="c1")
    orphan = ToolCall(id="t1", name="lookup", arguments={"city": "Rome"})
    await store.append_messages(
        "c1",
        DEFAULT_USER,
        [
            Message(role="user", content="Rome?"),
            Message(role="assistant", tool_calls=[orphan]),  # the process died here
        ],
    )
    agent, llm = make_agent([text_reply("Let me try again.")], conversation_store=store)
    await send(agent, "hello?", conversation_id="c1")
    sent = llm.requests[0].messages
    assert [m.role for m in sent] == ["user", "assistant", "tool", "user"]
    assert sent[2].tool_call_id == "t1"
    assert sent[2].content == "Tool call 'lookup' was interrupted before it returned a result."


async def test_cancelled_turn_closes_its_open_tool_call() -> None:
    started = asyncio.Event()

    @tool
    async def forever() -> str:
        """Never returns."""
        started.set()
        await asyncio.sleep(3600)
        return "unreachable"

    agent, _ = make_agent(
        [tool_call_reply("forever", call_id="f1")], tool_registry=ToolRegistry([forever])
    )
    task = asyncio.create_task(send(agent, "wait", conversation_id="c1"))
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    history = await stored(agent, "c1")
    assert [m.role for m in history] == ["user", "assistant", "tool"]
    assert history[2].tool_call_id == "f1"
    assert history[2].metadata == {"hookline": "interrupted"}


async def test_consumer_closing_the_stream_early_keeps_history_valid() -> None:
    agent, _ = make_agent([tool_call_reply("lookup", {"city": "Lima"}), text_reply("done")])
    stream = agent.send_message(RequestContext(), "Lima?", "c1")
    first = await stream.__anext__()
    assert first.type == "tool_execution"
    await stream.aclose()  # type: ignore[attr-defined]
    history = await stored(agent, "c1")
    assert [m.role for m in history] == ["user", "assistant", "tool"]
    assert history[2].metadata == {"hookline": "interrupted"}
    # the lock was released: the next turn runs
    agent.llm_service = type(agent.llm_service)([text_reply("again")])  # type: ignore[call-arg]
    assert (await agent.run("next", conversation_id="c1")).text == "again"


async def test_concurrent_sends_on_one_conversation_serialize() -> None:
    timeline: list[str] = []

    async def model(request: LlmRequest) -> LlmResponse:
        label = request.messages[-1].content
        timeline.append(f"start {label}")
        await asyncio.sleep(0.05)
        timeline.append(f"end {label}")
        return LlmResponse(content=f"re: {label}")

    from hookline import Agent, ScriptedLlmService

    agent = Agent(ScriptedLlmService(model))
    await asyncio.gather(*(agent.run(m, conversation_id="shared") for m in ("a", "b", "c")))
    assert timeline in (
        [f"{edge} {m}" for m in order for edge in ("start", "end")]
        for order in (
            ("a", "b", "c"),
            ("a", "c", "b"),
            ("b", "a", "c"),
            ("b", "c", "a"),
            ("c", "a", "b"),
            ("c", "b", "a"),
        )
    )
    history = await stored(agent, "shared")
    assert len(history) == 6
    assert [m.role for m in history] == ["user", "assistant"] * 3
    assert len(agent._locks) == 0


async def test_different_conversations_run_in_parallel() -> None:
    from hookline import Agent, ScriptedLlmService

    llm = ScriptedLlmService(lambda r: LlmResponse(content="ok"), delay_s=0.2)
    agent = Agent(llm)
    loop = asyncio.get_running_loop()
    started = loop.time()
    await asyncio.gather(*(agent.run("hi", conversation_id=f"c{i}") for i in range(5)))
    assert loop.time() - started < 0.5


async def test_iteration_limit_gives_a_clear_component_and_valid_history() -> None:
    looping = [tool_call_reply("lookup", {"city": "Bern"}) for _ in range(2)]
    agent, _ = make_agent(looping, config=AgentConfig(max_tool_iterations=2))
    components = await send(agent, "loop", conversation_id="c1")
    last = components[-1].rich_component
    assert last.type == "status_bar_update"
    assert "Stopped after 2 tool iterations" in last.detail  # type: ignore[attr-defined]
    history = await stored(agent, "c1")
    assert [m.role for m in history] == [
        "user",
        "assistant",
        "tool",
        "assistant",
        "tool",
        "assistant",
    ]
    assert repair_tool_pairs(history) == history


async def test_oversized_message_is_refused_and_nothing_is_stored() -> None:
    agent, llm = make_agent([text_reply("never")], config=AgentConfig(max_message_chars=10))
    components = await send(agent, "x" * 11, conversation_id="c1")
    assert components[0].rich_component.message == (  # type: ignore[attr-defined]
        "Message too long: 11 characters (the limit is 10)."
    )
    assert llm.requests == []
    assert await agent.conversation_store.get_conversation("c1", DEFAULT_USER) is None


async def test_another_users_conversation_id_is_refused() -> None:
    agent, llm = make_agent([text_reply("mine"), text_reply("never")])
    alice = User(id="alice")
    bob = User(id="bob")
    await agent.run("secret", user=alice, conversation_id="private")
    result = await agent.run("show me", user=bob, conversation_id="private")
    assert result.halted and result.error == "Conversation not found."
    assert len(llm.requests) == 1
    conversation = await agent.conversation_store.get_conversation("private", alice)
    assert conversation is not None and len(conversation.messages) == 2


async def test_invalid_conversation_id_is_refused() -> None:
    agent, llm = make_agent([text_reply("never")])
    result = await agent.run("hi", conversation_id="../../etc/passwd")
    assert result.halted and result.error is not None
    assert result.error.startswith("Invalid conversation id")
    assert llm.requests == []
