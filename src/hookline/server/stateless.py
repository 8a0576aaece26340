"""Stateless OpenAI requests: a conversation no listing shows, gone when the request ends.

A request to ``/v1/chat/completions`` that names no conversation (no header, no
``conversation_id``, no ``user``) runs in a conversation of its own:

- it is created hidden (``HIDDEN_KEY``): no listing shows it, not even while the
  turn runs; its id starts with ``stateless-``;
- when the request ends — answered, failed, read to the end, closed at
  ``[DONE]``, dropped mid-stream, cancelled — ``end_turn`` deletes it with its
  messages, ledger rows and lock row.  The clean-up runs in a task of its own,
  tracked by ``StatelessRequests`` and awaited through ``asyncio.shield``: a
  cancellation of the request stops the wait, never the clean-up, and the
  server's shutdown awaits the ones still running (``drain``);
- a turn that pauses for a client tool keeps it, still hidden, for
  ``client_tool_timeout`` seconds (default 600): the client's next request with
  the tool results continues it.  Then a timer deletes it (a server that starts
  re-arms the timers a stopped one left: ``start``); a result that comes later
  gets 410 ``pause_expired``;
- a turn that pauses for a human approval keeps it and shows it (the reviewer
  must find it: ``/approve <id>`` in that conversation); it is an ordinary
  conversation from then on;
- a server killed mid-turn (SIGKILL, out of memory, power) ends nothing: its
  conversation stays hidden, with no expiry.  A server that starts deletes it
  (``start``), under its turn lock taken with a short timeout, once
  ``orphan_grace`` (default 120 s) has passed since its last write: never while
  a turn in any process holds the lock (it looks again later), never a new one
  whose turn has not taken the lock yet (that is what the grace is for).

The paused conversation's expiry (``EXPIRES_KEY``, epoch seconds) is claimed
with ``compare_and_set_metadata``: of the continuation and the timer (in any
process), at most one wins.

Example::

    requests = StatelessRequests(client_tool_timeout=60.0)
    conversation_id = await requests.create(store, user, history)
    ...  # start the turn: stream, result
    await end_turn(stream, result, None, StatelessTurn(requests, store, user))
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

from hookline.agent.result import RunResult
from hookline.components.base import UiComponent
from hookline.errors import ConversationBusy, ConversationNotFoundError
from hookline.server.client_tools import CLIENT_TOOL_REASON
from hookline.server.errors import ApiError
from hookline.storage.base import ConversationStore
from hookline.storage.models import HIDDEN_KEY, Conversation, Message, new_conversation_id
from hookline.users.models import User

__all__ = [
    "DEFAULT_CLIENT_TOOL_TIMEOUT",
    "DEFAULT_ORPHAN_GRACE",
    "EXPIRES_KEY",
    "STATELESS_ID_PREFIX",
    "STATELESS_SOURCE",
    "StatelessRequests",
    "StatelessTurn",
    "abandon",
    "end_turn",
    "is_stateless",
    "pause_expired",
]

logger = logging.getLogger("hookline.server")

DEFAULT_CLIENT_TOOL_TIMEOUT = 600.0
"""Seconds a stateless request paused for a client tool waits for the tool's result."""
STATELESS_SOURCE = "openai-stateless"
"""The metadata ``source`` of a stateless request's conversation."""
STATELESS_ID_PREFIX = "stateless-"
DEFAULT_ORPHAN_GRACE = 120.0
"""Seconds after its last write before ``start`` deletes a stateless conversation that a
killed server left mid-turn (see ``StatelessRequests``)."""
EXPIRES_KEY = "hookline.expires_at"
"""Metadata key: when (epoch seconds) a paused stateless conversation is deleted."""
_PROBE_S = 1.0  # how long a look at a conversation left behind waits for its turn lock


def is_stateless(conversation: Conversation) -> bool:
    """True for a stateless request's conversation that is still hidden."""
    metadata = conversation.metadata
    return metadata.get("source") == STATELESS_SOURCE and metadata.get(HIDDEN_KEY) is True


def pause_expired(timeout: float) -> ApiError:
    """410: the tool result answers a pause that is gone (expired, or answered already)."""
    return ApiError(
        410,
        "This tool result came too late: the paused request it answers is gone (a "
        f"client-tool pause is kept {timeout:g} s, and answered once). Send the whole "
        "conversation again as a new request.",
        code="pause_expired",
        param="messages",
    )


