"""Names a package imports on first use (PEP 562), so that importing it stays cheap.

A package lists the names in a ``{name: module}`` map and forwards its module
``__getattr__`` here; the value is imported once, then cached in the package.

Example::

    _LAZY = {"OpenAILlmService": "hookline.llm.openai"}


    def __getattr__(name: str) -> Any:
        return load(__name__, _LAZY, name)
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from importlib import import_module
from typing import Any

__all__ = ["load"]


def load(package: str, names: Mapping[str, str], name: str) -> Any:
    """``names[name]``'s value, imported now and cached in ``package``."""
    module = names.get(name)
    if module is None:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    setattr(sys.modules[package], name, value)
    return value
