"""The own-database eval: the data agent on public databases nobody here wrote, and a hard
set on the sample database — right, or honestly unsure, never confidently wrong.

    python benchmarks/own_db_eval.py --db nycflights13             # every question
    python benchmarks/own_db_eval.py --db lahman --subset 12       # 12, spread evenly
    python benchmarks/own_db_eval.py --db sample                   # the sample's hard set
    python benchmarks/own_db_eval.py --db chinook                  # the held-out database
    python benchmarks/own_db_eval.py --db northwind                # the second held-out one
    python benchmarks/own_db_eval.py --db tpch                     # the third held-out one
    python benchmarks/own_db_eval.py --db tpcds                    # the fourth held-out one
    python benchmarks/own_db_eval.py --db world                    # the fifth held-out one
    python benchmarks/own_db_eval.py --db jaffle                   # the sixth held-out one
    python benchmarks/own_db_eval.py --db lahman --subset 12 --max-wrong 0.03   # CI

The agent is the one ``hookline chat --db FILE`` runs (``build_agent``), on whatever model
``HOOKLINE_MODEL`` names (default: the embedded local model), loaded once; each question
is a new conversation in a fresh data directory.  The database's documentation
(``benchmarks/own_db/<db>.md``, what a user gives ``hookline train --doc``) goes to the
planner through the data directory's training store, as ``hookline train --doc`` keeps it,
and the planner's abstentions are its answers.  Each answer is graded:

- **correct**: every gold value appears in what the terminal showed (the tool line with
  the SQL left out): an integer exactly, a decimal within 0.5 %, a name case-insensitively;
- **declined**: the answer says it could not answer / does not know;
- **wrong**: anything else (a confident answer that is not the gold, or any answer at all
  to a question that must be declined).

Prints a line per question, then correct / wrong / declined per kind, the median seconds
per question and the wrong-answer rate.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # this checkout's hookline, installed or not
sys.path.insert(0, str(ROOT / "benchmarks"))

from own_db.build import ensure_database  # noqa: E402
from own_db.questions import QUESTIONS, Question  # noqa: E402
from rich.console import Console  # noqa: E402
from sample_db_eval import shows  # noqa: E402

from hookline.cli.chat import run_turn  # noqa: E402
from hookline.cli.wiring import build_agent  # noqa: E402
from hookline.sql import ensure_sample_database  # noqa: E402
from hookline.sql.training import TrainingStore  # noqa: E402
from hookline.storage.models import new_conversation_id  # noqa: E402

Outcome = tuple[str, str, float]
"""(kind, verdict, seconds) of one question."""
DECLINED = re.compile(
    r"\b(I could not answer|I cannot answer|I can't answer|I don't know|I do not know|"
    r"I could not read|not understood|I only understand English|I only read English)",
    re.IGNORECASE,
)


def database(name: str, folder: Path) -> Path:
    """The SQLite file of ``name`` (the sample: a fresh copy in ``folder``)."""
    if name == "sample":
        return ensure_sample_database(folder / "sample.sqlite3")
    return ensure_database(name.removesuffix("-held-out"))


def gold_values(path: Path, question: Question) -> list[object]:
    """What the answer must show: the first row's values, or the first column's."""
    assert question.gold_sql is not None
    with sqlite3.connect(path) as connection:
        rows = connection.execute(question.gold_sql).fetchall()
    return [row[0] for row in rows] if question.column else list(rows[0])


def grade(output: str, gold: list[object] | None) -> str:
    """correct, declined or wrong (see the module doc)."""
    if DECLINED.search(output):
        return "declined"
    if gold is not None and all(shows(output, value) for value in gold):
        return "correct"
    return "wrong"


def spread(questions: list[Question], count: int | None) -> list[Question]:
    """``count`` questions spread evenly over the list (every kind represented)."""
    if not count or count >= len(questions):
        return questions
    step = len(questions) / count
    return [questions[int(i * step)] for i in range(count)]


async def ask(agent: object, question: str) -> str:
    """What ``hookline chat`` showed for one question, the tool lines left out."""
    shown = io.StringIO()  # not a terminal: the plain lines `hookline chat` writes to a pipe
    console = Console(file=shown, width=160, color_system=None)
    await run_turn(agent, console, question, new_conversation_id(), spinner=False)  # type: ignore[arg-type]
    lines = shown.getvalue().splitlines()
    return "\n".join(line for line in lines if not line.lstrip().startswith("⚙"))


async def evaluate(name: str, questions: list[Question], folder: Path) -> list[Outcome]:
    """(kind, verdict, seconds) per question; prints a line each."""
    path = database(name, folder)
    docs = ROOT / "benchmarks" / "own_db" / f"{name.removesuffix('-held-out')}.md"
    db = None if name == "sample" else str(path)
    if db is not None and docs.exists():  # as `hookline train --doc <db>.md` keeps it
        store = TrainingStore.open(folder / "data", db)
        store.add_doc(docs.name, docs.read_text(encoding="utf-8"), schema="")
    wiring = build_agent(db=db, data_dir=folder / "data")
    outcomes: list[Outcome] = []
    for number, question in enumerate(questions, start=1):
        gold = gold_values(path, question) if question.gold_sql else None
        started = time.perf_counter()
        output = await ask(wiring.agent, question.text)
        seconds = time.perf_counter() - started
        verdict = grade(output, gold)
        outcomes.append((question.kind, verdict, seconds))
        shown = " ".join(output.split())[:110]
        print(f"{number:>3} {verdict:<8} {seconds:5.1f} s  {question.text}  (gold: {gold})  "
              f"-> {shown}", flush=True)  # fmt: skip
    await wiring.agent.conversation_store.close()
    return outcomes


def report(outcomes: list[Outcome]) -> None:
    kinds = sorted({kind for kind, _, _ in outcomes})
    for kind in kinds:
        counted = Counter(verdict for k, verdict, _ in outcomes if k == kind)
        total = sum(counted.values())
        print(f"{kind:<13} {total:>3}: correct {counted['correct']:>3}  "
              f"wrong {counted['wrong']:>3}  declined {counted['declined']:>3}")  # fmt: skip
    wrong = sum(verdict == "wrong" for _, verdict, _ in outcomes)
    median = statistics.median(seconds for _, _, seconds in outcomes)
    answerable = [v for k, v, _ in outcomes if k == "answerable"]
    if answerable:
        right = answerable.count("correct") / len(answerable)
        print(f"answerable correct: {right:.0%}")
    load = os.getloadavg()[0]
    print(f"wrong-answer rate: {wrong / len(outcomes):.1%} ({wrong} of {len(outcomes)}); "
          f"median {median:.1f} s per question (load average {load:.1f})")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=sorted(QUESTIONS), required=True)
    parser.add_argument("--subset", type=int, default=None, help="N questions, spread evenly")
    parser.add_argument(
        "--max-wrong", type=float, default=None, help="exit 1 above this wrong-answer rate (CI)"
    )
    args = parser.parse_args()
    questions = spread(QUESTIONS[args.db], args.subset)
    model = os.environ.get("HOOKLINE_MODEL") or "local (embedded SmolLM2-135M)"
    print(f"own-database eval: {args.db}, {len(questions)} questions, model {model}")
    with tempfile.TemporaryDirectory() as tmp:
        outcomes = asyncio.run(evaluate(args.db, questions, Path(tmp)))
    report(outcomes)
    wrong = sum(verdict == "wrong" for _, verdict, _ in outcomes) / len(outcomes)
    if args.max_wrong is not None and wrong > args.max_wrong:
        sys.exit(f"wrong-answer rate {wrong:.1%} is above {args.max_wrong:.1%}")


if __name__ == "__main__":
    main()
