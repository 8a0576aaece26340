"""Faster construction of the pipeline's keyword-only dataclasses.

``Cls(a=1, b=2)`` on a Python class goes through ``type.__call__``, which
packs the keywords into a dict, looks ``__init__`` up and unpacks them again.
``constructor(Cls)`` returns a function with the same keyword-only signature
that builds the instance directly: for a plain (not frozen) slots dataclass it
stores the fields itself, the way the dataclass ``__init__`` does (defaults
and default factories included); otherwise it calls ``Cls.__init__`` on a new
instance.  Either way the result equals ``Cls(...)``.  Used only where the
pipeline builds objects on every turn (components, events); everywhere else,
call the class.

Example::

    make_text = constructor(RichTextComponent)
    make_text(content="Hi", delta=True) == RichTextComponent(content="Hi", delta=True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["constructor"]

T = TypeVar("T")

_FACTORY = object()
"""Default of a parameter whose field has a ``default_factory``."""


def constructor(cls: type[T]) -> Callable[..., T]:
    """A keyword-only function that builds ``cls`` like ``cls(**fields)`` does."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__qualname__} is not a dataclass")
    fields = [f for f in dataclasses.fields(cls) if f.init]
    if any(not f.kw_only for f in fields):
        raise TypeError(f"{cls.__qualname__} has positional fields")
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, "FACTORY": _FACTORY}
    signature = ", ".join(_parameter(f, namespace) for f in fields)
    if _stores_fields_itself(cls, fields):
        body = [f"    instance.{f.name} = {_value(f, namespace)}" for f in fields]
    else:  # frozen, __post_init__, init=False fields...: the class's own __init__
        namespace["init"] = cls.__init__
        body = [f"    init(instance, {', '.join(f'{f.name}={f.name}' for f in fields)})"]
    source = "\n".join(
        [f"def make(*, {signature}):", "    instance = new(cls)", *body, "    return instance"]
    )
    exec(source, namespace)
    make: Any = namespace["make"]
    make.__qualname__ = make.__name__ = f"make_{cls.__name__}"
    make.__doc__ = f"``{cls.__qualname__}(...)``, built without ``type.__call__``."
    return make  # type: ignore[no-any-return]


def _stores_fields_itself(cls: type[Any], init_fields: list[dataclasses.Field[Any]]) -> bool:
    """True when the generated ``__init__`` only stores ``init_fields``: a plain dataclass
    with its own generated ``__init__``, no ``__post_init__`` and no ``init=False`` field."""
    params = cls.__dataclass_params__
    every_field_init = len(init_fields) == len(dataclasses.fields(cls))
    return (
        params.init and not params.frozen and every_field_init and not hasattr(cls, "__post_init__")
    )


def _parameter(field: dataclasses.Field[Any], namespace: dict[str, Any]) -> str:
    if field.default is not dataclasses.MISSING:
        namespace[f"default_{field.name}"] = field.default
        return f"{field.name}=default_{field.name}"
    if field.default_factory is not dataclasses.MISSING:
        return f"{field.name}=FACTORY"
    return field.name


def _value(field: dataclasses.Field[Any], namespace: dict[str, Any]) -> str:
    if field.default_factory is dataclasses.MISSING:
        return field.name
    namespace[f"factory_{field.name}"] = field.default_factory
    return f"factory_{field.name}() if {field.name} is FACTORY else {field.name}"
