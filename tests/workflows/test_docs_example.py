"""docs/workflows.md shows the shipped example's JSON files exactly."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "workflows" / "content_review"
JSON_BLOCK = re.compile(r"```json\n(.*?)```", re.DOTALL)


def test_the_full_example_in_the_docs_is_the_shipped_example() -> None:
    blocks = [
        json.loads(b) for b in JSON_BLOCK.findall((ROOT / "docs" / "workflows.md").read_text())
    ]
    shown = {
        "workflow.json": next(b for b in blocks if "agents" in b),
        "tools.json": next(b for b in blocks if "lifecycle_tools" in b),
        "context_variables.json": next(b for b in blocks if "topic" in b),
    }
    for name, block in shown.items():
        assert block == json.loads((EXAMPLE / name).read_text(encoding="utf-8")), name
