"""Conditions on context variables: a small JSON format, parsed once, never ``eval``-ed.

Forms (``var`` is a key of ``context_variables.data``; dots reach into
nested dicts, e.g. ``"order.status"``)::

    {"var": "stage", "equals": "review"}
    {"var": "stage", "not_equals": "done"}
    {"var": "stage", "in": ["draft", "review"]}
    {"var": "approved"}                       # truthy
    {"var": "approved", "truthy": false}      # falsy (or missing)
    {"var": "api_key", "exists": true}
    {"var": "attempts", "gte": 3}             # gt, gte, lt, lte: numbers only
    {"all": [...]}, {"any": [...]}, {"not": {...}}

A missing variable makes every comparison false (``not_equals`` true); a
comparison between a number and anything else is false, never an error.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Condition", "ConditionError", "parse_condition"]

_COMPARISONS = ("equals", "not_equals", "in", "truthy", "exists", "gt", "gte", "lt", "lte")
_MISSING = object()


class ConditionError(ValueError):
    """A condition is malformed; ``path`` says where (e.g. ``all[1].equals``)."""

    def __init__(self, message: str, path: str = "") -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.reason = message


@dataclass(frozen=True, kw_only=True)
class Condition:
    """A parsed condition; ``evaluate(data)`` says whether it holds.

    Example::

        condition = parse_condition({"var": "stage", "equals": "review"})
        assert condition.evaluate({"stage": "review"})
    """

    source: Any
    check: Callable[[Mapping[str, Any]], bool]

    def evaluate(self, data: Mapping[str, Any]) -> bool:
        """True when the condition holds for ``data``."""
        return self.check(data)


def parse_condition(source: Any) -> Condition:
    """Parse the JSON form into a ``Condition``; raises ``ConditionError`` naming the path."""
    return Condition(source=source, check=_parse(source, ""))


def _parse(node: Any, path: str) -> Callable[[Mapping[str, Any]], bool]:
    if not isinstance(node, dict):
        raise ConditionError('must be an object such as {"var": ..., "equals": ...}', path)
    combinators = [key for key in ("all", "any", "not") if key in node]
    if combinators:
        return _parse_combinator(node, combinators, path)
    if "var" not in node:
        raise ConditionError('needs "var" (or "all", "any", "not")', path)
    return _parse_comparison(node, path)


def _parse_combinator(
    node: dict[str, Any], keys: list[str], path: str
) -> Callable[[Mapping[str, Any]], bool]:
    if len(node) != 1:
        raise ConditionError(f'"{keys[0]}" must be the only key of its object', path)
    key = keys[0]
    value = node[key]
    where = _join(path, key)
    if key == "not":
        inner = _parse(value, where)
        return lambda data: not inner(data)
    if not isinstance(value, list) or not value:
        raise ConditionError("must be a non-empty array of conditions", where)
    parts = [_parse(item, f"{where}[{i}]") for i, item in enumerate(value)]
    if key == "all":
        return lambda data: all(part(data) for part in parts)
    return lambda data: any(part(data) for part in parts)


def _parse_comparison(node: dict[str, Any], path: str) -> Callable[[Mapping[str, Any]], bool]:
    name = node["var"]
    if not isinstance(name, str) or not name:
        raise ConditionError("must be a non-empty string", _join(path, "var"))
    unknown = sorted(set(node) - {"var", *_COMPARISONS})
    if unknown:
        raise ConditionError(
            f"unknown key {unknown[0]!r} (use one of {', '.join(_COMPARISONS)})", path
        )
    operators = [key for key in _COMPARISONS if key in node]
    if len(operators) > 1:
        raise ConditionError(f"use one comparison, not {' and '.join(operators)}", path)
    keys = tuple(name.split("."))
    if not operators:
        return lambda data: _truthy(_lookup(data, keys))
    operator = operators[0]
    test = _comparison(operator, node[operator], _join(path, operator))
    return lambda data: test(_lookup(data, keys))


def _comparison(operator: str, expected: Any, path: str) -> Callable[[Any], bool]:
    if operator == "equals":
        return lambda actual: actual is not _MISSING and actual == expected
    if operator == "not_equals":
        return lambda actual: actual is _MISSING or actual != expected
    if operator == "in":
        if not isinstance(expected, list):
            raise ConditionError("must be an array", path)
        return lambda actual: actual is not _MISSING and actual in expected
    if operator in ("truthy", "exists"):
        if not isinstance(expected, bool):
            raise ConditionError("must be true or false", path)
        if operator == "exists":
            return lambda actual: (actual is not _MISSING) == expected
        return lambda actual: _truthy(actual) == expected
    if not _is_number(expected):
        raise ConditionError("must be a number", path)
    return _ordering(operator, float(expected))


def _ordering(operator: str, bound: float) -> Callable[[Any], bool]:
    def test(actual: Any) -> bool:
        if not _is_number(actual):
            return False
        value = float(actual)
        if operator == "gt":
            return value > bound
        if operator == "gte":
            return value >= bound
        if operator == "lt":
            return value < bound
        return value <= bound

    return test


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _lookup(data: Mapping[str, Any], keys: tuple[str, ...]) -> Any:
    current: Any = data
    for key in keys:
        if not isinstance(current, Mapping) or key not in current:
            return _MISSING
        current = current[key]
    return current


def _truthy(value: Any) -> bool:
    return value is not _MISSING and bool(value)


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key
