"""One turn's side of the effect ledger: the calls it started, and their final states.

``execute_calls`` records each call before its tool runs (``start``) and when it
returns (``returned``); ``TurnWriter`` commits each entry (the ledger asks it:
``start_call``) and settles them in the same transaction as the turn's messages
(``unsettled`` then ``settled``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime

from hookline.llm.models import ToolCall
from hookline.storage.ledger import LedgerEntry
from hookline.tools.context import ToolContext
from hookline.users.models import User

__all__ = ["TurnLedger"]


class TurnLedger:
    """The ledger entries of one turn, kept until the turn's messages are stored.

    Example::

        ledger = TurnLedger(writer.start_call)  # TurnWriter.open_ledger builds it so
        ledger.begin_batch(calls)
        await ledger.start(context.for_call(call.id), call)   # committed: the tool may run
        ledger.returned(call.id)
        entries = ledger.unsettled()  # the writer stores them with the turn's messages
    """

    __slots__ = ("_batch", "_calls", "_commit", "_returned", "started")

    def __init__(self, commit: Callable[[User, LedgerEntry], Awaitable[None]]) -> None:
        self._commit = commit  # the writer's: it stores the entry (committed on return)
        self.started: list[LedgerEntry] = []  # not settled yet
        self._returned: list[str] = []
        self._batch = 0
        self._calls: Sequence[ToolCall] = ()

    def begin_batch(self, calls: Sequence[ToolCall]) -> None:
        """The calls of one model response (recovery rebuilds their message from this)."""
        self._batch += 1
        self._calls = calls

    async def start(self, context: ToolContext, call: ToolCall) -> None:
        """Commit ``call``'s entry (``started``); only then may its tool run."""
        position = 0
        for index, batch_call in enumerate(self._calls):
            if batch_call.id == call.id:
                position = index
                break
        entry = LedgerEntry(
            conversation_id=context.conversation_id,
            turn_id=context.turn_id or context.request_id,
            call_id=call.id,
            tool=call.name,
            arguments=call.arguments,
            started_at=datetime.now(UTC),
            batch=self._batch,
            position=position,
        )
        self.started.append(entry)  # first: a write cut off midway may have committed
        await self._commit(context.user, entry)

    def returned(self, call_id: str) -> None:
        """The call's tool returned (its result is in the turn's messages)."""
        self._returned.append(call_id)

    def unsettled(self) -> list[LedgerEntry]:
        """The started entries, set to their final states: ``finished`` if the tool
        returned, else ``interrupted`` (the store commits them with the messages)."""
        now = datetime.now(UTC)
        for entry in self.started:
            entry.state = "finished" if entry.call_id in self._returned else "interrupted"
            entry.finished_at = now
        return self.started

    def settled(self) -> None:
        """The final states are committed: the entries are the store's now."""
        self.started = []
