"""CriticMiddleware: the bicameral pattern — a separate model judges the creator's answer."""

from __future__ import annotations

import contextvars
import json
import logging
import re
from dataclasses import dataclass
from typing import Any

from hookline.hooks.events import AfterLLMCallEvent, MessageCompletedEvent, TurnFailedEvent
from hookline.hooks.registry import Event, HookEvent, HookRegistry
from hookline.llm.base import LlmService
from hookline.llm.models import LlmMessage, LlmRequest, LlmResponse
from hookline.middleware.actions import Continue, HookAction, Retry
from hookline.middleware.base import AgentMiddleware

__all__ = ["DEFAULT_CRITIC_PROMPT", "CriticMiddleware", "CriticVerdict", "CriticVerdictEvent"]

logger = logging.getLogger("hookline.middleware")

DEFAULT_CRITIC_PROMPT = """You review answers written by another assistant.
You see the user's question and the answer. Judge correctness, completeness and clarity.
Reply with JSON only: {"score": <number from 0 to 1>, "pass": <true|false>, "feedback": "<what
to fix, concretely; empty when nothing>"}"""

_JSON_OBJECT = re.compile(r"\{.*\}", re.DOTALL)
_SCORE = re.compile(r"score\W{0,3}(\d+(?:\.\d+)?)\s*(%|/\s*10\b|/\s*100\b)?", re.IGNORECASE)
_PASS_WORDS = {"true", "yes", "pass", "passed", "ok", "approve", "approved", "1"}
_FEEDBACK_KEYS = ("feedback", "reason", "critique", "comments", "comment")


@dataclass(frozen=True, kw_only=True, slots=True)
class CriticVerdict:
    """A parsed verdict: ``score`` in 0..1 (None when the critic gave none),
    ``passed`` (None when the critic did not say), ``feedback``.
    """

    score: float | None
    passed: bool | None
    feedback: str

    @classmethod
    def parse(cls, text: str) -> CriticVerdict | None:
        """Leniently read a verdict: JSON (also inside prose or a code fence),
        ``score`` as 0..1, a percentage or x/10, ``pass``/``passed`` as a
        boolean or a word; else "score: 0.4" / "PASS" / "FAIL" in prose.
        None when nothing can be read.

        Example::

            assert CriticVerdict.parse('{"score": 0.4, "feedback": "cite"}').score == 0.4
        """
        match = _JSON_OBJECT.search(text)
        if match is not None:
            try:
                data = json.loads(match.group(0))
            except ValueError:
                data = None
            if isinstance(data, dict):
                verdict = _from_mapping(data)
                if verdict.score is not None or verdict.passed is not None:
                    return verdict
        return _from_prose(text)


def _from_mapping(data: dict[str, Any]) -> CriticVerdict:
    score = _number(data.get("score", data.get("rating")))
    raw_pass = data.get("pass", data.get("passed", data.get("approved")))
    passed = None if raw_pass is None else str(raw_pass).strip().lower() in _PASS_WORDS
    feedback = next((str(data[k]) for k in _FEEDBACK_KEYS if data.get(k)), "")
    return CriticVerdict(score=score, passed=passed, feedback=feedback.strip())


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or value is None:
        return None
    try:
        number = float(str(value).strip().rstrip("%"))
    except ValueError:
        return None
    if isinstance(value, str) and value.strip().endswith("%"):
        number /= 100
    return _normalise(number)


def _normalise(number: float) -> float:
    if number > 10:
        number /= 100  # a percentage
    elif number > 1:
        number /= 10  # out of 10
    return min(1.0, max(0.0, number))


def _from_prose(text: str) -> CriticVerdict | None:
    score = None
    match = _SCORE.search(text)
    if match is not None:
        number, scale = float(match.group(1)), (match.group(2) or "").replace(" ", "")
        if scale == "%" or scale == "/100":
            score = min(1.0, number / 100)
        elif scale == "/10":
            score = min(1.0, number / 10)
        else:
            score = _normalise(number)
    words = re.findall(r"\b(PASS|FAIL)\b", text)
    passed = None if not words else words[0] == "PASS"
    if score is None and passed is None:
        return None
    return CriticVerdict(score=score, passed=passed, feedback=text.strip())


@dataclass(kw_only=True, slots=True)
class CriticVerdictEvent(HookEvent):
    """The critic judged an answer (information only).

    ``round`` counts from 1 within a turn; ``score`` is None when the critic
    gave none (or its verdict could not be read); ``passed`` is the outcome
    that counted; ``feedback`` what the critic said; ``response`` the
    creator's answer that was judged.
    """

    round: int
    score: float | None
    passed: bool
    feedback: str
    response: LlmResponse


