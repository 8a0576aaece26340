"""Run one huge query through ``run_sql`` and print the process's peak RSS (MiB) as JSON.

Run in a fresh interpreter by test_sql_memory.py:
``python tests/security/sql_memory_probe.py CASE [DSN_OR_PATH]``.
"""

from __future__ import annotations

import asyncio
import json
import resource
import sys
from pathlib import Path
from typing import Any

from hookline.sql import PostgresRunner, SqliteRunner, SqlRunner
from hookline.tools.builtin import RunSqlArgs, RunSqlTool
from hookline.tools.context import ToolContext
from hookline.users import User

WIDE_TEXT = "SELECT {} FROM generate_series(1, 100) AS g".format(
    ", ".join(f"repeat('x', 70000) AS c{i}" for i in range(60))
)
CASES: dict[str, str] = {
    "postgres-wide-text": WIDE_TEXT,
    "postgres-8m-array": "SELECT array_agg(g) AS a FROM generate_series(1, 8000000) AS g",
    "sqlite-4mb-rows": (
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) "
        "SELECT i, printf('%.*c', 4000000, 'x') AS big FROM n"
    ),
    "sqlite-wide-text": (
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) "
        "SELECT {} FROM n".format(
            ", ".join(f"printf('%.*c', 70000, 'x') AS c{i}" for i in range(60))
        )
    ),
}


def peak_mib() -> float:
    """This process's peak RSS: VmHWM (ru_maxrss would count the parent's, forked)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def runner_for(case: str, target: str) -> SqlRunner:
    if case.startswith("postgres"):
        return PostgresRunner(target)
    return SqliteRunner(target)


async def main(case: str, target: str) -> dict[str, Any]:
    runner = runner_for(case, target)
    context = ToolContext(user=User(id="probe"), conversation_id="c", request_id="r")
    try:
        result = await RunSqlTool(runner, timeout_s=120).execute(
            context, RunSqlArgs(sql=CASES[case])
        )
    finally:
        await runner.close()
    return {
        "peak_mib": peak_mib(),
        "success": result.success,
        "row_count": result.metadata.get("row_count"),
        "limit_notes": result.metadata.get("limit_notes"),
        "text": result.result_for_llm[:300],
    }


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(sys.argv[1], sys.argv[2]))))
