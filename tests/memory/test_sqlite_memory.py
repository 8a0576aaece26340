"""What only SqliteAgentMemory promises: BM25 ranking, an optional embedder, one shared file."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path

from hookline.memory import Embedder, SqliteAgentMemory
from hookline.storage import SqliteConversationStore
from hookline.tools.context import ToolContext
from hookline.users.models import User

ALICE = ToolContext(user=User(id="alice"), conversation_id="c", request_id="r")

# Three concepts; each word votes for its concept (a stand-in for a real embedding model).
_CONCEPTS = (
    {"customer", "customers", "client", "clients", "buyer", "buyers"},
    {"revenue", "income", "sales", "turnover"},
    {"weather", "rain", "sunny", "forecast"},
)


class ConceptEmbedder:
    """A deterministic embedder that knows synonyms; records the thread it runs on."""

    def __init__(self) -> None:
        self.threads: set[int] = set()
        self.calls: list[list[str]] = []

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.threads.add(threading.get_ident())
        self.calls.append(list(texts))
        return [self._vector(t) for t in texts]

    @staticmethod
    def _vector(text: str) -> list[float]:
        words = text.lower().replace("?", " ").split()
        return [float(sum(w in concept for w in words)) for concept in _CONCEPTS] + [0.1]


async def test_bm25_ranks_a_rare_word_above_a_common_one(tmp_path: Path) -> None:
    memory = SqliteAgentMemory(tmp_path / "m.db")
    rare = await memory.save_text_memory("customers in Paris", ALICE)
    for i in range(6):
        await memory.save_text_memory(f"orders note {i}", ALICE)

    hits = await memory.search_text_memories("customers orders", ALICE)
    await memory.close()

    # every hit shares one word (equal overlap), and newest-first would put "orders note 5"
    # first; BM25's idf weighs the rare "customers" above the common "orders"
    assert hits[0].memory == rare
    assert len(hits) == 7
    assert len({h.similarity_score for h in hits}) == 1


async def test_stemming_matches_other_forms_of_a_word(tmp_path: Path) -> None:
    memory = SqliteAgentMemory(tmp_path / "m.db")
    note = await memory.save_text_memory("Shipping happens on Fridays", ALICE)

    hits = await memory.search_text_memories("when do we ship?", ALICE)
    await memory.close()

    assert [h.memory for h in hits] == [note]


async def test_an_embedder_finds_synonyms_that_share_no_word(tmp_path: Path) -> None:
    embedder = ConceptEmbedder()
    assert isinstance(embedder, Embedder)
    memory = SqliteAgentMemory(tmp_path / "m.db", embedder=embedder)
    clients = await memory.save_tool_usage("top clients by income", "run_sql", {"q": 1}, ALICE)
    await memory.save_tool_usage("forecast for tomorrow", "weather", {}, ALICE)
    note = await memory.save_text_memory("Buyers pay in euros", ALICE)

    tools = await memory.search_similar_usage("best customers revenue", ALICE)
    texts = await memory.search_text_memories("customer", ALICE, similarity_threshold=0.5)
    await memory.close()

    assert [r.memory.memory_id for r in tools][:1] == [clients.memory_id]
    assert tools[0].similarity_score > 0.9 > tools[-1].similarity_score
    assert [r.memory for r in texts] == [note]
    assert threading.get_ident() not in embedder.threads  # never on the event loop
    assert ["best customers revenue"] in embedder.calls


async def test_without_an_embedder_synonyms_are_not_found(tmp_path: Path) -> None:
    memory = SqliteAgentMemory(tmp_path / "m.db")
    await memory.save_tool_usage("top clients by income", "run_sql", {}, ALICE)

    assert await memory.search_similar_usage("best customers revenue", ALICE) == []
    await memory.close()


async def test_memory_and_conversations_share_one_file_and_survive_reopening(
    tmp_path: Path,
) -> None:
    path = tmp_path / "hookline.db"
    store = SqliteConversationStore(path)
    memory = SqliteAgentMemory(path)
    await store.create_conversation(ALICE.user, conversation_id="c1")
    saved = await memory.save_text_memory("remember the alamo", ALICE)
    await memory.close()
    await store.close()

    reopened = SqliteAgentMemory(path)
    assert await reopened.get_recent_text_memories(ALICE) == [saved]
    await reopened.close()
    with closing(sqlite3.connect(path)) as db:
        versions = sorted(db.execute("SELECT component, version FROM schema_version"))
    assert versions == [
        ("conversations", 1),
        ("conversations", 2),
        ("conversations", 3),
        ("memory", 1),
    ]


async def test_deleting_removes_the_full_text_row_too(tmp_path: Path) -> None:
    memory = SqliteAgentMemory(tmp_path / "m.db")
    note = await memory.save_text_memory("transient fact", ALICE)

    await memory.delete_text_memory(ALICE, note.memory_id)
    await memory.close()

    with closing(sqlite3.connect(tmp_path / "m.db")) as db:
        counts = [
            db.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
            for t in ("memory_texts", "memory_texts_fts")
        ]
    assert counts == [0, 0]
