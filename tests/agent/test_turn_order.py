"""The event sequence of a whole turn, against the 20-step order of DESIGN.md."""

from __future__ import annotations

from hookline import LlmResponse, Usage, tool_call_reply
from hookline.events import MessageReceivedEvent, TextDeltaEvent, ThinkingDeltaEvent
from hookline.hooks.events import TURN_EVENT_TYPES
from hookline.testing import RecordingHookProvider
from tests.conftest import make_agent, send

FINAL = LlmResponse(
    content="Paris has 2.1 million people.",
    thinking="The tool answered.",
    finish_reason="stop",
    usage=Usage(input_tokens=30, output_tokens=8),
)

PREFIX = [
    "MessageReceivedEvent",  # 3
    "HandleMessageEvent",  # 5 (workflow: not handled)
    "UserMessageEvent",  # 5
    "MessageAcceptedEvent",  # 5
    "EnrichToolContextEvent",  # 6
    "ToolSchemasEvent",  # 7
    "SystemPromptEvent",  # 9
]
ITERATION_START = [
    "StartIterationEvent",  # 10
    "FilterMessagesEvent",  # 10
    "EnhanceMessagesEvent",  # 11
    "BeforeLLMCallEvent",  # 12
]
TOOL_ITERATION_END = [
    "AfterLLMCallEvent",  # 14
    "BeforeToolCallEvent",  # 15
    "AfterToolCallEvent",  # 17
]
FINAL_ITERATION_END = [
    "AfterLLMCallEvent",  # 14
    "TextReasoningEvent",  # 14
    "ThinkingEvent",  # 14
    "ResultMessageEvent",  # 18
    "SaveTurnMessagesEvent",  # 19
    "MessageCompletedEvent",  # 20
]


async def test_non_streamed_turn_with_one_tool_call_follows_the_20_steps() -> None:
    agent, _ = make_agent([tool_call_reply("lookup", {"city": "Paris"}), FINAL])
    deltas = (TextDeltaEvent, ThinkingDeltaEvent)
    recorder = RecordingHookProvider([t for t in TURN_EVENT_TYPES if t not in deltas])
    agent.hooks.add(recorder)

    await send(agent, "How many people live in Paris?")

    assert recorder.names == [
        *PREFIX,
        *ITERATION_START,
        *TOOL_ITERATION_END,
        *ITERATION_START,
        *FINAL_ITERATION_END,
    ]


async def test_streamed_turn_has_the_same_sequence_plus_deltas() -> None:
    agent, llm = make_agent([tool_call_reply("lookup", {"city": "Paris"}), FINAL], stream=True)
    recorder = RecordingHookProvider()
    agent.hooks.add(recorder)

    await send(agent, "How many people live in Paris?")

    streamed = ["ThinkingDeltaEvent", "TextDeltaEvent", "TextDeltaEvent", "TextDeltaEvent"]
    assert recorder.names == [
        *PREFIX,
        *ITERATION_START,
        *TOOL_ITERATION_END,
        *ITERATION_START,
        *streamed,
        *FINAL_ITERATION_END,
    ]
    assert all(request.stream for request in llm.requests)
    text = "".join(e.text for e in recorder.of_type(TextDeltaEvent))
    assert text == FINAL.content


async def test_event_payloads_carry_the_turn() -> None:
    agent, _ = make_agent([tool_call_reply("lookup", {"city": "Paris"}), FINAL])
    recorder = RecordingHookProvider(
        [t for t in TURN_EVENT_TYPES if t not in (TextDeltaEvent, ThinkingDeltaEvent)]
    )
    agent.hooks.add(recorder)

    await send(agent, "How many people live in Paris?", conversation_id="conv-1")

    contexts = [e.context for e in recorder.events if e.context is not None]
    assert len(contexts) == len(recorder.events)
    assert {(c.conversation_id, c.agent_path) for c in contexts} == {("conv-1", "agent")}
    assert len({c.request_id for c in contexts}) == 1
    received = recorder.of_type(MessageReceivedEvent)[0]
    assert received.message == "How many people live in Paris?"
    names = recorder.names
    before = recorder.events[names.index("BeforeToolCallEvent")].data
    after = recorder.events[names.index("AfterToolCallEvent")].data
    assert before.call.arguments == {"city": "Paris"}
    assert after.result.result_for_llm == "Paris: 2.1 million"
    assert after.duration_ms >= 0
    completed = recorder.events[-1].data
    assert completed.result == FINAL.content
    assert completed.usage.total_tokens == 15 + 38
    roles = [m.role for m in completed.conversation.messages]
    assert roles == ["user", "assistant", "tool", "assistant"]


async def test_delta_handler_turns_streaming_on() -> None:
    agent, llm = make_agent([FINAL])
    pieces: list[str] = []
    agent.hooks.on(TextDeltaEvent, lambda e: pieces.append(e.data.text))

    components = await send(agent, "Hello")

    assert llm.requests[0].stream is True
    assert "".join(pieces) == FINAL.content
    deltas = [c.rich_component for c in components if c.type == "text"]
    assert [d.delta for d in deltas] == [True, True, True]  # type: ignore[attr-defined]
