"""The exact install line for a missing optional dependency (an extra of hookline).

``hookline serve`` without the server's packages, or any command that meets a missing
optional module, prints this line and exits with 2 instead of a traceback.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Iterable
from pathlib import Path

__all__ = ["EXTRA_OF", "SERVER_MODULES", "install_line", "missing"]

SERVER_MODULES = ("fastapi", "uvicorn", "jwt", "prometheus_client", "jsonschema")
"""What ``hookline serve`` imports from the ``server`` extra."""
EXTRA_OF = {
    **dict.fromkeys(SERVER_MODULES, "server"),
    "starlette": "server",
    "xllamacpp": "local",
    "openai": "openai",
    "anthropic": "anthropic",
    "asyncpg": "postgres",
    "duckdb": "duckdb",
    "redis": "redis",
    "dbos": "dbos",
    "mcp": "mcp",
    "altair": "charts",
    "opentelemetry": "otel",
    "numpy": "minilm",
}
"""The extra that brings each optional top-level module."""


def missing(modules: Iterable[str]) -> list[str]:
    """The modules of ``modules`` that are not installed (found, not imported)."""
    return [name for name in modules if importlib.util.find_spec(name) is None]


def install_line(extra: str) -> str:
    """The command that installs ``extra`` into the running environment: ``pip install -e``
    of this checkout when hookline runs from one (as ``./scripts/chat`` installs it),
    else ``hookline[extra]``.

    Example::

        install_line("server")  # ".venv/bin/python -m pip install -e '.[server]'"
    """
    python = _short(Path(sys.executable))
    root = Path(__file__).resolve().parents[3]
    if (root / "pyproject.toml").is_file() and (root / "src" / "hookline").is_dir():
        return f"{python} -m pip install -e '{_short(root)}[{extra}]'"
    return f"{python} -m pip install 'hookline[{extra}]'"


def _short(path: Path) -> str:
    """``path`` relative to the working directory when it is inside it."""
    try:
        relative = path.relative_to(Path.cwd())
    except ValueError:
        return str(path)
    text = str(relative)
    return "." if text == "." else (text if os.sep in text else f"./{text}")
