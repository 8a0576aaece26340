"""Every runnable example in docs/persistence.md runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "persistence.md"
_BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)


def _examples() -> list[str]:
    """The python blocks that are whole programs (they start with an import)."""
    blocks = _BLOCK.findall(DOC.read_text(encoding="utf-8"))
    return [b for b in blocks if b.startswith(("import ", "from "))]


def test_the_doc_has_runnable_examples() -> None:
    assert len(_examples()) >= 4


@pytest.mark.parametrize("source", _examples(), ids=lambda s: s.splitlines()[-1][:40])
def test_example_runs(source: str) -> None:
    exec(compile(source, str(DOC), "exec"), {"__name__": "__docs__"})
