"""FunctionPolicy: which function calls of a parsed query the guard lets through.

A call is allowed when it is on the dialect's allow-list (``ALLOWED_FUNCTIONS``, plus
the operator's ``allowed``), is not denied (``denied``: names or ``*`` patterns; a
denial wins) and is not qualified by any schema but the built-in one (PostgreSQL's
``pg_catalog``).  Names are compared normalised: lower case unless quoted on
PostgreSQL (where ``"Upper"`` is another function than ``upper``).  A function sqlglot
recognises (``instr``, ``strpos``) is matched by its expression type, learnt by
parsing the allow-list's examples; any other by its name.

Example::

    policy = FunctionPolicy.build("postgres", allowed=("my_udf",), denied=())
    policy.refusal(sqlglot.parse_one("SELECT pg_sleep(1)", read="postgres").expressions[0])
    # 'the function pg_sleep() is not allowed ...'
"""

from __future__ import annotations

import fnmatch
import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import sqlglot
from sqlglot import exp
from sqlglot.errors import ErrorLevel

from hookline.sql.allow_list import ALLOWED_FUNCTIONS, TABLE_FUNCTIONS, function_examples

__all__ = ["FunctionPolicy"]

_BUILTIN_SCHEMAS = {"postgres": frozenset({"pg_catalog"})}
_CASE_SENSITIVE = frozenset({"postgres"})
_OPERATORS: frozenset[type[exp.Func]] = frozenset(
    node
    for name in ("And", "Or", "Xor", "Not", "Collate", "Paren")
    if isinstance(node := getattr(exp, name, None), type) and issubclass(node, exp.Func)
)  # logical operators sqlglot models as functions
_WHY = (
    "is not allowed by this read-only SQL tool: it calls only built-in aggregate, "
    "arithmetic, string, date/time, cast, window and JSON functions (the allow-list). "
    "Rewrite the query without it."
)


@dataclass(frozen=True, kw_only=True)
class FunctionPolicy:
    """The allowed expression types and names of one dialect, with the operator's changes."""

    dialect: str
    allowed_types: frozenset[type[exp.Func]]
    allowed_names: Callable[[str], bool]
    denied_names: Callable[[str], bool]

    @staticmethod
    def build(
        dialect: str | None, *, allowed: Iterable[str], denied: Iterable[str]
    ) -> FunctionPolicy:
        """The policy for ``dialect`` (cached per argument set)."""
        return _build(
            dialect or "sqlite",
            frozenset(name.lower() for name in allowed),
            frozenset(name.lower() for name in denied),
        )

    def refusal(self, node: exp.Func) -> str | None:
        """Why the call ``node`` is refused, or None when it is allowed."""
        name, anonymous = self._name(node)
        qualifier = _qualifier(node, self.dialect)
        builtin = _BUILTIN_SCHEMAS.get(self.dialect, frozenset())
        shown = f"{qualifier}.{name}" if qualifier and qualifier not in builtin else name
        if shown != name:
            return f"the function {shown}() {_WHY} (A function of a schema is never allowed.)"
        names = {name} if anonymous else {name, *(n.lower() for n in type(node).sql_names())}
        if any(self.denied_names(n) for n in names):
            return f"the function {shown}() {_WHY}"
        if not anonymous and type(node) in self.allowed_types:
            return None
        if any(self.allowed_names(n) for n in names):
            return None
        return f"the function {shown}() {_WHY}"

    def refuses_quoted(self, name: str) -> bool:
        """A quoted name in a call: on PostgreSQL only its exact lower-case spelling counts."""
        if self.dialect not in _CASE_SENSITIVE or name == name.lower():
            return False
        return not self.allowed_names(name)

    def _name(self, node: exp.Func) -> tuple[str, bool]:
        if isinstance(node, exp.Anonymous | exp.AnonymousAggFunc):
            return _normalise(node.this, self.dialect), True
        return node.sql_name().lower(), False


