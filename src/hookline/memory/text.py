"""Lexical helpers shared by the memory backends: tokens, queries, overlap scores."""

from __future__ import annotations

import math
import re
import uuid

__all__ = ["fts5_query", "new_memory_id", "overlap_score", "tokens", "tsquery"]

_WORD = re.compile(r"\w+")


def tokens(text: str) -> set[str]:
    """Lower-cased words, with a plain plural ``s`` dropped ("orders" ~ "order")."""
    return {_singular(w) for w in _WORD.findall(text.lower())}


def overlap_score(query: str, document: str) -> float:
    """Cosine of the two token sets: 1.0 for the same words, 0.0 for none in common."""
    q, d = tokens(query), tokens(document)
    if not q or not d:
        return 0.0
    return len(q & d) / math.sqrt(len(q) * len(d))


def fts5_query(text: str) -> str | None:
    """An FTS5 MATCH expression: any of the words, each quoted (no query syntax passes)."""
    words = sorted(set(_WORD.findall(text.lower())))
    return " OR ".join(f'"{w}"' for w in words) or None


def tsquery(text: str) -> str | None:
    """A PostgreSQL ``to_tsquery`` text: any of the words (words only, so no syntax)."""
    words = sorted(set(_WORD.findall(text.lower())))
    return " | ".join(words) or None


def new_memory_id() -> str:
    """A fresh opaque memory id."""
    return uuid.uuid4().hex


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word
