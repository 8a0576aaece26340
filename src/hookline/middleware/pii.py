"""PiiRedactionMiddleware: mask emails, phones and card numbers before the model reads
them and, with ``redact_output``, in the answer while it streams."""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hookline.hooks.events import (
    BeforeLLMCallEvent,
    StreamTransformEvent,
    ToolCallNext,
    ToolInvocation,
)
from hookline.hooks.registry import Event, HookRegistry
from hookline.hooks.stream import StreamTransformer
from hookline.llm.models import LlmMessage
from hookline.middleware.base import AgentMiddleware
from hookline.tools.result import ToolResult

__all__ = [
    "CARD_PATTERN",
    "DEFAULT_PII_PATTERNS",
    "EMAIL_PATTERN",
    "PHONE_PATTERN",
    "PiiPattern",
    "PiiRedactionMiddleware",
    "PiiStreamRedactor",
    "luhn_valid",
]


@dataclass(frozen=True, kw_only=True, slots=True)
class PiiPattern:
    """One kind of personal data: a regex, its replacement, and an optional check
    that a match really is one (``validate(matched_text) -> bool``).

    For streamed text (``PiiStreamRedactor``): ``max_length`` bounds a match
    (a longer one split across pieces may pass), and ``chars`` are the
    characters a match is made of: a run of them at the end of the text so
    far could still grow into a match, and is held back until it is decided;
    without ``chars`` the last ``max_length`` characters are held.
    ``needs`` (optional) finds what every match contains (``@`` for emails):
    text without it is not scanned at all.

    Example::

        IBAN = PiiPattern(name="iban", regex=re.compile(r"\\b[A-Z]{2}\\d{2}[A-Z0-9]{11,30}\\b"),
                          replacement="[IBAN]", max_length=34)
    """

    name: str
    regex: re.Pattern[str]
    replacement: str
    validate: Callable[[str], bool] | None = None
    max_length: int = 64
    chars: str | None = None
    needs: re.Pattern[str] | None = None

    def redact(self, text: str) -> tuple[str, int]:
        """``text`` with every valid match replaced, and how many were."""
        if self.needs is not None and self.needs.search(text) is None:
            return text, 0
        count = 0

        def replace(match: re.Match[str]) -> str:
            nonlocal count
            found = match.group(0)
            if self.validate is not None and not self.validate(found):
                return found
            count += 1
            return self.replacement

        return self.regex.sub(replace, text), count


def luhn_valid(text: str) -> bool:
    """True when the digits of ``text`` (13 to 19 of them) pass the Luhn check."""
    digits = [int(c) for c in text if c.isdigit()]
    if not 13 <= len(digits) <= 19:
        return False
    total = 0
    for index, digit in enumerate(reversed(digits)):
        if index % 2 == 1:
            digit = digit * 2 - 9 if digit > 4 else digit * 2
        total += digit
    return total % 10 == 0


def _phone_digits(text: str) -> bool:
    return 9 <= sum(c.isdigit() for c in text) <= 15


CARD_PATTERN = PiiPattern(
    name="card",
    regex=re.compile(r"(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d])"),
    replacement="[CARD]",
    validate=luhn_valid,
    max_length=40,
    chars="0123456789 -",
    needs=re.compile(r"\d"),
)
"""Payment card numbers: 13-19 digits, spaces or dashes allowed, Luhn-checked."""

EMAIL_PATTERN = PiiPattern(
    name="email",
    regex=re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"),
    replacement="[EMAIL]",
    max_length=120,
    chars=string.ascii_letters + string.digits + "._%+-@",
    needs=re.compile("@"),
)
"""Email addresses."""

PHONE_PATTERN = PiiPattern(
    name="phone",
    regex=re.compile(
        r"(?<![\w+])(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{2,4}(?:[ .-]\d{2,4}){1,4}(?![\w])"
        r"|(?<![\w+])\+\d{9,15}(?!\w)"
    ),
    replacement="[PHONE]",
    validate=_phone_digits,
    max_length=32,
    chars="0123456789 ()+.-",
    needs=re.compile(r"\d"),
)
"""Phone numbers: grouped digits ("+44 20 7946 0958", "(555) 123-4567") or "+" and
9-15 digits; 9 to 15 digits in all (dates and short numbers are left alone)."""

DEFAULT_PII_PATTERNS: tuple[PiiPattern, ...] = (CARD_PATTERN, EMAIL_PATTERN, PHONE_PATTERN)
"""Cards first (so a card number is not taken for a phone), then emails, then phones."""


