"""docs/architecture.md lists every speed trick: each module that uses one is named there.

A trick here is a call the pipeline makes only to skip work: asking the registry before
building an event (``has_handlers``), before composing a chain (``has_wrappers``), whether
anything is registered at all (``is_empty``), or building an object without ``__init__``
(``__new__``).  A module that starts using one must get a row (or a mention in a row) of
the table "Where speed is bought, and the benchmark that pays for it".
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import hookline

SRC = Path(hookline.__file__).resolve().parent
ARCHITECTURE = Path(__file__).resolve().parents[1] / "docs" / "architecture.md"
TRICKS = frozenset({"has_handlers", "has_wrappers", "is_empty", "__new__"})
DEFINED_HERE = {"hooks/registry.py"}  # the registry defines the tricks; it has its own rows


def speed_section(page: Path = ARCHITECTURE) -> str:
    text = page.read_text()
    start = text.index("## Where speed is bought")
    return text[start : text.index("\n## ", start + 1)]


def modules_using_tricks(root: Path = SRC) -> dict[str, set[str]]:
    """``{"agent/turn.py": {"has_handlers", ...}}``: the tricks each module calls."""
    found: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            call = node.func if isinstance(node, ast.Call) else None
            if isinstance(call, ast.Attribute) and call.attr in TRICKS:
                found.setdefault(path.relative_to(root).as_posix(), set()).add(call.attr)
    return found


def named_in(section: str, module: str) -> bool:
    """``agent/saving.py`` is named by its path, or by its stem inside a row's list."""
    stem = Path(module).stem
    return module in section or re.search(rf"[(,` ]{re.escape(stem)}[),` ]", section) is not None


def test_every_module_with_a_speed_trick_is_in_the_table() -> None:
    section = speed_section()
    missing = {
        module: sorted(tricks)
        for module, tricks in modules_using_tricks().items()
        if module not in DEFINED_HERE and not named_in(section, module)
    }
    assert not missing, f"add these to docs/architecture.md's speed table: {missing}"


def test_the_check_sees_each_trick(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("def f(hooks):\n    return hooks.has_handlers(int)\n")
    (tmp_path / "b.py").write_text("def g(cls):\n    return object.__new__(cls)\n")
    (tmp_path / "c.py").write_text("def h(hooks):\n    return hooks.emit(1)\n")
    assert modules_using_tricks(tmp_path) == {"a.py": {"has_handlers"}, "b.py": {"__new__"}}
    assert named_in("| `x` | `agent/` (turn, saving) |", "agent/saving.py")
    assert not named_in("| `x` | `agent/` (turn, saving) |", "agent/pending.py")
