"""Optional backends stay optional: importing hookline loads none of their libraries."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import hookline
import hookline.memory
import hookline.storage
import hookline.tools.builtin

SRC = str(Path(hookline.__file__).resolve().parents[1])


def test_import_hookline_loads_no_optional_backend() -> None:
    code = (
        "import sys, hookline, hookline.storage, hookline.memory, hookline.tools.builtin\n"
        "import hookline.durable, hookline.server, hookline.workflows\n"
        "print(sorted(m for m in ('asyncpg', 'redis', 'numpy', 'dbos') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": SRC},
    )
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    "package", [hookline.storage, hookline.memory, hookline.tools.builtin], ids=lambda p: p.__name__
)
def test_every_exported_name_resolves_and_all_is_sorted(package: object) -> None:
    names = list(getattr(package, "__all__"))  # noqa: B009

    assert names == sorted(names)
    for name in names:
        assert getattr(package, name) is not None, name
