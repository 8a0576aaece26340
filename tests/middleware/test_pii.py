"""PiiRedactionMiddleware: emails, phones and Luhn-valid cards masked for the model only."""

from __future__ import annotations

import re

import pytest

from hookline import (
    Agent,
    AgentConfig,
    LlmError,
    LlmResponse,
    ScriptedLlmService,
    SystemPromptBuilder,
    ToolCall,
    ToolRegistry,
    ToolSchema,
    User,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.events import AfterToolCallEvent
from hookline.middleware import (
    DEFAULT_PII_PATTERNS,
    ModelFallbackMiddleware,
    PiiPattern,
    PiiRedactionMiddleware,
    luhn_valid,
)
from tests.conftest import make_agent

USER = User(id="default", username="default")


@tool
async def customer(name: str) -> str:
    """Look up a customer."""
    return f"{name}: jane.doe@example.com, +44 20 7946 0958, card 4111 1111 1111 1111"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("mail me at jane.doe+x@mail.example.co.uk now", "mail me at [EMAIL] now"),
        ("call (555) 123-4567 or +44 20 7946 0958", "call [PHONE] or [PHONE]"),
        ("call 555-123-4567", "call [PHONE]"),
        ("intl +14155550123", "intl [PHONE]"),
        ("card 4111-1111-1111-1111", "card [CARD]"),
        ("card 4111111111111112 (bad checksum)", "card 4111111111111112 (bad checksum)"),
        ("on 2024-01-15 order 123456789 cost 10.50", "on 2024-01-15 order 123456789 cost 10.50"),
    ],
    ids=["email", "phones", "dashed-phone", "plus-phone", "card", "not-luhn", "not-pii"],
)
def test_patterns(text: str, expected: str) -> None:
    assert PiiRedactionMiddleware().redact(text) == expected


def test_luhn() -> None:
    assert luhn_valid("4111 1111 1111 1111")
    assert luhn_valid("378282246310005")  # Amex, 15 digits
    assert not luhn_valid("4111 1111 1111 1112")
    assert not luhn_valid("1234")


class Prompt(SystemPromptBuilder):
    async def build_system_prompt(self, user: User, tools: list[ToolSchema]) -> str | None:
        return "Support desk. Escalations go to boss@example.com."


async def test_the_model_sees_masks_and_the_conversation_keeps_the_originals() -> None:
    pii = PiiRedactionMiddleware()
    llm = ScriptedLlmService(
        [
            LlmResponse(
                tool_calls=[
                    ToolCall(id="t1", name="customer", arguments={"name": "me@jane.org"}),
                ]
            ),
            text_reply("Found her."),
            text_reply("ok"),
        ]
    )
    agent = Agent(
        llm,
        tool_registry=ToolRegistry([customer]),
        system_prompt_builder=Prompt(),
        middleware=[pii],
    )
    await agent.run("I am me@jane.org, phone 555-123-4567", conversation_id="c1")
    first, second = llm.requests[0], llm.requests[1]
    assert first.messages[0].content == "I am [EMAIL], phone [PHONE]"
    assert first.system_prompt == "Support desk. Escalations go to [EMAIL]."
    assert second.messages[1].tool_calls is not None
    assert second.messages[1].tool_calls[0].arguments == {"name": "[EMAIL]"}
    assert second.messages[2].content == "[EMAIL]: [EMAIL], [PHONE], card [CARD]"
    stored = await agent.conversation_store.get_conversation("c1", USER)
    assert stored is not None
    assert stored.messages[0].content == "I am me@jane.org, phone 555-123-4567"
    assert stored.messages[1].tool_calls is not None
    assert stored.messages[1].tool_calls[0].arguments == {"name": "me@jane.org"}
    assert (
        stored.messages[2].content == "[EMAIL]: [EMAIL], [PHONE], card [CARD]"
    )  # masked at source
    assert pii.redactions >= 7


async def test_tool_results_only() -> None:
    pii = PiiRedactionMiddleware(redact_model_input=False)
    agent, llm = make_agent(
        [tool_call_reply("customer", {"name": "Jane"}), text_reply("ok")],
        tool_registry=ToolRegistry([customer]),
        middleware=[pii],
    )
    results: list[str] = []
    agent.hooks.on(AfterToolCallEvent, lambda e: results.append(e.data.result.result_for_llm))
    await agent.run("call me at 555-123-4567")
    assert llm.requests[0].messages[0].content == "call me at 555-123-4567"
    assert results == ["Jane: [EMAIL], [PHONE], card [CARD]"]


async def test_model_input_only_keeps_tool_results_in_storage() -> None:
    pii = PiiRedactionMiddleware(redact_tool_results=False)
    agent, llm = make_agent(
        [tool_call_reply("customer", {"name": "Jane"}), text_reply("ok")],
        tool_registry=ToolRegistry([customer]),
        middleware=[pii],
    )
    await agent.run("who is Jane?", conversation_id="c1")
    assert llm.requests[1].messages[-1].content == "Jane: [EMAIL], [PHONE], card [CARD]"
    stored = await agent.conversation_store.get_conversation("c1", USER)
    assert stored is not None
    assert "jane.doe@example.com" in (stored.messages[2].content or "")


async def test_fallback_models_see_the_masked_request_too() -> None:
    backup = ScriptedLlmService([text_reply("backup")])
    agent, _ = make_agent(
        [LlmError("down", transient=True)],
        middleware=[ModelFallbackMiddleware([backup]), PiiRedactionMiddleware()],
        config=AgentConfig(),
    )
    await agent.run("I'm a@b.io")
    assert backup.requests[0].messages[0].content == "I'm [EMAIL]"


def test_patterns_are_extendable() -> None:
    employee = PiiPattern(name="employee", regex=re.compile(r"\bEMP-\d{5}\b"), replacement="[EMP]")
    pii = PiiRedactionMiddleware([*DEFAULT_PII_PATTERNS, employee])
    assert pii.redact("EMP-12345 wrote to x@y.io") == "[EMP] wrote to [EMAIL]"
