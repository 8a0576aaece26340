"""Importing the built-in tools loads no optional dependency; the package exports what it says."""

from __future__ import annotations

import subprocess
import sys

import hookline.tools.builtin as builtin


def test_optional_dependencies_are_imported_lazily() -> None:
    code = (
        "import sys, hookline.tools.builtin; "
        "print(sorted(m for m in ('duckdb', 'asyncpg', 'mcp', 'altair', 'jsonschema') "
        "if m in sys.modules))"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert output.strip() == "[]"


def test_all_is_sorted_and_importable() -> None:
    assert builtin.__all__ == sorted(builtin.__all__)
    for name in builtin.__all__:
        assert getattr(builtin, name) is not None
