"""The training store's key: one database has one key however its URL is written, no
credentials in it or in the files; two databases never share a folder; the schema hash
follows the schema."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.runner import ColumnInfo, DatabaseSchema, TableInfo
from hookline.sql.training import TrainingStore, database_key, schema_hash


@pytest.mark.parametrize(
    ("url", "key"),
    [
        ("postgresql://bob:s3cret@DB.example.com/shop", "postgresql://db.example.com:5432/shop"),
        ("postgres://alice@db.example.com:5432/shop?sslmode=require", "postgresql://db.example.com:5432/shop"),
        ("postgresql+asyncpg://db.example.com:6543/shop", "postgresql://db.example.com:6543/shop"),
        ("sqlite:////srv/data/shop.db", "sqlite:///srv/data/shop.db"),
        ("/srv/data/shop.db", "sqlite:///srv/data/shop.db"),
        ("duckdb:////srv/data/shop.duckdb", "duckdb:///srv/data/shop.duckdb"),
        ("/srv/data/shop.duckdb", "duckdb:///srv/data/shop.duckdb"),
        (":memory:", "sqlite://:memory:"),
    ],
    ids=["pg-credentials", "pg-alias-query", "pg-driver-port", "sqlite-url", "sqlite-path",
         "duckdb-url", "duckdb-path", "memory"],
)  # fmt: skip
def test_a_url_is_normalised_without_credentials(url: str, key: str) -> None:
    assert database_key(url) == key


def test_relative_paths_are_made_absolute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert database_key("sqlite:///shop.db") == database_key(str(tmp_path / "shop.db"))
    assert database_key("shop.db") == f"sqlite://{tmp_path / 'shop.db'}"


def test_no_secret_is_written_and_two_databases_never_share_a_folder(tmp_path: Path) -> None:
    shop = TrainingStore.open(tmp_path, "postgresql://bob:s3cret@db.example.com/shop")
    same = TrainingStore.open(tmp_path, "postgres://db.example.com:5432/shop")
    other = TrainingStore.open(tmp_path, "postgresql://bob:s3cret@db.example.com/shop2")
    shop.add_pair("How many orders?", "SELECT COUNT(*) FROM orders", schema="abc")
    shop.add_doc("shop.md", "# orders", schema="abc")

    assert same.folder == shop.folder != other.folder
    assert [p.question for p in same.examples().pairs] == ["How many orders?"]
    assert other.examples().pairs == [] and other.docs() == []
    for path in tmp_path.rglob("*"):
        assert "s3cret" not in str(path) and "bob" not in str(path)
        if path.is_file():
            assert "s3cret" not in path.read_text("utf-8")
    assert shop.trained_schema() == "abc"


def test_a_pair_or_document_is_kept_once(tmp_path: Path) -> None:
    store = TrainingStore.open(tmp_path, tmp_path / "x.db")
    first = store.add_pair("Q?", "SELECT 1", schema="-")
    again = store.add_pair(" Q? ", "SELECT 1 ", schema="-")
    store.add_doc("a.md", "# t", schema="-")
    store.add_doc("b.md", "# t", schema="-")
    assert first.id == again.id and len(store.examples().pairs) == 1
    assert [d.name for d in store.docs()] == ["a.md"]


def schema(*columns: tuple[str, str]) -> DatabaseSchema:
    table = TableInfo(name="orders", columns=[ColumnInfo(name=n, type=t) for n, t in columns])
    return DatabaseSchema(dialect="sqlite", tables=[table])


def test_the_schema_hash_follows_the_schema_not_its_order() -> None:
    base = schema(("order_id", "INTEGER"), ("status", "TEXT"))
    assert schema_hash(base) == schema_hash(schema(("status", "text"), ("order_id", "INTEGER")))
    assert schema_hash(base) != schema_hash(schema(("order_id", "INTEGER"), ("status", "INT")))
    assert len(schema_hash(base)) == 12
