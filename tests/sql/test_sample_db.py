"""The embedded sample database: deterministic, created once, atomically; and runner URLs."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hookline.sql import (
    DuckDbRunner,
    PostgresRunner,
    SqliteRunner,
    create_sql_runner,
    default_data_dir,
    ensure_sample_database,
    sample_database_checksum,
)
from hookline.sql.sample_db import SAMPLE_DB_VERSION

# Pinned: a change to the generator must be deliberate (and bump SAMPLE_DB_VERSION).
CHECKSUM = "5dc8149586e47136db24f382664e559d5e2ef6afd789e7f5e3c709c5c089897e"


def test_generation_is_deterministic(tmp_path: Path, sample_db: Path) -> None:
    again = ensure_sample_database(tmp_path / "again.sqlite3")
    assert sample_database_checksum(again) == sample_database_checksum(sample_db) == CHECKSUM


def test_contents(sample_db: Path) -> None:
    with sqlite3.connect(sample_db) as connection:
        counts = {
            table: connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in ("customers", "products", "orders", "order_items")
        }
        assert counts == {"customers": 400, "products": 60, "orders": 2000, "order_items": 5018}
        assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SAMPLE_DB_VERSION
        first, last = connection.execute(
            "SELECT min(order_date), max(order_date) FROM orders"
        ).fetchone()
        assert (first[:4], last[:4]) == ("2023", "2024")


def test_existing_file_is_kept(tmp_path: Path) -> None:
    path = ensure_sample_database(tmp_path / "s.sqlite3")
    stamp = path.stat().st_mtime_ns
    assert ensure_sample_database(path) == path
    assert path.stat().st_mtime_ns == stamp
    assert [p.name for p in tmp_path.iterdir()] == ["s.sqlite3"]  # no temporary file left


@pytest.mark.parametrize(
    "content",
    [pytest.param(b"not a database", id="garbage"), pytest.param(None, id="old-version")],
)
def test_outdated_or_broken_file_is_rebuilt(tmp_path: Path, content: bytes | None) -> None:
    path = tmp_path / "s.sqlite3"
    if content is None:
        with sqlite3.connect(path) as connection:
            connection.execute("CREATE TABLE customers (id INTEGER)")
            connection.execute("PRAGMA user_version = 0")
    else:
        path.write_bytes(content)
    ensure_sample_database(path)
    assert sample_database_checksum(path) == CHECKSUM


def test_data_dir_override(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOOKLINE_DATA_DIR", str(tmp_path / "data"))
    assert default_data_dir() == tmp_path / "data"
    assert ensure_sample_database() == tmp_path / "data" / "sample.sqlite3"
    assert (tmp_path / "data" / "sample.sqlite3").is_file()


def test_xdg_data_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("HOOKLINE_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_data_dir() == tmp_path / "hookline"


async def test_default_runner_is_the_sample_database(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HOOKLINE_DATA_DIR", str(tmp_path))
    runner = create_sql_runner(None)
    assert isinstance(runner, SqliteRunner)
    assert runner.path == tmp_path / "sample.sqlite3"
    result = await runner.run("SELECT count(*) FROM customers", max_rows=1, timeout_s=5)
    assert result.rows == [(400,)]


@pytest.mark.parametrize(
    ("url", "kind", "target"),
    [
        pytest.param("sqlite:///shop.db", SqliteRunner, "shop.db", id="sqlite-relative"),
        pytest.param("sqlite:////srv/shop.db", SqliteRunner, "/srv/shop.db", id="sqlite-absolute"),
        pytest.param("/srv/shop.sqlite3", SqliteRunner, "/srv/shop.sqlite3", id="plain-path"),
        pytest.param("duckdb:////srv/w.duckdb", DuckDbRunner, "/srv/w.duckdb", id="duckdb-url"),
        pytest.param("w.duckdb", DuckDbRunner, "w.duckdb", id="duckdb-path"),
        pytest.param("postgresql://u@h/db", PostgresRunner, None, id="postgresql"),
        pytest.param("postgres://u@h/db", PostgresRunner, None, id="postgres"),
    ],
)
def test_runner_from_url(url: str, kind: type, target: str | None) -> None:
    runner = create_sql_runner(url)
    assert type(runner) is kind
    if target is not None:
        assert str(getattr(runner, "path", "")) == target


def test_unknown_url_scheme() -> None:
    with pytest.raises(ValueError, match="Unsupported database URL"):
        create_sql_runner("mysql://u@h/db")
