"""create_sql_runner: a runner from a URL or path (what ``--db URL`` is made of)."""

from __future__ import annotations

from pathlib import Path

from hookline.sql.runner import SqlRunner
from hookline.sql.sample_db import ensure_sample_database

__all__ = ["create_sql_runner"]


def create_sql_runner(
    url: str | Path | None = None, *, allow_privileged_role: bool = False
) -> SqlRunner:
    """A runner for ``url``; None means the embedded sample database (created if needed).

    ``allow_privileged_role`` lets a PostgreSQL runner use a superuser or a role that
    reaches server files (see ``PostgresRunner``; refused by default).

    Accepted: ``sqlite:///relative.db`` / ``sqlite:////absolute.db`` (as in
    SQLAlchemy) or a plain path, ``duckdb:///path`` (or a path ending in
    .duckdb), ``postgresql://...`` / ``postgres://...``.

    Example::

        runner = create_sql_runner(os.environ.get("HOOKLINE_DB"))
    """
    from hookline.sql.sqlite_runner import SqliteRunner

    if url is None:
        return SqliteRunner(ensure_sample_database())
    text = str(url)
    if text.startswith(("postgresql://", "postgres://")):
        from hookline.sql.postgres_runner import PostgresRunner

        return PostgresRunner(text, allow_privileged_role=allow_privileged_role)
    if text.startswith("duckdb://") or text.endswith(".duckdb"):
        from hookline.sql.duckdb_runner import DuckDbRunner

        return DuckDbRunner(_strip_scheme(text, "duckdb://"))
    if text.startswith("sqlite://") or "://" not in text:
        return SqliteRunner(_strip_scheme(text, "sqlite://"))
    raise ValueError(
        f"Unsupported database URL {text!r}: use sqlite:///path, duckdb:///path or "
        "postgresql://user@host/db."
    )


def _strip_scheme(text: str, scheme: str) -> str:
    if not text.startswith(scheme):
        return text
    rest = text[len(scheme) :]
    return rest[1:] if rest.startswith("/") else rest  # SQLAlchemy: 3 slashes relative, 4 absolute
