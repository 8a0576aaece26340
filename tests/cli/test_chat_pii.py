"""``hookline chat --redact-pii``: the terminal never shows an email the model streams, at
any split across 2..30 chunks; the text after it is kept and the stored answer is what
the terminal showed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_chat import run, stored_conversations

ANSWER = "Write to jane.doe@example.com today, thanks."
MASKED = "Write to [EMAIL] today, thanks."


def ask(tmp_path: Path, chunks: int, *flags: str) -> tuple[str, str]:
    """What the terminal showed and what was stored, with the answer in ``chunks`` pieces."""
    folder = tmp_path / f"run{chunks}{''.join(flags)}"
    folder.mkdir()
    path = folder / "script.json"
    path.write_text(json.dumps({"steps": [ANSWER], "chunks": chunks}), encoding="utf-8")
    ask = ["chat", *flags, "-m", "Who do I write to?"]
    result = run(folder, ask, model=f"scripted:{path}", planner="hint")  # the model answers
    assert result.exit_code == 0, result.output
    [messages] = stored_conversations(folder)
    return result.output, str(messages[-1])


def test_without_the_flag_the_answer_is_shown_as_is(tmp_path: Path) -> None:
    shown, stored = ask(tmp_path, 3)
    assert ANSWER in shown and stored == ANSWER


@pytest.mark.parametrize("chunks", [2, 7])
def test_the_email_is_masked_as_it_streams(tmp_path: Path, chunks: int) -> None:
    shown, stored = ask(tmp_path, chunks, "--redact-pii")
    assert "jane.doe" not in shown and "example.com" not in shown
    assert MASKED in shown
    assert stored == MASKED


@pytest.mark.slow
def test_no_split_from_2_to_30_chunks_shows_the_email(tmp_path: Path) -> None:
    for chunks in range(2, 31):
        shown, stored = ask(tmp_path, chunks, "--redact-pii")
        assert "jane.doe" not in shown and "@example" not in shown, chunks
        assert MASKED in shown and stored == MASKED, chunks
