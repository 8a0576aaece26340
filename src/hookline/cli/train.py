"""``hookline train``: add question -> SQL pairs for the database the agent answers about.

Each pair's SQL is run first, read-only, on that database: a pair whose SQL fails or is
refused is not added. Pairs go to ``examples.jsonl`` in the data directory; the default
agent shows the ones most like each question to the model (``SqlPlannerMiddleware``).
``--from FILE`` takes the JSON Lines that ``hookline logs export`` writes (the questions
the agent answered, with their SQL).
"""

from __future__ import annotations

import json
from pathlib import Path

from hookline.cli.wiring import EXAMPLES_FILE
from hookline.sql import create_sql_runner, default_data_dir, ensure_sample_database
from hookline.sql.examples import SqlExample, SqlExamples
from hookline.sql.guard import SqlNotAllowedError
from hookline.sql.runner import SqlExecutionError
from hookline.tools.builtin.sql import run_query

__all__ = ["read_pairs", "train"]


def read_pairs(path: Path) -> list[SqlExample]:
    """The pairs of a JSON Lines file of ``{"question": ..., "sql": ...}`` objects."""
    pairs = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            pairs.append(SqlExample(str(record["question"]), str(record["sql"])))
        except (ValueError, KeyError, TypeError) as error:
            raise ValueError(f"{path}, line {number}: not a question/sql pair ({error})") from None
    return pairs


async def train(pairs: list[SqlExample], db: str | None) -> tuple[int, list[str]]:
    """Add the pairs whose SQL runs; (how many were added, why the others were not)."""
    folder = default_data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    url = db if db is not None else ensure_sample_database(folder / "sample.sqlite3")
    runner = create_sql_runner(url)
    examples = SqlExamples.load(folder / EXAMPLES_FILE)
    refused: list[str] = []
    try:
        for pair in pairs:
            try:
                await run_query(runner, pair.sql, max_rows=1)
            except (SqlNotAllowedError, SqlExecutionError) as error:
                refused.append(f"{pair.question!r}: {error}")
                continue
            examples.add(pair.question, pair.sql)
    finally:
        await runner.close()
    return len(pairs) - len(refused), refused
