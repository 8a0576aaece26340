"""Issue 31: the caps cut what was kept, not what was fetched: 100 rows of 60 x 70 KB took
the process to ~450 MB, a PostgreSQL 8M-element array to ~800 MB, SQLite 100 rows x 4 MB
to ~440 MB.  Each case runs through ``run_sql`` in a fresh interpreter, whose peak RSS
must stay at or under 300 MB; the result still says what was cut."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from hookline.sql import ensure_sample_database
from tests.security.sql_support import POSTGRES_DSN, dsn_for, reader_role

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("sql_memory_probe.py")
PEAK_MIB = 300


def probe(case: str, target: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}"}
    done = subprocess.run(
        [sys.executable, str(PROBE), case, target],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


@pytest.fixture
async def reader_dsn() -> AsyncIterator[str]:
    asyncpg = pytest.importorskip("asyncpg", reason="the postgres-sql extra is not installed")
    try:
        admin = await asyncpg.connect(POSTGRES_DSN, timeout=5)
    except (OSError, asyncpg.PostgresError) as exc:
        pytest.skip(f"PostgreSQL is not reachable at {POSTGRES_DSN}: {exc}")
    try:
        async with reader_role(admin) as role:
            yield dsn_for(role)
    finally:
        await admin.close()


async def test_postgres_100_rows_of_60_wide_text_cells(reader_dsn: str) -> None:
    result = probe("postgres-wide-text", reader_dsn)
    assert result["peak_mib"] <= PEAK_MIB, result
    assert result["success"] is True
    assert result["row_count"] == 1  # 60 x 64 KiB fill the 4 MiB result
    assert result["limit_notes"] == [
        "the result was truncated after 1 rows at the size limit of 4194304 bytes",
        "60 value(s) longer than 65536 bytes were cut (they end with …)",
    ]


async def test_postgres_an_8_million_element_array(reader_dsn: str) -> None:
    result = probe("postgres-8m-array", reader_dsn)
    assert result["peak_mib"] <= PEAK_MIB, result
    assert result["success"] is True
    assert result["limit_notes"] == [
        "1 value(s) longer than 65536 bytes were cut (they end with …)"
    ]
    assert result["text"].startswith("a\n{1,2,3,4,5,")


@pytest.mark.parametrize("case", ["sqlite-4mb-rows", "sqlite-wide-text"])
def test_sqlite_rows_of_4_mb_and_wide_rows(tmp_path: Path, case: str) -> None:
    database = ensure_sample_database(tmp_path / "sample.sqlite3")
    result = probe(case, str(database))
    assert result["peak_mib"] <= PEAK_MIB, result
    assert result["success"] is True
    assert result["limit_notes"][0].startswith("the result was truncated after")
    assert result["limit_notes"][1].endswith("bytes were cut (they end with …)")