def _normalise(name: object, dialect: str) -> str:
    if isinstance(name, exp.Identifier):
        text = str(name.this)
        return text if name.quoted and dialect in _CASE_SENSITIVE else text.lower()
    return str(name).lower()


def _qualifier(node: exp.Func, dialect: str) -> str | None:
    parent = node.parent
    if isinstance(parent, exp.Dot) and parent.expression is node:
        return ".".join(_normalise(part, dialect) for part in _parts(parent.this))
    if isinstance(parent, exp.Table) and parent.this is node:
        parts = [parent.args.get("catalog"), parent.args.get("db")]
        names = [_normalise(part, dialect) for part in parts if part is not None]
        return ".".join(names) or None
    return None


def _parts(node: exp.Expression) -> list[object]:
    if isinstance(node, exp.Dot):
        return [*_parts(node.this), node.expression]
    if isinstance(node, exp.Column):
        return [part for part in node.parts]
    if isinstance(node, exp.Identifier):
        return [node]
    return [node.sql()]  # a literal or an expression: never a built-in schema


@functools.lru_cache(maxsize=64)
def _build(dialect: str, allowed: frozenset[str], denied: frozenset[str]) -> FunctionPolicy:
    names, types = _learnt(dialect)
    return FunctionPolicy(
        dialect=dialect,
        allowed_types=types,
        allowed_names=_matcher(names | allowed),
        denied_names=_matcher(denied),
    )


@functools.lru_cache(maxsize=8)
def _learnt(dialect: str) -> tuple[frozenset[str], frozenset[type[exp.Func]]]:
    """The names and expression types the allow-list's examples parse to.

    sqlglot picks a type from the arguments too (``date_trunc('month', col)`` is a
    ``TimestampTrunc``, with a date literal a ``DateTrunc``), so each example is also
    parsed with its literals replaced by a column, one at a time and all together.
    """
    names = set(ALLOWED_FUNCTIONS.get(dialect, ALLOWED_FUNCTIONS["sqlite"]))
    types: set[type[exp.Func]] = set(_OPERATORS)
    tables = TABLE_FUNCTIONS.get(dialect, {})
    queries = [f"SELECT {example}" for example in function_examples(dialect).values()]
    queries += [f"SELECT * FROM {example}" for example in tables.values()]
    for query in queries:
        for tree in _variants(sqlglot.parse_one(query, read=dialect), dialect):
            for node in tree.find_all(exp.Func):
                if isinstance(node, exp.Anonymous | exp.AnonymousAggFunc):
                    names.add(_normalise(node.this, dialect))
                else:
                    types.add(type(node))
    return frozenset(names), frozenset(types)


def _variants(tree: exp.Expr, dialect: str) -> list[exp.Expr]:
    """``tree``, and for a recognised function the same call with its literals replaced by
    a column: all of them, and all but the first (a unit such as ``'month'``)."""
    literals = len(list(tree.find_all(exp.Literal)))
    typed = any(not isinstance(f, exp.Anonymous) for f in tree.find_all(exp.Func))
    if not literals or not typed:
        return [tree]
    variants = [tree]
    for keep_first in (False, True) if literals > 1 else (False,):
        copy = tree.copy()
        for position, literal in enumerate(list(copy.find_all(exp.Literal))):
            if keep_first and position == 0:
                continue
            cast = isinstance(literal.parent, exp.Cast) and literal.parent.this is literal
            target = literal.parent if cast and literal.parent is not None else literal
            target.replace(exp.column("x"))
        try:
            text = copy.sql(dialect, unsupported_level=ErrorLevel.IGNORE)
            variants.append(sqlglot.parse_one(text, read=dialect))
        except sqlglot.errors.SqlglotError:
            continue
    return variants


def _matcher(names: frozenset[str]) -> Callable[[str], bool]:
    exact = frozenset(name for name in names if "*" not in name)
    patterns = [fnmatch.translate(name) for name in sorted(names - exact)]
    wildcard = re.compile("|".join(patterns)) if patterns else None
    return lambda name: name in exact or (wildcard is not None and bool(wildcard.match(name)))
