"""The ```python examples of docs/tools.md run as written (```py blocks are illustrations)."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "tools.md"
BLOCKS = re.findall(r"^```python\n(.*?)^```", DOC.read_text(encoding="utf-8"), re.M | re.S)


@pytest.mark.parametrize("source", BLOCKS, ids=[f"block-{i}" for i in range(len(BLOCKS))])
async def test_example_runs(source: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOOKLINE_DATA_DIR", str(tmp_path))
    code = compile(source, str(DOC), "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    namespace: dict[str, Any] = {}
    result = eval(code, namespace)
    if result is not None:
        await result


def test_the_page_has_examples() -> None:
    assert len(BLOCKS) >= 3
