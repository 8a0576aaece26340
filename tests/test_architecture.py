"""No circle of files, and the package layers of docs/architecture.md point down only.

The graph is read from the source with ``ast``, and every import counts: module-level,
function-level (a deferred import is still a dependency) and under ``if TYPE_CHECKING:``
(a type the checker needs is a dependency a reader must follow).  A node is a module
(``hookline.agent.turn``); ``from hookline.tools import base`` names the submodule
``hookline.tools.base``, ``from hookline.tools import Tool`` the package ``hookline.tools``.

Two checks on that graph:

- no strongly connected component of more than one module (a circle of files), except
  the ones in ``KNOWN_CYCLES``, which may only shrink;
- the layers table of docs/architecture.md: a module imports only packages on lower rows
  (its own package excepted); every package has a row.  A row may name a module
  (``hooks.registry``): the module then has that row, the rest of its package the
  package's.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import hookline

SRC = Path(hookline.__file__).resolve().parent
ARCHITECTURE = Path(__file__).resolve().parents[1] / "docs" / "architecture.md"

Graph = dict[str, dict[str, list[str]]]
"""``graph[a][b]``: the imports (``path:line``) that make module ``a`` use module ``b``."""

KNOWN_CYCLES: list[frozenset[str]] = []
"""Circles left on purpose: the test fails on any other, and on one of these that is gone
(delete its entry then), so the list only shrinks."""


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, wherever it is (functions, ``if TYPE_CHECKING:``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(
    statement: ast.Import | ast.ImportFrom, module: str, is_package: bool, known: set[str]
) -> list[str]:
    """The modules a statement uses, relative imports resolved, each the deepest known one."""
    if isinstance(statement, ast.Import):
        names = [alias.name for alias in statement.names]
    else:
        base = statement.module or ""
        if statement.level:
            package = module.split(".") if is_package else module.split(".")[:-1]
            anchor = package[: len(package) - statement.level + 1]
            base = ".".join([*anchor, base] if base else anchor)
        names = [
            f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
            for alias in statement.names
        ]
    found = []
    for name in names:
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name and name != module and name not in found:
            found.append(name)
    return found


def import_graph(root: Path = SRC) -> Graph:
    """Every import between the modules of the package at ``root``."""
    paths = {module_name(path, root): path for path in sorted(root.rglob("*.py"))}
    graph: Graph = {module: {} for module in paths}
    for module, path in paths.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for statement in imports(tree):
            is_package = path.name == "__init__.py"
            for target in imported_modules(statement, module, is_package, set(paths)):
                where = f"{path.relative_to(root.parent)}:{statement.lineno}"
                graph[module].setdefault(target, []).append(where)
    return graph


def cycles(graph: Graph) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = stack[stack.index(node) :]
                    del stack[stack.index(node) :]
                    if len(component) > 1:
                        found.append(frozenset(component))
            elif target not in index:
                index[target] = low[target] = len(index)
                stack.append(target)
                work.append((target, iter(sorted(graph[target]))))
            elif target in stack:
                low[node] = min(low[node], index[target])
    return found


def describe(component: frozenset[str], graph: Graph) -> str:
    """The edges inside one circle, each with the lines that make it."""
    lines = [", ".join(sorted(component))]
    for source in sorted(component):
        for target in sorted(component & graph[source].keys()):
            lines.append(f"  {source} -> {target}: {', '.join(graph[source][target])}")
    return "\n".join(lines)


def package_of(module: str) -> str:
    """``hookline.agent.turn`` -> ``agent``; the root ``hookline`` is its own package."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def layer_of(module: str, rows: dict[str, int]) -> str:
    """The table's entry for a module: ``hooks.registry`` if the table has a row for that
    module, else its package ``hooks``."""
    parts = module.split(".")
    return ".".join(parts[1:3]) if ".".join(parts[1:3]) in rows else package_of(module)


def layers(page: Path = ARCHITECTURE) -> dict[str, int]:
    """The layers table of the page: package -> row, the bottom row 0."""
    text = page.read_text(encoding="utf-8")
    section = text.split("## Packages and their dependencies", 1)[1]
    block = section.split("```", 2)[1]
    rows = [line for line in block.splitlines() if line.strip()]
    return {
        name.strip(): len(rows) - 1 - number
        for number, row in enumerate(rows)
        for name in re.split(r"\s{2,}", row.strip())[0].split(",")
    }


