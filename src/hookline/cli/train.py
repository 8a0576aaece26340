"""``hookline train``: teach the agent about one database, kept for that database only.

Pairs (``--question``/``--sql``, ``--from FILE``): each pair's SQL is run first,
read-only, on the database: a pair whose SQL fails or is refused is not added.
Documents (``--doc FILE``, Markdown or YAML): the raw text is kept; the model reads it
after the schema.  ``--list`` shows what the database has, ``--remove ID`` drops one.
Everything is keyed to the database (``hookline.sql.training``): ``--db`` names it,
the sample database by default.  ``--from FILE`` takes the JSON Lines that ``hookline
logs export`` writes (the questions the agent answered, with their SQL).
"""

from __future__ import annotations

import asyncio
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from hookline.sql import create_sql_runner, default_data_dir, ensure_sample_database
from hookline.sql.examples import SqlExample, SqlExamples
from hookline.sql.guard import SqlNotAllowedError
from hookline.sql.runner import SqlExecutionError, SqlRunner
from hookline.sql.training import TrainingDoc, TrainingStore, schema_hash
from hookline.tools.builtin.sql import run_query

__all__ = [
    "Training",
    "add_doc",
    "format_training",
    "list_training",
    "read_doc",
    "read_pairs",
    "remove",
    "run_train",
    "train",
]

MAX_DOC_BYTES = 64_000
"""A document is at most this long (it goes into the model's prompt, in part)."""
LEGACY_EXAMPLES = "examples.jsonl"
"""Where pairs were kept before they were keyed to a database (no longer read)."""


def read_pairs(path: Path) -> list[SqlExample]:
    """The pairs of a JSON Lines file of ``{"question": ..., "sql": ...}`` objects."""
    pairs = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            pairs.append(SqlExample(str(record["question"]), str(record["sql"])))
        except (ValueError, KeyError, TypeError) as error:
            raise ValueError(f"{path}, line {number}: not a question/sql pair ({error})") from None
    return pairs


def read_doc(path: Path) -> str:
    """A document's text: UTF-8, not empty, at most ``MAX_DOC_BYTES``; a ``.yaml``/``.yml``
    file must hold a mapping (``tables:``, ``synonyms:``).  ``ValueError`` says why not."""
    data = path.read_bytes()
    if len(data) > MAX_DOC_BYTES:
        raise ValueError(f"{path}: {len(data):,} bytes; a document is at most {MAX_DOC_BYTES:,}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not UTF-8 text (Markdown or YAML)") from None
    if not text.strip():
        raise ValueError(f"{path}: the document is empty")
    if path.suffix.lower() in (".yaml", ".yml"):
        _check_yaml(path, text)
    return text


def _check_yaml(path: Path, text: str) -> None:
    try:
        import yaml  # type: ignore[import-untyped,unused-ignore]
    except ImportError:  # pragma: no cover - PyYAML comes with the dev and sql extras
        return
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise ValueError(f"{path}: not valid YAML ({error})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a YAML document must be a mapping (tables:, synonyms:)")


@dataclass(kw_only=True)
class Training:
    """What ``--list`` shows: the database, its pairs and documents, the schema now and
    when last trained, the pairs shipped with it, and an old unkeyed pairs file."""

    database: str
    pairs: list[SqlExample]
    docs: list[TrainingDoc]
    schema: str
    trained_schema: str | None
    shipped: int
    legacy: Path | None


async def train(
    pairs: list[SqlExample], db: str | None, data_dir: Path | None = None
) -> tuple[int, list[str]]:
    """Add the pairs whose SQL runs; (how many were added, why the others were not)."""
    store, runner = _open(db, data_dir)
    refused: list[str] = []
    try:
        schema = schema_hash(await runner.describe())
        for pair in pairs:
            try:
                await run_query(runner, pair.sql, max_rows=1)
            except (SqlNotAllowedError, SqlExecutionError) as error:
                refused.append(f"{pair.question!r}: {error}")
                continue
            store.add_pair(pair.question, pair.sql, schema=schema)
    finally:
        await runner.close()
    return len(pairs) - len(refused), refused


async def add_doc(path: Path, db: str | None, data_dir: Path | None = None) -> TrainingDoc:
    """Keep the document at ``path`` for the database (``read_doc`` checks it first)."""
    text = read_doc(path)
    store, runner = _open(db, data_dir)
    try:
        schema = schema_hash(await runner.describe())
    finally:
        await runner.close()
    return store.add_doc(path.name, text, schema=schema)


