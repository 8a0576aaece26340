"""hookline.observability's public names: sorted, importable, the lazy ones included."""

from __future__ import annotations

import hookline.observability as observability
from tests.test_public_api import isort_order


def test_exports_are_sorted_and_resolve() -> None:
    names = list(observability.__all__)
    assert names == isort_order(names)
    for name in names:
        assert getattr(observability, name) is not None, name


def test_an_unknown_name_is_an_attribute_error() -> None:
    assert not hasattr(observability, "NoSuchProvider")
