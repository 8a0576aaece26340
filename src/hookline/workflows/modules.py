"""Loading functions from a workflow's Python files: fresh each time, never cached.

Each file is imported as a new module under a unique name
(``importlib.util.spec_from_file_location`` / ``module_from_spec`` /
``exec_module``), so its tracebacks name the file and line.  Its code is compiled
from the source every time (no bytecode cache is read or written, so an edit is
always seen).  The module is in ``sys.modules`` only while it executes (so
dataclasses and the like work) and is removed afterwards: loading the same
workflow again picks up edited files.  Which files may be loaded (inside the
workflow's folder, no symlink out of it) is decided by ``hookline.workflows.paths``
before a path gets here.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import inspect
import itertools
import sys
from collections.abc import Callable
from pathlib import Path
from types import CodeType, ModuleType
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


class _FreshSourceLoader(importlib.machinery.SourceFileLoader):
    """A source loader that compiles the file every time: no ``__pycache__`` read or written."""

    def get_code(self, fullname: str) -> CodeType:
        path = self.get_filename(fullname)
        return self.source_to_code(self.get_data(path), path)


def _execute(path: Path, where: Where) -> ModuleType:
    """Import ``path`` as a new module with a unique name, then forget the name."""
    name = f"_hookline_workflow_{next(_counter)}_{path.stem}"
    spec = importlib.util.spec_from_file_location(
        name, path, loader=_FreshSourceLoader(name, str(path))
    )
    if spec is None or spec.loader is None:
        raise where.error(f"cannot load {path.name} as Python")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as error:
        problem = f"{type(error).__name__}: {error}"
        raise where.error(f"importing {path.name} failed: {problem}") from error
    finally:
        sys.modules.pop(name, None)
    return module
