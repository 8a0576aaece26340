"""Question -> SQL examples: BM25 finds the pairs most like a question; pairs persist; the
pairs shipped for the sample database run there and none is an eval question."""

from __future__ import annotations

import sqlite3
import subprocess
from pathlib import Path

import pytest

from hookline.sql import ensure_sample_database
from hookline.sql.examples import SqlExamples, examples_prompt
from tests.test_sample_db_eval import EVAL


def test_the_most_similar_pairs_come_first() -> None:
    examples = SqlExamples()
    examples.add("How many orders were shipped?", "SELECT 1")
    examples.add("List the customers from Canada.", "SELECT 2")
    examples.add("What is the total revenue per year?", "SELECT 3")

    found = examples.similar("Which customers live in Canada?", k=2)

    assert [pair.sql for pair in found] == ["SELECT 2"]  # no shared word: not returned
    assert examples.similar("revenue per month", k=1)[0].sql == "SELECT 3"
    assert examples.similar("xyzzy") == []


def test_pairs_are_kept_in_their_file(tmp_path: Path) -> None:
    path = tmp_path / "examples.jsonl"
    SqlExamples.load(path).add(" How many products? ", "SELECT COUNT(*) FROM products ")

    again = SqlExamples.load(path)

    assert [(p.question, p.sql) for p in again.pairs] == [
        ("How many products?", "SELECT COUNT(*) FROM products")
    ]
    assert examples_prompt(again.pairs) == (
        "Examples of questions and the SQL that answers them:\n"
        "Q: How many products?\nSQL: SELECT COUNT(*) FROM products"
    )


def test_the_shipped_pairs_run_on_the_sample_and_are_not_eval_questions(tmp_path: Path) -> None:
    shipped = SqlExamples.sample().pairs
    eval_questions = {q.text.lower() for q in EVAL.QUESTIONS}
    connection = sqlite3.connect(ensure_sample_database(tmp_path / "sample.sqlite3"))

    assert len(shipped) >= 10
    for pair in shipped:
        assert pair.question.lower() not in eval_questions, pair.question
        connection.execute(pair.sql).fetchall()  # raises if the SQL does not run


def test_the_shipped_pairs_are_not_git_ignored() -> None:
    """A clean clone must hold the file: ``*.jsonl`` is ignored elsewhere in the repository."""
    root = Path(__file__).resolve().parents[2]
    if not (root / ".git").exists():
        pytest.skip("not a git checkout (an installed copy): nothing to check")
    shipped = root / "src" / "hookline" / "sql" / "data" / "sample_examples.jsonl"

    ignored = subprocess.run(
        ["git", "check-ignore", "--quiet", str(shipped)], cwd=root, check=False
    )

    assert ignored.returncode == 1, f"{shipped} is git-ignored: a clean clone would lack it"
