"""The safe condition format used by ``when`` and ``terminate_when``."""

from __future__ import annotations

from typing import Any

import pytest

from hookline.workflows import ConditionError, parse_condition

DATA = {"stage": "review", "count": 3, "flag": False, "order": {"status": "paid"}, "none": None}

CASES = [
    ({"var": "stage", "equals": "review"}, True),
    ({"var": "stage", "equals": "draft"}, False),
    ({"var": "missing", "equals": None}, False),
    ({"var": "none", "equals": None}, True),
    ({"var": "stage", "not_equals": "draft"}, True),
    ({"var": "missing", "not_equals": "x"}, True),
    ({"var": "stage", "in": ["draft", "review"]}, True),
    ({"var": "missing", "in": [None]}, False),
    ({"var": "count"}, True),
    ({"var": "flag"}, False),
    ({"var": "missing"}, False),
    ({"var": "flag", "truthy": False}, True),
    ({"var": "missing", "exists": False}, True),
    ({"var": "flag", "exists": True}, True),
    ({"var": "count", "gt": 2}, True),
    ({"var": "count", "gte": 3.0}, True),
    ({"var": "count", "lt": 3}, False),
    ({"var": "count", "lte": 3}, True),
    ({"var": "stage", "gt": 1}, False),
    ({"var": "flag", "lt": 1}, False),
    ({"var": "order.status", "equals": "paid"}, True),
    ({"var": "order.missing.deeper", "exists": True}, False),
    ({"all": [{"var": "count", "gt": 1}, {"var": "stage", "equals": "review"}]}, True),
    ({"all": [{"var": "count", "gt": 1}, {"var": "flag"}]}, False),
    ({"any": [{"var": "flag"}, {"var": "count", "equals": 3}]}, True),
    ({"not": {"var": "flag"}}, True),
]


@pytest.mark.parametrize(("source", "expected"), CASES, ids=[str(c[0]) for c in CASES])
def test_conditions_evaluate(source: dict[str, Any], expected: bool) -> None:
    assert parse_condition(source).evaluate(DATA) is expected


ERRORS = [
    ("x", "", "must be an object"),
    ({}, "", 'needs "var"'),
    ({"var": ""}, "var", "non-empty string"),
    ({"var": "a", "equals": 1, "in": [1]}, "", "use one comparison"),
    ({"var": "a", "matches": "x"}, "", "unknown key 'matches'"),
    ({"var": "a", "in": "abc"}, "in", "must be an array"),
    ({"var": "a", "exists": "yes"}, "exists", "must be true or false"),
    ({"var": "a", "gt": True}, "gt", "must be a number"),
    ({"all": []}, "all", "non-empty array"),
    ({"all": [{"var": "a"}, {"vr": "b"}]}, "all[1]", 'needs "var"'),
    ({"not": {"any": [{"var": "a", "lt": "1"}]}}, "not.any[0].lt", "must be a number"),
    ({"all": [{"var": "a"}], "var": "b"}, "", "must be the only key"),
]


@pytest.mark.parametrize(("source", "path", "message"), ERRORS, ids=[str(e[0]) for e in ERRORS])
def test_malformed_conditions_name_the_path(source: Any, path: str, message: str) -> None:
    with pytest.raises(ConditionError) as caught:
        parse_condition(source)
    assert caught.value.path == path
    assert message in str(caught.value)


def test_nothing_is_evaluated_as_code() -> None:
    condition = parse_condition({"var": "__import__('os').system('true')", "exists": True})
    assert condition.evaluate({}) is False