class StatelessRequests:
    """One server's stateless conversations: the clean-ups in flight and the timers.

    ``orphan_grace`` (seconds, default 120): how long after its last write a hidden
    stateless conversation that is neither paused nor run by any turn counts as left
    by a server killed mid-turn, for ``start`` to delete.  A turn writes its
    conversation (created, or its pause claimed) before it takes the turn lock, and
    between the two it runs its message-received hooks and may wait for the lock up
    to ``AgentConfig.turn_lock_timeout`` (60 s by default: e.g. for a PostgreSQL lock
    connection while all are in use); 120 s leaves that window a margin (``create_app``
    passes twice the agent's ``turn_lock_timeout`` when that is more).  A turn that
    holds its lock is never deleted, whatever its age.
    """

    def __init__(
        self,
        *,
        client_tool_timeout: float = DEFAULT_CLIENT_TOOL_TIMEOUT,
        orphan_grace: float = DEFAULT_ORPHAN_GRACE,
    ) -> None:
        if not client_tool_timeout > 0:
            raise ValueError("client_tool_timeout must be more than 0 seconds.")
        if not orphan_grace >= 0:
            raise ValueError("orphan_grace must be 0 seconds or more.")
        self.client_tool_timeout = client_tool_timeout
        self.orphan_grace = orphan_grace
        self.cleanups: set[asyncio.Task[None]] = set()
        self.timers: set[asyncio.Task[None]] = set()
        self._probing = asyncio.Lock()  # one turn-lock probe at a time: one lock connection

    async def create(self, store: ConversationStore, user: User, history: Sequence[Message]) -> str:
        """A new hidden conversation holding ``history``; deleted again if this fails."""
        conversation_id = STATELESS_ID_PREFIX + new_conversation_id()
        metadata = {"source": STATELESS_SOURCE, HIDDEN_KEY: True}
        await store.create_conversation(user, conversation_id=conversation_id, metadata=metadata)
        if history:
            try:
                await store.append_messages(conversation_id, user, history)
            except BaseException:
                await self.shielded(_delete(store, user, conversation_id))
                raise
        return conversation_id

    async def claim(self, store: ConversationStore, user: User, conversation: Conversation) -> None:
        """Take a paused stateless conversation for the request that continues it; 410
        (and the conversation deleted) when its pause expired or was taken already."""
        deadline = conversation.metadata.get(EXPIRES_KEY)
        if isinstance(deadline, int | float) and await _claim(
            store, user, conversation.id, deadline
        ):
            if deadline > time.time():
                return
            await self.shielded(_delete(store, user, conversation.id))
        raise pause_expired(self.client_tool_timeout)

    async def shielded(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in a tracked task and wait for it: a cancellation of the caller
        stops the wait, not the work."""
        task = asyncio.get_running_loop().create_task(work)
        self.cleanups.add(task)
        task.add_done_callback(self.cleanups.discard)
        await asyncio.shield(task)

    def expire_at(
        self, store: ConversationStore, user: User, conversation_id: str, deadline: float
    ) -> None:
        """Start the timer that deletes a paused conversation at ``deadline`` (epoch s)."""
        self._timer(self._expire(store, user, conversation_id, deadline))

    def start(self, store: ConversationStore) -> asyncio.Task[None]:
        """Look, in the background, at the hidden stateless conversations a stopped or
        killed server left (``hidden_conversations``): a paused one's timer is re-armed
        (deleted at once when expired); one left mid-turn is deleted once ``orphan_grace``
        has passed since its last write, unless a turn (in any process) holds its lock.
        Returns the task (awaited: the conversations due now are dealt with)."""
        return self._timer(self._rearm(store))

    def _timer(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(work)
        self.timers.add(task)
        task.add_done_callback(self.timers.discard)
        return task

    async def _rearm(self, store: ConversationStore) -> None:
        try:
            hidden = await store.hidden_conversations()
        except Exception:
            logger.exception("could not look for the stateless conversations left behind")
            return
        for conversation in hidden:
            owner, deadline = User(id=conversation.user_id), conversation.metadata.get(EXPIRES_KEY)
            quiet = self._quiet_until(conversation)
            if is_stateless(conversation) and isinstance(deadline, int | float):
                self.expire_at(store, owner, conversation.id, deadline)
            elif quiet is not None and quiet <= time.time():
                await self._reap(store, owner, conversation.id)
            elif quiet is not None:
                self._timer(self._reap_at(store, owner, conversation.id, quiet))

    def _quiet_until(self, conversation: Conversation | None) -> float | None:
        """When a stateless conversation with no pause counts as left mid-turn (its last
        write + ``orphan_grace``); None for any other (gone, paused, shown, not stateless)."""
        if conversation is None or not is_stateless(conversation):
            return None
        if EXPIRES_KEY in conversation.metadata:
            return None
        return conversation.updated_at.timestamp() + self.orphan_grace

    async def _reap_at(
        self, store: ConversationStore, user: User, conversation_id: str, when: float
    ) -> None:
        await asyncio.sleep(max(when - time.time(), 0.0))
        await self._reap(store, user, conversation_id)

    async def _reap(self, store: ConversationStore, user: User, conversation_id: str) -> None:
        """Delete a conversation left mid-turn, or look again when it may be."""
        try:
            again = await self._reaped(store, user, conversation_id)
        except Exception:
            logger.exception("could not clean stateless conversation %s up", conversation_id)
            return
        if again is not None:
            self._timer(self._reap_at(store, user, conversation_id, again))

    async def _reaped(
        self, store: ConversationStore, user: User, conversation_id: str
    ) -> float | None:
        """One look: when to look again, or None (deleted, gone, or not left mid-turn).

        The conversation is deleted under its turn lock, taken with a short timeout:
        held means a turn runs it in another process (look again later); no turn can
        start between the last look and the deletion.
        """
        quiet = self._quiet_until(await store.get_conversation(conversation_id, user))
        if quiet is None or quiet > time.time():
            return quiet
        async with self._probing:
            try:
                async with store.turn_lock(conversation_id, timeout=_PROBE_S):
                    gone, again = await self._delete_left(store, user, conversation_id)
            except ConversationBusy:
                return time.time() + max(self.orphan_grace, _PROBE_S)
            if gone:  # the lock row this look took stayed while held (SQLite): drop it
                await _delete(store, user, conversation_id)
        return again

    async def _delete_left(
        self, store: ConversationStore, user: User, conversation_id: str
    ) -> tuple[bool, float | None]:
        """Under the turn lock: (gone now, when to look again)."""
        conversation = await store.get_conversation(conversation_id, user)
        if conversation is not None:
            quiet = self._quiet_until(conversation)
            if quiet is None or quiet > time.time():
                return False, quiet
            await _delete(store, user, conversation_id)
            logger.warning("deleted stateless conversation %s: left mid-turn", conversation_id)
        return True, None

    async def drain(self) -> None:
        """Stop the timers and wait for the clean-ups (the server is stopping).

        A conversation whose timer is stopped stays hidden; a late result for it
        still gets 410 and deletes it.
        """
        for timer in list(self.timers):
            timer.cancel()
        await asyncio.gather(*self.timers, *self.cleanups, return_exceptions=True)

    async def _expire(
        self, store: ConversationStore, user: User, conversation_id: str, deadline: float
    ) -> None:
        await asyncio.sleep(max(deadline - time.time(), 0.0))
        if await _claim(store, user, conversation_id, deadline):
            await self.shielded(_delete(store, user, conversation_id))
            logger.info("stateless conversation %s expired (client tool)", conversation_id)


@dataclass(frozen=True, slots=True)
class StatelessTurn:
    """What ``end_turn`` needs to clean a stateless request's conversation up."""

    requests: StatelessRequests
    store: ConversationStore
    user: User


async def end_turn(
    stream: AsyncIterator[UiComponent],
    result: RunResult,
    release: Callable[[], None] | None,
    stateless: StatelessTurn | None,
) -> None:
    """The end of a request's turn, whatever ended it: the stream closed (the turn saves
    and releases its lock first), the client tools released, and a stateless request's
    conversation deleted (or kept: see the module docstring).  Survives cancellation."""
    work = _end_turn(stream, result, release, stateless)
    if stateless is None:
        await work
    else:
        await stateless.requests.shielded(work)


async def abandon(
    stateless: StatelessTurn | None, conversation_id: str, release: Callable[[], None] | None
) -> None:
    """A request whose turn could not start: its client tools released, its stateless
    conversation deleted.  Survives cancellation."""
    if release is not None:
        release()
    if stateless is not None:
        await stateless.requests.shielded(_delete(stateless.store, stateless.user, conversation_id))


async def _end_turn(
    stream: AsyncIterator[UiComponent],
    result: RunResult,
    release: Callable[[], None] | None,
    stateless: StatelessTurn | None,
) -> None:
    try:
        close = getattr(stream, "aclose", None)
        if close is not None:
            await close()
    finally:
        if release is not None:
            release()
        if stateless is not None:
            await _settle(stateless, result)


async def _settle(stateless: StatelessTurn, result: RunResult) -> None:
    """Delete the conversation; or keep it hidden with an expiry (a client-tool pause), or
    shown (an approval pause)."""
    store, user, cid = stateless.store, stateless.user, result.conversation_id
    if not result.paused:
        await _delete(store, user, cid)
    elif set(result.pending_reasons.values()) == {CLIENT_TOOL_REASON}:
        deadline = time.time() + stateless.requests.client_tool_timeout
        await store.compare_and_set_metadata(cid, user, HIDDEN_KEY, True, {EXPIRES_KEY: deadline})
        stateless.requests.expire_at(store, user, cid, deadline)
    else:
        await store.compare_and_set_metadata(cid, user, HIDDEN_KEY, True, {HIDDEN_KEY: None})


async def _claim(store: ConversationStore, user: User, conversation_id: str, deadline: Any) -> bool:
    """Remove ``EXPIRES_KEY`` if it still holds ``deadline``; False when it does not (or
    the conversation is gone)."""
    try:
        return await store.compare_and_set_metadata(
            conversation_id, user, EXPIRES_KEY, deadline, {EXPIRES_KEY: None}
        )
    except ConversationNotFoundError:
        return False


async def _delete(store: ConversationStore, user: User, conversation_id: str) -> None:
    with contextlib.suppress(ConversationNotFoundError):
        await store.delete_conversation(conversation_id, user)
