"""Loading functions from a workflow's Python files: fresh each time, never cached.

Each file is compiled from its source and executed as a new module object
(no bytecode cache is read or written, so an edit is always seen).  The
module is in ``sys.modules`` only while it executes (so dataclasses and the
like work) and is removed afterwards: loading the same workflow again picks
up edited files.
"""

from __future__ import annotations

import importlib.util
import inspect
import itertools
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from hookline.workflows.paths import Where

__all__ = ["ModuleLoader"]

_counter = itertools.count(1)


class ModuleLoader:
    """Loads each file once per loader (one ``from_directory`` call), fresh every time.

    Example::

        loader = ModuleLoader()
        where = Where("tools.json", "lifecycle_tools", 0)
        function = loader.function(path, "initialize", where.at("file"), where.at("function"))
    """

    def __init__(self) -> None:
        self._modules: dict[Path, ModuleType] = {}

    def function(
        self, path: Path, name: str, file_where: Where, function_where: Where
    ) -> Callable[..., Any]:
        """The callable ``name`` defined in ``path``; errors name the declaring field."""
        module = self.module(path, file_where)
        value = getattr(module, name, None)
        if value is None:
            raise function_where.error(f"no function {name!r} in {path.name}")
        if not callable(value) or inspect.isclass(value):
            raise function_where.error(f"{name!r} in {path.name} is not a function")
        return value  # type: ignore[no-any-return]

    def module(self, path: Path, where: Where) -> ModuleType:
        module = self._modules.get(path)
        if module is None:
            module = _execute(path, where)
            self._modules[path] = module
        return module


def _execute(path: Path, where: Where) -> ModuleType:
    """Compile the source and run it in a new module: no bytecode cache is read or written."""
    name = f"_hookline_workflow_{next(_counter)}_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None:
        raise where.error(f"cannot load {path.name} as Python")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        code = compile(path.read_bytes(), str(path), "exec", dont_inherit=True)
        exec(code, module.__dict__)  # the workflow's own tool file, like an import
    except Exception as error:
        problem = f"{type(error).__name__}: {error}"
        raise where.error(f"importing {path.name} failed: {problem}") from error
    finally:
        sys.modules.pop(name, None)
    return module
