"""Fixtures for the SQL layer and the tools on it: the sample database and runners over it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hookline.sql import SqliteRunner, ensure_sample_database


@pytest.fixture(scope="session")
def sample_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample database, built once per test session (read-only use)."""
    return ensure_sample_database(tmp_path_factory.mktemp("hookline-data") / "sample.sqlite3")


@pytest.fixture
def sample_runner(sample_db: Path) -> SqliteRunner:
    return SqliteRunner(sample_db)


@pytest.fixture
def sample_copy(sample_db: Path, tmp_path: Path) -> Path:
    """A private copy of the sample database, for tests that try to change it."""
    copy = tmp_path / "copy.sqlite3"
    shutil.copyfile(sample_db, copy)
    return copy
