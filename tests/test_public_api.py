"""The public namespace: everything in __all__ exists, sorted, and nothing is missing.

Every public ``__all__`` (the root and each subpackage) is recorded in
tests/public_api_snapshot.txt, so that adding, moving or removing a public name is an
explicit change.  After an intended change, refresh the snapshot and commit it::

    HOOKLINE_UPDATE_API_SNAPSHOT=1 python -m pytest tests/test_public_api.py
"""

from __future__ import annotations

import ast
import difflib
import importlib
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import hookline

SUBPACKAGES = [
    "hookline.agent",
    "hookline.components",
    "hookline.hooks",
    "hookline.llm",
    "hookline.memory",
    "hookline.middleware",
    "hookline.observability",
    "hookline.sql",
    "hookline.storage",
    "hookline.tools",
    "hookline.users",
    "hookline.workflows",
]


def isort_order(names: list[str]) -> list[str]:
    """CONSTANTS, then Classes, then functions: the order ruff keeps ``__all__`` in."""
    return sorted(names, key=lambda n: (0 if n.isupper() else 1 if n[0].isupper() else 2, n))


def test_all_is_sorted_and_importable() -> None:
    names = hookline.__all__
    assert names == isort_order(names)
    assert len(set(names)) == len(names)
    for name in names:
        assert hasattr(hookline, name), name


def static_imports() -> dict[str, str]:
    """``{name: module}`` of every ``from M import name`` in hookline/__init__.py, the
    ``if TYPE_CHECKING:`` ones included: what a type checker sees."""
    tree = ast.parse(Path(hookline.__file__).read_text(encoding="utf-8"))
    return {
        (alias.asname or alias.name): node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module != "__future__"
        for alias in node.names
        if node.module.startswith("hookline.")
    }


def run_fresh(code: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(Path(hookline.__file__).parents[1])}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    return done.stdout.strip()


def test_all_the_lazy_table_and_the_typed_imports_are_one_list() -> None:
    imports = static_imports()
    public = {*hookline.__all__, *hookline.OPTIONAL_NAMES} - {"__version__"}

    assert public == set(imports) - {"TYPE_CHECKING", "Any", "load", "import_module"}
    for name, module in hookline._LAZY.items():
        assert imports[name] == module, name
    tables = (hookline._EXPORTS, hookline._EXTRA_EXPORTS)
    listed = [name for table in tables for names in table.values() for name in names.split()]
    assert len(listed) == len(set(listed))  # a name is written once, given by one module


def test_from_hookline_import_gives_the_object_of_its_module() -> None:
    names = [name for name in hookline.__all__ if name != "__version__"]
    code = (
        "import importlib, json, hookline\n"
        f"from hookline import {', '.join(names)}\n"
        f"modules = {static_imports()!r}\n"
        f"names = {names!r}\n"
        "print(json.dumps([n for n in names if globals()[n] is not"
        " getattr(importlib.import_module(modules[n]), n) or globals()[n] is not"
        " getattr(hookline, n)]))"
    )
    assert run_fresh(code) == "[]"


def test_subpackages_are_attributes_right_after_import_hookline_and_load_on_first_use() -> None:
    code = (
        "import sys, hookline\n"
        "lazy = ['hookline.middleware', 'hookline.sql', 'hookline.observability',"
        " 'hookline.workflows']\n"
        "print(sorted(m for m in lazy if m in sys.modules))\n"
        "print(hookline.events.BeforeToolCallEvent.__module__)\n"
        "print(hookline.storage.MemoryConversationStore.__module__)\n"
        "print(hookline.middleware.RetryMiddleware.__module__)\n"
        "print(hookline.sql.SqliteRunner.__module__)\n"
        "print(hookline.hooks.HookRegistry.__module__, hookline.tools.tool.__module__)\n"
        "print(sorted(m for m in lazy if m in sys.modules))"
    )
    assert run_fresh(code).splitlines() == [
        "[]",
        "hookline.hooks.events",
        "hookline.storage.memory",
        "hookline.middleware.retry",
        "hookline.sql.sqlite_runner",
        "hookline.hooks.registry hookline.tools.function",
        "['hookline.middleware', 'hookline.sql']",
    ]


def test_dir_lists_the_lazy_names_and_subpackages() -> None:
    listed = dir(hookline)
    assert listed == sorted(listed)
    for name in [*hookline.__all__, *hookline.OPTIONAL_NAMES, *hookline.SUBPACKAGES]:
        assert name in listed, name


def test_an_unknown_attribute_is_an_attribute_error() -> None:
    assert not hasattr(hookline, "no_such_name")
    code = "import hookline\nprint(hasattr(hookline, 'cli'), 'cli' in dir(hookline))"
    assert run_fresh(code) == "False False"  # the command line is not a library subpackage


