"""The effect ledger: one record per tool call, committed before the tool runs.

A record starts as ``started`` (committed before the tool runs) and ends as
``finished`` (the tool returned; committed in the same transaction as its
result message) or ``interrupted`` (the tool did not return and was not run
again; the history holds an "interrupted" result).  An idempotent tool found
``started`` after a crash runs again with the same idempotency key and stays
``started`` (``attempts`` + 1) until it finishes.  docs/exactly-once.md has the
whole picture.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Literal

__all__ = [
    "LEDGER_STATES",
    "LedgerEntry",
    "LedgerState",
    "MemoryLedger",
    "arguments_digest",
    "idempotency_key",
    "state_clause",
]

LedgerState = Literal["started", "finished", "interrupted"]
LEDGER_STATES: tuple[LedgerState, ...] = ("started", "finished", "interrupted")


def idempotency_key(conversation_id: str, turn_id: str, call_id: str) -> str:
    """The stable key of one tool call: the same in every process and on every retry.

    Example::

        idempotency_key("c1", "turn-7", "call_1")  # 64 hex digits
    """
    text = f"{conversation_id}\x1f{turn_id}\x1f{call_id}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def arguments_digest(arguments: dict[str, Any]) -> str:
    """SHA-256 of the arguments as canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(arguments, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def state_clause(state: LedgerState | None) -> str:
    """`` AND state = '<state>'`` for SQL (a literal, so a partial index on it applies)."""
    if state is None:
        return ""
    if state not in LEDGER_STATES:
        raise ValueError(f"Unknown ledger state {state!r}: use one of {', '.join(LEDGER_STATES)}.")
    return f" AND state = '{state}'"


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass(kw_only=True, slots=True)
class LedgerEntry:
    """One tool call in the ledger.

    ``batch`` numbers the turn's batches of calls (one model response each) and
    ``position`` is the call's place in its batch: recovery rebuilds the
    assistant message of a batch cut off before it was stored.
    """

    conversation_id: str
    turn_id: str
    call_id: str
    tool: str
    arguments: dict[str, Any] = field(default_factory=dict)
    state: LedgerState = "started"
    started_at: datetime = field(default_factory=_now)
    finished_at: datetime | None = None
    attempts: int = 1
    batch: int = 0
    position: int = 0

    @property
    def arguments_digest(self) -> str:
        """SHA-256 of the arguments (what an approval or an audit compares)."""
        return arguments_digest(self.arguments)

    @property
    def idempotency_key(self) -> str:
        """The key the tool received (``ToolContext.idempotency_key``)."""
        return idempotency_key(self.conversation_id, self.turn_id, self.call_id)

    def settled(self, state: LedgerState) -> LedgerEntry:
        """A copy in its final ``state``, finished now."""
        return replace(self, state=state, finished_at=_now())


class MemoryLedger:
    """Ledger records in process memory, in the order they started.

    The in-memory store's ledger, and the default of a store without one of
    its own (it then lasts as long as the process, not as long as the store).
    It keeps the entries it is given (no copy: they are the store's from then
    on) and hands out copies.

    Example::

        ledger = MemoryLedger()
        ledger.start(LedgerEntry(conversation_id="c", turn_id="t", call_id="1", tool="add"))
        ledger.entries("c", state="started")
    """

    __slots__ = ("_by_conversation",)

    def __init__(self) -> None:
        self._by_conversation: dict[str, dict[tuple[str, str], LedgerEntry]] = {}

    def start(self, entry: LedgerEntry) -> None:
        """Record ``entry`` as started (again: one more attempt, first start kept)."""
        records = self._by_conversation.get(entry.conversation_id)
        if records is None:
            records = self._by_conversation[entry.conversation_id] = {}
        key = (entry.turn_id, entry.call_id)
        previous = records.get(key)
        if previous is None:
            records[key] = entry
        else:  # a re-run: its place in the turn and its first start are kept
            records[key] = replace(
                previous,
                tool=entry.tool,
                arguments=entry.arguments,
                state="started",
                finished_at=None,
                attempts=previous.attempts + 1,
            )

    def settle(self, entries: Iterable[LedgerEntry]) -> None:
        """Store the final state of ``entries`` (records that do not exist are skipped)."""
        for entry in entries:
            records = self._by_conversation.get(entry.conversation_id)
            record = None if records is None else records.get((entry.turn_id, entry.call_id))
            if record is not None:
                record.state, record.finished_at = entry.state, entry.finished_at

    def entries(
        self, conversation_id: str, *, state: LedgerState | None = None
    ) -> list[LedgerEntry]:
        """Copies of the conversation's records, oldest first, optionally of one state."""
        records = self._by_conversation.get(conversation_id)
        if not records:
            return []
        return [replace(e) for e in records.values() if state is None or e.state == state]

    def forget(self, conversation_id: str) -> None:
        """Drop the conversation's records (it was deleted)."""
        self._by_conversation.pop(conversation_id, None)
