"""Thousands of turns with injected faults, then the invariants, on every store.

The default run is short and time-bounded; the full run (``-m slow``) does
``HOOKLINE_CHAOS_TURNS`` turns (default 12,000) split over the three stores.
Re-run a failure with ``HOOKLINE_CHAOS_SEED=<the printed seed>``.
"""

from __future__ import annotations

import os
import time

import pytest

from tests.chaos.conftest import BACKENDS, StoreFactory
from tests.chaos.harness import ChaosRun, chaos_seed, final_turn_violations

SHORT_TURNS_PER_STORE = 500
SHORT_DEADLINE_S = 15.0


async def _chaos(
    store_factory: StoreFactory, *, turns: int, conversations: int, deadline_s: float | None
) -> None:
    seed = chaos_seed()
    print(f"chaos seed {seed} (re-run with HOOKLINE_CHAOS_SEED={seed})")
    store = store_factory()
    run = ChaosRun(
        store, seed=seed, turns=turns, conversations=conversations, deadline_s=deadline_s
    )
    started = time.perf_counter()
    tally = await run.run()
    elapsed = time.perf_counter() - started
    print(f"{tally.counts['turns']} turns in {elapsed:.1f} s; {dict(tally.counts)}")
    print(f"model: {dict(run.model.counts)}")
    assert run.model.violations == [], f"seed {seed}: the model received invalid requests"
    reader = store_factory()  # a fresh connection: read what is really stored
    assert await run.verify(reader) == [], f"seed {seed}"
    assert await final_turn_violations(store, reader, run.conversation_ids) == [], f"seed {seed}"
    _assert_exercised(tally.counts, run.model.counts, seed)


def _assert_exercised(counts: dict[str, int], model: dict[str, int], seed: int) -> None:
    """The run was not vacuous: every kind of fault happened."""
    for key in (
        "approvals",
        "edits",
        "rejections",
        "disconnects",
        "timeouts that fired",
        "resumes",
    ):
        assert counts.get(key, 0) > 0, f"seed {seed}: no {key}"
    for key in ("model transient errors", "model errors", "tool calls"):
        assert model.get(key, 0) > 0, f"seed {seed}: no {key}"


@pytest.mark.parametrize("store_factory", BACKENDS, indirect=True)
async def test_short_chaos_run_keeps_every_invariant(store_factory: StoreFactory) -> None:
    await _chaos(
        store_factory, turns=SHORT_TURNS_PER_STORE, conversations=20, deadline_s=SHORT_DEADLINE_S
    )


@pytest.mark.slow
@pytest.mark.parametrize("store_factory", BACKENDS, indirect=True)
async def test_full_chaos_run_keeps_every_invariant(store_factory: StoreFactory) -> None:
    total = int(os.environ.get("HOOKLINE_CHAOS_TURNS", "12000"))
    per_store = -(-total // len(BACKENDS))
    await _chaos(
        store_factory, turns=per_store, conversations=max(20, per_store // 160), deadline_s=None
    )
