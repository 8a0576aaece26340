"""Every module of hookline.sql imports on its own, first: an import cycle that only the
package's own import order hides (a check module importing one that imports it back)
breaks a user's ``from hookline.sql.doubts import DOUBTS``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import hookline.sql

_FIRST_IMPORTS = """
import importlib, sys
failed = []
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m.startswith("hookline")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except ImportError as error:
        failed.append(f"{name}: {error}")
print("\\n".join(failed))
"""


@pytest.mark.slow
def test_each_sql_module_imports_first() -> None:
    folder = Path(hookline.sql.__file__).parent
    names = sorted(f"hookline.sql.{p.stem}" for p in folder.glob("*.py") if p.stem != "__init__")
    done = subprocess.run(
        [sys.executable, "-c", _FIRST_IMPORTS, *names], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "", done.stdout