def upward_imports(graph: Graph, rows: dict[str, int]) -> list[str]:
    """Each import of a package on the same row or higher, as ``a -> b: where``."""
    wrong = []
    for source, targets in sorted(graph.items()):
        for target, where in sorted(targets.items()):
            low, high = layer_of(source, rows), layer_of(target, rows)
            if low != high and rows[high] >= rows[low]:
                wrong.append(f"{low} -> {high}: {source} -> {target} ({', '.join(where)})")
    return wrong


def test_no_circle_of_files_but_the_known_ones() -> None:
    graph = import_graph()
    found = cycles(graph)

    new = [describe(component, graph) for component in found if component not in KNOWN_CYCLES]
    gone = [sorted(known) for known in KNOWN_CYCLES if known not in found]
    assert not new, "circle of files:\n" + "\n".join(new)
    assert not gone, f"known circles changed or gone (update KNOWN_CYCLES): {gone}"


def test_every_package_has_a_row_in_the_layers_table() -> None:
    rows = layers()
    entries = {layer_of(module, rows) for module in import_graph()}

    assert entries - rows.keys() == set()
    assert rows.keys() - entries == set()


def test_imports_point_down_the_layers() -> None:
    wrong = upward_imports(import_graph(), layers())

    assert not wrong, "imports up or across the layers:\n" + "\n".join(wrong)


def test_the_graph_sees_the_modules_it_must_order() -> None:
    graph = import_graph()

    assert "hookline.agent.turn" in graph["hookline.agent.agent"]  # module level
    assert "hookline.agent.subagent" in graph["hookline.agent.agent"]  # in a method
    assert "hookline.hooks.events" in graph["hookline.agent.guardrails"]
    assert "hookline.events" in graph["hookline"]  # `from hookline import events`
    rows = layers()
    assert rows["cli"] > rows["agent"] > rows["tools"] > rows["hooks.registry"] > rows["errors"]
    assert layer_of("hookline.hooks.events", rows) == "hooks"


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "hookline" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "hookline"


TYPE_CHECKING_IMPORT = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .x import X\n"


@pytest.mark.parametrize(
    ("y_text", "expected"),
    [
        ("from hookline.a.x import X\n", [{"hookline.a.x", "hookline.b.y"}]),
        ("def f():\n    from hookline.a import x\n", [{"hookline.a.x", "hookline.b.y"}]),
        ("from ..a import x\n", [{"hookline.a.x", "hookline.b.y"}]),
        (TYPE_CHECKING_IMPORT.replace(".x", "..a.x"), [{"hookline.a.x", "hookline.b.y"}]),
        ("from hookline.a import X\n", []),  # the package's __init__, not x
        ("import hookline.c\n", []),
    ],
    ids=["module-level", "function-level", "relative", "type-checking", "package", "none"],
)
def test_a_circle_is_found_through_every_kind_of_import(
    tmp_path: Path, y_text: str, expected: list[set[str]]
) -> None:
    root = write(
        tmp_path,
        {
            "__init__.py": "",
            "a/__init__.py": "",
            "a/x.py": "from hookline.b import y\n",
            "b/__init__.py": "",
            "b/y.py": y_text,
            "c.py": "",
        },
    )
    graph = import_graph(root)

    assert cycles(graph) == [frozenset(component) for component in expected]
    if expected:
        assert "hookline.a.x -> hookline.b.y: hookline/a/x.py:1" in describe(
            cycles(graph)[0], graph
        )


def test_a_longer_circle_is_one_component(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "from hookline import b\n",
            "b.py": "from hookline import c\n",
            "c.py": "from hookline import a\nfrom hookline import d\n",
            "d.py": "",
        },
    )

    assert cycles(import_graph(root)) == [frozenset({"hookline.a", "hookline.b", "hookline.c"})]


def test_an_import_up_or_across_the_layers_fails(tmp_path: Path) -> None:
    page = tmp_path / "architecture.md"
    page.write_text(
        "## Packages and their dependencies\n\n```\n"
        "top             the top\nmid, side       middle\nbase            bottom\n```\n",
        encoding="utf-8",
    )
    root = write(
        tmp_path,
        {
            "__init__.py": "",
            "top.py": "from hookline import mid\n",
            "mid.py": "from hookline import base\nfrom hookline import side\n",
            "side.py": "",
            "base.py": "from hookline import top\n",
        },
    )

    rows = layers(page)

    assert rows == {"top": 2, "mid": 1, "side": 1, "base": 0}
    assert upward_imports(import_graph(root), rows) == [
        "base -> top: hookline.base -> hookline.top (hookline/base.py:1)",
        "mid -> side: hookline.mid -> hookline.side (hookline/mid.py:2)",
    ]
