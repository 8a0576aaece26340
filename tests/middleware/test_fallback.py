"""ModelFallbackMiddleware: the fallbacks are tried in order when the primary fails."""

from __future__ import annotations

import pytest

from hookline import LlmError, RequestContext, ScriptedLlmService, TurnFailedError, text_reply
from hookline.events import AfterLLMCallEvent
from hookline.middleware import ModelFallbackMiddleware, RetryMiddleware
from tests.conftest import collect, make_agent


async def test_the_first_working_fallback_answers() -> None:
    broken = ScriptedLlmService([LlmError("529 overloaded", transient=True)], model="backup-1")
    backup = ScriptedLlmService([text_reply("from the second backup")], model="backup-2")
    fallback = ModelFallbackMiddleware([broken, backup])
    agent, primary = make_agent([LlmError("503", transient=True)], middleware=[fallback])
    responses: list[dict[str, object]] = []
    agent.hooks.on(
        AfterLLMCallEvent,
        lambda e: responses.append(e.data.response.metadata),
    )
    result = await agent.run("hi")
    assert result.text == "from the second backup"
    assert [len(primary.requests), len(broken.requests), len(backup.requests)] == [1, 1, 1]
    assert responses == [{"fallback": "backup-2", "fallback_index": 1}]
    assert fallback.used == 1
    assert backup.requests[0].messages == primary.requests[0].messages
    assert backup.requests[0].model is None


async def test_a_non_transient_error_does_not_fall_back() -> None:
    backup = ScriptedLlmService([text_reply("never")])
    agent, _ = make_agent([LlmError("401 bad key")], middleware=[ModelFallbackMiddleware([backup])])
    with pytest.raises(TurnFailedError, match="401 bad key"):
        await agent.run("hi")
    assert backup.requests == []


async def test_when_every_model_fails_the_last_error_propagates() -> None:
    backup = ScriptedLlmService([LlmError("backup down", transient=True)])
    agent, _ = make_agent(
        [LlmError("primary down", transient=True)],
        middleware=[ModelFallbackMiddleware([backup])],
    )
    with pytest.raises(TurnFailedError, match="backup down"):
        await agent.run("hi")


async def test_fallback_on_is_configurable() -> None:
    backup = ScriptedLlmService([text_reply("backup")])
    fallback = ModelFallbackMiddleware([backup], fallback_on=lambda error: True)
    agent, _ = make_agent([LlmError("400 context too long")], middleware=[fallback])
    assert (await agent.run("hi")).text == "backup"


async def test_a_streamed_turn_shows_the_whole_fallback_answer_in_pieces() -> None:
    backup = ScriptedLlmService([text_reply("complete answer")])
    agent, primary = make_agent(
        [LlmError("503", transient=True)],
        stream=True,
        middleware=[ModelFallbackMiddleware([backup])],
    )
    components = await collect(agent.send_message(RequestContext(), "hi"))
    texts = [c.rich_component for c in components if c.type == "text"]
    assert [t.content for t in texts] == ["complete", " answer"]  # type: ignore[attr-defined]
    assert primary.requests[0].stream
    assert not backup.requests[0].stream


async def test_retry_inside_fallback_retries_the_primary_first() -> None:
    sleeps: list[float] = []

    async def sleep(seconds: float) -> None:
        sleeps.append(seconds)

    backup = ScriptedLlmService([text_reply("backup")])
    agent, primary = make_agent(
        [LlmError("503", transient=True), LlmError("503", transient=True)],
        middleware=[
            ModelFallbackMiddleware([backup]),
            RetryMiddleware(max_attempts=2, sleep=sleep),
        ],
    )
    assert (await agent.run("hi")).text == "backup"
    assert len(primary.requests) == 2
    assert len(sleeps) == 1