class CriticMiddleware(AgentMiddleware):
    """A separate model judges each final answer; below the bar, the creator revises.

    The critic (``critic``, its own LlmService) gets ``prompt`` as its system
    prompt and one message holding only the user's question and the
    creator's answer — not the creator's prompt, tools or history.  It
    replies with a JSON verdict ``{"score": 0..1, "pass": bool, "feedback":
    str}`` (read leniently, see ``CriticVerdict.parse``).  The answer passes
    when ``pass`` is true, or, without ``pass``, when ``score >= threshold``.
    A failing answer returns ``Retry(feedback)``, at most ``max_rounds`` times
    a turn (and at most ``AgentConfig.max_model_retries``); after that the
    last answer stands.  Responses that call tools are not judged.  A verdict
    that cannot be read passes (logged).  A critic that raises fails the
    turn, unless ``fail_open=True`` (the answer passes, logged).

    Every verdict is emitted as a ``CriticVerdictEvent`` on the agent's
    registry: ``agent.hooks.on(CriticVerdictEvent, handler)``.

    Example::

        critic = CriticMiddleware(judge_llm, threshold=0.8, max_rounds=2)
        agent = Agent(writer_llm, middleware=[critic])
    """

    def __init__(
        self,
        critic: LlmService,
        *,
        prompt: str = DEFAULT_CRITIC_PROMPT,
        threshold: float = 0.7,
        max_rounds: int = 2,
        temperature: float | None = 0.0,
        fail_open: bool = False,
    ) -> None:
        if max_rounds < 0:
            raise ValueError("max_rounds must be 0 or more")
        self.critic = critic
        self.prompt = prompt
        self.threshold = threshold
        self.max_rounds = max_rounds
        self.temperature = temperature
        self.fail_open = fail_open
        self._rounds: dict[str, int] = {}
        self._current: contextvars.ContextVar[
            tuple[HookRegistry, Event[AfterLLMCallEvent]] | None
        ] = contextvars.ContextVar(f"hookline_critic_{id(self)}", default=None)

    def register_hooks(self, registry: HookRegistry) -> None:
        def capture(event: Event[AfterLLMCallEvent]) -> None:
            self._current.set((registry, event))

        registry.on(AfterLLMCallEvent, capture)  # right before after_model: the turn's context
        super().register_hooks(registry)
        registry.on(MessageCompletedEvent, self._forget)
        registry.on(TurnFailedEvent, self._forget)

    async def after_model(self, response: LlmResponse) -> HookAction:
        current = self._current.get()
        self._current.set(None)
        if response.tool_calls or not response.content:
            return Continue()
        registry, event = current if current is not None else (None, None)
        key = _turn_key(event)
        round_number = self._rounds.get(key, 0) + 1
        self._rounds[key] = round_number
        question = _question(event.data.request) if event is not None else ""
        verdict = await self._judge(question, response.content)
        passed = self._passed(verdict)
        feedback = verdict.feedback if verdict is not None else ""
        if registry is not None:
            await _emit(registry, event, round_number, verdict, passed, feedback, response)
        if passed or round_number > self.max_rounds:
            return Continue()
        return Retry(_revision_request(verdict, feedback))

    async def judge(self, question: str, answer: str) -> CriticVerdict | None:
        """Ask the critic about one answer; None when its reply cannot be read."""
        request = LlmRequest(
            system_prompt=self.prompt,
            messages=[
                LlmMessage(role="user", content=f"Question:\n{question}\n\nAnswer:\n{answer}")
            ],
            temperature=self.temperature,
        )
        reply = await self.critic.send_request(request)
        verdict = CriticVerdict.parse(reply.content or "")
        if verdict is None:
            logger.warning("critic verdict could not be read; the answer passes")
        return verdict

    async def _judge(self, question: str, answer: str) -> CriticVerdict | None:
        if not self.fail_open:
            return await self.judge(question, answer)
        try:
            return await self.judge(question, answer)
        except Exception as error:
            logger.warning("critic failed (%s); the answer passes", type(error).__name__)
            return None

    def _passed(self, verdict: CriticVerdict | None) -> bool:
        if verdict is None:
            return True
        if verdict.passed is not None:
            return verdict.passed
        return verdict.score is not None and verdict.score >= self.threshold

    def _forget(self, event: Event[Any]) -> None:
        self._rounds.pop(_turn_key(event), None)


def _turn_key(event: Event[Any] | None) -> str:
    context = event.context if event is not None else None
    return (context.request_id if context is not None else None) or ""


def _question(request: LlmRequest) -> str:
    """The user's latest message (retry feedback is not the question)."""
    for message in reversed(request.messages):
        if message.role != "user":
            continue
        metadata = getattr(message, "metadata", None) or {}
        if metadata.get("hookline") == "retry_feedback":
            continue
        return message.content or ""
    return ""


def _revision_request(verdict: CriticVerdict | None, feedback: str) -> str:
    score = (
        f" (score {verdict.score:.2f})" if verdict is not None and verdict.score is not None else ""
    )
    return (
        f"A reviewer found your previous answer below the bar{score}. "
        f"Feedback: {feedback or 'improve correctness and completeness.'} "
        "Write the complete answer again, fixing this."
    )


async def _emit(
    registry: HookRegistry,
    event: Event[AfterLLMCallEvent] | None,
    round_number: int,
    verdict: CriticVerdict | None,
    passed: bool,
    feedback: str,
    response: LlmResponse,
) -> None:
    if not registry.has_handlers(CriticVerdictEvent):
        return
    context = event.context if event is not None else None
    if context is not None and context.conversation_id and context.request_id:
        registry = registry.turn_view(context.conversation_id, context.request_id)
    await registry.emit(
        CriticVerdictEvent(
            round=round_number,
            score=verdict.score if verdict is not None else None,
            passed=passed,
            feedback=feedback,
            response=response,
        )
    )
