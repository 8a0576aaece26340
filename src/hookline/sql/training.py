"""TrainingStore: the question -> SQL pairs and the documents of one database.

What ``hookline train`` adds is keyed to the database it was added for, so a pair for
one database never reaches the prompts about another.  The key is the database's URL
or path, normalised: credentials, query parameters and the driver suffix are dropped,
the host is lower-cased, PostgreSQL's default port is written out, a file path is made
absolute (``database_key``).  Under ``<data dir>/training/`` each database has a folder
named after its key (a readable part and a hash): ``pairs.jsonl`` (``SqlExamples``),
``docs.jsonl`` (one document a line: id, file name, raw text) and ``database.json``
(the key and the schema's hash when it was last trained).  A schema that changed since
keeps its pairs (a new column does not make them wrong); ``hookline train --list``
says it changed.

Example::

    store = TrainingStore.open(data_dir, "postgresql://bob:secret@db.example/shop")
    store.database                 # 'postgresql://db.example:5432/shop'
    store.add_doc("shop.md", "# orders\\nOne row per order.", schema="3f2a...")
    store.examples().similar("How many orders?")
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from hookline.sql.examples import SqlExample, SqlExamples
from hookline.sql.runner import DatabaseSchema

__all__ = ["TrainingDoc", "TrainingStore", "database_key", "schema_hash"]

TRAINING_DIR = "training"
_POSTGRES_PORT = 5432


def database_key(url: str | Path) -> str:
    """The database's URL or path, normalised, without credentials (see the module doc).

    Example::

        database_key("postgres://bob:pw@DB.example/shop?sslmode=require")
        # 'postgresql://db.example:5432/shop'
    """
    text = str(url).strip()
    if text.startswith(("postgresql://", "postgres://", "postgresql+")):
        parts = urlsplit(text)
        host = (parts.hostname or "localhost").lower()
        return f"postgresql://{host}:{parts.port or _POSTGRES_PORT}{parts.path or '/'}"
    scheme = "duckdb" if text.startswith("duckdb://") or text.endswith(".duckdb") else "sqlite"
    path = re.sub(r"^(sqlite|duckdb)://", "", text)
    if path.startswith("//"):  # four slashes: an absolute path
        path = path[1:]
    elif path.startswith("/") and text.startswith(("sqlite://", "duckdb://")):
        path = path[1:]  # three slashes: relative
    if path in ("", ":memory:"):
        return f"{scheme}://:memory:"
    return f"{scheme}://{Path(path).expanduser().resolve()}"


def schema_hash(schema: DatabaseSchema) -> str:
    """A fingerprint of the tables, columns and their types (12 hex digits)."""
    lines = sorted(
        f"{table.name.lower()}.{column.name.lower()} {column.type.upper()}"
        for table in schema.tables
        for column in table.columns
    )
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:12]


@dataclass(frozen=True, kw_only=True)
class TrainingDoc:
    """A document about the database (``hookline train --doc``): its raw text."""

    id: str
    name: str
    text: str


class TrainingStore:
    """The pairs and documents of the database ``database`` (a ``database_key``), kept in
    ``folder``; open one with ``TrainingStore.open(data_dir, url)``."""

    def __init__(self, folder: Path, database: str) -> None:
        self.folder = folder
        self.database = database

    @classmethod
    def open(cls, data_dir: Path, url: str | Path) -> TrainingStore:
        """The store of the database at ``url`` under ``data_dir`` (created on first add)."""
        database = database_key(url)
        return cls(data_dir / TRAINING_DIR / _folder_name(database), database)

    def examples(self) -> SqlExamples:
        """The pairs, as ``SqlExamples`` whose ``add`` keeps new ones here."""
        return SqlExamples.load(self.folder / "pairs.jsonl")

    def docs(self) -> list[TrainingDoc]:
        """The documents, in the order they were added."""
        path = self.folder / "docs.jsonl"
        if not path.exists():
            return []
        records = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line]
        return [TrainingDoc(id=r["id"], name=r["name"], text=r["text"]) for r in records]

    def add_pair(self, question: str, sql: str, *, schema: str) -> SqlExample:
        """Keep a pair (once) and note the schema it was checked against."""
        self._mark(schema)
        return self.examples().add(question, sql)

    def add_doc(self, name: str, text: str, *, schema: str) -> TrainingDoc:
        """Keep a document's raw text (the same text twice is kept once)."""
        digest = hashlib.sha256(text.encode()).hexdigest()
        doc = TrainingDoc(id="d" + digest[:7], name=name, text=text)
        if all(kept.id != doc.id for kept in self.docs()):
            self._mark(schema)
            with (self.folder / "docs.jsonl").open("a", encoding="utf-8") as file:
                record = {"id": doc.id, "name": doc.name, "text": doc.text}
                file.write(json.dumps(record, ensure_ascii=False) + "\n")
        return doc

    def remove(self, item_id: str) -> SqlExample | TrainingDoc | None:
        """Drop the pair or document ``item_id``; what was dropped, or None."""
        pair = self.examples().remove(item_id)
        if pair is not None:
            return pair
        docs = self.docs()
        found = next((doc for doc in docs if doc.id == item_id), None)
        if found is not None:
            kept = [d for d in docs if d.id != item_id]
            lines = [json.dumps(vars(d), ensure_ascii=False) + "\n" for d in kept]
            (self.folder / "docs.jsonl").write_text("".join(lines), encoding="utf-8")
        return found

    def trained_schema(self) -> str | None:
        """The schema's hash when something was last added, if anything was."""
        path = self.folder / "database.json"
        if not path.exists():
            return None
        return str(json.loads(path.read_text("utf-8")).get("schema") or "") or None

    def _mark(self, schema: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        record = {"database": self.database, "schema": schema}
        (self.folder / "database.json").write_text(json.dumps(record) + "\n", encoding="utf-8")


def _folder_name(database: str) -> str:
    readable = re.sub(r"[^a-z0-9]+", "-", database.lower()).strip("-")[-40:].strip("-")
    return f"{readable}-{hashlib.sha256(database.encode()).hexdigest()[:12]}"
