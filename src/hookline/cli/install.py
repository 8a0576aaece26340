"""The exact install line for a missing optional dependency (an extra of hookline).

``hookline serve`` without the server's packages, or any command that meets a missing
optional module, prints this line and exits with 2 instead of a traceback.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import sys
import urllib.parse
from collections.abc import Iterable
from pathlib import Path

__all__ = ["EXTRA_OF", "SERVER_MODULES", "install_line", "missing", "missing_extra"]

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


def missing_extra(command: str, extra: str, modules: Iterable[str]) -> str | None:
    """What to print when ``command`` needs ``extra`` and some of its ``modules`` are not
    installed (None when they all are).

    Example::

        problem = missing_extra("hookline serve", "server", SERVER_MODULES)
    """
    absent = missing(modules)
    if not absent:
        return None
    return f"{command} needs the {extra} extra ({', '.join(absent)} missing): {install_line(extra)}"


def install_line(extra: str) -> str:
    """The command that installs ``extra`` into the running environment, from where
    hookline came: the folder it was installed from (``pip install -e`` when editable, as
    ``./scripts/chat`` installs it), the checkout it runs from, else ``hookline[extra]``.

    Example::

        install_line("server")  # ".venv/bin/python -m pip install -e '.[server]'"
    """
    python = _short(Path(sys.executable))
    source = _installed_from()
    if source is not None:
        folder, editable = source
        return f"{python} -m pip install {'-e ' if editable else ''}'{_short(folder)}[{extra}]'"
    root = Path(__file__).resolve().parents[3]
    if (root / "pyproject.toml").is_file() and (root / "src" / "hookline").is_dir():
        return f"{python} -m pip install -e '{_short(root)}[{extra}]'"
    return f"{python} -m pip install 'hookline[{extra}]'"


def _installed_from() -> tuple[Path, bool] | None:
    """The local folder hookline was pip-installed from and whether editably (PEP 610's
    ``direct_url.json``), when it was installed from one."""
    try:
        text = importlib.metadata.distribution("hookline").read_text("direct_url.json")
        data = json.loads(text or "null")
    except (importlib.metadata.PackageNotFoundError, ValueError):
        return None
    url = data.get("url", "") if isinstance(data, dict) else ""
    if not url.startswith("file://"):
        return None
    folder = Path(urllib.parse.unquote(urllib.parse.urlparse(url).path))
    editable = bool((data.get("dir_info") or {}).get("editable"))
    return (folder, editable) if (folder / "pyproject.toml").is_file() else None


def _short(path: Path) -> str:
    """``path`` relative to the working directory when it is inside it."""
    try:
        relative = path.relative_to(Path.cwd())
    except ValueError:
        return str(path)
    text = str(relative)
    return "." if text == "." else (text if os.sep in text else f"./{text}")
