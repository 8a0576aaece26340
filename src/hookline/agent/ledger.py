"""One turn's side of the effect ledger: the calls it started, and their final states.

``execute_calls`` records each call before its tool runs (``start``) and when it
returns (``returned``); ``TurnWriter`` settles them in the same transaction as
the turn's messages (``unsettled`` then ``settled``).
"""

from __future__ import annotations

from collections.abc import Sequence

from hookline.llm.models import ToolCall
from hookline.storage.base import ConversationStore
from hookline.storage.ledger import LedgerEntry
from hookline.tools.context import ToolContext

__all__ = ["TurnLedger"]


class TurnLedger:
    """The ledger entries of one turn, kept until the turn's messages are stored.

    Example::

        ledger = TurnLedger(store)
        ledger.begin_batch(calls)
        await ledger.start(context.for_call(call.id), call)   # committed: the tool may run
        ledger.returned(call.id)
        await store.settle_tool_calls(cid, user, messages, ledger.unsettled())
    """

    __slots__ = ("_batch", "_positions", "_returned", "started", "store")

    def __init__(self, store: ConversationStore) -> None:
        self.store = store
        self.started: list[LedgerEntry] = []  # not settled yet
        self._returned: set[str] = set()
        self._batch = 0
        self._positions: dict[str, int] = {}

    def begin_batch(self, calls: Sequence[ToolCall]) -> None:
        """The calls of one model response (recovery rebuilds their message from this)."""
        self._batch += 1
        self._positions = {call.id: index for index, call in enumerate(calls)}

    async def start(self, context: ToolContext, call: ToolCall) -> None:
        """Commit ``call``'s entry (``started``); only then may its tool run."""
        entry = LedgerEntry(
            conversation_id=context.conversation_id,
            turn_id=context.turn_id or context.request_id,
            call_id=call.id,
            tool=call.name,
            arguments=call.arguments,
            batch=self._batch,
            position=self._positions.get(call.id, 0),
        )
        await self.store.start_tool_call(context.user, entry)
        self.started.append(entry)

    def returned(self, call_id: str) -> None:
        """The call's tool returned (its result is in the turn's messages)."""
        self._returned.add(call_id)

    def unsettled(self) -> list[LedgerEntry]:
        """The started entries in their final states: ``finished`` if the tool returned,
        else ``interrupted``."""
        returned = self._returned
        return [
            e.settled("finished" if e.call_id in returned else "interrupted") for e in self.started
        ]

    def settled(self) -> None:
        """The final states are committed."""
        self.started = []
