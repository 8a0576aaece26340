"""Faster construction of the pipeline's keyword-only dataclasses.

``Cls(a=1, b=2)`` on a Python class goes through ``type.__call__``, which
packs the keywords into a dict and unpacks them again for ``__init__``;
calling ``__init__`` directly passes them without a dict.  ``constructor(Cls)``
returns a function taking the same keyword arguments as ``Cls`` that builds
the instance that way, at about two thirds of the cost.  The class's own
``__init__`` runs, so defaults, default factories and frozen fields behave
exactly as with ``Cls(...)``.  Used only where the pipeline builds objects on
every turn (components, events); everywhere else, call the class.

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


def constructor(cls: type[T]) -> Callable[..., T]:
    """A keyword-only function that builds ``cls`` like ``cls(**fields)`` does."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__qualname__} is not a dataclass")
    init: Any = cls.__init__
    code = init.__code__
    names = code.co_varnames[1 : code.co_argcount + code.co_kwonlyargcount]
    if code.co_argcount != 1:  # only keyword-only fields: the pipeline passes keywords
        raise TypeError(f"{cls.__qualname__} has positional fields")
    forwarded = ", ".join(f"{name}={name}" for name in names)
    source = (
        f"def make(*, {', '.join(names)}):\n"
        f"    instance = new(cls)\n"
        f"    init(instance, {forwarded})\n"
        f"    return instance\n"
    )
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, "init": init}
    exec(source, namespace)
    make: Any = namespace["make"]
    make.__kwdefaults__ = init.__kwdefaults__  # the very defaults of cls.__init__
    make.__qualname__ = make.__name__ = f"make_{cls.__name__}"
    make.__doc__ = f"``{cls.__qualname__}(...)`` without the keyword dict."
    return make  # type: ignore[no-any-return]
