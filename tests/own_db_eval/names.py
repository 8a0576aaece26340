"""The eval databases' names src may not know: finding them and looking for them in src."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from own_db.questions import QUESTIONS

from tests.own_db_eval import ROOT


def distinctive_names(*databases: str) -> set[str]:
    """Names of the eval databases that no English text contains: camelCase or PascalCase
    identifiers, snake_case ones, and multi-word values (from the docs and the gold SQL)."""
    text = "\n".join((ROOT / "benchmarks/own_db" / f"{n}.md").read_text() for n in databases)
    text += "\n".join(q.gold_sql or "" for n in databases for q in QUESTIONS[n])
    names = set(re.findall(r"\b[A-Za-z]+[a-z][A-Z][A-Za-z]*\b", text))  # playerID, HallOfFame
    names |= set(re.findall(r"\b[a-z]+_[a-z_]+\b", text))  # dep_delay
    names |= {v for v in re.findall(r"= '([^']+)'", text) if " " in v or "/" in v or "-" in v}
    return names


def mentioned(names: set[str], source: str) -> list[str]:
    return sorted(n for n in names if re.search(rf"(?<![\w]){re.escape(n)}(?![\w])", source))


def code_only(path: Path) -> str:
    """A module's code without its docstrings and comments (``ast.unparse`` drops those)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        docstring = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
        if docstring and isinstance(body, list) and isinstance(body[0].value.value, str):
            body[0] = ast.Pass()
    return ast.unparse(tree)
