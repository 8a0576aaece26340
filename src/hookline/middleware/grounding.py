"""GroundedAnswerGuardrail: a model's text says only what this turn's tool results hold.

An output guardrail on the hook contract (``StreamTransformEvent``): each answer of
the model passes through a ``GroundedTextStream`` before any client, any
``TextDeltaEvent`` handler or the conversation store sees it.  A number or a name in
the answer that is not in a tool result of the same turn (nor in the user's question;
names may also come from the system prompt, e.g. the schema) stops the answer
there: the user reads what came before it, then an honest "I could not answer
that", with the last query of the turn if there was one; the turn ends (the answer's
tool calls, if any, do not run).  What counts as a number or a name, and how
``632,008.25`` / ``632k`` / ``45%`` are compared: ``hookline.middleware.grounding_terms``.

Streaming: the stream holds back the end of the text that could still grow into a
longer value (an unfinished word or number, a number or capitalised phrase waiting
for the next word), so ``"63"`` + ``"2,008"`` is judged as ``632,008`` before any of
it is shown.  Answers that do not stream go through the same check, whole.

Example::

    agent = Agent(llm, tool_registry=ToolRegistry([RunSqlTool(runner)]),
                  middleware=[GroundedAnswerGuardrail()])
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence

from hookline.hooks.events import StreamTransformEvent
from hookline.hooks.registry import Event, HookRegistry
from hookline.hooks.stream import GuardrailTripped, StreamTransformer
from hookline.llm.models import LlmMessage, LlmRequest
from hookline.middleware.base import AgentMiddleware
from hookline.middleware.grounding_terms import Grounding

__all__ = ["DEFAULT_GROUNDING_NOTE", "GroundedAnswerGuardrail", "GroundedTextStream"]

DEFAULT_GROUNDING_NOTE = (
    "I could not answer that: the answer had a {kind} that no result of this turn "
    "holds, so it is not shown."
)
"""What the user reads when an answer is stopped; ``{kind}`` is "number" or "name"."""
_TOKEN_CHARS = frozenset("_.,%'\u2019-")
_CONTEXT = 40


class GroundedTextStream(StreamTransformer):
    """The answer's stream through ``grounding`` (one instance per answer).

    ``feed`` lets through the text up to the last value that is complete and
    grounded, holding back at most ``max_hold`` characters; an ungrounded value raises
    ``GuardrailTripped`` with ``note`` (``{kind}`` filled in) for the user to read.

    Example::

        stream = GroundedTextStream(Grounding.of(numbers=["n\\n632008\\n(1 row)"]))
        stream.feed("There are 63") + stream.feed("2,008 orders.") + stream.flush()
    """

    name = "grounded_answer"

    def __init__(
        self,
        grounding: Grounding,
        *,
        note: str = DEFAULT_GROUNDING_NOTE,
        check_names: bool = True,
        max_hold: int = 200,
    ) -> None:
        self.grounding = grounding
        self.note = note
        self.check_names = check_names
        self.max_hold = max_hold
        self._held = ""
        self._context = ""  # the end of the text let through: is a word a sentence start?

    def feed(self, text: str) -> str:
        buffer = self._held + text
        cut = self._safe_end(buffer)
        self._held = buffer[cut:]
        return self._release(buffer[:cut])

    def flush(self) -> str:
        held, self._held = self._held, ""
        return self._release(held)

    def _release(self, text: str) -> str:
        if not text:
            return ""
        context = self._context
        kind = self.grounding.missing_at(context + text, len(context), names=self.check_names)
        if kind is not None:
            raise GuardrailTripped(
                self.name, f"an ungrounded {kind}", note=self.note.replace("{kind}", kind)
            )
        self._context = (context + text)[-_CONTEXT:]
        return text

    def _safe_end(self, buffer: str) -> int:
        """Where the text that can no longer change ends: before an unfinished word or
        number, and before a trailing run of capitalised words or numbers (the next
        word may extend the name, or say "million")."""
        cut = len(buffer)
        while cut and (buffer[cut - 1].isalnum() or buffer[cut - 1] in _TOKEN_CHARS):
            cut -= 1
        while True:
            start = _pending_start(buffer, cut)
            if start == cut:
                break
            cut = start
        if len(buffer) - cut > self.max_hold:  # a run with no end in sight: decide at a space
            cut = max(0, buffer.rfind(" ", 0, len(buffer) - self.max_hold) + 1)
        return cut


def _pending_start(buffer: str, end: int) -> int:
    """The start of the word before ``end`` when it is followed only by spaces and is
    capitalised or a number (it may belong with what comes next); else ``end``."""
    spaces = end
    while spaces and buffer[spaces - 1] in " \t":
        spaces -= 1
    if spaces == end or not spaces:
        return end
    start = spaces
    while start and (buffer[start - 1].isalnum() or buffer[start - 1] in _TOKEN_CHARS):
        start -= 1
    word = buffer[start:spaces]
    return start if word and (word[0].isupper() or word[0].isdigit()) else end


class GroundedAnswerGuardrail(AgentMiddleware):
    """Withholds a model's text whose numbers or names no tool result of the turn holds
    (see the module doc).

    ``check_names`` (on by default) checks capitalised names as well as numbers.
    ``sql_argument`` names the tool-call argument whose last value is quoted in the note
    (``run_sql``'s ``sql``).  ``grounding`` (optional) adds text that counts as grounded
    for every answer: ``async (request) -> str`` (the data agent passes its catalog, so
    an answer about the schema may name its tables).  ``prompt`` (optional) is the system
    prompt a middleware sends the model for a request in place of the turn's own:
    ``async (request) -> str``; its names count as the system prompt's do, also for an
    answer given back without the call (a cache, a durable turn's replayed step), which is
    checked against the turn's own request.  ``note`` is what the user reads.

    Example::

        agent = Agent(llm, middleware=[GroundedAnswerGuardrail(check_names=False)])
        result = await agent.run("How many orders?")  # a guessed number is never shown
    """

    def __init__(
        self,
        *,
        check_names: bool = True,
        sql_argument: str = "sql",
        grounding: Callable[[LlmRequest], Awaitable[str]] | None = None,
        prompt: Callable[[LlmRequest], Awaitable[str]] | None = None,
        note: str = DEFAULT_GROUNDING_NOTE,
    ) -> None:
        self.check_names = check_names
        self.sql_argument = sql_argument
        self.grounding = grounding
        self.prompt = prompt
        self.note = note

    def register_hooks(self, registry: HookRegistry) -> None:
        super().register_hooks(registry)
        registry.on(StreamTransformEvent, self._add_stream)

    async def _add_stream(self, event: Event[StreamTransformEvent]) -> None:
        request = event.data.request
        turn = turn_messages(request.messages)
        extra = await self.grounding(request) if self.grounding is not None else ""
        sent = await self.prompt(request) if self.prompt is not None else ""
        grounding = Grounding.of(
            numbers=[*_turn_facts(turn), extra], names=[request.system_prompt or "", sent]
        )
        note = self.note
        sql = self._last_sql(turn)
        if sql:
            note += f"\n\nThe last query was:\n\n{sql}"
        event.data.transformers.append(
            GroundedTextStream(grounding, note=note, check_names=self.check_names)
        )

    def _last_sql(self, turn: Sequence[LlmMessage]) -> str:
        calls = [call for message in turn for call in message.tool_calls or []]
        for call in reversed(calls):
            value = call.arguments.get(self.sql_argument)
            if isinstance(value, str) and value.strip():
                return value.strip()
        return ""


def turn_messages(messages: Sequence[LlmMessage]) -> Sequence[LlmMessage]:
    """The messages of the current turn: from the last user message on."""
    start = max((i for i, m in enumerate(messages) if m.role == "user"), default=0)
    return messages[start:]


def _turn_facts(turn: Sequence[LlmMessage]) -> list[str]:
    """The texts an answer may take numbers from: the question, the tool results, the
    tool calls' arguments (the queries the user is shown) and how many calls ran."""
    calls = [call for message in turn for call in message.tool_calls or []]
    texts = [m.content or "" for m in turn if m.role in ("user", "tool")]
    texts += [json.dumps(call.arguments, ensure_ascii=False) for call in calls]
    texts.append(f"{len(calls)} calls")
    return texts
