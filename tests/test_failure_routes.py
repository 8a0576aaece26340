"""Every public way of handling a failure reaches the one core, ``hookline._retry.retry_call``.

The same failing ``ScriptedLlmService`` (or tool) and the same policy, expressed through
each adapter — ``RetryMiddleware``, ``ErrorRecoveryStrategy``, ``ModelFallbackMiddleware``,
``on_model_error``, ``on_tool_error`` — gives the same calls, the same waits, the same
turn events and the same decision trace.  The trace is the core's own log
(``hookline.recovery``, one line per decision), which no adapter writes itself.
"""

from __future__ import annotations

import logging

import pytest

import hookline.extensions.recovery as recovery
from hookline import (
    Agent,
    AgentMiddleware,
    ErrorRecoveryStrategy,
    Event,
    LlmError,
    LlmRequest,
    LlmResponse,
    RecoveryAction,
    RecoveryActionType,
    RequestContext,
    ScriptedLlmService,
    ToolCall,
    ToolContext,
    ToolRegistry,
    ToolResult,
    TurnFailedError,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.events import OBSERVER_EVENT_TYPES, TURN_EVENT_TYPES
from hookline.hooks import HookEvent
from hookline.llm.scripted import ScriptStep
from hookline.middleware import ModelFallbackMiddleware, RetryMiddleware
from tests.conftest import collect, make_agent

DELTAS = {"TextDeltaEvent", "ThinkingDeltaEvent"}  # a handler for them turns streaming on


def script_503(failures: int, answer: str = "Done.") -> list[ScriptStep]:
    steps: list[ScriptStep] = [LlmError("503", transient=True) for _ in range(failures)]
    return [*steps, text_reply(answer)]


class Run:
    """One turn of ``agent``: its answer, its events (by type) and the core's trace."""

    def __init__(self, agent: Agent, caplog: pytest.LogCaptureFixture) -> None:
        self.agent = agent
        self.caplog = caplog
        self.events: list[str] = []
        for event_type in (*TURN_EVENT_TYPES, *OBSERVER_EVENT_TYPES):
            if event_type.__name__ not in DELTAS:
                agent.hooks.on(event_type, self._record)

    def _record(self, event: Event[HookEvent]) -> None:
        self.events.append(type(event.data).__name__)

    async def __call__(self, message: str, *, stream: bool = False) -> tuple[str, list[str]]:
        self.caplog.clear()
        with self.caplog.at_level(logging.INFO, logger="hookline.recovery"):
            if stream:
                shown = await collect(self.agent.send_message(RequestContext(), message))
                text = "".join(c.rich_component.content for c in shown if c.type == "text")  # type: ignore[attr-defined]
            else:
                text = (await self.agent.run(message)).text
        trace = [r.getMessage() for r in self.caplog.records if r.name == "hookline.recovery"]
        return text, trace


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The waits of every route: ``RetryMiddleware(sleep=...)`` and ``recovery.sleep``."""
    recorded: list[float] = []

    async def sleep(seconds: float) -> None:
        recorded.append(seconds)

    monkeypatch.setattr(recovery, "sleep", sleep)
    return recorded


class RetryThrice(ErrorRecoveryStrategy):
    """The policy of ``RetryMiddleware(max_attempts=3, base_delay=0.5, multiplier=1,
    jitter=0)``, as a strategy: RETRY after 500 ms while attempts are left."""

    async def handle_tool_error(
        self, error: Exception, context: ToolContext, attempt: int = 1
    ) -> RecoveryAction:
        return self._retry(attempt)

    async def handle_llm_error(
        self, error: Exception, request: LlmRequest, attempt: int = 1
    ) -> RecoveryAction:
        return self._retry(attempt)

    def _retry(self, attempt: int) -> RecoveryAction:
        if attempt < 3:
            return RecoveryAction(action=RecoveryActionType.RETRY, retry_delay_ms=500)
        return RecoveryAction(action=RecoveryActionType.FAIL)


def retry_middleware(waits: list[float]) -> RetryMiddleware:
    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    return RetryMiddleware(max_attempts=3, base_delay=0.5, multiplier=1.0, jitter=0.0, sleep=sleep)


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "streamed"])
async def test_a_model_retry_is_the_same_through_the_middleware_and_the_strategy(
    stream: bool, waits: list[float], caplog: pytest.LogCaptureFixture
) -> None:
    outcomes = []
    for route in ("RetryMiddleware", "ErrorRecoveryStrategy"):
        waits.clear()
        if route == "RetryMiddleware":
            agent, llm = make_agent(
                script_503(2), stream=stream, middleware=[retry_middleware(waits)]
            )
        else:
            agent, llm = make_agent(
                script_503(2), stream=stream, error_recovery_strategy=RetryThrice()
            )
        run = Run(agent, caplog)
        _, trace = await run("hi", stream=stream)
        outcomes.append((len(llm.requests), list(waits), run.events, trace))
    assert outcomes[0] == outcomes[1]
    assert outcomes[0][:2] == (3, [0.5, 0.5])
    assert outcomes[0][3] == [
        "model call failed (LlmError), attempt 1: retry in 0.50 s",
        "model call failed (LlmError), attempt 2: retry in 0.50 s",
    ]


CALLS: list[str] = []


@tool
async def flaky(city: str) -> str:
    """A tool whose backend drops the connection twice.

    Args:
        city: The city.
    """
    CALLS.append(city)
    if len(CALLS) < 3:
        raise ConnectionError("connection reset")
    return f"{city}: sunny"


async def test_a_tool_retry_is_the_same_through_the_middleware_and_the_strategy(
    waits: list[float], caplog: pytest.LogCaptureFixture
) -> None:
    outcomes = []
    for route in ("RetryMiddleware", "ErrorRecoveryStrategy"):
        CALLS.clear()
        waits.clear()
        script = [tool_call_reply("flaky", {"city": "Porto"}), text_reply("Sunny.")]
        tools = ToolRegistry([flaky])
        if route == "RetryMiddleware":
            agent, llm = make_agent(
                script, tool_registry=tools, middleware=[retry_middleware(waits)]
            )
        else:
            agent, llm = make_agent(
                script, tool_registry=tools, error_recovery_strategy=RetryThrice()
            )
        run = Run(agent, caplog)
        text, trace = await run("Weather in Porto?")
        outcomes.append((text, list(CALLS), list(waits), run.events, trace))
        assert llm.requests[1].messages[-1].content == "Porto: sunny"
    assert outcomes[0] == outcomes[1]
    assert outcomes[0][1:3] == (["Porto"] * 3, [0.5, 0.5])
    assert outcomes[0][4] == [
        "tool flaky failed (ConnectionError), attempt 1: retry in 0.50 s",
        "tool flaky failed (ConnectionError), attempt 2: retry in 0.50 s",
    ]


BACKUP = LlmResponse(content="The model is busy; try again soon.")


class AnswerInstead(ErrorRecoveryStrategy):
    async def handle_tool_error(
        self, error: Exception, context: ToolContext, attempt: int = 1
    ) -> RecoveryAction:
        return RecoveryAction(
            action=RecoveryActionType.FALLBACK, fallback_value=ToolResult(result_for_llm="cached")
        )

    async def handle_llm_error(
        self, error: Exception, request: LlmRequest, attempt: int = 1
    ) -> RecoveryAction:
        return RecoveryAction(action=RecoveryActionType.FALLBACK, fallback_value=BACKUP)


class OnError(AgentMiddleware):
    async def on_model_error(self, request: LlmRequest, error: Exception) -> LlmResponse:
        return BACKUP

    async def on_tool_error(self, call: ToolCall, error: Exception) -> ToolResult:
        return ToolResult(result_for_llm="cached")


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "streamed"])
async def test_a_model_answer_instead_is_the_same_through_the_strategy_and_on_model_error(
    stream: bool, caplog: pytest.LogCaptureFixture
) -> None:
    outcomes = []
    for route in ("ErrorRecoveryStrategy", "on_model_error"):
        if route == "on_model_error":
            agent, llm = make_agent(script_503(1), stream=stream, middleware=[OnError()])
        else:
            agent, llm = make_agent(
                script_503(1), stream=stream, error_recovery_strategy=AnswerInstead()
            )
        run = Run(agent, caplog)
        text, trace = await run("hi", stream=stream)
        outcomes.append((text, len(llm.requests), run.events, trace))
    assert outcomes[0] == outcomes[1]
    assert outcomes[0][:2] == (BACKUP.content, 1)
    assert outcomes[0][3] == ["model call failed (LlmError), attempt 1: answered instead"]


@tool
async def broken(city: str) -> str:
    """A tool with a bug.

    Args:
        city: The city.
    """
    CALLS.append(city)
    raise ValueError("no such city")


async def test_a_tool_answer_instead_is_the_same_through_the_strategy_and_on_tool_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    outcomes = []
    for route in ("ErrorRecoveryStrategy", "on_tool_error"):
        CALLS.clear()
        script = [tool_call_reply("broken", {"city": "Atlantis"}), text_reply("Cached.")]
        tools = ToolRegistry([broken])
        if route == "on_tool_error":
            agent, llm = make_agent(script, tool_registry=tools, middleware=[OnError()])
        else:
            agent, llm = make_agent(
                script, tool_registry=tools, error_recovery_strategy=AnswerInstead()
            )
        run = Run(agent, caplog)
        _, trace = await run("Atlantis?")
        outcomes.append((list(CALLS), llm.requests[1].messages[-1].content, run.events, trace))
    assert outcomes[0] == outcomes[1]
    assert outcomes[0][:2] == (["Atlantis"], "cached")  # answered: the tool did not run again
    assert outcomes[0][3] == ["tool broken failed (ValueError), attempt 1: answered instead"]


async def test_a_fallback_is_a_retry_on_the_next_model_in_the_same_loop(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """``ModelFallbackMiddleware`` and ``RetryMiddleware`` (no wait) decide the same way:
    the same events and trace; only the model asked the second time differs."""
    backup = ScriptedLlmService([text_reply("Done.")], model="backup")
    fallback_agent, primary = make_agent(
        script_503(1)[:1], middleware=[ModelFallbackMiddleware([backup])]
    )
    retry_agent, llm = make_agent(
        script_503(1), middleware=[RetryMiddleware(base_delay=0, jitter=0)]
    )
    fallback_run, retry_run = Run(fallback_agent, caplog), Run(retry_agent, caplog)
    assert await fallback_run("hi") == await retry_run("hi")
    assert fallback_run.events == retry_run.events
    assert (len(primary.requests), len(backup.requests), len(llm.requests)) == (1, 1, 2)


async def test_every_fallback_failing_gives_up_in_the_same_loop(
    caplog: pytest.LogCaptureFixture,
) -> None:
    backups = [ScriptedLlmService([LlmError("529", transient=True)]) for _ in range(2)]
    agent, _ = make_agent(script_503(1)[:1], middleware=[ModelFallbackMiddleware(backups)])
    run = Run(agent, caplog)
    with pytest.raises(TurnFailedError, match="529"):
        await run("hi")
    assert [len(b.requests) for b in backups] == [1, 1]
    assert [r.getMessage() for r in caplog.records if r.name == "hookline.recovery"] == [
        "model call failed (LlmError), attempt 1: retry in 0.00 s",
        "model call failed (LlmError), attempt 2: retry in 0.00 s",
        "model call failed (LlmError), attempt 3: not recovered",
    ]
