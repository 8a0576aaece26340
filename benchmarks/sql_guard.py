"""What the read-only SQL guard costs per query (issue 31: it must not regress).

``check_read_only`` parses with sqlglot and walks the tree; this times it on the
queries a model writes (the gold SQL of ``sample_db_eval.py`` and the shipped
examples, on SQLite, plus PostgreSQL and DuckDB spellings of the same queries) and on
one wide 20,000-character query.  Median of interleaved batches, microseconds per check.

    python benchmarks/sql_guard.py            # ~20 s
    python benchmarks/sql_guard.py --quick    # smoke run
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from hookline.sql import check_read_only

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sample_db_eval import QUESTIONS

EXAMPLES = Path(__file__).resolve().parents[1] / "src/hookline/sql/data/sample_examples.jsonl"
WIDE = "SELECT {} FROM orders".format(
    ", ".join(f"sum(CASE WHEN status = 'state{i}' THEN 1 ELSE 0 END) AS c{i}" for i in range(330))
)
POSTGRES = [
    "SELECT date_trunc('month', placed) AS m, round(sum(total)::numeric, 2) FROM orders "
    "GROUP BY 1 ORDER BY 1",
    "SELECT c.name, count(*) FILTER (WHERE o.total > 10), string_agg(o.id::text, ',') "
    "FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.name",
    "SELECT payload->>'kind' AS kind, jsonb_array_length(payload->'items') FROM events "
    "WHERE extract(year FROM created_at) = 2024 LIMIT 100",
    "WITH r AS (SELECT id, rank() OVER (PARTITION BY customer_id ORDER BY total DESC) AS k "
    "FROM orders) SELECT * FROM r WHERE k <= 3",
]


def workloads() -> dict[str, list[tuple[str, str]]]:
    examples = [json.loads(line)["sql"] for line in EXAMPLES.read_text().splitlines() if line]
    typical = [(q.gold_sql, "sqlite") for q in QUESTIONS] + [(s, "sqlite") for s in examples]
    duckdb = [s.replace("jsonb_array_length", "json_array_length") for s in POSTGRES]
    typical += [(s, "postgres") for s in POSTGRES] + [(s, "duckdb") for s in duckdb]
    return {"typical query": typical, f"wide query ({len(WIDE)} chars)": [(WIDE, "sqlite")]}


def time_batch(queries: list[tuple[str, str]], repeat: int) -> float:
    """Microseconds per check, over ``repeat`` passes of ``queries``."""
    started = time.perf_counter()
    for _ in range(repeat):
        for sql, dialect in queries:
            check_read_only(sql, dialect=dialect)
    return (time.perf_counter() - started) * 1e6 / (repeat * len(queries))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    batches = 3 if parser.parse_args().quick else 15
    loads = workloads()
    for queries in loads.values():  # warm up: allow-lists, sqlglot's caches
        time_batch(queries, 1)
    times: dict[str, list[float]] = {name: [] for name in loads}
    for _ in range(batches):
        for name, queries in loads.items():
            times[name].append(time_batch(queries, 1 if "wide" in name else 5))
    print("check_read_only, median us per check:")
    for name, values in times.items():
        print(f"  {name:<32} {statistics.median(values):10.0f} us")


if __name__ == "__main__":
    main()
