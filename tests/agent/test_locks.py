"""ConversationLocks: FIFO hand-over, cancellation while waiting, nothing left behind."""

from __future__ import annotations

import asyncio

import pytest

from hookline.agent.locks import ConversationLocks


async def test_turns_on_one_conversation_run_one_at_a_time_in_arrival_order() -> None:
    locks = ConversationLocks()
    log: list[str] = []

    async def turn(name: str) -> None:
        async with locks.hold("c1"):
            log.append(f"{name} in")
            await asyncio.sleep(0.01)
            log.append(f"{name} out")

    await asyncio.gather(turn("a"), turn("b"), turn("c"))
    assert log == ["a in", "a out", "b in", "b out", "c in", "c out"]
    assert len(locks) == 0


async def test_other_conversations_do_not_wait() -> None:
    locks = ConversationLocks()
    async with locks.hold("c1"):
        await asyncio.wait_for(_enter_and_leave(locks, "c2"), timeout=1)
        assert len(locks) == 1


async def _enter_and_leave(locks: ConversationLocks, key: str) -> None:
    async with locks.hold(key):
        pass


async def test_a_waiter_cancelled_while_waiting_leaves_the_queue() -> None:
    locks = ConversationLocks()
    entered: list[str] = []

    async def waiter(name: str) -> None:
        async with locks.hold("c1"):
            entered.append(name)

    async with locks.hold("c1"):
        cancelled = asyncio.create_task(waiter("cancelled"))
        kept = asyncio.create_task(waiter("kept"))
        await asyncio.sleep(0)
        cancelled.cancel()
        with pytest.raises(asyncio.CancelledError):
            await cancelled
    await asyncio.wait_for(kept, timeout=1)
    assert entered == ["kept"]
    assert len(locks) == 0


async def test_a_waiter_cancelled_after_the_hand_over_passes_the_lock_on() -> None:
    locks = ConversationLocks()
    entered: list[str] = []

    async def waiter(name: str) -> None:
        async with locks.hold("c1"):
            entered.append(name)

    first = asyncio.create_task(waiter("first"))
    second = asyncio.create_task(waiter("second"))
    async with locks.hold("c1"):
        await asyncio.sleep(0)  # both wait now
    first.cancel()  # the lock was handed to it, but it has not run yet
    with pytest.raises(asyncio.CancelledError):
        await first
    await asyncio.wait_for(second, timeout=1)
    assert entered == ["second"]
    assert len(locks) == 0


async def test_an_error_inside_releases_the_lock() -> None:
    locks = ConversationLocks()
    with pytest.raises(RuntimeError):
        async with locks.hold("c1"):
            raise RuntimeError("boom")
    assert len(locks) == 0
    await asyncio.wait_for(_enter_and_leave(locks, "c1"), timeout=1)