async def list_training(db: str | None, data_dir: Path | None = None) -> Training:
    """The database's pairs and documents, for ``--list``."""
    store, runner = _open(db, data_dir)
    try:
        schema = schema_hash(await runner.describe())
    finally:
        await runner.close()
    legacy = (data_dir or default_data_dir()) / LEGACY_EXAMPLES
    return Training(
        database=store.database,
        pairs=store.examples().pairs,
        docs=store.docs(),
        schema=schema,
        trained_schema=store.trained_schema(),
        shipped=len(SqlExamples.sample().pairs) if db is None else 0,
        legacy=legacy if legacy.exists() else None,
    )


def remove(item_id: str, db: str | None, data_dir: Path | None = None) -> str | None:
    """Drop a pair or document of the database by id; what was dropped, in words."""
    store = TrainingStore.open(data_dir or default_data_dir(), _url(db, data_dir))
    removed = store.remove(item_id)
    if isinstance(removed, SqlExample):
        return f"pair {removed.id}: {removed.question}"
    return f"document {removed.id}: {removed.name}" if removed is not None else None


def _url(db: str | None, data_dir: Path | None) -> str:
    folder = data_dir or default_data_dir()
    return db if db is not None else str(folder / "sample.sqlite3")


def _open(db: str | None, data_dir: Path | None) -> tuple[TrainingStore, SqlRunner]:
    folder = data_dir or default_data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    url = db if db is not None else str(ensure_sample_database(folder / "sample.sqlite3"))
    return TrainingStore.open(folder, url), create_sql_runner(url)


def format_training(training: Training) -> str:
    """``--list``'s text: the database, then one line per pair and per document."""
    lines = [f"Training for {training.database} (schema {training.schema})"]
    if training.trained_schema not in (None, training.schema):
        lines.append(
            f"  The schema changed since the last training ({training.trained_schema}): "
            "check that the pairs still hold."
        )
    for pair in training.pairs:
        lines.append(f"  {pair.id}  pair      {pair.question}  ->  {_one_line(pair.sql)}")
    for doc in training.docs:
        lines.append(f"  {doc.id}  document  {doc.name} ({len(doc.text.splitlines())} lines)")
    if not training.pairs and not training.docs:
        lines.append(
            "  Nothing yet: add pairs with --question/--sql or --from, documents with --doc."
        )
    if training.shipped:
        lines.append(f"  (and {training.shipped} pairs shipped with the sample database)")
    if training.legacy is not None:
        lines.append(
            f"  {training.legacy} holds pairs from before they were kept per database; it is "
            f"no longer read: add them with `hookline train --from {training.legacy} --db ...`."
        )
    return "\n".join(lines)


def _one_line(sql: str) -> str:
    return " ".join(sql.split())


def run_train(
    question: str | None,
    sql: str | None,
    pairs_file: Path | None,
    doc: Path | None,
    list_all: bool,
    remove_id: str | None,
    db: str | None,
) -> int:
    """The ``hookline train`` command: does what the options ask; its exit code."""
    adds = question is not None or sql is not None or pairs_file is not None
    if sum([adds, doc is not None, list_all, remove_id is not None]) != 1 or (
        (question is None) != (sql is None)
    ):
        _say(
            "Give one of: --question with --sql, --from FILE, --doc FILE, --list, --remove ID.",
            error=True,
        )
        return 2
    try:
        if list_all:
            _say(format_training(asyncio.run(list_training(db))))
            return 0
        if remove_id is not None:
            return _remove(remove_id, db)
        if doc is not None:
            kept = asyncio.run(add_doc(doc, db))
            _say(f"Kept document {kept.id} ({kept.name}) for this database.")
            return 0
        pairs = read_pairs(pairs_file) if pairs_file else []
        pairs += [SqlExample(question, sql)] if question and sql else []
        added, refused = asyncio.run(train(pairs, db))
    except (ValueError, OSError) as exc:
        _say(str(exc), error=True)
        return 2
    for reason in refused:
        _say(f"not added {reason}", error=True)
    _say(f"Added {added} example(s).")
    return 1 if refused else 0


def _remove(item_id: str, db: str | None) -> int:
    removed = remove(item_id, db)
    if removed is None:
        _say(f"No pair or document {item_id!r} for this database (see --list).", error=True)
        return 1
    _say(f"Removed {removed}")
    return 0


def _say(text: str, *, error: bool = False) -> None:
    print(text, file=sys.stderr if error else sys.stdout)
