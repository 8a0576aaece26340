"""``/help``'s example questions on the sample database are questions of the first-run
eval, and each is answered correctly through the main job on the embedded local model."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql import SAMPLE_QUESTIONS, ensure_sample_database
from tests.cli.test_chat import run
from tests.test_sample_db_eval import EVAL

BY_TEXT = {question.text: question for question in EVAL.QUESTIONS}


def test_help_lists_the_sample_examples(tmp_path: Path) -> None:
    result = run(tmp_path, ["chat", "--message", "/help"])

    assert result.exit_code == 0, result.output
    for question in SAMPLE_QUESTIONS:
        assert question in result.output
        assert question in BY_TEXT  # an eval question: its gold answer is known


@pytest.mark.slow
@pytest.mark.parametrize("question", SAMPLE_QUESTIONS)
def test_every_help_example_is_answered_correctly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, question: str
) -> None:
    monkeypatch.delenv("HOOKLINE_MODEL", raising=False)  # the embedded default

    output = EVAL.ask(question, tmp_path / "data")

    gold = EVAL.gold_values(ensure_sample_database(tmp_path / "gold.sqlite3"), BY_TEXT[question])
    assert all(EVAL.shows(output, value) for value in gold), (output, gold)
