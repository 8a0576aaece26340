"""Releasing a registry made for one use: its taps go, and the targets forget it."""

from __future__ import annotations

from hookline.hooks.registry import HookRegistry
from tests.hooks.test_registry import AfterPing, Ping, appender


async def test_release_drops_the_taps_of_a_copy_and_the_targets_forget_it() -> None:
    parent, own = HookRegistry(), HookRegistry()
    parent.on(Ping, appender("parent"))
    own.on(AfterPing, appender("own"))
    agent_hooks = HookRegistry()
    agent_hooks.propagate_to(own)  # the agent's registry taps in already
    child = agent_hooks.copy()
    child.propagate_to(parent)
    assert (parent.source_count(), own.source_count()) == (1, 2)
    assert (await child.emit(Ping())).seen == ["parent"]

    child.release()

    assert (parent.source_count(), own.source_count()) == (0, 1)  # the original keeps its tap
    assert not child.has_handlers(Ping) and not child.has_handlers(AfterPing)
    assert (await child.emit(Ping())).seen == []
    assert (await agent_hooks.emit(AfterPing())).seen == ["own"]
    child.release()  # twice: nothing more to do
    assert parent.source_count() == 0


async def test_removing_one_of_two_taps_to_a_target_keeps_the_other_counted() -> None:
    parent, child = HookRegistry(), HookRegistry()
    parent.on(Ping, appender("parent"))
    first = child.propagate_to(parent, only=[Ping])
    second = child.propagate_to(parent, only=[Ping])
    assert parent.source_count() == 2
    first.remove()
    assert parent.source_count() == 1 and child.has_handlers(Ping)
    second.remove()
    second.remove()  # removing twice does nothing
    assert parent.source_count() == 0 and not child.has_handlers(Ping)
    tap = child.propagate_to(parent)
    child.release()
    tap.remove()  # after a release: nothing left to undo
    assert parent.source_count() == 0