def test_optional_names_resolve_when_their_extras_are_installed() -> None:
    for name in hookline.OPTIONAL_NAMES:
        assert name not in hookline.__all__, name
        assert getattr(hookline, name) is not None, name


def test_star_import_needs_no_extra() -> None:
    code = (
        "import sys\n"
        "from hookline import *\n"
        "heavy = {'openai', 'anthropic', 'fastapi', 'asyncpg', 'redis', 'opentelemetry',"
        " 'prometheus_client', 'mcp', 'xllamacpp'}\n"
        "print(sorted(heavy & set(sys.modules)))"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(hookline.__file__).parents[1])}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert done.stdout.strip() == "[]"


def test_subpackage_exports_are_sorted_and_exist() -> None:
    for package_name in SUBPACKAGES:
        package = importlib.import_module(package_name)
        exported = package.__all__
        assert list(exported) == isort_order(list(exported)), package_name
        for name in exported:
            assert hasattr(package, name), f"{package_name}.{name}"


def test_events_module_is_the_catalogue() -> None:
    events = importlib.import_module("hookline.events")
    from hookline.hooks.events import ALL_EVENT_TYPES

    for event_type in ALL_EVENT_TYPES:
        assert getattr(events, event_type.__name__) is event_type
        assert event_type.__name__ in events.__all__
        assert event_type.__name__ not in hookline.__all__  # events come from hookline.events


def test_the_root_namespace_is_at_most_100_names() -> None:
    assert len(hookline.__all__) <= 100
    assert len(hookline.__all__) + len(hookline.OPTIONAL_NAMES) <= 100


def test_every_root_name_is_also_exported_by_its_subpackage() -> None:
    for name, module in hookline._LAZY.items():
        assert name in importlib.import_module(module).__all__, f"{module}.{name}"


SNAPSHOT = Path(__file__).with_name("public_api_snapshot.txt")


def public_modules() -> list[str]:
    """``hookline``, every public subpackage and every public top-level module."""
    found = pkgutil.walk_packages(hookline.__path__, "hookline.")
    public = [
        info.name
        for info in found
        if not any(part.startswith("_") for part in info.name.split("."))
        and (info.ispkg or info.name.count(".") == 1)
    ]
    return ["hookline", *sorted(public)]


def api_snapshot() -> str:
    """One ``[module]`` section per public module, its ``__all__`` one name a line."""
    sections = []
    for name in public_modules():
        module = importlib.import_module(name)
        exported = list(getattr(module, "__all__", []))
        if name == "hookline":
            exported += [f"{optional}  (optional extra)" for optional in hookline.OPTIONAL_NAMES]
        sections.append("\n".join([f"[{name}]", *exported]))
    return "\n\n".join(sections) + "\n"


def test_every_public_all_matches_the_committed_snapshot() -> None:
    current = api_snapshot()
    if os.environ.get("HOOKLINE_UPDATE_API_SNAPSHOT") == "1":
        SNAPSHOT.write_text(current, encoding="utf-8")
    recorded = SNAPSHOT.read_text(encoding="utf-8")
    diff = difflib.unified_diff(
        recorded.splitlines(), current.splitlines(), "snapshot", "now", lineterm=""
    )
    assert current == recorded, (
        "the public API changed (+ added, - removed); if intended, refresh the snapshot with\n"
        "  HOOKLINE_UPDATE_API_SNAPSHOT=1 python -m pytest tests/test_public_api.py\n"
        "and commit tests/public_api_snapshot.txt:\n" + "\n".join(diff)
    )


LAZY_MODULES = (  # what `import hookline` leaves to first use: the Agent does not need them
    "aiosqlite",
    "sqlite3",
    "importlib.metadata",
    "hookline.storage.cache",
    "hookline.storage.counters",
    "hookline.storage.migrations",
    "hookline.storage.sqlite",
    "hookline.memory.models",
    "hookline.memory.sqlite",
    "hookline.observability",
    "hookline.extensions.query_logging",
    "hookline.llm.pricing",
)


def test_import_hookline_loads_only_what_the_agent_needs() -> None:
    code = (
        "import sys, hookline\n"
        f"print(sorted(m for m in {LAZY_MODULES!r} if m in sys.modules))\n"
        "values = [hookline.SqliteConversationStore, hookline.SqliteAgentMemory,"
        " hookline.memory.TextMemory, hookline.observability.genai_span,"
        " hookline.extensions.QueryLoggingHook]\n"
        "print([value.__module__ for value in values])\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(hookline.__file__).parents[1])}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    loaded, modules = done.stdout.splitlines()
    assert loaded == "[]"
    assert modules == str(
        [
            "hookline.storage.sqlite",
            "hookline.memory.sqlite",
            "hookline.memory.models",
            "hookline.observability.genai",
            "hookline.extensions.query_logging",
        ]
    )