class PiiStreamRedactor(StreamTransformer):
    """The output guardrail of ``PiiRedactionMiddleware(redact_output=True)``: masks
    the patterns in a streamed answer, catching a value split across pieces.

    It holds back the end of the text that could still become a match (a word
    that may be an email's start, a run of digits), at most the longest
    pattern's ``max_length``, and lets the rest through masked.  It decides
    once at least ``min_emit`` characters wait (32 by default: the answer
    arrives in pieces of about that size, a few words, instead of per chunk,
    which keeps its cost to a few percent of a streamed turn: benchmarks/stream_guardrail.py).

    Example::

        redactor = PiiStreamRedactor(DEFAULT_PII_PATTERNS)
        shown = redactor.feed("write to bob@exa") + redactor.feed("mple.com now")
        shown += redactor.flush()  # "write to [EMAIL] now"
    """

    name = "pii_redaction"

    def __init__(
        self,
        patterns: Sequence[PiiPattern],
        redact: Callable[[str], str] | None = None,
        *,
        min_emit: int = 32,
    ) -> None:
        self.patterns = tuple(patterns)
        self.redact = redact or (lambda text: _redact_all(self.patterns, text))
        self.hold = max((p.max_length for p in self.patterns), default=0)
        self.min_emit = min_emit
        self._held = ""

    def feed(self, text: str) -> str:
        buffer = self._held + text
        if len(buffer) < self.min_emit:  # decide on pieces of some length, not per chunk
            self._held = buffer
            return ""
        cut = self._safe_end(buffer)
        self._held = buffer[cut:]
        return self.redact(buffer[:cut]) if cut else ""

    def flush(self) -> str:
        held, self._held = self._held, ""
        return self.redact(held) if held else ""

    def _safe_end(self, buffer: str) -> int:
        """Where the text that cannot change any more ends: before every pattern's
        trailing run of its characters, and before any run a match could cross."""
        end = len(buffer)
        floor = max(0, end - self.hold)
        cut = end
        for pattern in self.patterns:
            if pattern.chars is None:
                cut = min(cut, end - pattern.max_length)
            else:
                cut = min(cut, len(buffer.rstrip(pattern.chars)))
        moved = True
        while moved and cut > floor:  # a match of one pattern may run across another's cut
            moved = False
            for pattern in self.patterns:
                chars = pattern.chars
                if chars and cut < end and buffer[cut] in chars and buffer[cut - 1] in chars:
                    cut, moved = len(buffer[:cut].rstrip(chars)), True
        return max(cut, floor)


def _redact_all(patterns: Sequence[PiiPattern], text: str) -> str:
    for pattern in patterns:
        text = pattern.redact(text)[0]
    return text


class PiiRedactionMiddleware(AgentMiddleware):
    """Masks personal data in what the model reads and, with ``redact_output``, in
    what the user is shown.

    ``redact_model_input``: every request, just before it goes down the model
    chain (``BeforeLLMCallEvent``, so every wrapper and every fallback model
    sees the masked request): message texts, the system prompt and the
    string arguments of earlier tool calls.  The stored conversation is not
    rewritten — the user's own messages stay as they wrote them.
    ``redact_tool_results``: a tool's ``result_for_llm`` is masked as it
    comes back, so the masked text is also what the history keeps; the
    tool's UI component (the table the user sees) is untouched.
    ``redact_output`` (off by default): the model's answer is masked on its
    way out, while it streams (a ``PiiStreamRedactor`` on
    ``StreamTransformEvent``): every surface (``Agent.run``, ``send_message``,
    the server's endpoints, the CLI) shows the masked text, and the stored
    answer is exactly what was shown.

    ``patterns`` defaults to ``DEFAULT_PII_PATTERNS`` (cards, emails,
    phones); extend with ``[*DEFAULT_PII_PATTERNS, PiiPattern(...)]``.
    ``redactions`` counts the values masked.

    Example::

        agent = Agent(llm, middleware=[PiiRedactionMiddleware(redact_tool_results=False)])
    """

    def __init__(
        self,
        patterns: Sequence[PiiPattern] = DEFAULT_PII_PATTERNS,
        *,
        redact_model_input: bool = True,
        redact_tool_results: bool = True,
        redact_output: bool = False,
    ) -> None:
        self.patterns = tuple(patterns)
        self.redact_model_input = redact_model_input
        self.redact_tool_results = redact_tool_results
        self.redact_output = redact_output
        self.redactions = 0

    def active_hooks(self) -> frozenset[str]:
        return super().active_hooks() if self.redact_tool_results else frozenset()

    def register_hooks(self, registry: HookRegistry) -> None:
        super().register_hooks(registry)
        if self.redact_model_input:
            registry.on(BeforeLLMCallEvent, self._redact_request)
        if self.redact_output:
            registry.on(StreamTransformEvent, self._add_redactor)

    def _add_redactor(self, event: Event[StreamTransformEvent]) -> None:
        event.data.transformers.append(PiiStreamRedactor(self.patterns, self.redact))

    def redact(self, text: str) -> str:
        """``text`` with every pattern applied, in order."""
        for pattern in self.patterns:
            text, count = pattern.redact(text)
            self.redactions += count
        return text

    async def wrap_tool_call(
        self, invocation: ToolInvocation, call_next: ToolCallNext
    ) -> ToolResult:
        result = await call_next(invocation)
        result.result_for_llm = self.redact(result.result_for_llm)
        if result.error is not None:
            result.error = self.redact(result.error)
        return result

    def _redact_request(self, event: Event[BeforeLLMCallEvent]) -> None:
        request = event.data.request
        messages = [self._redact_message(m) for m in request.messages]
        prompt = request.system_prompt
        masked_prompt = self.redact(prompt) if prompt else prompt
        changed = any(new is not old for new, old in zip(messages, request.messages, strict=True))
        if changed or masked_prompt != prompt:
            event.data.request = request.model_copy(
                update={"messages": messages, "system_prompt": masked_prompt}
            )

    def _redact_message(self, message: LlmMessage) -> LlmMessage:
        update: dict[str, Any] = {}
        if message.content:
            masked = self.redact(message.content)
            if masked != message.content:
                update["content"] = masked
        if message.tool_calls:
            calls = [
                c.model_copy(update={"arguments": self._redact_value(c.arguments)})
                for c in message.tool_calls
            ]
            pairs = zip(calls, message.tool_calls, strict=True)
            if any(new.arguments != old.arguments for new, old in pairs):
                update["tool_calls"] = calls
        return message.model_copy(update=update) if update else message

    def _redact_value(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.redact(value)
        if isinstance(value, dict):
            return {key: self._redact_value(item) for key, item in value.items()}
        if isinstance(value, list):
            return [self._redact_value(item) for item in value]
        return value
