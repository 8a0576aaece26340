"""Finding 4: the SQL guard parsed on the event loop (a 90 KB query stalled it ~1 s) and
deeply nested SQL raised RecursionError (a 500)."""

from __future__ import annotations

import asyncio
import gc
import time
from pathlib import Path

import pytest

from hookline.sql import SqliteRunner, ensure_sample_database
from hookline.tools.builtin import RunSqlArgs, RunSqlTool
from tests.security.sql_support import tool_context

WIDE = "SELECT {} FROM orders".format(
    ", ".join(f"sum(CASE WHEN status = 'state{i}' THEN 1 ELSE 0 END) AS c{i}" for i in range(1500))
)


@pytest.fixture(scope="module")
def sample_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return ensure_sample_database(tmp_path_factory.mktemp("sec-guard") / "sample.sqlite3")


class Ticker:
    """Counts the largest gap between ticks of a task that wants to run every 5 ms."""

    def __init__(self) -> None:
        self.gaps: list[float] = []
        self.stop = asyncio.Event()

    async def run(self) -> None:
        last = time.perf_counter()
        while not self.stop.is_set():
            await asyncio.sleep(0.005)
            now = time.perf_counter()
            self.gaps.append(now - last)
            last = now


async def test_a_90_kb_query_is_checked_without_stalling_the_loop(sample_db: Path) -> None:
    assert 90_000 <= len(WIDE) < 100_000
    tool = RunSqlTool(SqliteRunner(sample_db), max_sql_chars=100_000)
    ticker = Ticker()
    ticking = asyncio.create_task(ticker.run())
    await asyncio.sleep(0.02)
    gc.disable()  # a collection of the parse tree pauses every thread (0.48 s once, loaded)
    try:
        started = time.perf_counter()
        result = await tool.execute(tool_context(), RunSqlArgs(sql=WIDE))
        elapsed = time.perf_counter() - started
    finally:
        gc.enable()
    ticker.stop.set()
    await ticking
    assert result.success, result.result_for_llm
    assert result.metadata["columns"][:2] == ["c0", "c1"]
    assert elapsed > 0.1  # the check and the query took real time (20 ticks; ~0.3 s here)...
    # ...and the loop kept ticking all along
    # (on the loop, the parse was one gap as long as the whole call)
    assert max(ticker.gaps) < elapsed / 2
    assert len(ticker.gaps) >= 10


async def test_sql_over_the_size_limit_is_refused_before_parsing(sample_db: Path) -> None:
    tool = RunSqlTool(SqliteRunner(sample_db))  # default: at most 50,000 characters
    started = time.perf_counter()
    result = await tool.execute(tool_context(), RunSqlArgs(sql=WIDE))
    assert time.perf_counter() - started < 0.1
    assert result.success is False
    assert result.metadata["refused"] is True
    assert result.result_for_llm == (
        f"Refused: the SQL is {len(WIDE)} characters long; this tool checks at most 50000. "
        "Send a shorter query."
    )


@pytest.mark.parametrize(
    "sql",
    [
        pytest.param("SELECT " + "(" * 5000 + "1" + ")" * 5000, id="parentheses"),
        pytest.param(
            "SELECT * FROM " + "(SELECT * FROM " * 300 + "orders" + ") t" * 300, id="subqueries"
        ),
        pytest.param("SELECT " + "NOT " * 3000 + "1", id="not-chain"),
        pytest.param("SELECT " + "CASE WHEN 1 THEN " * 500 + "1" + " END" * 500, id="case-chain"),
    ],
)
async def test_deeply_nested_sql_is_a_clear_refusal(sample_db: Path, sql: str) -> None:
    result = await RunSqlTool(SqliteRunner(sample_db)).execute(tool_context(), RunSqlArgs(sql=sql))
    assert result.success is False
    assert result.metadata["refused"] is True
    assert result.result_for_llm == (
        "Refused: the query is nested too deeply to be verified as read-only. "
        "Flatten it (fewer nested parentheses, subqueries or expressions)."
    )
