"""The package graph points down only: no two of hookline's top-level packages import each
other, directly or around a loop (docs/architecture.md, shared DESIGN "Package layout").

The graph is read from the source with ``ast``: module-level and function-level imports
both count (a deferred import is still a dependency); imports under ``if TYPE_CHECKING:``
do not (they exist for the type checker only).  A node is a top-level subpackage
(``agent``, ``tools``, ``sql``, ...) or a top-level module (``errors``, ``events``, ...);
the package's own ``hookline/__init__.py`` is the node ``hookline``.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

import hookline

SRC = Path(hookline.__file__).resolve().parent

Edges = dict[str, dict[str, list[str]]]
"""``edges[a][b]``: the imports (``path:line module``) that make package ``a`` use ``b``."""


def node_of(module: str) -> str | None:
    """The graph node of a dotted module name inside hookline, None for other libraries."""
    parts = module.split(".")
    if parts[0] != "hookline":
        return None
    return parts[1] if len(parts) > 1 else "hookline"


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def runtime_imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that runs at some point: skips ``if TYPE_CHECKING:`` bodies."""
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, ast.If) and is_type_checking(child.test):
            for statement in child.orelse:
                yield from runtime_imports(ast.Module(body=[statement], type_ignores=[]))
            continue
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        yield from runtime_imports(child)


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(
    statement: ast.Import | ast.ImportFrom, module: str, is_package: bool
) -> list[str]:
    """The dotted names a statement imports, relative imports resolved."""
    if isinstance(statement, ast.Import):
        return [alias.name for alias in statement.names]
    base = statement.module or ""
    if statement.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        anchor = package[: len(package) - statement.level + 1]
        base = ".".join([*anchor, base] if base else anchor)
    if base == "hookline":  # `from hookline import events` names a submodule
        return [base] + [f"hookline.{alias.name}" for alias in statement.names]
    return [base]


def import_graph(root: Path = SRC) -> Edges:
    """The runtime imports between the top-level packages of the package at ``root``."""
    edges: Edges = {}
    for path in sorted(root.rglob("*.py")):
        module = module_name(path, root)
        source = node_of(module)
        for statement in runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            names = imported_modules(statement, module, path.name == "__init__.py")
            for name in names:
                target = node_of(name)
                if source is None or target is None or target == source:
                    continue
                if target == "hookline" and len(names) > 1:
                    continue  # `from hookline import events`: the submodule is the target
                where = f"{path.relative_to(root.parent)}:{statement.lineno} imports {name}"
                edges.setdefault(source, {}).setdefault(target, []).append(where)
    return edges


def find_cycle(edges: Edges) -> list[str] | None:
    """One cycle of the graph as ``[a, b, ..., a]``, or None."""
    state: dict[str, str] = {}  # "active" while on the DFS stack, "done" after

    def visit(node: str, stack: list[str]) -> list[str] | None:
        state[node] = "active"
        stack.append(node)
        for target in sorted(edges.get(node, {})):
            if state.get(target) == "active":
                return [*stack[stack.index(target) :], target]
            if target not in state and (cycle := visit(target, stack)) is not None:
                return cycle
        stack.pop()
        state[node] = "done"
        return None

    for node in sorted(edges):
        if node not in state and (cycle := visit(node, [])) is not None:
            return cycle
    return None


def describe(cycle: list[str], edges: Edges) -> str:
    lines = [" -> ".join(cycle)]
    for source, target in itertools.pairwise(cycle):
        lines.append(f"  {source} -> {target}:")
        lines.extend(f"    {where}" for where in edges[source][target])
    return "\n".join(lines)


def test_hookline_has_no_package_cycle() -> None:
    edges = import_graph()
    cycle = find_cycle(edges)
    assert cycle is None, "package cycle:\n" + describe(cycle, edges)


def test_the_graph_sees_the_packages_it_must_order() -> None:
    edges = import_graph()
    assert "tools" in edges["agent"]
    assert "sql" in edges["tools"]
    assert "memory" in edges["tools"]
    assert "storage" in edges["memory"]
    assert "tools" not in edges["memory"]  # memory tools live in tools/, memory is below
    assert {"agent", "tools"}.isdisjoint(edges["sql"])  # the database layer is below tools


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "hookline" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "hookline"


@pytest.mark.parametrize(
    ("b_init", "expected"),
    [
        ("from hookline.a.x import X\n", ["a", "b", "a"]),
        ("def f():\n    from hookline.a import x\n", ["a", "b", "a"]),
        ("from .. import a\n", ["a", "b", "a"]),
        (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from hookline.a import X\n",
            None,
        ),
        ("import hookline.c\n", None),
    ],
    ids=["module-level", "function-level", "relative", "type-checking-only", "no-cycle"],
)
def test_a_cycle_is_found_and_type_checking_imports_do_not_count(
    tmp_path: Path, b_init: str, expected: list[str] | None
) -> None:
    root = write(
        tmp_path,
        {
            "__init__.py": "",
            "a/__init__.py": "",
            "a/x.py": "from hookline.b import y\n",
            "b/__init__.py": b_init,
            "b/y.py": "",
            "c.py": "",
        },
    )
    edges = import_graph(root)

    assert find_cycle(edges) == expected
    if expected:
        assert "hookline/a/x.py:1 imports hookline.b" in describe(expected, edges)
