"""Embedder: the optional text-to-vector function behind vector similarity search."""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

__all__ = ["Embedder", "cosine", "pack_vector", "unpack_vector"]


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into vectors of one fixed dimension; similar texts, similar vectors.

    ``embed`` is synchronous (CPU-bound models are); the memory calls it in a
    worker thread so it never blocks the event loop.  See docs/persistence.md
    for an offline MiniLM embedder that needs no torch.

    Example::

        class HashEmbedder:
            def embed(self, texts: Sequence[str]) -> list[list[float]]:
                return [[float(hash(w) % 7) for w in t.split()[:8]] + [0.0] * 8 for t in texts]

        memory = SqliteAgentMemory("memory.db", embedder=HashEmbedder())
    """

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text, in order."""
        ...


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    """Cosine similarity; 0.0 when either vector is zero or their sizes differ."""
    if len(a) != len(b):
        return 0.0
    dot = math.fsum(x * y for x, y in zip(a, b, strict=True))
    norm = math.sqrt(math.fsum(x * x for x in a)) * math.sqrt(math.fsum(y * y for y in b))
    return dot / norm if norm else 0.0


def pack_vector(vector: Sequence[float]) -> bytes:
    """A vector as compact bytes (float32) for a BLOB column."""
    return array("f", vector).tobytes()


def unpack_vector(data: bytes) -> list[float]:
    """The inverse of ``pack_vector``."""
    values = array("f")
    values.frombytes(data)
    return values.tolist()
