"""The first-run eval (benchmarks/sample_db_eval.py): enough questions of every kind, gold
answers that the sample database gives, grading that tells a right answer from a wrong one,
and a real question through the main job on a scripted model."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from hookline.sql import ensure_sample_database

ROOT = Path(__file__).resolve().parents[1]


def load_eval() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "sample_db_eval", ROOT / "benchmarks/sample_db_eval.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


EVAL = load_eval()


def test_at_least_40_distinct_questions_with_gold_answers(tmp_path: Path) -> None:
    database = ensure_sample_database(tmp_path / "sample.sqlite3")
    texts = [q.text for q in EVAL.QUESTIONS]
    assert len(texts) >= 40 and len(set(texts)) == len(texts)
    for question in EVAL.QUESTIONS:
        gold = EVAL.gold_values(database, question)
        assert gold and None not in gold, question.text
    top3 = next(q for q in EVAL.QUESTIONS if q.text.startswith("What are the top 3 countries"))
    assert len(EVAL.gold_values(database, top3)) == 3


@pytest.mark.parametrize(
    ("output", "value", "shown"),
    [
        ("There are 400 customers.", 400, True),
        ("There are 4000 customers.", 400, False),
        ("│ 1,234 │", 1234, True),
        ("The total is 123456.78", 123456.78, True),
        ("The total is 123457", 123456.78, True),  # rounded to a whole number
        ("The total is 120000", 123456.78, False),
        ("The best seller is the DELUXE NOVEL.", "Deluxe Novel", True),
        ("The best seller is Classic Novel.", "Deluxe Novel", False),
    ],
)
def test_grading_compares_numbers_as_numbers_and_names_case_insensitively(
    output: str, value: object, shown: bool
) -> None:
    assert EVAL.shows(output, value) is shown


def test_a_question_runs_through_the_main_job(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "script.json"
    steps = [
        {"tool": "run_sql", "arguments": {"sql": "SELECT COUNT(*) AS n FROM customers"}},
        "There are 400 customers.",
    ]
    script.write_text(json.dumps({"steps": steps}), encoding="utf-8")
    monkeypatch.setenv("HOOKLINE_MODEL", f"scripted:{script}")
    monkeypatch.setenv("HOOKLINE_PLANNER", "hint")  # the planner cannot read it: the model

    output = EVAL.ask("Tell me the customer count", tmp_path / "data")

    assert "There are 400 customers." in output
    assert "SELECT COUNT" not in output  # the tool line (the SQL) is not graded
    database = tmp_path / "data" / "sample.sqlite3"
    assert EVAL.shows(output, EVAL.gold_values(database, EVAL.QUESTIONS[0])[0])
