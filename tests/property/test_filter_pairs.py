"""Filter chains never break tool-call pairs in what the model receives.

Random valid histories (user turns, assistant messages with 1-3 tool calls
and their results, answers) go through random chains of
``FilterMessagesEvent`` handlers that drop and reorder messages.  Whatever
they leave, the request the model receives (the pipeline repairs pairs with
``repair_tool_pairs``) has every tool result right after its call and every
call answered exactly once.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from hookline import (
    Agent,
    Event,
    LlmRequest,
    MemoryConversationStore,
    ScriptedLlmService,
    ToolCall,
    User,
    text_reply,
)
from hookline.agent.history import repair_tool_pairs
from hookline.events import FilterMessagesEvent
from hookline.storage import Message
from tests.chaos.invariants import pair_violations

USER = User(id="prop", username="prop")


@st.composite
def histories(draw: st.DrawFn) -> list[Message]:
    """A valid stored history: user turns, tool rounds, answers."""
    messages: list[Message] = []
    ids = iter(range(10**6))
    for turn in range(draw(st.integers(0, 5))):
        messages.append(Message(role="user", content=f"question {turn}"))
        for _ in range(draw(st.integers(0, 3))):
            calls = [
                ToolCall(id=f"c{next(ids)}", name="lookup", arguments={"n": turn})
                for _ in range(draw(st.integers(1, 3)))
            ]
            messages.append(Message(role="assistant", tool_calls=calls))
            order = draw(st.permutations(calls))  # results may come in any order
            messages.extend(
                Message(role="tool", tool_call_id=c.id, name=c.name, content="ok") for c in order
            )
        if draw(st.booleans()):
            messages.append(Message(role="assistant", content=f"answer {turn}"))
    return messages


Step = Callable[[list[Message], random.Random], list[Message]]


def drop_some(messages: list[Message], rng: random.Random) -> list[Message]:
    return [m for m in messages if rng.random() < 0.7]


def keep_last(messages: list[Message], rng: random.Random) -> list[Message]:
    return messages[-rng.randint(0, len(messages) or 1) :]


def drop_role(messages: list[Message], rng: random.Random) -> list[Message]:
    role = rng.choice(("user", "assistant", "tool"))
    return [m for m in messages if m.role != role]


def shuffle_slice(messages: list[Message], rng: random.Random) -> list[Message]:
    out = list(messages)
    if len(out) > 1:
        start = rng.randrange(len(out) - 1)
        end = rng.randint(start + 1, len(out))
        middle = out[start:end]
        rng.shuffle(middle)
        out[start:end] = middle
    return out


def reverse(messages: list[Message], rng: random.Random) -> list[Message]:
    return list(reversed(messages))


def swap_two(messages: list[Message], rng: random.Random) -> list[Message]:
    out = list(messages)
    if len(out) > 1:
        i, j = rng.sample(range(len(out)), 2)
        out[i], out[j] = out[j], out[i]
    return out


STEPS: tuple[Step, ...] = (drop_some, keep_last, drop_role, shuffle_slice, reverse, swap_two)


def as_handler(step: Step, rng: random.Random) -> Callable[[Event[FilterMessagesEvent]], None]:
    def handler(event: Event[FilterMessagesEvent]) -> None:
        event.data.messages = step(event.data.messages, rng)

    return handler


chains = st.lists(st.sampled_from(STEPS), min_size=1, max_size=4)


@settings(max_examples=200, deadline=None)
@given(histories(), chains, st.randoms(use_true_random=False))
def test_repair_after_any_filter_chain_leaves_valid_pairs(
    history: list[Message], chain: list[Step], rng: random.Random
) -> None:
    messages = history
    for step in chain:
        messages = step(messages, rng)
    assert pair_violations(repair_tool_pairs(messages, reason="omitted")) == []


async def _turn(history: list[Message], chain: list[Step], rng: random.Random) -> LlmRequest:
    store = MemoryConversationStore()
    await store.create_conversation(USER, conversation_id="c1")
    if history:
        await store.append_messages("c1", USER, history)
    llm = ScriptedLlmService([text_reply("done")])
    agent = Agent(llm, conversation_store=store, workflow_handler=None)
    for step in chain:
        agent.hooks.on(FilterMessagesEvent, as_handler(step, rng))
    await agent.run("next question", user=USER, conversation_id="c1")
    return llm.requests[-1]


@settings(max_examples=100, deadline=None)
@given(histories(), chains, st.randoms(use_true_random=False))
def test_the_model_never_receives_a_broken_pair_whatever_the_filters_do(
    history: list[Message], chain: list[Step], rng: random.Random
) -> None:
    request = asyncio.run(_turn(history, chain, rng))
    assert pair_violations(request.messages) == []


def test_the_checker_sees_a_broken_pair() -> None:
    """Without the repair, a filter that drops results does break pairs."""
    call = ToolCall(id="c1", name="lookup", arguments={})
    history = [
        Message(role="user", content="q"),
        Message(role="assistant", tool_calls=[call]),
        Message(role="tool", tool_call_id="c1", content="ok"),
    ]
    assert pair_violations(drop_role(history, _Fixed("tool"))) == [
        "tool call c1 has no result at the end"
    ]
    assert pair_violations(reverse(history, random.Random(0))) != []


class _Fixed(random.Random):
    """A random generator whose ``choice`` always picks ``value``."""

    def __init__(self, value: Any) -> None:
        super().__init__(0)
        self.value = value

    def choice(self, seq: Any) -> Any:
        return self.value
