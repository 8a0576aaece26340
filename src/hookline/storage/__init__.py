"""Conversation storage and shared state: the contracts, the models and the stores.

``SqliteConversationStore`` (the default), ``MemoryConversationStore`` (tests)
and ``PostgresConversationStore`` (many processes) keep conversations;
``CounterStore`` / ``CacheStore`` keep call counts and cached responses, in
process or in Redis.  The stores and the counter and cache contracts are
imported on first access (the ``Agent`` needs only ``ConversationStore`` and
the in-memory store), so ``import hookline`` loads neither aiosqlite, asyncpg
nor redis.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hookline._lazy import load
from hookline.storage.base import ConversationStore
from hookline.storage.ledger import LedgerEntry, LedgerState
from hookline.storage.memory import MemoryConversationStore
from hookline.storage.models import (
    Conversation,
    Message,
    new_conversation_id,
    validate_conversation_id,
)

if TYPE_CHECKING:
    from hookline.storage.cache import CacheStore, CacheValue, MemoryCacheStore
    from hookline.storage.counters import CounterStore, MemoryCounterStore
    from hookline.storage.migrations import SchemaTooNewError
    from hookline.storage.postgres import PostgresConversationStore
    from hookline.storage.redis import RedisCacheStore, RedisCounterStore
    from hookline.storage.sqlite import SqliteConversationStore

__all__ = [
    "CacheStore",
    "CacheValue",
    "Conversation",
    "ConversationStore",
    "CounterStore",
    "LedgerEntry",
    "LedgerState",
    "MemoryCacheStore",
    "MemoryConversationStore",
    "MemoryCounterStore",
    "Message",
    "PostgresConversationStore",
    "RedisCacheStore",
    "RedisCounterStore",
    "SchemaTooNewError",
    "SqliteConversationStore",
    "new_conversation_id",
    "validate_conversation_id",
]

_LAZY = {  # what the Agent does not need (and aiosqlite, asyncpg, redis) loads on first use
    "CacheStore": "hookline.storage.cache",
    "CacheValue": "hookline.storage.cache",
    "CounterStore": "hookline.storage.counters",
    "MemoryCacheStore": "hookline.storage.cache",
    "MemoryCounterStore": "hookline.storage.counters",
    "PostgresConversationStore": "hookline.storage.postgres",
    "RedisCacheStore": "hookline.storage.redis",
    "RedisCounterStore": "hookline.storage.redis",
    "SchemaTooNewError": "hookline.storage.migrations",
    "SqliteConversationStore": "hookline.storage.sqlite",
}


def __getattr__(name: str) -> Any:
    return load(__name__, _LAZY, name)
